#pragma once

// The trace up to the cursor as a filterable, searchable table: a filter bar (search, event
// kinds, the selected pod only) over EventLogModel. Follows the end while the user is there, like
// `tail -f`; choosing a row selects its cycle, pod or node in the view state. The rows catch up with
// the cursor through ViewRefresh: coalesced, and not at all while the log is hidden.

#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QMenu;
class QTimer;
class QToolButton;

namespace ksv {

class EventLogModel;
class RowTable;
class Run;
class ViewRefresh;
class ViewState;

class EventLogView : public QWidget
{
    Q_OBJECT
public:
    explicit EventLogView(ViewState* viewState, QWidget* parent = nullptr);
    ~EventLogView() override;

    // The run listed (null: none). Call again for each new run.
    void setRun(const Run* run);

    // For tests and the screenshot tool.
    EventLogModel* model() const { return m_model; }
    RowTable* view() const { return m_view; }
    QLineEdit* searchField() const { return m_search; }
    QCheckBox* selectedPodOnly() const { return m_podOnly; }
    QMenu* kindMenu() const { return m_kindMenu; }
    // Applies a pending search now instead of after the typing pause.
    void applySearch();

private:
    // The run's cursor position, 0 without a run.
    qsizetype cursor() const;
    void onRunChanged();
    void onCursorChanged();
    void onSelectionChanged();
    void selectRow(const QModelIndex& index);
    void updatePodFilter();
    void updateKindButton();
    void updateCount();

    const Run* m_run = nullptr;
    ViewState* m_viewState;
    EventLogModel* m_model;
    QLineEdit* m_search;
    QTimer* m_searchDelay;
    ViewRefresh* m_refresh;
    QToolButton* m_kinds;
    QMenu* m_kindMenu;
    QCheckBox* m_podOnly;
    QLabel* m_count;
    RowTable* m_view;
    bool m_atEnd = true; // the view showed the last row before rows were added
    bool m_selecting = false;
};

} // namespace ksv
