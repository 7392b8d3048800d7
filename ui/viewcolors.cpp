#include "viewcolors.h"

#include <QPalette>

namespace ksv::colors {

using framework::Code;
using framework::ExtensionPoint;

QColor scheduled()
{
    return QColor(0x4c, 0xa8, 0x5a);
}
QColor unschedulable()
{
    return QColor(0xd9, 0x44, 0x3a);
}
QColor error()
{
    return QColor(0x9c, 0x3f, 0xb5);
}
QColor running()
{
    return QColor(0x8a, 0x94, 0xa3);
}
QColor preemption()
{
    return QColor(0xe8, 0xa0, 0x20);
}

QColor result(quint8 code)
{
    switch (Code(code)) {
    case Code::Success:
        return scheduled();
    case Code::Unschedulable:
    case Code::UnschedulableAndUnresolvable:
        return unschedulable();
    case Code::Error:
    case Code::Wait:
    case Code::Skip:
    case Code::Pending:
        return error();
    }
    Q_UNREACHABLE();
    return {};
}

QColor binding()
{
    return QColor(0x3d, 0x85, 0xc6);
}
QColor permitWait()
{
    return QColor(0x9c, 0xc3, 0xe6);
}
QColor bindingFailed()
{
    return unschedulable();
}

QColor extender()
{
    return QColor(0x7a, 0x5c, 0x3a); // brown: apart from every extension point and result colour, as the call leaves the scheduler
}

QColor extensionPoint(ExtensionPoint point)
{
    switch (point) {
    case ExtensionPoint::PreFilter:
        return QColor(0x9a, 0xb8, 0xe0);
    case ExtensionPoint::Filter:
        return QColor(0x4a, 0x78, 0xc2);
    case ExtensionPoint::PostFilter:
        return QColor(0xe0, 0xb0, 0x4a);
    case ExtensionPoint::PreScore:
        return QColor(0x8f, 0xd0, 0xc8);
    case ExtensionPoint::Score:
        return QColor(0x2f, 0x94, 0x88);
    case ExtensionPoint::Reserve:
        return QColor(0xb4, 0xbc, 0xcc);
    case ExtensionPoint::Permit:
        return QColor(0x6f, 0x7f, 0x99);
    case ExtensionPoint::PreEnqueue:
    case ExtensionPoint::QueueSort:
    case ExtensionPoint::NormalizeScore:
    case ExtensionPoint::Unreserve:
    case ExtensionPoint::WaitOnPermit:
    case ExtensionPoint::PreBind:
    case ExtensionPoint::Bind:
    case ExtensionPoint::PostBind:
        return running();
    }
    Q_UNREACHABLE();
    return {};
}

QColor queue(trace::PodLocation location)
{
    using trace::PodLocation;
    switch (location) {
    case PodLocation::Active:
        return QColor(0x3d, 0x85, 0xc6);
    case PodLocation::Backoff:
        return QColor(0xe8, 0xa0, 0x20);
    case PodLocation::Unschedulable:
        return unschedulable();
    case PodLocation::Gated:
        return QColor(0x8a, 0x8f, 0x98);
    case PodLocation::None:
    case PodLocation::Scheduling:
    case PodLocation::WaitingOnPermit:
    case PodLocation::Binding:
    case PodLocation::Bound:
    case PodLocation::Deleted:
        return running();
    }
    Q_UNREACHABLE();
    return {};
}

bool isDark(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QColor rule(const QPalette& palette)
{
    QColor color = palette.color(QPalette::WindowText);
    color.setAlphaF(0.3f);
    return color;
}

QColor absent(const QPalette& palette)
{
    return palette.color(QPalette::PlaceholderText);
}

} // namespace ksv::colors
