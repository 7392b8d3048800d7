#include "heatmapcanvas.h"
#include "theme.h"

#include "heatmapview.h"
#include "viewcolors.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QLocale>
#include <QPainter>
#include <QScrollBar>
#include <QStyle>
#include <QToolTip>
#include <QWheelEvent>
#include <cmath>

namespace ksv {

namespace {

constexpr int margin = 6;
constexpr int gradientWidth = 140;

} // namespace

QColor HeatmapCanvas::textOn(const QColor& background)
{
    return 0.299 * background.redF() + 0.587 * background.greenF() + 0.114 * background.blueF() > 0.55
        ? QColor(Qt::black)
        : QColor(Qt::white);
}

HeatmapCanvas::HeatmapCanvas(QWidget* parent)
    : QWidget(parent)
    , m_bar(new QScrollBar(Qt::Vertical, this))
{
    setMinimumSize(320, 200);
    setFocusPolicy(Qt::StrongFocus); // arrows move the selected node (heatmapkeys.cpp)
    m_bar->hide();
    connect(m_bar, &QScrollBar::valueChanged, this, qOverload<>(&QWidget::update));
}

void HeatmapCanvas::setFrame(const HeatmapFrame& frame)
{
    m_frame = frame;
}

// Empty before the view's first frame.
const std::vector<NodeGroup>& HeatmapCanvas::nodeGroups() const
{
    static const std::vector<NodeGroup> none;
    return m_frame.groups ? *m_frame.groups : none;
}

const CycleNodes& HeatmapCanvas::attempt() const
{
    static const CycleNodes none;
    return m_frame.cycle ? *m_frame.cycle : none;
}

QFont HeatmapCanvas::cellFont() const
{
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    return small;
}

void HeatmapCanvas::relayout()
{
    const QRect area = rect().adjusted(margin, margin, -margin, -margin);
    int top = area.top();
    m_banner = {};
    if (!m_frame.banner.isEmpty()) {
        const QRect text
            = fontMetrics().boundingRect(area.adjusted(8, 0, -8, 0), Qt::TextWordWrap, m_frame.banner);
        m_banner = QRect(area.left(), top, area.width(), text.height() + 12);
        top = m_banner.bottom() + 1 + margin;
    }
    const auto items = legendItems();
    const int legend = legendHeight(items, area.width());
    m_legend = QRect(area.left(), area.bottom() - legend + 1, area.width(), legend);
    m_gridArea = QRect(area.left(), top, area.width(), std::max(0, m_legend.top() - margin - top));

    std::vector<int> sizes;
    const std::vector<NodeGroup>& groups = nodeGroups();
    sizes.reserve(groups.size());
    for (const NodeGroup& group : groups)
        sizes.push_back(int(group.nodes.size()));
    const int header = fontMetrics().height() + 6;
    const int textHeight = 2 * QFontMetrics(cellFont()).height() + 8;
    m_grid = layoutHeatmap(sizes, m_gridArea.width(), m_gridArea.height(), header, textHeight);
    const int barWidth = style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, this);
    if (m_grid.height > m_gridArea.height()) {
        // Even the smallest cells overflow: scroll, and give the bar its room.
        m_gridArea.setRight(m_gridArea.right() - barWidth - 2);
        m_grid = layoutHeatmap(sizes, m_gridArea.width(), m_gridArea.height(), header, textHeight);
        m_bar->setGeometry(m_gridArea.right() + 3, m_gridArea.top(), barWidth, m_gridArea.height());
        m_bar->setRange(0, m_grid.height - m_gridArea.height());
        m_bar->setPageStep(m_gridArea.height());
        m_bar->setSingleStep(m_grid.cellHeight + m_grid.gap);
        m_bar->show();
    } else {
        m_bar->setRange(0, 0);
        m_bar->hide();
    }

    const qint32 nodeCount = m_frame.catalogue ? m_frame.catalogue->nodeCount() : 0;
    m_groupOfNode.assign(size_t(nodeCount), -1);
    m_positionOfNode.assign(size_t(nodeCount), -1);
    for (size_t g = 0; g < groups.size(); ++g) {
        for (size_t i = 0; i < groups[g].nodes.size(); ++i) {
            m_groupOfNode[size_t(groups[g].nodes[i])] = int(g);
            m_positionOfNode[size_t(groups[g].nodes[i])] = int(i);
        }
    }
    update();
}

