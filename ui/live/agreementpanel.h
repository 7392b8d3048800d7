#pragma once

// The Agreement panel: how often kschedviz decides as the cluster's scheduler does, over the session
// and over the last 100 pods; the pods, or only the disagreements, each opening its explanation; what
// may explain a disagreement; and the report exported as CSV or JSON (client/shadowreport.h).

#include "livefeed.h"
#include "shadowreport.h"

#include <QWidget>

class QCheckBox;
class QLabel;
class QTableView;
class QTextBrowser;

namespace ksv {

class AgreementModel;

class AgreementPanel : public QWidget
{
    Q_OBJECT
public:
    explicit AgreementPanel(QWidget* parent = nullptr);

    void showFrame(const client::LiveFrame& frame, const QString& configuration);
    enum class Format : quint8 { Csv, Json };
    // Writes the report; false (with `error` set) when the file cannot be written.
    bool exportTo(const QString& path, Format format, QString* error = nullptr) const;
    AgreementModel* model() const { return m_model; }
    QLabel* summary() const { return m_summary; }
    QTextBrowser* details() const { return m_details; }
    QCheckBox* disagreementsOnly() const { return m_disagreementsOnly; }

Q_SIGNALS:
    // A row was opened: the pod to select and explain.
    void podActivated(const QString& key);

private:
    void showDetails(const client::ShadowPod* pod);
    void exportWithDialog(Format format);

    AgreementModel* m_model;
    QLabel* m_summary;
    QCheckBox* m_disagreementsOnly;
    QTableView* m_table;
    QTextBrowser* m_details;
    QList<client::ShadowPod> m_pods;
    client::ShadowAgreement m_session;
    client::ShadowAgreement m_recent;
    client::ShadowReportContext m_context;
};

} // namespace ksv
