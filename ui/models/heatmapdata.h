#pragma once

// What the node heatmap shows, computed without widgets: nodes grouped by a label, each node's
// value in the chosen mode (a measure's requested over allocatable, or for one scheduling attempt
// the Filter verdict, the total score or one plugin's score), and the colours that encode them.
// One attempt's per-node results are read once from its span of the trace (CycleRecord's start
// and end events) into flat arrays indexed by node.

#include "trace/replay.h"

#include <QColor>

#include <optional>
#include <QString>
#include <QStringList>
#include <span>
#include <vector>

namespace ksv {

struct HeatmapMode
{
    // Capacity: how many copies of a pod each node took in the last "How Many More Fit" (its values
    // come from the view, not from the run).
    enum Kind : quint8 { Measure, Verdict, TotalScore, PluginScore, Capacity };
    Kind kind = Measure;
    int measure = trace::MeasureCpu; // Measure: index into ReplayCatalogue::measures()
    QString plugin; // PluginScore: the Score plugin's name
    bool isCycleMode() const { return kind == Verdict || kind == TotalScore || kind == PluginScore; }
    friend bool operator==(const HeatmapMode&, const HeatmapMode&) = default;
};

// A lesson's name for a colouring (docs/lessons.md): a measure ("cpu", "nvidia.com/gpu"), "verdict",
// "score" or "score:PLUGIN"; nullopt for a measure the run does not have.
std::optional<HeatmapMode> heatmapModeNamed(const QString& name, const QStringList& measures);

struct NodeGroup
{
    QString name; // the label's value; "" for nodes without the label
    std::vector<qint32> nodes; // in catalogue order
};
// Groups in value order, nodes without the label last; one group of every node for an empty key.
std::vector<NodeGroup> groupNodes(const trace::ReplayCatalogue& catalogue, const QString& labelKey);

// requested / allocatable of one measure at the state: NaN for a node that does not exist or offers
// none of it and has none requested (a GPU measure on a CPU node), +inf for requests without any
// allocatable (overcommitted by definition).
double utilization(const trace::ReplayState& state, qint32 node, int measure);

// The pods a node holds at the state: bound, binding or waiting on Permit there, in pod order.
std::vector<qint32> podsOnNode(const trace::ReplayState& state, qint32 node);

// A measure's amount as people read it: cores, binary bytes, or a plain count.
QString formatMeasure(const QString& measure, qint64 amount);

// One scheduling attempt's per-node Filter and Score results.
class CycleNodes
{
public:
    enum class Verdict : quint8 { NotEvaluated, Feasible, Rejected };
    struct Filter
    {
        Verdict verdict = Verdict::NotEvaluated;
        quint8 code = 0; // framework::Code
        qint32 plugin = -1; // string id of the rejecting plugin
        qint32 reasons = -1; // string id
    };
    struct Score
    {
        qint32 node = -1;
        qint32 plugin = -1; // string id
        qint64 raw = 0;
        qint32 normalized = 0;
        qint32 weight = 0;
    };

    // Reads the attempt `cycle` (an index into TraceIndex::cycles()) from the trace, up to position
    // `end` (the cursor: an attempt still running shows what it has found so far).
    void load(const trace::TraceIndex& index, qint32 cycle, qsizetype end);
    void clear();

    qint32 cycle() const { return m_cycle; }
    qsizetype end() const { return m_end; }
    // Whether the trace holds per-node detail for the attempt (runs with --no-node-detail do not, nor
    // cycles after a spent node detail budget).
    bool hasNodeDetail() const { return m_filterEvents + qsizetype(m_scores.size()) > 0; }
    // Whether the attempt's span is before the cursor at all.
    bool started() const { return m_started; }
    qint32 chosenNode() const { return m_chosen; }

    const Filter& filter(qint32 node) const;
    std::span<const Score> scores(qint32 node) const;
    // Sum of normalized score times weight, as prioritizeNodes totals it; NaN for an unscored node.
    double totalScore(qint32 node) const;
    // The plugin's normalized score; NaN when the plugin did not score the node.
    double pluginScore(qint32 node, const QString& plugin) const;

    qint32 feasibleCount() const { return m_feasible; }
    qint32 rejectedCount() const { return m_rejected; }
    // Rejecting plugins (string ids) with how many nodes each rejected, most first.
    const std::vector<std::pair<qint32, qint32>>& rejections() const { return m_rejections; }
    // Names of the plugins that scored in this attempt, sorted.
    const QStringList& scorePlugins() const { return m_scorePlugins; }

private:
    const trace::Trace* m_trace = nullptr;
    qint32 m_cycle = -1;
    qsizetype m_end = -1;
    bool m_started = false;
    qint32 m_chosen = -1;
    std::vector<Filter> m_filters; // by node
    std::vector<Score> m_scores; // sorted by node, then trace order
    std::vector<qint32> m_scoreOffsets; // by node: first index into m_scores; one past the end last
    qsizetype m_filterEvents = 0;
    qint32 m_feasible = 0;
    qint32 m_rejected = 0;
    std::vector<std::pair<qint32, qint32>> m_rejections;
    QStringList m_scorePlugins;
};

// The cluster a scheduling attempt saw: the run's state when the attempt began (before its
// CycleStart), with the nodes that existed then and what each held, as the attempt's snapshot had
// them. The attempt's verdicts and scores are drawn on it, not on the cluster at the cursor: a node
// added since was never evaluated, and one deleted since was (issue 20, finding 5).
class AttemptCluster
{
public:
    // The state before attempt `cycle` (an index into TraceIndex::cycles()) began, rebuilt only when
    // the attempt changed; null for no attempt and for one that begins at or after `end` (the cursor).
    const trace::ReplayState* load(const trace::TraceIndex& index, qint32 cycle, qsizetype end);
    // What the last load() returned.
    const trace::ReplayState* state() const { return m_shown ? &m_state : nullptr; }
    qint32 cycle() const { return m_cycle; }
    // Forgets the state (a new run: its index may live where the last one did).
    void clear();

private:
    qint32 m_cycle = -1;
    bool m_built = false; // m_state is the state before m_cycle
    bool m_shown = false;
    trace::ReplayState m_state;
};

// A node's value in `mode` (see HeatmapView::cellValue) on `state`, the cluster the map is drawn on:
// the cursor's for a measure, the attempt's (AttemptCluster) for its verdicts and scores. NaN for a
// node not in that cluster.
double heatmapValue(const HeatmapMode& mode, const trace::ReplayState& state, const CycleNodes& cycle, qint32 node);

// Colours. Every ramp starts close to the background (an empty node recedes, a full one stands
// out), so the same code reads on a light and on a dark palette.
QColor utilizationColor(double fraction, const QColor& background); // 0..1; above 1: overcommit
QColor overcommitColor();
QColor scoreColor(double fraction, const QColor& background); // 0..1 of the attempt's range
// Side by side: one node's requested/allocatable here minus in the other run (−1..1), saturating at
// ±differenceSaturation.
inline constexpr double differenceSaturation = 0.5;
// `values` minus `otherValues` at the node (both by node of the run shown); NaN where either is not a
// finite number (requests without allocatable are "over" on either side, not a number to subtract).
double nodeDifference(std::span<const double> values, std::span<const double> otherValues, qint32 node);
QColor differenceColor(double delta, const QColor& background);
QColor feasibleColor();
// A stable colour per rejecting Filter plugin, the same in every attempt.
QColor rejectionColor(const QString& plugin);
QColor missingColor(const QColor& background, const QColor& text); // n/a, not evaluated

} // namespace ksv
