/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-socket-registry.h"

#include "tsq-tcp-socket.h"

#include "ns3/log.h"

#include <unordered_map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TsqSocketRegistry");

namespace
{

/** The registry's state, created on first use (no static-order issue). */
struct RegistryState
{
    uint64_t nextId{1};                                  //!< next id handed out
    std::unordered_map<uint64_t, TsqTcpSocket*> sockets; //!< live sockets
};

RegistryState&
State()
{
    static RegistryState state;
    return state;
}

} // namespace

uint64_t
TsqSocketRegistry::Register(TsqTcpSocket* socket)
{
    RegistryState& s = State();
    uint64_t id = s.nextId++;
    s.sockets[id] = socket;
    NS_LOG_FUNCTION(socket << id);
    return id;
}

void
TsqSocketRegistry::Unregister(uint64_t id)
{
    NS_LOG_FUNCTION(id);
    State().sockets.erase(id);
}

Ptr<TsqTcpSocket>
TsqSocketRegistry::Lookup(uint64_t id)
{
    RegistryState& s = State();
    auto it = s.sockets.find(id);
    if (it == s.sockets.end())
    {
        return nullptr;
    }
    return Ptr<TsqTcpSocket>(it->second);
}

std::size_t
TsqSocketRegistry::GetNSockets()
{
    return State().sockets.size();
}

} // namespace ns3
