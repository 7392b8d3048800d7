#include "comparecontrols.h"

#include "config/defaults.h"

#include "comparedattemptpane.h"
#include "playbackcontroller.h"
#include "run.h"
#include "scenario/effectiveconfig.h"
#include "decoding/loaderror.h"
#include "sidebyside.h"
#include "splitview.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QInputDialog>
#include <QMenu>
#include <QtConcurrent>

namespace ksv {

CompareControls::CompareControls(QWidget* window, PlaybackController* playback)
    : QObject(window)
    , m_window(window)
    , m_sideBySide(new SideBySide(playback, this))
    , m_playback(playback)
{
    connect(m_sideBySide, &SideBySide::failed, this, &CompareControls::failed);
}

void CompareControls::createViews()
{
    if (m_split)
        return;
    m_split = new SplitView(m_sideBySide, m_window);
    m_pane = new ComparedAttemptPane(m_sideBySide, m_window);
    m_split->setShownRun(m_sideBySide->shownRun(), m_shownLabel);
    connect(m_playback, &PlaybackController::runChanged, m_split, [this](Run* run) { m_split->setShownRun(run, m_shownLabel); });
}

CompareControls::~CompareControls() = default;

QMenu* CompareControls::createMenu(QWidget* parent)
{
    auto* menu = new QMenu(tr("&Compare"), parent);
    m_withBase = menu->addAction(tr("Side by Side with the Scenario as &Loaded"), this, &CompareControls::compareWithBase);
    m_withBase->setToolTip(tr("The edited run here, the run before the edits beside it"));
    m_withConfiguration = menu->addAction(tr("Side by Side with Another Scheduler &Configuration…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(m_window, tr("Compare with a Scheduler Configuration"), {},
                                                          tr("KubeSchedulerConfiguration (*.yaml *.yml *.json);;All files (*)"));
        if (!path.isEmpty())
            compareWithConfiguration(path);
    });
    m_withSeed = menu->addAction(tr("Side by Side with Another &Seed…"), this, [this] {
        bool ok = false;
        const quint64 current = m_shown ? m_shown->scenario->seed : 1;
        const QString text = QInputDialog::getText(m_window, tr("Compare with Another Seed"), tr("Seed (a whole number):"), QLineEdit::Normal,
                                                   QString::number(current + 1), &ok);
        if (!ok)
            return;
        bool number = false;
        const quint64 seed = text.trimmed().toULongLong(&number);
        if (!number)
            Q_EMIT failed(tr("\"%1\" is not a seed: a seed is a whole number from 0 to 18446744073709551615.").arg(text));
        else
            compareWithSeed(seed);
    });
    menu->addSeparator();
    m_stop = menu->addAction(tr("S&top Comparing"), this, &CompareControls::stop);
    updateActions();
    return menu;
}

void CompareControls::setShown(std::shared_ptr<const LoadedScenario> shown, std::shared_ptr<const LoadedScenario> base, const QString& label)
{
    m_shown = std::move(shown);
    m_base = std::move(base);
    m_shownLabel = label;
    if (m_split)
        m_split->setShownRun(m_sideBySide->shownRun(), label);
    apply();
    updateActions();
}

void CompareControls::setEnabled(bool enabled)
{
    m_enabled = enabled;
    if (!enabled)
        stop();
    updateActions();
}

bool CompareControls::isActive() const
{
    return m_choice.has_value();
}

void CompareControls::compareWithBase()
{
    if (!m_base || m_base == m_shown)
        return; // no edits: the run here is the scenario as loaded (the menu's action is off then)
    ++m_configGeneration; // a configuration still being read is not the choice any more
    m_choice = Choice {Choice::Base, {}, {}, 1};
    apply();
}

void CompareControls::compareWithSeed(quint64 seed)
{
    ++m_configGeneration;
    m_choice = Choice {Choice::Seed, {}, {}, seed};
    apply();
}

