#include "format.h"

#include "api/resources.h"

#include <algorithm>

namespace ksv::format {

QString cpu(qint64 milliCpu)
{
    if (milliCpu % 1000 == 0)
        return QString::number(milliCpu / 1000);
    if (milliCpu < 1000)
        return QString::number(milliCpu) + QLatin1Char('m');
    return QString::number(static_cast<double>(milliCpu) / 1000.0, 'f', 2);
}

QString bytes(qint64 bytes)
{
    static const char* const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double value = static_cast<double>(bytes);
    int unit = 0;
    while (value >= 1024.0 && unit < 6) {
        value /= 1024.0;
        ++unit;
    }
    const bool whole = value == static_cast<double>(static_cast<qint64>(value));
    return QString::number(value, 'f', whole || unit == 0 ? 0 : 1) + QLatin1Char(' ') + QLatin1String(units[unit]);
}

QString resource(const QString& name, const Quantity& quantity)
{
    if (name == ResourceName::cpu)
        return cpu(quantity.milliValue());
    if (name == ResourceName::memory || name == ResourceName::ephemeralStorage || name == ResourceName::storage
        || isHugePageResourceName(name))
        return bytes(quantity.value());
    return quantity.toString();
}

QString virtualTime(VirtualNanos nanos, int decimals)
{
    decimals = std::clamp(decimals, 0, 9);
    const bool negative = nanos < 0;
    const VirtualNanos magnitude = negative ? -nanos : nanos;
    const qint64 seconds = magnitude / nanosPerSecond;
    QString text = seconds < 3600 ? QStringLiteral("%1:%2").arg(seconds / 60).arg(seconds % 60, 2, 10, QLatin1Char('0'))
                                  : QStringLiteral("%1:%2:%3")
                                        .arg(seconds / 3600)
                                        .arg(seconds / 60 % 60, 2, 10, QLatin1Char('0'))
                                        .arg(seconds % 60, 2, 10, QLatin1Char('0'));
    if (decimals > 0) {
        qint64 unit = nanosPerSecond;
        for (int i = 0; i < decimals; ++i)
            unit /= 10;
        // Truncated, not rounded: a clock never shows a time that has not come yet.
        text += QLatin1Char('.') + QStringLiteral("%1").arg((magnitude % nanosPerSecond) / unit, decimals, 10, QLatin1Char('0'));
    }
    return negative ? QStringLiteral("-") + text : text;
}

namespace {

// Three significant digits, trailing zeros dropped: 512, 20.4, 1.25, 2.
QString significant(double value)
{
    const int decimals = value >= 99.95 ? 0 : value >= 9.995 ? 1 : 2;
    QString text = QString::number(value, 'f', decimals);
    if (text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
    }
    return text;
}

} // namespace

QString duration(VirtualNanos nanos)
{
    constexpr VirtualNanos micro = 1'000, milli = 1'000'000, minute = 60 * nanosPerSecond;
    if (nanos < 0)
        return QLatin1Char('-') + duration(-nanos);
    if (nanos < micro)
        return QString::number(nanos) + QStringLiteral(" ns");
    if (nanos < milli)
        return significant(double(nanos) / double(micro)) + QStringLiteral(" µs");
    if (nanos < nanosPerSecond)
        return significant(double(nanos) / double(milli)) + QStringLiteral(" ms");
    if (nanos < minute)
        return significant(double(nanos) / double(nanosPerSecond)) + QStringLiteral(" s");
    const VirtualNanos seconds = (nanos + nanosPerSecond / 2) / nanosPerSecond;
    if (seconds < 3600)
        return seconds % 60 == 0 ? QString(QString::number(seconds / 60) + QStringLiteral(" min"))
                                 : QString(QString::number(seconds / 60) + QStringLiteral(" min ") + QString::number(seconds % 60)
                                           + QStringLiteral(" s"));
    const VirtualNanos minutes = (seconds + 30) / 60;
    return minutes % 60 == 0 ? QString(QString::number(minutes / 60) + QStringLiteral(" h"))
                             : QString(QString::number(minutes / 60) + QStringLiteral(" h ") + QString::number(minutes % 60)
                                       + QStringLiteral(" min"));
}

} // namespace ksv::format
