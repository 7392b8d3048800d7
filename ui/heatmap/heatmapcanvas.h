#pragma once

// The painted part of HeatmapView: group headers and node cells in a grid that shrinks its cells to
// fit, a legend for the current mode, a banner when the mode has nothing to show, a scroll bar when
// even the smallest cells do not fit. Hit testing for clicks and tooltips; keyboard navigation
// (heatmapkeys.cpp); preemption marks (heatmapmarks.cpp). What it paints is the frame the view hands
// it (heatmapframe.h); a node the user picks goes back as a signal.

#include "heatmapframe.h"
#include "heatmapgrid.h"

#include <QRect>
#include <QWidget>
#include <span>
#include <vector>

class QScrollBar;

namespace ksv {

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
        enum Kind { Gradient, Swatch, Hollow, Outline, DashedOutline, Corner } kind = Swatch;
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
    // Preemption (heatmapmarks.cpp): the nominated node's ring and the victims' corner on a cell
    // filled with `fill`, their legend entries and their legend glyphs.
    void paintPreemptionMarks(QPainter& painter, qint32 node, const QRect& cell, const QColor& fill) const;
    void addPreemptionLegend(std::vector<LegendItem>& items) const;
    static void paintMarkGlyph(QPainter& painter, const LegendItem& item, const QRect& box, const QColor& fill);
    // Black or white, whichever reads on `background`.
    static QColor textOn(const QColor& background);
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
