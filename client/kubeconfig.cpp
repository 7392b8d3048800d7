// kubeconfig files: which ones, how they merge, and the checks client-go makes before it connects.
#include "kubeconfig.h"

#include "decoding/yamlfield.h"

#include <QDir>

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QSslCertificate>
#include <QSslKey>

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

#include <algorithm>
#include <memory>

namespace ksv::client {

namespace {

// One named cluster, user or context as the first file to define it wrote it (merging takes
// whole entries), with that file's folder for its relative paths.
struct Entry
{
    YamlField field; // the "cluster", "user" or "context" mapping
    YamlField nameField;
    QString folder;
};

struct Merged
{
    QHash<QString, Entry> clusters;
    QHash<QString, Entry> users;
    QHash<QString, Entry> contexts;
    std::optional<YamlField> currentContext; // from the first file that sets it
    QStringList files;
};

[[noreturn]] void failAt(const QString& file, const QString& field, const QString& message)
{
    throw LoadError(SourceLocation {file, 0, 0}, field, message);
}

QString resolvePath(const QString& folder, const QString& path)
{
    if (path.isEmpty() || QDir::isAbsolutePath(path))
        return path;
    return QDir::cleanPath(QDir(folder).absoluteFilePath(path));
}

// Reads a file a kubeconfig field names; a failure points at that field.
QByteArray readReferenced(const YamlField& field, const QString& folder)
{
    const QString path = resolvePath(folder, field.toString());
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        field.fail(QStringLiteral("cannot read ") + quoteForMessage(path) + QStringLiteral(": ") + file.errorString());
    return file.readAll();
}

// The -data fields: base64 of the PEM. The value is never quoted, as it may be a key.
QByteArray decodeBase64(const YamlField& field)
{
    const QByteArray text = field.toString().toLatin1();
    auto decoded = QByteArray::fromBase64Encoding(text.trimmed(), QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded || decoded.decoded.isEmpty())
        field.fail(QStringLiteral("not valid base64"));
    return decoded.decoded;
}

// The file form or the -data form of one PEM field; -data wins, as in client-go.
QByteArray fileOrData(const YamlField& parent, const char* fileKey, const char* dataKey, const QString& folder)
{
    if (const YamlField data = parent[dataKey]; data.isDefined())
        return decodeBase64(data);
    if (const YamlField file = parent[fileKey]; file.isDefined())
        return readReferenced(file, folder);
    return {};
}

void loadFile(const QString& path, bool mustExist, Merged& merged)
{
    QFile file(path);
    if (!file.exists()) {
        if (mustExist)
            failAt(path, {}, QStringLiteral("the kubeconfig file does not exist"));
        return; // $KUBECONFIG entries that do not exist are skipped, as kubectl does
    }
    if (!file.open(QIODevice::ReadOnly))
        failAt(path, {}, QStringLiteral("cannot read the kubeconfig file: ") + file.errorString());
    YAML::Node root;
    try {
        root = YAML::Load(file.readAll().toStdString());
    } catch (const YAML::Exception& error) {
        throw LoadError(SourceLocation {path, error.mark.line + 1, error.mark.column + 1}, {},
                        QStringLiteral("not a valid kubeconfig (YAML): ") + QString::fromStdString(error.msg));
    }
    merged.files.append(path);
    const YamlField document(root, path);
    if (!document.isDefined())
        return; // an empty file is an empty configuration
    if (!document.isMap())
        document.fail(QStringLiteral("expected a kubeconfig mapping, found ") + document.describe());
    const QString folder = QFileInfo(path).absolutePath();

    const auto collect = [&](const char* listKey, const char* innerKey, QHash<QString, Entry>& into) {
        QHash<QString, Entry> inThisFile; // within one file the last definition wins (client-go's conversion)
        for (const YamlField& item : document[listKey].elements()) {
            const QString name = item.requiredString("name");
            inThisFile.insert(name, Entry {item[innerKey], item["name"], folder});
        }
        for (auto it = inThisFile.cbegin(); it != inThisFile.cend(); ++it) {
            if (!into.contains(it.key()))
                into.insert(it.key(), it.value());
        }
    };
    collect("clusters", "cluster", merged.clusters);
    collect("users", "user", merged.users);
    collect("contexts", "context", merged.contexts);
    if (const YamlField current = document["current-context"]; !merged.currentContext && !current.toString().isEmpty())
        merged.currentContext = current;
}

ExecConfig decodeExec(const YamlField& exec, const QString& folder)
{
    ExecConfig config;
    config.where = exec.location();
    config.fieldPath = exec.path();
    const YamlField apiVersion = exec["apiVersion"];
    if (!apiVersion.isDefined())
        apiVersion.fail(QStringLiteral("required value is missing"));
    const QStringList versions = {QStringLiteral("client.authentication.k8s.io/v1"), QStringLiteral("client.authentication.k8s.io/v1beta1")};
    config.apiVersion = versions.at(apiVersion.toEnum(versions));
    const QString command = exec.requiredString("command");
    // client-go resolves a command against the kubeconfig's folder only when it is a path, so that
    // "command: aws" still means the aws in PATH.
    config.command = command.contains(QLatin1Char('/')) ? resolvePath(folder, command) : command;
    config.args = exec["args"].toStringList();
    config.env = exec["env"].list<std::pair<QString, QString>>(
        [](const YamlField& variable) { return std::pair {variable.requiredString("name"), variable.stringOr("value")}; });
    config.installHint = exec.stringOr("installHint");
    config.provideClusterInfo = exec["provideClusterInfo"].isDefined() && exec["provideClusterInfo"].toBool();
    const YamlField mode = exec["interactiveMode"];
    if (mode.isDefined()) {
        config.interactiveMode = static_cast<ExecConfig::InteractiveMode>(
            mode.toEnum({QStringLiteral("Never"), QStringLiteral("IfAvailable"), QStringLiteral("Always")}));
    } else if (config.apiVersion.endsWith(QLatin1String("/v1"))) {
        mode.fail(QStringLiteral("required value is missing: client.authentication.k8s.io/v1 plugins must say Never, IfAvailable or Always"));
    }
    return config;
}

// Why an auth-provider cannot work here, and what to use instead.
QString authProviderAdvice(const QString& provider)
{
    QString plugin;
    if (provider == QLatin1String("gcp"))
        plugin = QStringLiteral("gke-gcloud-auth-plugin");
    else if (provider == QLatin1String("azure"))
        plugin = QStringLiteral("kubelogin (Azure)");
    else if (provider == QLatin1String("oidc"))
        plugin = QStringLiteral("kubelogin (\"kubectl oidc-login get-token\")");
    QString text = QStringLiteral("the legacy auth-provider ") + quoteForMessage(provider)
        + QStringLiteral(" is not supported: configure an exec credential plugin");
    if (!plugin.isEmpty())
        text += QStringLiteral(" such as ") + plugin;
    return text + QStringLiteral(", or run \"kubectl proxy\" and connect to http://127.0.0.1:8001 without credentials");
}

ClusterConfig decodeCluster(const QString& name, const Entry& entry, QStringList& warnings)
{
    const YamlField& cluster = entry.field;
    if (!cluster.isDefined())
        entry.nameField.fail(QStringLiteral("the cluster has no \"cluster\" mapping"));
    ClusterConfig config;
    config.name = name;
    config.where = cluster.location();
    const YamlField serverField = cluster["server"];
    const QString server = cluster.requiredString("server");
    config.server = QUrl(server, QUrl::StrictMode);
    const QString scheme = config.server.scheme();
    if (!config.server.isValid() || config.server.host().isEmpty()
        || (scheme != QLatin1String("https") && scheme != QLatin1String("http")))
        serverField.fail(quoteForMessage(server) + QStringLiteral(" is not an http:// or https:// URL with a host"));

    const bool hasCaData = cluster["certificate-authority-data"].isDefined();
    const bool hasCaFile = cluster["certificate-authority"].isDefined();
    config.certificateAuthorityPem = fileOrData(cluster, "certificate-authority", "certificate-authority-data", entry.folder);
    const YamlField caField = cluster[hasCaData ? "certificate-authority-data" : "certificate-authority"];
    if (hasCaData && hasCaFile) {
        warnings.append(cluster["certificate-authority"].location().toString()
                        + QStringLiteral(": certificate-authority is ignored: certificate-authority-data is set too and wins"));
    }
    if ((hasCaData || hasCaFile) && QSslCertificate::fromData(config.certificateAuthorityPem, QSsl::Pem).isEmpty())
        caField.fail(QStringLiteral("no PEM certificate in it"));

    if (const YamlField insecure = cluster["insecure-skip-tls-verify"]; insecure.isDefined() && insecure.toBool()) {
        // client-go's validation refuses this pair: a CA that would never be checked is a mistake.
        if (hasCaData || hasCaFile)
            insecure.fail(QStringLiteral("specifying a root certificates file with the insecure flag is not allowed"));
        config.insecureSkipTlsVerify = true;
        warnings.append(QStringLiteral("cluster ") + quoteForMessage(name)
                        + QStringLiteral(": insecure-skip-tls-verify is set: the server's certificate is NOT checked, "
                                         "anyone on the network path can read and alter this connection"));
    }
    config.tlsServerName = cluster.stringOr("tls-server-name");
    if (const YamlField proxy = cluster["proxy-url"]; proxy.isDefined()) {
        config.proxyUrl = QUrl(proxy.toString(), QUrl::StrictMode);
        const QString proxyScheme = config.proxyUrl.scheme();
        if (!config.proxyUrl.isValid() || config.proxyUrl.host().isEmpty())
            proxy.fail(QStringLiteral("not a URL with a host"));
        // Qt speaks to HTTP and SOCKS5 proxies only (QNetworkProxy has no TLS-to-the-proxy type).
        if (proxyScheme != QLatin1String("http") && proxyScheme != QLatin1String("socks5"))
            proxy.fail(quoteForMessage(proxyScheme) + QStringLiteral(" proxies are not supported: use http or socks5"));
    }
    return config;
}

UserConfig decodeUser(const QString& name, const Entry& entry)
{
    const YamlField& user = entry.field;
    UserConfig config;
    config.name = name;
    config.where = user.location();
    if (!user.isDefined())
        return config; // a user with no fields: no credentials, as kubectl treats it
    if (const YamlField provider = user["auth-provider"]; provider.isDefined())
        provider.fail(authProviderAdvice(provider.stringOr("name")));
    if (user.has("username") || user.has("password")) {
        user[user.has("username") ? "username" : "password"].fail(
            QStringLiteral("basic authentication is not supported: use a token, a client certificate or an exec plugin, "
                           "or run \"kubectl proxy\" and connect to http://127.0.0.1:8001 without credentials"));
    }

    config.clientCertificatePem = fileOrData(user, "client-certificate", "client-certificate-data", entry.folder);
    config.clientKeyPem = fileOrData(user, "client-key", "client-key-data", entry.folder);
    if (config.clientCertificatePem.isEmpty() != config.clientKeyPem.isEmpty()) {
        const bool keyMissing = config.clientKeyPem.isEmpty();
        const YamlField present = keyMissing ? user[user.has("client-certificate-data") ? "client-certificate-data" : "client-certificate"]
                                             : user[user.has("client-key-data") ? "client-key-data" : "client-key"];
        present.fail(keyMissing ? QStringLiteral("client-key-data or client-key must be given with a client certificate")
                                : QStringLiteral("client-certificate-data or client-certificate must be given with a client key"));
    }
    if (!config.clientKeyPem.isEmpty()) {
        if (const QString problem = checkCertificateAndKey(config.clientCertificatePem, config.clientKeyPem); !problem.isEmpty())
            user[user.has("client-key-data") ? "client-key-data" : "client-key"].fail(problem);
    }

    if (const YamlField token = user["token"]; token.isDefined()) {
        config.token = token.toString().toUtf8();
    } else if (const YamlField tokenFile = user["tokenFile"]; tokenFile.isDefined()) {
        config.token = readReferenced(tokenFile, entry.folder).trimmed();
        if (config.token.isEmpty())
            tokenFile.fail(QStringLiteral("the token file is empty"));
    }
    if (const YamlField exec = user["exec"]; exec.isDefined())
        config.exec = decodeExec(exec, entry.folder);
    return config;
}

using BioPtr = std::unique_ptr<BIO, decltype(&BIO_free)>;

BioPtr memoryBio(const QByteArray& data)
{
    return BioPtr(BIO_new_mem_buf(data.constData(), static_cast<int>(data.size())), &BIO_free);
}

// Without this callback OpenSSL would ask for the passphrase of an encrypted key on the terminal.
int refusePassphrase(char*, int, int, void*)
{
    return 0;
}

} // namespace

KubeconfigOptions KubeconfigOptions::fromEnvironment(QString kubeconfigFlag, QString contextFlag)
{
    return KubeconfigOptions {std::move(kubeconfigFlag), std::move(contextFlag), qEnvironmentVariable("KUBECONFIG"), QDir::homePath()};
}

QStringList kubeconfigPrecedence(const KubeconfigOptions& options, bool* explicitFile)
{
    if (explicitFile)
        *explicitFile = !options.kubeconfigFlag.isEmpty();
    if (!options.kubeconfigFlag.isEmpty())
        return {options.kubeconfigFlag};
    if (!options.kubeconfigEnv.isEmpty()) {
        QStringList files;
        for (const QString& file : options.kubeconfigEnv.split(QLatin1Char(':'), Qt::SkipEmptyParts)) {
            if (!files.contains(file))
                files.append(file);
        }
        return files;
    }
    return {QDir(options.homeDir).filePath(QStringLiteral(".kube/config"))};
}

QString checkCertificateAndKey(const QByteArray& certificatePem, const QByteArray& keyPem)
{
    if (QSslCertificate::fromData(certificatePem, QSsl::Pem).isEmpty())
        return QStringLiteral("the client certificate is not a PEM certificate");
    // Qt needs to be told the algorithm; kubeconfigs carry RSA (PKCS#1 or #8) and EC keys.
    if (QSslKey(keyPem, QSsl::Rsa).isNull() && QSslKey(keyPem, QSsl::Ec).isNull())
        return QStringLiteral("the client key is not an unencrypted PEM RSA or EC private key");
    const BioPtr certBio = memoryBio(certificatePem);
    const BioPtr keyBio = memoryBio(keyPem);
    std::unique_ptr<X509, decltype(&X509_free)> certificate(PEM_read_bio_X509(certBio.get(), nullptr, nullptr, nullptr), &X509_free);
    std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)> key(PEM_read_bio_PrivateKey(keyBio.get(), nullptr, refusePassphrase, nullptr),
                                                            &EVP_PKEY_free);
    const bool matches = certificate && key && X509_check_private_key(certificate.get(), key.get()) == 1;
    ERR_clear_error(); // OpenSSL's error queue is per thread; Qt's own TLS code reads it later
    if (!matches)
        return QStringLiteral("the client key does not match the client certificate");
    return {};
}

