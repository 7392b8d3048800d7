#include "editdock.h"

#include "configtogglespanel.h"
#include "format.h"
#include "scenario/loader.h"
#include "yamleditor.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QShortcut>
#include <QTabWidget>
#include <QToolBar>
#include <QVBoxLayout>

namespace ksv {

namespace {
enum When { AtStart, AtCursor, AtTime };
} // namespace

EditDock::EditDock(QWidget* parent)
    : QWidget(parent)
    , m_tabs(new QTabWidget(this))
    , m_actions(new QToolBar(this))
    , m_title(new QLabel(this))
    , m_when(new QComboBox(this))
    , m_time(new QLineEdit(this))
    , m_object(new YamlEditor(this))
    , m_applyObject(new QPushButton(tr("&Apply"), this))
    , m_revertObject(new QPushButton(tr("Revert"), this))
    , m_configurationOrigin(new QLabel(this))
    , m_toggles(new ConfigTogglesPanel(this))
    , m_configuration(new YamlEditor(this))
    , m_applyConfiguration(new QPushButton(tr("Apply"), this))
    , m_revertConfiguration(new QPushButton(tr("Revert"), this))
{
    setObjectName(QStringLiteral("editDockWidget"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_tabs);

    auto* objectPage = new QWidget(m_tabs);
    auto* objectLayout = new QVBoxLayout(objectPage);
    objectLayout->setContentsMargins(4, 4, 4, 4);
    m_actions->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_actions->setIconSize(QSize(16, 16));
    objectLayout->addWidget(m_actions);
    m_title->setWordWrap(true);
    objectLayout->addWidget(m_title);
    objectLayout->addWidget(m_object, 1);
    auto* whenRow = new QHBoxLayout;
    whenRow->addWidget(new QLabel(tr("Applies:"), objectPage));
    m_when->addItems({tr("at the start (t=0)"), tr("at the cursor"), tr("at a time")});
    m_when->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_when->setMinimumContentsLength(12);
    m_when->setToolTip(tr("At the start the scenario itself changes; at a time the change is a timed event, "
                          "as an update, create or delete from the API server would be"));
    whenRow->addWidget(m_when);
    m_time->setPlaceholderText(tr("e.g. 30s, 2m"));
    m_time->setMaximumWidth(m_time->fontMetrics().horizontalAdvance(QStringLiteral("00m00.000s")) + 16);
    whenRow->addWidget(m_time);
    whenRow->addStretch(1);
    whenRow->addWidget(m_revertObject);
    whenRow->addWidget(m_applyObject);
    objectLayout->addLayout(whenRow);
    m_tabs->addTab(objectPage, tr("Object"));

    auto* configPage = new QWidget(m_tabs);
    auto* configLayout = new QVBoxLayout(configPage);
    configLayout->setContentsMargins(4, 4, 4, 4);
    m_configurationOrigin->setWordWrap(true);
    configLayout->addWidget(m_configurationOrigin);
    configLayout->addWidget(m_toggles);
    configLayout->addWidget(m_configuration, 1);
    auto* configRow = new QHBoxLayout;
    configRow->addWidget(new QLabel(tr("Applies to the whole run"), configPage));
    configRow->addStretch(1);
    configRow->addWidget(m_revertConfiguration);
    configRow->addWidget(m_applyConfiguration);
    configLayout->addLayout(configRow);
    m_tabs->addTab(configPage, tr("Scheduler Configuration"));

    m_applyObject->setToolTip(tr("Check the text and rerun with it (Ctrl+Return)"));
    m_applyConfiguration->setToolTip(m_applyObject->toolTip());
    connect(m_applyObject, &QPushButton::clicked, this, &EditDock::applyObject);
    connect(m_revertObject, &QPushButton::clicked, this, [this] { m_object->setText(m_objectApplied); });
    connect(m_applyConfiguration, &QPushButton::clicked, this, &EditDock::applyConfiguration);
    connect(m_revertConfiguration, &QPushButton::clicked, this, [this] { m_configuration->setText(m_configurationApplied); });
    for (YamlEditor* editor : {m_object, m_configuration}) {
        auto* apply = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), editor->editor());
        apply->setContext(Qt::WidgetShortcut);
        connect(apply, &QShortcut::activated, this, [this, editor] {
            (editor == m_object ? m_applyObject : m_applyConfiguration)->click();
        });
    }
    connect(m_when, &QComboBox::currentIndexChanged, this, &EditDock::updateWhen);
    // A toggle is an edit of the text, applied at once.
    connect(m_toggles, &ConfigTogglesPanel::changeRequested, this, [this](const ConfigRewrite& rewrite) {
        try {
            const QByteArray text = rewrite(m_configuration->text());
            m_configuration->setText(text);
            m_configuration->setModified(true);
            applyConfiguration();
        } catch (const LoadError& error) {
            m_configuration->showError(error.toString(), error.where().line, error.where().column);
            m_toggles->setConfiguration(m_runConfiguration); // the toggles say what runs
        }
    });
    clearObject();
    updateWhen();
}

void EditDock::setActions(const QList<QAction*>& actions)
{
    m_actions->clear();
    for (QAction* action : actions) {
        if (action)
            m_actions->addAction(action);
        else
            m_actions->addSeparator();
    }
}

void EditDock::editObject(const ObjectRef& target, const QByteArray& yaml, const QString& origin)
{
    m_kind = ScenarioEdit::Kind::Replace;
    m_target = target;
    m_hasObject = true;
    m_title->setText(tr("<b>%1</b> — %2").arg(target.toString().toHtmlEscaped(), origin.toHtmlEscaped()));
    m_objectApplied = yaml;
    m_object->setText(yaml);
    m_object->setReadOnly(false);
    m_applyObject->setEnabled(true);
    m_revertObject->setEnabled(true);
    m_tabs->setCurrentIndex(0);
}

