#include "interface.h"

namespace ksv::framework {

const QList<Extender*>& Handle::extenders() const
{
    static const QList<Extender*> none;
    return none;
}

QString toString(ExtensionPoint point)
{
    switch (point) {
    case ExtensionPoint::PreEnqueue: return QStringLiteral("PreEnqueue");
    case ExtensionPoint::QueueSort: return QStringLiteral("QueueSort");
    case ExtensionPoint::PreFilter: return QStringLiteral("PreFilter");
    case ExtensionPoint::Filter: return QStringLiteral("Filter");
    case ExtensionPoint::PostFilter: return QStringLiteral("PostFilter");
    case ExtensionPoint::PreScore: return QStringLiteral("PreScore");
    case ExtensionPoint::Score: return QStringLiteral("Score");
    case ExtensionPoint::NormalizeScore: return QStringLiteral("NormalizeScore");
    case ExtensionPoint::Reserve: return QStringLiteral("Reserve");
    case ExtensionPoint::Unreserve: return QStringLiteral("Unreserve");
    case ExtensionPoint::Permit: return QStringLiteral("Permit");
    case ExtensionPoint::WaitOnPermit: return QStringLiteral("WaitOnPermit");
    case ExtensionPoint::PreBind: return QStringLiteral("PreBind");
    case ExtensionPoint::Bind: return QStringLiteral("Bind");
    case ExtensionPoint::PostBind: return QStringLiteral("PostBind");
    }
    Q_UNREACHABLE();
    return {};
}

} // namespace ksv::framework
