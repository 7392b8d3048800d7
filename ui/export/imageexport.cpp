#include "imageexport.h"

#include <QFile>
#include <QImageWriter>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QWidget>

namespace ksv::exporting {

QImage renderWidget(QWidget* widget, qreal ratio)
{
    // render() rather than grab(): grab() paints at the screen's ratio (1 on most desks and under
    // the offscreen platform), render() at the ratio of the image it is given.
    QImage image(widget->size() * ratio, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(ratio);
    image.fill(widget->palette().color(widget->backgroundRole()));
    QPainter painter(&image);
    painter.setRenderHint(QPainter::SmoothPixmapTransform);
    widget->render(&painter, QPoint(), QRegion(), QWidget::DrawWindowBackground | QWidget::DrawChildren);
    painter.end();
    return image;
}

QImage captureWindow(QWidget* window, qreal ratio)
{
    return renderWidget(window, ratio);
}

bool savePng(QWidget* widget, const QString& path, QString* error, qreal ratio)
{
    const QImage image = renderWidget(widget, ratio);
    // Written beside and renamed: a failed export never leaves half a picture under the name.
    QSaveFile file(path);
    QImageWriter writer(&file, "png");
    const bool ok = file.open(QIODevice::WriteOnly) && writer.write(image) && file.commit();
    if (!ok && error)
        *error = QObject::tr("Cannot write %1: %2").arg(path, file.error() != QFileDevice::NoError ? file.errorString() : writer.errorString());
    return ok;
}

bool saveSvg(QWidget* widget, const QString& path, const QString& title, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = QObject::tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    QSvgGenerator generator;
    generator.setOutputDevice(&file);
    // No setSize(): it would write the size in millimetres, which readers turn into other pixel
    // counts (Qt at 90 dpi, browsers at 96); the view box alone is the size in pixels. The widget's
    // resolution keeps text in points as large as on screen.
    generator.setViewBox(QRect(QPoint(0, 0), widget->size()));
    generator.setResolution(widget->logicalDpiX());
    generator.setTitle(title);
    generator.setDescription(QObject::tr("Exported by kschedviz"));
    QPainter painter(&generator);
    widget->render(&painter, QPoint(), QRegion(), QWidget::DrawWindowBackground | QWidget::DrawChildren);
    painter.end();
    if (!file.commit()) {
        if (error)
            *error = QObject::tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace ksv::exporting
