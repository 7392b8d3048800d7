#include "loader.h"

#include "admission.h"
#include "config/config.h"
#include "decode.h"
#include "jsontext.h"
#include "lesson/decode_lesson.h"
#include "yamldocuments.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

namespace ksv {

namespace {

constexpr qint64 maxCount = 1'000'000;
const QString scenarioApiVersion = QStringLiteral("kschedviz.io/v1alpha1");
const QString schedulerConfigKind = QStringLiteral("KubeSchedulerConfiguration");

QByteArray readFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw LoadError({path, 0, 0}, {}, QStringLiteral("cannot read file: ") + file.errorString());
    return file.readAll();
}

// yaml-cpp accepts some bytes that are not text; refuse them up front with their position. Columns
// count characters, as an editor shows them.
void checkIsText(const QByteArray& text, const QString& fileName)
{
    int line = 1;
    int column = 1;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == 0 || (c < 0x20 && c != '\n' && c != '\r' && c != '\t'))
            throw LoadError({fileName, line, column}, {}, QStringLiteral("the file is not YAML text (control byte 0x")
                                                               + QString::number(c, 16).rightJustified(2, QLatin1Char('0')) + QLatin1Char(')'));
        if (c == '\n') {
            ++line;
            column = 1;
            continue;
        }
        if (c >= 0x80) {
            // A UTF-8 sequence, one column: its lead byte gives its length and the range of its
            // second byte (which excludes overlong forms, surrogates and code points above U+10FFFF).
            int length = 0;
            unsigned char low = 0x80;
            unsigned char high = 0xBF;
            if (c >= 0xC2 && c <= 0xDF) {
                length = 2;
            } else if (c >= 0xE0 && c <= 0xEF) {
                length = 3;
                low = c == 0xE0 ? 0xA0 : 0x80;
                high = c == 0xED ? 0x9F : 0xBF;
            } else if (c >= 0xF0 && c <= 0xF4) {
                length = 4;
                low = c == 0xF0 ? 0x90 : 0x80;
                high = c == 0xF4 ? 0x8F : 0xBF;
            }
            bool valid = length > 0 && i + length <= text.size();
            for (int k = 1; valid && k < length; ++k) {
                const auto next = static_cast<unsigned char>(text[i + k]);
                valid = k == 1 ? (next >= low && next <= high) : (next >= 0x80 && next <= 0xBF);
            }
            if (!valid)
                throw LoadError({fileName, line, column}, {}, QStringLiteral("the file is not valid UTF-8 (byte 0x")
                                                                   + QString::number(c, 16) + QLatin1Char(')'));
            i += length - 1;
        }
        ++column;
    }
}

// yaml-cpp's parser messages, said the way a user can act on them.
QString describeYamlError(const YAML::ParserException& e, const QByteArray& line)
{
    const std::string& msg = e.msg;
    if (msg == YAML::ErrorMsg::END_OF_MAP)
        return QStringLiteral("this line does not fit in the mapping above it; check its indentation");
    if (msg == YAML::ErrorMsg::END_OF_SEQ)
        return QStringLiteral("this line does not fit in the list above it; check its indentation");
    if (msg == YAML::ErrorMsg::END_OF_MAP_FLOW)
        return QStringLiteral("a '{' is not closed by a matching '}'");
    if (msg == YAML::ErrorMsg::END_OF_SEQ_FLOW)
        return QStringLiteral("a '[' is not closed by a matching ']'");
    if (msg == YAML::ErrorMsg::FLOW_END) {
        const qsizetype column = e.mark.column;
        const QString bracket = column < line.size() ? QString(QLatin1Char(line[column])) : QStringLiteral("bracket");
        return QStringLiteral("unexpected '") + bracket + QStringLiteral("': it does not close the last opened bracket");
    }
    if (msg == YAML::ErrorMsg::UNKNOWN_TOKEN && e.mark.column < line.size()) {
        const QString character = QString::fromUtf8(line.mid(e.mark.column)).left(1);
        const bool indicator = QStringLiteral("@`|>%?").contains(character);
        return QStringLiteral("unexpected '") + character
            + (indicator ? QStringLiteral("'; a value that starts with it must be quoted") : QStringLiteral("'"));
    }
    if (msg == YAML::ErrorMsg::MAP_VALUE)
        return QStringLiteral("a mapping value is not allowed here; check the indentation, or quote a value that contains \": \"");
    if (msg == YAML::ErrorMsg::BLOCK_ENTRY)
        return QStringLiteral("a list entry (\"- \") is not allowed here; check the indentation");
    if (msg == YAML::ErrorMsg::EOF_IN_SCALAR)
        return QStringLiteral("the file ends inside a quoted string; a closing quote is missing");
    if (msg == YAML::ErrorMsg::DOC_IN_SCALAR)
        return QStringLiteral("a quoted string runs into the next document (\"---\"); a closing quote is missing");
    return QString::fromStdString(msg);
}

// The last scalar of a document in document order: where a string that swallowed the rest of the
// file ends up. Bounded, as aliases can make the tree cyclic.
std::optional<YAML::Node> lastScalar(const YAML::Node& document)
{
    YAML::Node node = document;
    for (int depth = 0; depth < 10000; ++depth) {
        if (node.IsScalar())
            return node;
        // Node::reset rebinds; operator= would overwrite the node it refers to.
        const YAML::Node& current = node;
        if (node.IsSequence() && node.size() > 0) {
            node.reset(current[current.size() - 1]);
        } else if (node.IsMap() && node.size() > 0) {
            auto last = node.begin();
            for (auto it = node.begin(); it != node.end(); ++it)
                last = it;
            node.reset(last->second.IsDefined() && !last->second.IsNull() ? last->second : last->first);
        } else {
            return std::nullopt;
        }
    }
    return std::nullopt;
}

