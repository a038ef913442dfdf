/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_HELPER_H
#define TSQ_HELPER_H

#include "ns3/attribute.h"
#include "ns3/net-device.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/ptr.h"

#include <string>
#include <utility>
#include <vector>

namespace ns3
{

class TsqTcpSocket;
class TsqTxCompletion;
class WifiTsqAdapter;

/**
 * \ingroup tsq
 * \brief Installs TSQ on nodes: the TsqTcpSocketFactory, one TsqTxCompletion
 * per node (point-to-point, CSMA, queue-disc, IP and ARP completions and
 * drops) and one WifiTsqAdapter per WiFi device.
 *
 * What an existing script changes to get TSQ: after
 * InternetStackHelper::Install (and preferably after the addresses are
 * assigned), call TsqHelper::Install on the sending nodes, and select
 * "ns3::TsqTcpSocketFactory" as the applications' "Protocol" (BulkSendHelper,
 * OnOffHelper) or in Socket::CreateSocket. Nothing else changes.
 *
 * \code
 *   TsqHelper tsq;
 *   tsq.SetKernelProfile("linux-4.16");
 *   tsq.SetDriverProfile("ath9k");
 *   tsq.Install(stations);
 *   BulkSendHelper bulk("ns3::TsqTcpSocketFactory", remote);
 * \endcode
 */
class TsqHelper
{
  public:
    TsqHelper();

    /**
     * Kernel profile of the sockets (ns3::TsqTcpSocket::KernelProfile) and
     * of the WiFi devices' mac80211 pacing-shift policy.
     * \param name a core profile name, e.g. "linux-4.16"
     */
    void SetKernelProfile(const std::string& name);

    /**
     * TSQ rule of the sockets (ns3::TsqTcpSocket::TsqRule).
     * \param rule a core rule id ("off", "3.6", ..., "4.15", ...)
     */
    void SetTsqRule(const std::string& rule);

    /**
     * Any ns3::TsqTcpSocket (or TcpSocketBase) attribute of the sockets the
     * installed factories create.
     * \param name attribute name
     * \param value its value
     */
    void SetSocketAttribute(const std::string& name, const AttributeValue& value);

    /**
     * Pacing-shift policy of the WiFi devices (ns3::WifiTsqAdapter::PacingShiftPolicy).
     * \param policy "profile", "none" or a shift "0".."31"
     */
    void SetPacingShiftPolicy(const std::string& policy);

    /**
     * Driver completion profile of the WiFi devices
     * (ns3::WifiTsqAdapter::DriverProfile).
     * \param name "ns3" or "ath9k" (the core's list)
     */
    void SetDriverProfile(const std::string& name);

    /**
     * Completion latency of the WiFi devices (an estimate if nonzero).
     * \param latency the latency
     */
    void SetCompletionLatency(Time latency);

    /**
     * Any ns3::WifiTsqAdapter attribute.
     * \param name attribute name
     * \param value its value
     */
    void SetWifiAdapterAttribute(const std::string& name, const AttributeValue& value);

    /**
     * Make the sockets and WiFi adapters this helper installs run ns-3's own
     * TCP behaviour through the module's hooks: the TSQ rule off, and every
     * Linux mechanism that acts without the rule off too (Ns3Behaviour()).
     * What is left is the module's plumbing: bytes charged, tags, releases,
     * wrappers. Call it after the other setters: it overrides them.
     */
    void SetNs3Behaviour();

    /**
     * The attribute values of SetNs3Behaviour(), written once for the helper,
     * for sockets made without it (SetNs3BehaviourDefaults()) and the docs.
     * \return (full attribute name, value) pairs, in the order applied
     */
    static const std::vector<std::pair<std::string, std::string>>& Ns3Behaviour();

    /**
     * Config::SetDefault of every Ns3Behaviour() pair: for sockets made by a
     * TsqTcpSocketFactory installed without this helper.
     */
    static void SetNs3BehaviourDefaults();

    /**
     * Install on every node of \p nodes (which must have an Internet stack).
     * \param nodes the nodes
     */
    void Install(NodeContainer nodes) const;

    /**
     * Install on one node.
     * \param node the node
     */
    void Install(Ptr<Node> node) const;

    /**
     * \param node a node
     * \return the TSQ sockets of \p node alive now (TcpL4Protocol's SocketList)
     */
    static std::vector<Ptr<TsqTcpSocket>> GetSockets(Ptr<Node> node);

    /**
     * \param node a node
     * \return its TX-completion object, or nullptr if not installed
     */
    static Ptr<TsqTxCompletion> GetTxCompletion(Ptr<Node> node);

    /**
     * \param device a WiFi device
     * \return its adapter, or nullptr if not installed
     */
    static Ptr<WifiTsqAdapter> GetWifiAdapter(Ptr<NetDevice> device);

  private:
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_socketAttributes; //!< in order
    ObjectFactory m_adapterFactory; //!< WifiTsqAdapter attributes
};

} // namespace ns3

#endif /* TSQ_HELPER_H */
