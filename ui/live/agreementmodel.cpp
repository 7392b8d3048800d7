#include "agreementmodel.h"

#include "shadowreport.h"

#include <QColor>

namespace ksv {

using client::ShadowComparison;

AgreementModel::AgreementModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void AgreementModel::setPods(const QList<client::ShadowPod>& pods)
{
    beginResetModel();
    m_pods = pods;
    rebuild();
    endResetModel();
}

void AgreementModel::setDisagreementsOnly(bool only)
{
    if (only == m_disagreementsOnly)
        return;
    beginResetModel();
    m_disagreementsOnly = only;
    rebuild();
    endResetModel();
}

void AgreementModel::rebuild()
{
    m_rows.clear();
    for (qsizetype i = m_pods.size() - 1; i >= 0; --i) {
        const client::ShadowPod& pod = m_pods[i];
        if (m_disagreementsOnly && (!client::isDecided(pod) || pod.comparison.agree))
            continue;
        m_rows.append(i);
    }
}

const client::ShadowPod* AgreementModel::podAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? &m_pods[m_rows[row]] : nullptr;
}

int AgreementModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int AgreementModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AgreementModel::data(const QModelIndex& index, int role) const
{
    const client::ShadowPod* pod = index.isValid() ? podAt(index.row()) : nullptr;
    if (!pod)
        return {};
    const bool decided = client::isDecided(*pod);
    if (role == KeyRole)
        return pod->key;
    if (role == Qt::ForegroundRole && index.column() == VerdictColumn && decided)
        return pod->comparison.agree ? QColor(0x2e, 0x8b, 0x57) : QColor(0xc0, 0x39, 0x2b);
    if (role == Qt::ToolTipRole && index.column() == WhyColumn)
        return pod->comparison.why;
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case PodColumn:
        return pod->key;
    case VerdictColumn:
        return !decided ? tr("undecided") : pod->comparison.agree ? tr("agrees") : tr("differs");
    case ClusterColumn:
        return decided ? client::describe(pod->observed) : QStringLiteral("—");
    case KschedvizColumn:
        return client::describePrediction(pod->prediction);
    case WhyColumn:
        return pod->comparison.why;
    default:
        return {};
    }
}

QVariant AgreementModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case PodColumn:
        return tr("Pod");
    case VerdictColumn:
        return tr("Verdict");
    case ClusterColumn:
        return tr("Cluster's scheduler");
    case KschedvizColumn:
        return tr("kschedviz");
    case WhyColumn:
        return tr("Why");
    default:
        return {};
    }
}

QStringList possibleCauses(ShadowComparison::Outcome outcome)
{
    const QString version = QObject::tr("another scheduler version (scores and filters changed between releases)");
    const QString profile = QObject::tr("another profile: plugins enabled or disabled, other weights or arguments than --config");
    const QString outOfTree = QObject::tr("out-of-tree plugins or extenders the cluster's scheduler runs and kschedviz does not");
    const QString nominated = QObject::tr("nominated pods: room held for a preemptor, which kschedviz's snapshot leaves out");
    const QString race = QObject::tr("a change racing the decision: the cluster moved between kschedviz's snapshot and the scheduler's cycle");
    switch (outcome) {
    case ShadowComparison::Outcome::LowerScore:
    case ShadowComparison::Outcome::NotScored:
        return {profile, version, outOfTree, race};
    case ShadowComparison::Outcome::Infeasible:
    case ShadowComparison::Outcome::PredictedUnschedulable:
        return {race, version, profile, outOfTree};
    case ShadowComparison::Outcome::UnknownNode:
        return {race};
    case ShadowComparison::Outcome::ReasonsDiffer:
        return {version, profile, outOfTree};
    case ShadowComparison::Outcome::PredictedBinding:
        return {nominated, outOfTree, profile, race};
    case ShadowComparison::Outcome::Undecided:
    case ShadowComparison::Outcome::SameNode:
    case ShadowComparison::Outcome::Tie:
    case ShadowComparison::Outcome::BothUnschedulable:
        break;
    }
    return {};
}

} // namespace ksv
