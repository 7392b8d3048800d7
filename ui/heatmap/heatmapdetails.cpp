// HeatmapView's side panel: the selected node's labels, taints, resources and pods at the cursor,
// and its verdict and scores in the selected attempt.
#include "heatmapview.h"
#include "run.h"
#include "viewstate.h"

#include <QTextBrowser>
#include <cmath>

namespace ksv {

namespace {

constexpr int maxListedPods = 300;

QString escaped(const QString& text)
{
    return text.toHtmlEscaped();
}

QString cells(std::initializer_list<QString> values, bool header = false)
{
    QString html = QStringLiteral("<tr>");
    for (const QString& value : values)
        html += (header ? QStringLiteral("<th align=left style='white-space:nowrap'>")
                        : QStringLiteral("<td style='white-space:nowrap'>"))
            + value + (header ? QStringLiteral("</th>") : QStringLiteral("</td>"));
    return html + QStringLiteral("</tr>");
}

} // namespace

void HeatmapView::updateDetails()
{
    const qint32 node = m_viewState->selectedNode();
    if (!m_catalogue || node < 0 || node >= m_catalogue->nodeCount()) {
        m_detailsHtml.clear();
        m_details->setHtml(QStringLiteral("<p style='color:gray'>")
            + tr("Click a node to see its labels, taints, resources and pods.") + QStringLiteral("</p>"));
        return;
    }
    const trace::ReplayState& state = m_run->state();
    const bool exists = state.nodeExists(node);
    QString html = QStringLiteral("<h3>") + escaped(m_catalogue->nodeName(node)) + QStringLiteral("</h3>");
    if (!exists)
        html += QStringLiteral("<p><i>") + tr("Not in the cluster at the cursor.") + QStringLiteral("</i></p>");
    HeatmapFrame marks;
    marks.catalogue = m_catalogue;
    marks.preemption = &m_preemption;
    if (const QString preemption = heatmapPreemptionText(marks, node); !preemption.isEmpty())
        html += QStringLiteral("<p>") + preemption.mid(4) + QStringLiteral("</p>"); // without the first <br>

    // Resources: every measure the node offers or has requested.
    if (exists) {
        html += QStringLiteral("<table cellspacing=0 cellpadding=2>")
            + cells({ QString(), tr("requested"), tr("allocatable"), QString() }, true);
        for (int m = 0; m < m_catalogue->measureCount(); ++m) {
            const qint64 allocatable = state.allocatable(node, m);
            const qint64 requested = state.requested(node, m);
            if (allocatable == 0 && requested == 0)
                continue;
            const QString name = m_catalogue->measures()[m];
            const double used = utilization(state, node, m);
            html += cells({ escaped(name), formatMeasure(name, requested), formatMeasure(name, allocatable),
                std::isinf(used) ? tr("over") : QString::number(std::lround(100 * used)) + QLatin1Char('%') });
        }
        html += QStringLiteral("</table>");
    }

    // The selected attempt's view of the node.
    if (m_cycle.hasNodeDetail()) {
        html += QStringLiteral("<h4>") + tr("In the selected attempt") + QStringLiteral("</h4><p>");
        const CycleNodes::Filter& filter = m_cycle.filter(node);
        switch (filter.verdict) {
        case CycleNodes::Verdict::NotEvaluated:
            if (const trace::ReplayState* shown = shownState(); shown != &state && !shown->nodeExists(node))
                html += tr("Not in the cluster when the attempt began.");
            else
                html += tr("Not evaluated (the search stopped before reaching it).");
            break;
        case CycleNodes::Verdict::Feasible:
            html += node == m_cycle.chosenNode() ? tr("Feasible and <b>chosen</b>.") : tr("Feasible.");
            break;
        case CycleNodes::Verdict::Rejected:
            html += tr("Rejected by <b>%1</b>: %2")
                        .arg(escaped(m_run->trace().string(filter.plugin)),
                            escaped(m_run->trace().string(filter.reasons)));
            break;
        }
        html += QStringLiteral("</p>");
        const auto scores = m_cycle.scores(node);
        if (!scores.empty()) {
            html += QStringLiteral("<table cellspacing=0 cellpadding=2>")
                + cells({ tr("Score plugin"), tr("Raw"), tr("Normalized"), tr("Weight") }, true);
            for (const CycleNodes::Score& score : scores)
                html += cells({ escaped(m_run->trace().string(score.plugin)), QString::number(score.raw),
                    QString::number(score.normalized), QString::number(score.weight) });
            html += cells({ tr("<b>Total</b>"), QString(), QString(),
                QStringLiteral("<b>") + QString::number(m_cycle.totalScore(node), 'f', 0) + QStringLiteral("</b>") });
            html += QStringLiteral("</table>");
        }
    }

    const qint32 version = exists ? state.nodeSpec[size_t(node)] : -1;
    const Node* spec = m_run->index().nodeSpec(node, version);
    if (spec) {
        html += QStringLiteral("<h4>") + tr("Taints") + QStringLiteral("</h4>");
        if (spec->unschedulable)
            html += QStringLiteral("<p>") + tr("<b>Unschedulable</b> (cordoned)") + QStringLiteral("</p>");
        if (spec->taints.isEmpty()) {
            html += QStringLiteral("<p>") + tr("None") + QStringLiteral("</p>");
        } else {
            html += QStringLiteral("<ul style='margin-left:-20px'>");
            for (const Taint& taint : spec->taints)
                html += QStringLiteral("<li><tt>") + escaped(taint.key)
                    + (taint.value.isEmpty() ? QString() : QLatin1Char('=') + escaped(taint.value)) + QLatin1Char(':')
                    + toString(taint.effect) + QStringLiteral("</tt></li>");
            html += QStringLiteral("</ul>");
        }
    }

    // Pods on the node: bound, binding or waiting on Permit there.
    if (exists) {
        const std::vector<qint32> pods = podsOnNode(state, node);
        html += QStringLiteral("<h4>") + tr("Pods (%1)").arg(pods.size()) + QStringLiteral("</h4>");
        if (!pods.empty()) {
            html += QStringLiteral("<table cellspacing=0 cellpadding=1>");
            const size_t measures = size_t(state.measureCount);
            for (size_t i = 0; i < pods.size() && i < size_t(maxListedPods); ++i) {
                const qint32 pod = pods[i];
                const trace::PodRow& podRow = state.pods[size_t(pod)];
                const qint64 cpu = state.podRequests[size_t(pod) * measures + trace::MeasureCpu];
                const qint64 memory = state.podRequests[size_t(pod) * measures + trace::MeasureMemory];
                QString where;
                if (podRow.location == trace::PodLocation::Binding)
                    where = tr(" (binding)");
                else if (podRow.location == trace::PodLocation::WaitingOnPermit)
                    where = tr(" (waiting on Permit)");
                html += cells({ QStringLiteral("<a href='pod:%1'>").arg(pod) + escaped(m_catalogue->podKey(pod))
                        + QStringLiteral("</a>") + where,
                    QStringLiteral("&nbsp;")
                        + tr("%1 cpu · %2")
                              .arg(formatMeasure(m_catalogue->measures()[trace::MeasureCpu], cpu),
                                  formatMeasure(m_catalogue->measures()[trace::MeasureMemory], memory)) });
            }
            html += QStringLiteral("</table>");
            if (pods.size() > size_t(maxListedPods))
                html += QStringLiteral("<p>") + tr("… and %1 more").arg(pods.size() - size_t(maxListedPods))
                    + QStringLiteral("</p>");
        }
    }

    if (spec && !spec->meta.labels.isEmpty()) {
        // One label a line: keys are long (topology.kubernetes.io/zone) and a table would wrap them.
        html += QStringLiteral("<h4>") + tr("Labels") + QStringLiteral("</h4><p>");
        for (auto it = spec->meta.labels.cbegin(); it != spec->meta.labels.cend(); ++it)
            html += escaped(it.key()) + QStringLiteral("=<b>") + escaped(it.value()) + QStringLiteral("</b><br>");
        html += QStringLiteral("</p>");
    }
    // While playing, the cursor moves every frame but a node's panel rarely changes: laying out
    // the same few hundred rows again would cost more than building the text.
    if (html != m_detailsHtml) {
        m_detailsHtml = html;
        m_details->setHtml(html);
    }
}

QString HeatmapView::detailsText() const
{
    return m_details->toPlainText();
}

} // namespace ksv
