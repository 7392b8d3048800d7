#include "whatifcontrols.h"

#include "comparejob.h"
#include "differencesdock.h"
#include "differencesmodel.h"
#include "editdock.h"
#include "editsession.h"
#include "format.h"
#include "playbackcontroller.h"
#include "run.h"
#include "config/config.h"
#include "scenario/encode.h"
#include "scenario/loader.h"
#include "viewstate.h"
#include "yamleditor.h"

#include <QAction>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSaveFile>
#include <QTimer>

#include <utility>

namespace ksv {

namespace {

// What the configuration editor starts from when the run uses v1.32's defaults: a valid file that
// changes nothing, with the most asked-for change ready to uncomment.
const QByteArray defaultConfigurationText = R"(apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
# v1.32's defaults: one profile, default-scheduler, with every default plugin.
# To pack nodes rather than spread pods, uncomment:
# profiles:
# - schedulerName: default-scheduler
#   pluginConfig:
#   - name: NodeResourcesFit
#     args:
#       scoringStrategy:
#         type: MostAllocated
)";

// What Add Objects starts from: a pod that fits most clusters, to be changed.
const QByteArray newObjectText = R"(# One or more manifests, separated by ---
apiVersion: v1
kind: Pod
metadata:
  name: new-pod
  namespace: default
spec:
  containers:
  - name: app
    resources:
      requests:
        cpu: 500m
        memory: 512Mi
)";

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

