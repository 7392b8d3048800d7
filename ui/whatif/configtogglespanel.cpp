#include "configtogglespanel.h"

#include "config/config.h"
#include "config/configtoggles.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSpinBox>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace ksv {

namespace {

const QString fileName = QStringLiteral("scheduler configuration");
enum Column { PluginColumn, WeightColumn, ColumnCount };

// Every plugin a profile can switch: the defaults of the version it runs under, then any other the
// profile enables.
QStringList pluginNames(const config::Profile& profile, const version::Features& features)
{
    QStringList names;
    for (const config::PluginRef& ref : config::defaultPlugins(features).multiPoint.enabled)
        names.append(ref.name);
    // Then the others the profile names, enabled or disabled, so that one switched off can be
    // switched on again.
    for (const config::ExtensionPoint& point : config::extensionPoints) {
        for (const QList<config::PluginRef>* list : {&(profile.plugins.*point.set).enabled, &(profile.plugins.*point.set).disabled}) {
            for (const config::PluginRef& ref : *list) {
                if (ref.name != QLatin1String("*") && !names.contains(ref.name))
                    names.append(ref.name);
            }
        }
    }
    return names;
}

// Enabled at some extension point, and its score weight (0 when it has none): the merged lists.
std::pair<bool, int> pluginState(const config::Profile& profile, const QString& name)
{
    bool enabled = false;
    int weight = 0;
    for (const config::ExtensionPoint& point : config::extensionPoints) {
        for (const config::PluginRef& ref : (profile.plugins.*point.set).enabled) {
            if (ref.name != name)
                continue;
            enabled = true;
            if (point.set == &config::Plugins::score || point.set == &config::Plugins::multiPoint)
                weight = std::max(weight, ref.weight);
        }
    }
    return {enabled, weight};
}

} // namespace

ConfigTogglesPanel::ConfigTogglesPanel(QWidget* parent)
    : QWidget(parent)
    , m_profile(new QComboBox(this))
    , m_strategy(new QComboBox(this))
    , m_percentage(new QSpinBox(this))
    , m_plugins(new QTableWidget(0, ColumnCount, this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    // Narrow enough for the right-hand docks of a 1280x720 window: the combos shrink to a few
    // characters and show the rest in their lists.
    for (QComboBox* box : {m_profile, m_strategy}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(8);
    }
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Profile:"), this));
    row->addWidget(m_profile, 1);
    row->addWidget(new QLabel(tr("Scoring:"), this));
    m_strategy->addItems({QStringLiteral("LeastAllocated"), QStringLiteral("MostAllocated"), QStringLiteral("RequestedToCapacityRatio")});
    m_strategy->setToolTip(tr("NodeResourcesFit's scoringStrategy.type in this profile"));
    row->addWidget(m_strategy, 1);
    layout->addLayout(row);
    // A second row, so that the dock stays narrow enough for the right-hand side of a 1280x720 window.
    row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Nodes to score:"), this));
    m_percentage->setRange(0, 100);
    m_percentage->setSuffix(QStringLiteral(" %"));
    m_percentage->setSpecialValueText(tr("adaptive"));
    m_percentage->setToolTip(tr("percentageOfNodesToScore: how many feasible nodes Filter looks for before it stops "
                                "(adaptive: 50% less 1% per 125 nodes, at least 5%)"));
    row->addWidget(m_percentage);
    row->addStretch(1);
    // The plugin table folds away, so that the text below has room on a 1280x720 screen.
    auto* plugins = new QToolButton(this);
    plugins->setText(tr("Plugins"));
    plugins->setToolTip(tr("Each plugin of the profile on or off, and each score plugin's weight"));
    plugins->setCheckable(true);
    plugins->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    plugins->setArrowType(Qt::RightArrow);
    row->addWidget(plugins);
    layout->addLayout(row);
    connect(plugins, &QToolButton::toggled, this, [this, plugins](bool shown) {
        plugins->setArrowType(shown ? Qt::DownArrow : Qt::RightArrow);
        m_plugins->setVisible(shown);
    });
    m_plugins->setVisible(false);

    m_plugins->setHorizontalHeaderLabels({tr("Plugin (checked: enabled)"), tr("Score weight")});
    m_plugins->verticalHeader()->hide();
    m_plugins->horizontalHeader()->setSectionResizeMode(PluginColumn, QHeaderView::Stretch);
    m_plugins->horizontalHeader()->setSectionResizeMode(WeightColumn, QHeaderView::ResizeToContents);
    m_plugins->verticalHeader()->setDefaultSectionSize(m_plugins->fontMetrics().height() + 8);
    m_plugins->setSelectionMode(QAbstractItemView::NoSelection);
    // About six rows: the text below keeps most of the dock.
    m_plugins->setMaximumHeight(m_plugins->verticalHeader()->defaultSectionSize() * 6 + m_plugins->horizontalHeader()->sizeHint().height() + 4);
    layout->addWidget(m_plugins);

    connect(m_profile, &QComboBox::currentIndexChanged, this, &ConfigTogglesPanel::showProfile);
    connect(m_strategy, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (m_updating)
            return;
        const QString profile = this->profile();
        const auto type = static_cast<config::ScoringStrategyType>(index);
        Q_EMIT changeRequested([profile, type](const QByteArray& text) { return config::setScoringStrategy(text, profile, type, fileName); });
    });
    // On editingFinished, not on each value: typing 75 is not a run at 7 and another at 75.
    connect(m_percentage, &QSpinBox::editingFinished, this, [this] {
        if (m_updating || m_percentage->value() == m_shownPercentage)
            return;
        const int value = m_percentage->value();
        const QString profile = this->profile();
        Q_EMIT changeRequested([profile, value](const QByteArray& text) { return config::setPercentageOfNodesToScore(text, profile, value, fileName); });
    });
    connect(m_plugins, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (m_updating || item->column() != PluginColumn)
            return;
        const QString profile = this->profile();
        const QString plugin = item->text();
        const bool enabled = item->checkState() == Qt::Checked;
        Q_EMIT changeRequested([profile, plugin, enabled](const QByteArray& text) {
            return config::setPluginEnabled(text, profile, plugin, enabled, fileName);
        });
    });
    setConfiguration(config::defaultConfiguration());
}

