#include "jsonl.h"

#include "framework/interface.h"
#include "framework/status.h"

#include <QIODevice>
#include <QJsonDocument>
#include <QJsonObject>

namespace ksv::trace {

namespace {

QString actionName(quint8 action)
{
    return toString(static_cast<EventAction>(action));
}

} // namespace

QByteArray toJsonLine(const Trace& trace, const Event& event)
{
    QJsonObject object {{QStringLiteral("t"), double(event.time)}, {QStringLiteral("kind"), toString(event.kind)}};
    const auto put = [&object](const char* key, const QJsonValue& value) { object.insert(QString::fromLatin1(key), value); };
    const auto putString = [&](const char* key, qint32 id) {
        if (id >= 0)
            put(key, trace.string(id));
    };
    putString("pod", event.pod);
    putString("node", event.node);
    if (event.cycle >= 0)
        put("cycle", event.cycle);
    const QString code = framework::toString(static_cast<framework::Code>(event.code));
    switch (event.kind) {
    case EventKind::ClusterChange:
        put("action", actionName(event.aux));
        put("scenarioEvent", double(event.value));
        putString("object", event.text);
        break;
    case EventKind::QueueMove:
        put("from", toString(static_cast<PodLocation>(event.from)));
        put("to", toString(static_cast<PodLocation>(event.to)));
        putString("cause", event.text);
        if (event.to == quint8(PodLocation::Active))
            put("queuedAt", double(event.value));
        if (event.to == quint8(PodLocation::Backoff))
            put("backoffExpiry", double(event.value));
        if (event.to == quint8(PodLocation::Active) || event.to == quint8(PodLocation::Backoff) || event.to == quint8(PodLocation::Unschedulable)
            || event.to == quint8(PodLocation::Gated))
            put("priority", event.value2);
        break;
    case EventKind::CycleStart:
        putString("profile", event.text);
        put("attempt", double(event.value));
        break;
    case EventKind::PluginResult:
    case EventKind::FilterNode:
        put("point", framework::toString(static_cast<framework::ExtensionPoint>(event.point)));
        putString("plugin", event.plugin);
        put("code", code);
        putString("reasons", event.text);
        break;
    case EventKind::ScoreNode:
        putString("plugin", event.plugin);
        put("raw", double(event.value));
        put("normalized", event.value2);
        put("weight", event.aux);
        break;
    case EventKind::CycleEnd:
        put("code", code);
        putString("message", event.text);
        put("evaluated", double(event.value));
        put("feasible", event.value2);
        break;
    case EventKind::Preemption: put("victims", double(event.value)); break;
    case EventKind::Victim: putString("preemptor", event.text); break;
    case EventKind::Nominated:
        if (event.node < 0)
            put("node", QJsonValue());
        break;
    case EventKind::BindingStart: break;
    case EventKind::BindingEnd:
        put("code", code);
        putString("message", event.text);
        break;
    }
    QByteArray line = QJsonDocument(object).toJson(QJsonDocument::Compact);
    line.append('\n');
    return line;
}

qsizetype writeJsonLines(const Trace& trace, QIODevice& device, qsizetype from)
{
    const qsizetype end = trace.size();
    QByteArray buffer;
    for (qsizetype i = from; i < end; ++i) {
        buffer += toJsonLine(trace, trace.at(i));
        if (buffer.size() > (1 << 20)) {
            device.write(buffer);
            buffer.clear();
        }
    }
    device.write(buffer);
    return end;
}

} // namespace ksv::trace
