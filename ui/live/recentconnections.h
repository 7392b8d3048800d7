#pragma once

// File > Recent Connections: a kubeconfig (empty for kubectl's default search) and a context,
// newest first, kept beside the recent files in QSettings. Never a credential.

#include <QList>
#include <QString>

namespace ksv {

struct RecentConnection
{
    QString kubeconfig;
    QString context;
    QString label() const;
    friend bool operator==(const RecentConnection&, const RecentConnection&) = default;
};

QList<RecentConnection> recentConnections();
void addRecentConnection(const RecentConnection& connection);

} // namespace ksv
