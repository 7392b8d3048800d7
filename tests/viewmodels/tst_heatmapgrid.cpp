// The heatmap's grid, row by row: the cells are as large as lets every group fit, down to the
// smallest, which scroll; the arrow keys move across group ends and into the next group's row.
#include "heatmapgrid.h"

#include <QSize>
#include <QTest>

#include <array>

using namespace ksv;

class TestHeatmapGrid : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void layoutFits_data()
    {
        QTest::addColumn<QList<int>>("groups");
        QTest::addColumn<QSize>("area");
        QTest::addColumn<bool>("text");
        QTest::newRow("9 nodes") << QList<int> { 3, 3, 3 } << QSize(800, 500) << true;
        QTest::newRow("500 nodes") << QList<int> { 100, 100, 100, 100, 100 } << QSize(900, 600) << false;
        QTest::newRow("5000 nodes") << QList<int> { 1000, 1000, 1000, 1000, 1000 } << QSize(1000, 620) << false;
        QTest::newRow("5000 in one") << QList<int> { 5000 } << QSize(900, 500) << false;
    }
    void layoutFits()
    {
        QFETCH(QList<int>, groups);
        QFETCH(QSize, area);
        QFETCH(bool, text);
        const HeatmapGrid grid = layoutHeatmap(groups, area.width(), area.height(), 20, 36);
        QVERIFY(grid.height <= area.height());
        QVERIFY(grid.cellWidth >= heatmapMinCell);
        QCOMPARE(grid.text, text);
        QVERIFY(grid.columns * (grid.cellWidth + grid.gap) - grid.gap <= area.width());
        // The next larger square would not have fitted: the cells are as large as they can be.
        if (!grid.text && grid.cellWidth < 30) {
            const HeatmapGrid tighter = layoutHeatmap(groups, area.width(), area.height() - 1, 20, 36);
            QVERIFY(tighter.cellWidth <= grid.cellWidth);
        }
    }

    void layoutScrollsWhenTooSmall()
    {
        const QList<int> groups { 5000 };
        const HeatmapGrid grid = layoutHeatmap(groups, 200, 100, 20, 36);
        QCOMPARE(grid.cellWidth, heatmapMinCell);
        QVERIFY(grid.height > 100);
    }

    // Arrow keys on the grid: groups of 5, 3, 0 and 4 cells, 2 columns.
    void keyboardSteps_data()
    {
        QTest::addColumn<int>("group");
        QTest::addColumn<int>("position");
        QTest::addColumn<int>("key");
        QTest::addColumn<int>("toGroup");
        QTest::addColumn<int>("toPosition");
        QTest::newRow("right within") << 0 << 0 << int(Qt::Key_Right) << 0 << 1;
        QTest::newRow("right across the end") << 0 << 4 << int(Qt::Key_Right) << 1 << 0;
        QTest::newRow("left across the start") << 1 << 0 << int(Qt::Key_Left) << 0 << 4;
        QTest::newRow("left at the first cell") << 0 << 0 << int(Qt::Key_Left) << -1 << -1;
        QTest::newRow("down within") << 0 << 1 << int(Qt::Key_Down) << 0 << 3;
        QTest::newRow("down to the short last row") << 0 << 3 << int(Qt::Key_Down) << 0 << 4;
        QTest::newRow("down into the next group") << 0 << 4 << int(Qt::Key_Down) << 1 << 0;
        QTest::newRow("down skips an empty group") << 1 << 2 << int(Qt::Key_Down) << 3 << 0;
        QTest::newRow("down, same column") << 1 << 1 << int(Qt::Key_Down) << 1 << 2;
        QTest::newRow("up into the previous group's last row") << 1 << 1 << int(Qt::Key_Up) << 0 << 4;
        QTest::newRow("up skips an empty group") << 3 << 1 << int(Qt::Key_Up) << 1 << 2;
        QTest::newRow("up at the top") << 0 << 1 << int(Qt::Key_Up) << -1 << -1;
        QTest::newRow("down at the bottom") << 3 << 2 << int(Qt::Key_Down) << -1 << -1;
        QTest::newRow("right at the last cell") << 3 << 3 << int(Qt::Key_Right) << -1 << -1;
        QTest::newRow("home") << 1 << 2 << int(Qt::Key_Home) << 0 << 0;
        QTest::newRow("end") << 1 << 2 << int(Qt::Key_End) << 3 << 3;
    }
    void keyboardSteps()
    {
        QFETCH(int, group);
        QFETCH(int, position);
        QFETCH(int, key);
        QFETCH(int, toGroup);
        QFETCH(int, toPosition);
        const std::array<int, 4> sizes {5, 3, 0, 4};
        const HeatmapCell to = heatmapStep(sizes, 2, {group, position}, key);
        QCOMPARE(to.group, toGroup);
        QCOMPARE(to.position, toPosition);
    }
};

QTEST_GUILESS_MAIN(TestHeatmapGrid)
#include "tst_heatmapgrid.moc"
