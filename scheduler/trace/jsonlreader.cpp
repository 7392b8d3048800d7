#include "jsonl.h"

#include "extender/transport.h"
#include "framework/interface.h"
#include "framework/status.h"
#include "decoding/loaderror.h"

#include <QIODevice>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <vector>

namespace ksv::trace {

namespace {

// The name `toString` gives one of an enum's `count` values, found by trying each.
template<typename Enum>
std::optional<Enum> enumFromString(QStringView name, int count)
{
    for (int i = 0; i < count; ++i) {
        if (toString(Enum(i)) == name)
            return Enum(i);
    }
    return std::nullopt;
}

// One line being read: its number and object, and errors that name them.
class Line
{
public:
    Line(const QString& source, int number, QJsonObject object)
        : m_source(source)
        , m_number(number)
        , m_object(std::move(object))
    {
    }

    [[noreturn]] void fail(const QString& field, const QString& message) const
    {
        throw LoadError(SourceLocation {m_source, m_number, 1}, field, message);
    }

    bool has(const char* key) const { return m_object.contains(QLatin1String(key)); }
    bool isNull(const char* key) const { return m_object.value(QLatin1String(key)).isNull(); }

    qint64 integer(const char* key, qint64 min, qint64 max) const
    {
        const QJsonValue value = m_object.value(QLatin1String(key));
        if (value.isUndefined())
            fail(QLatin1String(key), QStringLiteral("required field is missing"));
        const double number = value.toDouble(std::nan(""));
        // JSON numbers are doubles: integers up to 2^53 are exact, and the trace writes no larger.
        if (!value.isDouble() || std::isnan(number) || number != std::floor(number) || number < double(min) || number > double(max))
            fail(QLatin1String(key), QStringLiteral("expected an integer from %1 to %2").arg(min).arg(max));
        return qint64(number);
    }
    qint64 optionalInteger(const char* key, qint64 min, qint64 max, qint64 absent) const
    {
        return has(key) ? integer(key, min, max) : absent;
    }
    qint32 int32(const char* key) const { return qint32(integer(key, 0, std::numeric_limits<qint32>::max())); }

    QString string(const char* key) const
    {
        const QJsonValue value = m_object.value(QLatin1String(key));
        if (value.isUndefined())
            fail(QLatin1String(key), QStringLiteral("required field is missing"));
        if (!value.isString())
            fail(QLatin1String(key), QStringLiteral("expected a string"));
        return value.toString();
    }
    // The string's id in `trace`, or -1 when the key is absent (optional strings are left out).
    qint32 optionalString(const char* key, Trace& trace) const { return has(key) ? trace.intern(string(key)) : -1; }

    template<typename Enum>
    Enum enumeration(const char* key, int count) const
    {
        const QString name = string(key);
        const std::optional<Enum> value = enumFromString<Enum>(name, count);
        if (!value)
            fail(QLatin1String(key), QStringLiteral("unknown value \"%1\"").arg(name));
        return *value;
    }

    int number() const { return m_number; }

private:
    const QString& m_source;
    int m_number;
    QJsonObject m_object;
};

// How many values framework::Code, framework::ExtensionPoint and EventAction have (status.h,
// interface.h, scenario.h): they end in no count of their own. A value added there is refused by
// the reader, with an "unknown value" message, until its count here is raised.
constexpr int codeCount = 7;
constexpr int extensionPointCount = 15;
constexpr int eventActionCount = 3;
constexpr int extenderVerbCount = 4;

// A cycle's per-node lines, gathered until a line of another block or event comes, then stored as
// the one block they were written from.
struct PendingBlock
{
    EventKind kind = EventKind::FilterNodes;
    VirtualNanos time = 0;
    qint32 pod = -1;
    qint32 cycle = -1;
    int lastLine = 0;
    size_t rowLines = 0; // ScoreNode lines of the last node so far
    std::vector<qint32> nodes;
    std::vector<FilterRejection> rejections;
    // ScoreNode lines, in file order (node by node, each node's plugins in order).
    std::vector<qint32> scorePlugins;
    std::vector<qint32> scoreWeights;
    std::vector<qint64> raw;
    std::vector<qint64> normalized;

