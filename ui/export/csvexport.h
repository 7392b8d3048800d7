#pragma once

// Tables as CSV (RFC 4180): a header row, then one record per row; fields that hold a comma, a
// quote or a line break are quoted, quotes doubled; records end with CRLF; UTF-8.

#include <QList>
#include <QString>
#include <QStringList>

class QAbstractItemModel;
class QIODevice;

namespace ksv {
class ChartsView;
}

namespace ksv::exporting {

QString csvField(const QString& text);
// One record: the fields quoted as needed, joined by commas, ended by CRLF.
QString csvRecord(const QStringList& fields);

struct CsvTable
{
    QStringList header;
    QList<QStringList> rows;
};

// Every row of the model as the user reads it: the horizontal header, then each row's display
// text. Streams, so the event log's millions of rows never sit in memory twice.
bool writeModelCsv(const QAbstractItemModel& model, QIODevice& out);
bool writeTableCsv(const CsvTable& table, QIODevice& out);

// What the charts plot, one row per point in time: the time (as the axis prints it, and in
// seconds), then every series of every chart under its chart's and its legend's name. A series
// without a point at that time (latency in a second when no pod was bound) has an empty cell.
CsvTable chartsTable(const ChartsView& charts);

// Writes to `path` (replaced only once complete); false and why in `error` when it cannot.
bool saveModelCsv(const QAbstractItemModel& model, const QString& path, QString* error = nullptr);
bool saveTableCsv(const CsvTable& table, const QString& path, QString* error = nullptr);

} // namespace ksv::exporting
