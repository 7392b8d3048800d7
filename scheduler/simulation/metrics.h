#pragma once

// The scheduler's metrics (pkg/scheduler/metrics/metrics.go) under upstream's names and labels,
// counted in virtual time: counters by their Prometheus series name
// (`scheduler_schedule_attempts_total{profile="default-scheduler",result="scheduled"}`) and the
// samples of the histograms, kept whole so that percentiles are exact.

#include <QList>
#include <QMap>
#include <QString>

namespace ksv {

class Metrics
{
public:
    // A series name with labels in the given order: name{k1="v1",k2="v2"}.
    static QString series(const QString& name, const QList<std::pair<QString, QString>>& labels);

    void increment(const QString& series, double by = 1) { m_counters[series] += by; }
    void observe(const QString& histogram, double value) { m_samples[histogram].append(value); }
    void set(const QString& gauge, double value) { m_counters[gauge] = value; }

    double counter(const QString& series) const { return m_counters.value(series); }
    const QMap<QString, double>& counters() const { return m_counters; }
    const QMap<QString, QList<double>>& histograms() const { return m_samples; }
    // The q-quantile (0..1) of a histogram's samples, nearest rank; 0 without samples.
    double quantile(const QString& histogram, double q) const;

private:
    QMap<QString, double> m_counters;
    QMap<QString, QList<double>> m_samples;
};

} // namespace ksv
