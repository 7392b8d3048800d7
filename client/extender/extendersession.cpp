#include "extendersession.h"

#include "demoextender.h"
#include "httptransport.h"


namespace ksv::extenderhttp {

std::shared_ptr<ExtenderSession> ExtenderSession::start(const Scenario& scenario, const config::KubeSchedulerConfiguration& configuration)
{
    if (configuration.extenders.isEmpty())
        return nullptr;
    for (const config::Extender& extender : configuration.extenders) {
        if (const QString problem = tlsConfigProblem(extender); !problem.isEmpty())
            throw LoadError(extender.source, QStringLiteral("extenders"), QStringLiteral("couldn't build extenders: ") + problem);
    }
    std::shared_ptr<ExtenderSession> session(new ExtenderSession);
    session->m_transport = std::make_shared<HttpExtenderTransport>();
    if (scenario.demoExtender) {
        session->m_demo = std::make_unique<DemoExtenderThread>(*scenario.demoExtender);
        QString error;
        const quint16 port = session->m_demo->startListening(&error);
        if (port == 0)
            throw LoadError(SourceLocation {scenario.file, 1, 1}, QStringLiteral("spec.demoExtender"), error);
        session->m_transport->setHostAlias(extender::demoExtenderHost, QStringLiteral("127.0.0.1:") + QString::number(port));
        session->m_demoPort = port;
    }
    return session;
}

ExtenderSession::~ExtenderSession()
{
    if (m_transport)
        m_transport->cancel();
}

extender::ExtenderResponse ExtenderSession::post(const extender::ExtenderRequest& request)
{
    return m_transport->post(request);
}

void ExtenderSession::cancel()
{
    m_transport->cancel();
}

quint16 ExtenderSession::demoPort() const
{
    return m_demoPort;
}

} // namespace ksv::extenderhttp
