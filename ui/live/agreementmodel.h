#pragma once

// The Agreement panel's table: one row per pod kschedviz predicted, with the cluster's word, ours,
// and why they agree or not (client/shadowcomparison.h). Optionally only the disagreements.

#include "shadow.h"

#include <QAbstractTableModel>

namespace ksv {

class AgreementModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { PodColumn, VerdictColumn, ClusterColumn, KschedvizColumn, WhyColumn, ColumnCount };
    static constexpr int KeyRole = Qt::UserRole + 1; // namespace/name

    explicit AgreementModel(QObject* parent = nullptr);

    void setPods(const QList<client::ShadowPod>& pods);
    void setDisagreementsOnly(bool only);
    bool disagreementsOnly() const { return m_disagreementsOnly; }
    const client::ShadowPod* podAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void rebuild();

    QList<client::ShadowPod> m_pods;
    QList<qsizetype> m_rows; // indexes into m_pods, newest first
    bool m_disagreementsOnly = false;
};

// What may make the cluster's scheduler decide otherwise than kschedviz, for one kind of
// disagreement: the causes the Agreement panel lists beside it.
QStringList possibleCauses(client::ShadowComparison::Outcome outcome);

} // namespace ksv
