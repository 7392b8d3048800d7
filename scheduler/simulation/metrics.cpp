#include "metrics.h"

#include <algorithm>
#include <cmath>

namespace ksv {

QString Metrics::series(const QString& name, const QList<std::pair<QString, QString>>& labels)
{
    if (labels.isEmpty())
        return name;
    QString result = name + QLatin1Char('{');
    for (qsizetype i = 0; i < labels.size(); ++i) {
        if (i > 0)
            result += QLatin1Char(',');
        result += labels[i].first + QStringLiteral("=\"") + labels[i].second + QLatin1Char('"');
    }
    return result + QLatin1Char('}');
}

double Metrics::quantile(const QString& histogram, double q) const
{
    QList<double> samples = m_samples.value(histogram);
    if (samples.isEmpty())
        return 0;
    std::sort(samples.begin(), samples.end());
    const auto rank = static_cast<qsizetype>(std::ceil(q * double(samples.size())));
    return samples[std::clamp<qsizetype>(rank - 1, 0, samples.size() - 1)];
}

} // namespace ksv
