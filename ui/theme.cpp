#include "theme.h"

#include "tracecolors.h"

#include <QApplication>
#include <QPalette>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

namespace ksv::theme {

namespace {

const QString settingsKey = QStringLiteral("view/theme");


} // namespace

QPalette darkPalette()
{
    QPalette palette;
    const QColor window(0x2b, 0x2d, 0x30);
    const QColor base(0x1e, 0x1f, 0x22);
    const QColor text(0xdf, 0xe1, 0xe5);
    const QColor disabled(0x80, 0x82, 0x86);
    const QColor highlight(0x35, 0x74, 0xf0);
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    palette.setColor(QPalette::ToolTipBase, QColor(0x3c, 0x3f, 0x41));
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::PlaceholderText, disabled);
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, window);
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x68));
    palette.setColor(QPalette::Light, QColor(0x3c, 0x3f, 0x41));
    palette.setColor(QPalette::Midlight, QColor(0x35, 0x37, 0x3a));
    palette.setColor(QPalette::Mid, QColor(0x23, 0x24, 0x27));
    palette.setColor(QPalette::Dark, QColor(0x19, 0x1a, 0x1c));
    palette.setColor(QPalette::Shadow, Qt::black);
    palette.setColor(QPalette::Highlight, highlight);
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::Link, QColor(0x58, 0x9d, 0xf6));
    palette.setColor(QPalette::LinkVisited, QColor(0xa5, 0x7b, 0xf0));
    for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        palette.setColor(QPalette::Disabled, role, disabled);
    return palette;
}

QPalette projectorPalette(bool dark)
{
    const QColor ink = dark ? Qt::white : Qt::black;
    const QColor paper = dark ? Qt::black : Qt::white;
    const QColor faint = dark ? QColor(0x1c, 0x1c, 0x1c) : QColor(0xee, 0xee, 0xee);
    const QColor muted = dark ? QColor(0xb0, 0xb0, 0xb0) : QColor(0x50, 0x50, 0x50);
    QPalette palette;
    for (const auto role : {QPalette::Window, QPalette::Base, QPalette::Button, QPalette::ToolTipBase})
        palette.setColor(role, paper);
    for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::ToolTipText})
        palette.setColor(role, ink);
    palette.setColor(QPalette::AlternateBase, faint);
    palette.setColor(QPalette::PlaceholderText, muted);
    palette.setColor(QPalette::Light, dark ? QColor(0x40, 0x40, 0x40) : Qt::white);
    palette.setColor(QPalette::Midlight, dark ? QColor(0x30, 0x30, 0x30) : QColor(0xe0, 0xe0, 0xe0));
    palette.setColor(QPalette::Mid, muted);
    palette.setColor(QPalette::Dark, dark ? QColor(0x80, 0x80, 0x80) : QColor(0x40, 0x40, 0x40));
    palette.setColor(QPalette::Shadow, ink);
    palette.setColor(QPalette::Highlight, dark ? QColor(0xff, 0xd4, 0x00) : QColor(0x00, 0x47, 0xd6));
    palette.setColor(QPalette::HighlightedText, dark ? Qt::black : Qt::white);
    palette.setColor(QPalette::BrightText, dark ? QColor(0xff, 0x5c, 0x5c) : QColor(0xc0, 0x00, 0x00));
    palette.setColor(QPalette::Link, dark ? QColor(0x6c, 0xb6, 0xff) : QColor(0x00, 0x47, 0xd6));
    for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        palette.setColor(QPalette::Disabled, role, muted);
    return palette;
}

namespace {
qreal currentStrokeScale = 1.0;
}

qreal strokeScale()
{
    return currentStrokeScale;
}

void setStrokeScale(qreal scale)
{
    currentStrokeScale = scale;
}

void apply(Theme theme)
{
    static const QString platformStyle = QApplication::style()->name();
    static const QPalette platformPalette = QApplication::palette();
    switch (theme) {
    case Theme::System:
        QApplication::setStyle(QStyleFactory::create(platformStyle));
        QApplication::setPalette(platformPalette);
        return;
    case Theme::Light:
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(QApplication::style()->standardPalette());
        return;
    case Theme::Dark:
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(darkPalette());
        return;
    }
}

Theme saved()
{
    const QString value = QSettings().value(settingsKey).toString();
    if (value == QLatin1String("light"))
        return Theme::Light;
    if (value == QLatin1String("dark"))
        return Theme::Dark;
    return Theme::System;
}

void save(Theme theme)
{
    QSettings().setValue(settingsKey, theme == Theme::Light ? QStringLiteral("light")
                                      : theme == Theme::Dark ? QStringLiteral("dark")
                                                             : QStringLiteral("system"));
}

QString name(Theme theme)
{
    switch (theme) {
    case Theme::System: return QApplication::translate("ksv::theme", "System");
    case Theme::Light: return QApplication::translate("ksv::theme", "Light");
    case Theme::Dark: return QApplication::translate("ksv::theme", "Dark");
    }
    Q_UNREACHABLE();
    return {};
}

bool isDark()
{
    return tracecolors::paletteIsDark();
}

} // namespace ksv::theme
