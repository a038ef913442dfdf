/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_SOCKET_REGISTRY_H
#define TSQ_SOCKET_REGISTRY_H

#include "ns3/ptr.h"

#include <cstddef>
#include <cstdint>

namespace ns3
{

class TsqTcpSocket;

/**
 * \ingroup tsq
 * \brief Maps the socket ids carried by TsqTag to live TsqTcpSocket objects.
 *
 * Ids start at 1 and are never reused within a process, so a packet that
 * outlives its socket can never be credited to a newer socket. A socket
 * registers itself when it is constructed (copies, i.e. forked sockets, get
 * a fresh id) and unregisters in its destructor (not in DoDispose: a
 * disposed socket, like a closed sk the kernel keeps until its last skb is
 * freed, is still credited with its frames' releases); after that Lookup()
 * answers nullptr and the completion adapters release the bytes "against
 * nothing".
 */
class TsqSocketRegistry
{
  public:
    /**
     * Register a socket.
     * \param socket the socket (not owned; it must call Unregister before it dies)
     * \return its new id, >= 1, never returned before
     */
    static uint64_t Register(TsqTcpSocket* socket);

    /**
     * Forget a socket id; unknown or already removed ids are ignored.
     * \param id the id Register returned
     */
    static void Unregister(uint64_t id);

    /**
     * \param id a socket id (e.g. from a TsqTag)
     * \return the socket, or nullptr when it was unregistered (or never existed)
     */
    static Ptr<TsqTcpSocket> Lookup(uint64_t id);

    /** \return the number of sockets registered now */
    static std::size_t GetNSockets();
};

} // namespace ns3

#endif /* TSQ_SOCKET_REGISTRY_H */
