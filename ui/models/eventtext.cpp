#include "eventtext.h"

#include "format.h"

#include "extender/transport.h"
#include "framework/interface.h"
#include "framework/status.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>

namespace ksv::eventtext {

using trace::Event;
using trace::EventKind;
using trace::PodLocation;

namespace {
// kschedviz's own words around the engine's: the reasons and messages the engine reports stay in
// English, as the cluster prints them.
QString tr(const char* text)
{
    return QCoreApplication::translate("ksv::eventtext", text);
}

const QString separator = QStringLiteral(" · ");

QString joined(const QString& a, const QString& b)
{
    if (a.isEmpty())
        return b;
    if (b.isEmpty())
        return a;
    return a + separator + b;
}

// "500 node(s) · 480 feasible · rejected by NodeResourcesFit 15, TaintToleration 5". Counted per
// node, as CycleEnd counts: a nominated node tried alone and again with all is one node, with the
// verdict of its last visit.
QString filterSummary(const trace::Trace& trace, const trace::FilterNodes& block)
{
    QHash<qint32, trace::FilterRejection> verdicts; // node → last verdict
    std::vector<qint32> order;                      // nodes in order of first visit
    block.forEach([&](qint32 node, const trace::FilterRejection& verdict) {
        if (!verdicts.contains(node))
            order.push_back(node);
        verdicts.insert(node, verdict);
    });
    std::vector<std::pair<qint32, qsizetype>> rejections; // plugin, nodes; in order of first rejection
    qsizetype feasible = 0;
    for (const qint32 node : order) {
        const trace::FilterRejection& verdict = verdicts[node];
        if (verdict.code == quint8(framework::Code::Success)) {
            ++feasible;
            continue;
        }
        auto it = std::ranges::find(rejections, verdict.plugin, &std::pair<qint32, qsizetype>::first);
        if (it == rejections.end())
            rejections.emplace_back(verdict.plugin, 1);
        else
            ++it->second;
    }
    QString text = joined(tr("%1 node(s)").arg(order.size()), tr("%1 feasible").arg(feasible));
    QStringList parts;
    for (const auto& [plugin, nodes] : rejections)
        parts.append(QStringLiteral("%1 %2").arg(plugin >= 0 ? trace.string(plugin) : tr("(no plugin)")).arg(nodes));
    if (!parts.isEmpty())
        text = joined(text, tr("rejected by %1").arg(parts.join(QStringLiteral(", "))));
    return text;
}

// "480 node(s) · highest total 350 (node-17) · NodeResourcesFit ×1, TaintToleration ×3": what the
// scoring came to first, the plugins and their weights last (a narrow column elides them).
QString scoreSummary(const trace::Trace& trace, const trace::ScoreNodes& block)
{
    QString text = tr("%1 node(s)").arg(block.size());
    qsizetype best = -1;
    qint64 bestTotal = 0;
    for (qsizetype n = 0; n < block.size(); ++n) {
        const qint64 total = block.total(n);
        if (best < 0 || total > bestTotal) {
            best = n;
            bestTotal = total;
        }
    }
    if (best >= 0)
        text = joined(text, tr("highest total %1 (%2)").arg(bestTotal).arg(trace.string(block.node(best))));
    QStringList plugins;
    for (int p = 0; p < block.pluginCount(); ++p)
        plugins.append(QStringLiteral("%1 ×%2").arg(trace.string(block.plugin(p))).arg(block.weight(p)));
    return joined(text, plugins.join(QStringLiteral(", ")));
}
} // namespace

QString time(VirtualNanos t)
{
    return format::virtualTime(t, format::microsecondDigits);
}

QString location(quint8 value)
{
    if (value >= trace::podLocationCount)
        return QString::number(value);
    return trace::toString(static_cast<PodLocation>(value));
}

QString location(PodLocation value)
{
    return trace::toString(value);
}

QString move(const Event& event)
{
    const QString from = event.from() == PodLocation::None ? tr("new") : location(event.from());
    return from + QStringLiteral(" → ") + location(event.to());
}

QString code(framework::Code value)
{
    return framework::toString(value);
}

QString code(quint8 value)
{
    return code(static_cast<framework::Code>(value));
}

QString point(framework::ExtensionPoint value)
{
    return framework::toString(value);
}

QString point(quint8 value)
{
    return point(static_cast<framework::ExtensionPoint>(value));
}

bool hasCode(EventKind kind)
{
    return kind == EventKind::PluginResult || kind == EventKind::CycleEnd || kind == EventKind::BindingEnd || kind == EventKind::ExtenderCall;
}

bool isFailure(const Event& event)
{
    switch (event.kind()) {
    case EventKind::CycleEnd:
    case EventKind::BindingEnd:
    case EventKind::ExtenderCall: return event.code() != framework::Code::Success;
    case EventKind::PluginResult:
        return event.code() == framework::Code::Error || event.code() == framework::Code::Unschedulable
            || event.code() == framework::Code::UnschedulableAndUnresolvable;
    case EventKind::Victim: return true;
    case EventKind::ClusterChange:
    case EventKind::QueueMove:
    case EventKind::CycleStart:
    case EventKind::FilterNodes: // the cycle's end says whether any node passed
    case EventKind::ScoreNodes:
    case EventKind::Preemption:
    case EventKind::Nominated:
    case EventKind::BindingStart: return false;
    }
    Q_UNREACHABLE();
    return false;
}

QString pointAndPlugin(const trace::Trace& trace, const Event& event)
{
    switch (event.kind()) {
    case EventKind::PluginResult: return joined(point(event.point()), trace.string(event.plugin()));
    case EventKind::FilterNodes:
    case EventKind::ScoreNodes: return point(event.point());
    case EventKind::ExtenderCall: return joined(tr("extender %1").arg(extender::toString(event.verb())), trace.string(event.extender()));
    case EventKind::ClusterChange:
    case EventKind::QueueMove:
    case EventKind::CycleStart:
    case EventKind::CycleEnd:
    case EventKind::Preemption:
    case EventKind::Victim:
    case EventKind::Nominated:
    case EventKind::BindingStart:
    case EventKind::BindingEnd: return {};
    }
    Q_UNREACHABLE();
    return {};
}

QString detail(const trace::Trace& trace, const Event& event)
{
    switch (event.kind()) {
    case EventKind::ClusterChange:
        return toString(event.action()) + QLatin1Char(' ') + trace.string(event.object());
    case EventKind::QueueMove: {
        QString text = joined(move(event), trace.string(event.cause()));
        if (event.to() == PodLocation::Backoff)
            text = joined(text, tr("backoff until %1").arg(time(event.queueTime())));
        return text;
    }
    case EventKind::CycleStart:
        return joined(tr("attempt %1").arg(event.attempt()), tr("profile %1").arg(trace.string(event.profile())));
    case EventKind::PluginResult: return trace.string(event.reasons());
    case EventKind::FilterNodes: return filterSummary(trace, trace.filterNodes(event));
    case EventKind::ScoreNodes: return scoreSummary(trace, trace.scoreNodes(event));
    case EventKind::CycleEnd: {
        const QString counts = tr("evaluated %1, feasible %2").arg(event.evaluated()).arg(event.feasible());
        return event.code() == framework::Code::Success ? counts : joined(trace.string(event.message()), counts);
    }
    case EventKind::Preemption: return tr("%1 victim(s)").arg(event.victims());
    case EventKind::Victim: return tr("preempted by %1").arg(trace.string(event.preemptor()));
    case EventKind::Nominated: return event.node() < 0 ? tr("nomination cleared") : tr("nominated");
    case EventKind::BindingStart: return {};
    case EventKind::BindingEnd: return trace.string(event.message());
    case EventKind::ExtenderCall: {
        QString text = event.httpStatus() != 0 ? tr("HTTP %1").arg(event.httpStatus()) : tr("no answer");
        text = joined(text, tr("cost %1").arg(format::duration(event.duration()))); // the modelled latency, or the measured round trip
        if (event.node() >= 0)
            text = joined(text, tr("node %1").arg(trace.string(event.node())));
        return event.message() >= 0 ? joined(trace.string(event.message()), text) : text;
    }
    }
    Q_UNREACHABLE();
    return {};
}

qint32 cycleIndexOf(const trace::TraceIndex& index, const Event& event, qsizetype position)
{
    if (event.cycle() < 0)
        return -1;
    const auto& cycles = index.cycles();
    const qint32 pod = event.pod() >= 0 ? index.podOf(event.pod()) : -1;
    if (pod >= 0) {
        const auto& podCycles = index.podCycles(pod);
        for (auto it = podCycles.crbegin(); it != podCycles.crend(); ++it) {
            if (cycles[size_t(*it)].cycle == event.cycle())
                return *it;
        }
        return -1;
    }
    const qint32 at = index.cycleAt(position);
    return at >= 0 && cycles[size_t(at)].cycle == event.cycle() ? at : -1;
}

} // namespace ksv::eventtext
