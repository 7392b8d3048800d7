#pragma once

// Where the heatmap's cells go, without a widget: the largest cells with which every group of nodes
// fits the view, and where the arrow keys move from a cell. Pure geometry, tested row by row
// (tests/viewmodels/tst_heatmapgrid.cpp); HeatmapCanvas paints and hit-tests with it.

#include <QRect>
#include <span>
#include <vector>

namespace ksv {

// Where the cells go: one column count for every group, each group a header line and then its
// cells row by row.
struct HeatmapGrid
{
    int cellWidth = 0;
    int cellHeight = 0;
    int gap = 1;
    int columns = 1;
    int headerHeight = 0;
    int height = 0; // of the whole content
    bool text = false; // cells large enough for the node's name and value
    std::vector<int> groupTop; // y of each group's header

    QRect cell(int group, int position) const
    {
        const int top = groupTop[size_t(group)] + headerHeight;
        return QRect((position % columns) * (cellWidth + gap), top + (position / columns) * (cellHeight + gap),
            cellWidth, cellHeight);
    }
};
inline constexpr int heatmapMinCell = 6;
inline constexpr int heatmapGroupSpacing = 8;
// The largest cells with which every group fits in width × height (rectangles with text first,
// then squares from 30 px down to heatmapMinCell); the smallest, scrolling, when none fits.
// `textCellHeight` is the height two lines of cell text need.
HeatmapGrid layoutHeatmap(std::span<const int> groupSizes, int width, int height, int headerHeight, int textCellHeight);

// The cell an arrow key (Qt::Key_Left, Right, Up, Down, Home, End) moves to from cell `position` of
// group `group`, in groups of `groupSizes` cells laid out `columns` to a row: across a group's end into
// the next group, up and down into the row of the next group at the same column (or its last cell).
// {-1, -1} at the edge of the grid.
struct HeatmapCell
{
    int group = -1;
    int position = -1;
    friend bool operator==(const HeatmapCell&, const HeatmapCell&) = default;
};
HeatmapCell heatmapStep(std::span<const int> groupSizes, int columns, HeatmapCell from, int key);

} // namespace ksv
