#include "connectdialog.h"

#include "kubeconfig.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace ksv {

ConnectDialog::ConnectDialog(QWidget* parent)
    : QDialog(parent)
    , m_file(new QLineEdit(this))
    , m_contexts(new QTreeWidget(this))
    , m_message(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this))
    , m_connect(nullptr)
{
    setWindowTitle(tr("Connect to Cluster"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("kschedviz only reads the cluster: it lists and watches, and never creates, changes or deletes anything."), this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(new QLabel(tr("Kubeconfig:"), this));
    m_file->setPlaceholderText(tr("$KUBECONFIG, else ~/.kube/config"));
    m_file->setClearButtonEnabled(true);
    fileRow->addWidget(m_file, 1);
    auto* browse = new QPushButton(tr("Browse…"), this);
    fileRow->addWidget(browse);
    layout->addLayout(fileRow);

    m_contexts->setColumnCount(4);
    m_contexts->setHeaderLabels({tr("Context"), tr("Cluster"), tr("Server"), tr("Namespace")});
    m_contexts->setRootIsDecorated(false);
    m_contexts->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    layout->addWidget(m_contexts, 1);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_message);

    m_connect = m_buttons->addButton(tr("Connect"), QDialogButtonBox::AcceptRole);
    m_connect->setDefault(true);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_contexts, &QTreeWidget::itemDoubleClicked, this, &QDialog::accept);
    // The button as the context, not the dialog: the list says its current item changed as it is
    // destroyed, after the dialog's own destructor has run.
    connect(m_contexts, &QTreeWidget::currentItemChanged, m_connect, [button = m_connect](QTreeWidgetItem* item) { button->setEnabled(item); });
    connect(m_file, &QLineEdit::editingFinished, this, &ConnectDialog::reload);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open Kubeconfig"), m_file->text(), tr("Kubeconfig (*)"));
        if (!path.isEmpty()) {
            m_file->setText(path);
            reload();
        }
    });
    resize(720, 360);
    reload();
}

ConnectDialog::~ConnectDialog()
{
    // The field says editing finished as it loses focus on its way out, when only a QDialog is left.
    m_file->disconnect(this);
    m_contexts->disconnect(this);
}

QString ConnectDialog::kubeconfig() const
{
    return m_file->text().trimmed();
}

QString ConnectDialog::context() const
{
    const QTreeWidgetItem* item = m_contexts->currentItem();
    return item ? item->data(0, Qt::UserRole).toString() : QString();
}

void ConnectDialog::setKubeconfig(const QString& path)
{
    m_file->setText(path);
    reload();
}

void ConnectDialog::reload()
{
    m_contexts->clear();
    try {
        const client::KubeconfigContexts found = client::listContexts(client::KubeconfigOptions::fromEnvironment(kubeconfig()));
        for (const client::ContextEntry& entry : found.contexts) {
            const bool current = entry.name == found.current;
            auto* item = new QTreeWidgetItem(m_contexts, {current ? tr("%1 (current)").arg(entry.name) : entry.name, entry.cluster,
                                                          entry.server, entry.namespace_});
            item->setData(0, Qt::UserRole, entry.name);
        }
        m_message->setText(found.contexts.isEmpty() ? tr("%1 defines no context.").arg(found.files.join(QStringLiteral(", ")))
                                                    : tr("Read %1.").arg(found.files.join(QStringLiteral(", "))));
    } catch (const LoadError& error) {
        m_message->setText(error.toString());
    }
    if (m_contexts->topLevelItemCount() > 0)
        m_contexts->setCurrentItem(m_contexts->topLevelItem(0));
    m_connect->setEnabled(m_contexts->currentItem());
}

} // namespace ksv
