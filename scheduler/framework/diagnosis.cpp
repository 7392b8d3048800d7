#include "diagnosis.h"

#include <QMap>
#include <QStringList>

#include <algorithm>

namespace ksv::framework {

void Diagnosis::addPluginStatus(const Status& status)
{
    if (status.plugin().isEmpty() || !status.isRejected())
        return;
    if (status.code() == Code::Pending)
        pendingPlugins.insert(status.plugin());
    else
        unschedulablePlugins.insert(status.plugin());
}

QString FitError::error() const
{
    QString message = QStringLiteral("0/") + QString::number(numAllNodes) + QStringLiteral(" nodes are available:");
    if (!diagnosis.preFilterMsg.isEmpty()) {
        message += QLatin1Char(' ') + diagnosis.preFilterMsg + QLatin1Char('.');
    } else {
        QMap<QString, qint64> counts;
        for (qsizetype i = 0; i < diagnosis.nodeToStatus.len(); ++i) {
            for (const auto& reason : diagnosis.nodeToStatus.statusAt(i).reasons())
                ++counts[reason];
        }
        const qint64 absent = numAllNodes - diagnosis.nodeToStatus.len();
        if (absent > 0) {
            for (const auto& reason : diagnosis.nodeToStatus.absentNodesStatus.reasons())
                counts[reason] += absent;
        }
        QStringList reasons;
        for (auto it = counts.cbegin(); it != counts.cend(); ++it)
            reasons.append(QString::number(it.value()) + QLatin1Char(' ') + it.key());
        // sort.Strings on the whole "<count> <reason>" text: "10 x" sorts before "2 x".
        std::sort(reasons.begin(), reasons.end());
        if (!reasons.isEmpty())
            message += QLatin1Char(' ') + reasons.join(QStringLiteral(", ")) + QLatin1Char('.');
    }
    if (!diagnosis.postFilterMsg.isEmpty())
        message += QLatin1Char(' ') + diagnosis.postFilterMsg;
    return message;
}

} // namespace ksv::framework
