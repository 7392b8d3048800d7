#pragma once

// File > Connect to Cluster…: the contexts of the merged kubeconfig (kubectl's search, or a file the
// user picks), the current one first. A kubeconfig that does not parse is said in the dialog, with
// its file and line; nothing is sent to any server until the user connects.

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTreeWidget;

namespace ksv {

class ConnectDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ConnectDialog(QWidget* parent = nullptr);
    ~ConnectDialog() override;

    // Empty: kubectl's default ($KUBECONFIG, else ~/.kube/config).
    QString kubeconfig() const;
    QString context() const;
    // Reads the kubeconfig field's file(s) again and lists their contexts.
    void reload();
    // Lists the contexts of `path` (empty: kubectl's search).
    void setKubeconfig(const QString& path);
    QTreeWidget* contextList() const { return m_contexts; }
    QLabel* messageLabel() const { return m_message; }

private:
    QLineEdit* m_file;
    QTreeWidget* m_contexts;
    QLabel* m_message;
    QDialogButtonBox* m_buttons;
    QPushButton* m_connect;
};

} // namespace ksv
