#pragma once

// What the cluster commands share: the kubeconfig as kubectl reads it, a ClusterSession, and the
// wait for its first complete list, with every way that can go wrong said once, on stderr.

#include "clustersession.h"
#include "commandline.h"

#include "scenario/encode.h"

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

// A scenario for `path`, and its JSON form: the output is the JSON itself for a name ending in .json,
// else YAML. The JSON form is what loadsBack reads, whatever the output's format: yaml-cpp would need
// about 25 GiB for 150,000 pods, the JSON path 5.5.
struct WrittenScenario
{
    QByteArray output;
    QByteArray json;
};
WrittenScenario writeFor(const Scenario& scenario, const QString& path);
// Whether a written scenario (its JSON form) loads again: a file `check` would refuse is a bug of
// ours, said (with `what`, "snapshot" or "recording") rather than found later.
bool loadsBack(const WrittenScenario& written, const QString& what, QTextStream& err);

// The file a scenario goes to: JSON for a name ending in .json, else YAML.
bool writeOutput(const QString& path, const QByteArray& bytes, QTextStream& out, QTextStream& err);

} // namespace ksv::cli
