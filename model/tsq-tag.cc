/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-tag.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TsqTag");

NS_OBJECT_ENSURE_REGISTERED(TsqTag);

TypeId
TsqTag::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TsqTag").SetParent<Tag>().SetGroupName("Tsq").AddConstructor<TsqTag>();
    return tid;
}

TypeId
TsqTag::GetInstanceTypeId() const
{
    return GetTypeId();
}

TsqTag::TsqTag() = default;

TsqTag::TsqTag(uint64_t socketId, uint32_t nodeId, uint32_t bytes)
    : m_socketId(socketId),
      m_nodeId(nodeId),
      m_bytes(bytes)
{
}

uint32_t
TsqTag::GetSerializedSize() const
{
    return 8 + 4 + 4;
}

void
TsqTag::Serialize(TagBuffer i) const
{
    i.WriteU64(m_socketId);
    i.WriteU32(m_nodeId);
    i.WriteU32(m_bytes);
}

void
TsqTag::Deserialize(TagBuffer i)
{
    m_socketId = i.ReadU64();
    m_nodeId = i.ReadU32();
    m_bytes = i.ReadU32();
}

void
TsqTag::Print(std::ostream& os) const
{
    os << "socket=" << m_socketId << " node=" << m_nodeId << " bytes=" << m_bytes;
}

uint64_t
TsqTag::GetSocketId() const
{
    return m_socketId;
}

uint32_t
TsqTag::GetNodeId() const
{
    return m_nodeId;
}

uint32_t
TsqTag::GetBytes() const
{
    return m_bytes;
}

} // namespace ns3
