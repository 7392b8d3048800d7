#pragma once

// A one-line label whose size does not follow its text: a text too long for the room it has is
// elided, and the whole of it goes in the tooltip. For status lines whose text changes with what is
// selected: a QLabel asks for its text's width as its minimum, so a longer status widened the dock
// it sat in and squeezed the views beside it (issue 20, finding 4).

#include <QFrame>
#include <QString>

namespace ksv {

class ElidedLabel : public QFrame
{
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget* parent = nullptr);

    void setText(const QString& text);
    const QString& text() const { return m_text; }
    void clear() { setText({}); }

    // Independent of the text: a few words wide, one line high; shrinks to nothing.
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QString m_text;
};

} // namespace ksv
