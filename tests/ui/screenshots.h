#pragma once

// For the view tests: what a test painted, saved for a human to look at when asked.

#include <QPixmap>
#include <QTest>
#include <QWidget>

namespace ksv::testing {

// Screenshots for a human to look at, only when KSV_SCREENSHOT_DIR names a directory: DIR/name.png.
inline void saveShot(QWidget* widget, const QString& name)
{
    QTest::qWait(50); // let pending layouts (chart titles, axis labels) settle, as the event loop would
    const QPixmap pixmap = widget->grab();
    QVERIFY(!pixmap.isNull());
    const QString directory = qEnvironmentVariable("KSV_SCREENSHOT_DIR");
    if (!directory.isEmpty())
        QVERIFY(pixmap.save(directory + QLatin1Char('/') + name + QStringLiteral(".png")));
}

} // namespace ksv::testing
