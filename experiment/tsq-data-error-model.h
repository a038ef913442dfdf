/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_DATA_ERROR_MODEL_H
#define TSQ_DATA_ERROR_MODEL_H

#include "ns3/error-model.h"

namespace ns3
{

/**
 * \ingroup tsq
 * \brief A WiFi receiver's post-reception error model that drops data
 * MPDUs at a rate and lets control and management frames through.
 *
 * The scenario's --apRxErrorRate is a loss of data MPDUs (sent at the data
 * rate, MCS 7 by default); ACKs, BlockAcks and action frames go at the
 * control rate (HtMcs0) and are far more robust. Dropping them at the
 * data rate would also walk into ns-3 3.37's BlockAck set-up hole: an AP
 * that misses the ACK of its ADDBA Response keeps its recipient agreement
 * pending, the station (which got the response) sends an A-MPDU, and
 * HtFrameExchangeManager::EndReceiveAmpdu dereferences the agreement it
 * does not find (an assertion in a debug build, undefined behaviour, seen
 * as std::bad_alloc, in Debian's).
 */
class TsqDataErrorModel : public ErrorModel
{
  public:
    /** \return the TypeId */
    static TypeId GetTypeId();
    TsqDataErrorModel();

    /**
     * \param stream first stream index
     * \return the number of streams used
     */
    int64_t AssignStreams(int64_t stream);

  private:
    bool DoCorrupt(Ptr<Packet> p) override;
    void DoReset() override;

    double m_rate{0};           //!< the data MPDU error rate
    Ptr<RateErrorModel> m_data; //!< draws for the data MPDUs
};

} // namespace ns3

#endif /* TSQ_DATA_ERROR_MODEL_H */
