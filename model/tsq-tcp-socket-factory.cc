/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-tcp-socket-factory.h"

#include "tsq-tcp-socket.h"

#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/object-factory.h"
#include "ns3/rtt-estimator.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-recovery-ops.h"
#include "ns3/type-id.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TsqTcpSocketFactory");

NS_OBJECT_ENSURE_REGISTERED(TsqTcpSocketFactory);

TypeId
TsqTcpSocketFactory::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TsqTcpSocketFactory")
                            .SetParent<SocketFactory>()
                            .SetGroupName("Tsq")
                            .AddConstructor<TsqTcpSocketFactory>();
    return tid;
}

TsqTcpSocketFactory::TsqTcpSocketFactory()
{
    NS_LOG_FUNCTION(this);
}

TsqTcpSocketFactory::~TsqTcpSocketFactory()
{
    NS_LOG_FUNCTION(this);
}

Ptr<TsqTcpSocketFactory>
TsqTcpSocketFactory::Install(Ptr<Node> node)
{
    NS_ABORT_MSG_UNLESS(node, "TsqTcpSocketFactory::Install: no node");
    Ptr<TsqTcpSocketFactory> factory = node->GetObject<TsqTcpSocketFactory>();
    if (factory)
    {
        return factory;
    }
    if (!node->GetObject<TcpL4Protocol>())
    {
        NS_FATAL_ERROR("TsqTcpSocketFactory::Install: node " << node->GetId()
                                                             << " has no TcpL4Protocol; "
                                                                "install the Internet stack first");
    }
    factory = CreateObject<TsqTcpSocketFactory>();
    node->AggregateObject(factory);
    return factory;
}

void
TsqTcpSocketFactory::SetSocketAttribute(const std::string& name, const AttributeValue& value)
{
    struct TypeId::AttributeInformation info;
    if (!TsqTcpSocket::GetTypeId().LookupAttributeByName(name, &info))
    {
        NS_FATAL_ERROR("TsqTcpSocketFactory: ns3::TsqTcpSocket has no attribute \"" << name
                                                                                    << "\"");
    }
    m_socketAttributes.emplace_back(name, value.Copy());
}

Ptr<Socket>
TsqTcpSocketFactory::CreateSocket()
{
    NS_LOG_FUNCTION(this);
    Ptr<Node> node = GetObject<Node>();
    NS_ABORT_MSG_UNLESS(node, "TsqTcpSocketFactory is not aggregated to a node (use Install)");
    Ptr<TcpL4Protocol> tcp = node->GetObject<TcpL4Protocol>();
    NS_ABORT_MSG_UNLESS(tcp, "TsqTcpSocketFactory: node " << node->GetId() << " has no TCP");

    // As TcpL4Protocol::CreateSocket, from its attributes.
    TypeIdValue rttType;
    TypeIdValue congestionType;
    TypeIdValue recoveryType;
    tcp->GetAttribute("RttEstimatorType", rttType);
    tcp->GetAttribute("SocketType", congestionType);
    tcp->GetAttribute("RecoveryType", recoveryType);
    ObjectFactory rttFactory(rttType.Get().GetName());
    ObjectFactory congestionFactory(congestionType.Get().GetName());
    ObjectFactory recoveryFactory(recoveryType.Get().GetName());

    Ptr<TsqTcpSocket> socket = CreateObject<TsqTcpSocket>();
    for (const auto& attribute : m_socketAttributes)
    {
        socket->SetAttribute(attribute.first, *attribute.second);
    }
    socket->SetNode(node);
    socket->SetTcp(tcp);
    socket->SetRtt(rttFactory.Create<RttEstimator>());
    socket->SetCongestionControlAlgorithm(congestionFactory.Create<TcpCongestionOps>());
    socket->SetRecoveryAlgorithm(recoveryFactory.Create<TcpRecoveryOps>());
    tcp->AddSocket(socket);
    return socket;
}

void
TsqTcpSocketFactory::DoDispose()
{
    m_socketAttributes.clear();
    SocketFactory::DoDispose();
}

} // namespace ns3
