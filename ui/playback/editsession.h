#pragma once

// The app's what-if edits (docs/whatif.md, "Editing in the app"): the scenario as loaded (the base),
// the edits made to it since (scheduler/scenarioedits.h), the scheduler configuration's text, and an
// undo stack over both. The scenario on screen is always the base with the current edits and
// configuration, computed off the GUI thread as a load is; a newer request supersedes an older one.
//
// An edit or a configuration is checked before it is taken: submit() computes the result first, and
// only a result that loads becomes an undoable step (edited()); one that does not is rejected() with
// the loader's message, placed in the text the user typed, and changes nothing.

#include "scenarioedits.h"
#include "scenarioloadjob.h"

#include <QObject>
#include <QUndoStack>

#include <memory>

namespace ksv {

class EditSession : public QObject
{
    Q_OBJECT
public:
    explicit EditSession(QObject* parent = nullptr);
    ~EditSession() override;

    // A newly loaded scenario: no edits, an empty undo stack. `configText`: the configuration as the
    // configuration editor starts from: the --config file's text or the scenario's own (`own`), or a
    // minimal one for the defaults (not saved with the scenario unless edited).
    void setBase(std::shared_ptr<const LoadedScenario> base, const QByteArray& configText, bool own);
    const std::shared_ptr<const LoadedScenario>& base() const { return m_base; }
    // The base with the current edits: what is on screen.
    const std::shared_ptr<const LoadedScenario>& shown() const { return m_shown; }

    struct State
    {
        QList<ScenarioEdit> edits;
        QByteArray configText;
        bool configEdited = false;
    };
    const State& state() const { return m_state; }
    bool isEdited() const { return !m_state.edits.isEmpty() || m_state.configEdited; }
    QUndoStack* undoStack() const { return m_undo; }
    bool isBusy() const { return m_running; }

    // Checks the edit (or the configuration) with every edit before it, off the GUI thread. One at a
    // time: false (nothing done) while another submission, an undo or a redo is being computed, or
    // without a scenario. `base` null: nothing to edit (live mode).
    bool submit(const ScenarioEdit& edit);
    bool submitConfiguration(const QByteArray& text);

    // The edited scenario as one file that loads back to the same run (writeEditedScenario), with the
    // configuration inline when it was edited or the scenario had one.
    QByteArray savedScenario() const;

Q_SIGNALS:
    // A submission loaded and is now the newest step (said before edited()).
    void taken(bool configuration);
    // The scenario to show now: after an edit was taken, an undo or a redo.
    void edited(std::shared_ptr<const ksv::LoadedScenario> result);
    // An edit or configuration that did not load: nothing changed. `configuration`: it was the
    // configuration's text; the error's file, line and column are in that text.
    void rejected(const QString& message, int line, int column, bool configuration);
    void busyChanged(bool busy);

private:
    friend class EditCommand;
    // Computes `state` off the GUI thread, then shows it. A submission becomes an undo command once
    // it loads; a state the stack moved to is shown as it is.
    void compute(const State& state, bool configuration, const QString& submission, const QString& submittedFile);
    void moveTo(const State& state); // an undo command's redo or undo

    std::shared_ptr<const LoadedScenario> m_base;
    State m_state;
    bool m_ownConfig = false;
    std::shared_ptr<const LoadedScenario> m_shown; // the base with m_state applied
    QUndoStack* m_undo;
    quint64 m_generation = 0;
    bool m_running = false; // the newest computation runs
    bool m_pushing = false; // the first redo of a command just pushed: its state is already shown
};

} // namespace ksv