QString ConfigTogglesPanel::profile() const
{
    return m_profile->currentText();
}

void ConfigTogglesPanel::setConfiguration(const config::KubeSchedulerConfiguration& configuration)
{
    const QString shown = profile();
    m_configuration = configuration;
    m_updating = true;
    m_profile->clear();
    for (const config::Profile& profile : configuration.profiles)
        m_profile->addItem(profile.schedulerName);
    m_profile->setCurrentIndex(std::max(0, m_profile->findText(shown)));
    m_updating = false;
    showProfile();
}

void ConfigTogglesPanel::showProfile()
{
    if (m_updating || m_profile->currentIndex() < 0 || m_profile->currentIndex() >= m_configuration.profiles.size())
        return;
    const config::Profile& profile = m_configuration.profiles[m_profile->currentIndex()];
    m_updating = true;
    const config::PluginArgs* args = profile.argsFor(QStringLiteral("NodeResourcesFit"));
    const auto* fit = args ? std::get_if<config::NodeResourcesFitArgs>(args) : nullptr;
    m_strategy->setCurrentIndex(fit ? int(fit->scoringStrategy.type) : 0);
    m_strategy->setEnabled(fit != nullptr);
    // The profile's own value wins over the global one, as the framework reads them.
    m_shownPercentage = profile.percentageOfNodesToScore.value_or(m_configuration.percentageOfNodesToScore);
    m_percentage->setValue(m_shownPercentage);
    const QStringList names = pluginNames(profile, m_configuration.features);
    m_plugins->setRowCount(int(names.size()));
    for (int row = 0; row < names.size(); ++row) {
        const auto [enabled, weight] = pluginState(profile, names[row]);
        auto* name = new QTableWidgetItem(names[row]);
        name->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        name->setCheckState(enabled ? Qt::Checked : Qt::Unchecked);
        m_plugins->setItem(row, PluginColumn, name);
        if (weight > 0 && enabled) {
            auto* spin = new QSpinBox(m_plugins);
            spin->setRange(1, 100); // validation: a score plugin's weight is 1 to 100
            spin->setValue(weight);
            spin->setFrame(false);
            const QString plugin = names[row];
            connect(spin, &QSpinBox::editingFinished, this, [this, spin, plugin, weight = weight] {
                if (m_updating || spin->value() == weight)
                    return;
                const QString profileName = this->profile();
                const int value = spin->value();
                Q_EMIT changeRequested([profileName, plugin, value](const QByteArray& text) {
                    return config::setPluginWeight(text, profileName, plugin, value, fileName);
                });
            });
            m_plugins->setCellWidget(row, WeightColumn, spin);
        } else {
            m_plugins->removeCellWidget(row, WeightColumn);
            auto* none = new QTableWidgetItem(QString());
            none->setFlags(Qt::NoItemFlags);
            m_plugins->setItem(row, WeightColumn, none);
        }
    }
    m_updating = false;
}

} // namespace ksv
