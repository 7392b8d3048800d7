#include "exportviews.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QScrollArea>

namespace ksv::exporting {

namespace {

const QString queuesName = QStringLiteral("queues");

QString dockName(const QDockWidget* dock)
{
    return dock->objectName().remove(QStringLiteral("Dock")).toLower();
}

// The window's own docks: not those of a dialog or another window parented to it.
QList<QDockWidget*> docksOf(const QMainWindow& window)
{
    QList<QDockWidget*> docks;
    for (QDockWidget* dock : window.findChildren<QDockWidget*>()) {
        if (!dock->objectName().isEmpty() && dock->parentWidget() == &window)
            docks.append(dock);
    }
    return docks;
}

QDockWidget* dockByName(const QMainWindow& window, const QString& name)
{
    for (QDockWidget* dock : docksOf(window)) {
        if (dockName(dock) == name)
            return dock;
    }
    return nullptr;
}

QWidget* contentOf(QWidget* widget)
{
    if (auto* area = qobject_cast<QScrollArea*>(widget); area && area->widget())
        return area->widget();
    return widget;
}

} // namespace

QStringList standardViewNames()
{
    return { queuesName,
             QStringLiteral("heatmap"),
             QStringLiteral("inspector"),
             QStringLiteral("timeline"),
             QStringLiteral("charts"),
             QStringLiteral("eventlog"),
             QStringLiteral("nodes"),
             QStringLiteral("pods"),
             QStringLiteral("bookmarks"),
             QStringLiteral("edit"),
             QStringLiteral("differences"),
             QStringLiteral("capacity") };
}

QStringList viewNames(const QMainWindow& window)
{
    QStringList names { queuesName };
    for (const QDockWidget* dock : docksOf(window))
        names << dockName(dock);
    return names;
}

QWidget* viewByName(const QMainWindow& window, const QString& name)
{
    if (name == queuesName)
        return window.centralWidget();
    QDockWidget* dock = dockByName(window, name);
    return dock ? contentOf(dock->widget()) : nullptr;
}

QString viewNameOf(const QMainWindow& window, const QWidget* widget)
{
    for (const QWidget* w = widget; w && w != &window; w = w->parentWidget()) {
        if (w == window.centralWidget())
            return queuesName;
        if (auto* dock = qobject_cast<const QDockWidget*>(w); dock && dock->parentWidget() == &window)
            return dockName(dock);
    }
    return {};
}

QString viewTitle(const QMainWindow& window, const QString& name)
{
    if (name == queuesName)
        return QMainWindow::tr("Queue Lanes");
    const QDockWidget* dock = dockByName(window, name);
    return dock ? dock->windowTitle() : name;
}

void raiseView(const QMainWindow& window, const QString& name)
{
    if (QDockWidget* dock = dockByName(window, name)) {
        dock->show();
        dock->raise();
    }
}

} // namespace ksv::exporting
