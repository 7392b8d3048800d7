#pragma once

// One pod's attempt in two runs, node by node (docs/whatif.md, "Side by side"): the inspector's pane
// that says why a pod landed elsewhere. A row per node either attempt evaluated, matched by name:
// its Filter verdict and total score here and in the other run, and the Filter and Score plugins
// whose results differ ("NodeResourcesFit 58 → 71", weighted as the total adds them). A row where
// anything differs is marked. Sorting is a proxy's, by SortRole.

#include "heatmapdata.h"

#include <QAbstractTableModel>

namespace ksv {

class ComparedAttemptModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    // The why (the plugins that differ) before the totals: the pane is narrow beside two runs.
    enum Column { NodeColumn, VerdictHereColumn, VerdictThereColumn, DifferencesColumn, ScoreHereColumn, ScoreThereColumn, ColumnCount };
    enum Role {
        SortRole = Qt::UserRole + 1, // scores as numbers (-1 unscored), text otherwise
        DiffersRole,                 // bool: the verdict, the total or a plugin differs
        NodeRole,                    // the node's index in the run here, -1 when only the other has it
        OtherNodeRole,               // in the other run
    };

    // One side: attempt `cycle` (an index into index's cycles(), -1 for none) read up to `end`.
    struct Side
    {
        const trace::TraceIndex* index = nullptr;
        qint32 cycle = -1;
        qsizetype end = 0;
    };

    explicit ComparedAttemptModel(QObject* parent = nullptr);

    void setAttempts(const Side& here, const Side& there);
    void clear();
    // Only the nodes where something differs.
    void setDifferingOnly(bool on);
    bool differingOnly() const { return m_differingOnly; }

    // The attempt on each side in a line: "attempt 2: bound to node-3", "attempt 1: 0/5 nodes are
    // available: …", "no attempt".
    QString outcomeHere() const { return m_outcomeHere; }
    QString outcomeThere() const { return m_outcomeThere; }
    int differingCount() const { return m_differing; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        QString node;
        qint32 here = -1;
        qint32 there = -1;
        QString verdictHere;
        QString verdictThere;
        double scoreHere = -1; // -1: not scored
        double scoreThere = -1;
        QString differences;
        bool differs = false;
    };
    void rebuild();

    Side m_here;
    Side m_there;
    CycleNodes m_nodesHere;
    CycleNodes m_nodesThere;
    QString m_outcomeHere;
    QString m_outcomeThere;
    bool m_differingOnly = false;
    int m_differing = 0;
    std::vector<Row> m_rows;
};

} // namespace ksv
