/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_CORE_CLOCK_H
#define TSQ_CORE_CLOCK_H

#include "ns3/nstime.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup tsq
 * The core's timestamps of skbs and sockets (the kernel's tcp_clock_us(),
 * skb->skb_mstamp, tp->tcp_mstamp, delivered_mstamp, first_tx_mstamp): the
 * simulation time in whole microseconds plus 1, because the kernel and the
 * core take a stamp of 0 for "none" and the simulation starts at time 0.
 * The RTT estimate and the rate sampler read this clock.
 * \param t a simulation time (negative or Time::Max(): none)
 * \return its stamp, us (0: none)
 */
uint64_t TsqMstamp(Time t);

/**
 * \ingroup tsq
 * \param mstamp a stamp of TsqMstamp(), us (0: none)
 * \param none what to return for 0
 * \return the simulation time of \p mstamp
 */
Time TsqMstampTime(uint64_t mstamp, Time none);

/**
 * \ingroup tsq
 * The clock CUBIC's HyStart reads (bictcp_clock_us(); 4.x's bictcp_clock()
 * in ms is the core's division of it): the simulation time in whole
 * microseconds, without TsqMstamp()'s offset. HyStart keeps no stamp of 0
 * for "none" and only subtracts its readings, so an offset would change
 * nothing but 4.x's millisecond rounding, which stays the simulation's.
 * \param t a simulation time (not negative)
 * \return \p t in whole microseconds
 */
uint64_t TsqHyStartClockUs(Time t);

} // namespace ns3

#endif /* TSQ_CORE_CLOCK_H */
