#pragma once

// The playback controls: reset, step back and forward by event, extension point or cycle, play and
// pause, the speed, and the time (a slider over what the engine has run, and a field to go to any
// time). Every control is an action with a keyboard shortcut, so the Playback menu and a presenter's
// clicker reach the same things. It drives a PlaybackController; a seek from the slider or the field
// is a jump the view state's history remembers.

#include "scenario/scenario.h"

#include <QStyle>
#include <QToolBar>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QSlider;

namespace ksv {

class PlaybackController;
class ViewState;

class PlaybackToolBar : public QToolBar
{
    Q_OBJECT
public:
    explicit PlaybackToolBar(PlaybackController* playback, QWidget* parent = nullptr);

    // In menu order, with separators as null entries.
    QList<QAction*> menuActions() const { return m_menuActions; }
    QAction* playAction() const { return m_play; }
    QComboBox* speedBox() const { return m_speed; }
    // Beside the speed: how fast the run really goes when that is not the chosen speed.
    QLabel* achievedSpeedLabel() const { return m_achieved; }

    // Speeds offered (virtual seconds per wall second); 0 is as fast as possible.
    static const QList<double>& speeds();
    static QString speedText(double speed);
    // The style's icon, tinted with the palette's text colour when it is a dark glyph on a dark
    // palette (Fusion's media icons are black whatever the palette).
    static QIcon themedIcon(const QWidget* widget, QStyle::StandardPixmap which);

protected:
    void changeEvent(QEvent* event) override;

private:
    void updateState();
    void updateIcons();
    void updateTime();
    void updateAchievedSpeed();
    void changeSpeed(int direction);
    void goToTime();
    VirtualNanos engineTime() const; // 0 before a run

    PlaybackController* m_playback;
    ViewState* m_viewState;
    QList<QAction*> m_menuActions;
    QList<std::pair<QAction*, QStyle::StandardPixmap>> m_icons; // re-tinted when the palette changes
    QAction* m_play = nullptr;
    QComboBox* m_speed = nullptr;
    QLabel* m_achieved = nullptr;
    QSlider* m_slider = nullptr;
    QLabel* m_time = nullptr;
    QLineEdit* m_goTo = nullptr;
    bool m_sliderBusy = false;
};

} // namespace ksv
