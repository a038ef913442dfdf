/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-kernel-config.h"

#include "tsq-core-names.h"

#include "ns3/fatal-error.h"

#include <cstdlib>
#include <sstream>

namespace ns3
{

namespace
{

/** Default KernelProfile: the release of the mac80211 fix (reference 004). */
const char* const kDefaultProfile = "linux-4.16";

} // namespace

// Lower bound of GsoMaxSize: autosizing forms 3.19/4.15 need
// gso_max_size > 1 + MAX_TCP_HEADER (304); upper bound: BIG TCP's 512 KiB.
const TsqKnobRange TsqKernelConfig::kLimitOutputBytes = {"LimitOutputBytes",
                                                         1,
                                                         TSQ_LOB_MAX,
                                                         "the profile's"};
const TsqKnobRange TsqKernelConfig::kFloorBytes = {"FloorBytes", 1, TSQ_FLOOR_MAX, "none"};
const TsqKnobRange TsqKernelConfig::kMinTsoSegs = {"MinTsoSegs",
                                                   1,
                                                   TSQ_GSO_MAX_SEGS,
                                                   "the profile's"};
const TsqKnobRange TsqKernelConfig::kGsoMaxSize = {"GsoMaxSize", 1024, 524288, "the profile's"};
const TsqKnobRange TsqKernelConfig::kMaxTcpHeader = {"MaxTcpHeader", 1, 1024, "the profile's"};

std::string
TsqKnobRange::Allowed() const
{
    return std::string("0 (") + zero + ") or " + std::to_string(min) + ".." + std::to_string(max);
}

uint32_t
TsqKnobRange::Check(uint32_t value) const
{
    if (value != 0 && (value < min || value > max))
    {
        TsqBadSocketAttribute(attribute, std::to_string(value), Allowed());
    }
    return value;
}

void
TsqBadSocketAttribute(const std::string& name, const std::string& value, const std::string& allowed)
{
    NS_FATAL_ERROR("TsqTcpSocket: " << name << "=" << value
                                    << " is out of range; allowed: " << allowed);
    std::abort(); // not reached
}

TsqKernelConfig::TsqKernelConfig()
    : m_base(tsq_profile_find(kDefaultProfile)),
      m_profile(*m_base)
{
}

void
TsqKernelConfig::SetProfile(const std::string& name)
{
    const struct tsq_profile* p = tsq_profile_find(name.c_str());
    if (!p)
    {
        TsqBadSocketAttribute("KernelProfile", name, "one of: " + TsqProfileNames());
    }
    m_base = p;
    m_profile = *p;
    // KernelForms checked against any profile, so this cannot fail
    tsq_profile_set_forms(&m_profile, m_forms.c_str());
}

const struct tsq_profile*
TsqKernelConfig::GetProfile() const
{
    return &m_profile;
}

std::string
TsqKernelConfig::GetProfileName() const
{
    return m_profile.name;
}

void
TsqKernelConfig::SetForms(const std::string& list)
{
    struct tsq_profile p = *m_base;
    if (tsq_profile_set_forms(&p, list.c_str()) != TSQ_OK)
    {
        TsqBadSocketAttribute("KernelForms",
                              list,
                              "empty or a comma-separated list of field=form, one per field, "
                              "of: " +
                                  TsqFormsAllowed());
    }
    m_forms = list;
    m_profile = p;
}

std::string
TsqKernelConfig::GetForms() const
{
    return m_forms;
}

std::string
TsqKernelConfig::FormsInForce() const
{
    char buf[TSQ_FORMS_TEXT_MAX];
    tsq_profile_forms_diff(&m_profile, m_base, buf, sizeof(buf));
    return buf;
}

void
TsqKernelConfig::SetRule(const std::string& id)
{
    if (id.empty())
    {
        m_ruleSet = false;
        return;
    }
    enum tsq_rule rule;
    if (tsq_rule_from_id(id.c_str(), &rule) != TSQ_OK)
    {
        TsqBadSocketAttribute("TsqRule",
                              id,
                              "one of: " + TsqRuleIds() + ", or empty (the profile's)");
    }
    m_rule = rule;
    m_ruleSet = true;
}

std::string
TsqKernelConfig::GetRuleId() const
{
    return m_ruleSet ? tsq_rule_id(m_rule) : "";
}

enum tsq_rule
TsqKernelConfig::GetRule() const
{
    return m_ruleSet ? m_rule : m_profile.rule;
}

void
TsqKernelConfig::SetLimitOutputBytes(uint32_t bytes)
{
    m_limitOutputBytes = kLimitOutputBytes.Check(bytes);
}

uint32_t
TsqKernelConfig::GetLimitOutputBytes() const
{
    return m_limitOutputBytes;
}

void
TsqKernelConfig::SetFloorBytes(uint32_t bytes)
{
    m_floorBytes = kFloorBytes.Check(bytes);
}

uint32_t
TsqKernelConfig::GetFloorBytes() const
{
    return m_floorBytes;
}

void
TsqKernelConfig::SetMinTsoSegs(uint32_t segs)
{
    m_minTsoSegs = kMinTsoSegs.Check(segs);
}

uint32_t
TsqKernelConfig::GetMinTsoSegs() const
{
    return m_minTsoSegs;
}

void
TsqKernelConfig::SetGsoMaxSize(uint32_t bytes)
{
    m_gsoMaxSize = kGsoMaxSize.Check(bytes);
}

uint32_t
TsqKernelConfig::GetGsoMaxSize() const
{
    return m_gsoMaxSize;
}

void
TsqKernelConfig::SetMaxTcpHeader(uint32_t bytes)
{
    m_maxTcpHeader = kMaxTcpHeader.Check(bytes);
}

uint32_t
TsqKernelConfig::GetMaxTcpHeader() const
{
    return m_maxTcpHeader;
}

void
TsqKernelConfig::SetTxDelay(Time delay)
{
    if (delay.IsStrictlyNegative() || delay.GetMicroSeconds() > TSQ_TX_DELAY_MAX)
    {
        std::ostringstream v;
        v << delay.As(Time::US);
        TsqBadSocketAttribute("TxDelay", v.str(), "0..2147483647us");
    }
    m_txDelayUs = static_cast<uint32_t>(delay.GetMicroSeconds());
}

Time
TsqKernelConfig::GetTxDelay() const
{
    return MicroSeconds(m_txDelayUs);
}

uint32_t
TsqKernelConfig::GsoMaxSize() const
{
    return m_gsoMaxSize ? m_gsoMaxSize : m_profile.gso_max_size;
}

uint32_t
TsqKernelConfig::MaxTcpHeader() const
{
    return m_maxTcpHeader ? m_maxTcpHeader : m_profile.max_tcp_header;
}

uint32_t
TsqKernelConfig::TxDelayUs() const
{
    return m_txDelayUs;
}

uint32_t
TsqKernelConfig::Truesize(uint32_t payload) const
{
    return tsq_skb_truesize(m_profile.truesize, payload);
}

struct tsq_limit_in
TsqKernelConfig::LimitInput(uint64_t rate,
                            uint32_t shift,
                            uint32_t truesize,
                            uint32_t factor,
                            bool paced) const
{
    struct tsq_limit_in in = {};
    in.rule = GetRule();
    in.pacing_rate = rate;
    in.pacing_shift = shift;
    in.truesize = truesize;
    in.limit_output_bytes = m_limitOutputBytes ? m_limitOutputBytes : m_profile.limit_output_bytes;
    in.factor = factor;
    in.floor = m_floorBytes;
    in.paced = paced;
    in.tx_delay_us = m_txDelayUs;
    return in;
}

struct tsq_tso_in
TsqKernelConfig::TsoInput(uint64_t rate, uint32_t shift, uint32_t mss, uint32_t minRttUs) const
{
    struct tsq_tso_in in;
    tsq_tso_in_init(&in);
    in.form = m_profile.tso_form;
    in.pacing_rate = rate;
    in.pacing_shift = shift;
    in.mss = mss;
    in.gso_max_size = GsoMaxSize();
    in.gso_max_segs = m_profile.gso_max_segs;
    in.min_tso_segs = m_minTsoSegs ? m_minTsoSegs : m_profile.min_tso_segs;
    in.max_tcp_header = MaxTcpHeader();
    in.tso_rtt_log = m_profile.tso_rtt_log;
    in.min_rtt_us = minRttUs;
    return in;
}

struct tsq_pacing_in
TsqKernelConfig::PacingInput(uint32_t mss,
                             uint32_t cwnd,
                             uint32_t packetsOut,
                             uint32_t ssthresh,
                             uint32_t srttX8Us) const
{
    struct tsq_pacing_in in;
    tsq_pacing_in_init(&in);
    in.mss = mss;
    in.cwnd = cwnd;
    in.packets_out = packetsOut;
    in.ssthresh = ssthresh;
    in.srtt_x8_us = srttX8Us;
    in.ss_ratio = m_profile.pacing_ss_ratio;
    in.ca_ratio = m_profile.pacing_ca_ratio;
    in.width = m_profile.rate_width;
    in.max_pacing_rate = tsq_rate_unknown(in.width);
    return in;
}

} // namespace ns3
