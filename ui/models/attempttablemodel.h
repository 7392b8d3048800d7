#pragma once

// One scheduling attempt, node by node: each node's Filter verdict (and the plugin that rejected
// it, with its reason), each Score plugin's contribution, the total selectHost compared and the
// node it chose. Read from the cycle's FilterNodes and ScoreNodes blocks; the per-pod extension
// points (PreFilter, PostFilter, Reserve, Permit, binding) and the cycle's outcome are kept
// alongside for the inspector's summary.

#include "framework/interface.h"
#include "framework/status.h"
#include "trace/replay.h"

#include <QAbstractTableModel>
#include <QHash>

#include <vector>

namespace ksv {

class AttemptTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    // The fixed columns: the node, its Filter verdict and its total score, next to each other so
    // that the verdict and the total stay in view however many Score plugins ran. After them one
    // column per Score plugin (in the order the plugins ran), then the rejecting plugin and its
    // reason, last so that long reasons can take the rest of the width.
    enum Column { NodeColumn, VerdictColumn, TotalColumn, FixedColumnCount };
    enum Role {
        SortRole = Qt::UserRole,
        FilterRole,      // the node's name
        NodeRole,        // catalogue node index, or -1
        FeasibleRole,    // bool
        ChosenRole,      // bool
        TotalRole,       // qint64 sum of normalized × weight; -1 if the node was not scored
        RawRole,         // score columns: qint64, or invalid when the node was not scored
        NormalizedRole,  // score columns
        WeightRole,      // score columns
    };
    // What a score column shows. Weighted is normalized × weight, the summands of the total that
    // selectHost compares, so the columns add up to Total; the tooltip always has all three.
    enum class ScoreMode { Weighted, Normalized, Raw };

    struct PluginResult
    {
        qint64 position = 0;
        VirtualNanos time = 0;
        framework::ExtensionPoint point = framework::ExtensionPoint::PreFilter;
        framework::Code code = framework::Code::Success;
        QString plugin;
        QString reasons;
    };

    explicit AttemptTableModel(const trace::TraceIndex* index, QObject* parent = nullptr);

    // A new run: drops the cycle.
    void setIndex(const trace::TraceIndex* index);
    // An index into TraceIndex::cycles(), or -1 for none.
    void setCycle(qint32 cycleIndex);
    qint32 cycle() const { return m_cycle; }
    // Only events before this trace position are shown, so stepping through a cycle fills the
    // table in. Negative: everything indexed.
    void setLimit(qsizetype position);
    qsizetype limit() const { return m_limit; }
    void setScoreMode(ScoreMode mode);
    ScoreMode scoreMode() const { return m_scoreMode; }
    // Adds the nodes that existed when the cycle began but were not evaluated (upstream stops
    // after numFeasibleNodesToFind, and PreFilter may narrow the nodes).
    void setShowUnevaluated(bool show);
    bool showUnevaluated() const { return m_showUnevaluated; }

    // Score plugins of the cycle and where their columns are.
    int scorePluginCount() const { return int(m_scorePlugins.size()); }
    QString scorePlugin(int plugin) const { return m_scorePlugins.at(plugin); }
    int scoreColumn(int plugin) const { return FixedColumnCount + plugin; }
    int rejectedByColumn() const { return FixedColumnCount + scorePluginCount(); }
    int reasonColumn() const { return rejectedByColumn() + 1; }
    int rowOfNode(const QString& name) const;

    // The cycle at the limit.
    const trace::CycleRecord* record() const;
    bool hasNodeDetail() const { return m_filterEvents > 0; } // the trace has the cycle's FilterNodes block
    bool isStarted() const { return m_started; }
    bool isFinished() const { return m_finished; }          // its CycleEnd is before the limit
    framework::Code resultCode() const { return m_resultCode; }
    QString message() const { return m_message; }            // the FailedScheduling message
    QString chosenNode() const { return m_chosenNode; }
    qint32 evaluated() const { return m_evaluated; }
    qint32 feasible() const { return m_feasible; }
    int chosenRow() const { return m_chosenRow; }
    // When the pod had a nominated node, findNodesThatFitPod tries it alone first and, if it does
    // not fit, every node (that one again): the row keeps the second verdict, this the first.
    int nominatedFirstRow() const { return m_nominatedFirstRow; }
    framework::Code nominatedFirstCode() const { return m_nominatedFirstCode; }
    QString nominatedFirstReason() const { return m_nominatedFirstReason; }
    // The preemption PostFilter prepared in this cycle: the node the pod was nominated to and the
    // victims (pod keys); empty when there was none.
    QString preemptionNode() const { return m_preemptionNode; }
    const QStringList& victims() const { return m_victims; }
    // Per-pod extension point results of the cycle, binding cycle included, in order.
    const QList<PluginResult>& pluginResults() const { return m_pluginResults; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    // The summary (outcome, plugin results, counts) changed along with the rows.
    void summaryChanged();

private:
    struct Row
    {
        QString node;
        qint32 nodeIndex = -1;
        QString rejectedBy;
        QString reason;
        qint64 total = 0;
        framework::Code code = framework::Code::Success;
        bool evaluated = false;
        bool scored = false;
        bool chosen = false;
    };
    struct Score
    {
        qint64 raw = 0;
        qint32 normalized = 0;
        qint32 weight = 0;
        bool set = false;
    };

    // Starts over for a new cycle or run.
    void forget();
    // Gathers the cycle's events that the index added since the last call.
    void collect();
    void rebuild();
    void build();
    qsizetype effectiveLimit() const;
    // How many of the cycle's events lie before the limit: the rows change only when it does.
    qsizetype visibleEvents() const;
    const Score* score(int row, int plugin) const;
    qint64 shownScore(const Score& score) const;
    QVariant displayData(const Row& row, int rowIndex, int column) const;
    QVariant sortData(const Row& row, int rowIndex, int column) const;

    const trace::TraceIndex* m_index;
    qint32 m_cycle = -1;
    qsizetype m_limit = -1;
    ScoreMode m_scoreMode = ScoreMode::Weighted;
    bool m_showUnevaluated = false;

    std::vector<Row> m_rows;
    std::vector<Score> m_scores; // rows × score plugins
    QStringList m_scorePlugins;
    std::vector<qint32> m_pluginWeights;
    std::vector<qint64> m_eventPositions; // the cycle's events (its own and its pod's PluginResults), sorted
    qsizetype m_collectedUpTo = 0;        // trace positions below this were gathered
    size_t m_podEventsSeen = 0;           // entries of podEvents(pod) gathered
    qsizetype m_shownEvents = 0;          // how many of them were before the limit
    std::vector<qint32> m_existingNodes;  // nodes that existed when the cycle began (computed on demand)
    QList<PluginResult> m_pluginResults;
    qint32 m_filterEvents = 0; // nodes in the FilterNodes blocks read
    bool m_started = false;
    bool m_finished = false;
    framework::Code m_resultCode = framework::Code::Success;
    QString m_message;
    QString m_chosenNode;
    qint32 m_evaluated = 0;
    qint32 m_feasible = 0;
    int m_chosenRow = -1;
    int m_nominatedFirstRow = -1;
    framework::Code m_nominatedFirstCode = framework::Code::Success;
    QString m_nominatedFirstReason;
    QString m_preemptionNode;
    QStringList m_victims;
};

} // namespace ksv
