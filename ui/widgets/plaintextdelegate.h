#pragma once

// A delegate for tables of one-line text cells (the event log: 8 columns × every visible row, every
// frame while the run plays). QStyledItemDelegate hands each cell to the style, which lays the text
// out with QTextLayout two or three times (to size the text rect, then to draw it elided); at a few
// hundred cells a frame that alone took longer than a frame. This one asks the model for the display
// text, foreground and alignment and draws one line from a cache of laid-out texts (QStaticText)
// keyed by text and width: a log repeats itself (kinds, codes, plugins, node and pod names, causes),
// so most cells of a row never seen before are still laid out already. Cells with check boxes or
// icons need QStyledItemDelegate.

#include <QCache>
#include <QFont>
#include <QStaticText>
#include <QStyledItemDelegate>

namespace ksv {

class PlainTextDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    explicit PlainTextDelegate(QObject* parent = nullptr);

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    // The text elided to `width` and laid out in `option`'s font.
    const QStaticText& layout(const QString& text, int width, const QStyleOptionViewItem& option) const;

    mutable QCache<QString, QStaticText> m_texts {4096}; // by width and text
    mutable QFont m_font; // the one m_texts is laid out in
};

} // namespace ksv
