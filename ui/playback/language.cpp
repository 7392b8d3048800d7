#include "language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace ksv::language {

namespace {
const QString settingsKey = QStringLiteral("view/language");
QString installed;
} // namespace

Language saved()
{
    const QString value = QSettings().value(settingsKey).toString();
    if (value == QLatin1String("en"))
        return Language::English;
    if (value == QLatin1String("zh_CN"))
        return Language::SimplifiedChinese;
    return Language::System;
}

void save(Language language)
{
    QSettings().setValue(settingsKey, language == Language::English             ? QStringLiteral("en")
                                      : language == Language::SimplifiedChinese ? QStringLiteral("zh_CN")
                                                                                : QStringLiteral("system"));
}

QString name(Language language)
{
    switch (language) {
    case Language::System: return QCoreApplication::translate("ksv::language", "System");
    case Language::English: return QStringLiteral("English");
    case Language::SimplifiedChinese: return QStringLiteral("简体中文");
    }
    Q_UNREACHABLE();
    return {};
}

QString install(Language language)
{
    QLocale locale;
    switch (language) {
    case Language::English: return installed = QString();
    case Language::SimplifiedChinese: locale = QLocale(QLocale::Chinese, QLocale::SimplifiedHanScript, QLocale::China); break;
    case Language::System: locale = QLocale::system(); break;
    }
    // The tests and the source strings are English: an English or C locale loads nothing, even when
    // LANGUAGE lists a translated language after English.
    if (locale.language() == QLocale::C || locale.language() == QLocale::English)
        return installed = QString();
    auto* app = new QTranslator(QCoreApplication::instance());
    if (!app->load(locale, QStringLiteral("kschedviz"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        delete app;
        return installed = QString();
    }
    QCoreApplication::installTranslator(app);
    // Qt's own dialogs and context menus (Debian's qt6-translations-l10n), when installed.
    auto* qt = new QTranslator(QCoreApplication::instance());
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
    return installed = app->language();
}

QString current()
{
    return installed;
}

} // namespace ksv::language
