#pragma once

// The caption bar across the top of the window: a lesson's chapter (its number, title, text and the
// upstream code it shows) with Previous and Next, or, in presentation mode without a lesson, the
// scenario and the selected pod. Large type: it is read from the back of a room.

#include <QFrame>

class QLabel;
class QToolButton;

namespace ksv {

struct Chapter;

class CaptionBar : public QFrame
{
    Q_OBJECT
public:
    explicit CaptionBar(QWidget* parent = nullptr);

    // `chapter` null: before the first chapter (the lesson's summary is shown).
    void showChapter(const QString& lessonTitle, const QString& summary, int index, int count, const Chapter* chapter);
    // Without a lesson: a heading and a line.
    void showPlain(const QString& heading, const QString& text);

    // What is shown, for tests and screenshots.
    QString heading() const;
    QString text() const;
    QString source() const;

Q_SIGNALS:
    void previousRequested();
    void nextRequested();

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void applyFonts();
    void fitHeight();

    QLabel* m_place;   // "Lesson · chapter 3 of 9"
    QLabel* m_heading;
    QLabel* m_text;
    QLabel* m_source;
    QToolButton* m_previous;
    QToolButton* m_next;
};

} // namespace ksv
