#pragma once

// The Differences dock (docs/whatif.md, "Compared in the app"): the run before the edits against the
// run after them, as `kschedviz compare` prints them: a summary of both runs side by side, and a
// sortable table of the pods whose fate differs, each row selecting its pod.

#include <QWidget>

#include <memory>

class QLabel;
class QSortFilterProxyModel;
class QTableView;
class QTableWidget;

namespace ksv {

class DifferencesModel;
struct RunComparison;

class DifferencesDock : public QWidget
{
    Q_OBJECT
public:
    explicit DifferencesDock(QWidget* parent = nullptr);

    // What is being compared, or why nothing is.
    void setStatus(const QString& text);
    // Nothing compared (no edits yet, or none left).
    void clear(const QString& status);
    void showComparison(const RunComparison& comparison, const QString& status);

    DifferencesModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    QTableWidget* summary() const { return m_summary; }

Q_SIGNALS:
    // A row was activated: select the pod (namespace/name) in the run on screen.
    void podActivated(const QString& pod);

private:
    QLabel* m_status;
    QTableWidget* m_summary;
    DifferencesModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_table;
};

} // namespace ksv
