/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_TAG_H
#define TSQ_TAG_H

#include "ns3/tag.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup tsq
 * \brief Packet tag carried by every data segment a TsqTcpSocket charges.
 *
 * It names the socket by the id TsqSocketRegistry gave it (never a raw
 * pointer: the socket may be gone when its last packet completes), the id
 * of the node the socket lives on, and the bytes (truesize share) charged
 * for this segment, i.e. exactly what the TX-completion adapter must give
 * back with TsqTcpSocket::ReleaseBytes.
 */
class TsqTag : public Tag
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;

    /** An empty tag (socket id 0: no socket). */
    TsqTag();

    /**
     * \param socketId the registry id of the charging socket (>= 1)
     * \param nodeId the id of the node of that socket
     * \param bytes the bytes charged for this segment
     */
    TsqTag(uint64_t socketId, uint32_t nodeId, uint32_t bytes);

    uint32_t GetSerializedSize() const override;
    void Serialize(TagBuffer i) const override;
    void Deserialize(TagBuffer i) override;
    void Print(std::ostream& os) const override;

    /** \return the registry id of the socket that charged the segment */
    uint64_t GetSocketId() const;
    /** \return the id of the node of that socket */
    uint32_t GetNodeId() const;
    /** \return the bytes charged for the segment */
    uint32_t GetBytes() const;

  private:
    uint64_t m_socketId{0}; //!< TsqSocketRegistry id, 0 = none
    uint32_t m_nodeId{0};   //!< node of the socket
    uint32_t m_bytes{0};    //!< bytes charged for this segment
};

} // namespace ns3

#endif /* TSQ_TAG_H */
