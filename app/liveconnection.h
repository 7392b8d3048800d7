#pragma once

// What the cluster commands share: the kubeconfig as kubectl reads it, a ClusterSession, and the
// wait for its first complete list, with every way that can go wrong said once, on stderr.

#include "clustersession.h"
#include "commandline.h"

#include <QTextStream>

#include <memory>

namespace ksv::cli {

struct LiveConnection
{
    client::ResolvedConfig config;
    std::unique_ptr<client::ClusterSession> session;
};

// Loads the kubeconfig and makes the session (not started). An exit status on failure.
std::optional<int> openConnection(const Options& options, LiveConnection& connection, QTextStream& err);
// Starts the session and waits until every resource has listed, the session is refused, or
// --timeout passes. An exit status on failure; nothing once synced.
std::optional<int> waitForFirstList(const Options& options, LiveConnection& connection, QTextStream& err);

// openConnection, then waitForFirstList, then the session stopped: the cluster as it was listed.
std::optional<int> listOnce(const Options& options, LiveConnection& connection, QTextStream& err);

// The file a scenario goes to: JSON for a name ending in .json, else YAML.
bool writeOutput(const QString& path, const QByteArray& bytes, QTextStream& out, QTextStream& err);

} // namespace ksv::cli
