#include "viewstate.h"

#include <QAction>

namespace ksv {

ViewState::ViewState(QObject* parent)
    : QObject(parent)
{
    // Alt+Shift: Alt+← alone steps through the selected pod's events (PodStepActions), and the plain
    // and Shift and Ctrl arrows step the playback.
    const auto make = [this](Action which, const QString& text, const QString& icon, const QKeySequence& key, const QString& tip) {
        auto* action = new QAction(QIcon::fromTheme(icon), text, this);
        action->setShortcut(key);
        action->setShortcutContext(Qt::WindowShortcut);
        action->setToolTip(tip);
        m_actions[size_t(which)] = action;
        return action;
    };
    connect(make(Back, tr("Back"), QStringLiteral("go-previous"), QKeySequence(Qt::ALT | Qt::SHIFT | Qt::Key_Left),
                 tr("The previous selection and cursor (Alt+Shift+Left)")),
            &QAction::triggered, this, &ViewState::back);
    connect(make(Forward, tr("Forward"), QStringLiteral("go-next"), QKeySequence(Qt::ALT | Qt::SHIFT | Qt::Key_Right),
                 tr("The next selection and cursor (Alt+Shift+Right)")),
            &QAction::triggered, this, &ViewState::forward);
    updateActions();
}

void ViewState::setCursor(qsizetype position, VirtualNanos time, bool following)
{
    m_position = position;
    m_time = time;
    m_following = following;
    Q_EMIT cursorChanged();
}

void ViewState::requestSeek(VirtualNanos t, bool record)
{
    if (record)
        remember();
    Q_EMIT seekRequested(t);
}

void ViewState::setPlaying(bool playing)
{
    if (playing == m_playing)
        return;
    m_playing = playing;
    Q_EMIT playingChanged(playing);
}

void ViewState::select(const Selection& selection, bool record)
{
    if (record && selection != m_selection)
        remember();
    m_selection = selection;
    // Said even when nothing changed: a view that follows the cursor asks again, and the others
    // answer the same.
    Q_EMIT selectionChanged();
}

void ViewState::remember()
{
    if (m_restoring)
        return;
    const Place here = place();
    if (!m_back.isEmpty() && m_back.constLast() == here)
        return;
    m_back.append(here);
    if (m_back.size() > maxHistory)
        m_back.removeFirst();
    m_forward.clear();
    updateActions();
}

void ViewState::back()
{
    if (m_back.isEmpty())
        return;
    m_forward.append(place());
    restore(m_back.takeLast());
}

void ViewState::forward()
{
    if (m_forward.isEmpty())
        return;
    m_back.append(place());
    restore(m_forward.takeLast());
}

void ViewState::restore(const Place& place)
{
    m_restoring = true;
    // The cursor first: a view following it may pick the latest cycle of the selected pod, and the
    // selection restored after it wins.
    if (place.position != m_position || place.time != m_time)
        Q_EMIT cursorRequested(place.position, place.time);
    if (place.selection != m_selection)
        select(place.selection, false);
    m_restoring = false;
    updateActions();
}

void ViewState::reset()
{
    m_position = 0;
    m_time = 0;
    m_following = true;
    m_selection = {};
    m_back.clear();
    m_forward.clear();
    updateActions();
}

void ViewState::updateActions()
{
    m_actions[Back]->setEnabled(canGoBack());
    m_actions[Forward]->setEnabled(canGoForward());
    Q_EMIT historyChanged();
}

} // namespace ksv