namespace {

Merged loadMerged(const KubeconfigOptions& options)
{
    bool explicitFile = false;
    const QStringList files = kubeconfigPrecedence(options, &explicitFile);
    Merged merged;
    for (const QString& file : files)
        loadFile(file, explicitFile, merged);
    const QString where = files.join(QLatin1Char(':'));
    if (merged.files.isEmpty()) {
        failAt(where, {},
               QStringLiteral("no kubeconfig found (tried --kubeconfig, $KUBECONFIG, then ~/.kube/config); "
                              "for \"kubectl proxy\" write one whose server is http://127.0.0.1:8001"));
    }
    return merged;
}

} // namespace

KubeconfigContexts listContexts(const KubeconfigOptions& options)
{
    const Merged merged = loadMerged(options);
    KubeconfigContexts result;
    result.files = merged.files;
    result.current = merged.currentContext ? merged.currentContext->toString() : QString();
    for (auto it = merged.contexts.cbegin(); it != merged.contexts.cend(); ++it) {
        ContextEntry entry;
        entry.name = it.key();
        if (it->field.isDefined()) {
            entry.cluster = it->field.stringOr("cluster");
            entry.user = it->field.stringOr("user");
            entry.namespace_ = it->field.stringOr("namespace", QStringLiteral("default"));
        }
        if (const auto cluster = merged.clusters.constFind(entry.cluster); cluster != merged.clusters.cend() && cluster->field.isDefined())
            entry.server = cluster->field.stringOr("server");
        result.contexts.append(entry);
    }
    std::sort(result.contexts.begin(), result.contexts.end(), [&result](const ContextEntry& a, const ContextEntry& b) {
        const bool aCurrent = a.name == result.current;
        const bool bCurrent = b.name == result.current;
        return aCurrent != bCurrent ? aCurrent : a.name < b.name;
    });
    return result;
}

