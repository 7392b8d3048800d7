#pragma once

// HTTPExtender (pkg/scheduler/extender.go, v1.32): a configured extender, asked over its transport.
// The texts of its errors are upstream's, since they become FailedScheduling messages:
//   failed filter with extender at URL http://127.0.0.1:8888/filter, code 500
//   extender "http://127.0.0.1:8888" claims a filtered node "n9" which is not found in the input node list
//   extender: http://127.0.0.1:8888 claims to preempt pod (UID: &{u1}) on node: n1, but the pod is not found on that node
// Deviation: upstream accepts, from an extender without nodeCacheCapable, a returned node it never
// sent (and rebuilds the NodeInfos it returns without their pods). kschedviz refuses such a node
// with the first message above in both modes and keeps its own NodeInfos (docs/extenders.md).

#include "framework/extender.h"
#include "transport.h"

namespace ksv::extender {

// DefaultExtenderTimeout.
inline constexpr qint64 defaultExtenderTimeoutNanos = 5'000'000'000;

class HTTPExtender final : public framework::Extender
{
public:
    // `observer` may be null.
    HTTPExtender(config::Extender config, int index, ExtenderTransport& transport, ExtenderCallObserver* observer);

    QString name() const override { return m_config.urlPrefix; }
    bool isIgnorable() const override { return m_config.ignorable; }
    bool isBinder() const override { return !m_config.bindVerb.isEmpty(); }
    bool isFilter() const override { return !m_config.filterVerb.isEmpty(); }
    bool isPrioritizer() const override { return !m_config.prioritizeVerb.isEmpty(); }
    bool supportsPreemption() const override { return !m_config.preemptVerb.isEmpty(); }
    bool isInterested(const Pod& pod) const override;

    framework::ExtenderFilterResult filter(const Pod& pod, const QList<framework::NodeInfoPtr>& nodes) override;
    framework::ExtenderPrioritizeResult prioritize(const Pod& pod, const QList<framework::NodeInfoPtr>& nodes) override;
    std::optional<QString> bind(const Pod& pod, const QString& node) override;
    framework::ExtenderPreemptionResult processPreemption(const Pod& pod, const framework::NodeNameToVictims& victims,
                                                          const framework::Snapshot& snapshot) override;

    // The URL a verb is posted to: the prefix without its trailing slashes, "/", the verb.
    static QString verbUrl(const QString& urlPrefix, const QString& verb);

private:
    // send: the POST, then the status check; the body on success, the error text otherwise. The
    // call is reported to the observer by the verb, once its outcome is known.
    std::optional<QByteArray> send(Verb verb, const QString& action, const QByteArray& body, ExtenderCall& call, QString* error);
    void report(ExtenderCall& call, const std::optional<QString>& error);

    const config::Extender m_config;
    int m_index = 0;
    ExtenderTransport& m_transport;
    ExtenderCallObserver* m_observer = nullptr;
};

// buildExtenders' order: the non-ignorable extenders in configuration order, then the ignorable ones.
QList<int> extenderCallOrder(const QList<config::Extender>& extenders);

} // namespace ksv::extender
