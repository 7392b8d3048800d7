#include "yamleditor.h"

#include <QFontDatabase>
#include <QLabel>
#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextBlock>
#include <QVBoxLayout>

namespace ksv {

namespace {

// Keys, comments and document markers, in the palette's own colours so that a dark theme reads as
// well as a light one.
class YamlHighlighter : public QSyntaxHighlighter
{
public:
    YamlHighlighter(QTextDocument* document, const QPalette& palette)
        : QSyntaxHighlighter(document)
    {
        m_key.setForeground(palette.color(QPalette::Link));
        m_comment.setForeground(palette.color(QPalette::PlaceholderText));
        m_comment.setFontItalic(true);
    }

protected:
    void highlightBlock(const QString& text) override
    {
        static const QRegularExpression key(QStringLiteral("^(\\s*(?:-\\s+)*)([^\\s#:{}\\[\\],][^#:{}\\[\\],]*?):(\\s|$)"));
        if (const QRegularExpressionMatch match = key.match(text); match.hasMatch())
            setFormat(int(match.capturedStart(2)), int(match.capturedLength(2)), m_key);
        // A comment starts at a # at the line's start or after a space, outside quotes (good enough
        // for manifests, whose strings rarely hold " #").
        static const QRegularExpression comment(QStringLiteral("(^|\\s)#.*$"));
        if (const QRegularExpressionMatch match = comment.match(text); match.hasMatch())
            setFormat(int(match.capturedStart()), int(text.size() - match.capturedStart()), m_comment);
    }

private:
    QTextCharFormat m_key;
    QTextCharFormat m_comment;
};

} // namespace

YamlEditor::YamlEditor(QWidget* parent)
    : QWidget(parent)
    , m_edit(new QPlainTextEdit(this))
    , m_message(new QLabel(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_edit, 1);
    layout->addWidget(m_message);
    m_edit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_edit->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_edit->setTabChangesFocus(false);
    m_edit->setTabStopDistance(2 * m_edit->fontMetrics().horizontalAdvance(QLatin1Char(' ')));
    new YamlHighlighter(m_edit->document(), palette());
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setVisible(false);
    QPalette errorPalette = m_message->palette();
    errorPalette.setColor(QPalette::WindowText, QColor(0xc6, 0x28, 0x28));
    m_message->setPalette(errorPalette);
    connect(m_edit->document(), &QTextDocument::modificationChanged, this, &YamlEditor::modificationChanged);
    connect(m_edit, &QPlainTextEdit::textChanged, this, [this] {
        // The error was about the text as applied; an edit may have mended it.
        if (hasError() && m_edit->document()->isModified())
            m_edit->setExtraSelections({});
    });
}

QByteArray YamlEditor::text() const
{
    return m_edit->toPlainText().toUtf8();
}

void YamlEditor::setText(const QByteArray& text)
{
    clearError();
    m_edit->setPlainText(QString::fromUtf8(text));
    m_edit->document()->setModified(false);
}

bool YamlEditor::isModified() const
{
    return m_edit->document()->isModified();
}

void YamlEditor::setModified(bool modified)
{
    m_edit->document()->setModified(modified);
}

void YamlEditor::setReadOnly(bool readOnly)
{
    m_edit->setReadOnly(readOnly);
}

void YamlEditor::showError(const QString& message, int line, int column)
{
    m_errorText = message;
    m_errorLine = line;
    m_errorColumn = column;
    m_message->setText(message);
    m_message->setToolTip(message);
    m_message->setVisible(true);
    markError();
}

void YamlEditor::clearError()
{
    m_errorText.clear();
    m_errorLine = -1;
    m_errorColumn = 0;
    m_message->clear();
    m_message->setVisible(false);
    m_edit->setExtraSelections({});
}

void YamlEditor::markError()
{
    if (m_errorLine <= 0) { // not in this text (another object's, a time typed beside it)
        m_edit->setExtraSelections({});
        return;
    }
    QTextDocument* document = m_edit->document();
    const int blockNumber = std::clamp(m_errorLine, 1, std::max(1, document->blockCount())) - 1;
    const QTextBlock block = document->findBlockByNumber(blockNumber);
    QList<QTextEdit::ExtraSelection> selections;

    QTextEdit::ExtraSelection line;
    line.cursor = QTextCursor(block);
    line.format.setBackground(QColor(0xc6, 0x28, 0x28, 40));
    line.format.setProperty(QTextFormat::FullWidthSelection, true);
    line.format.setToolTip(m_errorText);
    selections.append(line);

    // From the column to the end of the line (at least one character, so that an error at the end
    // of a line still shows).
    QTextEdit::ExtraSelection place;
    const int column = std::clamp(m_errorColumn - 1, 0, std::max(0, block.length() - 2));
    place.cursor = QTextCursor(block);
    place.cursor.setPosition(block.position() + column);
    place.cursor.setPosition(block.position() + std::max(column + 1, block.length() - 1), QTextCursor::KeepAnchor);
    place.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
    place.format.setUnderlineColor(QColor(0xc6, 0x28, 0x28));
    place.format.setToolTip(m_errorText);
    selections.append(place);
    m_edit->setExtraSelections(selections);

    QTextCursor cursor(block);
    cursor.setPosition(block.position() + column);
    m_edit->setTextCursor(cursor);
    m_edit->ensureCursorVisible();
}

} // namespace ksv
