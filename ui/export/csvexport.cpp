#include "csvexport.h"

#include "chartsview.h"
#include "format.h"

#include <QAbstractItemModel>
#include <QIODevice>
#include <QSaveFile>

#include <cmath>
#include <map>

namespace ksv::exporting {

namespace {

// Bytes gathered before each write: one write per record would make a 4-million-row log crawl.
constexpr qsizetype flushBytes = 1 << 16;

QString number(double value)
{
    // Nanoseconds of a latency under a second, without a double's noise.
    return QString::number(value, 'g', 9);
}

template <typename Write> bool saveWith(const QString& path, QString* error, Write write)
{
    QSaveFile file(path);
    const bool ok = file.open(QIODevice::WriteOnly) && write(file) && file.commit();
    if (!ok && error)
        *error = QObject::tr("Cannot write %1: %2").arg(path, file.errorString());
    return ok;
}

} // namespace

QString csvField(const QString& text)
{
    const bool quote = text.contains(QLatin1Char(',')) || text.contains(QLatin1Char('"')) || text.contains(QLatin1Char('\n'))
        || text.contains(QLatin1Char('\r'));
    if (!quote)
        return text;
    QString doubled = text;
    doubled.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + doubled + QLatin1Char('"');
}

QString csvRecord(const QStringList& fields)
{
    QString record;
    for (qsizetype i = 0; i < fields.size(); ++i) {
        if (i > 0)
            record += QLatin1Char(',');
        record += csvField(fields[i]);
    }
    return record + QStringLiteral("\r\n");
}

bool writeModelCsv(const QAbstractItemModel& model, QIODevice& out)
{
    const int columns = model.columnCount();
    QStringList fields;
    for (int column = 0; column < columns; ++column)
        fields << model.headerData(column, Qt::Horizontal, Qt::DisplayRole).toString();
    QByteArray buffer = csvRecord(fields).toUtf8();
    const int rows = model.rowCount();
    for (int row = 0; row < rows; ++row) {
        fields.clear();
        for (int column = 0; column < columns; ++column)
            fields << model.data(model.index(row, column), Qt::DisplayRole).toString();
        buffer += csvRecord(fields).toUtf8();
        if (buffer.size() >= flushBytes) {
            if (out.write(buffer) != buffer.size())
                return false;
            buffer.clear();
        }
    }
    return out.write(buffer) == buffer.size();
}

bool writeTableCsv(const CsvTable& table, QIODevice& out)
{
    QByteArray bytes = csvRecord(table.header).toUtf8();
    for (const QStringList& row : table.rows)
        bytes += csvRecord(row).toUtf8();
    return out.write(bytes) == bytes.size();
}

CsvTable chartsTable(const ChartsView& charts)
{
    // Short names for the charts' titles, which are sentences.
    const QStringList chartNames { ksv::ChartsView::tr("Pending pods"), ksv::ChartsView::tr("Attempts per second"),
                                   ksv::ChartsView::tr("Latency (s)") };
    CsvTable table;
    table.header << ksv::ChartsView::tr("time") << ksv::ChartsView::tr("seconds");
    // Rows keyed by the points' x; the series share their buckets, but latency skips some and the
    // still open last second may stand at a fraction.
    std::map<double, QStringList> rows;
    int column = 0;
    int columns = 0;
    for (int chart = 0; chart < ChartsView::ChartCount; ++chart)
        columns += charts.seriesCount(chart);
    for (int chart = 0; chart < ChartsView::ChartCount; ++chart) {
        for (int series = 0; series < charts.seriesCount(chart); ++series, ++column) {
            table.header << chartNames.value(chart) + QStringLiteral(": ") + charts.seriesName(chart, series);
            for (const QPointF& point : charts.seriesPoints(chart, series)) {
                QStringList& row = rows[point.x()];
                if (row.isEmpty())
                    row.resize(columns);
                row[column] = number(point.y());
            }
        }
    }
    for (auto& [seconds, values] : rows) {
        const auto nanos = VirtualNanos(std::llround(seconds * double(nanosPerSecond)));
        table.rows.append(QStringList { format::virtualTime(nanos), number(seconds) } + values);
    }
    return table;
}

bool saveModelCsv(const QAbstractItemModel& model, const QString& path, QString* error)
{
    return saveWith(path, error, [&](QIODevice& out) { return writeModelCsv(model, out); });
}

bool saveTableCsv(const CsvTable& table, const QString& path, QString* error)
{
    return saveWith(path, error, [&](QIODevice& out) { return writeTableCsv(table, out); });
}

} // namespace ksv::exporting
