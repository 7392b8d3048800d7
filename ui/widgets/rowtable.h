#pragma once

// A read-only table for models of millions of one-line rows (the event log: every event of the
// scale sample's trace, 4.4 million). QTableView keeps a section per row in its vertical header and
// walks all of them when rows come or go and when it positions the next paint: with millions of
// rows, a seek that added or removed most of them took 20 to 40 ms in the header alone, and every
// frame of a playing run 4 to 5 ms. This view keeps nothing per row: every row is the same height,
// the vertical scroll bar counts rows, and a paint asks the model only for the visible rows' cells,
// drawn by the same PlainTextDelegate. Columns are a QHeaderView (a handful of sections) that the
// user resizes and reorders as in any table.
//
// Whole-row selection of one row at a time, kept as the current row: click, arrow keys, Page Up/Down,
// Home/End (with Ctrl: first and last row). Tooltips come from the model's ToolTipRole.

#include <QAbstractScrollArea>
#include <QModelIndex>

class QAbstractItemModel;
class QHeaderView;

namespace ksv {

class PlainTextDelegate;

class RowTable : public QAbstractScrollArea
{
    Q_OBJECT
public:
    explicit RowTable(QWidget* parent = nullptr);
    ~RowTable() override;

    void setModel(QAbstractItemModel* model);
    QAbstractItemModel* model() const { return m_model; }
    QHeaderView* header() const { return m_header; }
    void setColumnWidth(int column, int width);
    int rowHeight() const { return m_rowHeight; }

    // The current row's index in `column` 0, or an invalid index.
    QModelIndex currentIndex() const;
    // Makes the index's row current and scrolls it into view; says currentRowChanged() if it moved.
    void setCurrentIndex(const QModelIndex& index);
    void scrollToTop();
    void scrollToBottom();
    // Rows fully or partly visible from the first one shown.
    int firstVisibleRow() const;
    int visibleRowCount() const;
    // The row under a viewport position, or -1.
    int rowAt(int y) const;

Q_SIGNALS:
    // The current row changed (by the user or setCurrentIndex), with the index of the column
    // clicked (0 from the keyboard).
    void currentRowChanged(const QModelIndex& current);
    void doubleClicked(const QModelIndex& index);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool viewportEvent(QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    int rowCount() const;
    int columnAt(int x) const;
    void setCurrentRow(int row, int column);
    void ensureVisible(int row);
    void updateGeometries();
    void onRowsInserted(const QModelIndex& parent, int first, int last);
    void onRowsRemoved(const QModelIndex& parent, int first, int last);
    void onReset();

    QAbstractItemModel* m_model = nullptr;
    QHeaderView* m_header;
    PlainTextDelegate* m_delegate;
    int m_rowHeight = 0;
    int m_current = -1;
};

} // namespace ksv
