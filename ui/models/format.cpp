#include "format.h"

#include "api/resources.h"

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

QString virtualTime(VirtualNanos nanos)
{
    const bool negative = nanos < 0;
    const qint64 millis = (negative ? -nanos : nanos) / 1'000'000;
    const qint64 seconds = millis / 1000;
    const QString fraction = QStringLiteral("%1").arg(millis % 1000, 3, 10, QLatin1Char('0'));
    QString text;
    if (seconds < 60)
        text = QStringLiteral("%1.%2 s").arg(seconds).arg(fraction);
    else if (seconds < 3600)
        text = QStringLiteral("%1:%2.%3").arg(seconds / 60).arg(seconds % 60, 2, 10, QLatin1Char('0')).arg(fraction);
    else
        text = QStringLiteral("%1:%2:%3.%4")
                   .arg(seconds / 3600)
                   .arg(seconds / 60 % 60, 2, 10, QLatin1Char('0'))
                   .arg(seconds % 60, 2, 10, QLatin1Char('0'))
                   .arg(fraction);
    return negative ? QStringLiteral("-") + text : text;
}

} // namespace ksv::format
