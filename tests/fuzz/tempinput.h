#pragma once

// For parsers that read a path, not bytes (--config, --kubeconfig): the input is written to one
// file per process, rewritten for every run, in a temporary directory of its own so that relative
// paths inside it (a kubeconfig's certificate-authority) resolve next to nothing of ours.

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QTemporaryDir>
#include <cstdlib>

namespace ksv::fuzz {

class TempInput
{
public:
    explicit TempInput(const QString& fileName)
        : m_path(m_dir.path() + QLatin1Char('/') + fileName)
    {
        if (!m_dir.isValid())
            std::abort();
    }

    const QString& write(const QByteArray& contents) const
    {
        QFile file(m_path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(contents) != contents.size())
            std::abort(); // a harness fault, not the parser's: stop loudly
        return m_path;
    }

private:
    QTemporaryDir m_dir;
    QString m_path;
};

} // namespace ksv::fuzz
