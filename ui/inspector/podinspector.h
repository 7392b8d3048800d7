#pragma once

// The selected pod: where it is, its attempts, and for the selected attempt every node's Filter
// verdict and Score, the node chosen or the FailedScheduling message, and the pod's history.
// Follows the view state's selection and cursor; holds no state of its own beyond the models.

#include <QWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QStackedWidget;
class QTabWidget;
class QTableView;
class QToolButton;

namespace ksv {

class AttemptTableModel;
class PodHistoryModel;
class Run;
class ViewState;

class PodInspector : public QWidget
{
    Q_OBJECT
public:
    explicit PodInspector(ViewState* viewState, QWidget* parent = nullptr);
    ~PodInspector() override;

    // The run inspected (null: none). Call again for each new run.
    void setRun(const Run* run);

    // A tab of its own beside the attempt's table (side by side: the attempt in both runs), shown
    // and brought forward with setPaneShown(true); the tabs show only while it is.
    void addPane(QWidget* pane, const QString& title);
    void setPaneShown(bool shown);
    bool isPaneShown() const;

    // For tests and the screenshot tool.
    AttemptTableModel* attemptModel() const { return m_attempt; }
    QSortFilterProxyModel* attemptProxy() const { return m_attemptProxy; }
    PodHistoryModel* historyModel() const { return m_history; }
    QTableView* attemptView() const { return m_attemptView; }
    QTableView* historyView() const { return m_historyView; }
    QComboBox* attemptSelector() const { return m_attempts; }
    QString outcomeText() const;
    bool isShowingPlaceholder() const;
    // The note that the run has no per-node detail for the shown attempt.
    bool isShowingNoDetailNote() const;
    QString noDetailNote() const;

    // The stack's: the inspector has no layout, so that its contents' size changes stop here.
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    // The run's cursor position, 0 without a run.
    qsizetype cursor() const;
    void onSelectionChanged();
    void onCursorChanged();
    // The pod's cycles that began before the cursor.
    std::vector<qint32> visibleCycles() const;
    void updateHeader();
    void updateAttemptSelector();
    void updateSummary();
    void setOutcomeStyle(const QString& style);
    void fitAttemptColumns();
    void stepAttempt(int delta);

    const Run* m_run = nullptr;
    ViewState* m_viewState;
    QTabWidget* m_tabs = nullptr; // the attempt's table, and addPane()'s
    qint32 m_pod = -1;
    qint32 m_cycle = -1;
    qint32 m_latestVisible = -1; // the pod's latest cycle at the cursor, when last looked
    QString m_fitted; // the cycle and columns the attempt table's widths were fitted to

    QStackedWidget* m_stack;
    QLabel* m_placeholder;
    QLabel* m_title;
    QLabel* m_facts;
    QToolButton* m_previous;
    QComboBox* m_attempts;
    QToolButton* m_next;
    QComboBox* m_scoreMode;
    QLineEdit* m_nodeFilter;
    QCheckBox* m_unevaluated;
    QLabel* m_outcome;
    QLabel* m_points;
    QLabel* m_noDetail;
    AttemptTableModel* m_attempt;
    QSortFilterProxyModel* m_attemptProxy;
    QTableView* m_attemptView;
    PodHistoryModel* m_history;
    QTableView* m_historyView;
    QCheckBox* m_allResults;
    QString m_attemptSignature; // what the attempt selector lists, to rebuild it only on change
};

} // namespace ksv