// yaml-cpp accepts a quoted string that is never closed when the file ends with a line break, and
// takes the rest of the file as its text. Such a string can only be the last one in the file.
void checkLastStringClosed(const std::vector<YAML::Node>& documents, const QByteArray& text, const QString& fileName)
{
    if (documents.empty())
        return;
    const auto scalar = lastScalar(documents.back());
    if (!scalar || scalar->Mark().is_null())
        return;
    // Mark positions count from after a byte order mark.
    const qsizetype start = scalar->Mark().pos + (text.startsWith("\xEF\xBB\xBF") ? 3 : 0);
    if (start < 0 || start >= text.size() || (text[start] != '"' && text[start] != '\''))
        return;
    const char quote = text[start];
    for (qsizetype i = start + 1; i < text.size(); ++i) {
        if (quote == '"' && text[i] == '\\')
            ++i;
        else if (text[i] == quote && (quote == '"' || i + 1 >= text.size() || text[i + 1] != '\''))
            return;
        else if (text[i] == quote)
            ++i; // '' inside a single-quoted string
    }
    throw LoadError({fileName, scalar->Mark().line + 1, scalar->Mark().column + 1}, {},
                    QStringLiteral("invalid YAML: this quoted string is never closed; it runs to the end of the file"));
}

// Where each document of a stream starts, and nothing else.
class DocumentStarts : public YAML::EventHandler
{
public:
    void OnDocumentStart(const YAML::Mark& mark) override
    {
        stalled = started && mark.pos == last.pos;
        last = mark;
        started = true;
    }
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
    void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
    void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
    void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
    void OnSequenceEnd() override {}
    void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
    void OnMapEnd() override {}

    YAML::Mark last;
    bool started = false;
    bool stalled = false;
};

// yaml-cpp 0.7's LoadAll never returns on a ',' outside [ ] and { } (",", "{a: 1},"): the document
// parser leaves that token unread and starts another empty document before it, forever, keeping each
// (found by tests/fuzz). A pass over the events alone finds the document that starts where the last
// one did. It scans the text twice: 24 ms more than LoadAll's own 34 ms on tests/data/kubectl-dump.yaml
// (156 KB, -O2), until yaml-cpp is fixed or its node builder is ours to drive.
void refuseStalledDocuments(const std::string& utf8, const QString& fileName)
{
    std::istringstream stream(utf8);
    YAML::Parser parser(stream);
    DocumentStarts starts;
    while (parser.HandleNextDocument(starts)) {
        if (starts.stalled) {
            const char c = static_cast<std::size_t>(starts.last.pos) < utf8.size() ? utf8[static_cast<std::size_t>(starts.last.pos)] : ',';
            throw LoadError({fileName, starts.last.line + 1, starts.last.column + 1}, {},
                            QStringLiteral("invalid YAML: unexpected '") + QChar::fromLatin1(c)
                                + QStringLiteral("' outside [ ] or { }; a value that starts with it must be quoted"));
        }
    }
}

std::vector<YAML::Node> parseDocuments(const QByteArray& text, const QString& fileName)
{
    checkIsText(text, fileName);
    std::vector<YAML::Node> documents;
    try {
        const std::string utf8 = text.toStdString();
        refuseStalledDocuments(utf8, fileName); // throws what LoadAll would, and where it would hang
        documents = YAML::LoadAll(utf8);
    } catch (const YAML::DeepRecursion& e) {
        throw LoadError({fileName, e.mark.line + 1, e.mark.column + 1}, {},
                        QStringLiteral("invalid YAML: nested too deeply (more than ") + QString::number(e.depth()) + QStringLiteral(" levels)"));
    } catch (const YAML::ParserException& e) {
        if (e.mark.is_null())
            throw LoadError({fileName, 1, 1}, {}, QStringLiteral("invalid YAML: ") + QString::fromStdString(e.msg));
        QByteArray line = text.split('\n').value(e.mark.line);
        if (e.mark.line == 0 && line.startsWith("\xEF\xBB\xBF"))
            line.remove(0, 3); // yaml-cpp's columns do not count a byte order mark
        // Tabs may separate, but never indent: yaml-cpp reports that in several misleading ways.
        const qsizetype indentEnd = std::find_if(line.cbegin(), line.cend(), [](char c) { return c != ' ' && c != '\t'; }) - line.cbegin();
        const qsizetype tab = line.left(indentEnd).indexOf('\t');
        const bool tabOnly = indentEnd >= line.size() || line[indentEnd] == '\r';
        if (tab >= 0 && (!tabOnly || e.msg == YAML::ErrorMsg::TAB_IN_INDENTATION)) {
            throw LoadError({fileName, e.mark.line + 1, static_cast<int>(tab) + 1}, {},
                            QStringLiteral("invalid YAML: a tab character indents this line; YAML allows only spaces for indentation"));
        }
        throw LoadError({fileName, e.mark.line + 1, e.mark.column + 1}, {}, QStringLiteral("invalid YAML: ") + describeYamlError(e, line));
    } catch (const YAML::Exception& e) {
        const SourceLocation where = e.mark.is_null() ? SourceLocation {fileName, 1, 1}
                                                      : SourceLocation {fileName, e.mark.line + 1, e.mark.column + 1};
        throw LoadError(where, {}, QStringLiteral("invalid YAML: ") + QString::fromStdString(e.msg));
    }
    checkLastStringClosed(documents, text, fileName);
    return documents;
}

// Decoded where it is found, so that the Scenario keeps no YAML; an error waits for the configuration's
// use (SchedulerConfigSource). The field path prefixes the paths in its errors.
SchedulerConfigSource decodeSchedulerConfig(const YamlField& found, const QString& fieldPath)
{
    SchedulerConfigSource config {found.location(), fieldPath, {}};
    try {
        config.decoded = config::decodeConfiguration(YamlField(found.node(), found.file(), fieldPath));
    } catch (const LoadError& error) {
        config.decoded = error;
    }
    return config;
}

QString objectKey(const QString& kind, const ObjectMeta& meta)
{
    if (meta.namespace_.isEmpty())
        return kind + QLatin1Char(' ') + meta.name;
    return kind + QLatin1Char(' ') + meta.namespace_ + QLatin1Char('/') + meta.name;
}

