#pragma once

// The UI's language: the system locale's, or the one chosen in View > Language (saved in QSettings,
// applied at the next start). Only the UI is translated: the scheduler's own messages (plugin
// reasons, FailedScheduling) stay in English, as the cluster prints them.

#include <QString>

namespace ksv::language {

enum class Language { System, English, SimplifiedChinese };

Language saved(); // from QSettings; System when never chosen
void save(Language language);
// "System" in the UI's language; the others in their own ("English", "简体中文"), so a reader finds
// their language whatever the UI speaks.
QString name(Language language);
// Installs the app's and Qt's translators for `language` on the application. Returns the language
// the UI now speaks ("zh_CN"), or an empty string for English (the C locale, an English locale, or a
// language kschedviz has no translation for).
QString install(Language language);
// What install() chose: "zh_CN", or empty for English. Lessons pick their texts by it.
QString current();

} // namespace ksv::language
