#pragma once

// A fake API server serving every resource the client reads, as a ClusterSession expects, and the
// configuration that reaches a fake server as the reader: what the client tests share.

#include "fakecluster.h"
#include "kubeconfig.h"
#include "reflector.h"

#include <QHash>

namespace ksv::test {

inline QString uidOf(const QString& name)
{
    return QStringLiteral("uid-") + name;
}

// One FakeCluster per resource of client::readResources(), by kind. The server owns them.
inline QHash<QString, FakeCluster*> serveEveryResource(FakeApiServer& server)
{
    QHash<QString, FakeCluster*> clusters;
    for (const client::ResourceType& type : client::readResources())
        clusters.insert(type.kind, new FakeCluster(server, type.kind, type.apiVersion, type.path));
    return clusters;
}

// The reader as the tests' kubeconfig would give it: context "fake", the server's URL, the test CA,
// a bearer token.
inline client::ResolvedConfig readerConfig(const FakeApiServer& server)
{
    client::ResolvedConfig config;
    config.contextName = QStringLiteral("fake");
    config.cluster.server = server.url();
    config.cluster.certificateAuthorityPem = FakeApiServer::readFixture("tls/ca.crt");
    config.user.token = "reader-token";
    return config;
}

} // namespace ksv::test
