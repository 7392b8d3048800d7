#include "heatmapdata.h"

#include "api/resources.h"
#include "colormix.h"
#include "format.h"
#include "framework/status.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>
#include <limits>

namespace ksv {

std::optional<HeatmapMode> heatmapModeNamed(const QString& name, const QStringList& measures)
{
    if (name == QLatin1String("verdict"))
        return HeatmapMode {HeatmapMode::Verdict, trace::MeasureCpu, {}};
    if (name == QLatin1String("score"))
        return HeatmapMode {HeatmapMode::TotalScore, trace::MeasureCpu, {}};
    if (name.startsWith(QLatin1String("score:")) && name.size() > 6)
        return HeatmapMode {HeatmapMode::PluginScore, trace::MeasureCpu, name.mid(6)};
    if (const qsizetype measure = measures.indexOf(name); measure >= 0)
        return HeatmapMode {HeatmapMode::Measure, int(measure), {}};
    return std::nullopt;
}

using trace::PodLocation;

std::vector<NodeGroup> groupNodes(const trace::ReplayCatalogue& catalogue, const QString& labelKey)
{
    if (labelKey.isEmpty()) {
        NodeGroup all;
        all.nodes.resize(size_t(catalogue.nodeCount()));
        for (qint32 node = 0; node < catalogue.nodeCount(); ++node)
            all.nodes[size_t(node)] = node;
        return { all };
    }
    std::vector<std::pair<QString, qint32>> values;
    values.reserve(size_t(catalogue.nodeCount()));
    for (qint32 node = 0; node < catalogue.nodeCount(); ++node)
        values.emplace_back(catalogue.nodeLabel(node, labelKey), node);
    // Stable: nodes keep catalogue order inside a group. Nodes without the label go last.
    std::stable_sort(values.begin(), values.end(), [](const auto& a, const auto& b) {
        if (a.first.isEmpty() != b.first.isEmpty())
            return b.first.isEmpty();
        return a.first < b.first;
    });
    std::vector<NodeGroup> groups;
    for (const auto& [value, node] : values) {
        if (groups.empty() || groups.back().name != value)
            groups.push_back({ value, {} });
        groups.back().nodes.push_back(node);
    }
    return groups;
}

double utilization(const trace::ReplayState& state, qint32 node, int measure)
{
    if (node < 0 || size_t(node) >= state.nodeSpec.size() || !state.nodeExists(node) || measure < 0
        || measure >= state.measureCount)
        return std::numeric_limits<double>::quiet_NaN();
    const qint64 requested = state.requested(node, measure);
    const qint64 allocatable = state.allocatable(node, measure);
    if (allocatable <= 0)
        return requested > 0 ? std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
    return double(requested) / double(allocatable);
}

std::vector<qint32> podsOnNode(const trace::ReplayState& state, qint32 node)
{
    std::vector<qint32> pods;
    for (qint32 pod = 0; pod < qint32(state.pods.size()); ++pod) {
        const trace::PodRow& row = state.pods[size_t(pod)];
        if (row.node == node
            && (row.location == PodLocation::Bound || row.location == PodLocation::Binding
                || row.location == PodLocation::WaitingOnPermit))
            pods.push_back(pod);
    }
    return pods;
}

QString formatMeasure(const QString& measure, qint64 amount)
{
    if (measure == ResourceName::cpu)
        return format::cpu(amount);
    if (measure == ResourceName::memory || measure == ResourceName::ephemeralStorage || isHugePageResourceName(measure))
        return format::bytes(amount);
    return QString::number(amount);
}

// ---- CycleNodes -----------------------------------------------------------------------------------

void CycleNodes::clear()
{
    *this = CycleNodes();
}

void CycleNodes::load(const trace::TraceIndex& index, qint32 cycle, qsizetype end)
{
    clear();
    m_trace = &index.trace();
    m_cycle = cycle;
    m_end = end;
    const qint32 nodeCount = index.catalogue().nodeCount();
    m_filters.assign(size_t(nodeCount), {});
    m_scoreOffsets.assign(size_t(nodeCount) + 1, 0);
    if (cycle < 0 || size_t(cycle) >= index.cycles().size())
        return;
    const trace::CycleRecord& record = index.cycles()[size_t(cycle)];
    const qsizetype stop = std::min(end, record.endEvent >= 0 ? qsizetype(record.endEvent) + 1 : end);
    m_started = qsizetype(record.startEvent) < end;
    std::vector<std::pair<qint32, qint32>> rejections; // plugin, count
    for (qsizetype position = record.startEvent; position < stop; ++position) {
        const trace::Event& event = m_trace->at(position);
        if (event.cycle() != record.cycle)
            continue; // a binding cycle of another pod running alongside
        if (event.kind() == trace::EventKind::FilterNodes) {
            const trace::FilterNodes block = m_trace->filterNodes(event);
            m_filterEvents += block.size();
            block.forEach([&](qint32 nodeString, const trace::FilterRejection& verdict) {
                const qint32 node = index.nodeOf(nodeString);
                if (node < 0)
                    return;
                Filter& filter = m_filters[size_t(node)];
                filter.code = verdict.code;
                filter.plugin = verdict.plugin;
                filter.reasons = verdict.text;
                filter.verdict = verdict.code == quint8(framework::Code::Success) ? Verdict::Feasible : Verdict::Rejected;
            });
        } else if (event.kind() == trace::EventKind::ScoreNodes) {
            const trace::ScoreNodes block = m_trace->scoreNodes(event);
            for (qsizetype n = 0; n < block.size(); ++n) {
                const qint32 node = index.nodeOf(block.node(n));
                if (node < 0)
                    continue;
                for (int p = 0; p < block.pluginCount(); ++p)
                    m_scores.push_back({node, block.plugin(p), block.raw(n, p), qint32(block.normalized(n, p)), block.weight(p)});
            }
        } else if (event.kind() == trace::EventKind::CycleEnd) {
            m_chosen = index.nodeOf(event.node());
        }
    }
    for (const Filter& filter : m_filters) {
        if (filter.verdict == Verdict::Feasible) {
            ++m_feasible;
        } else if (filter.verdict == Verdict::Rejected) {
            ++m_rejected;
            auto it = std::find_if(
                rejections.begin(), rejections.end(), [&](const auto& r) { return r.first == filter.plugin; });
            if (it == rejections.end())
                rejections.emplace_back(filter.plugin, 1);
            else
                ++it->second;
        }
    }
    std::stable_sort(
        rejections.begin(), rejections.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    m_rejections = std::move(rejections);

    std::stable_sort(m_scores.begin(), m_scores.end(), [](const Score& a, const Score& b) { return a.node < b.node; });
    for (const Score& score : m_scores)
        ++m_scoreOffsets[size_t(score.node) + 1];
    for (size_t node = 0; node < size_t(nodeCount); ++node)
        m_scoreOffsets[node + 1] += m_scoreOffsets[node];
    std::vector<qint32> plugins;
    for (const Score& score : m_scores) {
        if (std::find(plugins.begin(), plugins.end(), score.plugin) == plugins.end())
            plugins.push_back(score.plugin);
    }
    for (const qint32 plugin : plugins)
        m_scorePlugins.append(m_trace->string(plugin));
    m_scorePlugins.sort();
}

const CycleNodes::Filter& CycleNodes::filter(qint32 node) const
{
    static const Filter none;
    return node >= 0 && size_t(node) < m_filters.size() ? m_filters[size_t(node)] : none;
}

std::span<const CycleNodes::Score> CycleNodes::scores(qint32 node) const
{
    if (node < 0 || size_t(node) + 1 >= m_scoreOffsets.size())
        return {};
    return std::span<const Score>(m_scores).subspan(
        size_t(m_scoreOffsets[size_t(node)]), size_t(m_scoreOffsets[size_t(node) + 1] - m_scoreOffsets[size_t(node)]));
}

double CycleNodes::totalScore(qint32 node) const
{
    const auto entries = scores(node);
    if (entries.empty())
        return std::numeric_limits<double>::quiet_NaN();
    double total = 0;
    for (const Score& score : entries)
        total += double(score.normalized) * double(score.weight);
    return total;
}

double CycleNodes::pluginScore(qint32 node, const QString& plugin) const
{
    for (const Score& score : scores(node)) {
        if (m_trace->string(score.plugin) == plugin)
            return double(score.normalized);
    }
    return std::numeric_limits<double>::quiet_NaN();
}

// ---- AttemptCluster -------------------------------------------------------------------------------

const trace::ReplayState* AttemptCluster::load(const trace::TraceIndex& index, qint32 cycle, qsizetype end)
{
    m_shown = false;
    if (cycle < 0 || size_t(cycle) >= index.cycles().size())
        return nullptr;
    const qsizetype start = qsizetype(index.cycles()[size_t(cycle)].startEvent);
    if (start >= end)
        return nullptr; // not begun at the cursor: what it will see is not shown yet
    if (!m_built || cycle != m_cycle) {
        // Once per attempt selected: a replay from the checkpoint before it, into the same memory.
        index.stateAt(start, m_state);
        m_cycle = cycle;
        m_built = true;
    }
    m_state.fitTo(index.catalogue()); // nodes a live source numbered since: not there then
    m_shown = true;
    return &m_state;
}

void AttemptCluster::clear()
{
    m_cycle = -1;
    m_built = false;
    m_shown = false;
}

double heatmapValue(const HeatmapMode& mode, const trace::ReplayState& state, const CycleNodes& cycle, qint32 node)
{
    constexpr double none = std::numeric_limits<double>::quiet_NaN();
    if (node < 0 || size_t(node) >= state.nodeSpec.size() || !state.nodeExists(node))
        return none;
    switch (mode.kind) {
    case HeatmapMode::Measure:
        return utilization(state, node, mode.measure);
    case HeatmapMode::Capacity:
        return none; // the view's
    case HeatmapMode::Verdict:
        switch (cycle.filter(node).verdict) {
        case CycleNodes::Verdict::NotEvaluated:
            return none;
        case CycleNodes::Verdict::Feasible:
            return 1;
        case CycleNodes::Verdict::Rejected:
            return 0;
        }
        break;
    case HeatmapMode::TotalScore:
        return cycle.totalScore(node);
    case HeatmapMode::PluginScore:
        return cycle.pluginScore(node, mode.plugin);
    }
    return none;
}

// ---- Colours ----------------------------------------------------------------------------------------

using colors::mix;

QColor utilizationColor(double fraction, const QColor& background)
{
    if (fraction > 1.0)
        return overcommitColor();
    fraction = std::clamp(std::isnan(fraction) ? 0.0 : fraction, 0.0, 1.0);
    // Blue (idle) through amber to red (full), the stops of a sequential "load" ramp.
    struct Stop
    {
        double at;
        QColor colour;
    };
    static const Stop stops[] = {
        { 0.0, QColor(0x4a, 0x90, 0xd9) },
        { 0.5, QColor(0x2f, 0xb5, 0x8f) },
        { 0.75, QColor(0xf2, 0xb7, 0x05) },
        { 0.9, QColor(0xf0, 0x76, 0x0c) },
        { 1.0, QColor(0xd9, 0x2b, 0x2b) },
    };
    QColor colour = stops[0].colour;
    for (size_t i = 1; i < std::size(stops); ++i) {
        if (fraction <= stops[i].at) {
            colour = mix(
                stops[i - 1].colour, stops[i].colour, (fraction - stops[i - 1].at) / (stops[i].at - stops[i - 1].at));
            break;
        }
    }
    // Low load fades into the background: the eye goes to the full nodes.
    return mix(background, colour, 0.35 + 0.65 * std::sqrt(fraction));
}

QColor overcommitColor()
{
    return QColor(0xc2, 0x25, 0x8f);
}

QColor scoreColor(double fraction, const QColor& background)
{
    fraction = std::clamp(std::isnan(fraction) ? 0.0 : fraction, 0.0, 1.0);
    return mix(background, QColor(0x0c, 0x8a, 0x6c), 0.18 + 0.82 * fraction);
}

double nodeDifference(std::span<const double> values, std::span<const double> otherValues, qint32 node)
{
    constexpr double none = std::numeric_limits<double>::quiet_NaN();
    if (node < 0 || size_t(node) >= values.size() || size_t(node) >= otherValues.size())
        return none;
    const double here = values[size_t(node)];
    const double there = otherValues[size_t(node)];
    return std::isfinite(here) && std::isfinite(there) ? here - there : none;
}

QColor differenceColor(double delta, const QColor& background)
{
    // A diverging ramp: a node fuller in this run than in the other warms to orange, an emptier one
    // cools to blue, the same node recedes into the background. Full colour at half a node's worth.
    if (std::isnan(delta))
        delta = 0;
    const double strength = std::clamp(std::abs(delta) / differenceSaturation, 0.0, 1.0);
    const QColor hue = delta > 0 ? QColor(0xe0, 0x6c, 0x00) : QColor(0x1f, 0x6f, 0xd1);
    return mix(background, hue, 0.08 + 0.92 * std::sqrt(strength));
}

QColor feasibleColor()
{
    return QColor(0x37, 0xb2, 0x4d);
}

QColor rejectionColor(const QString& plugin)
{
    // Upstream's Filter plugins in the default profile's order, each with its own hue; others
    // (out-of-tree) hash into the same palette. Green is left to the feasible nodes.
    static const QStringList known = {
        QStringLiteral("NodeUnschedulable"),
        QStringLiteral("NodeName"),
        QStringLiteral("TaintToleration"),
        QStringLiteral("NodeAffinity"),
        QStringLiteral("NodePorts"),
        QStringLiteral("NodeResourcesFit"),
        QStringLiteral("VolumeRestrictions"),
        QStringLiteral("NodeVolumeLimits"),
        QStringLiteral("VolumeBinding"),
        QStringLiteral("VolumeZone"),
        QStringLiteral("PodTopologySpread"),
        QStringLiteral("InterPodAffinity"),
    };
    static const QColor colours[] = {
        QColor(0x86, 0x8e, 0x96),
        QColor(0xfa, 0xb0, 0x05),
        QColor(0xae, 0x3e, 0xc9),
        QColor(0x1c, 0x7e, 0xd6),
        QColor(0x0c, 0x85, 0x99),
        QColor(0xe0, 0x31, 0x31),
        QColor(0x84, 0x5e, 0xf7),
        QColor(0xa6, 0x1e, 0x4d),
        QColor(0xd9, 0x48, 0x0f),
        QColor(0x5c, 0x7c, 0xfa),
        QColor(0xf0, 0x8c, 0x00),
        QColor(0xe6, 0x49, 0x80),
    };
    const qsizetype position = known.indexOf(plugin);
    const size_t slot = position >= 0 ? size_t(position) : size_t(qHash(plugin, 0) % std::size(colours));
    return colours[slot];
}

QColor missingColor(const QColor& background, const QColor& text)
{
    // Towards the text colour, not QPalette::Mid: a dark palette's Mid can be darker than its
    // Base, which left these cells and their legend swatch invisible (issue 20, finding 12).
    return mix(background, text, 0.22);
}

} // namespace ksv