WhatIfControls::WhatIfControls(QWidget* window, PlaybackController* playback, std::function<void(std::shared_ptr<const LoadedScenario>)> show)
    : QObject(window)
    , m_window(window)
    , m_playback(playback)
    , m_session(new EditSession(this))
    , m_dock(new EditDock(window))
    , m_differences(new DifferencesDock(window))
    , m_compare(new CompareJob(this))
{
    m_edit = new QAction(tr("&Edit Selected Object"), this);
    m_edit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_clone = new QAction(tr("&Clone Selected Object"), this);
    m_delete = new QAction(tr("&Delete Selected Object"), this);
    m_add = new QAction(tr("&Add Objects…"), this);
    m_configuration = new QAction(tr("Edit Scheduler &Configuration"), this);
    m_undo = m_session->undoStack()->createUndoAction(this, tr("&Undo"));
    m_undo->setShortcut(QKeySequence::Undo);
    m_redo = m_session->undoStack()->createRedoAction(this, tr("&Redo"));
    m_redo->setShortcut(QKeySequence::Redo);
    m_save = new QAction(tr("&Save Edited Scenario As…"), this);
    m_save->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    m_discard = new QAction(tr("Undo All &Edits"), this);
    for (QAction* action : {m_edit, m_clone, m_delete, m_add, m_configuration, m_undo, m_redo, m_save}) {
        // Window-wide, so that the keys work whichever view has the focus.
        action->setShortcutContext(Qt::WindowShortcut);
        window->addAction(action);
    }
    m_dock->setActions({m_clone, m_delete, m_add, nullptr, m_undo, m_redo});

    connect(m_edit, &QAction::triggered, this, &WhatIfControls::editSelected);
    connect(m_clone, &QAction::triggered, this, &WhatIfControls::cloneSelected);
    connect(m_delete, &QAction::triggered, this, &WhatIfControls::deleteSelected);
    connect(m_add, &QAction::triggered, this, &WhatIfControls::addObjects);
    connect(m_configuration, &QAction::triggered, this, &WhatIfControls::editConfiguration);
    connect(m_save, &QAction::triggered, this, &WhatIfControls::saveAs);
    connect(m_discard, &QAction::triggered, this, [this] { m_session->undoStack()->setIndex(0); });

    // The dock's own submissions get its answers; a Delete from the menu is not the dock's.
    connect(m_dock, &EditDock::editSubmitted, this, [this](const ScenarioEdit& edit) { m_dockSubmission = m_session->submit(edit); });
    connect(m_dock, &EditDock::configurationSubmitted, this, [this](const QByteArray& text) { m_dockSubmission = m_session->submitConfiguration(text); });
    connect(m_session, &EditSession::rejected, this, [this](const QString& message, int line, int column, bool configuration) {
        if (std::exchange(m_dockSubmission, false) || configuration)
            m_dock->showRejected(message, line, column, configuration);
        else
            m_dock->showRejected(message, 0, 0, false);
        Q_EMIT dockWanted();
    });
    connect(m_session, &EditSession::taken, this, [this](bool configuration) {
        if (std::exchange(m_dockSubmission, false))
            m_dock->showAccepted(configuration);
    });
    connect(m_session, &EditSession::busyChanged, this, [this](bool busy) {
        m_dock->setBusy(busy);
        updateActions();
    });
    connect(m_session, &EditSession::edited, this, [this, show](std::shared_ptr<const LoadedScenario> result) {
        // After an undo, a redo or a Delete from the menu, the object in the editor may be gone.
        if (const std::optional<ObjectRef> edited = m_dock->editedObject(); edited && !findObject(*result->scenario, *edited))
            m_dock->clearObject();
        // An undo or redo may have changed the configuration under the editor.
        const EditSession::State& state = m_session->state();
        const QString origin = state.configEdited ? tr("Edited here. It started as: %1").arg(m_configOrigin) : m_configOrigin;
        if (!m_dock->configurationEditor()->isModified() && m_dock->configurationEditor()->text() != state.configText)
            m_dock->setConfiguration(state.configText, origin);
        else
            m_dock->setConfigurationOrigin(origin);
        m_dock->setRunConfiguration(result->configuration);
        show(std::move(result));
        updateActions();
        m_comparisonStale = true;
        compareIfShown();
    });
    connect(m_compare, &CompareJob::compared, this, [this](std::shared_ptr<const RunComparison> comparison) {
        const int edits = editCount();
        const QString differ = comparison->differences.isEmpty() ? tr("No pod's fate differs.")
                                                                  : tr("%n pod(s) differ.", nullptr, int(comparison->differences.size()));
        m_differences->showComparison(*comparison, m_pairAfter ? m_pairDescription + QLatin1Char(' ') + differ
                                                               : tr("Before: the scenario as loaded. After: with the %n edit(s). %1", nullptr, edits).arg(differ));
    });
    connect(m_differences, &DifferencesDock::podActivated, this, [this](const QString& pod) {
        if (const Run* run = m_playback->run(); run && run->index().catalogue().podIndex(pod) >= 0)
            selectPod(*m_playback->viewState(), run, run->index().catalogue().podIndex(pod));
    });
    // After the stack's own enabling of Undo and Redo, which knows nothing of a computation running.
    connect(m_session->undoStack(), &QUndoStack::indexChanged, this, &WhatIfControls::updateActions, Qt::QueuedConnection);
    connect(m_session->undoStack(), &QUndoStack::canUndoChanged, this, &WhatIfControls::updateActions, Qt::QueuedConnection);
    connect(m_session->undoStack(), &QUndoStack::canRedoChanged, this, &WhatIfControls::updateActions, Qt::QueuedConnection);

    ViewState* view = m_playback->viewState();
    connect(view, &ViewState::selectionChanged, this, &WhatIfControls::updateActions);
    connect(view, &ViewState::cursorChanged, this, [this, view] { m_dock->setCursorTime(view->cursorTime()); });
    updateActions();
}

WhatIfControls::~WhatIfControls() = default;

void WhatIfControls::setBase(std::shared_ptr<const LoadedScenario> loaded, const QString& configPath)
{
    QByteArray text;
    QString origin;
    bool own = true;
    if (!configPath.isEmpty()) {
        text = readAll(configPath);
        origin = tr("From %1, which replaces the scenario's own configuration.").arg(QFileInfo(configPath).fileName());
    } else if (loaded->scenario->schedulerConfig) {
        text = configurationText(*loaded->scenario->schedulerConfig, readAll(loaded->path));
        origin = tr("The scenario's own configuration (%1).").arg(loaded->scenario->schedulerConfig->fieldPath.isEmpty()
                                                                      ? tr("a document of its file")
                                                                      : loaded->scenario->schedulerConfig->fieldPath);
    }
    if (text.isEmpty()) {
        text = defaultConfigurationText;
        own = false;
        // A frozen snapshot or a what-next window runs the configuration it was given, which has no
        // text here: say so rather than call it the defaults.
        const QString kubernetes = loaded->configuration.features.version.toString();
        origin = loaded->configuration == config::defaultConfiguration(loaded->configuration.features)
                     ? tr("The scenario has no configuration of its own: the run uses the defaults of Kubernetes %1.").arg(kubernetes)
                     : tr("This run's configuration came without its text (a snapshot's window). The text below is the defaults "
                          "of Kubernetes %1: applying it, or a toggle, replaces the configuration; saving writes none unless edited.")
                           .arg(kubernetes);
    }
    m_dockSubmission = false;
    m_session->setBase(loaded, text, own);
    m_configOrigin = origin;
    m_dock->setConfiguration(text, origin);
    m_dock->setRunConfiguration(loaded->configuration);
    m_dock->clearObject();
    m_compare->cancel();
    m_comparisonStale = false;
    m_differences->clear(tr("The scenario as loaded: no edits to compare yet."));
    updateActions();
}

