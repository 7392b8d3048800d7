// The dark theme, as a trainer on a dark projector setup sees it (issue 20, finding 12): the
// toolbar's play and step icons were black on dark grey, and the heatmap's "none allocatable" and
// "not in the cluster" swatches had the background's colour.
#include "heatmapdata.h"
#include "playbackcontroller.h"
#include "playbacktoolbar.h"
#include "theme.h"
#include "viewcolors.h"
#include "viewstate.h"

#include <QAction>
#include <QApplication>
#include <QTest>

using namespace ksv;

namespace {

// The mean lightness (0 to 255) of an icon's opaque pixels.
double inkLightness(const QIcon& icon)
{
    const QImage image = icon.pixmap(24).toImage().convertToFormat(QImage::Format_ARGB32);
    double sum = 0, count = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QColor pixel = image.pixelColor(x, y);
            if (pixel.alpha() >= 128) {
                sum += pixel.lightness();
                count += 1;
            }
        }
    }
    return count > 0 ? sum / count : -1;
}

// How far apart two colours are in lightness, once `over` is painted on `base` (0 to 255).
int lightnessGap(const QColor& over, const QColor& base)
{
    const double a = over.alphaF();
    const QColor seen = QColor::fromRgbF(float(over.redF() * a + base.redF() * (1 - a)), float(over.greenF() * a + base.greenF() * (1 - a)),
                                         float(over.blueF() * a + base.blueF() * (1 - a)));
    return std::abs(seen.lightness() - base.lightness());
}

} // namespace

class TestDarkTheme : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void cleanup() { theme::apply(theme::Theme::Light); }

    void toolbarIconsShowOnDark()
    {
        theme::apply(theme::Theme::Dark);
        ViewState view;
        PlaybackController playback(&view);
        PlaybackToolBar toolBar(&playback);
        const QColor window = toolBar.palette().color(QPalette::Window);
        QStringList checked;
        for (QAction* action : toolBar.menuActions()) {
            // The media glyphs; the extension-point steps use the style's coloured arrows.
            static const QStringList media {QStringLiteral("Play"), QStringLiteral("Previous Event"), QStringLiteral("Next Event"),
                                            QStringLiteral("Previous Cycle"), QStringLiteral("Next Cycle")};
            if (!action || !media.contains(action->text()))
                continue;
            const double ink = inkLightness(action->icon());
            QVERIFY2(std::abs(ink - window.lightness()) >= 100, qPrintable(action->text() + QStringLiteral(": ") + QString::number(ink)));
            checked << action->text();
        }
        QCOMPARE(checked.size(), 5);

        // Back on the light theme, the same icons are dark again (tinting follows the palette).
        theme::apply(theme::Theme::Light);
        QCoreApplication::processEvents();
        QVERIFY(inkLightness(toolBar.playAction()->icon()) < 100);
    }

    void legendSwatchesShowOnBothThemes()
    {
        for (const QPalette& palette : {theme::darkPalette(), QPalette(Qt::white)}) {
            const QColor base = palette.color(QPalette::Base);
            QVERIFY(lightnessGap(missingColor(base, palette.color(QPalette::Text)), base) >= 30);
            QVERIFY(lightnessGap(colors::absent(palette), base) >= 60);
            QVERIFY(lightnessGap(colors::rule(palette), base) >= 40);
        }
    }
};

QTEST_MAIN(TestDarkTheme)
#include "tst_darktheme.moc"
