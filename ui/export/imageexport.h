#pragma once

// Pictures of the window and of its views, for slides and handouts: PNG at twice the pixels (sharp
// on a projector and in print) and SVG (QSvgGenerator; text stays text, the large views' cached
// pixmaps are embedded as images).

#include <QImage>
#include <QString>

class QWidget;

namespace ksv::exporting {

// The device pixel ratio of exported PNGs and handout pictures.
inline constexpr qreal exportPixelRatio = 2.0;

// `widget` and its children painted into an image of size() × ratio pixels, with that device
// pixel ratio. A view in a scroll area is painted whole, not only the part in sight.
QImage renderWidget(QWidget* widget, qreal ratio = exportPixelRatio);
// The whole window as it is on screen (menus, tool bar, docks, status bar): the picture of a
// handout page.
QImage captureWindow(QWidget* window, qreal ratio = exportPixelRatio);

// Each returns false and says why in `error` (with the file's name) when the file cannot be written.
bool savePng(QWidget* widget, const QString& path, QString* error = nullptr, qreal ratio = exportPixelRatio);
bool saveSvg(QWidget* widget, const QString& path, const QString& title, QString* error = nullptr);

} // namespace ksv::exporting
