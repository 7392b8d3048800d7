#include "plaintextdelegate.h"

#include <QPainter>

namespace ksv {

namespace {

Qt::Alignment alignmentOf(const QVariant& value)
{
    // Models return either Qt::Alignment or a plain int (QStyledItemDelegate accepts both).
    if (!value.isValid())
        return Qt::AlignLeft | Qt::AlignVCenter;
    if (value.metaType() == QMetaType::fromType<Qt::Alignment>())
        return value.value<Qt::Alignment>();
    if (value.metaType() == QMetaType::fromType<Qt::AlignmentFlag>())
        return value.value<Qt::AlignmentFlag>();
    return Qt::Alignment(value.toInt());
}

} // namespace

PlainTextDelegate::PlainTextDelegate(QObject* parent)
    : QStyledItemDelegate(parent)
{
}

void PlainTextDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const QPalette::ColorGroup group = !(option.state & QStyle::State_Enabled) ? QPalette::Disabled
        : (option.state & QStyle::State_Active)                              ? QPalette::Normal
                                                                             : QPalette::Inactive;
    const bool selected = option.state & QStyle::State_Selected;
    // The view has drawn the row's (alternating) base already; a selected row is highlighted whole.
    if (selected)
        painter->fillRect(option.rect, option.palette.brush(group, QPalette::Highlight));
    const QVariant display = index.data(Qt::DisplayRole);
    if (!display.isValid())
        return;
    const QString text = displayText(display, option.locale);
    if (text.isEmpty())
        return;
    QColor color = option.palette.color(group, selected ? QPalette::HighlightedText : QPalette::Text);
    if (!selected) {
        const QVariant foreground = index.data(Qt::ForegroundRole);
        if (foreground.canConvert<QBrush>())
            color = foreground.value<QBrush>().color();
    }
    // The style's text margin for item views (QCommonStyle: PM_FocusFrameHMargin + 1 each side).
    const QStyle* style = option.widget ? option.widget->style() : nullptr;
    const int margin = (style ? style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, option.widget) : 2) + 1;
    const QRect rect = option.rect.adjusted(margin, 0, -margin, 0);
    if (rect.width() <= 0)
        return;
    const QStaticText& line = layout(text, rect.width(), option);
    const QSizeF size = line.size();
    const Qt::Alignment alignment = QStyle::visualAlignment(option.direction, alignmentOf(index.data(Qt::TextAlignmentRole)));
    qreal x = rect.left();
    if (alignment & Qt::AlignRight)
        x = rect.right() + 1 - size.width();
    else if (alignment & Qt::AlignHCenter)
        x = rect.left() + (rect.width() - size.width()) / 2;
    const qreal y = rect.top() + (rect.height() - size.height()) / 2;
    painter->setPen(color);
    painter->setFont(option.font);
    painter->drawStaticText(QPointF(x, y), line);
}

const QStaticText& PlainTextDelegate::layout(const QString& text, int width, const QStyleOptionViewItem& option) const
{
    if (option.font != m_font) {
        m_texts.clear();
        m_font = option.font;
    }
    const QString key = QString::number(width) + QLatin1Char(':') + text;
    if (const QStaticText* cached = m_texts.object(key))
        return *cached;
    auto* line = new QStaticText(option.fontMetrics.elidedText(text, option.textElideMode, width));
    line->setTextFormat(Qt::PlainText);
    line->setTextWidth(-1); // one line, never wrapped
    line->prepare(QTransform(), option.font);
    m_texts.insert(key, line);
    return *line;
}

} // namespace ksv
