#pragma once

// The painted part of HeatmapView: group headers and node cells in a grid that shrinks its cells to
// fit, a legend for the current mode, a banner when the mode has nothing to show, a scroll bar when
// even the smallest cells do not fit. Hit testing for clicks and tooltips; keyboard navigation
// (heatmapkeys.cpp). What it paints is the frame the view hands it (heatmapframe.h); a node the
// user picks goes back as a signal.

#include "heatmapframe.h"

#include <QRect>
#include <QWidget>
#include <span>
#include <vector>

class QScrollBar;

namespace ksv {

// Where the cells go: one column count for every group, each group a header line and then its
// cells row by row. Pure geometry, tested on its own.
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

class HeatmapCanvas : public QWidget
{
    Q_OBJECT
public:
    explicit HeatmapCanvas(QWidget* parent = nullptr);

    void setFrame(const HeatmapFrame& frame);
    // Lays the grid out again: after the groups, the banner or the mode changed, or on resize.
    void relayout();
    const HeatmapGrid& grid() const { return m_grid; }
    // The node under a point of the widget, or -1; and a node's cell in widget coordinates (empty
    // when scrolled out of view).
    qint32 nodeAt(QPoint position) const;
    QRect cellRect(qint32 node) const;

Q_SIGNALS:
    // A click or the keyboard chose a node.
    void nodeActivated(qint32 node);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool event(QEvent* event) override;

private:
    struct LegendItem
    {
        enum Kind { Gradient, Swatch, Hollow, Outline } kind = Swatch;
        QString label;
        QColor colour;
        QString low; // Gradient: the labels at its ends
        QString high;
    };
    std::vector<LegendItem> legendItems() const;
    int legendHeight(const std::vector<LegendItem>& items, int width) const;
    void paintLegend(QPainter& painter, const std::vector<LegendItem>& items) const;
    void paintGroupHeader(QPainter& painter, int group, const QRect& rect) const;
    QColor cellColour(qint32 node) const;
    static bool isNavigationKey(const QKeyEvent* event);
    void scrollToCell(qint32 node);
    QFont cellFont() const;
    const std::vector<NodeGroup>& nodeGroups() const;
    const CycleNodes& attempt() const; // the selected one

    HeatmapFrame m_frame;
    QScrollBar* m_bar;
    HeatmapGrid m_grid;
    QRect m_banner;
    QRect m_gridArea; // the viewport the grid scrolls in
    QRect m_legend;
    std::vector<int> m_groupOfNode; // by node: its group
    std::vector<int> m_positionOfNode; // by node: its index in the group
};

} // namespace ksv
