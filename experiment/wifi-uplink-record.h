/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_WIFI_UPLINK_RECORD_H
#define TSQ_WIFI_UPLINK_RECORD_H

#include "tsq-results-db.h"
#include "wifi-uplink-config.h"
#include "wifi-uplink-result.h"

#include <string>

namespace ns3
{

/**
 * \ingroup tsq
 * \brief One run as a results record: every parameter of \p config and
 * every metric and series of \p result (the one place runs become rows).
 * \param experiment experiment name (runs.experiment)
 * \param point the run's point in its experiment (extra parameter "point")
 * \param config the run's configuration
 * \param result what it measured
 * \param wallS wall-clock seconds the run took (metric wall_s)
 * \return the record
 */
TsqRunRecord WifiUplinkRunRecord(const std::string& experiment,
                                 const std::string& point,
                                 const WifiUplinkConfig& config,
                                 const WifiUplinkResult& result,
                                 double wallS);

} // namespace ns3

#endif /* TSQ_WIFI_UPLINK_RECORD_H */
