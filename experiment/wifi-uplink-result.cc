/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wifi-uplink-result.h"

#include <cmath>
#include <sstream>

namespace ns3
{

void
TsqGateWindowStats::SetMeans(double frames, double bytes, double ackFrames, uint64_t ackTxops)
{
    framesPerSlot = dataSlots ? frames / dataSlots : NAN;
    bytesPerSlot = dataSlots ? bytes / dataSlots : NAN;
    acksPerTxop = ackTxops ? ackFrames / ackTxops : NAN;
}

void
TsqGateWindowStats::Record(TsqRunRecord& run) const
{
    auto real = [](double v) { return std::isnan(v) ? TsqValue() : TsqValue(v); };
    run.SetMetric("gate_data_slots", dataSlots);
    run.SetMetric("gate_frames_per_slot", real(framesPerSlot));
    run.SetMetric("gate_bytes_per_slot", real(bytesPerSlot));
    run.SetMetric("gate_acks_per_txop", real(acksPerTxop));
    run.SetMetric("gate_lost_slots", lostSlots);
}

std::string
WifiUplinkResult::Failure() const
{
    if (silentStations.empty())
    {
        return "";
    }
    std::ostringstream out;
    out << "run failed: station" << (silentStations.size() > 1 ? "s " : " ");
    for (std::size_t k = 0; k < silentStations.size(); ++k)
    {
        out << (k ? "," : "") << silentStations[k];
    }
    out << " delivered no byte before the measured window (it starts at " << windowStartS
        << " s, after the longest wait --warmupExtra): not associated, cut off by the MAC, "
           "or started after it";
    return out.str();
}

} // namespace ns3