// Thrown by the builder on the JSON path when it meets what needs positions that QJsonDocument does
// not keep: the file is then read through yaml-cpp instead.
struct NeedsYamlPath
{
};

// A warning found on the JSON path, placed once all are known (see placeJsonWarnings).
struct PendingWarning
{
    QString path; // of the skipped object: "items[3]", or empty for the document itself
    QString text; // after "file:line:column: "
};

// Gathers objects and events from the documents, then runs admission and the cross-object checks.
class ScenarioBuilder
{
public:
    ScenarioBuilder(Scenario& scenario, QStringList* warnings)
        : m_scenario(scenario)
        , m_warnings(warnings)
    {
    }

    // For the JSON path: warnings wait in `pending` until their positions are found.
    ScenarioBuilder(Scenario& scenario, QList<PendingWarning>* pending)
        : m_scenario(scenario)
        , m_warnings(nullptr)
        , m_pendingWarnings(pending)
    {
    }

    void addDocument(const YamlField& document)
    {
        if (!document.isMap())
            document.fail(QStringLiteral("expected a Kubernetes object (a mapping), found ") + document.describe());
        const QString kind = document.stringOr("kind");
        if (kind == QLatin1String("Scenario")) {
            readScenario(document);
        } else if (kind == schedulerConfigKind) {
            setSchedulerConfig(document, {});
        } else if (kind.endsWith(QLatin1String("List")) && document.has("items")) {
            for (const auto& item : document["items"].elements())
                addObjectEntry(item);
        } else {
            addObjectEntry(document);
        }
    }

    // The JSON path's error handling: one List item again, read through yaml-cpp.
    void addListItem(const YamlField& item) { addObjectEntry(item); }
    [[noreturn]] static void failAtField(const YamlField& field, const QString& fieldPath, const QString& message)
    {
        failAtPath(field, fieldPath.split(QLatin1Char('.')), message);
    }

    void finish()
    {
        std::stable_sort(m_scenario.events.begin(), m_scenario.events.end(),
                         [](const ObjectChange& a, const ObjectChange& b) { return a.at < b.at; });
        admitAndCheck();
    }

private:
    void readScenario(const YamlField& document)
    {
        if (m_sawScenario || m_sawObjects)
            document.fail(QStringLiteral("a Scenario must be the only document in its file"));
        m_sawScenario = true;
        const QString apiVersion = document.requiredString("apiVersion");
        if (apiVersion != scenarioApiVersion)
            document["apiVersion"].fail(quoteForMessage(apiVersion) + QStringLiteral(" is not supported: expected \"") + scenarioApiVersion + QLatin1Char('"'));
        m_scenario.name = document["metadata"].stringOr("name");
        const YamlField spec = document["spec"];
        if (!spec.isDefined())
            spec.fail(QStringLiteral("required value is missing"));
        static const QStringList knownKeys = {QStringLiteral("seed"), QStringLiteral("kubernetesVersion"), QStringLiteral("featureGates"),
                                              QStringLiteral("timing"), QStringLiteral("schedulerConfig"),
                                              QStringLiteral("objects"), QStringLiteral("events"), QStringLiteral("recording"),
                                              QStringLiteral("lesson"), QStringLiteral("demoExtender")};
        spec.rejectUnknownKeys(knownKeys, QStringLiteral("unknown field; a Scenario spec has ") + knownKeys.join(QStringLiteral(", ")));
        if (const YamlField seed = spec["seed"]; seed.isDefined())
            m_scenario.seed = static_cast<quint64>(seed.toInt(0, std::numeric_limits<qint64>::max()));
        if (const YamlField timing = spec["timing"]; timing.isDefined())
            m_scenario.timing = decodeTiming(timing);
        if (const YamlField version = spec["kubernetesVersion"]; version.isDefined()) {
            QString error;
            m_scenario.kubernetesVersion = version::parseKubeVersion(version.toString(), &error);
            if (!m_scenario.kubernetesVersion)
                version.fail(error);
            m_scenario.kubernetesVersionSource = version.location();
        }
        if (const YamlField gates = spec["featureGates"]; gates.isDefined())
            m_scenario.featureGates = decodeFeatureGates(gates);
        if (const YamlField config = spec["schedulerConfig"]; config.isDefined())
            setSchedulerConfig(config, config.path());
        for (const auto& entry : spec["objects"].elements())
            addObjectEntry(entry);
        for (const auto& entry : spec["events"].elements())
            addEventEntry(entry);
        if (const YamlField recording = spec["recording"]; recording.isDefined())
            m_scenario.recording = decodeRecording(recording);
        if (const YamlField lesson = spec["lesson"]; lesson.isDefined())
            m_scenario.lesson = decodeLesson(lesson, [this](const QString& key) { return hasPod(key); });
        if (const YamlField demo = spec["demoExtender"]; demo.isDefined()) {
            demo.rejectUnknownKeys({QStringLiteral("rules")}, QStringLiteral("unknown field; demoExtender has rules"));
            m_scenario.demoExtender = extender::decodeDemoRules(demo["rules"]);
        }
    }

    // A pod at t=0 or created by an event: the pods a lesson may name.
    bool hasPod(const QString& key) const
    {
        const auto isKey = [&key](const Pod& pod) { return pod.key() == key; };
        if (std::any_of(m_scenario.initial.pods.begin(), m_scenario.initial.pods.end(), isKey))
            return true;
        return std::any_of(m_scenario.events.begin(), m_scenario.events.end(), [&isKey](const ObjectChange& change) {
            const Pod* pod = std::get_if<Pod>(&change.object);
            return pod && change.action == EventAction::Create && isKey(*pod);
        });
    }

    // spec.featureGates: NAME: true|false, as kube-scheduler's --feature-gates sets them. Whether the
    // version has each gate is decided with the version (runFeatures), at the gate's line.
    static QList<version::GateSetting> decodeFeatureGates(const YamlField& field)
    {
        if (!field.isMap())
            field.fail(QStringLiteral("expected a mapping of feature gate names to true or false, found ") + field.describe());
        QList<version::GateSetting> settings;
        for (const auto& [name, value] : field.entries())
            settings.append(version::GateSetting {name, value.toBool(), value.location(), value.path()});
        return settings;
    }

