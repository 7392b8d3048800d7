#include "bookmarks.h"

#include "format.h"

#include <algorithm>

namespace ksv {

QString heatmapModeName(const HeatmapMode& mode, const QStringList& measures)
{
    switch (mode.kind) {
    case HeatmapMode::Verdict: return QStringLiteral("verdict");
    case HeatmapMode::TotalScore: return QStringLiteral("score");
    case HeatmapMode::PluginScore: return QStringLiteral("score:") + mode.plugin;
    case HeatmapMode::Measure: return measures.value(mode.measure);
    case HeatmapMode::Capacity: return measures.value(0); // a capacity answer is not kept with a bookmark
    }
    return {};
}

BookmarkModel::BookmarkModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void BookmarkModel::setBookmarks(QList<Bookmark> bookmarks)
{
    beginResetModel();
    m_bookmarks = std::move(bookmarks);
    std::stable_sort(m_bookmarks.begin(), m_bookmarks.end(), [](const Bookmark& a, const Bookmark& b) { return a.time < b.time; });
    endResetModel();
}

int BookmarkModel::add(const Bookmark& bookmark)
{
    const auto place = std::upper_bound(m_bookmarks.begin(), m_bookmarks.end(), bookmark.time,
                                        [](VirtualNanos time, const Bookmark& other) { return time < other.time; });
    const int row = int(place - m_bookmarks.begin());
    beginInsertRows({}, row, row);
    m_bookmarks.insert(row, bookmark);
    endInsertRows();
    Q_EMIT edited();
    return row;
}

void BookmarkModel::remove(int row)
{
    if (row < 0 || row >= count())
        return;
    beginRemoveRows({}, row, row);
    m_bookmarks.removeAt(row);
    endRemoveRows();
    Q_EMIT edited();
}

int BookmarkModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : count();
}

int BookmarkModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BookmarkModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Bookmark& bookmark = m_bookmarks.at(index.row());
    if (role == Qt::DisplayRole || role == Qt::EditRole) {
        switch (Column(index.column())) {
        case NameColumn: return bookmark.name;
        case TimeColumn: return format::virtualTime(bookmark.time);
        case PodColumn: return bookmark.pod;
        case NoteColumn: return bookmark.note;
        case ColumnCount: break;
        }
    }
    if (role == Qt::ToolTipRole && index.column() == NoteColumn && !bookmark.note.isEmpty())
        return bookmark.note;
    return {};
}

bool BookmarkModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    Bookmark& bookmark = m_bookmarks[index.row()];
    QString* field = index.column() == NameColumn ? &bookmark.name : index.column() == NoteColumn ? &bookmark.note : nullptr;
    if (!field)
        return false;
    const QString text = value.toString();
    if (*field == text)
        return true;
    if (index.column() == NameColumn && text.trimmed().isEmpty())
        return false; // a bookmark keeps a name: it is a chapter's title
    *field = text;
    Q_EMIT dataChanged(index, index, {Qt::DisplayRole, Qt::EditRole});
    Q_EMIT edited();
    return true;
}

Qt::ItemFlags BookmarkModel::flags(const QModelIndex& index) const
{
    Qt::ItemFlags flags = QAbstractTableModel::flags(index);
    if (index.isValid() && (index.column() == NameColumn || index.column() == NoteColumn))
        flags |= Qt::ItemIsEditable;
    return flags;
}

QVariant BookmarkModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case NameColumn: return tr("Name");
    case TimeColumn: return tr("Time");
    case PodColumn: return tr("Pod");
    case NoteColumn: return tr("Note");
    case ColumnCount: break;
    }
    return {};
}

} // namespace ksv
