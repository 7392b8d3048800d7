#include "status.h"

namespace ksv::framework {

QString toString(Code code)
{
    switch (code) {
    case Code::Success: return QStringLiteral("Success");
    case Code::Error: return QStringLiteral("Error");
    case Code::Unschedulable: return QStringLiteral("Unschedulable");
    case Code::UnschedulableAndUnresolvable: return QStringLiteral("UnschedulableAndUnresolvable");
    case Code::Wait: return QStringLiteral("Wait");
    case Code::Skip: return QStringLiteral("Skip");
    case Code::Pending: return QStringLiteral("Pending");
    }
    return {};
}

} // namespace ksv::framework
