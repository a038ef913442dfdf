/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-helper.h"

#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/object-vector.h"
#include "ns3/string.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tsq-tcp-socket-factory.h"
#include "ns3/tsq-tcp-socket.h"
#include "ns3/tsq-tx-completion.h"
#include "ns3/wifi-net-device.h"
#include "ns3/wifi-tsq-adapter.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TsqHelper");

TsqHelper::TsqHelper()
{
    m_adapterFactory.SetTypeId(WifiTsqAdapter::GetTypeId());
}

void
TsqHelper::SetKernelProfile(const std::string& name)
{
    SetSocketAttribute("KernelProfile", StringValue(name));
    m_adapterFactory.Set("KernelProfile", StringValue(name));
}

void
TsqHelper::SetTsqRule(const std::string& rule)
{
    SetSocketAttribute("TsqRule", StringValue(rule));
}

void
TsqHelper::SetSocketAttribute(const std::string& name, const AttributeValue& value)
{
    TypeId::AttributeInformation info;
    if (!TsqTcpSocket::GetTypeId().LookupAttributeByName(name, &info))
    {
        NS_FATAL_ERROR("TsqHelper::SetSocketAttribute: ns3::TsqTcpSocket has no attribute \""
                       << name << "\"");
    }
    m_socketAttributes.emplace_back(name, value.Copy());
}

void
TsqHelper::SetPacingShiftPolicy(const std::string& policy)
{
    m_adapterFactory.Set("PacingShiftPolicy", StringValue(policy));
}

void
TsqHelper::SetDriverProfile(const std::string& name)
{
    m_adapterFactory.Set("DriverProfile", StringValue(name));
}

void
TsqHelper::SetCompletionLatency(Time latency)
{
    m_adapterFactory.Set("CompletionLatency", TimeValue(latency));
}

void
TsqHelper::SetWifiAdapterAttribute(const std::string& name, const AttributeValue& value)
{
    m_adapterFactory.Set(name, value);
}

void
TsqHelper::Install(NodeContainer nodes) const
{
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        Install(*it);
    }
}

void
TsqHelper::Install(Ptr<Node> node) const
{
    NS_LOG_FUNCTION(this << node);
    Ptr<TsqTcpSocketFactory> factory = TsqTcpSocketFactory::Install(node);
    for (const auto& [name, value] : m_socketAttributes)
    {
        factory->SetSocketAttribute(name, *value);
    }
    Ptr<TsqTxCompletion> completion = node->GetObject<TsqTxCompletion>();
    if (!completion)
    {
        completion = CreateObject<TsqTxCompletion>();
        node->AggregateObject(completion);
        completion->Install(node);
    }
    for (uint32_t i = 0; i < node->GetNDevices(); ++i)
    {
        Ptr<WifiNetDevice> wifi = DynamicCast<WifiNetDevice>(node->GetDevice(i));
        if (!wifi || wifi->GetObject<WifiTsqAdapter>())
        {
            continue;
        }
        Ptr<WifiTsqAdapter> adapter = m_adapterFactory.Create<WifiTsqAdapter>();
        wifi->AggregateObject(adapter);
        adapter->Install(wifi);
    }
}

std::vector<Ptr<TsqTcpSocket>>
TsqHelper::GetSockets(Ptr<Node> node)
{
    std::vector<Ptr<TsqTcpSocket>> sockets;
    Ptr<TcpL4Protocol> tcp = node ? node->GetObject<TcpL4Protocol>() : nullptr;
    if (!tcp)
    {
        return sockets;
    }
    ObjectVectorValue list;
    tcp->GetAttribute("SocketList", list);
    for (auto it = list.Begin(); it != list.End(); ++it)
    {
        if (Ptr<TsqTcpSocket> socket = DynamicCast<TsqTcpSocket>(it->second))
        {
            sockets.push_back(socket);
        }
    }
    return sockets;
}

Ptr<TsqTxCompletion>
TsqHelper::GetTxCompletion(Ptr<Node> node)
{
    return node ? node->GetObject<TsqTxCompletion>() : nullptr;
}

Ptr<WifiTsqAdapter>
TsqHelper::GetWifiAdapter(Ptr<NetDevice> device)
{
    return device ? device->GetObject<WifiTsqAdapter>() : nullptr;
}

} // namespace ns3
