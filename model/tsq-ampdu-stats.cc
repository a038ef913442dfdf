/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-ampdu-stats.h"

#include "ns3/abort.h"
#include "ns3/assert.h"
#include "ns3/log.h"

#include <cstring>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TsqAmpduStats");

TsqAmpduStats::TsqAmpduStats(uint32_t maxStations)
    : m_maxStations(maxStations)
{
    NS_ABORT_MSG_IF(maxStations == 0, "TsqAmpduStats: no station slot allowed");
    std::memset(&m_ampdu, 0, sizeof(m_ampdu));
    tsq_ampdu_limits lim = tsq_ampdu_limits_ht();
    // No slot yet: each is made when its receiver's first frame is counted.
    int rc = tsq_ampdu_init(&m_ampdu, nullptr, 0, &lim);
    NS_ABORT_MSG_IF(rc != 0, "TsqAmpduStats: tsq_ampdu_init failed: " << rc);
}

uint32_t
TsqAmpduStats::StationIndex(Mac48Address address)
{
    auto it = m_staIndex.find(address);
    if (it != m_staIndex.end())
    {
        return it->second;
    }
    if (m_sta.size() >= m_maxStations)
    {
        return NO_STATION;
    }
    // The vector may move its slots to grow; the core is given the new
    // place, with the slots so far copied there.
    m_sta.emplace_back();
    int rc = tsq_ampdu_add_sta(&m_ampdu, m_sta.data());
    NS_ABORT_MSG_IF(rc != 0, "TsqAmpduStats: tsq_ampdu_add_sta failed: " << rc);
    uint32_t index = static_cast<uint32_t>(m_sta.size() - 1);
    NS_ASSERT(index == m_ampdu.n_sta - 1);
    m_staIndex.emplace(address, index);
    return index;
}

uint32_t
TsqAmpduStats::GetStationSlots() const
{
    return static_cast<uint32_t>(m_sta.size());
}

void
TsqAmpduStats::Enqueue(uint32_t sta, uint8_t tid, uint32_t bytes)
{
    if (sta != NO_STATION)
    {
        tsq_ampdu_enqueue(&m_ampdu, sta, tid, bytes);
    }
}

void
TsqAmpduStats::Dequeue(uint32_t sta, uint8_t tid, uint32_t bytes)
{
    if (sta != NO_STATION)
    {
        tsq_ampdu_dequeue(&m_ampdu, sta, tid, bytes);
    }
}

void
TsqAmpduStats::Drop(uint32_t sta, uint8_t tid, uint32_t bytes)
{
    if (sta != NO_STATION)
    {
        tsq_ampdu_drop(&m_ampdu, sta, tid, bytes);
    }
}

bool
TsqAmpduStats::PsduTx(const tsq_ampdu_psdu& psdu, uint32_t throttled)
{
    tsq_ampdu_set_throttled(&m_ampdu, psdu.sta, throttled);
    u64 starvedBefore = m_ampdu.total.starved;
    int rc = tsq_ampdu_psdu_tx(&m_ampdu, &psdu);
    if (rc != 0)
    {
        NS_LOG_WARN("tsq_ampdu_psdu_tx: " << rc);
    }
    return m_ampdu.total.starved != starvedBefore;
}

double
TsqAmpduStats::Fill(uint32_t tsq_ampdu_fill::*field, double unit) const
{
    struct tsq_ampdu_fill fill;
    return tsq_ampdu_fill(&m_ampdu.total, &fill) == 0 ? fill.*field / unit : 0;
}

std::vector<uint64_t>
TsqAmpduStats::GetHistogram() const
{
    return std::vector<uint64_t>(m_ampdu.hist, m_ampdu.hist + TSQ_AMPDU_HIST_LEN);
}

uint64_t
TsqAmpduStats::GetDataPsdus() const
{
    return m_ampdu.total.psdus;
}

uint64_t
TsqAmpduStats::GetDataMpdus() const
{
    return m_ampdu.total.mpdus;
}

double
TsqAmpduStats::GetMeanMpdus() const
{
    return Fill(&tsq_ampdu_fill::mean_mpdus_milli, 1000.0);
}

double
TsqAmpduStats::GetByteFill() const
{
    return Fill(&tsq_ampdu_fill::bytes_ppm, 1e6);
}

double
TsqAmpduStats::GetMpduFill() const
{
    return Fill(&tsq_ampdu_fill::mpdus_ppm, 1e6);
}

double
TsqAmpduStats::GetAirtimeFill() const
{
    return Fill(&tsq_ampdu_fill::airtime_ppm, 1e6);
}

uint64_t
TsqAmpduStats::GetStarved() const
{
    return m_ampdu.total.starved;
}

uint64_t
TsqAmpduStats::GetStarvedTsq() const
{
    return m_ampdu.total.starved_tsq;
}

void
TsqAmpduStats::Reset()
{
    std::memset(&m_ampdu.total, 0, sizeof(m_ampdu.total));
    std::memset(m_ampdu.hist, 0, sizeof(m_ampdu.hist));
    for (auto& sta : m_sta)
    {
        for (auto& tid : sta.tid)
        {
            std::memset(&tid.st, 0, sizeof(tid.st));
        }
    }
}

} // namespace ns3
