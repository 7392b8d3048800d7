#pragma once

#include <QString>
#include <QStringList>

namespace ksv::framework {

// framework.Code (pkg/scheduler/framework/interface.go), in upstream's order.
enum class Code : quint8 { Success, Error, Unschedulable, UnschedulableAndUnresolvable, Wait, Skip, Pending };
QString toString(Code code);

// framework.Status: a code, the reasons a plugin gave, and the plugin that gave them. A default
// constructed Status is Success and allocates nothing, which keeps the per-node hot path cheap.
class Status
{
public:
    Status() = default;
    explicit Status(Code code, QStringList reasons = {})
        : m_code(code)
        , m_reasons(std::move(reasons))
    {
    }
    Status(Code code, const QString& reason)
        : m_code(code)
        , m_reasons {reason}
    {
    }

    static Status error(const QString& message) { return Status(Code::Error, message); }

    Code code() const { return m_code; }
    const QStringList& reasons() const { return m_reasons; }
    const QString& plugin() const { return m_plugin; }
    Status& withPlugin(const QString& plugin)
    {
        m_plugin = plugin;
        return *this;
    }

    bool isSuccess() const { return m_code == Code::Success; }
    bool isWait() const { return m_code == Code::Wait; }
    bool isSkip() const { return m_code == Code::Skip; }
    // IsRejected: the pod cannot go further this cycle, but it is not an internal error.
    bool isRejected() const
    {
        return m_code == Code::Unschedulable || m_code == Code::UnschedulableAndUnresolvable || m_code == Code::Pending;
    }
    // Message: the reasons joined with ", ".
    QString message() const { return m_reasons.join(QStringLiteral(", ")); }

    friend bool operator==(const Status& a, const Status& b)
    {
        return a.m_code == b.m_code && a.m_reasons == b.m_reasons && a.m_plugin == b.m_plugin;
    }

private:
    Code m_code = Code::Success;
    QStringList m_reasons;
    QString m_plugin;
};

} // namespace ksv::framework
