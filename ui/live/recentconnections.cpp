#include "recentconnections.h"

#include <QFileInfo>
#include <QSettings>

namespace ksv {

namespace {
const QString recentConnectionsKey = QStringLiteral("recentConnections");
constexpr int maxRecentConnections = 8;
} // namespace

QString RecentConnection::label() const
{
    return kubeconfig.isEmpty() ? context : context + QStringLiteral(" (") + QFileInfo(kubeconfig).fileName() + QLatin1Char(')');
}

QList<RecentConnection> recentConnections()
{
    QList<RecentConnection> result;
    const QStringList entries = QSettings().value(recentConnectionsKey).toStringList();
    for (const QString& entry : entries) {
        const qsizetype split = entry.indexOf(QLatin1Char('\n'));
        if (split > 0 || (split == 0 && entry.size() > 1))
            result.append({entry.left(split), entry.mid(split + 1)});
    }
    return result;
}

void addRecentConnection(const RecentConnection& connection)
{
    QList<RecentConnection> recent = recentConnections();
    recent.removeAll(connection);
    recent.prepend(connection);
    QStringList entries;
    for (const RecentConnection& entry : recent.mid(0, maxRecentConnections))
        entries.append(entry.kubeconfig + QLatin1Char('\n') + entry.context);
    QSettings().setValue(recentConnectionsKey, entries);
}

} // namespace ksv
