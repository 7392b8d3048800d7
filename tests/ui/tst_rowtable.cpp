// RowTable, the event log's table for millions of rows: scrolling counts rows, the current row
// follows inserts and removals, the keyboard and the mouse choose rows, and cells paint the model's
// text, with nothing kept per row.
#include "rowtable.h"

#include <QAbstractTableModel>
#include <QHeaderView>
#include <QImage>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>

using namespace ksv;

namespace {

// Rows computed on the fly: "r<row>c<column>".
class CountingModel : public QAbstractTableModel
{
public:
    int rows = 0;
    int rowCount(const QModelIndex& parent = {}) const override { return parent.isValid() ? 0 : rows; }
    int columnCount(const QModelIndex& parent = {}) const override { return parent.isValid() ? 0 : 3; }
    QVariant data(const QModelIndex& index, int role) const override
    {
        if (role == Qt::DisplayRole || role == Qt::ToolTipRole)
            return QStringLiteral("r%1c%2").arg(index.row()).arg(index.column());
        return {};
    }
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override
    {
        return orientation == Qt::Horizontal && role == Qt::DisplayRole ? QVariant(QStringLiteral("Column %1").arg(section)) : QVariant();
    }
    void append(int count)
    {
        beginInsertRows({}, rows, rows + count - 1);
        rows += count;
        endInsertRows();
    }
    void prepend(int count)
    {
        beginInsertRows({}, 0, count - 1);
        rows += count;
        endInsertRows();
    }
    void reset(int count)
    {
        beginResetModel();
        rows = count;
        endResetModel();
    }
    void removeTail(int count)
    {
        beginRemoveRows({}, rows - count, rows - 1);
        rows -= count;
        endRemoveRows();
    }
};

// A table over `rows` computed rows, shown at `size`.
struct Shown
{
    CountingModel model;
    RowTable table;
    Shown(int rows, QSize size)
    {
        model.rows = rows;
        table.setModel(&model);
        table.resize(size);
        table.show();
    }
};

} // namespace

