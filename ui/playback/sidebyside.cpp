#include "sidebyside.h"

#include "playbackcontroller.h"
#include "enginecontroller.h"
#include "run.h"
#include "runpolicy.h"
#include "viewstate.h"

#include <QThread>

namespace ksv {

SideBySide::SideBySide(PlaybackController* playback, QObject* parent)
    : QObject(parent)
    , m_playback(playback)
    , m_view(playback->viewState())
    , m_otherView(new ViewState(this))
{
    connect(m_playback, &PlaybackController::runChanged, this, [this] {
        Q_EMIT shownRunChanged();
        mapNodes();
        followCursor();
        followSelection();
    });
    connect(m_view, &ViewState::cursorChanged, this, &SideBySide::followCursor);
    connect(m_view, &ViewState::selectionChanged, this, &SideBySide::followSelection);
    // The other side's views refresh at the pace the window's do while playing.
    connect(m_view, &ViewState::playingChanged, m_otherView, &ViewState::setPlaying);
    connect(m_otherView, &ViewState::selectionChanged, this, &SideBySide::selectionFromOther);
    // The other side's timeline or charts ask for the one cursor both share.
    connect(m_otherView, &ViewState::seekRequested, m_view, [this](VirtualNanos t) { m_view->requestSeek(t); });
}

SideBySide::~SideBySide() = default;

Run* SideBySide::shownRun() const
{
    return m_playback->run();
}

void SideBySide::show(Other other)
{
    stop();
    m_other = std::move(other);
    const LoadedScenario& loaded = *m_other.loaded;
    SimulationOptions options = defaultRunOptions(loaded.configuration, QThread::idealThreadCount());
    options.seed = loaded.seed;
    m_run = std::make_unique<Run>(loaded.scenario, loaded.configuration, options, loaded.catalogue);
    connect(m_run.get(), &Run::progressed, this, [this](bool news) {
        if (news)
            followCursor();
    });
    connect(m_run.get(), &Run::failed, this, &SideBySide::failed);
    mapNodes();
    m_otherView->reset();
    Q_EMIT otherRunChanged(m_run.get());
    // As fast as it goes: the cursor is the window's, and the other run only has to be there first.
    m_run->engine()->setSpeed(0);
    m_run->engine()->play();
    followCursor();
    followSelection();
}

void SideBySide::stop()
{
    if (!m_run)
        return;
    m_run->stop();
    std::unique_ptr<Run> old = std::move(m_run);
    m_other = {};
    m_toOther.clear();
    m_fromOther.clear();
    m_otherView->reset();
    Q_EMIT otherRunChanged(nullptr);
}

void SideBySide::mapNodes()
{
    m_toOther.clear();
    m_fromOther.clear();
    const Run* shown = shownRun();
    if (!m_run || !shown)
        return;
    const trace::ReplayCatalogue& here = shown->index().catalogue();
    const trace::ReplayCatalogue& there = m_run->index().catalogue();
    m_toOther.resize(size_t(here.nodeCount()), -1);
    m_fromOther.resize(size_t(there.nodeCount()), -1);
    for (qint32 node = 0; node < here.nodeCount(); ++node) {
        const qint32 match = there.nodeIndex(here.nodeName(node));
        m_toOther[size_t(node)] = match;
        if (match >= 0)
            m_fromOther[size_t(match)] = node;
    }
}

qint32 SideBySide::otherNode(qint32 node) const
{
    return node >= 0 && size_t(node) < m_toOther.size() ? m_toOther[size_t(node)] : -1;
}

qint32 SideBySide::shownNode(qint32 otherNode) const
{
    return otherNode >= 0 && size_t(otherNode) < m_fromOther.size() ? m_fromOther[size_t(otherNode)] : -1;
}

qint32 SideBySide::otherPod(qint32 pod) const
{
    const Run* shown = shownRun();
    if (!m_run || !shown || pod < 0 || pod >= shown->index().catalogue().podCount())
        return -1;
    return m_run->index().catalogue().podIndex(shown->index().catalogue().podKey(pod));
}

qint32 SideBySide::shownPod(qint32 otherPod) const
{
    const Run* shown = shownRun();
    if (!m_run || !shown || otherPod < 0 || otherPod >= m_run->index().catalogue().podCount())
        return -1;
    return shown->index().catalogue().podIndex(m_run->index().catalogue().podKey(otherPod));
}

qint32 matchingAttempt(const Run& to, qint32 toPod, qint32 attempt, qsizetype end)
{
    if (toPod < 0 || toPod >= to.index().catalogue().podCount())
        return -1;
    qint32 latest = -1;
    for (const qint32 cycle : to.index().podCycles(toPod)) {
        const trace::CycleRecord& record = to.index().cycles()[size_t(cycle)];
        if (record.startEvent >= end)
            break;
        if (record.attempt == attempt)
            return cycle;
        latest = cycle;
    }
    return latest;
}

qint32 SideBySide::matchCycle(const Run* from, const Run* to, qint32 cycle, qint32 (SideBySide::*mapPod)(qint32) const) const
{
    if (!from || !to || cycle < 0 || size_t(cycle) >= from->index().cycles().size())
        return -1;
    const trace::CycleRecord& record = from->index().cycles()[size_t(cycle)];
    return matchingAttempt(*to, (this->*mapPod)(record.pod), record.attempt, to->position());
}

qint32 SideBySide::otherCycle(qint32 cycle) const
{
    return matchCycle(shownRun(), m_run.get(), cycle, &SideBySide::otherPod);
}

qint32 SideBySide::shownCycle(qint32 otherCycle) const
{
    return matchCycle(m_run.get(), shownRun(), otherCycle, &SideBySide::shownPod);
}

void SideBySide::followCursor()
{
    if (!m_run)
        return;
    // The window's cursor "following" its run says nothing of this one, which runs ahead as fast
    // as it goes: only the virtual time is shared.
    const VirtualNanos t = m_view->cursorTime();
    if (t > m_run->engineTime() && !m_run->isEngineFinished())
        m_run->follow(); // not there yet: as far as it got, catching up as it goes
    else
        m_run->moveTo(m_run->index().positionAfter(t));
    m_otherView->setCursor(m_run->position(), t, m_run->isFollowing());
    // An attempt the other run had not begun when the selection was copied may have begun now.
    if (m_view->selectedCycle() >= 0 && m_otherView->selectedCycle() != otherCycle(m_view->selectedCycle()))
        followSelection();
}

void SideBySide::followSelection()
{
    if (!m_run || m_echoing)
        return;
    const Selection& here = m_view->selection();
    Selection there;
    there.pod = otherPod(here.pod);
    there.cycle = here.cycle >= 0 ? otherCycle(here.cycle) : (there.pod >= 0 ? m_run->state().pods[size_t(there.pod)].lastCycle : -1);
    there.node = otherNode(here.node);
    if (there == m_otherView->selection())
        return;
    m_echoing = true;
    m_otherView->select(there, false);
    m_echoing = false;
}

void SideBySide::selectionFromOther()
{
    if (!m_run || m_echoing)
        return;
    const Selection& there = m_otherView->selection();
    Selection here;
    here.pod = shownPod(there.pod);
    here.cycle = there.cycle >= 0 ? shownCycle(there.cycle) : -1;
    if (here.cycle < 0 && here.pod >= 0 && shownRun())
        here.cycle = shownRun()->state().pods[size_t(here.pod)].lastCycle;
    here.node = shownNode(there.node);
    m_echoing = true;
    m_view->select(here, true);
    m_echoing = false;
    // What the other side shows is what the window's selection maps to (a pod the window's run does
    // not have leaves both sides without one).
    followSelection();
}

} // namespace ksv