    static Recording decodeRecording(const YamlField& field)
    {
        static const QStringList knownKeys = {QStringLiteral("server"), QStringLiteral("context"), QStringLiteral("startedAt"),
                                              QStringLiteral("duration"), QStringLiteral("bindings")};
        if (!field.isMap())
            field.fail(QStringLiteral("expected a mapping with ") + knownKeys.join(QStringLiteral(", ")));
        field.rejectUnknownKeys(knownKeys, QStringLiteral("unknown field; a recording has ") + knownKeys.join(QStringLiteral(", ")));
        Recording recording;
        recording.server = field.stringOr("server");
        recording.context = field.stringOr("context");
        if (const YamlField started = field["startedAt"]; started.isDefined())
            recording.startedAtMs = decodeTimestampMs(started);
        if (const YamlField duration = field["duration"]; duration.isDefined())
            recording.duration = durationField(duration);
        recording.bindings = field["bindings"].list<ObservedBinding>([](const YamlField& entry) {
            static const QStringList bindingKeys = {QStringLiteral("at"), QStringLiteral("pod"), QStringLiteral("node")};
            entry.rejectUnknownKeys(bindingKeys, QStringLiteral("unknown field; a binding has at, pod and node"));
            ObservedBinding binding;
            const YamlField at = entry["at"];
            if (!at.isDefined())
                at.fail(QStringLiteral("required value is missing"));
            binding.at = durationField(at);
            binding.pod = entry.requiredString("pod");
            if (binding.pod.count(QLatin1Char('/')) != 1)
                entry["pod"].fail(quoteForMessage(binding.pod) + QStringLiteral(" is not NAMESPACE/NAME"));
            binding.node = entry.requiredString("node");
            return binding;
        });
        return recording;
    }

    static VirtualNanos durationField(const YamlField& field)
    {
        const QString text = field.toString();
        const auto duration = parseDuration(text);
        if (!duration || *duration < 0)
            field.fail(quoteForMessage(text) + QStringLiteral(" is not a non-negative duration (such as 500us, 20ms, 2s)"));
        return *duration;
    }

    static Timing decodeTiming(const YamlField& timing)
    {
        static const QStringList knownKeys = {QStringLiteral("cycleBase"), QStringLiteral("cyclePerNode"), QStringLiteral("bindLatency"),
                                              QStringLiteral("bindJitter"), QStringLiteral("bindFailureRate"), QStringLiteral("podTermination"),
                                              QStringLiteral("extenderLatency")};
        if (!timing.isMap())
            timing.fail(QStringLiteral("expected a mapping with ") + knownKeys.join(QStringLiteral(", ")));
        timing.rejectUnknownKeys(knownKeys, QStringLiteral("unknown field; timing has ") + knownKeys.join(QStringLiteral(", ")));
        Timing result;
        const std::pair<const char*, VirtualNanos Timing::*> durations[] = {
            {"cycleBase", &Timing::cycleBase},     {"cyclePerNode", &Timing::cyclePerNode}, {"bindLatency", &Timing::bindLatency},
            {"bindJitter", &Timing::bindJitter}, {"podTermination", &Timing::podTermination},
        };
        for (const auto& [key, member] : durations) {
            if (const YamlField field = timing[key]; field.isDefined())
                result.*member = durationField(field);
        }
        if (const YamlField rate = timing["bindFailureRate"]; rate.isDefined()) {
            bool ok = false;
            const double value = rate.toString().toDouble(&ok);
            if (!ok || value < 0 || value > 1)
                rate.fail(quoteForMessage(rate.toString()) + QStringLiteral(" is not a probability between 0 and 1"));
            result.bindFailureRate = value;
        }
        if (const YamlField latency = timing["extenderLatency"]; latency.isDefined()) {
            if (latency.toString() == QLatin1String("measured"))
                result.extenderLatencyMeasured = true;
            else
                result.extenderLatency = durationField(latency);
        }
        return result;
    }

    void setSchedulerConfig(const YamlField& document, const QString& path)
    {
        // Its errors surface later (when the profile is built), and must still say file:line:column.
        if (document.isJson())
            throw NeedsYamlPath {};
        if (!document.isMap())
            document.fail(QStringLiteral("expected a KubeSchedulerConfiguration mapping, found ") + document.describe());
        if (m_scenario.schedulerConfig) {
            document.fail(QStringLiteral("a second scheduler configuration; the first is at ")
                          + m_scenario.schedulerConfig->source.toString());
        }
        m_scenario.schedulerConfig = decodeSchedulerConfig(document, path);
    }

    // An entry of `objects`, a List item or a document: one object, or N copies with `count`.
    void addObjectEntry(const YamlField& entry)
    {
        if (m_sawScenario && !entry.path().startsWith(QLatin1String("spec.")))
            entry.fail(QStringLiteral("a Scenario must be the only document in its file"));
        m_sawObjects = true;
        if (!entry.isMap())
            entry.fail(QStringLiteral("expected a Kubernetes object (a mapping), found ") + entry.describe());
        const QString kind = entry.requiredString("kind");
        if (kind == schedulerConfigKind) {
            // Read, not skipped: a List may carry it as a file of documents may.
            if (m_sawScenario)
                entry["kind"].fail(QStringLiteral("a Scenario's KubeSchedulerConfiguration belongs in spec.schedulerConfig, not among its objects"));
            setSchedulerConfig(entry, entry.path());
            return;
        }
        if (!isReadKind(kind)) {
            skipKind(entry, kind);
            return;
        }
        const KubeObject object = decodeObject(entry);
        rememberField(entry, object);
        for (auto& copy : expandCount(object, entry["count"]))
            m_scenario.initial.add(std::move(copy));
    }

