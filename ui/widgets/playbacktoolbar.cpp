#include "playbacktoolbar.h"

#include "format.h"
#include "playbackcontroller.h"
#include "run.h"
#include "scenario/loader.h"
#include "viewcolors.h"
#include "viewstate.h"

#include <QAction>
#include <QComboBox>
#include <QEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
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
        auto* action = new QAction(themedIcon(this, icon), text, this);
        m_icons.append({action, icon});
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
    m_achieved = new QLabel(this);
    m_achieved->setObjectName(QStringLiteral("achievedSpeed"));
    m_achieved->setContentsMargins(6, 0, 6, 0);
    addWidget(m_achieved);

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
    m_time->setObjectName(QStringLiteral("clock"));
    m_time->setMinimumWidth(m_time->fontMetrics().horizontalAdvance(QStringLiteral("00:00.000000 / 00:00.000")));
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
    connect(m_playback, &PlaybackController::achievedSpeedChanged, this, &PlaybackToolBar::updateAchievedSpeed);
    connect(m_viewState, &ViewState::playingChanged, this, &PlaybackToolBar::updateAchievedSpeed);
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
    m_play->setIcon(themedIcon(this, playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    m_play->setText(playing ? tr("Pause") : tr("Play"));
    m_play->setToolTip(QStringLiteral("%1 (%2)").arg(m_play->text(), m_play->shortcut().toString(QKeySequence::NativeText)));
    for (QAction* action : std::as_const(m_menuActions)) {
        if (action)
            action->setEnabled(m_playback->isLoaded());
    }
    updateTime();
}

QIcon PlaybackToolBar::themedIcon(const QWidget* widget, QStyle::StandardPixmap which)
{
    const QIcon icon = widget->style()->standardIcon(which, nullptr, widget);
    const QPalette& palette = widget->palette();
    if (!colors::isDark(palette))
        return icon;
    // A dark, colourless glyph (the media icons) is recoloured; coloured ones (the reload arrows,
    // the green forward arrow) keep their colours, which show on dark as they are.
    const QImage probe = icon.pixmap(16).toImage().convertToFormat(QImage::Format_ARGB32);
    double lightness = 0, saturation = 0, opaque = 0;
    for (int y = 0; y < probe.height(); ++y) {
        for (int x = 0; x < probe.width(); ++x) {
            const QColor pixel = probe.pixelColor(x, y);
            if (pixel.alpha() < 128)
                continue;
            lightness += pixel.lightness();
            saturation += pixel.hslSaturation();
            opaque += 1;
        }
    }
    if (opaque == 0 || lightness / opaque > 110 || saturation / opaque > 60)
        return icon;
    QIcon tinted;
    const QColor ink = palette.color(QPalette::WindowText);
    for (const int side : {16, 22, 24, 32, 48}) {
        QPixmap pixmap = icon.pixmap(side);
        QPainter painter(&pixmap);
        painter.setCompositionMode(QPainter::CompositionMode_SourceIn);
        painter.fillRect(pixmap.rect(), ink);
        painter.end();
        tinted.addPixmap(pixmap);
    }
    return tinted;
}

void PlaybackToolBar::changeEvent(QEvent* event)
{
    QToolBar::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        updateIcons();
}

void PlaybackToolBar::updateIcons()
{
    for (const auto& [action, icon] : std::as_const(m_icons)) {
        if (action != m_play)
            action->setIcon(themedIcon(this, icon));
    }
    if (m_play)
        updateState();
}

void PlaybackToolBar::updateAchievedSpeed()
{
    const std::optional<double> achieved = m_playback->isPlaying() ? m_playback->achievedSpeed() : std::nullopt;
    const auto factor = [](double speed) -> QString {
        return QString::number(speed, 'f', speed < 10 ? 1 : 0) + QStringLiteral("×");
    };
    if (!achieved || (m_playback->speed() > 0 && !m_playback->isBehind())) {
        m_achieved->clear();
        m_achieved->setToolTip({});
        return;
    }
    if (m_playback->speed() <= 0) {
        // As fast as possible: how fast that is, for information.
        m_achieved->setText(tr("≈ %1").arg(factor(*achieved)));
        m_achieved->setStyleSheet({});
        m_achieved->setToolTip(tr("As fast as possible is %1 of wall time here").arg(factor(*achieved)));
        return;
    }
    m_achieved->setText(tr("⚠ running at %1").arg(factor(*achieved)));
    m_achieved->setStyleSheet(QStringLiteral("QLabel { color: #e8590c; font-weight: bold; }"));
    m_achieved->setToolTip(tr("The engine cannot keep up with %1: virtual time runs at %2 of wall time. "
                              "Choose a lower speed for steady pacing, or as fast as possible.")
                               .arg(speedText(m_playback->speed()), factor(*achieved)));
}

VirtualNanos PlaybackToolBar::engineTime() const
{
    return m_playback->run() ? m_playback->run()->engineTime() : 0;
}

void PlaybackToolBar::updateTime()
{
    const VirtualNanos cursor = m_viewState->cursorTime();
    const VirtualNanos end = engineTime();
    // To the microsecond: a scheduling cycle lasts about half a millisecond, and stepping through
    // one must show the clock move (issue 20, finding 13).
    m_time->setText(QStringLiteral("%1 / %2").arg(format::virtualTime(cursor, format::microsecondDigits), format::virtualTime(end)));
    m_time->setToolTip(tr("Cursor at %1 (event %L2); the engine has run to %3 (%L4 events)%5")
                           .arg(format::virtualTime(cursor, format::microsecondDigits))
                           .arg(m_viewState->cursor())
                           .arg(format::virtualTime(end, format::microsecondDigits))
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