void WhatIfControls::setDifferencesShown(bool shown)
{
    m_differencesShown = shown;
    compareIfShown();
}

void WhatIfControls::setComparedPair(std::shared_ptr<const LoadedScenario> before, std::shared_ptr<const LoadedScenario> after, const QString& description)
{
    m_pairBefore = std::move(before);
    m_pairAfter = std::move(after);
    m_pairDescription = description;
    m_comparisonStale = true;
    // After the edit that may have changed the pair has said its own (it compares at once).
    QTimer::singleShot(0, this, &WhatIfControls::compareIfShown);
}

void WhatIfControls::compareIfShown()
{
    if (!m_differencesShown || !m_comparisonStale)
        return;
    // Side by side's pair when there is one, else before and after the edits.
    const bool pair = m_pairBefore && m_pairAfter;
    const std::shared_ptr<const LoadedScenario> before = pair ? m_pairBefore : m_session->base();
    const std::shared_ptr<const LoadedScenario> after = pair ? m_pairAfter : m_session->shown();
    if (!before || !after)
        return;
    m_comparisonStale = false;
    if (!pair && !m_session->isEdited()) {
        m_compare->cancel();
        m_differences->clear(tr("No edits: the run is the scenario as loaded."));
        return;
    }
    m_differences->setStatus(tr("Running both scenarios to their end to compare them…"));
    m_compare->compare(before, after);
}

void WhatIfControls::setEnabled(bool enabled)
{
    m_enabled = enabled;
    m_dock->setEnabled(enabled);
    if (!enabled) {
        // Live mode: the file's edits, their undo stack and anything computing are dropped, so that
        // nothing can load the file's scenario over the cluster. Editing comes back with the next
        // scenario loaded (Freeze gives one).
        m_dockSubmission = false;
        m_session->setBase(nullptr, {}, false);
        m_dock->clearObject();
        m_compare->cancel();
        m_comparisonStale = false;
        m_differences->clear(tr("Live mode: a cluster is read, not edited. Freeze it to edit what it holds."));
    }
    updateActions();
}

QMenu* WhatIfControls::createMenu(QWidget* parent)
{
    auto* menu = new QMenu(tr("&Edit"), parent);
    menu->addAction(m_undo);
    menu->addAction(m_redo);
    menu->addAction(m_discard);
    menu->addSeparator();
    menu->addActions({m_edit, m_clone, m_delete, m_add});
    menu->addSeparator();
    menu->addAction(m_configuration);
    menu->addSeparator();
    menu->addAction(m_save);
    return menu;
}

int WhatIfControls::editCount() const
{
    return m_session->undoStack()->index();
}

QList<QAction*> WhatIfControls::objectActions() const
{
    return {m_edit, m_clone, m_delete, m_add};
}

std::optional<ObjectRef> WhatIfControls::selected() const
{
    const Run* run = m_playback->run();
    if (!run)
        return std::nullopt;
    const ViewState* view = m_playback->viewState();
    const trace::ReplayCatalogue& catalogue = run->index().catalogue();
    if (view->selectedPod() >= 0 && view->selectedPod() < catalogue.podCount())
        return podRef(catalogue.podKey(view->selectedPod()));
    if (view->selectedNode() >= 0 && view->selectedNode() < catalogue.nodeCount())
        return ObjectRef {QStringLiteral("Node"), {}, catalogue.nodeName(view->selectedNode())};
    return std::nullopt;
}