    void addEventEntry(const YamlField& entry)
    {
        ObjectChange event;
        event.source = entry.location();
        static const QStringList knownKeys = {QStringLiteral("at"), QStringLiteral("action"), QStringLiteral("object"),
                                              QStringLiteral("count")};
        entry.rejectUnknownKeys(knownKeys, QStringLiteral("unknown field; an event has at, action, object and count"));
        const YamlField at = entry["at"];
        if (!at.isDefined())
            at.fail(QStringLiteral("required value is missing"));
        const QString atText = at.toString();
        const auto when = parseDuration(atText);
        if (atText.startsWith(QLatin1Char('-')))
            at.fail(quoteForMessage(atText) + QStringLiteral(" is negative; event times count from the start of the scenario"));
        if (!when)
            at.fail(quoteForMessage(atText) + QStringLiteral(" is not a duration (such as 30s, 1m30s, 500ms)"));
        event.at = *when;
        const YamlField action = entry["action"];
        if (!action.isDefined())
            action.fail(QStringLiteral("required value is missing"));
        event.action = static_cast<EventAction>(action.toEnum({QStringLiteral("create"), QStringLiteral("update"), QStringLiteral("delete")}));
        const YamlField object = entry["object"];
        if (!object.isMap())
            object.fail(object.isDefined() ? QStringLiteral("expected a Kubernetes object (a mapping), found ") + object.describe()
                                           : QStringLiteral("required value is missing"));
        const QString kind = object.requiredString("kind");
        if (kind == schedulerConfigKind)
            object["kind"].fail(QStringLiteral("the scheduler configuration cannot change during a run; it belongs in spec.schedulerConfig"));
        if (!isReadKind(kind)) {
            skipKind(object, kind);
            return;
        }
        if (object.has("count"))
            object["count"].fail(QStringLiteral("count belongs to the event, next to its object"));
        const auto mode = event.action == EventAction::Delete ? DecodeMode::IdentityOnly : DecodeMode::Full;
        const KubeObject decoded = decodeObject(object, mode);
        rememberField(object, decoded);
        for (auto& copy : expandCount(decoded, entry["count"])) {
            event.object = std::move(copy);
            m_scenario.events.append(event);
        }
    }

    void skipKind(const YamlField& object, const QString& kind)
    {
        if (m_warnings || m_pendingWarnings) {
            const YamlField metadata = object["metadata"];
            QString name = metadata.isMap() ? metadata.stringOr("name") : QString();
            if (metadata.isMap() && metadata.has("namespace"))
                name = metadata.stringOr("namespace") + QLatin1Char('/') + name;
            const QString text = QStringLiteral("skipping ") + kind + (name.isEmpty() ? QString() : QLatin1Char(' ') + name)
                + QStringLiteral(": the scheduler does not read this kind");
            if (object.isJson() && m_pendingWarnings)
                m_pendingWarnings->append({object.path(), text});
            else if (m_warnings)
                m_warnings->append(object.location().toString() + QStringLiteral(": ") + text);
        }
    }

    QList<KubeObject> expandCount(const KubeObject& object, const YamlField& countField)
    {
        if (!countField.isDefined())
            return {object};
        const qint64 count = countField.toInt(1, maxCount);
        QList<KubeObject> copies;
        copies.reserve(count);
        const QString baseName = metaOf(object).name;
        const QString baseUid = metaOf(object).uid;
        for (qint64 i = 0; i < count; ++i) {
            KubeObject copy = object;
            ObjectMeta& meta = metaOf(copy);
            meta.name = baseName + QLatin1Char('-') + QString::number(i);
            if (!baseUid.isEmpty())
                meta.uid = baseUid + QLatin1Char('-') + QString::number(i);
            // The kubelet labels a node with its own name; copies keep that true.
            const QString hostnameLabel = QStringLiteral("kubernetes.io/hostname");
            if (std::holds_alternative<Node>(copy) && meta.labels.value(hostnameLabel) == baseName)
                meta.labels.insert(hostnameLabel, meta.name);
            if (!isDNS1123Subdomain(meta.name))
                countField.fail(QStringLiteral("copies would be named ") + quoteForMessage(meta.name) + QStringLiteral(", which is not a valid name"));
            copies.append(std::move(copy));
        }
        return copies;
    }

    void admitAndCheck();

    // Decoded objects keep only their location; checks across objects find their fields from it.
    void rememberField(const YamlField& object, const KubeObject& decoded)
    {
        if (object.isJson()) {
            // No positions to key it by: the path, from which the JSON path's error handling finds
            // the object in the text (rethrowWithPosition).
            m_jsonPaths.insert(objectKey(kindOf(decoded), metaOf(decoded)), object.path());
            return;
        }
        const std::pair key {object.location().line, object.location().column};
        m_objectFields.erase(key); // not assigned: YAML::Node's operator= would overwrite the node
        m_objectFields.emplace(key, object);
    }

    // Fails at `fieldPath` (such as "spec.nodeName") of the object `meta` belongs to.
    [[noreturn]] void failAt(const QString& kind, const ObjectMeta& meta, const QString& fieldPath, const QString& message) const
    {
        const auto found = m_objectFields.find({meta.source.line, meta.source.column});
        if (found == m_objectFields.end()) {
            const auto path = m_jsonPaths.constFind(objectKey(kind, meta));
            if (path != m_jsonPaths.cend())
                throw LoadError(meta.source, *path + QLatin1Char('.') + fieldPath, message);
            throw LoadError(meta.source, fieldPath, message);
        }
        failAtPath(found->second, fieldPath.split(QLatin1Char('.')), message);
    }

    [[noreturn]] static void failAtPath(const YamlField& field, QStringList parts, const QString& message)
    {
        if (parts.isEmpty())
            field.fail(message);
        const QString first = parts.takeFirst();
        failAtPath(field[first.toUtf8().constData()], parts, message);
    }

    Scenario& m_scenario;
    QStringList* m_warnings;
    QList<PendingWarning>* m_pendingWarnings = nullptr;
    bool m_sawScenario = false;
    bool m_sawObjects = false;
    std::map<std::pair<int, int>, YamlField> m_objectFields;
    QHash<QString, QString> m_jsonPaths; // the JSON path's objects: "Kind ns/name" to their field path
};

