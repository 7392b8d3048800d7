#pragma once

// A plain-text editor for one YAML text (an object's manifest, the scheduler configuration) that
// shows the loader's error where it is: the line tinted, a wavy underline from the column on, and the
// message under the text. Typing clears it: the error is about the text that was applied.

#include <QPlainTextEdit>

class QLabel;

namespace ksv {

class YamlEditor : public QWidget
{
    Q_OBJECT
public:
    explicit YamlEditor(QWidget* parent = nullptr);

    QByteArray text() const;
    // New text, as applied (no error, not modified).
    void setText(const QByteArray& text);
    bool isModified() const;
    void setModified(bool modified);
    void setReadOnly(bool readOnly);
    QPlainTextEdit* editor() const { return m_edit; }

    // Line and column from 1, as in the loader's file:line:column; 0 places it at the top.
    void showError(const QString& message, int line, int column);
    void clearError();
    bool hasError() const { return !m_errorText.isEmpty(); }
    QString errorText() const { return m_errorText; }
    // The error's place in the text (-1 without an error): for tests and the screenshot.
    int errorLine() const { return m_errorLine; }

Q_SIGNALS:
    void modificationChanged(bool modified);

private:
    void markError();

    QPlainTextEdit* m_edit;
    QLabel* m_message;
    QString m_errorText;
    int m_errorLine = -1;
    int m_errorColumn = 0;
};

} // namespace ksv
