/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wifi-uplink-result.h"

#include <sstream>

namespace ns3
{

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