void ScenarioBuilder::admitAndCheck()
{
    // Objects that exist, by "Kind ns/name", with where each was defined.
    QHash<QString, SourceLocation> existing;
    QHash<QString, QString> uids; // updates and deletes keep the UID the object was created with
    QHash<QString, PriorityClass> priorityClasses;
    QSet<QString> nodeNames;

    const auto create = [&](KubeObject& object) {
        ObjectMeta& meta = metaOf(object);
        const QString key = objectKey(kindOf(object), meta);
        if (const auto first = existing.constFind(key); first != existing.cend())
            failAt(kindOf(object), meta, QStringLiteral("metadata.name"), QStringLiteral("duplicate ") + key + QStringLiteral(" (first defined at ") + first->toString() + QLatin1Char(')'));
        existing.insert(key, meta.source);
        if (meta.uid.isEmpty())
            meta.uid = synthesizeUid(kindOf(object), meta);
        uids.insert(key, meta.uid);
        if (auto* priorityClass = std::get_if<PriorityClass>(&object))
            priorityClasses.insert(meta.name, *priorityClass);
        if (std::holds_alternative<Node>(object))
            nodeNames.insert(meta.name);
    };
    const auto admit = [&](Pod& pod, const Pod* previous, const QString& when) {
        // An update that leaves spec.nodeName out keeps the node, as the simulator keeps the node it
        // bound the pod to (docs/scenario-format.md, "Time").
        if (previous && pod.nodeName.isEmpty())
            pod.nodeName = previous->nodeName;
        try {
            admitPod(pod, priorityClasses);
        } catch (const LoadError& e) {
            failAt(QStringLiteral("Pod"), pod.meta, e.fieldPath(), e.message());
        }
        if (!pod.nodeName.isEmpty() && !nodeNames.contains(pod.nodeName)) {
            failAt(QStringLiteral("Pod"), pod.meta, QStringLiteral("spec.nodeName"),
                   QStringLiteral("the pod is bound to ") + quoteForMessage(pod.nodeName) + QStringLiteral(", which is not a node of the scenario") + when);
        }
        if (previous && !previous->nodeName.isEmpty() && previous->nodeName != pod.nodeName)
            failAt(QStringLiteral("Pod"), pod.meta, QStringLiteral("spec.nodeName"), QStringLiteral("field is immutable once the pod is bound"));
    };

    // Priority classes and nodes first: pods refer to them regardless of their order in the file.
    auto& initial = m_scenario.initial;
    QList<KubeObject> ordered;
    for (auto& c : initial.priorityClasses) ordered.append(std::move(c));
    for (auto& n : initial.nodes) ordered.append(std::move(n));
    const ClusterState rest = [&] { ClusterState r = std::move(initial); r.priorityClasses.clear(); r.nodes.clear(); return r; }();
    initial = ClusterState {};
    for (auto& object : ordered) {
        create(object);
        initial.add(std::move(object));
    }
    const auto addAll = [&](const auto& list) {
        for (const auto& item : list) {
            KubeObject object = item;
            create(object);
            if (auto* pod = std::get_if<Pod>(&object))
                admit(*pod, nullptr, {});
            initial.add(std::move(object));
        }
    };
    addAll(rest.namespaces);
    addAll(rest.podDisruptionBudgets);
    addAll(rest.services);
    addAll(rest.replicationControllers);
    addAll(rest.replicaSets);
    addAll(rest.statefulSets);
    addAll(rest.persistentVolumeClaims);
    addAll(rest.persistentVolumes);
    addAll(rest.storageClasses);
    addAll(rest.csiNodes);
    addAll(rest.podGroups);
    addAll(rest.pods);

    QHash<QString, Pod> podsByKey;
    for (const auto& pod : initial.pods)
        podsByKey.insert(objectKey(QStringLiteral("Pod"), pod.meta), pod);

    for (auto& event : m_scenario.events) {
        ObjectMeta& meta = metaOf(event.object);
        const QString kind = kindOf(event.object);
        const QString key = objectKey(kind, meta);
        const QString when = QStringLiteral(" at ") + QString::number(static_cast<double>(event.at) / nanosPerSecond) + QLatin1Char('s');
        switch (event.action) {
        case EventAction::Create:
            create(event.object);
            if (auto* pod = std::get_if<Pod>(&event.object)) {
                admit(*pod, nullptr, when);
                podsByKey.insert(key, *pod);
            }
            break;
        case EventAction::Update: {
            const auto found = existing.constFind(key);
            if (found == existing.cend())
                failAt(kind, meta, QStringLiteral("metadata.name"), QStringLiteral("update of ") + key + QStringLiteral(", which does not exist") + when);
            meta.uid = uids.value(key);
            if (auto* pod = std::get_if<Pod>(&event.object)) {
                const Pod previous = podsByKey.value(key);
                admit(*pod, &previous, when);
                podsByKey.insert(key, *pod);
            }
            if (auto* priorityClass = std::get_if<PriorityClass>(&event.object))
                priorityClasses.insert(meta.name, *priorityClass);
            break;
        }
        case EventAction::Delete:
            if (!existing.remove(key))
                failAt(kind, meta, QStringLiteral("metadata.name"), QStringLiteral("delete of ") + key + QStringLiteral(", which does not exist") + when);
            meta.uid = uids.take(key);
            podsByKey.remove(key);
            if (std::holds_alternative<Node>(event.object))
                nodeNames.remove(meta.name);
            if (std::holds_alternative<PriorityClass>(event.object))
                priorityClasses.remove(meta.name);
            break;
        }
    }
}

} // namespace

