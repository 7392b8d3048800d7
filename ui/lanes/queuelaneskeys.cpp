// Keyboard navigation of the queue lanes: with the lanes focused, ↑ and ↓ (Page Up, Page Down, Home,
// End) move the selected pod along its lane, ← and → to the row at the same height in the previous
// or next lane that has any; Enter folds or opens a section header. Selecting is the same signal a
// click sends, so every view follows.
#include "queuelanescanvas.h"

#include <QKeyEvent>
#include <QPainter>
#include <QScrollBar>
#include <QStyleOptionFocusRect>

#include <algorithm>

namespace ksv {

bool QueueLanesCanvas::isNavigationKey(const QKeyEvent* event)
{
    if (event->modifiers() & ~Qt::KeypadModifier)
        return false; // Shift, Ctrl and Alt arrows stay the playback's
    switch (event->key()) {
    case Qt::Key_Up:
    case Qt::Key_Down:
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_PageUp:
    case Qt::Key_PageDown:
    case Qt::Key_Home:
    case Qt::Key_End:
    case Qt::Key_Return:
    case Qt::Key_Enter: return true;
    default: return false;
    }
}

QueueLanesCanvas::Position QueueLanesCanvas::keyPosition() const
{
    if (!m_frame.catalogue)
        return {};
    const qint32 selected = m_frame.selectedPod;
    // Where the keys left off, while that row still shows the same thing; a pod selected elsewhere
    // (a click on the timeline) wins over a pod row.
    if (m_key.lane >= 0) {
        const auto& rows = laneAt(m_key.lane).rows;
        if (m_key.row >= 0 && size_t(m_key.row) < rows.size() && rows[size_t(m_key.row)] == m_key.item
            && (m_key.item < 0 || m_key.item == selected))
            return m_key;
    }
    if (selected < 0 || size_t(selected) >= m_frame.state->pods.size())
        return {};
    const int lane = laneOf(m_frame.state->pods[size_t(selected)].location);
    if (lane < 0)
        return {};
    const auto& rows = laneAt(lane).rows;
    const auto found = std::find(rows.cbegin(), rows.cend(), selected);
    if (found == rows.cend())
        return {};
    return {lane, int(found - rows.cbegin()), selected};
}

void QueueLanesCanvas::keyPressEvent(QKeyEvent* event)
{
    if (!m_frame.catalogue || !isNavigationKey(event)) {
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
    const Position at = keyPosition();
    const auto rowCount = [this](int lane) { return int(laneAt(lane).rows.size()); };
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
        if (at.lane >= 0)
            activate(at);
        return;
    }
    int lane = at.lane;
    int row = at.row;
    if (lane < 0) {
        // Nothing selected in the lanes yet: any key starts at the top of the first lane with rows.
        lane = 0;
        while (lane < queueLaneCount && rowCount(lane) == 0)
            ++lane;
        if (lane < queueLaneCount)
            moveKeyPosition(lane, 0);
        return;
    }
    const int page = std::max(1, m_lanes[size_t(lane)].visibleRows - 1);
    switch (event->key()) {
    case Qt::Key_Up: row -= 1; break;
    case Qt::Key_Down: row += 1; break;
    case Qt::Key_PageUp: row -= page; break;
    case Qt::Key_PageDown: row += page; break;
    case Qt::Key_Home: row = 0; break;
    case Qt::Key_End: row = rowCount(lane) - 1; break;
    case Qt::Key_Left:
    case Qt::Key_Right: {
        const int step = event->key() == Qt::Key_Left ? -1 : 1;
        int next = lane + step;
        while (next >= 0 && next < queueLaneCount && rowCount(next) == 0)
            next += step;
        if (next < 0 || next >= queueLaneCount)
            return;
        // The row at the same height on screen, as far as the next lane reaches.
        row = m_lanes[size_t(next)].bar->value() + (row - m_lanes[size_t(lane)].bar->value());
        lane = next;
        break;
    }
    default: return;
    }
    moveKeyPosition(lane, std::clamp(row, 0, rowCount(lane) - 1));
}

void QueueLanesCanvas::moveKeyPosition(int lane, int row)
{
    const qint32 item = laneAt(lane).rows[size_t(row)];
    m_key = {lane, row, item};
    QScrollBar* bar = m_lanes[size_t(lane)].bar;
    const int visible = std::max(1, m_lanes[size_t(lane)].visibleRows);
    if (row < bar->value())
        bar->setValue(row);
    else if (row >= bar->value() + visible)
        bar->setValue(row - visible + 1);
    if (item >= 0)
        Q_EMIT podActivated(item); // like a click: every view follows
    update();
}

void QueueLanesCanvas::activate(const Position& position)
{
    const QueueLanes::Lane& lane = laneAt(position.lane);
    if (position.item < 0)
        Q_EMIT groupToggled(position.lane, lane.groups[size_t(-position.item - 1)].key);
    else
        Q_EMIT podActivated(position.item);
}

void QueueLanesCanvas::paintKeyPosition(QPainter& painter) const
{
    if (!hasFocus())
        return;
    const Position at = keyPosition();
    if (at.lane < 0)
        return;
    const QRect rect = rowRect(at.lane, at.row);
    if (rect.isEmpty())
        return;
    QStyleOptionFocusRect option;
    option.initFrom(this);
    option.rect = rect.adjusted(1, 0, -1, -1);
    option.backgroundColor = palette().color(QPalette::Base);
    style()->drawPrimitive(QStyle::PE_FrameFocusRect, &option, &painter, this);
}

} // namespace ksv