    bool continues(EventKind lineKind, VirtualNanos lineTime, qint32 linePod, qint32 lineCycle) const
    {
        return !nodes.empty() && kind == lineKind && time == lineTime && pod == linePod && cycle == lineCycle;
    }
};

class Reader
{
public:
    Reader(const QString& source, Trace& trace)
        : m_source(source)
        , m_trace(trace)
    {
    }

    void read(const Line& line)
    {
        const VirtualNanos time = line.integer("t", 0, qint64(1) << 53);
        const QString name = line.string("kind");
        const qint32 pod = line.optionalString("pod", m_trace);
        const auto cycle = qint32(line.optionalInteger("cycle", 0, std::numeric_limits<qint32>::max(), -1));
        if (name == QLatin1String("FilterNode") || name == QLatin1String("ScoreNode")) {
            readNodeLine(line, name == QLatin1String("FilterNode") ? EventKind::FilterNodes : EventKind::ScoreNodes, time, pod, cycle);
            return;
        }
        const auto kind = line.enumeration<EventKind>("kind", eventKindCount);
        if (kind == EventKind::FilterNodes || kind == EventKind::ScoreNodes)
            line.fail(QStringLiteral("kind"), QStringLiteral("the file has a FilterNode or ScoreNode line per node, not %1").arg(name));
        flush();
        m_trace.append(event(line, kind, time, pod, cycle));
    }

    // Stores the block still being gathered, if any.
    void flush()
    {
        if (m_block.nodes.empty())
            return;
        if (m_block.kind == EventKind::ScoreNodes && m_block.nodes.size() > 1 && m_block.rowLines != m_block.scorePlugins.size())
            throw LoadError(SourceLocation {m_source, m_block.lastLine, 1}, QStringLiteral("plugin"), missingPlugins());
        const qint32 count = qint32(m_block.nodes.size());
        if (m_block.kind == EventKind::FilterNodes) {
            const qint64 handle = m_trace.storeFilterNodes(m_block.nodes, m_block.rejections);
            m_trace.append(Event::filterNodes(m_block.time, m_block.pod, m_block.cycle, handle, count));
        } else {
            const qint64 handle = m_trace.storeScoreNodes(m_block.scorePlugins, m_block.scoreWeights, m_block.nodes, m_block.raw,
                                                          m_block.normalized);
            m_trace.append(Event::scoreNodes(m_block.time, m_block.pod, m_block.cycle, handle, count));
        }
        m_block = PendingBlock();
    }

private:
    Event event(const Line& line, EventKind kind, VirtualNanos time, qint32 pod, qint32 cycle)
    {
        // "node": null is a cleared nomination; elsewhere a node is a string or absent.
        const qint32 node = kind == EventKind::Nominated && line.has("node") && line.isNull("node") ? -1 : line.optionalString("node", m_trace);
        const auto code = [&] { return line.enumeration<framework::Code>("code", codeCount); };
        const auto count = [&](const char* key) { return line.integer(key, 0, std::numeric_limits<qint32>::max()); };
        switch (kind) {
        case EventKind::ClusterChange: {
            const auto action = line.enumeration<EventAction>("action", eventActionCount);
            const qint64 scenarioEvent = count("scenarioEvent");
            return Event::clusterChange(time, action, line.optionalString("object", m_trace), scenarioEvent, pod, node);
        }
        case EventKind::QueueMove: {
            const auto from = line.enumeration<PodLocation>("from", podLocationCount);
            const auto to = line.enumeration<PodLocation>("to", podLocationCount);
            const qint32 cause = line.optionalString("cause", m_trace);
            qint64 queueTime = 0;
            if (to == PodLocation::Active)
                queueTime = line.integer("queuedAt", std::numeric_limits<qint64>::min(), std::numeric_limits<qint64>::max());
            else if (to == PodLocation::Backoff)
                queueTime = line.integer("backoffExpiry", std::numeric_limits<qint64>::min(), std::numeric_limits<qint64>::max());
            const auto priority = qint32(line.optionalInteger("priority", std::numeric_limits<qint32>::min(), std::numeric_limits<qint32>::max(), 0));
            return Event::queueMove(time, pod, from, to, cause, node, queueTime, priority);
        }
        case EventKind::CycleStart: {
            const qint32 profile = line.optionalString("profile", m_trace);
            return Event::cycleStart(time, pod, cycle, profile, count("attempt"));
        }
        case EventKind::PluginResult: {
            const auto point = line.enumeration<framework::ExtensionPoint>("point", extensionPointCount);
            const qint32 plugin = line.optionalString("plugin", m_trace);
            const framework::Code status = code();
            return Event::pluginResult(time, pod, cycle, point, plugin, status, line.optionalString("reasons", m_trace));
        }
        case EventKind::CycleEnd: {
            const framework::Code status = code();
            const qint32 message = line.optionalString("message", m_trace);
            const qint64 evaluated = count("evaluated");
            return Event::cycleEnd(time, pod, cycle, status, node, message, evaluated, qint32(count("feasible")));
        }
        case EventKind::Preemption: return Event::preemption(time, pod, node, count("victims"));
        case EventKind::Victim: return Event::victim(time, pod, node, line.optionalString("preemptor", m_trace));
        case EventKind::Nominated: return Event::nominated(time, pod, node);
        case EventKind::BindingStart: return Event::bindingStart(time, pod, cycle, node);
        case EventKind::BindingEnd: {
            const framework::Code status = code();
            return Event::bindingEnd(time, pod, cycle, node, status, line.optionalString("message", m_trace));
        }
        case EventKind::ExtenderCall: {
            const qint32 extenderName = line.optionalString("extender", m_trace);
            const auto verb = line.enumeration<extender::Verb>("verb", extenderVerbCount);
            const framework::Code status = code();
            const qint32 message = line.optionalString("message", m_trace);
            const auto httpStatus = int(line.optionalInteger("httpStatus", 0, 0xffff, 0));
            const qint64 duration = line.integer("duration", 0, qint64(1) << 53);
            return Event::extenderCall(time, pod, cycle, extenderName, verb, node, status, message, httpStatus, duration,
                                       line.optionalString("exchange", m_trace));
        }
        case EventKind::FilterNodes:
        case EventKind::ScoreNodes: break; // read() took them
        }
        Q_UNREACHABLE();
        return {};
    }

