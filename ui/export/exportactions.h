#pragma once

// File > Export: the window or the view in use as PNG (2× pixels) or SVG, the window as a one-page
// PDF handout, the charts' data and the event log's rows as CSV. The view in use is the one that
// last had the focus or a click. The window installs it in one line; all the logic is here.

#include <QObject>
#include <QPointer>

#include <functional>

class QAction;
class QMenu;
class QWidget;

namespace ksv {

class MainWindow;

class ExportActions : public QObject
{
    Q_OBJECT
public:
    // Adds an Export submenu at the end of `fileMenu`.
    ExportActions(MainWindow* window, QMenu* fileMenu);
    ~ExportActions() override;

    QMenu* menu() const { return m_menu; }
    // The name of the view "Current View" exports (exportviews.h); the queue lanes until another is used.
    QString currentView() const { return m_current; }

    // Asks where to save: (dialog title, suggested path, name filter) → path, empty to cancel. A
    // file dialog unless a test sets another.
    using PathChooser = std::function<QString(const QString& title, const QString& suggested, const QString& filter)>;
    void setPathChooser(PathChooser chooser) { m_choosePath = std::move(chooser); }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void noteUse(QWidget* widget);
    void updateTexts();
    // Asks for a path ending in `suffix` and writes `view` (empty: the window) there.
    void exportTo(const QString& view, const QString& suffix, const QString& filter);
    QString suggestedPath(const QString& view, const QString& suffix) const;

    MainWindow* m_window;
    QMenu* m_menu;
    QAction* m_viewPng = nullptr;
    QAction* m_viewSvg = nullptr;
    QString m_current;
    PathChooser m_choosePath;
};

} // namespace ksv
