#include "heatmapgrid.h"

#include <algorithm>

namespace ksv {

namespace {

struct Candidate
{
    int width;
    int height;
    int gap;
    bool text;
};

int contentHeight(std::span<const int> groupSizes, const Candidate& c, int columns, int headerHeight)
{
    int height = 0;
    for (const int size : groupSizes) {
        const int rows = std::max(1, (size + columns - 1) / columns);
        height += headerHeight + rows * (c.height + c.gap) + heatmapGroupSpacing;
    }
    return height;
}

} // namespace

HeatmapGrid layoutHeatmap(std::span<const int> groupSizes, int width, int height, int headerHeight, int textCellHeight)
{
    std::vector<Candidate> candidates = {
        { 152, textCellHeight, 4, true },
        { 120, textCellHeight, 4, true },
        { 96, textCellHeight, 3, true },
    };
    for (int side = 30; side >= heatmapMinCell; side -= side > 16 ? 2 : 1)
        candidates.push_back({ side, side, side >= 12 ? 2 : 1, false });
    const Candidate* chosen = &candidates.back();
    for (const Candidate& c : candidates) {
        const int columns = std::max(1, (width + c.gap) / (c.width + c.gap));
        if (contentHeight(groupSizes, c, columns, headerHeight) <= height) {
            chosen = &c;
            break;
        }
    }
    HeatmapGrid grid;
    grid.cellWidth = chosen->width;
    grid.cellHeight = chosen->height;
    grid.gap = chosen->gap;
    grid.text = chosen->text;
    grid.columns = std::max(1, (width + chosen->gap) / (chosen->width + chosen->gap));
    grid.headerHeight = headerHeight;
    int top = 0;
    for (const int size : groupSizes) {
        grid.groupTop.push_back(top);
        const int rows = std::max(1, (size + grid.columns - 1) / grid.columns);
        top += headerHeight + rows * (grid.cellHeight + grid.gap) + heatmapGroupSpacing;
    }
    grid.height = top;
    return grid;
}

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

} // namespace ksv
