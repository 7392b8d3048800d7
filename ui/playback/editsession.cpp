#include "editsession.h"

#include "config/defaults.h"

#include "cluster/scenariosource.h"
#include "framework/random.h"
#include "plugins/registry.h"
#include "profiles.h"
#include "scenario/loader.h"

#include <QFutureWatcher>
#include <QThread>
#include <QtConcurrent>

namespace ksv {

namespace {

struct Outcome
{
    std::shared_ptr<const LoadedScenario> loaded;
    QString message;
    int line = 0;
    int column = 0;
};

const QString configurationName = QStringLiteral("scheduler configuration");

// `submitted`: the file name the submission's own text has in messages; an error elsewhere (in the
// scenario file, in an earlier edit) gets no line of the submitted text.
Outcome computeInBackground(const std::shared_ptr<const LoadedScenario>& base, const EditSession::State& state, const QString& submitted)
{
    try {
        auto result = std::make_shared<LoadedScenario>();
        result->path = base->path;
        result->warnings = base->warnings;
        result->versionWarning = base->versionWarning;
        if (state.configEdited) {
            result->configuration = loadSchedulerConfigText(state.configText, configurationName).configuration();
            // The version the window runs: the edited text is defaulted for it, as the loaded one was.
            if (result->configuration.features != base->configuration.features)
                config::applyFeatures(result->configuration, base->configuration.features);
            // What the engine checks when it builds its profiles (one queue sort, a bind plugin,
            // plugins the registry has, weights only on scorers): refused here, not in the rerun.
            framework::Random random;
            const Profiles profiles(result->configuration, plugins::inTreeRegistry(result->configuration.features), random);
        } else {
            result->configuration = base->configuration;
        }
        result->scenario = std::make_shared<const Scenario>(applyEdits(*base->scenario, state.edits));
        result->catalogue = std::make_shared<const trace::ReplayCatalogue>(ScenarioSource(result->scenario));
        return {result, {}, 0, 0};
    } catch (const LoadError& error) {
        const bool inSubmitted = error.where().file == submitted;
        return {nullptr, error.toString(), inSubmitted ? error.where().line : 0, inSubmitted ? error.where().column : 0};
    } catch (const std::exception& error) {
        return {nullptr, QString::fromLocal8Bit(error.what()), 0, 0};
    }
}

} // namespace

// One step on the undo stack: the session's state before and after an edit.
class EditCommand : public QUndoCommand
{
public:
    EditCommand(EditSession* session, EditSession::State before, EditSession::State after, const QString& text)
        : QUndoCommand(text)
        , m_session(session)
        , m_before(std::move(before))
        , m_after(std::move(after))
    {
    }
    void redo() override
    {
        if (!m_session->m_pushing) // pushed once it loaded: it is on screen already
            m_session->moveTo(m_after);
    }
    void undo() override { m_session->moveTo(m_before); }

private:
    EditSession* m_session;
    EditSession::State m_before;
    EditSession::State m_after;
};

EditSession::EditSession(QObject* parent)
    : QObject(parent)
    , m_undo(new QUndoStack(this))
{
}

EditSession::~EditSession() = default;

void EditSession::setBase(std::shared_ptr<const LoadedScenario> base, const QByteArray& configText, bool own)
{
    ++m_generation; // a computation of the previous scenario's edits is not shown
    if (m_running) {
        m_running = false; // what still runs reports to an old generation, and is dropped
        Q_EMIT busyChanged(false);
    }
    m_base = std::move(base);
    m_shown = m_base;
    m_state = State {{}, configText, false};
    m_ownConfig = own;
    m_undo->clear();
}

bool EditSession::submit(const ScenarioEdit& edit)
{
    if (isBusy() || !m_base)
        return false;
    State next = m_state;
    next.edits.append(edit);
    compute(next, false, edit.description(), editFileName(next.edits.size() - 1, edit));
    return true;
}

bool EditSession::submitConfiguration(const QByteArray& text)
{
    if (isBusy() || !m_base)
        return false;
    State next = m_state;
    next.configText = text;
    next.configEdited = true;
    compute(next, true, tr("Edit the scheduler configuration"), configurationName);
    return true;
}

void EditSession::moveTo(const State& state)
{
    m_state = state;
    compute(state, false, {}, {});
}

void EditSession::compute(const State& state, bool configuration, const QString& submission, const QString& submittedFile)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (!m_base)
        return;
    // One computation counts at a time: one still running is superseded (an undo while a redo runs)
    // and its result dropped.
    const quint64 generation = ++m_generation;
    const bool wasRunning = m_running;
    m_running = true; // before busyChanged: its listeners ask isBusy()
    if (!wasRunning)
        Q_EMIT busyChanged(true);
    auto* watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher, generation, state, configuration, submission] {
        watcher->deleteLater();
        if (generation != m_generation)
            return; // superseded: an undo, another edit or another scenario came since
        m_running = false;
        Q_EMIT busyChanged(false);
        const Outcome outcome = watcher->result();
        if (!outcome.loaded) {
            Q_EMIT rejected(outcome.message, outcome.line, outcome.column, configuration);
            return;
        }
        if (!submission.isEmpty()) {
            const State before = m_state;
            m_state = state;
            m_pushing = true;
            m_undo->push(new EditCommand(this, before, state, submission));
            m_pushing = false;
            Q_EMIT taken(configuration);
        }
        m_shown = outcome.loaded;
        Q_EMIT edited(outcome.loaded);
    });
    watcher->setFuture(QtConcurrent::run(computeInBackground, m_base, state, submittedFile));
}

QByteArray EditSession::savedScenario() const
{
    if (!m_shown)
        return {};
    const bool withConfig = m_state.configEdited || m_ownConfig;
    return writeEditedScenario(*m_shown->scenario, withConfig ? m_state.configText : QByteArray());
}

} // namespace ksv
