// The timeline's tooltips: see timelineplot.h.
#include "cyclesegments.h"
#include "format.h"
#include "timelineplot.h"

#include "extender/transport.h"
#include "viewstate.h"

namespace ksv {

using framework::Code;
using format::duration;

namespace {

QString row(const QString& name, const QString& value)
{
    return QStringLiteral("<tr><td style='padding-right:8px'>") + name + QStringLiteral("</td><td>") + value
        + QStringLiteral("</td></tr>");
}

// As the event log prints times (to the microsecond: cycles last half a millisecond), so one can
// be matched with the other.
QString at(VirtualNanos t)
{
    return format::virtualTime(t, format::microsecondDigits);
}

} // namespace

QString TimelinePlot::toolTipAt(QPoint position) const
{
    const QRect podLane = laneRect(Lane::SelectedPod);
    const qint32 pod = m_viewState->selectedPod();
    if (position.x() < plotLeft() && position.y() >= podLane.top() && position.y() <= podLane.bottom() && index() && pod >= 0
        && pod < index()->catalogue().podCount())
        return tr("<b>%1</b>: %n attempt(s)", nullptr, int(index()->podCycles(pod).size()))
            .arg(index()->catalogue().podKey(pod).toHtmlEscaped());
    const Hit hit = hitTest(position);
    if (hit.lane == Lane::Axis)
        return tr("%1<br><i>Click or drag on the axis to move the cursor there.</i>").arg(at(hit.time));
    if (hit.cycle >= 0 && hit.folded > 1 && hit.lane == Lane::Scheduling) {
        const Frame frame = this->frame(true);
        for (const timeline::FoldedRun& run : frame.cycles) {
            if (hit.cycle < run.first || hit.cycle >= run.last)
                continue;
            const auto& cycles = index()->cycles();
            const VirtualNanos from = cycles[size_t(run.first)].start;
            const VirtualNanos to = m_model.cycleEnd(cycles[size_t(run.last - 1)]);
            return tr("<b>%1 scheduling cycles</b>, %2 failed<br>%3 – %4<br><i>Too narrow to draw apart: zoom in "
                      "(wheel, +, or "
                      "double-click) to see them one by one.</i>")
                .arg(run.count())
                .arg(m_model.failuresIn(run.first, run.last))
                .arg(at(from), at(to));
        }
    }
    if (hit.cycle >= 0)
        return cycleToolTip(hit.cycle);
    if (hit.binding >= 0)
        return bindingToolTip(hit.binding);
    return {};
}

QString TimelinePlot::cycleToolTip(qint32 index) const
{
    const trace::TraceIndex& traceIndex = *this->index();
    const trace::Trace& trace = traceIndex.trace();
    const trace::CycleRecord& cycle = traceIndex.cycles()[size_t(index)];
    const bool running = cycle.endEvent < 0;
    QString text = QStringLiteral("<b>") + traceIndex.catalogue().podKey(cycle.pod).toHtmlEscaped()
        + QStringLiteral("</b> — ") + tr("attempt %1, scheduling cycle %2").arg(cycle.attempt).arg(cycle.cycle)
        + QStringLiteral("<table>");
    QString result = running ? tr("running") : framework::toString(Code(cycle.code));
    if (!running && cycle.code == quint8(Code::Success) && cycle.node >= 0)
        result += tr(" on %1").arg(traceIndex.catalogue().nodeName(cycle.node).toHtmlEscaped());
    text += row(tr("Result"), result);
    if (cycle.message >= 0 && !trace.string(cycle.message).isEmpty())
        text += row(tr("Message"), trace.string(cycle.message).toHtmlEscaped());
    if (cycle.preempted)
        text += row(tr("Preemption"), tr("nominated; victims are being evicted"));
    text += row(tr("Start"), at(cycle.start));
    text += row(tr("Duration"), running ? tr("running") : duration(cycle.end - cycle.start));
    text += row(tr("Nodes"), tr("%1 evaluated, %2 feasible").arg(cycle.evaluated).arg(cycle.feasible));
    if (cycle.profile >= 0)
        text += row(tr("Profile"), trace.string(cycle.profile).toHtmlEscaped());
    text += QStringLiteral("</table>");
    if (!running) {
        const timeline::PointsRan ran = timeline::pointsRan(trace, traceIndex.indexed(), cycle);
        const auto segments
            = timeline::modelSegments(cycle.start, cycle.end, cycle.evaluated, ran.mask, traceIndex.timing(), ran.extenders);
        QStringList parts;
        for (const timeline::CycleSegment& segment : segments)
            parts.append((segment.extender ? tr("%1 extenders").arg(framework::toString(segment.point)) : framework::toString(segment.point))
                         + QLatin1Char(' ') + duration(segment.end - segment.start));
        if (!parts.isEmpty())
            text += QStringLiteral("<p>") + parts.join(QStringLiteral(" · ")) + QStringLiteral("</p>");
        text += tr(
            "<p><i>Segments are modeled, not measured: the engine charges a cycle cycleBase + cyclePerNode × nodes "
            "evaluated, plus each call to an extender. Filter is drawn as evaluated × cyclePerNode and the extenders' "
            "calls as the trace recorded them; the rest is split evenly over the other extension points that ran.</i></p>");
    }
    return text;
}

QString TimelinePlot::bindingToolTip(qint32 index) const
{
    const trace::TraceIndex& traceIndex = *this->index();
    const trace::BindingRecord& binding = traceIndex.bindings()[size_t(index)];
    QString text = QStringLiteral("<b>") + traceIndex.catalogue().podKey(binding.pod).toHtmlEscaped()
        + QStringLiteral("</b> — ")
        + tr("binding cycle on %1").arg(binding.node >= 0 ? traceIndex.catalogue().nodeName(binding.node).toHtmlEscaped() : QString())
        + QStringLiteral("<table>");
    if (binding.permitStart >= 0) {
        const VirtualNanos waitEnd = binding.start >= 0 ? binding.start : m_model.bindingEnd(binding);
        text += row(tr("Permit wait"),
            duration(waitEnd - binding.permitStart)
                + (binding.start < 0 && binding.finished ? tr(", rejected") : QString()));
    }
    if (binding.start >= 0)
        text += row(tr("Bind call"), binding.finished ? duration(binding.end - binding.start) : tr("running"));
    // A binder extender binds in the plugins' stead: its calls are this binding cycle's.
    const qint32 schedulingCycle = binding.cycle >= 0 ? traceIndex.cycles()[size_t(binding.cycle)].cycle : -1;
    for (const qint32 position : traceIndex.podEvents(binding.pod)) {
        const trace::Event& event = traceIndex.trace().at(position);
        if (event.kind() != trace::EventKind::ExtenderCall || event.verb() != extender::Verb::Bind || event.cycle() != schedulingCycle)
            continue;
        const QString result = event.message() >= 0 ? traceIndex.trace().string(event.message()) : tr("bound");
        text += row(tr("Extender bind"), QString(traceIndex.trace().string(event.extender()) + QStringLiteral(": ") + result).toHtmlEscaped()
                                             + QStringLiteral(" (") + duration(event.duration()) + QLatin1Char(')'));
    }
    text += row(tr("Result"), binding.finished ? framework::toString(Code(binding.code)) : tr("running"));
    if (const QString message = traceIndex.trace().string(binding.message); !message.isEmpty())
        text += row(tr("Message"), message.toHtmlEscaped());
    text += row(tr("From"), at(m_model.bindingStart(binding)));
    if (binding.finished)
        text += row(tr("To"), at(binding.end));
    text += QStringLiteral("</table>");
    return text;
}

} // namespace ksv
