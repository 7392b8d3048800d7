#include "editsession.h"

#include "cluster/scenariosource.h"
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

Outcome computeInBackground(const std::shared_ptr<const LoadedScenario>& base, const EditSession::State& state)
{
    try {
        auto result = std::make_shared<LoadedScenario>();
        result->path = base->path;
        result->warnings = base->warnings;
        result->configuration = state.configEdited ? loadSchedulerConfigText(state.configText, configurationName).configuration()
                                                   : base->configuration;
        result->scenario = std::make_shared<const Scenario>(applyEdits(*base->scenario, state.edits));
        result->catalogue = std::make_shared<const trace::ReplayCatalogue>(ScenarioSource(result->scenario));
        return {result, {}, 0, 0};
    } catch (const LoadError& error) {
        return {nullptr, error.toString(), error.where().line, error.where().column};
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
    m_base = std::move(base);
    m_shown = m_base;
    m_state = State {{}, configText, false};
    m_ownConfig = own;
    m_undo->clear();
}

void EditSession::submit(const ScenarioEdit& edit)
{
    State next = m_state;
    next.edits.append(edit);
    compute(next, false, edit.description());
}

void EditSession::submitConfiguration(const QByteArray& text)
{
    State next = m_state;
    next.configText = text;
    next.configEdited = true;
    compute(next, true, tr("Edit the scheduler configuration"));
}

void EditSession::moveTo(const State& state)
{
    m_state = state;
    compute(state, false, {});
}

void EditSession::compute(const State& state, bool configuration, const QString& submission)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (!m_base)
        return;
    const quint64 generation = ++m_generation;
    if (m_running++ == 0)
        Q_EMIT busyChanged(true);
    auto* watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher, generation, state, configuration, submission] {
        watcher->deleteLater();
        if (--m_running == 0)
            Q_EMIT busyChanged(false);
        if (generation != m_generation)
            return; // superseded: an undo, another edit or another scenario came since
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
    watcher->setFuture(QtConcurrent::run(computeInBackground, m_base, state));
}

QByteArray EditSession::savedScenario() const
{
    if (!m_shown)
        return {};
    const bool withConfig = m_state.configEdited || m_ownConfig;
    return writeEditedScenario(*m_shown->scenario, withConfig ? m_state.configText : QByteArray());
}

} // namespace ksv
