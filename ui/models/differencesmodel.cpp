#include "differencesmodel.h"

#include "format.h"

namespace ksv {

DifferencesModel::DifferencesModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void DifferencesModel::setDifferences(QList<PodDifference> differences)
{
    beginResetModel();
    m_differences = std::move(differences);
    endResetModel();
}

int DifferencesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_differences.size());
}

int DifferencesModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString DifferencesModel::changeText(PodDifference::Kind kind)
{
    switch (kind) {
    case PodDifference::Kind::Moved: return tr("moved");
    case PodDifference::Kind::OnlyA: return tr("bound before only");
    case PodDifference::Kind::OnlyB: return tr("bound after only");
    case PodDifference::Kind::Timing: return tr("bound at another time");
    case PodDifference::Kind::Message: return tr("pending, another message");
    }
    return {};
}

QVariant DifferencesModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const PodDifference& difference = m_differences[index.row()];
    if (role == PodKeyRole)
        return difference.pod;
    // A pod pending in both runs differs only in its words: the tooltip holds them.
    if (role == Qt::ToolTipRole && difference.kind == PodDifference::Kind::Message)
        return tr("Before: %1\nAfter: %2").arg(difference.messageA, difference.messageB);
    if (role != Qt::DisplayRole && role != SortRole && role != Qt::ToolTipRole)
        return {};
    const auto time = [role](const std::optional<VirtualNanos>& at) -> QVariant {
        if (role == SortRole)
            return at ? *at : qint64(-1);
        return at ? format::virtualTime(*at) : QString();
    };
    switch (Column(index.column())) {
    case PodColumn: return difference.pod;
    case ChangeColumn: return role == SortRole ? QVariant(int(difference.kind)) : QVariant(changeText(difference.kind));
    case NodeBeforeColumn: return difference.nodeA;
    case NodeAfterColumn: return difference.nodeB;
    case BoundBeforeColumn: return time(difference.scheduledA);
    case BoundAfterColumn: return time(difference.scheduledB);
    case ColumnCount: break;
    }
    return {};
}

QVariant DifferencesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case PodColumn: return tr("Pod");
    case ChangeColumn: return tr("Change");
    case NodeBeforeColumn: return tr("Node before");
    case NodeAfterColumn: return tr("Node after");
    case BoundBeforeColumn: return tr("Bound before at");
    case BoundAfterColumn: return tr("Bound after at");
    case ColumnCount: break;
    }
    return {};
}

} // namespace ksv
