/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_KERNEL_CONFIG_H
#define TSQ_KERNEL_CONFIG_H

#include "ns3/nstime.h"

#include <cstdint>
#include <string>
#include <tsq/tsq.h>

namespace ns3
{

/**
 * \ingroup tsq
 * Ends the program with "TsqTcpSocket: Name=value is out of range;
 * allowed: range" (an attribute of ns3::TsqTcpSocket refused).
 * \param name the attribute
 * \param value the value as given
 * \param allowed the allowed values
 */
[[noreturn]] void TsqBadSocketAttribute(const std::string& name,
                                        const std::string& value,
                                        const std::string& allowed);

/**
 * \ingroup tsq
 * \brief The range of a whole-number attribute of ns3::TsqTcpSocket that
 * overrides a kernel value: 0 means \p zero, else min..max. The attribute's
 * help and its refusal are both made from it.
 */
struct TsqKnobRange
{
    const char* attribute; //!< the attribute's name
    uint32_t min;          //!< the smallest value other than 0
    uint32_t max;          //!< the largest value
    const char* zero;      //!< what 0 means

    /** \return "0 (ZERO) or MIN..MAX" */
    std::string Allowed() const;
    /**
     * \param value a value given
     * \return \p value when allowed; else the refusal (TsqBadSocketAttribute)
     */
    uint32_t Check(uint32_t value) const;
};

/**
 * \ingroup tsq
 * \brief The kernel a TsqTcpSocket models: its profile, the attributes that
 * override the profile ("0 = the profile's"), their validation, and the
 * core's input structs built from them.
 *
 * The socket holds one and asks it for the TSQ limit's, the pacing
 * rate's and TSO autosizing's inputs; the dynamic parts (rate, shift,
 * mss, RTT) come from the socket at each call.
 */
class TsqKernelConfig
{
  public:
    static const TsqKnobRange kLimitOutputBytes; //!< tcp_limit_output_bytes
    static const TsqKnobRange kFloorBytes;       //!< the fixed TSQ floor
    static const TsqKnobRange kMinTsoSegs;       //!< tcp_min_tso_segs
    static const TsqKnobRange kGsoMaxSize;       //!< sk_gso_max_size
    static const TsqKnobRange kMaxTcpHeader;     //!< MAX_TCP_HEADER

    TsqKernelConfig();

    /** \param name a core kernel profile (KernelProfile) */
    void SetProfile(const std::string& name);
    /** \return the profile in force: KernelProfile with KernelForms */
    const struct tsq_profile* GetProfile() const;
    /** \return its name */
    std::string GetProfileName() const;

    /**
     * \param list forms taken from other releases, "field=form,..." (core
     * tsq/forms.h; empty: the profile's own) (KernelForms)
     */
    void SetForms(const std::string& list);
    /** \return the KernelForms attribute as given */
    std::string GetForms() const;
    /** \return the forms that differ from the profile's, in the core's order */
    std::string FormsInForce() const;

    /** \param id a TSQ rule id, or empty for the profile's (TsqRule) */
    void SetRule(const std::string& id);
    /** \return the TsqRule attribute: a rule id, or empty */
    std::string GetRuleId() const;
    /** \return the rule in force: TsqRule, else the profile's */
    enum tsq_rule GetRule() const;

    /** \param bytes tcp_limit_output_bytes, 0 = the profile's (LimitOutputBytes) */
    void SetLimitOutputBytes(uint32_t bytes);
    /** \return the LimitOutputBytes attribute */
    uint32_t GetLimitOutputBytes() const;
    /** \param bytes a fixed TSQ floor, 0 = none (FloorBytes) */
    void SetFloorBytes(uint32_t bytes);
    /** \return the FloorBytes attribute */
    uint32_t GetFloorBytes() const;
    /** \param segs sysctl_tcp_min_tso_segs, 0 = the profile's (MinTsoSegs) */
    void SetMinTsoSegs(uint32_t segs);
    /** \return the MinTsoSegs attribute */
    uint32_t GetMinTsoSegs() const;
    /** \param bytes sk_gso_max_size, 0 = the profile's (GsoMaxSize) */
    void SetGsoMaxSize(uint32_t bytes);
    /** \return the GsoMaxSize attribute */
    uint32_t GetGsoMaxSize() const;
    /** \param bytes MAX_TCP_HEADER, 0 = the profile's (MaxTcpHeader) */
    void SetMaxTcpHeader(uint32_t bytes);
    /** \return the MaxTcpHeader attribute */
    uint32_t GetMaxTcpHeader() const;
    /** \param delay TCP_TX_DELAY (TxDelay) */
    void SetTxDelay(Time delay);
    /** \return the TxDelay attribute */
    Time GetTxDelay() const;

    /** \return sk_gso_max_size in force, bytes */
    uint32_t GsoMaxSize() const;
    /** \return MAX_TCP_HEADER in force, bytes */
    uint32_t MaxTcpHeader() const;
    /** \return TCP_TX_DELAY, us */
    uint32_t TxDelayUs() const;
    /**
     * \param payload bytes of an skb
     * \return its truesize by the profile's model
     */
    uint32_t Truesize(uint32_t payload) const;

    /**
     * \param rate sk_pacing_rate, bytes/s
     * \param shift sk_pacing_shift
     * \param truesize the skb's truesize, bytes
     * \param factor 1 for a retransmission, else 0
     * \param paced the socket is paced (fq or TCP internal pacing)
     * \return the input of the core's TSQ limit
     */
    struct tsq_limit_in LimitInput(uint64_t rate,
                                   uint32_t shift,
                                   uint32_t truesize,
                                   uint32_t factor,
                                   bool paced) const;

    /**
     * \param rate sk_pacing_rate, bytes/s
     * \param shift sk_pacing_shift
     * \param mss mss_now, bytes
     * \param minRttUs tcp_min_rtt, us (TSQ_MIN_RTT_UNKNOWN: none)
     * \return the input of the core's TSO autosizing
     */
    struct tsq_tso_in TsoInput(uint64_t rate,
                               uint32_t shift,
                               uint32_t mss,
                               uint32_t minRttUs) const;

    /**
     * \param mss bytes
     * \param cwnd snd_cwnd, packets
     * \param packetsOut packets_out
     * \param ssthresh snd_ssthresh, packets
     * \param srttX8Us srtt_us (8 x the smoothed RTT, us)
     * \return the input of the core's pacing rate
     */
    struct tsq_pacing_in PacingInput(uint32_t mss,
                                     uint32_t cwnd,
                                     uint32_t packetsOut,
                                     uint32_t ssthresh,
                                     uint32_t srttX8Us) const;

  private:
    const struct tsq_profile* m_base; //!< KernelProfile
    struct tsq_profile m_profile;     //!< m_base with KernelForms applied
    std::string m_forms;              //!< KernelForms
    bool m_ruleSet{false};            //!< TsqRule given (else the profile's)

    enum tsq_rule m_rule
    {
        TSQ_RULE_OFF
    }; //!< TsqRule when m_ruleSet

    uint32_t m_limitOutputBytes{0}; //!< 0 = profile's
    uint32_t m_floorBytes{0};       //!< 0 = none
    uint32_t m_minTsoSegs{0};       //!< 0 = profile's
    uint32_t m_gsoMaxSize{0};       //!< 0 = profile's
    uint32_t m_maxTcpHeader{0};     //!< 0 = profile's
    uint32_t m_txDelayUs{0};        //!< TCP_TX_DELAY, us
};

} // namespace ns3

#endif /* TSQ_KERNEL_CONFIG_H */
