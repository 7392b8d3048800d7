#pragma once

// Bookmarks: moments of a run a trainer marks (Ctrl+B) with a name, a note, the pod selected and
// what the window showed, to come back to with a click and to turn into a lesson's chapters. The
// model is a table of them in time order, names and notes editable in place.

#include "heatmapdata.h"
#include "scenario/scenario.h"

#include <QAbstractTableModel>
#include <QList>

namespace ksv {

struct Bookmark
{
    QString name;
    QString note;
    VirtualNanos time = 0;
    qsizetype position = -1; // the trace position the cursor was at (-1: go by time)
    QString pod;             // namespace/name; empty: none selected
    QStringList views;       // lesson view names (lesson/lesson.h) that were shown
    QString heatmap;         // the heatmap's colouring by its lesson name
    friend bool operator==(const Bookmark&, const Bookmark&) = default;
};

// The name a lesson gives a colouring (the inverse of heatmapModeNamed()).
QString heatmapModeName(const HeatmapMode& mode, const QStringList& measures);

class BookmarkModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { NameColumn, TimeColumn, PodColumn, NoteColumn, ColumnCount };

    explicit BookmarkModel(QObject* parent = nullptr);

    const QList<Bookmark>& bookmarks() const { return m_bookmarks; }
    void setBookmarks(QList<Bookmark> bookmarks); // sorted by time here
    // Inserts in time order (after the bookmarks at the same time); returns its row.
    int add(const Bookmark& bookmark);
    void remove(int row);
    const Bookmark& at(int row) const { return m_bookmarks.at(row); }
    int count() const { return int(m_bookmarks.size()); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    // Any change a user made (added, removed, renamed, noted): the file beside the scenario follows.
    void edited();

private:
    QList<Bookmark> m_bookmarks;
};

} // namespace ksv
