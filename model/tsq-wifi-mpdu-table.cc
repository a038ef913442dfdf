/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-wifi-mpdu-table.h"

namespace ns3
{

TsqWifiMpduTable::Entry*
TsqWifiMpduTable::Track(Ptr<const WifiMpdu> mpdu, uint32_t sta, uint8_t ac)
{
    auto [it, inserted] = m_mpdus.emplace(PeekPointer(mpdu), Entry{});
    if (!inserted)
    {
        return nullptr;
    }
    Entry& entry = it->second;
    entry.mpdu = mpdu;
    entry.sta = sta;
    entry.tid = mpdu->GetHeader().GetQosTid();
    entry.ac = ac;
    entry.size = mpdu->GetSize();
    // The core's cookie. Not the WifiMpdu's address: once an MPDU is acked
    // or dropped its object may be freed and the address given to a new
    // MPDU while the first one's release is still held or due in the core;
    // the two releases of one cookie then pop in due order (a drop is never
    // held), not in completion order, and a charge keyed by address would
    // go to the wrong MPDU (and socket), early. A counter never repeats.
    entry.cookie = m_nextCookie++;
    ++m_waiting[ac];
    return &entry;
}

TsqWifiMpduTable::Entry*
TsqWifiMpduTable::Find(Ptr<const WifiMpdu> mpdu)
{
    auto it = m_mpdus.find(PeekPointer(mpdu));
    return it == m_mpdus.end() ? nullptr : &it->second;
}

bool
TsqWifiMpduTable::MarkWaiting(Ptr<const WifiMpdu> mpdu, uint8_t& ac)
{
    Entry* entry = Find(mpdu);
    if (!entry || entry->waiting)
    {
        return false;
    }
    entry->waiting = true;
    ++m_waiting[entry->ac];
    ac = entry->ac;
    return true;
}

bool
TsqWifiMpduTable::MarkSent(Entry& entry)
{
    const bool first = !entry.sent;
    entry.sent = true;
    if (entry.waiting)
    {
        entry.waiting = false;
        --m_waiting[entry.ac];
    }
    return first;
}

bool
TsqWifiMpduTable::Forget(Ptr<const WifiMpdu> mpdu, Entry& entry)
{
    auto it = m_mpdus.find(PeekPointer(mpdu));
    if (it == m_mpdus.end())
    {
        return false;
    }
    entry = it->second;
    m_mpdus.erase(it);
    if (entry.waiting)
    {
        --m_waiting[entry.ac];
    }
    return true;
}

bool
TsqWifiMpduTable::HasWaiting(uint8_t ac) const
{
    return m_waiting[ac] > 0;
}

Ptr<const WifiMpdu>
TsqWifiMpduTable::NextWaiting(Mac48Address to, uint8_t tid) const
{
    Ptr<const WifiMpdu> next;
    for (const auto& [ptr, entry] : m_mpdus)
    {
        if (!entry.waiting || entry.tid != tid || entry.mpdu->GetHeader().GetAddr1() != to)
        {
            continue;
        }
        if (!next ||
            entry.mpdu->GetHeader().GetSequenceNumber() < next->GetHeader().GetSequenceNumber())
        {
            next = entry.mpdu;
        }
    }
    return next;
}

std::vector<Ptr<const WifiMpdu>>
TsqWifiMpduTable::Mpdus() const
{
    std::vector<Ptr<const WifiMpdu>> all;
    all.reserve(m_mpdus.size());
    for (const auto& [ptr, entry] : m_mpdus)
    {
        all.push_back(entry.mpdu);
    }
    return all;
}

std::vector<Ptr<const WifiMpdu>>
TsqWifiMpduTable::UnsentMpdus() const
{
    std::vector<Ptr<const WifiMpdu>> unsent;
    for (const auto& [ptr, entry] : m_mpdus)
    {
        if (!entry.sent)
        {
            unsent.push_back(entry.mpdu);
        }
    }
    return unsent;
}

std::size_t
TsqWifiMpduTable::Size() const
{
    return m_mpdus.size();
}

void
TsqWifiMpduTable::Clear()
{
    m_mpdus.clear();
    m_waiting.fill(0);
}

} // namespace ns3
