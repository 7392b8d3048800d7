#pragma once

// Side by side in the window (docs/whatif.md, "Side by side"): the Compare menu, which picks the
// other run (the scenario before the edits, another scheduler configuration, another seed), the
// SideBySide that keeps it on the window's cursor, the split view the window shows in place of the
// queue lanes, and the inspector's pane of the selected pod's attempt in both runs. The other run
// is made again from each new run on screen: another configuration or seed applies to the edited
// scenario as it stands, and a new file brings a new base.

#include "config/types.h"

#include <QObject>

#include <memory>
#include <optional>

class QAction;
class QMenu;
class QWidget;

namespace ksv {

class ComparedAttemptPane;
class PlaybackController;
class SideBySide;
class SplitView;
struct LoadedScenario;

class CompareControls : public QObject
{
    Q_OBJECT
public:
    CompareControls(QWidget* window, PlaybackController* playback);
    ~CompareControls() override;

    SideBySide* sideBySide() const { return m_sideBySide; }
    // The split view and the inspector's pane, made with the first comparison (null before): a window
    // that never compares has no second set of views to keep up to date.
    SplitView* splitView() const { return m_split; }
    ComparedAttemptPane* attemptPane() const { return m_pane; }
    QMenu* createMenu(QWidget* parent);

    // The window's scenario changed: `shown` is on screen now (`label` says what it is), `base` is the
    // scenario as loaded (the same as `shown` without edits). Remakes the other run if one is shown.
    void setShown(std::shared_ptr<const LoadedScenario> shown, std::shared_ptr<const LoadedScenario> base, const QString& label);
    // Live mode has nothing to compare.
    void setEnabled(bool enabled);

    // For the menu and tests. A configuration file is read off the GUI thread; failed() says why
    // one could not be used.
    void compareWithBase();
    void compareWithConfiguration(const QString& path);
    void compareWithSeed(quint64 seed);
    void stop();
    bool isActive() const;

Q_SIGNALS:
    // Side by side started or ended: the window swaps the split view and the lanes (made, if this is
    // the first time, before this is said).
    void activeChanged(bool active);
    // The pair the Differences dock should compare, or none (nulls) to go back to before and after
    // the edits. `description` says which is which.
    void pairChanged(std::shared_ptr<const LoadedScenario> before, std::shared_ptr<const LoadedScenario> after, const QString& description);
    void failed(const QString& message);

private:
    struct Choice
    {
        enum Kind { Base, Configuration, Seed } kind = Base;
        QString path; // Configuration
        std::shared_ptr<const config::KubeSchedulerConfiguration> configuration; // the file's, decoded
        quint64 seed = 1;
    };
    void apply();
    void createViews();
    void updateActions();

    QWidget* m_window;
    SideBySide* m_sideBySide;
    PlaybackController* m_playback;
    SplitView* m_split = nullptr;
    ComparedAttemptPane* m_pane = nullptr;
    std::shared_ptr<const LoadedScenario> m_shown;
    std::shared_ptr<const LoadedScenario> m_base;
    QString m_shownLabel;
    std::optional<Choice> m_choice;
    quint64 m_configGeneration = 0;
    bool m_enabled = true;
    QAction* m_withBase = nullptr;
    QAction* m_withConfiguration = nullptr;
    QAction* m_withSeed = nullptr;
    QAction* m_stop = nullptr;
};

} // namespace ksv
