#include "kubeversion.h"

#include <QRegularExpression>

#include <algorithm>

namespace ksv::version {

QString KubeVersion::toString() const
{
    return QLatin1Char('v') + QString::number(major) + QLatin1Char('.') + QString::number(minor);
}

int modelledIndex(KubeVersion version)
{
    const auto it = std::find(modelledVersions.begin(), modelledVersions.end(), version);
    return it == modelledVersions.end() ? -1 : int(it - modelledVersions.begin());
}

bool isModelled(KubeVersion version)
{
    return modelledIndex(version) >= 0;
}

QString modelledList()
{
    QStringList names;
    for (const KubeVersion& version : modelledVersions)
        names.append(version.toString());
    return names.join(QStringLiteral(", "));
}

std::optional<KubeVersion> parseKubeVersion(const QString& text, QString* error)
{
    // Digits only, no sign and no leading zeros past a lone 0: "1.036" is not a version.
    static const QRegularExpression pattern(QStringLiteral("^v?(0|[1-9][0-9]{0,3})\\.(0|[1-9][0-9]{0,3})(\\.(0|[1-9][0-9]{0,5}))?$"));
    const QRegularExpressionMatch match = pattern.match(text);
    if (!match.hasMatch()) {
        if (error)
            *error = QLatin1Char('"') + text + QStringLiteral("\" is not a Kubernetes version: write MAJOR.MINOR such as 1.36 (v1.36 and 1.36.4 are read too)");
        return std::nullopt;
    }
    const KubeVersion version {match.captured(1).toInt(), match.captured(2).toInt()};
    if (!isModelled(version)) {
        if (error)
            *error = QStringLiteral("Kubernetes ") + version.toString() + QStringLiteral(" is not modelled: kschedviz models ") + modelledList();
        return std::nullopt;
    }
    return version;
}

std::optional<KubeVersion> clusterVersion(const QString& gitVersion, const QString& major, const QString& minor)
{
    static const QRegularExpression git(QStringLiteral("^v?([0-9]{1,4})\\.([0-9]{1,4})(\\.[0-9]{1,6})?([-+].*)?$"));
    if (const QRegularExpressionMatch match = git.match(gitVersion); match.hasMatch())
        return KubeVersion {match.captured(1).toInt(), match.captured(2).toInt()};
    // Some distributions write "36+" in minor; the digits are the version.
    static const QRegularExpression number(QStringLiteral("^([0-9]{1,4})\\+?$"));
    const QRegularExpressionMatch majorMatch = number.match(major);
    const QRegularExpressionMatch minorMatch = number.match(minor);
    if (majorMatch.hasMatch() && minorMatch.hasMatch())
        return KubeVersion {majorMatch.captured(1).toInt(), minorMatch.captured(1).toInt()};
    return std::nullopt;
}

KubeVersion nearestModelled(KubeVersion version)
{
    if (version < modelledVersions.front())
        return modelledVersions.front();
    if (version > modelledVersions.back())
        return modelledVersions.back();
    return isModelled(version) ? version : modelledVersions.front();
}

QString nearestWarning(KubeVersion cluster)
{
    if (isModelled(cluster))
        return {};
    return QStringLiteral("the cluster runs Kubernetes ") + cluster.toString() + QStringLiteral(", which kschedviz does not model: modelling it as ")
        + nearestModelled(cluster).toString() + QStringLiteral(" (kschedviz models ") + modelledList() + QLatin1Char(')');
}

} // namespace ksv::version
