#!/bin/sh
# edca-gate-table.sh -- reproduction 1's points on the EDCA gate (the
# emulated 802.11n hop of tsq/edca_gate.h, --link=gate --gateTiming=edca)
# and on ns-3's WiFi, for the module's TCP: goodput, each point's ratio
# to its first, cwnd / packets in flight, pacing rate / goodput, bytes
# below TCP, MPDUs per A-MPDU, ACKs per AP TXOP (the "EDCA gate" table of
# doc/validation.rst). The shift is the socket's own (InitialPacingShift)
# on the gate, which has no mac80211, TCP_TX_DELAY's extra budget for
# linux-6.16 (how the live kernel's shift is emulated; b*: with the
# receiver's ACKs as Linux 6.7+ sends them, one per burst, as the live
# kernel's receiver does), and mac80211's (--pacingShiftPolicy) on WiFi.
#
# Usage: utils/edca-gate-table.sh [BUILD_DIR] [SEEDS] [DURATION_S]
#   defaults: build, 3 seeds, 10 s measured (about 3.5 minutes on one core)
set -eu
. "$(dirname "$0")/table-runs.sh"
table_args edca-gate-table "$@"

gate='--link=gate --gateTiming=edca --wiredServer=1'
wifi='--link=wifi --driverProfile=ath9k --wiredServer=1'
# side|profile|label:options ... (a point's options, space-free labels)
rows="gate|linux-4.16|s10:--ns3::TsqTcpSocket::InitialPacingShift=10 s9:--ns3::TsqTcpSocket::InitialPacingShift=9 s8:--ns3::TsqTcpSocket::InitialPacingShift=8 s7:--ns3::TsqTcpSocket::InitialPacingShift=7
gate|linux-6.16|d0:--txDelayUs=0 d500:--txDelayUs=500 d1500:--txDelayUs=1500 d3500:--txDelayUs=3500
gate|linux-6.16|b0:--txDelayUs=0,--receiverAcks=burst b500:--txDelayUs=500,--receiverAcks=burst b1500:--txDelayUs=1500,--receiverAcks=burst b3500:--txDelayUs=3500,--receiverAcks=burst
wifi|linux-4.16|s10:--pacingShiftPolicy=10 s9:--pacingShiftPolicy=9 s8:--pacingShiftPolicy=8 s7:--pacingShiftPolicy=7
wifi|linux-6.16|s10:--pacingShiftPolicy=10 s9:--pacingShiftPolicy=9 s8:--pacingShiftPolicy=8 s7:--pacingShiftPolicy=7"

printf '%-5s %-11s %-6s %7s %6s %11s %12s %10s %10s %9s\n' side profile point "Mb/s" ratio \
    "cwnd/flight" "pacing/gput" "below B" "MPDU/AMPDU" "ACKs/TXOP"
echo "$rows" | while IFS='|' read -r side profile points; do
    base=""
    [ "$side" = gate ] && opts=$gate || opts=$wifi
    for point in $points; do
        label=${point%%:*}
        popts=$(echo "${point#*:}" | tr ',' ' ')
        # shellcheck disable=SC2086 # option lists
        sums=$(seed_sums "$side" $opts $popts --kernelProfile="$profile")
        echo "$sums" | awk -v n="$seeds" -v side="$side" -v profile="$profile" \
            -v label="$label" -v base="${base:-0}" '{
                g = $1 / n; b = base > 0 ? base : g
                acks = side == "gate" ? sprintf("%9.1f", $6 / n) : sprintf("%9s", "-")
                printf "%-5s %-11s %-6s %7.1f %6.2f %11.2f %12.2f %10.0f %10.1f %s\n",
                    side, profile, label, g, g / b, $2 / n, $3 / n, $4 / n, $5 / n, acks }'
        [ -n "$base" ] || base=$(echo "$sums" | awk -v n="$seeds" '{ print $1 / n }')
    done
done
printf '%-5s %-11s %-6s %7s %6s   (reference 004: shifts 10/9/8/7: 43.21 78.17 123.94 128.31 Mb/s; ratios 1.81 2.87 2.97)\n' \
    Linux linux-4.16 s10 43.21 1.00
