#include "playbacktoolbar.h"

#include "format.h"
#include "playbackcontroller.h"
#include "run.h"
#include "scenario/loader.h"
#include "viewstate.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSlider>
#include <QStyle>
#include <QToolTip>

namespace ksv {

namespace {
constexpr int sliderSteps = 1000;
}

const QList<double>& PlaybackToolBar::speeds()
{
    static const QList<double> values {0.1, 0.25, 0.5, 1, 2, 5, 10, 25, 100, 250, 1000, 0};
    return values;
}

QString PlaybackToolBar::speedText(double speed)
{
    if (speed <= 0)
        return tr("As fast as possible");
    return QString::number(speed) + QStringLiteral("×");
}

PlaybackToolBar::PlaybackToolBar(PlaybackController* playback, QWidget* parent)
    : QToolBar(tr("Playback"), parent)
    , m_playback(playback)
    , m_viewState(playback->viewState())
{
    setObjectName(QStringLiteral("playbackToolBar"));
    const auto add = [this](QStyle::StandardPixmap icon, const QString& text, const QKeySequence& shortcut, auto slot, bool onBar = true) {
        auto* action = new QAction(style()->standardIcon(icon), text, this);
        action->setShortcut(shortcut);
        action->setToolTip(QStringLiteral("%1 (%2)").arg(text, shortcut.toString(QKeySequence::NativeText)));
        // The shortcuts work wherever focus is in the window, not only on the toolbar.
        action->setShortcutContext(Qt::WindowShortcut);
        connect(action, &QAction::triggered, this, slot);
        if (onBar)
            addAction(action); // the others reach the window through the Playback menu
        m_menuActions.append(action);
        return action;
    };
    using Unit = PlaybackController::StepUnit;
    add(QStyle::SP_BrowserReload, tr("Reset"), QKeySequence(Qt::Key_Home), [this] { m_playback->reset(); });
    m_menuActions.append(nullptr);
    add(QStyle::SP_MediaSkipBackward, tr("Previous Cycle"), QKeySequence(Qt::CTRL | Qt::Key_Left), [this] { m_playback->stepBack(Unit::Cycle); });
    add(QStyle::SP_MediaSeekBackward, tr("Previous Extension Point"), QKeySequence(Qt::SHIFT | Qt::Key_Left),
        [this] { m_playback->stepBack(Unit::ExtensionPoint); }, false);
    QAction* previousEvent = add(QStyle::SP_MediaSeekBackward, tr("Previous Event"), QKeySequence(Qt::Key_Left),
                                 [this] { m_playback->stepBack(Unit::Event); });
    m_play = add(QStyle::SP_MediaPlay, tr("Play"), QKeySequence(Qt::Key_Space), [this] { m_playback->togglePlay(); });
    QAction* nextEvent = add(QStyle::SP_MediaSeekForward, tr("Next Event"), QKeySequence(Qt::Key_Right),
                             [this] { m_playback->step(Unit::Event); });
    add(QStyle::SP_ArrowForward, tr("Next Extension Point"), QKeySequence(Qt::SHIFT | Qt::Key_Right),
        [this] { m_playback->step(Unit::ExtensionPoint); });
    add(QStyle::SP_MediaSkipForward, tr("Next Cycle"), QKeySequence(Qt::CTRL | Qt::Key_Right), [this] { m_playback->step(Unit::Cycle); });
    m_menuActions.append(nullptr);
    add(QStyle::SP_ArrowUp, tr("Faster"), QKeySequence(Qt::Key_BracketRight), [this] { changeSpeed(+1); }, false);
    add(QStyle::SP_ArrowDown, tr("Slower"), QKeySequence(Qt::Key_BracketLeft), [this] { changeSpeed(-1); }, false);
    add(QStyle::SP_FileDialogContentsView, tr("Go to Time…"), QKeySequence(Qt::CTRL | Qt::Key_G), [this] {
        m_goTo->setFocus();
        m_goTo->selectAll();
    }, false);

    // Comma and period step by event whatever has focus: a focused queue lane or heatmap takes the
    // plain arrows for its own selection (issue 20, finding 10).
    for (const auto& [action, key] : {std::pair {previousEvent, Qt::Key_Comma}, std::pair {nextEvent, Qt::Key_Period}}) {
        action->setShortcuts({QKeySequence(key), action->shortcut()});
        action->setToolTip(QStringLiteral("%1 (%2, %3)").arg(action->text(), action->shortcuts()[0].toString(QKeySequence::NativeText),
                                                             action->shortcuts()[1].toString(QKeySequence::NativeText)));
    }

    addSeparator();
    m_speed = new QComboBox(this);
    m_speed->setToolTip(tr("Virtual seconds per second of wall time ([ and ] change it)"));
    for (double speed : speeds())
        m_speed->addItem(speedText(speed), speed);
    m_speed->setCurrentIndex(int(speeds().indexOf(1.0)));
    connect(m_speed, &QComboBox::activated, this, [this](int index) { m_playback->setSpeed(m_speed->itemData(index).toDouble()); });
    addWidget(m_speed);

    addSeparator();
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setRange(0, sliderSteps);
    m_slider->setMinimumWidth(220);
    m_slider->setToolTip(tr("Drag to seek through what has run so far"));
    connect(m_slider, &QSlider::sliderPressed, this, [this] { m_sliderBusy = true; });
    connect(m_slider, &QSlider::sliderReleased, this, [this] {
        m_sliderBusy = false;
        const double fraction = double(m_slider->value()) / sliderSteps;
        m_viewState->requestSeek(VirtualNanos(fraction * double(engineTime())));
    });
    connect(m_slider, &QSlider::sliderMoved, this, [this](int value) {
        const VirtualNanos t = VirtualNanos(double(value) / sliderSteps * double(engineTime()));
        QToolTip::showText(QCursor::pos(), format::virtualTime(t), m_slider);
    });
    addWidget(m_slider);

    m_time = new QLabel(this);
    m_time->setMinimumWidth(m_time->fontMetrics().horizontalAdvance(QStringLiteral("000:00.000000 / 000:00.000")));
    m_time->setAlignment(Qt::AlignCenter);
    addWidget(m_time);

    m_goTo = new QLineEdit(this);
    m_goTo->setPlaceholderText(tr("Go to (e.g. 90s, 1m30s)"));
    m_goTo->setMaximumWidth(170);
    m_goTo->setClearButtonEnabled(true);
    connect(m_goTo, &QLineEdit::returnPressed, this, &PlaybackToolBar::goToTime);
    addWidget(m_goTo);

    connect(m_viewState, &ViewState::playingChanged, this, &PlaybackToolBar::updateState);
    connect(m_playback, &PlaybackController::runChanged, this, &PlaybackToolBar::updateState);
    connect(m_playback, &PlaybackController::finished, this, &PlaybackToolBar::updateState);
    connect(m_viewState, &ViewState::cursorChanged, this, &PlaybackToolBar::updateTime);
    connect(m_playback, &PlaybackController::speedChanged, this, [this](double speed) {
        const int index = m_speed->findData(speed);
        if (index >= 0)
            m_speed->setCurrentIndex(index);
    });
    updateState();
    updateTime();
}

void PlaybackToolBar::updateState()
{
    const bool playing = m_playback->isPlaying();
    m_play->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    m_play->setText(playing ? tr("Pause") : tr("Play"));
    m_play->setToolTip(QStringLiteral("%1 (%2)").arg(m_play->text(), m_play->shortcut().toString(QKeySequence::NativeText)));
    for (QAction* action : std::as_const(m_menuActions)) {
        if (action)
            action->setEnabled(m_playback->isLoaded());
    }
    updateTime();
}

VirtualNanos PlaybackToolBar::engineTime() const
{
    return m_playback->run() ? m_playback->run()->engineTime() : 0;
}

void PlaybackToolBar::updateTime()
{
    const VirtualNanos cursor = m_viewState->cursorTime();
    const VirtualNanos end = engineTime();
    m_time->setText(QStringLiteral("%1 / %2").arg(format::virtualTime(cursor), format::virtualTime(end)));
    m_time->setToolTip(tr("Cursor at %1 (event %L2); the engine has run to %3 (%L4 events)%5")
                           .arg(format::virtualTime(cursor))
                           .arg(m_viewState->cursor())
                           .arg(format::virtualTime(end))
                           .arg(m_playback->run() ? m_playback->run()->indexed() : 0)
                           .arg(m_playback->isFinished() ? tr(", and the run is over") : QString()));
    if (!m_sliderBusy) {
        const QSignalBlocker blocker(m_slider);
        m_slider->setValue(end > 0 ? int(double(cursor) / double(end) * sliderSteps) : 0);
    }
}

void PlaybackToolBar::changeSpeed(int direction)
{
    // Faster means a larger factor; "as fast as possible" sits beyond 1000×.
    const QList<double>& values = speeds();
    const qsizetype index = values.indexOf(m_playback->speed());
    const qsizetype next = std::clamp<qsizetype>((index < 0 ? values.indexOf(1.0) : index) + direction, 0, values.size() - 1);
    m_playback->setSpeed(values[next]);
}

void PlaybackToolBar::goToTime()
{
    const std::optional<VirtualNanos> t = parseDuration(m_goTo->text().trimmed());
    if (!t) {
        QToolTip::showText(m_goTo->mapToGlobal(QPoint(0, m_goTo->height())), tr("Not a duration: try 90s, 2m or 1m30.5s"), m_goTo);
        return;
    }
    m_viewState->requestSeek(*t);
    m_goTo->clearFocus();
}

} // namespace ksv
