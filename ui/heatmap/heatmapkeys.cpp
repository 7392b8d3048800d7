// Keyboard navigation of the heatmap: with the map focused, the arrows move the selected node to
// the neighbouring cell (across group ends, and up or down into the next group's row at the same
// column), Home and End to the first and last node. Selecting is the same signal a click sends, so
// the side panel and every other view follow.
#include "heatmapcanvas.h"

#include <QKeyEvent>
#include <QScrollBar>

#include <algorithm>

namespace ksv {

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