qint32 HeatmapCanvas::nodeAt(QPoint position) const
{
    if (!m_gridArea.contains(position))
        return -1;
    const QPoint content = position - m_gridArea.topLeft() + QPoint(0, m_bar->value());
    const std::vector<NodeGroup>& groups = nodeGroups();
    for (size_t g = 0; g < groups.size(); ++g) {
        const int top = m_grid.groupTop[g] + m_grid.headerHeight;
        const int rows = (int(groups[g].nodes.size()) + m_grid.columns - 1) / m_grid.columns;
        if (content.y() < top || content.y() >= top + rows * (m_grid.cellHeight + m_grid.gap))
            continue;
        const int column = content.x() / (m_grid.cellWidth + m_grid.gap);
        const int row = (content.y() - top) / (m_grid.cellHeight + m_grid.gap);
        const int index = row * m_grid.columns + column;
        if (column >= m_grid.columns || index >= int(groups[g].nodes.size()))
            return -1;
        const qint32 node = groups[g].nodes[size_t(index)];
        return m_grid.cell(int(g), index).contains(content) ? node : -1;
    }
    return -1;
}

QRect HeatmapCanvas::cellRect(qint32 node) const
{
    if (node < 0 || size_t(node) >= m_groupOfNode.size() || m_groupOfNode[size_t(node)] < 0)
        return {};
    const QRect cell = m_grid.cell(m_groupOfNode[size_t(node)], m_positionOfNode[size_t(node)])
                           .translated(m_gridArea.left(), m_gridArea.top() - m_bar->value());
    return m_gridArea.contains(cell) ? cell : QRect();
}

void HeatmapCanvas::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    relayout();
}

void HeatmapCanvas::wheelEvent(QWheelEvent* event)
{
    if (!m_bar->isVisible()) {
        event->ignore();
        return;
    }
    m_bar->setValue(m_bar->value() - event->angleDelta().y() / 40 * m_bar->singleStep());
    event->accept();
}

void HeatmapCanvas::mousePressEvent(QMouseEvent* event)
{
    const qint32 node = nodeAt(event->position().toPoint());
    if (event->button() == Qt::LeftButton && node >= 0)
        Q_EMIT nodeActivated(node);
    else
        QWidget::mousePressEvent(event);
}

bool HeatmapCanvas::event(QEvent* event)
{
    // Focused, the map takes the plain arrows the window would use to step the playback.
    if (event->type() == QEvent::ShortcutOverride && isNavigationKey(static_cast<QKeyEvent*>(event))) {
        event->accept();
        return true;
    }
    if (event->type() != QEvent::ToolTip)
        return QWidget::event(event);
    auto* help = static_cast<QHelpEvent*>(event);
    const qint32 node = nodeAt(help->pos());
    if (node >= 0)
        QToolTip::showText(help->globalPos(), heatmapNodeToolTip(m_frame, node), this);
    else
        QToolTip::hideText();
    return true;
}

QColor HeatmapCanvas::cellColour(qint32 node) const
{
    const QColor base = palette().color(QPalette::Base);
    const QColor missing = missingColor(base, palette().color(QPalette::Text));
    const double value = m_frame.values[size_t(node)];
    switch (m_frame.mode.kind) {
    case HeatmapMode::Measure:
        if (m_frame.difference()) {
            const double delta = m_frame.differenceAt(node);
            return std::isnan(delta) ? missing : differenceColor(delta, base);
        }
        if (std::isnan(value))
            return missing;
        return utilizationColor(value, base);
    case HeatmapMode::Verdict: {
        const CycleNodes::Filter& filter = attempt().filter(node);
        switch (filter.verdict) {
        case CycleNodes::Verdict::NotEvaluated:
            return missing;
        case CycleNodes::Verdict::Feasible:
            return feasibleColor();
        case CycleNodes::Verdict::Rejected:
            return rejectionColor(m_frame.trace->string(filter.plugin));
        }
        Q_UNREACHABLE();
        return {};
    }
    case HeatmapMode::TotalScore:
    case HeatmapMode::PluginScore: {
        if (std::isnan(value))
            return missing;
        const double span = m_frame.max - m_frame.min;
        return scoreColor(span > 0 ? (value - m_frame.min) / span : 1.0, base);
    }
    case HeatmapMode::Capacity:
        if (std::isnan(value))
            return missing;
        return value > 0 ? scoreColor(m_frame.max > 0 ? value / m_frame.max : 1.0, base) : missingColor(base, palette().color(QPalette::Mid));
    }
    Q_UNREACHABLE();
    return {};
}