void CompareControls::compareWithConfiguration(const QString& path)
{
    if (!m_shown)
        return;
    // Decoded off the GUI thread, as a scenario's is; a newer choice supersedes this one.
    const quint64 generation = ++m_configGeneration;
    const std::shared_ptr<const Scenario> scenario = m_shown->scenario;
    // The other configuration runs under the version the window runs, so that only the
    // configuration differs.
    const version::Features features = m_shown->configuration.features;
    auto* watcher = new QFutureWatcher<std::shared_ptr<const config::KubeSchedulerConfiguration>>(this);
    auto problem = std::make_shared<QString>();
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, path, problem] {
        watcher->deleteLater();
        if (generation != m_configGeneration)
            return;
        if (!problem->isEmpty()) {
            Q_EMIT failed(*problem);
            return;
        }
        m_choice = Choice {Choice::Configuration, path, watcher->result(), 1};
        apply();
    });
    watcher->setFuture(QtConcurrent::run([scenario, path, problem, features]() -> std::shared_ptr<const config::KubeSchedulerConfiguration> {
        try {
            config::KubeSchedulerConfiguration configuration = effectiveConfiguration(*scenario, path);
            if (configuration.features != features)
                config::applyFeatures(configuration, features);
            return std::make_shared<const config::KubeSchedulerConfiguration>(std::move(configuration));
        } catch (const LoadError& error) {
            *problem = error.toString();
        } catch (const std::exception& error) {
            *problem = path + QStringLiteral(": ") + QString::fromLocal8Bit(error.what());
        }
        return nullptr;
    }));
}

void CompareControls::stop()
{
    const bool was = isActive();
    m_choice.reset();
    ++m_configGeneration;
    m_sideBySide->stop();
    updateActions();
    if (was) {
        Q_EMIT pairChanged(nullptr, nullptr, {});
        Q_EMIT activeChanged(false);
    }
}

void CompareControls::apply()
{
    if (!m_choice || !m_shown || !m_enabled)
        return;
    if (m_choice->kind == Choice::Base && m_base == m_shown) {
        stop(); // a new scenario loaded, or every edit undone: nothing is before the run here
        return;
    }
    SideBySide::Other other;
    auto loaded = std::make_shared<LoadedScenario>(*m_shown);
    std::shared_ptr<const LoadedScenario> before = m_shown;
    QString description;
    switch (m_choice->kind) {
    case Choice::Base:
        other.loaded = m_base;
        other.label = tr("the scenario as loaded (before the edits)");
        before = m_base;
        description = tr("Before: the scenario as loaded. After: the run here.");
        break;
    case Choice::Configuration:
        loaded->configuration = *m_choice->configuration;
        other.loaded = loaded;
        other.label = tr("scheduler configuration %1").arg(QFileInfo(m_choice->path).fileName());
        description = tr("Before: the run here. After: with %1.").arg(QFileInfo(m_choice->path).fileName());
        break;
    case Choice::Seed:
        loaded->seed = m_choice->seed;
        other.loaded = loaded;
        other.label = tr("seed %1").arg(m_choice->seed);
        description = tr("Before: the run here (seed %1). After: seed %2.").arg(m_shown->seed.value_or(m_shown->scenario->seed)).arg(m_choice->seed);
        break;
    }
    const bool starting = !m_sideBySide->isActive();
    createViews();
    m_sideBySide->show(other);
    updateActions();
    if (m_choice->kind == Choice::Base)
        Q_EMIT pairChanged(before, m_shown, description);
    else
        Q_EMIT pairChanged(m_shown, other.loaded, description);
    if (starting)
        Q_EMIT activeChanged(true);
}

void CompareControls::updateActions()
{
    if (!m_withBase)
        return;
    const bool usable = m_enabled && m_shown;
    m_withBase->setEnabled(usable && m_base && m_base != m_shown);
    m_withConfiguration->setEnabled(usable);
    m_withSeed->setEnabled(usable);
    m_stop->setEnabled(isActive());
}

} // namespace ksv
