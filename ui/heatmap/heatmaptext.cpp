// The heatmap's words: a cell's short value and a node's tooltip, from the frame the canvas paints.
#include "format.h"
#include "heatmapframe.h"
#include "heatmapview.h"

#include <cmath>
#include <limits>

namespace ksv {

namespace {

QString row(const QString& name, const QString& value)
{
    return QStringLiteral("<tr><td>") + name + QStringLiteral("</td><td>") + value + QStringLiteral("</td></tr>");
}

} // namespace

QString heatmapPercent(double fraction)
{
    if (std::isinf(fraction))
        return HeatmapView::tr("over (none allocatable)");
    return QString::number(std::lround(100.0 * fraction)) + QLatin1Char('%');
}

double HeatmapFrame::differenceAt(qint32 node) const
{
    return nodeDifference(values, otherValues, node);
}

QString heatmapDifference(double delta)
{
    if (std::isnan(delta))
        return HeatmapView::tr("n/a");
    const long points = std::lround(100.0 * delta);
    if (points == 0)
        return QStringLiteral("±0%");
    return (points > 0 ? QStringLiteral("+") : QStringLiteral("−")) + QString::number(std::abs(points)) + QLatin1Char('%');
}

QString heatmapCellText(const HeatmapFrame& frame, qint32 node)
{
    if (frame.difference() && frame.mode.kind == HeatmapMode::Measure)
        return heatmapDifference(frame.differenceAt(node));
    const CycleNodes& cycle = *frame.cycle;
    if (frame.mode.isCycleMode() && !cycle.hasNodeDetail())
        return {}; // the banner says why
    const double value = node >= 0 && size_t(node) < frame.values.size() ? frame.values[size_t(node)]
                                                                          : std::numeric_limits<double>::quiet_NaN();
    switch (frame.mode.kind) {
    case HeatmapMode::Measure:
        return std::isnan(value) ? HeatmapView::tr("n/a") : std::isinf(value) ? HeatmapView::tr("over") : heatmapPercent(value);
    case HeatmapMode::Verdict: {
        const CycleNodes::Filter& filter = cycle.filter(node);
        switch (filter.verdict) {
        case CycleNodes::Verdict::NotEvaluated:
            return HeatmapView::tr("not evaluated");
        case CycleNodes::Verdict::Feasible:
            return node == cycle.chosenNode() ? HeatmapView::tr("chosen") : HeatmapView::tr("feasible");
        case CycleNodes::Verdict::Rejected:
            return frame.trace->string(filter.plugin);
        }
        Q_UNREACHABLE();
        return {};
    }
    case HeatmapMode::TotalScore:
    case HeatmapMode::PluginScore:
        return std::isnan(value) ? HeatmapView::tr("not scored") : QString::number(value, 'f', 0);
    case HeatmapMode::Capacity:
        return std::isnan(value) ? HeatmapView::tr("n/a") : QStringLiteral("+") + QString::number(value, 'f', 0);
    }
    Q_UNREACHABLE();
    return {};
}

QString heatmapPreemptionText(const HeatmapFrame& frame, qint32 node)
{
    const PreemptionMarks* marks = frame.preemption;
    if (!marks || marks->isEmpty() || !frame.catalogue)
        return {};
    const QString pod = frame.catalogue->podKey(marks->pod).toHtmlEscaped();
    QString text;
    if (node == marks->nominatedNode)
        text += QStringLiteral("<br>") + HeatmapView::tr("<b>Nominated node</b> of %1").arg(pod);
    QStringList victims;
    for (const PreemptionVictim& victim : marks->preemption.victims) {
        if (victim.node == node && victim.pod >= 0)
            victims.append(frame.catalogue->podKey(victim.pod).toHtmlEscaped());
    }
    if (!victims.isEmpty())
        text += QStringLiteral("<br>")
            + HeatmapView::tr("<b>Preempted</b> here by %1 at %2: %3")
                  .arg(pod, format::virtualTime(marks->preemption.time), victims.join(QStringLiteral(", ")));
    return text;
}

QString heatmapNodeToolTip(const HeatmapFrame& frame, qint32 node)
{
    const CycleNodes& cycle = *frame.cycle;
    const trace::ReplayState& state = *frame.state;
    QString text = QStringLiteral("<b>") + frame.catalogue->nodeName(node).toHtmlEscaped() + QStringLiteral("</b>");
    if (!frame.groupLabel.isEmpty()) {
        const QString group = frame.catalogue->nodeLabel(node, frame.groupLabel);
        text += QStringLiteral("<br>") + frame.groupLabel.toHtmlEscaped() + QStringLiteral(": ")
            + (group.isEmpty() ? HeatmapView::tr("(none)") : group.toHtmlEscaped());
    }
    text += heatmapPreemptionText(frame, node);
    if (!state.nodeExists(node))
        return text + QStringLiteral("<br>")
            + (frame.atAttempt ? HeatmapView::tr("Not in the cluster when the attempt began")
                               : HeatmapView::tr("Not in the cluster at the cursor"));
    if (frame.atAttempt)
        text += QStringLiteral("<br><i>") + HeatmapView::tr("When the attempt began:") + QStringLiteral("</i>");
    text += QStringLiteral("<table>");
    // The chosen measure first, then cpu, memory and pods for context.
    QList<int> measures { frame.mode.kind == HeatmapMode::Measure ? frame.mode.measure : trace::MeasureCpu };
    for (const int m : { int(trace::MeasureCpu), int(trace::MeasureMemory), int(trace::MeasurePods) }) {
        if (!measures.contains(m))
            measures.append(m);
    }
    for (const int m : measures) {
        const QString name = frame.catalogue->measures().value(m);
        const qint64 allocatable = state.allocatable(node, m);
        const qint64 requested = state.requested(node, m);
        const QString amount
            = formatMeasure(name, requested) + QStringLiteral(" / ") + formatMeasure(name, allocatable);
        text += row(name,
            allocatable > 0 || requested > 0
                ? amount + QStringLiteral(" (") + heatmapPercent(utilization(state, node, m)) + QLatin1Char(')')
                : HeatmapView::tr("none"));
    }
    text += QStringLiteral("</table>");
    if (frame.difference() && frame.mode.kind == HeatmapMode::Measure) {
        const double there = frame.otherValues[size_t(node)];
        const QString measure = frame.catalogue->measures().value(frame.mode.measure);
        text += QStringLiteral("<br>")
            + (std::isnan(there) ? HeatmapView::tr("%1: not in %2").arg(measure, frame.otherLabel.toHtmlEscaped())
                                 : HeatmapView::tr("%1 in %2: %3; this run %4")
                                       .arg(measure, frame.otherLabel.toHtmlEscaped(), heatmapPercent(there),
                                            heatmapDifference(frame.differenceAt(node))));
    }
    if (frame.mode.isCycleMode() && cycle.hasNodeDetail()) {
        const CycleNodes::Filter& filter = cycle.filter(node);
        switch (filter.verdict) {
        case CycleNodes::Verdict::NotEvaluated:
            text += QStringLiteral("<br>") + HeatmapView::tr("Not evaluated in this attempt");
            break;
        case CycleNodes::Verdict::Feasible:
            text += QStringLiteral("<br>")
                + (node == cycle.chosenNode() ? HeatmapView::tr("Feasible, <b>chosen</b>") : HeatmapView::tr("Feasible"));
            break;
        case CycleNodes::Verdict::Rejected:
            text += QStringLiteral("<br>")
                + HeatmapView::tr("Rejected by <b>%1</b>: %2")
                      .arg(frame.trace->string(filter.plugin).toHtmlEscaped(),
                          frame.trace->string(filter.reasons).toHtmlEscaped());
            break;
        }
        const auto scores = cycle.scores(node);
        if (!scores.empty()) {
            text += QStringLiteral("<table>");
            for (const CycleNodes::Score& score : scores)
                text += row(frame.trace->string(score.plugin).toHtmlEscaped(),
                    HeatmapView::tr("%1 × %2").arg(score.normalized).arg(score.weight));
            text += row(HeatmapView::tr("<b>Total</b>"),
                QStringLiteral("<b>") + QString::number(cycle.totalScore(node), 'f', 0) + QStringLiteral("</b>"));
            text += QStringLiteral("</table>");
        }
    }
    return text;
}

} // namespace ksv