std::optional<VirtualNanos> parseDuration(QStringView text)
{
    if (text.isEmpty())
        return std::nullopt;
    bool plain = false;
    const double seconds = text.toDouble(&plain);
    if (plain) {
        if (!(seconds >= 0) || seconds > 1e9)
            return std::nullopt;
        return static_cast<VirtualNanos>(std::llround(seconds * nanosPerSecond));
    }
    // time.ParseDuration without a sign: ([0-9]*(\.[0-9]*)?[a-z]+)+
    static const std::pair<QStringView, double> units[] = {
        {u"ns", 1.0}, {u"us", 1e3}, {u"\u00b5s", 1e3}, {u"ms", 1e6}, {u"s", 1e9}, {u"m", 60e9}, {u"h", 3600e9}};
    double total = 0;
    qsizetype i = 0;
    while (i < text.size()) {
        const qsizetype numberStart = i;
        while (i < text.size() && (text[i].isDigit() || text[i] == QLatin1Char('.')))
            ++i;
        if (i == numberStart)
            return std::nullopt;
        bool ok = false;
        const double number = text.mid(numberStart, i - numberStart).toDouble(&ok);
        if (!ok)
            return std::nullopt;
        const qsizetype unitStart = i;
        while (i < text.size() && !text[i].isDigit() && text[i] != QLatin1Char('.'))
            ++i;
        const QStringView unit = text.mid(unitStart, i - unitStart);
        const auto found = std::find_if(std::begin(units), std::end(units), [&](const auto& u) { return u.first == unit; });
        if (found == std::end(units))
            return std::nullopt;
        total += number * found->second;
    }
    if (total > 1e18)
        return std::nullopt;
    return static_cast<VirtualNanos>(std::llround(total));
}

namespace {

Scenario newScenario(const QString& fileName)
{
    Scenario scenario;
    scenario.file = fileName;
    scenario.name = QFileInfo(fileName).completeBaseName();
    return scenario;
}

void checkHoldsObjects(const Scenario& scenario, const QString& fileName)
{
    if (scenario.initial.objectCount() == 0 && scenario.events.isEmpty())
        throw LoadError({fileName, 1, 1}, {}, QStringLiteral("the file holds no object the scheduler reads"));
}

Scenario buildFromYaml(const std::vector<YAML::Node>& documents, const QByteArray& text, const QString& fileName, QStringList* warnings)
{
    Scenario scenario = newScenario(fileName);
    ScenarioBuilder builder(scenario, warnings);
    try {
        for (const auto& document : documents) {
            if (!document.IsDefined() || document.IsNull())
                continue;
            builder.addDocument(YamlField(document, fileName));
        }
        builder.finish();
    } catch (const YAML::Exception& e) {
        // yaml-cpp throws for conversions we did not guard; report it at its position all the same.
        const SourceLocation where = e.mark.is_null() ? SourceLocation {fileName, 1, 1}
                                                      : SourceLocation {fileName, e.mark.line + 1, e.mark.column + 1};
        throw LoadError(where, {}, QString::fromStdString(e.msg));
    }
    if (text.trimmed().isEmpty())
        throw LoadError({fileName, 1, 1}, {}, QStringLiteral("the file is empty"));
    checkHoldsObjects(scenario, fileName);
    return scenario;
}

Scenario loadYaml(const QByteArray& text, const QString& fileName, QStringList* warnings)
{
    return buildFromYaml(parseDocuments(text, fileName), text, fileName, warnings);
}

SourceLocation jsonLocation(const QByteArray& text, qsizetype offset, const QString& fileName)
{
    const auto [line, column] = lineColumnOf(text, {offset}).constFirst();
    return {fileName, line, column};
}

// Gives the JSON path's warnings the positions yaml-cpp would: the '{' of a List item. Anything else
// (objects inside a Scenario) has no position here. (A lone skipped document leaves the file without
// objects, an error.)
bool placeJsonWarnings(const QList<PendingWarning>& pending, const QByteArray& text, const QString& fileName, QStringList* warnings)
{
    if (pending.isEmpty())
        return true;
    const auto items = topLevelArrayElements(text, "items");
    const QString prefix = QStringLiteral("items[");
    QList<qsizetype> offsets;
    offsets.reserve(pending.size());
    for (const PendingWarning& warning : pending) {
        if (!warning.path.startsWith(prefix) || !warning.path.endsWith(QLatin1Char(']')))
            return false;
        bool ok = false;
        const qsizetype index = QStringView(warning.path).mid(prefix.size()).chopped(1).toLongLong(&ok);
        if (!ok || index < 0 || index >= items.size())
            return false;
        offsets.append(items[index].first);
    }
    // Warnings come in document order, so their offsets ascend.
    if (!std::is_sorted(offsets.cbegin(), offsets.cend()))
        return false;
    const auto positions = lineColumnOf(text, offsets);
    for (qsizetype i = 0; i < pending.size(); ++i) {
        warnings->append(SourceLocation {fileName, positions[i].first, positions[i].second}.toString() + QStringLiteral(": ")
                         + pending[i].text);
    }
    return true;
}

// A List item's fault, found again with its line and column by reading that item alone through
// yaml-cpp: in a List of 150,000 pods one bad object must not cost reading the whole file as YAML
// (tens of gigabytes). Anything else, or an item that reads differently as YAML, is found by
// reading the whole file through yaml-cpp, as a YAML file's faults are.
[[noreturn]] void rethrowWithPosition(const LoadError& jsonError, const QByteArray& text, const QString& fileName)
{
    static const QRegularExpression itemPath(QStringLiteral("^items\\[(\\d+)\\]\\.?(.*)$"));
    const auto match = itemPath.match(jsonError.fieldPath());
    // A message that names another position (a duplicate's first definition) needs the whole file.
    if (match.hasMatch() && !jsonError.message().contains(fileName)) {
        const qsizetype index = match.captured(1).toLongLong();
        const QString rest = match.captured(2);
        const auto items = topLevelArrayElements(text, "items");
        if (index < items.size()) {
            const auto [start, end] = items[index];
            const auto [line, column] = lineColumnOf(text, {start}).constFirst();
            // Indented as in the file, so that columns on the item's first line match the file's.
            const QByteArray item = QByteArray(column - 1, ' ') + text.mid(start, end - start);
            // `line` copied: clang 14 (the fuzz build) cannot capture a structured binding.
            const auto inFile = [&, line = line](const LoadError& e) {
                if (!e.where().isValid())
                    return;
                throw LoadError({fileName, line + e.where().line - 1, e.where().column}, e.fieldPath(), e.message());
            };
            try {
                const YAML::Node node = YAML::Load(item.toStdString());
                const YamlField field(node, fileName, QStringLiteral("items[") + match.captured(1) + QLatin1Char(']'));
                Scenario scratch;
                ScenarioBuilder builder(scratch, static_cast<QStringList*>(nullptr));
                try {
                    builder.addListItem(field); // the object's own fault
                    // A fault across objects (a missing node, admission): its field in this item.
                    if (!rest.isEmpty() && !rest.contains(QLatin1Char('[')))
                        ScenarioBuilder::failAtField(field, rest, jsonError.message());
                } catch (const LoadError& e) {
                    if (!e.message().contains(fileName) && e.fieldPath() == jsonError.fieldPath() && e.message() == jsonError.message())
                        inFile(e);
                }
            } catch (const YAML::Exception&) {
                // Not readable alone: the whole file says.
            }
        }
    }
    loadYaml(text, fileName, nullptr);
    throw jsonError; // only if the two paths disagree: still the file and the field
}

// The fast path for JSON files (`kubectl get -o json`): QJsonDocument, then the same decoders over
// QJsonValue. JSON values keep no positions, so objects decoded here carry the file without a line,
// and whatever must be reported with a position is found by the yaml-cpp path, which reads JSON as
// YAML: any error is reported as that path reports it, and a scheduler configuration (whose errors
// surface later) makes the file load through yaml-cpp. Returns nothing when the yaml-cpp path
// must load the file.
std::optional<Scenario> loadJson(const QByteArray& text, const QString& fileName, QStringList* warnings)
{
    QJsonParseError parseError;
    QJsonDocument document = QJsonDocument::fromJson(text, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        checkIsText(text, fileName); // bytes that are not text get the same message as in YAML
        // Flow-style YAML ({kind: Pod, ...}) starts as JSON does, and loads as YAML. Text that is
        // neither was meant as JSON: the JSON parser says best what is wrong with it.
        std::vector<YAML::Node> documents;
        try {
            documents = parseDocuments(text, fileName);
        } catch (const LoadError&) {
            throw LoadError(jsonLocation(text, parseError.offset, fileName), {}, QStringLiteral("invalid JSON: ") + parseError.errorString());
        }
        return buildFromYaml(documents, text, fileName, warnings);
    }
    // QJsonDocument takes raw control bytes inside strings (it checks UTF-8 itself). This test is
    // written so that the compiler vectorizes it: a file of 150,000 pods is hundreds of megabytes.
    const auto* bytes = reinterpret_cast<const unsigned char*>(text.constData());
    bool controlByte = false;
    for (qsizetype i = 0; i < text.size(); ++i)
        controlByte |= bytes[i] < 0x20 && bytes[i] != '\n' && bytes[i] != '\r' && bytes[i] != '\t';
    if (controlByte)
        checkIsText(text, fileName);
    if (document.isArray()) {
        const qsizetype bracket = text.indexOf('[');
        throw LoadError(jsonLocation(text, bracket, fileName), {},
                        QStringLiteral("expected a Kubernetes object, a List or a Scenario (a JSON object), found a JSON array"));
    }
    Scenario scenario = newScenario(fileName);
    QList<PendingWarning> pending;
    try {
        ScenarioBuilder builder(scenario, &pending);
        builder.addDocument(YamlField(QJsonValue(document.object()), fileName));
        // The decoded objects keep nothing of the document: free it before admission copies them
        // (for 150,000 pods the document is gigabytes).
        document = QJsonDocument();
        builder.finish();
    } catch (const NeedsYamlPath&) {
        return std::nullopt;
    } catch (const LoadError& jsonError) {
        rethrowWithPosition(jsonError, text, fileName);
    }
    if (warnings && !placeJsonWarnings(pending, text, fileName, warnings))
        return std::nullopt;
    checkHoldsObjects(scenario, fileName);
    return scenario;
}

} // namespace

