#include "captionbar.h"

#include "lesson/lesson.h"

#include <QEvent>
#include <QResizeEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

namespace ksv {

namespace {

QLabel* label(QWidget* parent)
{
    auto* result = new QLabel(parent);
    result->setTextFormat(Qt::PlainText);
    result->setWordWrap(true);
    return result;
}

QFont scaled(QFont font, qreal scale, bool bold)
{
    font.setPointSizeF(font.pointSizeF() * scale);
    font.setBold(bold);
    return font;
}

} // namespace

CaptionBar::CaptionBar(QWidget* parent)
    : QFrame(parent)
{
    setObjectName(QStringLiteral("captionBar"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);
    m_place = label(this);
    m_place->setForegroundRole(QPalette::PlaceholderText);
    m_heading = label(this);
    m_text = label(this);
    m_source = label(this);
    m_source->setForegroundRole(QPalette::PlaceholderText);
    m_source->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_previous = new QToolButton(this);
    m_previous->setArrowType(Qt::LeftArrow);
    m_previous->setToolTip(tr("Previous chapter (Page Up in presentation mode)"));
    m_next = new QToolButton(this);
    m_next->setArrowType(Qt::RightArrow);
    m_next->setToolTip(tr("Next chapter: plays on to it (Page Down in presentation mode)"));
    connect(m_previous, &QToolButton::clicked, this, &CaptionBar::previousRequested);
    connect(m_next, &QToolButton::clicked, this, &CaptionBar::nextRequested);

    auto* words = new QVBoxLayout;
    words->setSpacing(2);
    words->addWidget(m_place);
    words->addWidget(m_heading);
    words->addWidget(m_text);
    words->addWidget(m_source);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 6);
    layout->addLayout(words, 1);
    layout->addWidget(m_previous, 0, Qt::AlignVCenter);
    layout->addWidget(m_next, 0, Qt::AlignVCenter);
    applyFonts();
}

void CaptionBar::resizeEvent(QResizeEvent* event)
{
    QFrame::resizeEvent(event);
    fitHeight();
}

void CaptionBar::fitHeight()
{
    // A tool bar sizes its widgets by their size hints, and a wrapping label's hint guesses a width:
    // the bar would be far taller than its text. Its height is what the text needs at its width.
    // While the window lays out, the bar passes through narrow widths where the text would wrap
    // into a tall column, and a tool bar that tall would make the window grow past the screen: only
    // a width a caption can be read at counts.
    if (width() < 480)
        return;
    const int height = layout()->totalHeightForWidth(width());
    if (height > 0 && height != minimumHeight())
        setFixedHeight(height);
}

void CaptionBar::changeEvent(QEvent* event)
{
    // The bar's sizes are relative to the window's font, which presentation mode scales.
    if (event->type() == QEvent::FontChange)
        applyFonts();
    QFrame::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        fitHeight();
}

void CaptionBar::applyFonts()
{
    const QFont base = font();
    m_place->setFont(scaled(base, 0.9, false));
    m_heading->setFont(scaled(base, 1.5, true));
    m_text->setFont(scaled(base, 1.15, false));
    QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    fixed.setPointSizeF(base.pointSizeF() * 0.9);
    m_source->setFont(fixed);
}

void CaptionBar::showChapter(const QString& lessonTitle, const QString& summary, int index, int count, const Chapter* chapter)
{
    m_previous->setVisible(true);
    m_next->setVisible(true);
    m_previous->setEnabled(index > 0);
    m_next->setEnabled(index + 1 < count);
    if (!chapter) {
        m_place->setText(tr("Lesson · %n chapter(s): Next plays to the first", nullptr, count));
        m_heading->setText(lessonTitle);
        m_text->setText(summary);
        m_text->setVisible(!summary.isEmpty());
        m_source->hide();
        fitHeight();
        return;
    }
    m_place->setText(tr("%1 · chapter %2 of %3").arg(lessonTitle).arg(index + 1).arg(count));
    m_heading->setText(chapter->title);
    m_text->setText(chapter->text);
    m_text->setVisible(!chapter->text.isEmpty());
    m_source->setText(chapter->source);
    m_source->setVisible(!chapter->source.isEmpty());
    fitHeight();
}

void CaptionBar::showPlain(const QString& heading, const QString& text)
{
    m_previous->setVisible(false);
    m_next->setVisible(false);
    m_place->clear();
    m_heading->setText(heading);
    m_text->setText(text);
    m_text->setVisible(!text.isEmpty());
    m_source->hide();
    fitHeight();
}

QString CaptionBar::heading() const
{
    return m_heading->text();
}

QString CaptionBar::text() const
{
    return m_text->text();
}

QString CaptionBar::source() const
{
    return m_source->isHidden() ? QString() : m_source->text();
}

} // namespace ksv
