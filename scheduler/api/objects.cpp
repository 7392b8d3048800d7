#include "objects.h"

namespace ksv {

QString SourceLocation::toString() const
{
    if (!isValid())
        return file;
    return file + QLatin1Char(':') + QString::number(line) + QLatin1Char(':') + QString::number(column);
}

QString toString(TaintEffect effect)
{
    switch (effect) {
    case TaintEffect::NoSchedule: return QStringLiteral("NoSchedule");
    case TaintEffect::PreferNoSchedule: return QStringLiteral("PreferNoSchedule");
    case TaintEffect::NoExecute: return QStringLiteral("NoExecute");
    }
    Q_UNREACHABLE();
    return {};
}

std::optional<TaintEffect> taintEffectFromString(QStringView text)
{
    for (auto effect : {TaintEffect::NoSchedule, TaintEffect::PreferNoSchedule, TaintEffect::NoExecute}) {
        if (text == toString(effect))
            return effect;
    }
    return std::nullopt;
}

QString Taint::toString() const
{
    return QLatin1Char('{') + key + QStringLiteral(": ") + value + QLatin1Char('}');
}

bool Toleration::toleratesTaint(const Taint& taint) const
{
    if (effect && *effect != taint.effect)
        return false;
    if (!key.isEmpty() && key != taint.key)
        return false;
    return op == TolerationOperator::Exists || value == taint.value;
}

QString toString(Protocol protocol)
{
    switch (protocol) {
    case Protocol::TCP: return QStringLiteral("TCP");
    case Protocol::UDP: return QStringLiteral("UDP");
    case Protocol::SCTP: return QStringLiteral("SCTP");
    }
    Q_UNREACHABLE();
    return {};
}

QString toString(PodPhase phase)
{
    switch (phase) {
    case PodPhase::Pending: return QStringLiteral("Pending");
    case PodPhase::Running: return QStringLiteral("Running");
    case PodPhase::Succeeded: return QStringLiteral("Succeeded");
    case PodPhase::Failed: return QStringLiteral("Failed");
    case PodPhase::Unknown: return QStringLiteral("Unknown");
    }
    Q_UNREACHABLE();
    return {};
}

} // namespace ksv