ResolvedConfig loadKubeconfig(const KubeconfigOptions& options)
{
    const Merged merged = loadMerged(options);

    ResolvedConfig resolved;
    resolved.files = merged.files;
    std::optional<YamlField> contextNameField = merged.currentContext;
    resolved.contextName = options.contextFlag.isEmpty() && contextNameField ? contextNameField->toString() : options.contextFlag;
    if (resolved.contextName.isEmpty())
        failAt(merged.files.join(QLatin1Char(':')), QStringLiteral("current-context"),
               QStringLiteral("no context is set: set current-context or pass --context NAME"));
    const auto context = merged.contexts.constFind(resolved.contextName);
    if (context == merged.contexts.cend()) {
        const QString message = QStringLiteral("context ") + quoteForMessage(resolved.contextName) + QStringLiteral(" is not defined");
        if (!options.contextFlag.isEmpty())
            failAt(merged.files.join(QLatin1Char(':')), QStringLiteral("--context"), message);
        contextNameField->fail(message);
    }
    const YamlField& contextField = context->field;
    if (!contextField.isDefined())
        context->nameField.fail(QStringLiteral("the context has no \"context\" mapping"));
    resolved.namespace_ = contextField.stringOr("namespace", QStringLiteral("default"));

    const QString clusterName = contextField.requiredString("cluster");
    const auto cluster = merged.clusters.constFind(clusterName);
    if (cluster == merged.clusters.cend())
        contextField["cluster"].fail(QStringLiteral("cluster ") + quoteForMessage(clusterName) + QStringLiteral(" is not defined"));
    resolved.cluster = decodeCluster(clusterName, *cluster, resolved.warnings);

    if (const QString userName = contextField.stringOr("user"); !userName.isEmpty()) {
        const auto user = merged.users.constFind(userName);
        if (user == merged.users.cend())
            contextField["user"].fail(QStringLiteral("user ") + quoteForMessage(userName) + QStringLiteral(" is not defined"));
        resolved.user = decodeUser(userName, *user);
    }
    const bool hasCredentials = !resolved.user.token.isEmpty() || !resolved.user.clientKeyPem.isEmpty() || resolved.user.exec;
    if (resolved.cluster.server.scheme() == QLatin1String("http") && hasCredentials) {
        // A bearer token over plain HTTP is readable by anyone on the path; kubectl refuses
        // nothing here, but the only plain-HTTP setup this client is meant for is kubectl proxy.
        context->field["user"].fail(QStringLiteral("credentials would be sent over plain http:// to ")
                                    + resolved.cluster.server.toString() + QStringLiteral(": use https://, or drop the user for \"kubectl proxy\""));
    }
    return resolved;
}

} // namespace ksv::client
