/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-data-error-model.h"

#include "ns3/double.h"
#include "ns3/packet.h"
#include "ns3/string.h"
#include "ns3/wifi-mac-header.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(TsqDataErrorModel);

TypeId
TsqDataErrorModel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TsqDataErrorModel")
            .SetParent<ErrorModel>()
            .SetGroupName("Tsq")
            .AddConstructor<TsqDataErrorModel>()
            .AddAttribute("ErrorRate",
                          "Chance that a data MPDU is dropped (0..1); control and management "
                          "frames are never dropped",
                          DoubleValue(0),
                          MakeDoubleAccessor(&TsqDataErrorModel::m_rate),
                          MakeDoubleChecker<double>(0, 1));
    return tid;
}

TsqDataErrorModel::TsqDataErrorModel()
    : m_data(CreateObject<RateErrorModel>())
{
    m_data->SetAttribute("ErrorUnit", StringValue("ERROR_UNIT_PACKET"));
}

int64_t
TsqDataErrorModel::AssignStreams(int64_t stream)
{
    return m_data->AssignStreams(stream);
}

bool
TsqDataErrorModel::DoCorrupt(Ptr<Packet> p)
{
    // One MPDU with its MAC header (WifiPsdu::GetPacket of a single MPDU,
    // as HT's A-MPDU reception checks each MPDU).
    WifiMacHeader hdr;
    if (p->GetSize() < 10 || p->PeekHeader(hdr) == 0 || !hdr.IsData())
    {
        return false;
    }
    m_data->SetRate(m_rate);
    return m_data->IsCorrupt(p);
}

void
TsqDataErrorModel::DoReset()
{
    m_data->Reset();
}

} // namespace ns3
