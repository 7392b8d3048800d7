#include "explainnodesmodel.h"

#include <QFont>

#include <algorithm>

namespace ksv {

ExplainNodesModel::ExplainNodesModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void ExplainNodesModel::setReport(const ExplainReport& report)
{
    beginResetModel();
    m_chosen = report.node;
    m_nodes = report.nodes;
    std::stable_sort(m_nodes.begin(), m_nodes.end(), [this](const ExplainNode& a, const ExplainNode& b) {
        const auto rank = [this](const ExplainNode& node) { return node.name == m_chosen ? 0 : node.code == QLatin1String("Success") ? 1 : 2; };
        if (rank(a) != rank(b))
            return rank(a) < rank(b);
        return a.scored && b.scored && a.total > b.total;
    });
    endResetModel();
}

int ExplainNodesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_nodes.size());
}

int ExplainNodesModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ExplainNodesModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_nodes.size())
        return {};
    const ExplainNode& node = m_nodes[index.row()];
    if (role == Qt::FontRole && node.name == m_chosen) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::TextAlignmentRole && index.column() == ScoreColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case NodeColumn:
        return node.name == m_chosen ? tr("%1 (chosen)").arg(node.name) : node.name;
    case VerdictColumn:
        return node.code;
    case PluginColumn:
        return node.plugin;
    case ReasonsColumn:
        return node.reasons.join(QStringLiteral("; "));
    case ScoreColumn:
        return node.scored ? QVariant(node.total) : QVariant();
    default:
        return {};
    }
}

QVariant ExplainNodesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NodeColumn:
        return tr("Node");
    case VerdictColumn:
        return tr("Filter");
    case PluginColumn:
        return tr("Rejected by");
    case ReasonsColumn:
        return tr("Reasons");
    case ScoreColumn:
        return tr("Score");
    default:
        return {};
    }
}

} // namespace ksv
