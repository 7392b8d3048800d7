#pragma once

// The timeline's zoom state in one object (STYLE.md rule 9, after hotspot's FilterAndZoomStack and
// Qt Creator's TimelineZoomControl): the visible window of virtual time, a back/forward history of
// windows, "fit all" (the window tracks the whole run until the user zooms or pans) and follow mode
// (the window keeps the playback cursor in view), with the actions that drive them. The selection
// itself stays in the ViewState every view shares.

#include "timelinecoordinates.h"

#include <QList>
#include <QObject>
#include <array>

class QAction;

namespace ksv {

class TimelineZoom : public QObject
{
    Q_OBJECT
public:
    enum Action { ZoomIn, ZoomOut, FitAll, Back, Forward, Follow, ActionCount };
    static constexpr int maxHistory = 100;
    static constexpr double stepFactor = 1.5; // one press of + or -

    explicit TimelineZoom(QObject* parent = nullptr);

    timeline::TimeRange range() const { return m_range; }
    // A window chosen by the user: ends "fit all". With `record`, the window it replaces goes on the
    // back history (do that once per gesture, not per wheel notch or mouse move).
    void setRange(timeline::TimeRange range, bool record);
    // Moves the window without touching history or fit mode (follow mode's scrolling).
    void scrollTo(timeline::TimeRange range);

    // The extent of the run so far: what "fit all" shows.
    void setDataBounds(timeline::TimeRange bounds);
    timeline::TimeRange dataBounds() const { return m_bounds; }
    bool isFitAll() const { return m_fitAll; }
    void fitAll();

    // The zoom keys zoom about the playback cursor (timeline::zoomAboutTime): looking at the cursor
    // is why one zooms with the keyboard, and the mouse wheel zooms about the pointer instead.
    void setCursorTime(VirtualNanos t) { m_cursorTime = t; }
    VirtualNanos cursorTime() const { return m_cursorTime; }
    void zoomIn();
    void zoomOut();

    bool canGoBack() const { return !m_back.isEmpty(); }
    bool canGoForward() const { return !m_forward.isEmpty(); }
    void back();
    void forward();

    bool isFollowing() const { return m_following; }
    void setFollowing(bool following);

    // A new run: fit all, no history, following.
    void reset();

    QAction* action(Action action) const { return m_actions[size_t(action)]; }

Q_SIGNALS:
    void rangeChanged();
    void historyChanged();
    void followingChanged(bool following);

private:
    void apply(timeline::TimeRange range);
    void updateActions();

    timeline::TimeRange m_range = timeline::fitRange(0, nanosPerSecond);
    timeline::TimeRange m_bounds { 0, 0 };
    bool m_fitAll = true;
    bool m_following = true;
    VirtualNanos m_cursorTime = 0;
    QList<timeline::TimeRange> m_back;
    QList<timeline::TimeRange> m_forward;
    std::array<QAction*, ActionCount> m_actions {};
};

} // namespace ksv
