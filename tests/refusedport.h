#pragma once

// A port on 127.0.0.1 that refuses connections for as long as this object lives: a socket bound to
// it but not listening. A port found free and closed again is not enough under `ctest -j2`: a test
// running beside the one that found it may take it (a server of its own on an ephemeral port).

#include <QtGlobal>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace ksv::testing {

class RefusedPort
{
public:
    RefusedPort()
        : m_socket(::socket(AF_INET, SOCK_STREAM, 0))
    {
        sockaddr_in address {};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof address;
        if (m_socket >= 0 && ::bind(m_socket, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0
            && ::getsockname(m_socket, reinterpret_cast<sockaddr*>(&address), &length) == 0)
            m_port = ntohs(address.sin_port);
    }
    ~RefusedPort()
    {
        if (m_socket >= 0)
            ::close(m_socket);
    }
    RefusedPort(const RefusedPort&) = delete;
    RefusedPort& operator=(const RefusedPort&) = delete;

    // 0 when no port could be reserved.
    quint16 port() const { return m_port; }

private:
    int m_socket;
    quint16 m_port = 0;
};

} // namespace ksv::testing
