#include "handout.h"

#include <QFont>
#include <QFontMetricsF>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>

namespace ksv::exporting {

namespace {

constexpr int dotsPerInch = 300;

struct Fonts
{
    QFont title;
    QFont text;
    QFont source;
    QFont footer;
};

Fonts handoutFonts()
{
    Fonts fonts;
    fonts.title.setPointSizeF(20);
    fonts.title.setBold(true);
    fonts.text.setPointSizeF(11);
    fonts.source = QFont(QStringLiteral("monospace"));
    fonts.source.setStyleHint(QFont::Monospace);
    fonts.source.setPointSizeF(9.5);
    fonts.footer.setPointSizeF(8);
    return fonts;
}

// Paints one page inside `area` (device pixels of the writer).
void paintPage(QPainter& painter, const QRectF& area, const HandoutPage& page, int number, int count, const Fonts& fonts)
{
    const QColor ink(0x20, 0x20, 0x20);
    const QColor faint(0x60, 0x60, 0x60);
    const double gap = dotsPerInch / 10.0; // 2.5 mm
    double top = area.top();

    const auto block = [&](const QFont& font, const QColor& colour, const QString& text, int flags, double most) {
        if (text.isEmpty())
            return;
        painter.setFont(font);
        painter.setPen(colour);
        const QRectF room(area.left(), top, area.width(), most);
        const auto height = [&](const QString& candidate) { return painter.boundingRect(room, flags, candidate).height(); };
        QString shown = text;
        if (height(shown) > most) {
            // Too long: the longest start that fits, ended with an ellipsis, so no line is cut in half.
            qsizetype fits = 0, fails = text.size();
            while (fails - fits > 1) {
                const qsizetype middle = (fits + fails) / 2;
                (height(text.left(middle) + QChar(0x2026)) <= most ? fits : fails) = middle;
            }
            shown = text.left(fits).trimmed() + QChar(0x2026);
        }
        const QRectF used = painter.boundingRect(room, flags, shown);
        painter.drawText(room, flags, shown);
        top += used.height() + gap;
    };
    const int wrap = Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap;
    block(fonts.title, ink, page.title, wrap, area.height() / 6);
    // The text may not push the picture off the page: past a third of it, it is cut.
    block(fonts.text, ink, page.text, wrap, area.height() / 3);
    block(fonts.source, faint, page.source, Qt::AlignLeft | Qt::AlignTop | Qt::TextWrapAnywhere, area.height() / 10);

    // The footer: page n of N.
    painter.setFont(fonts.footer);
    painter.setPen(faint);
    const double footer = QFontMetricsF(fonts.footer, painter.device()).height();
    painter.drawText(QRectF(area.left(), area.bottom() - footer, area.width(), footer), Qt::AlignRight | Qt::AlignVCenter,
                     QStringLiteral("%1 / %2").arg(number).arg(count));

    if (page.picture.isNull())
        return;
    const QRectF room(area.left(), top, area.width(), area.bottom() - footer - gap - top);
    if (room.height() <= 0)
        return;
    QSizeF size = page.picture.size();
    size.scale(room.size(), Qt::KeepAspectRatio);
    const QRectF target(room.left() + (room.width() - size.width()) / 2, room.top(), size.width(), size.height());
    painter.setRenderHint(QPainter::SmoothPixmapTransform);
    painter.drawImage(target, page.picture);
    // A hairline round the picture: a window's light background would otherwise melt into the paper.
    painter.setPen(QPen(QColor(0xb0, 0xb0, 0xb0), 0));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(target);
}

} // namespace

bool writeHandout(const QString& path, const QList<HandoutPage>& pages, QString* error)
{
    const auto fail = [error](const QString& why) {
        if (error)
            *error = why;
        return false;
    };
    if (pages.isEmpty())
        return fail(QObject::tr("A handout needs at least one page"));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(QObject::tr("Cannot write %1: %2").arg(path, file.errorString()));
    {
        QPdfWriter writer(&file);
        writer.setCreator(QStringLiteral("kschedviz"));
        writer.setTitle(pages.constFirst().title);
        writer.setResolution(dotsPerInch);
        // Landscape: the window is wider than it is tall.
        writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Landscape, QMarginsF(15, 12, 15, 12), QPageLayout::Millimeter));
        QPainter painter;
        if (!painter.begin(&writer))
            return fail(QObject::tr("Cannot write %1").arg(path));
        const Fonts fonts = handoutFonts();
        const QRectF area(QPointF(0, 0), QSizeF(writer.width(), writer.height()));
        for (qsizetype i = 0; i < pages.size(); ++i) {
            if (i > 0)
                writer.newPage();
            paintPage(painter, area, pages[i], int(i + 1), int(pages.size()), fonts);
        }
        painter.end();
    }
    if (!file.commit())
        return fail(QObject::tr("Cannot write %1: %2").arg(path, file.errorString()));
    return true;
}

} // namespace ksv::exporting
