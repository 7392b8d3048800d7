#include "timelinezoom.h"

#include <QAction>

namespace ksv {

using timeline::TimeRange;

TimelineZoom::TimelineZoom(QObject* parent)
    : QObject(parent)
{
    const auto make = [this](Action which, const QString& text, const QString& icon, const QList<QKeySequence>& keys,
                          const QString& tip) {
        auto* action = new QAction(QIcon::fromTheme(icon), text, this);
        action->setShortcuts(keys);
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        action->setToolTip(tip);
        m_actions[size_t(which)] = action;
        return action;
    };
    connect(make(ZoomIn, tr("Zoom In"), QStringLiteral("zoom-in"),
                { QKeySequence(Qt::Key_Plus), QKeySequence(Qt::Key_Equal), QKeySequence::ZoomIn },
                tr("Zoom in about the playback cursor (+; the mouse wheel zooms about the pointer)")),
        &QAction::triggered, this, &TimelineZoom::zoomIn);
    connect(make(ZoomOut, tr("Zoom Out"), QStringLiteral("zoom-out"),
                { QKeySequence(Qt::Key_Minus), QKeySequence::ZoomOut }, tr("Zoom out about the playback cursor (-)")),
        &QAction::triggered, this, &TimelineZoom::zoomOut);
    connect(make(FitAll, tr("Fit All"), QStringLiteral("zoom-fit-best"),
                { QKeySequence(Qt::Key_F), QKeySequence(Qt::Key_0) },
                tr("Show the whole run, and keep showing it as it grows (F)")),
        &QAction::triggered, this, &TimelineZoom::fitAll);
    // Backspace, not Alt+Left and Alt+Right: those step through the selected pod's events window-wide
    // (PodStepActions), and a shortcut of the view's would make them ambiguous while it has focus.
    connect(make(Back, tr("Back"), QStringLiteral("go-previous"), { QKeySequence(Qt::Key_Backspace) },
                tr("The previous zoom (Backspace)")),
        &QAction::triggered, this, &TimelineZoom::back);
    connect(make(Forward, tr("Forward"), QStringLiteral("go-next"), { QKeySequence(Qt::SHIFT | Qt::Key_Backspace) },
                tr("The next zoom (Shift+Backspace)")),
        &QAction::triggered, this, &TimelineZoom::forward);
    QAction* follow = make(Follow, tr("Follow"), QStringLiteral("media-playback-start"), { QKeySequence(Qt::Key_L) },
        tr("Keep the playback cursor in view (L)"));
    follow->setCheckable(true);
    follow->setChecked(m_following);
    connect(follow, &QAction::toggled, this, &TimelineZoom::setFollowing);
    updateActions();
}

void TimelineZoom::apply(TimeRange range)
{
    if (!range.isValid())
        return;
    // Nothing happens before t = 0: keep at most a sliver of negative time in view.
    const VirtualNanos earliest = -range.span() / 50;
    if (range.start < earliest)
        range = { earliest, earliest + range.span() };
    if (range == m_range)
        return;
    m_range = range;
    Q_EMIT rangeChanged();
}

void TimelineZoom::setRange(TimeRange range, bool record)
{
    if (!range.isValid())
        return;
    if (record && range != m_range) {
        m_back.append(m_range);
        if (m_back.size() > maxHistory)
            m_back.removeFirst();
        m_forward.clear();
    }
    m_fitAll = false;
    apply(range);
    updateActions();
}

void TimelineZoom::scrollTo(TimeRange range)
{
    apply(range);
}

void TimelineZoom::setDataBounds(TimeRange bounds)
{
    // A run that has barely begun still gets a millisecond: enough to see its first cycles.
    m_bounds = { bounds.start, std::max(bounds.end, bounds.start + timeline::nanosPerMilli) };
    if (m_fitAll)
        apply(timeline::fitRange(m_bounds.start, m_bounds.end));
}

void TimelineZoom::fitAll()
{
    setRange(timeline::fitRange(m_bounds.start, m_bounds.end), true);
    m_fitAll = true;
}

void TimelineZoom::zoomIn()
{
    setRange(timeline::zoomAboutTime(m_range, m_cursorTime, stepFactor), true);
}

void TimelineZoom::zoomOut()
{
    setRange(timeline::zoomAboutTime(m_range, m_cursorTime, 1 / stepFactor), true);
}

void TimelineZoom::back()
{
    if (m_back.isEmpty())
        return;
    m_forward.append(m_range);
    m_fitAll = false;
    apply(m_back.takeLast());
    updateActions();
}

void TimelineZoom::forward()
{
    if (m_forward.isEmpty())
        return;
    m_back.append(m_range);
    m_fitAll = false;
    apply(m_forward.takeLast());
    updateActions();
}

void TimelineZoom::setFollowing(bool following)
{
    if (following == m_following)
        return;
    m_following = following;
    action(Follow)->setChecked(following);
    Q_EMIT followingChanged(following);
}

void TimelineZoom::reset()
{
    m_back.clear();
    m_forward.clear();
    m_bounds = { 0, 0 };
    m_fitAll = true;
    m_cursorTime = 0;
    apply(timeline::fitRange(0, nanosPerSecond));
    setFollowing(true);
    updateActions();
}

void TimelineZoom::updateActions()
{
    action(Back)->setEnabled(canGoBack());
    action(Forward)->setEnabled(canGoForward());
    Q_EMIT historyChanged();
}

} // namespace ksv
