#pragma once

// The live pod: for the pod selected in any view, what the cluster says about it (age, its
// PodScheduled condition, its scheduling gates, the scheduler's last FailedScheduling event with
// its count and time) beside kschedviz's attempt on the cluster as it is now, node by node. The two
// are compared as shadow compares them, and a difference is marked.
//
// kschedviz's attempt runs off the GUI thread on the latest snapshot (client::scenarioDeciding); a
// newer selection or snapshot supersedes a running one (generation counter).

#include "explain.h"
#include "livefeed.h"

#include <QWidget>

#include <memory>

class QLabel;
class QPushButton;
class QTableView;

namespace ksv {

class ExplainNodesModel;

class LivePodPanel : public QWidget
{
    Q_OBJECT
public:
    explicit LivePodPanel(QWidget* parent = nullptr);

    void setConfiguration(const config::KubeSchedulerConfiguration& configuration) { m_configuration = configuration; }
    // A new frame: the pod shown is looked up again, and explained again when the snapshot changed.
    void showFrame(std::shared_ptr<const client::LiveFrame> frame);
    void showPod(const QString& key);
    const QString& pod() const { return m_key; }
    // The latest attempt shown (empty `pod` while none is).
    const ExplainReport& attempt() const { return m_attempt; }
    bool differs() const { return m_differs; }
    QLabel* clusterLabel() const { return m_cluster; }
    QLabel* kschedvizLabel() const { return m_kschedviz; }
    QLabel* verdictLabel() const { return m_verdict; }
    ExplainNodesModel* nodes() const { return m_nodes; }

Q_SIGNALS:
    // The user asked for the pod's full placement on the current snapshot.
    void whatNextRequested(const QString& key);
    void pasteRequested();
    // An attempt was shown (for tests and screenshots).
    void explained();

private:
    void refreshCluster();
    void explain();
    void showAttempt(const ExplainReport& report);
    void compare();

    config::KubeSchedulerConfiguration m_configuration;
    std::shared_ptr<const client::LiveFrame> m_frame;
    quint64 m_explainedVersion = 0;
    QString m_key;
    quint64 m_generation = 0;
    ExplainReport m_attempt;
    bool m_differs = false;
    QString m_clusterMessage; // the cluster's latest FailedScheduling message for the pod
    QString m_clusterNode; // or the node it bound the pod to

    QLabel* m_title;
    QLabel* m_cluster;
    QLabel* m_kschedviz;
    QLabel* m_verdict;
    QPushButton* m_whatNext;
    QTableView* m_table;
    ExplainNodesModel* m_nodes;
};

} // namespace ksv
