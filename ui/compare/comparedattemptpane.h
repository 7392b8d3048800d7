#pragma once

// The inspector's pane for two runs side by side: the selected pod's attempt here and its match in
// the other run (SideBySide::otherCycle), node by node, the rows where a verdict, a total or a
// plugin's score differs marked (ComparedAttemptModel). Shown only while a comparison is on.

#include <QWidget>

class QCheckBox;
class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace ksv {

class ComparedAttemptModel;
class Run;
class SideBySide;
class ViewRefresh;

class ComparedAttemptPane : public QWidget
{
    Q_OBJECT
public:
    explicit ComparedAttemptPane(SideBySide* sideBySide, QWidget* parent = nullptr);
    ~ComparedAttemptPane() override;

    ComparedAttemptModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    QString headingText() const;
    // Brings the table up to date (the pane calls it itself, coalesced, while visible).
    void refresh();

private:
    SideBySide* m_sideBySide;
    ComparedAttemptModel* m_model;
    QSortFilterProxyModel* m_proxy;
    ViewRefresh* m_refresh;
    QLabel* m_heading;
    QCheckBox* m_differingOnly;
    QTableView* m_view;
    // What the model was last given: a refresh with the same attempts and spans keeps its rows.
    struct Shown
    {
        const Run* here = nullptr;
        const Run* there = nullptr;
        qint32 cycleHere = -1;
        qsizetype endHere = 0;
        qint32 cycleThere = -1;
        qsizetype endThere = 0;
        bool operator==(const Shown&) const = default;
    };
    Shown m_shown;
};

} // namespace ksv