void admitAndCheck(Scenario& scenario)
{
    ScenarioBuilder builder(scenario, static_cast<QStringList*>(nullptr));
    builder.finish();
}

Scenario loadScenarioText(const QByteArray& text, const QString& fileName, QStringList* warnings)
{
    if (looksLikeJson(text)) {
        if (auto scenario = loadJson(text, fileName, warnings))
            return std::move(*scenario);
    }
    return loadYaml(text, fileName, warnings);
}

Scenario loadScenarioFile(const QString& path, QStringList* warnings)
{
    return loadScenarioText(readFile(path), path, warnings);
}

SchedulerConfigSource loadSchedulerConfigFile(const QString& path)
{
    return loadSchedulerConfigText(readFile(path), path);
}

SchedulerConfigSource loadSchedulerConfigText(const QByteArray& text, const QString& path)
{
    const auto documents = parseDocuments(text, path);
    std::optional<SchedulerConfigSource> found;
    for (const auto& document : documents) {
        if (!document.IsDefined() || document.IsNull())
            continue;
        const YamlField field(document, path);
        if (!field.isMap())
            field.fail(QStringLiteral("expected a KubeSchedulerConfiguration mapping, found ") + field.describe());
        if (field.stringOr("kind") != schedulerConfigKind)
            field["kind"].fail(QStringLiteral("expected kind KubeSchedulerConfiguration, found ") + field["kind"].describe());
        if (found)
            field.fail(QStringLiteral("a second KubeSchedulerConfiguration in one file"));
        found = decodeSchedulerConfig(field, {});
    }
    if (!found)
        throw LoadError({path, 1, 1}, {}, QStringLiteral("the file holds no KubeSchedulerConfiguration"));
    return *found;
}

QByteArray readYamlFile(const QString& path)
{
    return readFile(path);
}

std::vector<YAML::Node> parseYamlDocuments(const QByteArray& text, const QString& fileName)
{
    return parseDocuments(text, fileName);
}

} // namespace ksv
