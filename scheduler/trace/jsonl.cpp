#include "jsonl.h"

#include "extender/transport.h"
#include "framework/interface.h"
#include "framework/status.h"

#include <QIODevice>
#include <QJsonDocument>
#include <QJsonObject>

namespace ksv::trace {

namespace {

void appendLine(QByteArray& lines, const QJsonObject& object)
{
    lines += QJsonDocument(object).toJson(QJsonDocument::Compact);
    lines += '\n';
}

// A block's nodes as the lines one event per node used to be (and the file format still is): the
// pod, cycle and time are the block event's.
QJsonObject nodeLine(const Trace& trace, const Event& event, const char* kind, qint32 node)
{
    QJsonObject object {{QStringLiteral("t"), double(event.time())}, {QStringLiteral("kind"), QString::fromLatin1(kind)}};
    if (event.pod() >= 0)
        object.insert(QStringLiteral("pod"), trace.string(event.pod()));
    if (node >= 0)
        object.insert(QStringLiteral("node"), trace.string(node));
    if (event.cycle() >= 0)
        object.insert(QStringLiteral("cycle"), event.cycle());
    return object;
}

void appendFilterNodes(QByteArray& lines, const Trace& trace, const Event& event)
{
    const FilterNodes block = trace.filterNodes(event);
    const QString point = framework::toString(framework::ExtensionPoint::Filter);
    block.forEach([&](qint32 node, const FilterRejection& verdict) {
        QJsonObject object = nodeLine(trace, event, "FilterNode", node);
        object.insert(QStringLiteral("point"), point);
        if (verdict.plugin >= 0)
            object.insert(QStringLiteral("plugin"), trace.string(verdict.plugin));
        object.insert(QStringLiteral("code"), framework::toString(static_cast<framework::Code>(verdict.code)));
        if (verdict.text >= 0)
            object.insert(QStringLiteral("reasons"), trace.string(verdict.text));
        appendLine(lines, object);
    });
}

void appendScoreNodes(QByteArray& lines, const Trace& trace, const Event& event)
{
    const ScoreNodes block = trace.scoreNodes(event);
    QStringList plugins;
    for (int p = 0; p < block.pluginCount(); ++p)
        plugins.append(trace.string(block.plugin(p)));
    for (qsizetype n = 0; n < block.size(); ++n) {
        for (int p = 0; p < block.pluginCount(); ++p) {
            QJsonObject object = nodeLine(trace, event, "ScoreNode", block.node(n));
            object.insert(QStringLiteral("plugin"), plugins[p]);
            object.insert(QStringLiteral("raw"), double(block.raw(n, p)));
            object.insert(QStringLiteral("normalized"), double(block.normalized(n, p)));
            object.insert(QStringLiteral("weight"), block.weight(p));
            appendLine(lines, object);
        }
    }
}

} // namespace

QByteArray toJsonLines(const Trace& trace, const Event& event)
{
    QByteArray lines;
    if (event.kind() == EventKind::FilterNodes) {
        appendFilterNodes(lines, trace, event);
        return lines;
    }
    if (event.kind() == EventKind::ScoreNodes) {
        appendScoreNodes(lines, trace, event);
        return lines;
    }
    QJsonObject object {{QStringLiteral("t"), double(event.time())}, {QStringLiteral("kind"), toString(event.kind())}};
    const auto put = [&object](const char* key, const QJsonValue& value) { object.insert(QString::fromLatin1(key), value); };
    const auto putString = [&](const char* key, qint32 id) {
        if (id >= 0)
            put(key, trace.string(id));
    };
    putString("pod", event.pod());
    putString("node", event.node());
    if (event.cycle() >= 0)
        put("cycle", event.cycle());
    switch (event.kind()) {
    case EventKind::ClusterChange:
        put("action", toString(event.action()));
        put("scenarioEvent", double(event.objectChange()));
        putString("object", event.object());
        break;
    case EventKind::QueueMove: {
        const PodLocation to = event.to();
        put("from", toString(event.from()));
        put("to", toString(to));
        putString("cause", event.cause());
        if (to == PodLocation::Active)
            put("queuedAt", double(event.queueTime()));
        if (to == PodLocation::Backoff)
            put("backoffExpiry", double(event.queueTime()));
        if (to == PodLocation::Active || to == PodLocation::Backoff || to == PodLocation::Unschedulable || to == PodLocation::Gated)
            put("priority", event.priority());
        break;
    }
    case EventKind::CycleStart:
        putString("profile", event.profile());
        put("attempt", double(event.attempt()));
        break;
    case EventKind::PluginResult:
        put("point", framework::toString(event.point()));
        putString("plugin", event.plugin());
        put("code", framework::toString(event.code()));
        putString("reasons", event.reasons());
        break;
    case EventKind::FilterNodes:
    case EventKind::ScoreNodes: Q_UNREACHABLE(); break; // above
    case EventKind::CycleEnd:
        put("code", framework::toString(event.code()));
        putString("message", event.message());
        put("evaluated", double(event.evaluated()));
        put("feasible", event.feasible());
        break;
    case EventKind::Preemption: put("victims", double(event.victims())); break;
    case EventKind::Victim: putString("preemptor", event.preemptor()); break;
    case EventKind::Nominated:
        if (event.node() < 0)
            put("node", QJsonValue());
        break;
    case EventKind::BindingStart: break;
    case EventKind::BindingEnd:
        put("code", framework::toString(event.code()));
        putString("message", event.message());
        break;
    case EventKind::ExtenderCall:
        putString("extender", event.extender());
        put("verb", extender::toString(event.verb()));
        put("code", framework::toString(event.code()));
        putString("message", event.message());
        if (event.httpStatus() != 0)
            put("httpStatus", event.httpStatus());
        put("duration", double(event.duration()));
        putString("exchange", event.exchange());
        break;
    }
    appendLine(lines, object);
    return lines;
}

QJsonObject changedFeatureGates(const version::Features& features)
{
    const version::Features defaults = version::defaultFeatures(features.version);
    QJsonObject gates;
    for (const version::GateSpec& gate : version::gates()) {
        if (gate.field && features.*gate.field != defaults.*gate.field)
            gates.insert(QLatin1String(gate.name), features.*gate.field);
    }
    return gates;
}

QByteArray runHeaderLine(const version::Features& features)
{
    const QJsonObject gates = changedFeatureGates(features);
    if (features.version == version::v1_32 && gates.isEmpty())
        return {};
    QJsonObject line {{QStringLiteral("kind"), QStringLiteral("Run")},
                      {QStringLiteral("kubernetesVersion"), features.version.toString()},
                      {QStringLiteral("t"), 0}};
    if (!gates.isEmpty())
        line.insert(QStringLiteral("featureGates"), gates);
    return QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n';
}

qsizetype writeJsonLines(const Trace& trace, QIODevice& device, qsizetype from)
{
    const qsizetype end = trace.size();
    QByteArray buffer;
    if (from == 0)
        buffer = runHeaderLine(trace.features());
    for (qsizetype i = from; i < end; ++i) {
        buffer += toJsonLines(trace, trace.at(i));
        if (buffer.size() > (1 << 20)) {
            device.write(buffer);
            buffer.clear();
        }
    }
    device.write(buffer);
    return end;
}

} // namespace ksv::trace
