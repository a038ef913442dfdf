/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_TCP_SOCKET_FACTORY_H
#define TSQ_TCP_SOCKET_FACTORY_H

#include "ns3/attribute.h"
#include "ns3/socket-factory.h"

#include <string>
#include <utility>
#include <vector>

namespace ns3
{

class Node;
class Socket;
class TsqTcpSocket;

/**
 * \ingroup tsq
 * \brief Creates TsqTcpSocket objects, configured the way
 * TcpL4Protocol::CreateSocket configures its own sockets.
 *
 * TcpL4Protocol::CreateSocket always makes a plain TcpSocketBase, so the
 * module brings its own factory, aggregated to the node after
 * InternetStackHelper (Install()). Applications select it by TypeId:
 * BulkSendHelper("ns3::TsqTcpSocketFactory", ...), OnOffHelper, or
 * Socket::CreateSocket(node, TsqTcpSocketFactory::GetTypeId()).
 *
 * Each socket gets the RTT estimator, congestion control (SocketType) and
 * recovery (RecoveryType) named by the node's TcpL4Protocol attributes and
 * is added to TcpL4Protocol's socket list, so Config paths
 * /NodeList/N/$ns3::TcpL4Protocol/SocketList/M/... reach it. Socket
 * attributes set with SetSocketAttribute() are applied to every socket
 * this factory creates, after the Config defaults (that is how TsqHelper
 * sets a profile or rule per node).
 */
class TsqTcpSocketFactory : public SocketFactory
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    TsqTcpSocketFactory();
    ~TsqTcpSocketFactory() override;

    /**
     * \brief Aggregate a factory to a node with an Internet stack, once.
     *
     * Ends the program if the node has no TcpL4Protocol (install the stack
     * first).
     * \param node the node
     * \return the node's factory (the existing one if already installed)
     */
    static Ptr<TsqTcpSocketFactory> Install(Ptr<Node> node);

    /**
     * \brief Set a TsqTcpSocket (or TcpSocketBase) attribute on every socket
     * created from now on. Ends the program if the attribute does not
     * exist.
     * \param name the attribute name, e.g. "KernelProfile"
     * \param value its value
     */
    void SetSocketAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \brief Create a TsqTcpSocket on the factory's node.
     * \return the socket
     */
    Ptr<Socket> CreateSocket() override;

  protected:
    void DoDispose() override;

  private:
    /** Attributes applied to each new socket, in order. */
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_socketAttributes;
};

} // namespace ns3

#endif /* TSQ_TCP_SOCKET_FACTORY_H */
