#include "rowtable.h"

#include "plaintextdelegate.h"

#include <QAbstractItemModel>
#include <QHeaderView>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QStyleOptionViewItem>
#include <QToolTip>

#include <algorithm>

namespace ksv {

RowTable::RowTable(QWidget* parent)
    : QAbstractScrollArea(parent)
    , m_header(new QHeaderView(Qt::Horizontal, this))
    , m_delegate(new PlainTextDelegate(this))
{
    m_header->setSectionResizeMode(QHeaderView::Interactive);
    m_header->setSectionsMovable(true);
    m_header->setHighlightSections(false);
    m_header->setStretchLastSection(true);
    m_header->setFocusPolicy(Qt::NoFocus);
    setFocusPolicy(Qt::StrongFocus);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_rowHeight = fontMetrics().height() + 6;
    const auto relayout = [this] {
        updateGeometries();
        viewport()->update();
    };
    connect(m_header, &QHeaderView::sectionResized, this, relayout);
    connect(m_header, &QHeaderView::sectionMoved, this, relayout);
    connect(m_header, &QHeaderView::geometriesChanged, this, relayout);
}

RowTable::~RowTable()
{
    // ~QWidget hides the header, which says its geometry changed: by then this is no RowTable.
    disconnect(m_header, nullptr, this, nullptr);
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
}

void RowTable::setModel(QAbstractItemModel* model)
{
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    m_header->setModel(model);
    m_current = -1;
    if (model) {
        connect(model, &QAbstractItemModel::rowsInserted, this, &RowTable::onRowsInserted);
        connect(model, &QAbstractItemModel::rowsRemoved, this, &RowTable::onRowsRemoved);
        connect(model, &QAbstractItemModel::modelReset, this, &RowTable::onReset);
        connect(model, &QAbstractItemModel::layoutChanged, this, &RowTable::onReset);
        connect(model, &QAbstractItemModel::dataChanged, viewport(), qOverload<>(&QWidget::update));
        connect(model, &QObject::destroyed, this, [this] { setModel(nullptr); });
    }
    updateGeometries();
    viewport()->update();
}

void RowTable::setColumnWidth(int column, int width)
{
    m_header->resizeSection(column, width);
}

int RowTable::rowCount() const
{
    return m_model ? m_model->rowCount() : 0;
}

QModelIndex RowTable::currentIndex() const
{
    return m_model && m_current >= 0 ? m_model->index(m_current, 0) : QModelIndex();
}

void RowTable::setCurrentIndex(const QModelIndex& index)
{
    if (!index.isValid() || index.model() != m_model) {
        m_current = -1;
        viewport()->update();
        return;
    }
    setCurrentRow(index.row(), index.column());
}

void RowTable::setCurrentRow(int row, int column)
{
    const int rows = rowCount();
    if (rows == 0)
        return;
    row = std::clamp(row, 0, rows - 1);
    ensureVisible(row);
    if (row == m_current)
        return;
    m_current = row;
    viewport()->update();
    Q_EMIT currentRowChanged(m_model->index(row, std::max(column, 0)));
}

int RowTable::firstVisibleRow() const
{
    return verticalScrollBar()->value();
}

int RowTable::visibleRowCount() const
{
    return (viewport()->height() + m_rowHeight - 1) / m_rowHeight;
}

int RowTable::rowAt(int y) const
{
    if (y < 0)
        return -1;
    const int row = firstVisibleRow() + y / m_rowHeight;
    return row < rowCount() ? row : -1;
}

int RowTable::columnAt(int x) const
{
    return m_header->logicalIndexAt(x);
}

void RowTable::ensureVisible(int row)
{
    const int full = std::max(1, viewport()->height() / m_rowHeight);
    QScrollBar* scroll = verticalScrollBar();
    if (row < scroll->value())
        scroll->setValue(row);
    else if (row >= scroll->value() + full)
        scroll->setValue(row - full + 1);
}

void RowTable::scrollToTop()
{
    verticalScrollBar()->setValue(0);
}

void RowTable::scrollToBottom()
{
    verticalScrollBar()->setValue(verticalScrollBar()->maximum());
}

void RowTable::updateGeometries()
{
    const int headerHeight = m_header->isHidden() ? 0 : m_header->sizeHint().height();
    setViewportMargins(0, headerHeight, 0, 0);
    const QRect area = viewport()->geometry();
    m_header->setGeometry(area.left(), area.top() - headerHeight, area.width(), headerHeight);
    // Rows fully shown: the last row can always be scrolled into full view.
    const int full = std::max(1, area.height() / m_rowHeight);
    QScrollBar* vertical = verticalScrollBar();
    vertical->setRange(0, std::max(0, rowCount() - full));
    vertical->setPageStep(full);
    vertical->setSingleStep(1);
    QScrollBar* horizontal = horizontalScrollBar();
    horizontal->setRange(0, std::max(0, m_header->length() - area.width()));
    horizontal->setPageStep(area.width());
    horizontal->setSingleStep(20);
    m_header->setOffset(horizontal->value());
}

void RowTable::onRowsInserted(const QModelIndex& parent, int first, int last)
{
    if (parent.isValid())
        return;
    if (m_current >= first)
        m_current += last - first + 1;
    updateGeometries();
    viewport()->update();
}

void RowTable::onRowsRemoved(const QModelIndex& parent, int first, int last)
{
    if (parent.isValid())
        return;
    if (m_current > last)
        m_current -= last - first + 1;
    else if (m_current >= first)
        m_current = -1;
    updateGeometries();
    viewport()->update();
}

void RowTable::onReset()
{
    m_current = -1;
    updateGeometries();
    viewport()->update();
}

void RowTable::paintEvent(QPaintEvent* /*event*/)
{
    QPainter painter(viewport());
    const QPalette& palette = this->palette();
    const int width = viewport()->width();
    painter.fillRect(viewport()->rect(), palette.brush(QPalette::Base));
    if (!m_model)
        return;

    QStyleOptionViewItem option;
    option.initFrom(this);
    option.font = font();
    option.fontMetrics = fontMetrics();
    option.textElideMode = Qt::ElideRight;
    option.features = QStyleOptionViewItem::HasDisplay;
    option.locale = locale();
    option.widget = this;
    if (hasFocus())
        option.state |= QStyle::State_Active;
    const QStyle::State baseState = option.state & ~QStyle::State_HasFocus;
    const QColor grid = QColor::fromRgba(QRgb(style()->styleHint(QStyle::SH_Table_GridLineColor, &option, this)));

    const int first = firstVisibleRow();
    const int end = std::min(rowCount(), first + visibleRowCount());
    const int sections = m_header->count();
    for (int row = first; row < end; ++row) {
        const int y = (row - first) * m_rowHeight;
        if (row % 2 == 1)
            painter.fillRect(0, y, width, m_rowHeight, palette.brush(QPalette::AlternateBase));
        option.state = row == m_current ? (baseState | QStyle::State_Selected) : baseState;
        for (int visual = 0; visual < sections; ++visual) {
            const int logical = m_header->logicalIndex(visual);
            if (m_header->isSectionHidden(logical))
                continue;
            const int x = m_header->sectionViewportPosition(logical);
            const int size = m_header->sectionSize(logical);
            if (x + size <= 0 || x >= width)
                continue;
            // The cell less the grid line on its right and bottom, as QTableView draws it.
            option.rect = QRect(x, y, size - 1, m_rowHeight - 1);
            m_delegate->paint(&painter, option, m_model->index(row, logical));
        }
    }
    painter.setPen(grid);
    const int bottom = (end - first) * m_rowHeight;
    for (int row = first; row < end; ++row) {
        const int y = (row - first + 1) * m_rowHeight - 1;
        painter.drawLine(0, y, width, y);
    }
    for (int visual = 0; visual < sections; ++visual) {
        const int logical = m_header->logicalIndex(visual);
        if (m_header->isSectionHidden(logical))
            continue;
        const int x = m_header->sectionViewportPosition(logical) + m_header->sectionSize(logical) - 1;
        if (x >= 0 && x < width)
            painter.drawLine(x, 0, x, bottom - 1);
    }
}

void RowTable::resizeEvent(QResizeEvent* event)
{
    QAbstractScrollArea::resizeEvent(event);
    updateGeometries();
}

void RowTable::scrollContentsBy(int dx, int /*dy*/)
{
    if (dx != 0)
        m_header->setOffset(horizontalScrollBar()->value());
    viewport()->update();
}

void RowTable::mousePressEvent(QMouseEvent* event)
{
    const QPoint at = event->position().toPoint();
    const int row = rowAt(at.y());
    if (event->button() == Qt::LeftButton && row >= 0)
        setCurrentRow(row, columnAt(at.x()));
    event->accept();
}

void RowTable::mouseReleaseEvent(QMouseEvent* event)
{
    event->accept(); // the press chose the row
}

void RowTable::mouseDoubleClickEvent(QMouseEvent* event)
{
    const QPoint at = event->position().toPoint();
    const int row = rowAt(at.y());
    if (event->button() == Qt::LeftButton && row >= 0 && m_model)
        Q_EMIT doubleClicked(m_model->index(row, std::max(columnAt(at.x()), 0)));
}

void RowTable::keyPressEvent(QKeyEvent* event)
{
    const int rows = rowCount();
    const int page = std::max(1, viewport()->height() / m_rowHeight);
    const int current = m_current >= 0 ? m_current : firstVisibleRow() - 1;
    switch (event->key()) {
    case Qt::Key_Down: setCurrentRow(current + 1, 0); break;
    case Qt::Key_Up: setCurrentRow(m_current >= 0 ? current - 1 : firstVisibleRow(), 0); break;
    case Qt::Key_PageDown: setCurrentRow(current + page, 0); break;
    case Qt::Key_PageUp: setCurrentRow(std::max(current - page, 0), 0); break;
    case Qt::Key_Home: setCurrentRow(0, 0); break;
    case Qt::Key_End: setCurrentRow(rows - 1, 0); break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (m_model && m_current >= 0)
            Q_EMIT doubleClicked(m_model->index(m_current, 0));
        break;
    default: QAbstractScrollArea::keyPressEvent(event); return;
    }
    event->accept();
}

bool RowTable::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::ToolTip && m_model) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const int row = rowAt(help->pos().y());
        const int column = columnAt(help->pos().x());
        const QString text = row >= 0 && column >= 0 ? m_model->index(row, column).data(Qt::ToolTipRole).toString() : QString();
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            const QRect cell(m_header->sectionViewportPosition(column), (row - firstVisibleRow()) * m_rowHeight,
                             m_header->sectionSize(column), m_rowHeight);
            QToolTip::showText(help->globalPos(), text, viewport(), cell);
        }
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

void RowTable::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange) {
        m_rowHeight = fontMetrics().height() + 6;
        updateGeometries();
    }
    QAbstractScrollArea::changeEvent(event);
}

} // namespace ksv
