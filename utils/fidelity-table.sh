#!/bin/sh
# fidelity-table.sh -- the Validation table of doc/validation.rst: each
# model configuration runs reproduction 1 (tsq-pacing-shift, shifts 10, 9,
# 8, 7) and gets its ratios to shift 10 and its distance to Linux's
# (reference 004: 1.81, 2.87, 2.97), max over shifts 9..7 of
# |ratio / Linux ratio - 1|.
#
# Usage: utils/fidelity-table.sh [BUILD_DIR] [SEEDS] [DURATION_S]
#   defaults: build, 3 seeds, 10 s measured (about 15 minutes on two cores)
# Runs go to results/fidelity/<conf>/, tables to results/fidelity/<conf>.txt.
set -eu
build=${1:-build}
seeds=${2:-3}
duration=${3:-10}
prog=$build/examples/tsq-pacing-shift
[ -x "$prog" ] || { echo "fidelity-table: no $prog (build first: make build)" >&2; exit 1; }
out=results/fidelity
mkdir -p "$out"

# conf|options|what it is
# 49408 B = 32 A-MPDU subframes of a 1448-byte segment (4 B delimiter +
# 26 B QoS header + 8 B LLC/SNAP + 1500 B IP + 4 B FCS, padded to 1544 B).
confs='A|-|faithful default (linux-4.16, ath9k profile, Linux RTT, HyStart, slow start)
P|--rttEstimator=ns3 --ns3::TsqTcpSocket::LinuxHyStart=false|A with ns-3 RTT and ns-3 HyStart (the previous default)
L6|--kernelProfile=linux-6.16|A with the linux-6.16 profile
R|--receiverAcks=burst|A + one ACK per burst of segments at the receiver
M32|--ns3::WifiMac::BE_MaxAmpduSize=49408|A + ath9k 32-subframe A-MPDU cap
MH|--minstrel|A + Minstrel-HT rate control
C|--ns3::WifiTsqAdapter::PipelineDepth=3|A + ath9k completion after the next aggregate is formed
F|--ns3::WifiMac::BE_MaxAmpduSize=49408 --minstrel --ns3::WifiTsqAdapter::PipelineDepth=3|A + M32 + MH + C
E|--completionLatencyUs=1000|A + 1 ms completion latency (ASSUMPTION)'

printf '%-5s %-9s %-9s %-9s %-9s %-16s %-8s %s\n' conf shift10 shift9 shift8 shift7 "ratios 9/8/7" distance "configuration"
echo "$confs" | while IFS='|' read -r name opts what; do
    [ "$opts" = - ] && opts=
    # shellcheck disable=SC2086 # opts is a list of options
    nice "$prog" --shifts=10,9,8,7 --seeds="$seeds" --duration="$duration" \
        --resultsDir="$out" --name="$name" --plot=0 $opts >"$out/$name.txt" 2>"$out/$name.log" ||
        { echo "fidelity-table: $name failed, see $out/$name.log" >&2; exit 1; }
    # Row: label runs Mb/s sd min-max ratio ...; MPDU/AMPDU is column 13.
    awk -v name="$name" -v what="$what" '
        $1 ~ /^shift(10|9|8|7)$/ { s = substr($1, 6); g[s] = $3; sd[s] = $4; m[s] = $13 }
        END {
            split("1.81 2.87 2.97", lin, " ")
            d = 0; r = ""
            for (i = 1; i <= 3; i++) {
                s = 10 - i; q = g[s] / g[10]; r = r sprintf("%.2f ", q)
                e = q / lin[i] - 1; if (e < 0) e = -e; if (e > d) d = e
            }
            printf "%-5s %-9s %-9s %-9s %-9s %-16s %-8.2f %s\n", name,
                sprintf("%.1f(%.0f)", g[10], m[10]), sprintf("%.1f(%.0f)", g[9], m[9]),
                sprintf("%.1f(%.0f)", g[8], m[8]), sprintf("%.1f(%.0f)", g[7], m[7]), r, d, what
        }' "$out/$name.txt"
done
echo "goodput Mb/s (mean MPDUs per A-MPDU); $seeds seed(s) x $duration s; tables in $out/<conf>.txt"
