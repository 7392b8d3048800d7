#pragma once

// Quick toggles over the scheduler configuration's text (docs/whatif.md, "Editing in the app"): the
// profile, its scoring strategy, percentageOfNodesToScore, and each plugin on or off with its score
// weight. They show the configuration the run uses; a change rewrites the text
// (config/configtoggles.h) and asks for it to be applied, as typing it would.

#include "config/types.h"

#include <QWidget>

#include <functional>

class QComboBox;
class QSpinBox;
class QTableWidget;

namespace ksv {

// Turns a configuration's text into the changed one (throws LoadError for a text that is not a
// configuration). A name of its own: moc cannot spell a function type in a signal's signature.
using ConfigRewrite = std::function<QByteArray(const QByteArray& text)>;

class ConfigTogglesPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ConfigTogglesPanel(QWidget* parent = nullptr);

    // The configuration the run uses now.
    void setConfiguration(const config::KubeSchedulerConfiguration& configuration);
    QString profile() const;

    // For tests: the controls.
    QComboBox* strategyBox() const { return m_strategy; }
    QSpinBox* percentageBox() const { return m_percentage; }
    QTableWidget* pluginTable() const { return m_plugins; }

Q_SIGNALS:
    // A toggle changed: `rewrite` makes the change in the configuration's text.
    void changeRequested(const ksv::ConfigRewrite& rewrite);

private:
    void showProfile();

    config::KubeSchedulerConfiguration m_configuration;
    QComboBox* m_profile;
    QComboBox* m_strategy;
    QSpinBox* m_percentage;
    QTableWidget* m_plugins;
    bool m_updating = false;
    int m_shownPercentage = 0; // the selected profile's percentageOfNodesToScore, as it runs
};

} // namespace ksv
