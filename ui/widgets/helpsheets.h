#pragma once

// Help > Keyboard Shortcuts (also on "?") and Help > Guide to the Views (issue 20, finding 16: Help
// had only "About"). The shortcut sheet is built from the window's own actions when it opens, so it
// cannot drift from the keys that work; the keys views handle themselves while focused are listed
// beside them.

#include <QString>

class QWidget;

namespace ksv::help {

// The sheet's HTML: every action under `window` that has a shortcut, by name, then the keys of the
// focused views.
QString shortcutSheet(const QWidget& window);
// A page on each view: what it shows and how to read it.
QString viewGuide();

void showShortcutSheet(QWidget* window);
void showViewGuide(QWidget* window);

} // namespace ksv::help
