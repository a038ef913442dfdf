/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-helper.h"

#include "ns3/config.h"
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

const std::vector<std::pair<std::string, std::string>>&
TsqHelper::Ns3Behaviour()
{
    // The socket's: with these it sends the same segments at the same times
    // as TcpSocketBase (the transparency test). LinuxRtt and LinuxRateSample
    // change nothing ns-3's own TCP reads, but they are Linux mechanisms the
    // module runs, so "ns-3's behaviour" turns them off as well. The
    // adapter's NetifSchedule reruns the qdisc on a release, which ns-3's
    // devices do not.
    static const std::vector<std::pair<std::string, std::string>> kValues = {
        {"ns3::TsqTcpSocket::TsqRule", "off"},
        {"ns3::TsqTcpSocket::LinuxPacingRate", "false"},
        {"ns3::TsqTcpSocket::CwndValidation", "false"},
        {"ns3::TsqTcpSocket::TsoBursts", "false"},
        {"ns3::TsqTcpSocket::LinuxHyStart", "false"},
        {"ns3::TsqTcpSocket::LinuxStretchAcks", "false"},
        {"ns3::TsqTcpSocket::LinuxRateSample", "false"},
        {"ns3::TsqTcpSocket::LinuxRtt", "false"},
        {"ns3::WifiTsqAdapter::NetifSchedule", "false"},
    };
    return kValues;
}

void
TsqHelper::SetNs3Behaviour()
{
    const std::string socket = "ns3::TsqTcpSocket::";
    const std::string adapter = "ns3::WifiTsqAdapter::";
    for (const auto& [name, value] : Ns3Behaviour())
    {
        if (name.compare(0, socket.size(), socket) == 0)
        {
            SetSocketAttribute(name.substr(socket.size()), StringValue(value));
        }
        else
        {
            NS_ASSERT(name.compare(0, adapter.size(), adapter) == 0);
            m_adapterFactory.Set(name.substr(adapter.size()), StringValue(value));
        }
    }
}

void
TsqHelper::SetNs3BehaviourDefaults()
{
    for (const auto& [name, value] : Ns3Behaviour())
    {
        Config::SetDefault(name, StringValue(value));
    }
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
