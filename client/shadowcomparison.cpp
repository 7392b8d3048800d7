#include "shadowcomparison.h"

#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>

namespace ksv::client {

namespace {

using Outcome = ShadowComparison::Outcome;

const ExplainNode* findNode(const ExplainReport& report, const QString& name)
{
    const auto it = std::find_if(report.nodes.cbegin(), report.nodes.cend(), [&name](const ExplainNode& node) { return node.name == name; });
    return it == report.nodes.cend() ? nullptr : &*it;
}

bool isScheduled(const ExplainReport& report)
{
    return report.result == QLatin1String("Scheduled");
}

// "0/5 nodes are available" of a FailedScheduling message.
QString header(const QString& message)
{
    const QString comparable = comparableMessage(message);
    const qsizetype colon = comparable.indexOf(QLatin1String(": "));
    return colon < 0 ? comparable : comparable.left(colon);
}

ShadowComparison compareBinding(const ExplainReport& prediction, const ShadowObservation& observed)
{
    ShadowComparison result;
    if (isScheduled(prediction) && prediction.node == observed.node) {
        result.outcome = Outcome::SameNode;
        result.agree = true;
        return result;
    }
    const ExplainNode* chosen = findNode(prediction, observed.node);
    if (!chosen) {
        result.outcome = Outcome::UnknownNode;
        result.why = QStringLiteral("node ") + observed.node
            + QStringLiteral(" was not in the snapshot kschedviz decided on (it joined the cluster after the pod arrived)");
        return result;
    }
    if (chosen->code == QLatin1String("Skipped")) {
        result.outcome = Outcome::NotScored;
        result.why = QStringLiteral("kschedviz did not evaluate node ") + observed.node
            + QStringLiteral(" (it stopped at percentageOfNodesToScore); kschedviz chose ") + describePrediction(prediction);
        return result;
    }
    if (chosen->code != QLatin1String("Success")) {
        result.outcome = Outcome::Infeasible;
        result.plugin = chosen->plugin;
        result.reasons = chosen->reasons;
        result.why = QStringLiteral("kschedviz found node ") + observed.node + QStringLiteral(" infeasible: ") + chosen->plugin
            + QStringLiteral(": ") + chosen->reasons.join(QStringLiteral("; "))
            + (isScheduled(prediction) ? QString(QStringLiteral("; it chose ") + prediction.node)
                                       : QString(QStringLiteral("; it found no node: ") + comparableMessage(prediction.message)));
        return result;
    }
    if (!isScheduled(prediction)) {
        // A feasible node and still no binding: a Permit, Reserve or PreBind plugin refused, or an error.
        result.outcome = Outcome::PredictedUnschedulable;
        result.why = QStringLiteral("kschedviz found node ") + observed.node + QStringLiteral(" feasible but did not bind: ") + prediction.message;
        return result;
    }
    const ExplainNode* best = findNode(prediction, prediction.node);
    if (!chosen->scored || !best || !best->scored) {
        result.outcome = Outcome::NotScored;
        result.why = QStringLiteral("kschedviz found node ") + observed.node + QStringLiteral(" feasible but did not score it; it chose ")
            + prediction.node;
        return result;
    }
    result.observedTotal = chosen->total;
    result.bestTotal = best->total;
    if (chosen->total >= best->total) {
        // selectHost picks at random among the best: any of them is the same decision.
        result.outcome = Outcome::Tie;
        result.agree = true;
        result.why = QStringLiteral("a tie: node ") + observed.node + QStringLiteral(" scored ") + QString::number(chosen->total)
            + QStringLiteral(", as kschedviz's ") + prediction.node + QStringLiteral(" did");
        return result;
    }
    result.outcome = Outcome::LowerScore;
    QStringList names;
    for (const auto* node : {chosen, best}) {
        for (const framework::PluginScore& score : node->scores) {
            if (!names.contains(score.name))
                names.append(score.name);
        }
    }
    const auto weighted = [](const ExplainNode& node, const QString& plugin) -> qint64 {
        for (const framework::PluginScore& score : node.scores) {
            if (score.name == plugin)
                return score.weighted();
        }
        return 0;
    };
    QStringList parts;
    for (const QString& name : names) {
        const PluginDifference difference {name, weighted(*chosen, name), weighted(*best, name)};
        if (difference.observed == difference.predicted)
            continue;
        result.plugins.append(difference);
        parts.append(name + QLatin1Char(' ') + QString::number(difference.observed) + QStringLiteral(" against ")
                     + QString::number(difference.predicted));
    }
    result.why = QStringLiteral("kschedviz scored node ") + observed.node + QLatin1Char(' ') + QString::number(chosen->total)
        + QStringLiteral(", ") + QString::number(best->total - chosen->total) + QStringLiteral(" below its choice ") + prediction.node
        + QStringLiteral(" (") + QString::number(best->total) + QStringLiteral("); weighted scores that differ: ") + parts.join(QStringLiteral(", "));
    return result;
}

ShadowComparison compareFailure(const ExplainReport& prediction, const ShadowObservation& observed)
{
    ShadowComparison result;
    if (isScheduled(prediction)) {
        result.outcome = Outcome::PredictedBinding;
        result.why = QStringLiteral("the cluster found no node (") + comparableMessage(observed.message) + QStringLiteral("); kschedviz would bind it to ")
            + prediction.node;
        return result;
    }
    result.outcome = Outcome::BothUnschedulable;
    if (comparableMessage(observed.message) == comparableMessage(prediction.message)) {
        result.agree = true;
        return result;
    }
    const QStringList cluster = failureReasons(observed.message);
    const QStringList ours = failureReasons(prediction.message);
    if (header(observed.message) == header(prediction.message) && cluster == ours) {
        result.agree = true;
        result.why = QStringLiteral("the same reasons, in an older scheduler's wording");
        return result;
    }
    result.outcome = Outcome::ReasonsDiffer;
    for (const QString& reason : cluster) {
        if (!ours.contains(reason))
            result.reasons.append(QStringLiteral("cluster: ") + reason);
    }
    for (const QString& reason : ours) {
        if (!cluster.contains(reason))
            result.reasons.append(QStringLiteral("kschedviz: ") + reason);
    }
    result.why = QStringLiteral("both found no node, for different reasons: the cluster says \"") + comparableMessage(observed.message)
        + QStringLiteral("\", kschedviz \"") + comparableMessage(prediction.message) + QLatin1Char('"');
    return result;
}

} // namespace

QString outcomeName(ShadowComparison::Outcome outcome)
{
    switch (outcome) {
    case Outcome::Undecided: return QStringLiteral("undecided");
    case Outcome::SameNode: return QStringLiteral("sameNode");
    case Outcome::Tie: return QStringLiteral("tie");
    case Outcome::LowerScore: return QStringLiteral("lowerScore");
    case Outcome::Infeasible: return QStringLiteral("infeasible");
    case Outcome::UnknownNode: return QStringLiteral("unknownNode");
    case Outcome::NotScored: return QStringLiteral("notScored");
    case Outcome::BothUnschedulable: return QStringLiteral("bothUnschedulable");
    case Outcome::ReasonsDiffer: return QStringLiteral("reasonsDiffer");
    case Outcome::PredictedBinding: return QStringLiteral("predictedBinding");
    case Outcome::PredictedUnschedulable: return QStringLiteral("predictedUnschedulable");
    }
    return {};
}

QString comparableMessage(QString message)
{
    const qsizetype preemption = message.indexOf(QLatin1String(" preemption: "));
    if (preemption >= 0)
        message.truncate(preemption);
    return message.trimmed();
}

QStringList failureReasons(const QString& message)
{
    QString text = comparableMessage(message);
    const qsizetype colon = text.indexOf(QLatin1String(": "));
    if (colon < 0)
        return {text};
    text = text.mid(colon + 2);
    if (text.endsWith(QLatin1Char('.')))
        text.chop(1);
    // Older TaintToleration ("had taint {k: v}, that the pod didn't tolerate": the one reason with a
    // comma of its own, rewritten before splitting) and NodeAffinity ("didn't match node selector";
    // v1.20: "didn't match Pod's node affinity").
    static const QRegularExpression oldTaint(QStringLiteral("had taint \\{([^}]*)\\}, that the pod didn't tolerate"));
    text.replace(oldTaint, QStringLiteral("had untolerated taint {\\1}"));
    static const QString affinity = QStringLiteral("node(s) didn't match Pod's node affinity/selector");
    QStringList reasons = text.split(QStringLiteral(", "), Qt::SkipEmptyParts);
    for (QString& reason : reasons) {
        reason = reason.trimmed();
        for (const QLatin1String older : {QLatin1String("node(s) didn't match node selector"), QLatin1String("node(s) didn't match Pod's node affinity")}) {
            if (reason.endsWith(older))
                reason = reason.chopped(older.size()) + affinity;
        }
    }
    std::sort(reasons.begin(), reasons.end());
    return reasons;
}

ShadowComparison compare(const ExplainReport& prediction, const ShadowObservation& observed)
{
    switch (observed.kind) {
    case ShadowObservation::Kind::Bound: return compareBinding(prediction, observed);
    case ShadowObservation::Kind::Unschedulable: return compareFailure(prediction, observed);
    case ShadowObservation::Kind::None: break;
    }
    ShadowComparison result;
    result.why = QStringLiteral("the cluster has neither bound it nor said why not yet");
    return result;
}

QString describe(const ShadowObservation& observed)
{
    switch (observed.kind) {
    case ShadowObservation::Kind::Bound: return observed.node;
    case ShadowObservation::Kind::Unschedulable: return QStringLiteral("unschedulable");
    case ShadowObservation::Kind::None: break;
    }
    return {};
}

QString describePrediction(const ExplainReport& prediction)
{
    return isScheduled(prediction) ? prediction.node : prediction.result == QLatin1String("Error") ? QStringLiteral("error") : QStringLiteral("unschedulable");
}

QJsonObject toJson(const ShadowComparison& comparison)
{
    QJsonObject json {{QStringLiteral("outcome"), outcomeName(comparison.outcome)}};
    if (comparison.outcome == Outcome::LowerScore || comparison.outcome == Outcome::Tie) {
        json.insert(QStringLiteral("observedScore"), comparison.observedTotal);
        json.insert(QStringLiteral("bestScore"), comparison.bestTotal);
    }
    if (!comparison.plugins.isEmpty()) {
        QJsonArray plugins;
        for (const PluginDifference& difference : comparison.plugins)
            plugins.append(QJsonObject {{QStringLiteral("plugin"), difference.plugin},
                                        {QStringLiteral("observedNode"), difference.observed},
                                        {QStringLiteral("predictedNode"), difference.predicted}});
        json.insert(QStringLiteral("plugins"), plugins);
    }
    if (!comparison.plugin.isEmpty())
        json.insert(QStringLiteral("filter"), comparison.plugin);
    if (!comparison.reasons.isEmpty())
        json.insert(QStringLiteral("reasons"), QJsonArray::fromStringList(comparison.reasons));
    return json;
}

} // namespace ksv::client
