#pragma once

// Presentation mode (F5; Esc or F5 leaves): the window full screen for a room, on a projector
// palette, with every view's text and lines scaled together (Ctrl+= and Ctrl+-, 1× to 2.5×), the
// caption bar shown, and only the views a lesson's chapter names (the room's default: the queue
// lanes, the timeline and the inspector). A presenter's clicker works whatever has focus: Page Down
// and Page Up go to the next and previous chapter, B blanks the screen, period plays or pauses.
// Leaving restores the window as it was.

#include <QByteArray>
#include <QFont>
#include <QObject>
#include <QPalette>
#include <QPointer>
#include <QStringList>

class QAction;
class QMainWindow;
class QWidget;

namespace ksv {

class Presentation : public QObject
{
    Q_OBJECT
public:
    static constexpr double minScale = 1.0;
    static constexpr double maxScale = 2.5;
    static constexpr double scaleStep = 0.25;
    static constexpr double defaultScale = 1.5;

    // `caption`: the bar (in its tool bar) presentation mode shows.
    Presentation(QMainWindow* window, QWidget* caption);
    ~Presentation() override;

    // View > Presentation Mode (F5), checkable.
    QAction* action() const { return m_action; }
    bool isActive() const { return m_active; }
    void setActive(bool active);

    double scale() const { return m_scale; }
    // Clamped to 1..2.5; applied while active, remembered otherwise. Until one is chosen, entering
    // picks 1.5× on a screen of 1,000 lines or more and 1.25× on a smaller one.
    void setScale(double scale);
    bool isBlanked() const { return m_blank != nullptr; }
    void setBlanked(bool blanked);
    bool isDark() const { return m_dark; }
    void setDark(bool dark); // the projector palette: white on black or black on white

    // The views shown (lesson view names, lesson/lesson.h); empty: the room's default. Takes effect
    // while active.
    void showViews(const QStringList& views);
    QStringList shownViews() const;
    static QStringList defaultViews();
    // The lesson views (lesson/lesson.h) whose docks `window` shows now; the queue lanes always.
    static QStringList visibleViews(const QMainWindow* window);

Q_SIGNALS:
    void activeChanged(bool active);
    // The clicker's keys: whoever plays the lesson answers them.
    void nextRequested();
    void previousRequested();
    void playPauseRequested();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void enter();
    void leave();
    void applyScale();
    void applyViews();
    // Handles one of presentation mode's keys; false for any other key.
    bool handleKey(int key, Qt::KeyboardModifiers modifiers, bool act);

    QMainWindow* m_window;
    QWidget* m_caption;
    QAction* m_action;
    bool m_active = false;
    double m_scale = defaultScale;
    bool m_scaleChosen = false; // by the user: kept from one presentation to the next
    bool m_dark = false;
    QStringList m_views;
    QPointer<QWidget> m_blank;
    // What leaving restores.
    QByteArray m_savedState;
    QByteArray m_savedGeometry;
    QPalette m_savedPalette;
    QFont m_savedFont;
    bool m_menuWasVisible = true;
    bool m_statusWasVisible = true;
    bool m_captionWasVisible = false;
};

} // namespace ksv
