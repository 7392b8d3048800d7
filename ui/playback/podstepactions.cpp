#include "podstepactions.h"

#include "playbackcontroller.h"
#include "run.h"
#include "viewstate.h"

#include <QAction>

namespace ksv {

PodStepActions::PodStepActions(PlaybackController* playback, QObject* parent)
    : QObject(parent)
    , m_playback(playback)
{
    const auto make = [this](Action which, const QString& text, const QString& icon, const QKeySequence& key, const QString& tip,
                             auto slot) {
        auto* action = new QAction(QIcon::fromTheme(icon), text, this);
        action->setShortcut(key);
        action->setShortcutContext(Qt::WindowShortcut);
        action->setToolTip(tip + QStringLiteral(" (") + key.toString(QKeySequence::NativeText) + QLatin1Char(')'));
        connect(action, &QAction::triggered, this, slot);
        m_actions[size_t(which)] = action;
    };
    using Step = PlaybackController::PodStep;
    make(PreviousEvent, tr("Previous Event of This Pod"), QStringLiteral("go-previous"), QKeySequence(Qt::ALT | Qt::Key_Left),
         tr("Move the cursor back to the selected pod's previous event"), [this] { m_playback->stepPodBack(Step::Event); });
    make(NextEvent, tr("Next Event of This Pod"), QStringLiteral("go-next"), QKeySequence(Qt::ALT | Qt::Key_Right),
         tr("Move the cursor past the selected pod's next event"), [this] { m_playback->stepPod(Step::Event); });
    make(PreviousCycle, tr("Previous Cycle of This Pod"), QStringLiteral("go-previous"), QKeySequence(Qt::ALT | Qt::Key_PageUp),
         tr("Select the selected pod's previous scheduling cycle and move the cursor to its end"),
         [this] { m_playback->stepPodBack(Step::Cycle); });
    make(NextCycle, tr("Next Cycle of This Pod"), QStringLiteral("go-next"), QKeySequence(Qt::ALT | Qt::Key_PageDown),
         tr("Select the selected pod's next scheduling cycle and move the cursor to its end"),
         [this] { m_playback->stepPod(Step::Cycle); });
    connect(m_playback->viewState(), &ViewState::selectionChanged, this, &PodStepActions::updateEnabled);
    connect(m_playback, &PlaybackController::runChanged, this, &PodStepActions::updateEnabled);
    updateEnabled();
}

void PodStepActions::updateEnabled()
{
    const Run* run = m_playback->run();
    const qint32 pod = m_playback->viewState()->selectedPod();
    const bool enabled = run && pod >= 0 && pod < run->index().catalogue().podCount();
    for (QAction* action : m_actions)
        action->setEnabled(enabled);
}

} // namespace ksv
