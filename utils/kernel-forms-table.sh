#!/bin/sh
# kernel-forms-table.sh -- the kernel's forms one at a time: each place
# where Linux 4.16's TCP differs from 6.16's in the module (the TSQ rule,
# tcp_limit_output_bytes, and the forms of tsq/forms.h: tso_autosize, the
# TSQ shortcut, cwnd validation, the pacing rate's width, the RTT echo,
# HyStart, the truesize model) swapped alone into the other release, at
# shifts 10 and 8: goodput, the ratio, and at shift 10 cwnd / packets in
# flight, pacing rate / goodput, bytes below TCP and MPDUs per A-MPDU (the
# "4.16's forms one at a time" table of doc/validation.rst). A last row per
# side adds tcp_wfree()'s ksoftirqd test with every completion in
# ksoftirqd (--ksoftirqdCompletions: an assumption, the same test in both releases).
#
# gate: the EDCA gate as the live kernel's twin runs it (linux-6.16, the
#   receiver at the AP with one ACK per burst, software-GSO segments of
#   MAX_TCP_HEADER 192), each 4.16 form put into 6.16; the shift is the
#   socket's (InitialPacingShift).
# wifi: ns-3's WiFi as the faithful default runs it (linux-4.16, ath9k,
#   the receiver behind the AP), each 6.16 form put into 4.16; the shift
#   is mac80211's (--pacingShiftPolicy).
#
# Usage: utils/kernel-forms-table.sh [BUILD_DIR] [SEEDS] [DURATION_S]
#   defaults: build, 3 seeds, 10 s measured (about 10 minutes on one core)
set -eu
. "$(dirname "$0")/table-runs.sh"
table_args kernel-forms-table "$@"

gate='--link=gate --gateTiming=edca --wiredServer=0 --receiverAcks=burst --ns3::TsqTcpSocket::SoftwareGso=1 --ns3::TsqTcpSocket::MaxTcpHeader=192'
wifi='--link=wifi --driverProfile=ath9k --wiredServer=1'
# side|base profile|label|options of the row (comma-separated, no spaces)
rows="gate|linux-6.16|6.16|
gate|linux-6.16|rule=4.15|--tsqRule=4.15
gate|linux-6.16|lob=256K|--limitOutputBytes=262144
gate|linux-6.16|tso=4.15|--kernelForms=tso=4.15
gate|linux-6.16|shortcut=empty|--kernelForms=shortcut=empty
gate|linux-6.16|cwnd=2014|--kernelForms=cwnd=2014
gate|linux-6.16|rate=u32|--kernelForms=rate=u32
gate|linux-6.16|rtt=4.13|--kernelForms=rtt=4.13
gate|linux-6.16|hystart=4.x|--kernelForms=hystart=4.x
gate|linux-6.16|truesize=4.14-est|--kernelForms=truesize=4.14-est
gate|linux-4.16|all:4.16|
gate|linux-6.16|ksoftirqd(assum.)|--ksoftirqdCompletions=1
wifi|linux-4.16|4.16|
wifi|linux-4.16|rule=6.16|--tsqRule=6.16
wifi|linux-4.16|lob=4M|--limitOutputBytes=4194304
wifi|linux-4.16|tso=5.18|--kernelForms=tso=5.18
wifi|linux-4.16|shortcut=e-or-s|--kernelForms=shortcut=empty-or-single
wifi|linux-4.16|cwnd=2022|--kernelForms=cwnd=2022
wifi|linux-4.16|rate=u64|--kernelForms=rate=u64
wifi|linux-4.16|rtt=6.1|--kernelForms=rtt=6.1
wifi|linux-4.16|hystart=5.6|--kernelForms=hystart=5.6
wifi|linux-4.16|truesize=6.18|--kernelForms=truesize=6.18
wifi|linux-6.16|all:6.16|
wifi|linux-4.16|ksoftirqd(assum.)|--ksoftirqdCompletions=1"

# point SIDE PROFILE SHIFT OPTIONS: seed_sums of the row at one shift
point() {
    if [ "$1" = gate ]; then
        opts="$gate --ns3::TsqTcpSocket::InitialPacingShift=$3"
    else
        opts="$wifi --pacingShiftPolicy=$3"
    fi
    # shellcheck disable=SC2086 # option lists
    seed_sums "$1" $opts $4 --kernelProfile="$2"
}

printf '%-5s %-18s %7s %7s %6s %11s %12s %9s %10s\n' side form "s10" "s8" s8/s10 \
    "cwnd/flight" "pacing/gput" "below B" "MPDU/AMPDU"
echo "$rows" | while IFS='|' read -r side profile label options; do
    options=$(echo "$options" | tr ',' ' ')
    a=$(point "$side" "$profile" 10 "$options")
    b=$(point "$side" "$profile" 8 "$options")
    echo "$a $b" | awk -v n="$seeds" -v side="$side" -v label="$label" '{
        g10 = $1 / n; g8 = $7 / n
        printf "%-5s %-18s %7.1f %7.1f %6.2f %11.2f %12.2f %9.0f %10.1f\n",
            side, label, g10, g8, g8 / g10, $2 / n, $3 / n, $4 / n, $5 / n }'
done
printf '%-5s %-18s %7s %7s %6s   (reference 004, ath9k)\n' Linux 4.16 43.21 123.94 2.87
