#include "shadowreport.h"

#include <QJsonArray>

namespace ksv::client {

bool isDecided(const ShadowPod& pod)
{
    return pod.comparison.outcome != ShadowComparison::Outcome::Undecided;
}

QString percent(const ShadowAgreement& agreement)
{
    return QString::number(agreement.rate() * 100, 'f', 1) + QLatin1Char('%');
}

QJsonObject toJson(const ShadowPod& pod)
{
    QJsonObject json = toJson(pod.comparison);
    const QString observed = describe(pod.observed);
    json.insert(QStringLiteral("pod"), pod.key);
    json.insert(QStringLiteral("uid"), pod.uid);
    json.insert(QStringLiteral("observed"), observed.isEmpty() ? QJsonValue() : QJsonValue(observed));
    json.insert(QStringLiteral("predicted"), describePrediction(pod.prediction));
    json.insert(QStringLiteral("agree"), isDecided(pod) ? QJsonValue(pod.comparison.agree) : QJsonValue());
    json.insert(QStringLiteral("why"), pod.comparison.why.isEmpty() ? QJsonValue() : QJsonValue(pod.comparison.why));
    json.insert(QStringLiteral("observedBy"), pod.observed.source.isEmpty() ? QJsonValue() : QJsonValue(pod.observed.source));
    if (!pod.observed.message.isEmpty())
        json.insert(QStringLiteral("observedMessage"), pod.observed.message);
    json.insert(QStringLiteral("predictedMessage"), pod.prediction.message);
    json.insert(QStringLiteral("pendingAtStart"), pod.pendingAtStart);
    json.insert(QStringLiteral("arrivedAt"), pod.arrivedAt.toString(Qt::ISODateWithMs));
    json.insert(QStringLiteral("decidedAt"), pod.decidedAt.isValid() ? QJsonValue(pod.decidedAt.toString(Qt::ISODateWithMs)) : QJsonValue());
    return json;
}

QJsonObject shadowReportJson(const QList<ShadowPod>& pods, const ShadowAgreement& session, const ShadowAgreement& recent,
                             const ShadowReportContext& context)
{
    QJsonArray rows;
    int undecided = 0;
    for (const ShadowPod& pod : pods) {
        rows.append(toJson(pod));
        undecided += isDecided(pod) ? 0 : 1;
    }
    return QJsonObject {
        {QStringLiteral("server"), context.server},
        {QStringLiteral("context"), context.context},
        {QStringLiteral("configuration"), context.configuration},
        {QStringLiteral("pods"), rows},
        {QStringLiteral("agreement"), QJsonObject {{QStringLiteral("agreed"), session.agreed}, {QStringLiteral("total"), session.total},
                                                   {QStringLiteral("rate"), session.rate()}}},
        {QStringLiteral("recent"), QJsonObject {{QStringLiteral("window"), 100}, {QStringLiteral("agreed"), recent.agreed},
                                                {QStringLiteral("total"), recent.total}, {QStringLiteral("rate"), recent.rate()}}},
        {QStringLiteral("undecided"), undecided},
    };
}

namespace {

QByteArray csvField(const QString& value)
{
    QByteArray bytes = value.toUtf8();
    if (!bytes.contains(',') && !bytes.contains('"') && !bytes.contains('\n') && !bytes.contains('\r'))
        return bytes;
    bytes.replace("\"", "\"\"");
    return '"' + bytes + '"';
}

} // namespace

QByteArray shadowReportCsv(const QList<ShadowPod>& pods)
{
    QByteArray csv = "pod,uid,observed,predicted,agree,outcome,why,observedMessage,predictedMessage,arrivedAt,decidedAt\r\n";
    for (const ShadowPod& pod : pods) {
        const QStringList fields {
            pod.key,
            pod.uid,
            describe(pod.observed),
            describePrediction(pod.prediction),
            !isDecided(pod) ? QString() : pod.comparison.agree ? QStringLiteral("true") : QStringLiteral("false"),
            outcomeName(pod.comparison.outcome),
            pod.comparison.why,
            pod.observed.message,
            pod.prediction.message,
            pod.arrivedAt.toString(Qt::ISODateWithMs),
            pod.decidedAt.isValid() ? pod.decidedAt.toString(Qt::ISODateWithMs) : QString(),
        };
        QByteArrayList row;
        for (const QString& field : fields)
            row.append(csvField(field));
        csv += row.join(',') + "\r\n";
    }
    return csv;
}

} // namespace ksv::client