    void readNodeLine(const Line& line, EventKind kind, VirtualNanos time, qint32 pod, qint32 cycle)
    {
        if (!m_block.continues(kind, time, pod, cycle)) {
            flush();
            m_block.kind = kind;
            m_block.time = time;
            m_block.pod = pod;
            m_block.cycle = cycle;
        }
        const qint32 node = m_trace.intern(line.string("node"));
        if (kind == EventKind::FilterNodes) {
            FilterRejection verdict;
            verdict.index = qint32(m_block.nodes.size());
            verdict.code = quint8(line.enumeration<framework::Code>("code", codeCount));
            verdict.plugin = line.optionalString("plugin", m_trace);
            verdict.text = line.optionalString("reasons", m_trace);
            // A node that passed is written as a bare Success; anything else was a rejection.
            if (verdict.code != quint8(framework::Code::Success) || verdict.plugin >= 0 || verdict.text >= 0)
                m_block.rejections.push_back(verdict);
            m_block.nodes.push_back(node);
            m_block.lastLine = line.number();
            return;
        }
        readScoreLine(line, node);
    }

    // Score lines come node by node: a node's first line starts its row, and the first node's lines
    // name the plugins every later node lists in the same order.
    void readScoreLine(const Line& line, qint32 node)
    {
        const qint32 plugin = m_trace.intern(line.string("plugin"));
        const auto weight = qint32(line.integer("weight", std::numeric_limits<qint32>::min(), std::numeric_limits<qint32>::max()));
        const qint64 raw = line.integer("raw", std::numeric_limits<qint64>::min(), std::numeric_limits<qint64>::max());
        const qint64 normalized = line.integer("normalized", std::numeric_limits<qint64>::min(), std::numeric_limits<qint64>::max());
        if (m_block.nodes.empty() || m_block.nodes.back() != node) {
            if (m_block.nodes.size() > 1 && m_block.rowLines != m_block.scorePlugins.size())
                line.fail(QStringLiteral("node"), missingPlugins());
            m_block.nodes.push_back(node);
            m_block.rowLines = 0;
        }
        if (m_block.nodes.size() == 1) {
            m_block.scorePlugins.push_back(plugin);
            m_block.scoreWeights.push_back(weight);
        } else if (m_block.rowLines >= m_block.scorePlugins.size() || m_block.scorePlugins[m_block.rowLines] != plugin
                   || m_block.scoreWeights[m_block.rowLines] != weight) {
            line.fail(QStringLiteral("plugin"), QStringLiteral("expected the cycle's Score plugins, with their weights, in the order its first node lists them"));
        }
        ++m_block.rowLines;
        m_block.lastLine = line.number();
        m_block.raw.push_back(raw);
        m_block.normalized.push_back(normalized);
    }

