#pragma once

#include "api/objects.h"

#include <exception>

namespace ksv {

// The one message a broken input gets: "file:line:column: field.path: what is wrong".
class LoadError : public std::exception
{
public:
    LoadError(SourceLocation where, QString fieldPath, QString message)
        : m_where(std::move(where))
        , m_fieldPath(std::move(fieldPath))
        , m_message(std::move(message))
        , m_utf8(toString().toUtf8())
    {
    }

    const SourceLocation& where() const { return m_where; }
    const QString& fieldPath() const { return m_fieldPath; }
    const QString& message() const { return m_message; }

    QString toString() const
    {
        QString text = m_where.toString();
        if (!m_fieldPath.isEmpty())
            text += QStringLiteral(": ") + m_fieldPath;
        return text + QStringLiteral(": ") + m_message;
    }
    const char* what() const noexcept override { return m_utf8.constData(); }

private:
    SourceLocation m_where;
    QString m_fieldPath;
    QString m_message;
    QByteArray m_utf8;
};

} // namespace ksv