void HeatmapCanvas::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    const QPalette& pal = palette();
    painter.fillRect(rect(), pal.base());
    if (!m_frame.catalogue) {
        painter.setPen(pal.color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter, HeatmapView::tr("No run loaded"));
        return;
    }
    if (!m_banner.isEmpty()) {
        painter.setPen(pal.color(QPalette::Mid));
        painter.setBrush(pal.alternateBase());
        painter.drawRect(m_banner.adjusted(0, 0, -1, -1));
        painter.setPen(pal.color(QPalette::Text));
        painter.drawText(m_banner.adjusted(8, 6, -8, -6), Qt::TextWordWrap | Qt::AlignVCenter, m_frame.banner);
    }

    const trace::ReplayState& state = *m_frame.state;
    const std::vector<NodeGroup>& groups = nodeGroups();
    const qint32 selected = m_frame.selectedNode;
    const qint32 chosen = m_frame.mode.isCycleMode() ? attempt().chosenNode() : -1;
    const int scroll = m_bar->value();
    const QFont small = cellFont();
    const QFontMetrics smallMetrics(small);
    painter.save();
    painter.setClipRect(m_gridArea);
    painter.translate(m_gridArea.left(), m_gridArea.top() - scroll);
    const QRect visible(0, scroll, m_gridArea.width(), m_gridArea.height());
    for (size_t g = 0; g < groups.size(); ++g) {
        const int top = m_grid.groupTop[g];
        const int bottom = g + 1 < groups.size() ? m_grid.groupTop[g + 1] : m_grid.height;
        if (bottom < visible.top() || top > visible.bottom())
            continue; // paint only what is in view
        paintGroupHeader(painter, int(g), QRect(0, top, m_gridArea.width(), m_grid.headerHeight));
        const auto& nodes = groups[g].nodes;
        const int firstRow
            = std::max(0, (visible.top() - top - m_grid.headerHeight) / (m_grid.cellHeight + m_grid.gap));
        for (size_t i = size_t(firstRow) * size_t(m_grid.columns); i < nodes.size(); ++i) {
            const QRect cell = m_grid.cell(int(g), int(i));
            if (cell.top() > visible.bottom())
                break;
            const qint32 node = nodes[i];
            if (!state.nodeExists(node)) {
                // Not in the cluster drawn, the cursor's or the attempt's (not created yet, or
                // deleted): a hollow cell, so nodes do not jump around as they come and go.
                painter.setPen(QPen(colors::absent(pal), theme::stroke(1), Qt::DotLine));
                painter.setBrush(Qt::NoBrush);
                painter.drawRect(cell.adjusted(0, 0, -1, -1));
                if (m_grid.text) {
                    painter.setFont(small);
                    painter.setPen(pal.color(QPalette::PlaceholderText));
                    const QRect inner = cell.adjusted(4, 3, -4, -3);
                    painter.drawText(inner, Qt::AlignLeft | Qt::AlignTop,
                        smallMetrics.elidedText(m_frame.catalogue->nodeName(node), Qt::ElideMiddle, inner.width()));
                    painter.drawText(inner, Qt::AlignLeft | Qt::AlignBottom, HeatmapView::tr("not in the cluster"));
                    painter.setFont(font());
                }
                paintPreemptionMarks(painter, node, cell, pal.color(QPalette::Base));
                continue;
            }
            const QColor fill = cellColour(node);
            painter.fillRect(cell, fill);
            if (m_grid.text) {
                painter.setFont(small);
                painter.setPen(textOn(fill));
                const QRect inner = cell.adjusted(4, 3, -4, -3);
                painter.drawText(inner, Qt::AlignLeft | Qt::AlignTop,
                    smallMetrics.elidedText(m_frame.catalogue->nodeName(node), Qt::ElideMiddle, inner.width()));
                painter.drawText(inner, Qt::AlignLeft | Qt::AlignBottom,
                    smallMetrics.elidedText(heatmapCellText(m_frame, node), Qt::ElideRight, inner.width()));
                painter.setFont(font());
            }
            paintPreemptionMarks(painter, node, cell, fill);
            // Rings around the cell, so its colour stays whole even at 6 px: the chosen node in the
            // text colour, the selected one in the highlight colour around that.
            painter.setBrush(Qt::NoBrush);
            if (node == chosen) {
                painter.setPen(QPen(pal.color(QPalette::Text), theme::stroke(2)));
                painter.drawRect(cell.adjusted(-1, -1, 0, 0));
            }
            if (node == selected) {
                const int out = node == chosen ? 3 : 1;
                painter.setPen(QPen(pal.color(QPalette::Highlight), theme::stroke(3)));
                painter.drawRect(cell.adjusted(-out - 1, -out - 1, out, out));
            }
        }
    }
    painter.restore();
    paintLegend(painter, legendItems());
}

