/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-rtt-sample-estimator.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TsqRttSampleEstimator");

NS_OBJECT_ENSURE_REGISTERED(TsqRttSampleEstimator);

TypeId
TsqRttSampleEstimator::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TsqRttSampleEstimator")
                            .SetParent<RttEstimator>()
                            .SetGroupName("Tsq")
                            .AddConstructor<TsqRttSampleEstimator>();
    return tid;
}

TsqRttSampleEstimator::TsqRttSampleEstimator()
{
    NS_LOG_FUNCTION(this);
}

TsqRttSampleEstimator::TsqRttSampleEstimator(const TsqRttSampleEstimator& other)
    : RttEstimator(other),
      m_inner(other.m_inner ? other.m_inner->Copy() : nullptr),
      m_lastSample(other.m_lastSample),
      m_samples(other.m_samples)
{
    NS_LOG_FUNCTION(this);
}

TsqRttSampleEstimator::~TsqRttSampleEstimator()
{
    NS_LOG_FUNCTION(this);
}

TypeId
TsqRttSampleEstimator::GetInstanceTypeId() const
{
    return GetTypeId();
}

void
TsqRttSampleEstimator::DoDispose()
{
    m_inner = nullptr;
    RttEstimator::DoDispose();
}

void
TsqRttSampleEstimator::SetInner(Ptr<RttEstimator> inner)
{
    NS_LOG_FUNCTION(this << inner);
    NS_ABORT_MSG_IF(!inner, "TsqRttSampleEstimator needs an estimator to wrap");
    m_inner = inner;
    Mirror();
}

Ptr<RttEstimator>
TsqRttSampleEstimator::GetInner() const
{
    return m_inner;
}

void
TsqRttSampleEstimator::Mirror()
{
    m_estimatedRtt = m_inner->GetEstimate();
    m_estimatedVariation = m_inner->GetVariation();
    m_nSamples = m_inner->GetNSamples();
}

void
TsqRttSampleEstimator::Measurement(Time t)
{
    NS_LOG_FUNCTION(this << t);
    m_lastSample = t;
    ++m_samples;
    m_inner->Measurement(t);
    Mirror();
}

Ptr<RttEstimator>
TsqRttSampleEstimator::Copy() const
{
    return CopyObject<TsqRttSampleEstimator>(this);
}

void
TsqRttSampleEstimator::Reset()
{
    NS_LOG_FUNCTION(this);
    // m_samples keeps counting: readers compare it with what they saw.
    m_lastSample = Time(0);
    m_inner->Reset();
    Mirror();
}

Time
TsqRttSampleEstimator::GetLastSample() const
{
    return m_lastSample;
}

uint64_t
TsqRttSampleEstimator::GetSampleCount() const
{
    return m_samples;
}

} // namespace ns3
