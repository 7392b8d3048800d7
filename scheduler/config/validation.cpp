// ValidateKubeSchedulerConfiguration (pkg/scheduler/apis/config/validation/validation.go, v1.32).
#include "validation.h"

#include "api/resources.h"

#include <QHash>
#include <QSet>

#include <algorithm>

namespace ksv::config {

namespace {

QString profilePath(qsizetype index)
{
    return QStringLiteral("profiles[") + QString::number(index) + QLatin1Char(']');
}

void validatePercentageOfNodesToScore(QList<FieldError>& errors, const QString& path, std::optional<int> percentage)
{
    if (percentage && (*percentage < 0 || *percentage > 100))
        errors.append(field::invalid(path, QString::number(*percentage), QStringLiteral("not in valid range [0-100]")));
}

void validatePluginConfig(QList<FieldError>& errors, const QString& path, const Profile& profile)
{
    QSet<QString> seen;
    for (qsizetype j = 0; j < profile.pluginConfig.size(); ++j) {
        const PluginConfig& config = profile.pluginConfig[j];
        const QString configPath = path + QStringLiteral(".pluginConfig[") + QString::number(j) + QLatin1Char(']');
        if (seen.contains(config.name))
            errors.append(field::duplicate(configPath, field::quote(config.name)));
        else
            seen.insert(config.name);
        if (!std::holds_alternative<std::monostate>(config.args))
            errors.append(validatePluginArgs(configPath + QStringLiteral(".args"), config.args));
    }
}

// apiequality.Semantic.DeepEqual of two internal PluginSets: names and weights, in order.
bool samePlugins(const QList<PluginRef>& a, const QList<PluginRef>& b)
{
    return std::equal(a.cbegin(), a.cend(), b.cbegin(), b.cend(),
                      [](const PluginRef& x, const PluginRef& y) { return x.name == y.name && x.weight == y.weight; });
}

// Go's %#v of an internal config.PluginSet, which is how upstream prints the queueSort it refuses.
QString goSyntax(const QList<PluginRef>& plugins)
{
    if (plugins.isEmpty())
        return QStringLiteral("[]config.Plugin(nil)");
    QStringList items;
    for (const auto& plugin : plugins) {
        items.append(QStringLiteral("config.Plugin{Name:") + field::quote(plugin.name) + QStringLiteral(", Weight:")
                     + QString::number(plugin.weight) + QLatin1Char('}'));
    }
    return QStringLiteral("[]config.Plugin{") + items.join(QStringLiteral(", ")) + QLatin1Char('}');
}

QString goSyntax(const PluginSet& set)
{
    return QStringLiteral("config.PluginSet{Enabled:") + goSyntax(set.enabled) + QStringLiteral(", Disabled:")
        + goSyntax(set.disabled) + QLatin1Char('}');
}

const PluginArgs* lastArgsFor(const Profile& profile, const QString& plugin)
{
    const PluginArgs* found = nullptr;
    for (const auto& config : profile.pluginConfig) {
        if (config.name == plugin)
            found = &config.args;
    }
    return found;
}

void validateCommonQueueSort(QList<FieldError>& errors, const QList<Profile>& profiles)
{
    const PluginSet& canon = profiles[0].plugins.queueSort;
    const QString queueSortName = canon.enabled.isEmpty() ? QString() : canon.enabled[0].name;
    if (canon.enabled.size() > 1) {
        FieldError error = field::invalid(profilePath(0) + QStringLiteral(".plugins.queueSort.Enabled"),
                                          QString::number(canon.enabled.size()),
                                          QStringLiteral("only one queue sort plugin can be enabled"));
        error.yamlPath = profilePath(0) + QStringLiteral(".plugins.queueSort.enabled");
        errors.append(error);
    }
    // No pluginConfig entry and one without args compare equal, as nil args do upstream.
    const PluginArgs* found = queueSortName.isEmpty() ? nullptr : lastArgsFor(profiles[0], queueSortName);
    const PluginArgs queueSortArgs = found ? *found : PluginArgs {};
    const QString mustBeSame = QStringLiteral("queueSort must be the same for all profiles");
    for (qsizetype i = 1; i < profiles.size(); ++i) {
        const PluginSet& current = profiles[i].plugins.queueSort;
        if (!samePlugins(canon.enabled, current.enabled) || !samePlugins(canon.disabled, current.disabled))
            errors.append(
                field::invalid(profilePath(i) + QStringLiteral(".plugins.queueSort"), goSyntax(current), mustBeSame));
        for (const auto& config : profiles[i].pluginConfig) {
            if (config.name != queueSortName)
                continue;
            if (queueSortArgs == config.args)
                continue;
            // Upstream prints the args object with %#v; its Go type name is all we can offer of it.
            FieldError error = field::invalid(
                profilePath(i) + QStringLiteral(".pluginConfig.args"),
                QStringLiteral("&config.") + argsKindFor(config.name) + QStringLiteral("{...}"), mustBeSame);
            error.yamlPath = profilePath(i) + QStringLiteral(".pluginConfig");
            errors.append(error);
        }
    }
}

// validateExtenders: a positive weight for a prioritizer, at most one binder, and managed resource
// names that are extended resource names, once across all extenders.
void validateExtenders(QList<FieldError>& errors, const QList<Extender>& extenders)
{
    int binders = 0;
    QSet<QString> managed;
    for (qsizetype i = 0; i < extenders.size(); ++i) {
        const Extender& extender = extenders[i];
        const QString path = QStringLiteral("extenders[%1]").arg(i);
        if (!extender.prioritizeVerb.isEmpty() && extender.weight <= 0)
            errors.append(field::invalid(path + QStringLiteral(".weight"), QString::number(extender.weight),
                                         QStringLiteral("must have a positive weight applied to it")));
        binders += extender.bindVerb.isEmpty() ? 0 : 1;
        for (qsizetype j = 0; j < extender.managedResources.size(); ++j) {
            const QString& name = extender.managedResources[j].name;
            const QString namePath = path + QStringLiteral(".managedResources[%1].name").arg(j);
            const QStringList messages = qualifiedNameErrors(name);
            for (const QString& message : messages)
                errors.append(field::invalid(namePath, field::quote(name), message));
            if (messages.isEmpty() && !isExtendedResourceName(name))
                errors.append(field::invalid(namePath, field::quote(name), QStringLiteral("is an invalid extended resource name")));
            if (managed.contains(name))
                errors.append(field::invalid(namePath, field::quote(name), QStringLiteral("duplicate extender managed resource name")));
            managed.insert(name);
        }
    }
    if (binders > 1)
        errors.append(field::invalid(QStringLiteral("extenders"), field::quote(QStringLiteral("found %1 extenders implementing bind").arg(binders)),
                                     QStringLiteral("only one extender can implement bind")));
}

} // namespace

QList<FieldError> validateConfiguration(const KubeSchedulerConfiguration& configuration)
{
    QList<FieldError> errors;
    if (configuration.parallelism <= 0) {
        errors.append(field::invalid(QStringLiteral("parallelism"), QString::number(configuration.parallelism),
                                     QStringLiteral("should be an integer value greater than zero")));
    }
    const auto& profiles = configuration.profiles;
    if (profiles.isEmpty()) {
        errors.append(field::required(QStringLiteral("profiles")));
    } else {
        QHash<QString, qsizetype> existing;
        for (qsizetype i = 0; i < profiles.size(); ++i) {
            const Profile& profile = profiles[i];
            const QString path = profilePath(i);
            if (profile.schedulerName.isEmpty())
                errors.append(field::required(path + QStringLiteral(".schedulerName")));
            validatePercentageOfNodesToScore(errors, path + QStringLiteral(".percentageOfNodesToScore"),
                                             profile.percentageOfNodesToScore);
            validatePluginConfig(errors, path, profile);
            // Upstream's value is the *field.Path of the first profile, which field.Error prints with
            // %#v (a pointer address); we print the path itself.
            if (const auto first = existing.constFind(profile.schedulerName); first != existing.cend()) {
                errors.append(field::duplicate(path + QStringLiteral(".schedulerName"),
                                               field::quote(profilePath(*first) + QStringLiteral(".schedulerName"))));
            }
            existing.insert(profile.schedulerName, i);
        }
        validateCommonQueueSort(errors, profiles);
    }
    validatePercentageOfNodesToScore(errors, QStringLiteral("percentageOfNodesToScore"),
                                     configuration.percentageOfNodesToScore);
    if (configuration.podInitialBackoffSeconds <= 0) {
        errors.append(field::invalid(QStringLiteral("podInitialBackoffSeconds"),
                                     QString::number(configuration.podInitialBackoffSeconds),
                                     QStringLiteral("must be greater than 0")));
    }
    if (configuration.podMaxBackoffSeconds < configuration.podInitialBackoffSeconds) {
        errors.append(field::invalid(QStringLiteral("podMaxBackoffSeconds"),
                                     QString::number(configuration.podMaxBackoffSeconds),
                                     QStringLiteral("must be greater than or equal to PodInitialBackoffSeconds")));
    }
    validateExtenders(errors, configuration.extenders);
    return errors;
}

} // namespace ksv::config