void WhatIfControls::updateActions()
{
    // One change at a time: while one is computed, nothing else is submitted or undone.
    const bool loaded = m_enabled && m_session->shown() && !m_session->isBusy();
    const std::optional<ObjectRef> ref = loaded ? selected() : std::nullopt;
    for (QAction* action : {m_edit, m_clone, m_delete})
        action->setEnabled(ref.has_value());
    m_edit->setText(ref ? tr("&Edit %1").arg(ref->toString()) : tr("&Edit Selected Object"));
    m_clone->setText(ref ? tr("&Clone %1").arg(ref->toString()) : tr("&Clone Selected Object"));
    m_delete->setText(ref ? tr("&Delete %1").arg(ref->toString()) : tr("&Delete Selected Object"));
    m_add->setEnabled(loaded);
    m_configuration->setEnabled(loaded);
    m_save->setEnabled(loaded);
    m_discard->setEnabled(loaded && m_session->undoStack()->index() > 0);
    m_undo->setEnabled(loaded && m_session->undoStack()->canUndo());
    m_redo->setEnabled(loaded && m_session->undoStack()->canRedo());
}

void WhatIfControls::editSelected()
{
    const std::optional<ObjectRef> ref = selected();
    if (!ref || !m_session->shown())
        return;
    VirtualNanos createdAt = 0;
    const std::optional<KubeObject> object = findObject(*m_session->shown()->scenario, *ref, &createdAt);
    if (!object)
        return;
    m_dock->editObject(*ref, objectYaml(*object),
                       createdAt > 0 ? tr("as created at %1").arg(format::virtualTime(createdAt)) : tr("as at the start"));
    Q_EMIT dockWanted();
}

void WhatIfControls::cloneSelected()
{
    const std::optional<ObjectRef> ref = selected();
    if (!ref || !m_session->shown())
        return;
    const Scenario& scenario = *m_session->shown()->scenario;
    const std::optional<KubeObject> object = findObject(scenario, *ref);
    if (!object)
        return;
    m_dock->addObjects(cloneYaml(*object, scenario), tr("A clone of %1").arg(ref->toString()));
    Q_EMIT dockWanted();
}

void WhatIfControls::deleteSelected()
{
    const std::optional<ObjectRef> ref = selected();
    if (!ref)
        return;
    ScenarioEdit edit {ScenarioEdit::Kind::Delete, *ref, {}, {}};
    QString error;
    if (!m_dock->when(&edit.at, &error)) {
        m_dock->objectEditor()->showError(error, 0, 0);
        Q_EMIT dockWanted();
        return;
    }
    m_dockSubmission = false; // the menu's, not the dock's
    m_session->submit(edit);
}

void WhatIfControls::addObjects()
{
    m_dock->addObjects(newObjectText, tr("New objects"));
    Q_EMIT dockWanted();
}

void WhatIfControls::editConfiguration()
{
    m_dock->showConfiguration();
    Q_EMIT dockWanted();
}

bool WhatIfControls::saveTo(const QString& path, QString* error) const
{
    if (!m_session->shown()) {
        *error = tr("There is no scenario to save.");
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(m_session->savedScenario()) < 0 || !file.commit()) {
        *error = path + QStringLiteral(": ") + file.errorString();
        return false;
    }
    return true;
}

void WhatIfControls::saveAs()
{
    if (!m_session->base())
        return;
    // Beside the scenario's file; an in-memory scenario (a frozen snapshot, a what-next, a bundled
    // sample) under its name, made a file name, in the current directory.
    const QFileInfo base(m_session->base()->path);
    QString suggested;
    if (base.isFile() && !base.filePath().startsWith(QLatin1Char(':'))) {
        suggested = base.absoluteDir().filePath(base.completeBaseName() + QStringLiteral("-edited.yaml"));
    } else {
        QString name = m_session->base()->scenario->name;
        name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]+")), QStringLiteral("-"));
        suggested = (name.isEmpty() ? QStringLiteral("scenario") : name) + QStringLiteral("-edited.yaml");
    }
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Save Edited Scenario"), suggested, tr("Scenarios (*.yaml *.yml)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!saveTo(path, &error))
        QMessageBox::critical(m_window, tr("Cannot save the scenario"), error);
}

} // namespace ksv
