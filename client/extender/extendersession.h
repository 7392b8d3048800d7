#pragma once

// What a run needs to call its configuration's extenders: the HTTP transport and, when the scenario
// has spec.demoExtender, the demo extender serving those rules on a free loopback port for as long
// as the session lives (requests for demo-extender.kschedviz go there). One per run, passed to the
// engine as its transport; `run`, `explain`, `check` on a lesson and the app make one.

#include "extender/transport.h"
#include "scenario/scenario.h"

#include <memory>

namespace ksv::extenderhttp {

class HttpExtenderTransport;
class DemoExtenderThread;

class ExtenderSession final : public extender::ExtenderTransport, public std::enable_shared_from_this<ExtenderSession>
{
public:
    // Null when the configuration has no extenders. Throws LoadError, at the extender's place in
    // the configuration, as upstream fails to start ("couldn't build extenders: ..."), for a TLS
    // setting it refuses or a file it cannot read; and when the demo extender cannot listen.
    static std::shared_ptr<ExtenderSession> start(const Scenario& scenario, const config::KubeSchedulerConfiguration& configuration);
    ~ExtenderSession() override;

    // The session itself: whoever holds it (a run's options) keeps the demo extender serving.
    std::shared_ptr<extender::ExtenderTransport> transport() { return shared_from_this(); }
    extender::ExtenderResponse post(const extender::ExtenderRequest& request) override;
    // Ends the call in flight and every later one (a new run, stop, quitting).
    void cancel() override;
    // The demo extender's port, or 0 without one.
    quint16 demoPort() const;

private:
    ExtenderSession() = default;
    std::shared_ptr<HttpExtenderTransport> m_transport;
    std::unique_ptr<DemoExtenderThread> m_demo;
    quint16 m_demoPort = 0;
};

} // namespace ksv::extenderhttp
