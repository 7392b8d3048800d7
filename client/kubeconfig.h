#pragma once

// kubeconfig loading as kubectl does it (client-go tools/clientcmd: loader.go, validation.go,
// client_config.go), reduced to what a read-only client needs. Everything a request will use is
// read and checked here, once, so that a broken file fails at start with one message that names
// the file and the field, never later in the middle of a watch.

#include "decoding/loaderror.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <optional>

namespace ksv::client {

// client.authentication.k8s.io ExecConfig: the plugin is run by credentials.h, not here.
struct ExecConfig
{
    enum class InteractiveMode : quint8 { Never, IfAvailable, Always };

    QString apiVersion; // client.authentication.k8s.io/v1 or v1beta1
    QString command; // absolute when it contained a '/', else a name looked up in PATH when run
    QStringList args;
    QList<std::pair<QString, QString>> env;
    QString installHint;
    bool provideClusterInfo = false;
    InteractiveMode interactiveMode = InteractiveMode::IfAvailable;
    SourceLocation where; // the user's exec field, for messages about the plugin
    QString fieldPath; // "users[2].user.exec"
};

struct ClusterConfig
{
    QString name;
    QUrl server;
    QByteArray certificateAuthorityPem; // empty: the system's trust store
    bool insecureSkipTlsVerify = false;
    QString tlsServerName;
    QUrl proxyUrl;
    SourceLocation where;
};

// Credentials are kept here only in memory; nothing in this library prints them.
struct UserConfig
{
    QString name;
    QByteArray clientCertificatePem;
    QByteArray clientKeyPem;
    QByteArray token; // token wins over tokenFile, whose content lands here
    std::optional<ExecConfig> exec;
    SourceLocation where;
};

struct ResolvedConfig
{
    QString contextName;
    QString namespace_; // the context's, else "default"
    ClusterConfig cluster;
    UserConfig user;
    QStringList files; // the files that were read, in merge order
    // Said again every time the configuration is used (insecure-skip-tls-verify, ...).
    QStringList warnings;
};

struct KubeconfigOptions
{
    QString kubeconfigFlag; // --kubeconfig: this file alone, no merging
    QString contextFlag; // --context
    QString kubeconfigEnv; // $KUBECONFIG, split on ':'
    QString homeDir; // for ~/.kube/config
    // The options of this process: $KUBECONFIG and $HOME.
    static KubeconfigOptions fromEnvironment(QString kubeconfigFlag = {}, QString contextFlag = {});
};

// The files kubectl would read, in merge order: --kubeconfig alone; else $KUBECONFIG's existing
// files; else ~/.kube/config. `explicitFile` is true when a missing file must be an error.
QStringList kubeconfigPrecedence(const KubeconfigOptions& options, bool* explicitFile = nullptr);

// Loads, merges and resolves the context to use. Throws LoadError ("file:line:column: field:
// message") for anything broken or unsupported.
ResolvedConfig loadKubeconfig(const KubeconfigOptions& options);

// A context as File > Connect to cluster… lists it: names only, nothing decoded or checked (a broken
// user shows when the context is used, with the file and field).
struct ContextEntry
{
    QString name;
    QString cluster;
    QString user;
    QString namespace_;
    QString server; // the cluster's, when it is defined
};

struct KubeconfigContexts
{
    QStringList files;
    QString current; // current-context, if any
    QList<ContextEntry> contexts; // the current one first, then by name
};

// The contexts of the merged kubeconfig. Throws LoadError for a file that does not parse, or when
// there is no kubeconfig at all.
KubeconfigContexts listContexts(const KubeconfigOptions& options);

// A PEM certificate and key that belong together; empty when they do, else what is wrong (no
// certificate, a key Qt cannot read, a key of another certificate). Never quotes the key.
QString checkCertificateAndKey(const QByteArray& certificatePem, const QByteArray& keyPem);

} // namespace ksv::client
