#pragma once

// The What-if Editor dock (docs/whatif.md, "Editing in the app"): one tab edits an object as YAML
// (the selected pod or node, a clone, or new objects), the other the scheduler configuration. Each
// applies at t=0, at the cursor or at a typed time; what the loader refuses is shown in the text,
// at its line and column. The dock only edits text: the EditSession checks and keeps the edits.

#include "config/types.h"
#include "scenarioedits.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTabWidget;
class QToolBar;

namespace ksv {

class ConfigTogglesPanel;
class YamlEditor;

class EditDock : public QWidget
{
    Q_OBJECT
public:
    explicit EditDock(QWidget* parent = nullptr);

    // The edit actions (clone, delete, add, undo, redo…), shown above the object's text.
    void setActions(const QList<QAction*>& actions);

    // The object's manifest, to be replaced when applied.
    void editObject(const ObjectRef& target, const QByteArray& yaml, const QString& origin);
    // New objects (a clone, or a template), to be added when applied.
    void addObjects(const QByteArray& yaml, const QString& title);
    // Nothing to edit (a new scenario).
    void clearObject();
    // The configuration's text, and where it comes from ("--config FILE", "the scenario's own").
    void setConfiguration(const QByteArray& text, const QString& origin);
    void setConfigurationOrigin(const QString& origin);
    void showConfiguration();
    // The configuration the run on screen uses, for the quick toggles.
    void setRunConfiguration(const config::KubeSchedulerConfiguration& configuration);

    void setCursorTime(VirtualNanos time);
    // When an edit applies, as chosen: none for t=0. False (with `error`) for a time that does not read.
    bool when(std::optional<VirtualNanos>* at, QString* error) const;

    // The session's answers to the last submission.
    void showRejected(const QString& message, int line, int column, bool configuration);
    void showAccepted(bool configuration);
    void setBusy(bool busy);

    // The object being edited (to be replaced when applied); none while adding or with nothing open.
    std::optional<ObjectRef> editedObject() const;
    // The Apply buttons.
    void applyObject();
    void applyConfiguration();
    // When: 0 at the start, 1 at the cursor, 2 at the typed time.
    void setWhen(int choice, const QString& time = {});

    YamlEditor* objectEditor() const { return m_object; }
    YamlEditor* configurationEditor() const { return m_configuration; }
    ConfigTogglesPanel* toggles() const { return m_toggles; }

Q_SIGNALS:
    void editSubmitted(const ksv::ScenarioEdit& edit);
    void configurationSubmitted(const QByteArray& text);

private:
    void updateWhen();

    QTabWidget* m_tabs;
    QToolBar* m_actions;
    QLabel* m_title;
    QComboBox* m_when;
    QLineEdit* m_time;
    YamlEditor* m_object;
    QPushButton* m_applyObject;
    QPushButton* m_revertObject;
    QLabel* m_configurationOrigin;
    ConfigTogglesPanel* m_toggles;
    config::KubeSchedulerConfiguration m_runConfiguration;
    YamlEditor* m_configuration;
    QPushButton* m_applyConfiguration;
    QPushButton* m_revertConfiguration;

    ScenarioEdit::Kind m_kind = ScenarioEdit::Kind::Add;
    ObjectRef m_target;
    bool m_hasObject = false;
    QByteArray m_objectApplied;
    QByteArray m_configurationApplied;
    // What the last Apply sent: what is applied once it is taken, whatever was typed since.
    QByteArray m_objectSubmitted;
    ScenarioEdit::Kind m_kindSubmitted = ScenarioEdit::Kind::Add;
    QByteArray m_configurationSubmitted;
    VirtualNanos m_cursor = 0;
};

} // namespace ksv
