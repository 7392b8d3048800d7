#include "explaincommand.h"

#include "extendersession.h"

#include "explain.h"
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace ksv::cli {

QByteArray explainJson(const ExplainReport& report)
{
    return QJsonDocument(explainObject(report)).toJson(QJsonDocument::Indented);
}

QJsonObject explainObject(const ExplainReport& report)
{
    QJsonArray nodes;
    for (const auto& node : report.nodes) {
        QJsonObject filter {{QStringLiteral("code"), node.code},
                            {QStringLiteral("plugin"), node.plugin.isEmpty() ? QJsonValue() : QJsonValue(node.plugin)},
                            {QStringLiteral("reasons"), QJsonArray::fromStringList(node.reasons)}};
        QJsonObject entry {{QStringLiteral("name"), node.name}, {QStringLiteral("filter"), filter}};
        if (node.scored) {
            QJsonObject scores;
            for (const auto& score : node.scores) {
                scores.insert(score.name, QJsonObject {{QStringLiteral("raw"), score.raw},
                                                       {QStringLiteral("normalized"), score.normalized},
                                                       {QStringLiteral("weight"), score.weight}});
            }
            entry.insert(QStringLiteral("scores"), scores);
            entry.insert(QStringLiteral("total"), node.total);
        }
        nodes.append(entry);
    }
    const QJsonObject root {{QStringLiteral("pod"), report.pod},
                            {QStringLiteral("profile"), report.profile},
                            {QStringLiteral("attempt"), report.attempt},
                            {QStringLiteral("atSeconds"), double(report.atNanos) / 1e9},
                            {QStringLiteral("result"), report.result},
                            {QStringLiteral("node"), report.node.isEmpty() ? QJsonValue() : QJsonValue(report.node)},
                            {QStringLiteral("message"), report.message},
                            {QStringLiteral("nodes"), nodes}};
    return root;
}

QString explainTable(const ExplainReport& report)
{
    QStringList plugins;
    for (const auto& node : report.nodes) {
        for (const auto& score : node.scores) {
            if (!plugins.contains(score.name))
                plugins.append(score.name);
        }
    }
    QString text;
    text += QStringLiteral("Pod:     ") + report.pod + QStringLiteral("  (profile ") + report.profile + QStringLiteral(", attempt ")
        + QString::number(report.attempt) + QStringLiteral(" at ") + QString::number(static_cast<double>(report.atNanos) / 1e9)
        + QStringLiteral("s)\n");
    text += QStringLiteral("Result:  ") + report.result + (report.node.isEmpty() ? QString() : QStringLiteral(" on ") + report.node) + QLatin1Char('\n');
    text += QStringLiteral("Message: ") + report.message + QStringLiteral("\n\n");

    QList<QStringList> rows;
    QStringList header {QStringLiteral("NODE"), QStringLiteral("FILTER")};
    for (const auto& plugin : plugins)
        header.append(plugin);
    header.append(QStringLiteral("TOTAL"));
    rows.append(header);
    for (const auto& node : report.nodes) {
        QString verdict = node.code;
        if (!node.plugin.isEmpty())
            verdict += QStringLiteral(" (") + node.plugin + QStringLiteral(": ") + node.reasons.join(QStringLiteral("; ")) + QLatin1Char(')');
        QStringList row {node.name + (node.name == report.node ? QStringLiteral(" *") : QString()), verdict};
        for (const auto& plugin : plugins) {
            const auto it = std::find_if(node.scores.cbegin(), node.scores.cend(), [&plugin](const auto& s) { return s.name == plugin; });
            row.append(it == node.scores.cend() ? QStringLiteral("-")
                                                : QString::number(it->raw) + QLatin1Char('/') + QString::number(it->normalized)
                                                      + QLatin1Char('x') + QString::number(it->weight));
        }
        row.append(node.scored ? QString::number(node.total) : QStringLiteral("-"));
        rows.append(row);
    }
    QList<qsizetype> widths(header.size(), 0);
    for (const auto& row : rows) {
        for (qsizetype i = 0; i < row.size(); ++i)
            widths[i] = std::max(widths[i], row[i].size());
    }
    for (const auto& row : rows) {
        QString line;
        for (qsizetype i = 0; i < row.size(); ++i)
            line += row[i].leftJustified(widths[i] + 2);
        text += line.trimmed() + QLatin1Char('\n');
    }
    if (!plugins.isEmpty())
        text += QStringLiteral("\nScores are raw/normalized x weight; * marks the chosen node.\n");
    return text;
}

int runExplain(const Options& options, QTextStream& out, QTextStream& err)
{
    try {
        const Scenario scenario = loadScenarioFile(options.scenario);
        const config::KubeSchedulerConfiguration configuration = effectiveConfiguration(scenario, options.config, versionChoice(options));
        const std::shared_ptr<extenderhttp::ExtenderSession> extenders = extenderhttp::ExtenderSession::start(scenario, configuration);
        const ExplainReport report = explainPod(scenario, configuration, options.pod, ExplainAttempt {std::max(options.attempt, 1), options.attempt == 0},
                                                extenders ? extenders->transport() : nullptr);
        warnAboutVersion(scenario, versionChoice(options), err);
        if (options.json) {
            QJsonObject root = explainObject(report);
            root.insert(QStringLiteral("kubernetesVersion"), configuration.features.version.toString());
            out << QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented));
        } else {
            out << explainTable(report);
        }
        out.flush();
        return ExitOk;
    } catch (const LoadError& error) {
        err << error.toString() << Qt::endl;
        return ExitBadInput;
    } catch (const ExplainError& error) {
        err << QStringLiteral("kschedviz: ") << QString::fromStdString(error.what()) << Qt::endl;
        return ExitBadInput;
    }
}

} // namespace ksv::cli