    QString missingPlugins() const
    {
        return QStringLiteral("node %1 lists %2 of the cycle's %3 Score plugins")
            .arg(m_trace.string(m_block.nodes.back()))
            .arg(m_block.rowLines)
            .arg(m_block.scorePlugins.size());
    }

    const QString& m_source;
    Trace& m_trace;
    PendingBlock m_block;
};

} // namespace

namespace {

// The Run line runHeaderLine writes: the version and gates, resolved as a run resolves them.
version::Features readRunHeader(const QString& source, int number, const QJsonObject& line)
{
    const SourceLocation where {source, number, 1};
    for (const QString& key : line.keys()) {
        if (key != QLatin1String("kind") && key != QLatin1String("kubernetesVersion") && key != QLatin1String("featureGates")
            && key != QLatin1String("t"))
            throw LoadError(where, key, QStringLiteral("unknown field; a Run line has featureGates, kind, kubernetesVersion and t"));
    }
    QString error;
    const auto version = version::parseKubeVersion(line.value(QStringLiteral("kubernetesVersion")).toString(), &error);
    if (!version)
        throw LoadError(where, QStringLiteral("kubernetesVersion"), error);
    QList<version::GateSetting> settings;
    const QJsonValue gates = line.value(QStringLiteral("featureGates"));
    if (!gates.isUndefined() && !gates.isObject())
        throw LoadError(where, QStringLiteral("featureGates"), QStringLiteral("expected an object of gate names to true or false"));
    const QJsonObject gateObject = gates.toObject();
    for (auto it = gateObject.begin(); it != gateObject.end(); ++it) {
        if (!it->isBool())
            throw LoadError(where, QStringLiteral("featureGates.") + it.key(), QStringLiteral("expected true or false"));
        settings.append(version::GateSetting {it.key(), it->toBool(), where, QStringLiteral("featureGates.") + it.key()});
    }
    return version::resolveFeatures(*version, settings);
}

} // namespace

void readJsonLines(QIODevice& device, const QString& source, Trace& trace)
{
    Reader reader(source, trace);
    int number = 0;
    bool first = true;
    while (!device.atEnd()) {
        const QByteArray text = device.readLine();
        ++number;
        if (text.trimmed().isEmpty())
            continue;
        QJsonParseError error {};
        const QJsonDocument document = QJsonDocument::fromJson(text, &error);
        if (error.error != QJsonParseError::NoError)
            throw LoadError(SourceLocation {source, number, error.offset + 1}, {}, QStringLiteral("not JSON: ") + error.errorString());
        if (!document.isObject())
            throw LoadError(SourceLocation {source, number, 1}, {}, QStringLiteral("expected one JSON object per line"));
        // Only a trace's first line may say which version the run modelled.
        const bool header = first && document.object().value(QStringLiteral("kind")).toString() == QLatin1String("Run");
        first = false;
        if (header) {
            trace.setFeatures(readRunHeader(source, number, document.object()));
            continue;
        }
        reader.read(Line(source, number, document.object()));
    }
    reader.flush();
}

} // namespace ksv::trace