void HeatmapCanvas::paintGroupHeader(QPainter& painter, int group, const QRect& rect) const
{
    const NodeGroup& nodeGroup = nodeGroups()[size_t(group)];
    const trace::ReplayState& state = *m_frame.state;
    qint32 present = 0;
    double sum = 0;
    qint32 counted = 0;
    qint32 feasible = 0;
    for (const qint32 node : nodeGroup.nodes) {
        if (!state.nodeExists(node))
            continue;
        ++present;
        const double value = m_frame.values[size_t(node)];
        if (std::isfinite(value)) {
            sum += value;
            ++counted;
        }
        if (attempt().filter(node).verdict == CycleNodes::Verdict::Feasible)
            ++feasible;
    }
    QString name = nodeGroup.name;
    if (name.isEmpty())
        name = m_frame.groupLabel.isEmpty() ? HeatmapView::tr("All nodes")
                                              : HeatmapView::tr("(no %1)").arg(m_frame.groupLabel);
    const QLocale locale;
    const qint32 total = qint32(nodeGroup.nodes.size());
    const QString nodes
        = total == 1 ? HeatmapView::tr("1 node") : HeatmapView::tr("%1 nodes").arg(locale.toString(total));
    QString summary
        = present == total ? nodes : HeatmapView::tr("%1 of %2 present").arg(locale.toString(present), nodes);
    switch (m_frame.mode.kind) {
    case HeatmapMode::Measure:
        if (counted > 0)
            summary += HeatmapView::tr(" · average %1%").arg(std::lround(100.0 * sum / counted));
        break;
    case HeatmapMode::Verdict:
        if (attempt().hasNodeDetail())
            summary += HeatmapView::tr(" · %1 feasible").arg(locale.toString(feasible));
        break;
    case HeatmapMode::TotalScore:
    case HeatmapMode::PluginScore:
        if (counted > 0)
            summary += HeatmapView::tr(" · %1 scored").arg(locale.toString(counted));
        break;
    case HeatmapMode::Capacity:
        if (counted > 0)
            summary += HeatmapView::tr(" · %1 more").arg(locale.toString(qint64(sum)));
        break;
    }
    QFont bold = font();
    bold.setBold(true);
    painter.setFont(bold);
    painter.setPen(palette().color(QPalette::Text));
    const QRect text = rect.adjusted(0, 0, 0, -3);
    painter.drawText(text, Qt::AlignLeft | Qt::AlignVCenter, name);
    const int nameWidth = QFontMetrics(bold).horizontalAdvance(name);
    painter.setFont(font());
    painter.setPen(palette().color(QPalette::PlaceholderText));
    painter.drawText(text.adjusted(nameWidth + 10, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, summary);
}

std::vector<HeatmapCanvas::LegendItem> HeatmapCanvas::legendItems() const
{
    std::vector<LegendItem> items;
    const QColor base = palette().color(QPalette::Base);
    const QColor missing = missingColor(base, palette().color(QPalette::Text));
    const HeatmapMode& mode = m_frame.mode;
    const CycleNodes& cycle = attempt();
    switch (mode.kind) {
    case HeatmapMode::Measure: {
        const QString measure = m_frame.catalogue ? m_frame.catalogue->measures().value(mode.measure) : QString();
        if (m_frame.difference()) {
            items.push_back({ LegendItem::Gradient, HeatmapView::tr("%1 requested / allocatable, this run minus %2").arg(measure, m_frame.otherLabel),
                {}, heatmapDifference(-differenceSaturation), heatmapDifference(differenceSaturation) });
            items.push_back({ LegendItem::Swatch, HeatmapView::tr("not in both runs, or none allocatable"), missing, {}, {} });
            break;
        }
        items.push_back({ LegendItem::Gradient, HeatmapView::tr("%1 requested / allocatable").arg(measure), {},
            QStringLiteral("0%"), QStringLiteral("100%") });
        items.push_back({ LegendItem::Swatch, HeatmapView::tr("over 100%"), overcommitColor(), {}, {} });
        items.push_back({ LegendItem::Swatch, HeatmapView::tr("none allocatable"), missing, {}, {} });
        break;
    }
    case HeatmapMode::Verdict: {
        items.push_back({ LegendItem::Swatch, HeatmapView::tr("feasible (%1)").arg(cycle.feasibleCount()),
            feasibleColor(), {}, {} });
        for (const auto& [plugin, count] : cycle.rejections()) {
            const QString name = m_frame.trace->string(plugin);
            items.push_back(
                { LegendItem::Swatch, HeatmapView::tr("%1 (%2)").arg(name).arg(count), rejectionColor(name), {}, {} });
        }
        items.push_back({ LegendItem::Swatch, HeatmapView::tr("not evaluated"), missing, {}, {} });
        break;
    }
    case HeatmapMode::TotalScore:
    case HeatmapMode::PluginScore: {
        const QString what = mode.kind == HeatmapMode::TotalScore
            ? HeatmapView::tr("total score (Σ normalized × weight)")
            : HeatmapView::tr("%1 normalized score").arg(mode.plugin);
        if (m_frame.min < m_frame.max)
            items.push_back({ LegendItem::Gradient, what, {}, QString::number(m_frame.min, 'f', 0),
                QString::number(m_frame.max, 'f', 0) });
        else // one value everywhere: a gradient from it to itself would suggest a range
            items.push_back({ LegendItem::Swatch,
                HeatmapView::tr("%1: %2 on every scored node").arg(what, QString::number(m_frame.max, 'f', 0)),
                scoreColor(1.0, base), {}, {} });
        items.push_back({ LegendItem::Swatch, HeatmapView::tr("not scored"), missing, {}, {} });
        break;
    }
    case HeatmapMode::Capacity:
        items.push_back({ LegendItem::Gradient, HeatmapView::tr("more copies that fit"), {}, QStringLiteral("1"), QString::number(m_frame.max, 'f', 0) });
        items.push_back({ LegendItem::Swatch, HeatmapView::tr("none"), missingColor(base, palette().color(QPalette::Mid)), {}, {} });
        break;
    }
    if (mode.isCycleMode())
        items.push_back(
            { LegendItem::Outline, HeatmapView::tr("chosen node"), palette().color(QPalette::Text), {}, {} });
    addPreemptionLegend(items);
    items.push_back({ LegendItem::Outline, HeatmapView::tr("selected"), palette().color(QPalette::Highlight), {}, {} });
    items.push_back({ LegendItem::Hollow,
        m_frame.atAttempt ? HeatmapView::tr("not in the cluster at the attempt")
                          : HeatmapView::tr("not in the cluster"),
        colors::absent(palette()), {}, {} });
    return items;
}

namespace {
int itemWidth(const QFontMetrics& metrics, int swatch, const QString& label, bool gradient, const QString& low,
    const QString& high)
{
    if (gradient)
        return metrics.horizontalAdvance(label) + 8 + metrics.horizontalAdvance(low) + 4 + gradientWidth + 4
            + metrics.horizontalAdvance(high) + 18;
    return swatch + 5 + metrics.horizontalAdvance(label) + 16;
}
} // namespace

int HeatmapCanvas::legendHeight(const std::vector<LegendItem>& items, int width) const
{
    const QFontMetrics metrics = fontMetrics();
    const int line = metrics.height() + 6;
    const int swatch = metrics.height() - 3;
    int lines = 1;
    int x = 0;
    for (const LegendItem& item : items) {
        const int w = itemWidth(metrics, swatch, item.label, item.kind == LegendItem::Gradient, item.low, item.high);
        if (x > 0 && x + w > width) {
            ++lines;
            x = 0;
        }
        x += w;
    }
    return lines * line;
}

void HeatmapCanvas::paintLegend(QPainter& painter, const std::vector<LegendItem>& items) const
{
    const QFontMetrics metrics = fontMetrics();
    const int line = metrics.height() + 6;
    const int swatch = metrics.height() - 3;
    const QPalette& pal = palette();
    int x = m_legend.left();
    int y = m_legend.top();
    for (const LegendItem& item : items) {
        const int w = itemWidth(metrics, swatch, item.label, item.kind == LegendItem::Gradient, item.low, item.high);
        if (x > m_legend.left() && x + w > m_legend.right()) {
            x = m_legend.left();
            y += line;
        }
        const QRect row(x, y, w, line);
        const QRect box(x, row.center().y() - swatch / 2, swatch, swatch);
        painter.setPen(pal.color(QPalette::Text));
        switch (item.kind) {
        case LegendItem::Gradient: {
            int cx = x;
            painter.drawText(QRect(cx, y, w, line), Qt::AlignLeft | Qt::AlignVCenter, item.label);
            cx += metrics.horizontalAdvance(item.label) + 8;
            painter.setPen(pal.color(QPalette::PlaceholderText));
            painter.drawText(QRect(cx, y, w, line), Qt::AlignLeft | Qt::AlignVCenter, item.low);
            cx += metrics.horizontalAdvance(item.low) + 4;
            const QRect bar(cx, box.top(), gradientWidth, swatch);
            // Sampled from the same functions the cells use, so the legend cannot drift from them.
            for (int i = 0; i < gradientWidth; ++i) {
                const double t = double(i) / double(gradientWidth - 1);
                const QColor c = m_frame.mode.kind != HeatmapMode::Measure ? scoreColor(t, pal.color(QPalette::Base))
                    : m_frame.difference() ? differenceColor((2 * t - 1) * differenceSaturation, pal.color(QPalette::Base))
                                           : utilizationColor(t, pal.color(QPalette::Base));
                painter.fillRect(QRect(bar.left() + i, bar.top(), 1, bar.height()), c);
            }
            painter.setPen(pal.color(QPalette::Mid));
            painter.drawRect(bar.adjusted(0, 0, -1, -1));
            cx += gradientWidth + 4;
            painter.setPen(pal.color(QPalette::PlaceholderText));
            painter.drawText(QRect(cx, y, w, line), Qt::AlignLeft | Qt::AlignVCenter, item.high);
            break;
        }
        case LegendItem::Swatch:
            // Outlined, so that a swatch close to the background still shows.
            painter.fillRect(box, item.colour);
            painter.setPen(colors::rule(pal));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(box.adjusted(0, 0, -1, -1));
            break;
        case LegendItem::Hollow:
            painter.setPen(QPen(item.colour, theme::stroke(1), Qt::DotLine));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(box.adjusted(0, 0, -1, -1));
            break;
        case LegendItem::Outline:
            painter.setPen(QPen(item.colour, theme::stroke(2)));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(box.adjusted(1, 1, -1, -1));
            break;
        case LegendItem::DashedOutline:
        case LegendItem::Corner:
            paintMarkGlyph(painter, item, box, missingColor(pal.color(QPalette::Base), pal.color(QPalette::Mid)));
            break;
        }
        if (item.kind != LegendItem::Gradient) {
            painter.setPen(pal.color(QPalette::Text));
            painter.drawText(QRect(box.right() + 6, y, w, line), Qt::AlignLeft | Qt::AlignVCenter, item.label);
        }
        x += w;
    }
}

} // namespace ksv
