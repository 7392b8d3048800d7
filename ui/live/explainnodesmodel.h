#pragma once

// One scheduling attempt node by node, as `kschedviz explain` prints it: the Filter verdict, the
// plugin that rejected the node and why, and the total score of the nodes that were scored. The
// chosen node comes first, then the feasible nodes by score, then the rejected ones.

#include "explain.h"

#include <QAbstractTableModel>

namespace ksv {

class ExplainNodesModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { NodeColumn, VerdictColumn, PluginColumn, ReasonsColumn, ScoreColumn, ColumnCount };

    explicit ExplainNodesModel(QObject* parent = nullptr);
    void setReport(const ExplainReport& report);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString m_chosen;
    QList<ExplainNode> m_nodes;
};

} // namespace ksv