class TestRowTable : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void scrollsByRowsOverMillions()
    {
        Shown shown(4'000'000, QSize(600, 400));
        CountingModel& model = shown.model;
        RowTable& table = shown.table;
        QVERIFY(QTest::qWaitForWindowExposed(&table));
        const int full = table.viewport()->height() / table.rowHeight();
        QVERIFY(full > 5);
        QCOMPARE(table.verticalScrollBar()->maximum(), model.rows - full);
        QCOMPARE(table.verticalScrollBar()->pageStep(), full);
        table.scrollToBottom();
        QCOMPARE(table.firstVisibleRow(), model.rows - full);
        QCOMPARE(table.rowAt(0), model.rows - full);
        QCOMPARE(table.rowAt((full - 1) * table.rowHeight()), model.rows - 1);
        QCOMPARE(table.rowAt(full * table.rowHeight() + 1), -1); // below the last row

        // Three million rows go and come back: the range follows.
        model.removeTail(3'000'000);
        QCOMPARE(table.verticalScrollBar()->maximum(), model.rows - full);
        QCOMPARE(table.verticalScrollBar()->value(), table.verticalScrollBar()->maximum());
        model.append(3'000'000);
        QCOMPARE(table.verticalScrollBar()->maximum(), 4'000'000 - full);
    }

    void currentRowFollowsInsertsAndRemovals()
    {
        CountingModel model;
        model.rows = 100;
        RowTable table;
        table.setModel(&model);
        table.resize(400, 300);
        QSignalSpy changed(&table, &RowTable::currentRowChanged);
        table.setCurrentIndex(model.index(40, 2));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.last().at(0).toModelIndex(), model.index(40, 2));
        QCOMPARE(table.currentIndex(), model.index(40, 0));
        table.setCurrentIndex(model.index(40, 1)); // same row: no signal
        QCOMPARE(changed.count(), 1);

        model.append(50); // after it
        QCOMPARE(table.currentIndex().row(), 40);
        model.prepend(10); // before it
        QCOMPARE(table.currentIndex().row(), 50);
        model.removeTail(20); // after it
        QCOMPARE(table.currentIndex().row(), 50);
        model.removeTail(model.rows - 45); // with it
        QVERIFY(!table.currentIndex().isValid());
        QCOMPARE(changed.count(), 1); // the model's changes are not the user's choice

        table.setCurrentIndex(model.index(3, 0));
        model.reset(5);
        QVERIFY(!table.currentIndex().isValid());
    }

    void keyboardAndMouseChooseRows()
    {
        Shown shown(1000, QSize(400, 300));
        CountingModel& model = shown.model;
        RowTable& table = shown.table;
        QVERIFY(QTest::qWaitForWindowExposed(&table));
        const int full = table.viewport()->height() / table.rowHeight();

        QTest::keyClick(&table, Qt::Key_Down);
        QCOMPARE(table.currentIndex().row(), 0);
        QTest::keyClick(&table, Qt::Key_Down);
        QCOMPARE(table.currentIndex().row(), 1);
        QTest::keyClick(&table, Qt::Key_PageDown);
        QCOMPARE(table.currentIndex().row(), 1 + full);
        QVERIFY(table.firstVisibleRow() > 0); // scrolled to show it
        QTest::keyClick(&table, Qt::Key_End);
        QCOMPARE(table.currentIndex().row(), 999);
        QCOMPARE(table.firstVisibleRow(), 1000 - full);
        QTest::keyClick(&table, Qt::Key_Home);
        QCOMPARE(table.currentIndex().row(), 0);
        QCOMPARE(table.firstVisibleRow(), 0);
        QTest::keyClick(&table, Qt::Key_Up); // stays at the first row
        QCOMPARE(table.currentIndex().row(), 0);

        // A click on the third row's second column.
        QSignalSpy changed(&table, &RowTable::currentRowChanged);
        const int x = table.header()->sectionViewportPosition(1) + 5;
        QTest::mouseClick(table.viewport(), Qt::LeftButton, {}, QPoint(x, 2 * table.rowHeight() + 3));
        QCOMPARE(table.currentIndex().row(), 2);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.last().at(0).toModelIndex(), model.index(2, 1));
        QSignalSpy activated(&table, &RowTable::doubleClicked);
        QTest::mouseDClick(table.viewport(), Qt::LeftButton, {}, QPoint(x, 4 * table.rowHeight() + 3));
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.last().at(0).toModelIndex(), model.index(4, 1));
    }

    void paintsTheVisibleCells()
    {
        Shown shown(2'000'000, QSize(500, 300));
        CountingModel& model = shown.model;
        RowTable& table = shown.table;
        QVERIFY(QTest::qWaitForWindowExposed(&table));
        table.scrollToBottom();
        table.setCurrentIndex(model.index(model.rows - 1, 0));
        const QImage image = table.grab().toImage();
        QCOMPARE(image.size(), table.size() * table.devicePixelRatio());
        // The current row is drawn in the highlight colour somewhere along its height.
        const int y = table.viewport()->mapTo(&table, QPoint(0, (table.currentIndex().row() - table.firstVisibleRow()) * table.rowHeight()
                                                              + table.rowHeight() / 2)).y();
        const QColor highlight = table.palette().color(QPalette::Active, QPalette::Highlight);
        const QColor inactive = table.palette().color(QPalette::Inactive, QPalette::Highlight);
        bool found = false;
        for (int x = 0; x < image.width() && !found; ++x) {
            const QColor pixel = image.pixelColor(x, int(y * table.devicePixelRatio()));
            found = pixel == highlight || pixel == inactive;
        }
        QVERIFY(found);
        // Columns resize like any table's: the header says where each one is.
        table.header()->resizeSection(0, 150);
        QCOMPARE(table.header()->sectionSize(0), 150);
        QCOMPARE(table.header()->sectionViewportPosition(1), 150);
    }
};

QTEST_MAIN(TestRowTable)
#include "tst_rowtable.moc"
