// Keyboard navigation of the heatmap: with the map focused, the arrows move the selected node to
// the neighbouring cell (across group ends, and up or down into the next group's row at the same
// column), Home and End to the first and last node. Selecting is the same signal a click sends, so
// the side panel and every other view follow.
#include "heatmapcanvas.h"

#include <QKeyEvent>
#include <QScrollBar>

#include <algorithm>

namespace ksv {

HeatmapCell heatmapStep(std::span<const int> groupSizes, int columns, HeatmapCell from, int key)
{
    const int groups = int(groupSizes.size());
    columns = std::max(1, columns);
    const auto size = [&](int group) { return groupSizes[size_t(group)]; };
    const auto nonEmpty = [&](int group, int step) {
        while (group >= 0 && group < groups && size(group) == 0)
            group += step;
        return group >= 0 && group < groups ? group : -1;
    };
    if (key == Qt::Key_Home) {
        const int first = nonEmpty(0, 1);
        return first < 0 ? HeatmapCell {} : HeatmapCell {first, 0};
    }
    if (key == Qt::Key_End) {
        const int last = nonEmpty(groups - 1, -1);
        return last < 0 ? HeatmapCell {} : HeatmapCell {last, size(last) - 1};
    }
    if (from.group < 0 || from.group >= groups || from.position < 0 || from.position >= size(from.group))
        return {};
    switch (key) {
    case Qt::Key_Left:
        if (from.position > 0)
            return {from.group, from.position - 1};
        if (const int previous = nonEmpty(from.group - 1, -1); previous >= 0)
            return {previous, size(previous) - 1};
        return {};
    case Qt::Key_Right:
        if (from.position + 1 < size(from.group))
            return {from.group, from.position + 1};
        if (const int next = nonEmpty(from.group + 1, 1); next >= 0)
            return {next, 0};
        return {};
    case Qt::Key_Up: {
        if (from.position >= columns)
            return {from.group, from.position - columns};
        const int previous = nonEmpty(from.group - 1, -1);
        if (previous < 0)
            return {};
        // The previous group's last row, at the same column or its last cell.
        const int lastRowStart = (size(previous) - 1) / columns * columns;
        return {previous, std::min(lastRowStart + from.position % columns, size(previous) - 1)};
    }
    case Qt::Key_Down: {
        if (from.position + columns < size(from.group))
            return {from.group, from.position + columns};
        // Within the group's last row: the next group's first row. A shorter last row below this
        // cell's column ends the group too.
        if (from.position / columns < (size(from.group) - 1) / columns)
            return {from.group, size(from.group) - 1};
        const int next = nonEmpty(from.group + 1, 1);
        if (next < 0)
            return {};
        return {next, std::min(from.position % columns, size(next) - 1)};
    }
    default: return {};
    }
}

bool HeatmapCanvas::isNavigationKey(const QKeyEvent* event)
{
    if (event->modifiers() & ~Qt::KeypadModifier)
        return false; // Shift, Ctrl and Alt arrows stay the playback's
    switch (event->key()) {
    case Qt::Key_Up:
    case Qt::Key_Down:
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Home:
    case Qt::Key_End: return true;
    default: return false;
    }
}

void HeatmapCanvas::keyPressEvent(QKeyEvent* event)
{
    const std::vector<NodeGroup>& groups = nodeGroups();
    if (!isNavigationKey(event) || groups.empty()) {
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
    std::vector<int> sizes;
    sizes.reserve(groups.size());
    for (const NodeGroup& group : groups)
        sizes.push_back(int(group.nodes.size()));
    const qint32 selected = m_frame.selectedNode;
    HeatmapCell from;
    if (selected >= 0 && size_t(selected) < m_groupOfNode.size() && m_groupOfNode[size_t(selected)] >= 0)
        from = {m_groupOfNode[size_t(selected)], m_positionOfNode[size_t(selected)]};
    // Nothing selected yet: any arrow starts at the first node.
    const HeatmapCell to = from.group < 0 ? heatmapStep(sizes, m_grid.columns, {}, Qt::Key_Home)
                                          : heatmapStep(sizes, m_grid.columns, from, event->key());
    if (to.group < 0)
        return;
    const qint32 node = groups[size_t(to.group)].nodes[size_t(to.position)];
    scrollToCell(node);
    Q_EMIT nodeActivated(node); // like a click
}

void HeatmapCanvas::scrollToCell(qint32 node)
{
    if (!m_bar->isVisible() || node < 0 || size_t(node) >= m_groupOfNode.size() || m_groupOfNode[size_t(node)] < 0)
        return;
    const QRect cell = m_grid.cell(m_groupOfNode[size_t(node)], m_positionOfNode[size_t(node)]);
    const int top = m_bar->value();
    const int height = m_gridArea.height();
    if (cell.top() < top)
        m_bar->setValue(cell.top());
    else if (cell.bottom() > top + height)
        m_bar->setValue(cell.bottom() - height + 1);
}

} // namespace ksv
