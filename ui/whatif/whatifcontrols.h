#pragma once

// What-if editing in the window (docs/whatif.md, "Editing in the app"): the Edit menu and the views'
// context menus (edit, clone or delete the selected pod or node, add objects, the scheduler
// configuration, undo, redo, save), the What-if Editor dock, and the EditSession behind them.
// MainWindow installs it, gives it each scenario it loads, and shows each edited one as a rerun.

#include "scenarioedits.h"

#include <QObject>

#include <functional>
#include <memory>
#include <optional>

class QAction;
class QMenu;
class QWidget;

namespace ksv {

class CompareJob;
class DifferencesDock;
class EditDock;
class EditSession;
class PlaybackController;
struct LoadedScenario;

class WhatIfControls : public QObject
{
    Q_OBJECT
public:
    // `show`: how the window shows an edited scenario (a rerun at the same cursor and selection).
    WhatIfControls(QWidget* window, PlaybackController* playback, std::function<void(std::shared_ptr<const LoadedScenario>)> show);
    ~WhatIfControls() override;

    EditDock* dock() const { return m_dock; }
    DifferencesDock* differences() const { return m_differences; }
    CompareJob* compareJob() const { return m_compare; }
    // Whether the Differences dock is in sight: the runs are compared only then (each comparison runs
    // both scenarios to their end).
    void setDifferencesShown(bool shown);
    EditSession* session() const { return m_session; }
    // A scenario loaded from a file: the base of the edits from now on. `configPath`: the --config file
    // (or the one opened in the app), empty when the scenario's own or the default applies.
    void setBase(std::shared_ptr<const LoadedScenario> loaded, const QString& configPath);
    // The pair the Differences dock compares instead of before and after the edits (side by side:
    // ui/compare), with what `description` says of them; nulls go back to the edits.
    void setComparedPair(std::shared_ptr<const LoadedScenario> before, std::shared_ptr<const LoadedScenario> after, const QString& description);
    // Live mode has no scenario to edit.
    void setEnabled(bool enabled);

    // The Edit menu, and the actions a view's context menu offers for the selected pod or node.
    QMenu* createMenu(QWidget* parent);
    QList<QAction*> objectActions() const;
    QAction* undoAction() const { return m_undo; }
    // The edits on screen: the undo stack's steps up to its index.
    int editCount() const;
    QAction* redoAction() const { return m_redo; }

    // For the menu's actions and tests.
    void editSelected();
    void cloneSelected();
    void deleteSelected();
    void addObjects();
    void editConfiguration();
    // Writes the edited scenario; false with `error` if the file could not be written.
    bool saveTo(const QString& path, QString* error) const;

Q_SIGNALS:
    // Wants the dock in sight (it may be a tab behind another).
    void dockWanted();

private:
    // The selected pod, else the selected node, in the run on screen.
    std::optional<ObjectRef> selected() const;
    void updateActions();
    void saveAs();
    void compareIfShown();

    QWidget* m_window;
    PlaybackController* m_playback;
    EditSession* m_session;
    EditDock* m_dock;
    DifferencesDock* m_differences;
    CompareJob* m_compare;
    bool m_differencesShown = false;
    bool m_comparisonStale = false;
    bool m_dockSubmission = false; // the computation running is the dock's Apply
    QAction* m_edit;
    QAction* m_clone;
    QAction* m_delete;
    QAction* m_add;
    QAction* m_configuration;
    QAction* m_undo;
    QAction* m_redo;
    QAction* m_save;
    QAction* m_discard;
    bool m_enabled = true;
    QString m_configOrigin; // where the base's configuration came from
    std::shared_ptr<const LoadedScenario> m_pairBefore; // side by side: what the Differences compare
    std::shared_ptr<const LoadedScenario> m_pairAfter;
    QString m_pairDescription;
};

} // namespace ksv