void EditDock::addObjects(const QByteArray& yaml, const QString& title)
{
    m_kind = ScenarioEdit::Kind::Add;
    m_target = {};
    m_hasObject = true;
    m_title->setText(tr("<b>%1</b> — added when applied").arg(title.toHtmlEscaped()));
    m_objectApplied = yaml;
    m_object->setText(yaml);
    m_object->setReadOnly(false);
    m_applyObject->setEnabled(true);
    m_revertObject->setEnabled(true);
    m_tabs->setCurrentIndex(0);
    m_object->editor()->setFocus();
}

void EditDock::clearObject()
{
    m_hasObject = false;
    m_title->setText(tr("Select a pod or a node and choose Edit, Clone or Delete (Edit menu, or right-click in the "
                        "lanes, the heatmap or the inspector), or add new objects."));
    m_objectApplied.clear();
    m_object->setText({});
    m_object->setReadOnly(true);
    m_applyObject->setEnabled(false);
    m_revertObject->setEnabled(false);
}

void EditDock::setConfiguration(const QByteArray& text, const QString& origin)
{
    m_configurationOrigin->setText(origin);
    m_configurationApplied = text;
    m_configuration->setText(text);
}

void EditDock::setRunConfiguration(const config::KubeSchedulerConfiguration& configuration)
{
    m_runConfiguration = configuration;
    m_toggles->setConfiguration(configuration);
}

void EditDock::setConfigurationOrigin(const QString& origin)
{
    m_configurationOrigin->setText(origin);
}

void EditDock::showConfiguration()
{
    m_tabs->setCurrentIndex(1);
    m_configuration->editor()->setFocus();
}

void EditDock::setCursorTime(VirtualNanos time)
{
    m_cursor = time;
    m_when->setItemText(AtCursor, tr("at the cursor (%1)").arg(format::virtualTime(time, format::millisecondDigits)));
}

void EditDock::updateWhen()
{
    m_time->setVisible(m_when->currentIndex() == AtTime);
}

bool EditDock::when(std::optional<VirtualNanos>* at, QString* error) const
{
    switch (m_when->currentIndex()) {
    case AtCursor:
        *at = m_cursor > 0 ? std::optional(m_cursor) : std::nullopt;
        return true;
    case AtTime: {
        const std::optional<VirtualNanos> parsed = parseDuration(m_time->text().trimmed());
        if (!parsed || *parsed < 0) {
            *error = tr("The time \"%1\" is not a duration such as 30s, 1m30s or 2.5s").arg(m_time->text());
            return false;
        }
        *at = *parsed > 0 ? parsed : std::nullopt;
        return true;
    }
    default:
        *at = std::nullopt;
        return true;
    }
}

void EditDock::applyObject()
{
    if (!m_hasObject)
        return;
    ScenarioEdit edit;
    edit.kind = m_kind;
    edit.target = m_target;
    edit.manifest = m_object->text();
    QString error;
    if (!when(&edit.at, &error)) {
        m_object->showError(error, 0, 0);
        return;
    }
    m_object->clearError();
    m_objectSubmitted = edit.manifest;
    m_kindSubmitted = edit.kind;
    Q_EMIT editSubmitted(edit);
}

std::optional<ObjectRef> EditDock::editedObject() const
{
    if (!m_hasObject || m_kind != ScenarioEdit::Kind::Replace)
        return std::nullopt;
    return m_target;
}

void EditDock::applyConfiguration()
{
    m_configuration->clearError();
    m_configurationSubmitted = m_configuration->text();
    Q_EMIT configurationSubmitted(m_configurationSubmitted);
}

void EditDock::setWhen(int choice, const QString& time)
{
    m_when->setCurrentIndex(choice);
    m_time->setText(time);
}

void EditDock::showRejected(const QString& message, int line, int column, bool configuration)
{
    YamlEditor* editor = configuration ? m_configuration : m_object;
    m_tabs->setCurrentIndex(configuration ? 1 : 0);
    editor->showError(message, line, column);
    if (configuration)
        m_toggles->setConfiguration(m_runConfiguration); // the toggles say what runs
}

void EditDock::showAccepted(bool configuration)
{
    // What was sent is applied now; text typed while it was checked stays, modified.
    if (configuration) {
        m_configurationApplied = m_configurationSubmitted;
        m_configuration->setModified(m_configuration->text() != m_configurationApplied);
        return;
    }
    m_objectApplied = m_objectSubmitted;
    m_object->setModified(m_object->text() != m_objectApplied);
    try {
        const QList<KubeObject> objects = decodeEditText(m_objectApplied, QStringLiteral("editor"));
        if (m_kindSubmitted == ScenarioEdit::Kind::Add && objects.size() != 1) {
            clearObject(); // several added: none of them is the one to edit next
            return;
        }
        // An added object is the one edited from now on; a rename at t=0 edits the renamed object.
        const bool wasAdd = m_kindSubmitted == ScenarioEdit::Kind::Add;
        m_kind = ScenarioEdit::Kind::Replace;
        m_target = refOf(objects.front());
        if (wasAdd)
            m_title->setText(tr("<b>%1</b> — %2").arg(m_target.toString().toHtmlEscaped(), tr("added").toHtmlEscaped()));
    } catch (const LoadError&) {
        // It loaded, so it decodes; nothing to do if it somehow does not.
    }
}

void EditDock::setBusy(bool busy)
{
    m_applyObject->setEnabled(!busy && m_hasObject);
    m_applyConfiguration->setEnabled(!busy);
    m_toggles->setEnabled(!busy);
}

} // namespace ksv
