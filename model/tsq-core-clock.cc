/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-core-clock.h"

namespace ns3
{

// Ten of these conversions run per segment: at ns-3's default resolution
// (ns) they are one integer division or product of the time step, which
// is what Time's unit conversions compute too, through its unit tables.
uint64_t
TsqMstamp(Time t)
{
    const int64_t step = t.GetTimeStep();
    if (step < 0 || step == Time::Max().GetTimeStep())
    {
        return 0;
    }
    if (Time::GetResolution() == Time::NS)
    {
        return static_cast<uint64_t>(step / 1000) + 1;
    }
    return static_cast<uint64_t>(t.GetMicroSeconds()) + 1;
}

Time
TsqMstampTime(uint64_t mstamp, Time none)
{
    if (mstamp == 0)
    {
        return none;
    }
    const int64_t us = static_cast<int64_t>(mstamp - 1);
    if (Time::GetResolution() == Time::NS)
    {
        return Time(us * 1000);
    }
    return MicroSeconds(us);
}

uint64_t
TsqHyStartClockUs(Time t)
{
    return static_cast<uint64_t>(t.GetMicroSeconds());
}

} // namespace ns3
