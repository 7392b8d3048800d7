#include "decode_extenders.h"

#include "decoding/loaderror.h"

#include <QRegularExpression>

#include <limits>

namespace ksv::config {

namespace {

void rejectUnknown(const YamlField& field, const char* type, const QStringList& known)
{
    field.rejectUnknownKeys(known, QStringLiteral("unknown field; ") + QLatin1String(type) + QStringLiteral(" has ") + known.join(QStringLiteral(", ")));
}

QString optionalString(const YamlField& field)
{
    return field.isDefined() ? field.toString() : QString();
}

bool optionalBool(const YamlField& field)
{
    return field.isDefined() && field.toBool();
}

// Go's []byte in JSON: standard base64.
QByteArray base64Bytes(const YamlField& field)
{
    if (!field.isDefined())
        return {};
    const QByteArray text = field.toString().toLatin1();
    const auto decoded = QByteArray::fromBase64Encoding(text, QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        field.fail(QStringLiteral("illegal base64 data"));
    return *decoded;
}

// metav1.Duration: a string time.ParseDuration reads ("5s", "1m30s", "500ms").
qint64 goDuration(const YamlField& field)
{
    if (!field.isDefined())
        return 0;
    const QString text = field.toString();
    static const QRegularExpression pattern(QStringLiteral("^([-+]?)((\\d+(\\.\\d*)?|\\.\\d+)(ns|us|µs|μs|ms|s|m|h))+$"));
    if (text == QLatin1String("0"))
        return 0;
    if (!pattern.match(text).hasMatch()) {
        static const QRegularExpression number(QStringLiteral("^[-+]?(\\d+(\\.\\d*)?|\\.\\d+)$"));
        field.fail(number.match(text).hasMatch() ? QStringLiteral("time: missing unit in duration \"") + text + QLatin1Char('"')
                                                 : QStringLiteral("time: invalid duration \"") + text + QLatin1Char('"'));
    }
    static const QRegularExpression part(QStringLiteral("(\\d+(?:\\.\\d*)?|\\.\\d+)(ns|us|µs|μs|ms|s|m|h)"));
    double nanos = 0;
    for (auto it = part.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        const QString unit = match.captured(2);
        const double scale = unit == QLatin1String("ns") ? 1
            : unit == QLatin1String("ms")                ? 1e6
            : unit == QLatin1String("s")                 ? 1e9
            : unit == QLatin1String("m")                 ? 60e9
            : unit == QLatin1String("h")                 ? 3600e9
                                                         : 1e3; // us, µs, μs
        nanos += match.captured(1).toDouble() * scale;
    }
    if (nanos > 9.2e18)
        field.fail(QStringLiteral("time: invalid duration \"") + text + QLatin1Char('"'));
    return (text.startsWith(QLatin1Char('-')) ? -1 : 1) * qint64(nanos);
}

ExtenderTLSConfig decodeTLS(const YamlField& field)
{
    rejectUnknown(field, "tlsConfig",
                  {QStringLiteral("insecure"), QStringLiteral("serverName"), QStringLiteral("certFile"), QStringLiteral("keyFile"),
                   QStringLiteral("caFile"), QStringLiteral("certData"), QStringLiteral("keyData"), QStringLiteral("caData")});
    ExtenderTLSConfig tls;
    tls.insecure = optionalBool(field["insecure"]);
    tls.serverName = optionalString(field["serverName"]);
    tls.certFile = optionalString(field["certFile"]);
    tls.keyFile = optionalString(field["keyFile"]);
    tls.caFile = optionalString(field["caFile"]);
    tls.certData = base64Bytes(field["certData"]);
    tls.keyData = base64Bytes(field["keyData"]);
    tls.caData = base64Bytes(field["caData"]);
    return tls;
}

Extender decodeExtender(const YamlField& field)
{
    rejectUnknown(field, "an extender",
                  {QStringLiteral("urlPrefix"), QStringLiteral("filterVerb"), QStringLiteral("preemptVerb"), QStringLiteral("prioritizeVerb"),
                   QStringLiteral("weight"), QStringLiteral("bindVerb"), QStringLiteral("enableHTTPS"), QStringLiteral("tlsConfig"),
                   QStringLiteral("httpTimeout"), QStringLiteral("nodeCacheCapable"), QStringLiteral("managedResources"),
                   QStringLiteral("ignorable")});
    Extender extender;
    extender.source = field.location();
    extender.urlPrefix = optionalString(field["urlPrefix"]);
    extender.filterVerb = optionalString(field["filterVerb"]);
    extender.preemptVerb = optionalString(field["preemptVerb"]);
    extender.prioritizeVerb = optionalString(field["prioritizeVerb"]);
    if (const YamlField weight = field["weight"]; weight.isDefined())
        extender.weight = weight.toInt(std::numeric_limits<qint64>::min(), std::numeric_limits<qint64>::max());
    extender.bindVerb = optionalString(field["bindVerb"]);
    extender.enableHTTPS = optionalBool(field["enableHTTPS"]);
    if (const YamlField tls = field["tlsConfig"]; tls.isDefined())
        extender.tlsConfig = decodeTLS(tls);
    extender.httpTimeoutNanos = goDuration(field["httpTimeout"]);
    extender.nodeCacheCapable = optionalBool(field["nodeCacheCapable"]);
    extender.managedResources = field["managedResources"].list<ExtenderManagedResource>([](const YamlField& resource) {
        rejectUnknown(resource, "a managed resource", {QStringLiteral("name"), QStringLiteral("ignoredByScheduler")});
        return ExtenderManagedResource {optionalString(resource["name"]), optionalBool(resource["ignoredByScheduler"])};
    });
    extender.ignorable = optionalBool(field["ignorable"]);
    return extender;
}

} // namespace

QList<Extender> decodeExtenders(const YamlField& extenders)
{
    return extenders.list<Extender>(decodeExtender);
}

QStringList extenderIgnoredResources(const KubeSchedulerConfiguration& configuration)
{
    QStringList ignored;
    for (const Extender& extender : configuration.extenders) {
        for (const ExtenderManagedResource& resource : extender.managedResources) {
            if (resource.ignoredByScheduler)
                ignored.append(resource.name);
        }
    }
    return ignored;
}

void applyExtenderIgnoredResources(KubeSchedulerConfiguration& configuration, const YamlField& document)
{
    const QStringList ignored = extenderIgnoredResources(configuration);
    if (ignored.isEmpty())
        return;
    for (Profile& profile : configuration.profiles) {
        bool found = false;
        for (PluginConfig& config : profile.pluginConfig) {
            if (auto* args = std::get_if<NodeResourcesFitArgs>(&config.args); args && config.name == QLatin1String("NodeResourcesFit")) {
                args->ignoredResources = ignored; // the extenders' list takes precedence over the args'
                found = true;
                break;
            }
        }
        if (!found)
            throw LoadError(document["extenders"].location(), QStringLiteral("extenders"),
                            QStringLiteral("couldn't build extenders: can't find NodeResourcesFitArgs in plugin config (profile ")
                                + profile.schedulerName + QLatin1Char(')'));
    }
}

} // namespace ksv::config
