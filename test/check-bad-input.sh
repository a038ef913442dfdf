#!/bin/sh
# check-bad-input.sh -- every option of every program refuses malformed
# values: exit status 2 and one line naming the option and the value as
# given (never an abort, never a run with a different value). The options
# and their types come from each program's --PrintHelp (the default in
# brackets: true/false a bool, digits a whole number, a dot a real number);
# each type has its list of bad values, and options that take a listed name
# are given a name that is not on the list. The C tools get their own
# tables. Prints one line per refusal class and a summary table (the CTest
# test "example-bad-input-every-option").
#
# Usage: test/check-bad-input.sh BUILDDIR
set -eu
[ $# -eq 1 ] || { echo "usage: check-bad-input.sh BUILDDIR" >&2; exit 2; }
build=$(cd "$1" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# A value wrongly taken would run: its results stay in the scratch folder.
mkdir "$tmp/cwd"
cd "$tmp/cwd"
cases=0
failures=0

# try PROGRAM NAME VALUE|--none ARGS...: the invocation must be refused.
try() {
    prog=$1 name=$2 value=$3
    shift 3
    rc=0
    timeout 10 "$@" >"$tmp/out" 2>"$tmp/err" </dev/null || rc=$?
    cases=$((cases + 1))
    lines=$(cat "$tmp/out" "$tmp/err" | grep -c . || true)
    if [ "$value" = --none ]; then
        want="$name needs a value"
    else
        want="$name=$value"
    fi
    if [ "$rc" -ne 2 ] || [ "$lines" -ne 1 ] || ! grep -qF -- "$want" "$tmp/err"; then
        failures=$((failures + 1))
        echo "FAIL $prog: $*: exit $rc, $lines line(s):" >&2
        head -n 3 "$tmp/out" "$tmp/err" >&2
    fi
}

# ns3_program NAME [SKIP_REGEX]: every option of an ns-3 program.
ns3_program() {
    prog=$1
    skip=${2:-'^$'}
    exe=$build/examples/$prog
    "$exe" --PrintHelp >"$tmp/help"
    sed -n '/^Program Options:/,/^$/p' "$tmp/help" | grep '^    --' |
        sed 's/^    --\([A-Za-z0-9]*\):.*\[\(.*\)\]$/\1 \2/; t; s/^    --\([A-Za-z0-9]*\):.*/\1/' \
            >"$tmp/options"
    n=0
    while read -r name default; do
        echo "$name" | grep -Eq "$skip" && continue
        n=$((n + 1))
        values=""
        d=${default:-}
        if [ "$d" = true ] || [ "$d" = false ]; then
            values="yes 2 truex"
        elif echo "$d" | grep -Eq '^-[0-9]+$'; then
            values="3abc 1e30 1.5"
        elif echo "$d" | grep -Eq '^[0-9]+$'; then
            values="3abc 1e30 -1 0x10 99999999999999999999"
        elif echo "$d" | grep -Eq '^-?[0-9]*\.[0-9]+$|^[0-9.]+e[-+]?[0-9]+$'; then
            values="0.5x nan inf 1e999 -5"
        fi
        # options that take a listed name
        case $name in
        cc | link | links | queueDisc | traffic | pacingShiftPolicy | driver | kernelProfile | kernelForms | rule | standard | \
            rules | standards | gateRelease | receiverAcks | rttEstimator | socketFactory | sides | only)
            values="$values bogus-name" ;;
        esac
        for v in $values; do
            if [ "$v" = --none ]; then
                try "$prog" "--$name" --none "$exe" "--$name"
            else
                try "$prog" "$name" "$v" "$exe" "--$name=$v"
            fi
        done
    done <"$tmp/options"
    # an unknown option, a stray argument, a malformed attribute value
    try "$prog" "--noSuchOption" 1 "$exe" --noSuchOption=1
    try "$prog" "ns3::TcpSocket::SegmentSize" 12x "$exe" --ns3::TcpSocket::SegmentSize=12x
    try "$prog" "ns3::TcpSocketBase::MinRto" 5x "$exe" --ns3::TcpSocketBase::MinRto=5x
    echo "$prog: $n options"
}

# The reproductions share the scenario's options: all of them once
# (tsq-pacing-shift), their own ones in each.
scenario='^(nSta|standard|nss|mcs|channelWidth|shortGi|heGuardInterval|distance|minstrel|wiredServer|queueDisc|qdiscPackets|socketFactory|segmentSize|sndBuf|rcvBuf|warmup|warmupExtra|pingInterval|drain|sampleInterval|precision|batch|minBatches|link|p2pRate|p2pDelayUs|deviceQueuePackets|traffic|udpRate|maxBytes|tsq|kernelProfile|rule|pacingShiftPolicy|driver|completionLatencyUs|floor|limitOutputBytes|apRxErrorRate|staRxErrorRate|gate[A-Za-z]*|initialSsthresh|tsoBursts|txDelayUs|receiverAcks|burstAckUs|rttEstimator|cc|seed|duration)$'
ns3_program tsq-pacing-shift
ns3_program tsq-wifi-upload
for p in tsq-floor tsq-cc tsq-kernel-history tsq-wired-control tsq-ack-timing tsq-standards; do
    ns3_program "$p" "$scenario"
done
ns3_program tsq-bench
ns3_program tsq-live-twin
ns3_program tsq-results-selftest
ns3_program tsq-fault-matrix

# The C tools: the option, then its bad values.
calc=$build/c-core/tsq-calc
for v in 3abc -1 1e30 ''; do
    try tsq-calc "--shift" "'$v'" "$calc" limit --rule 4.15 --rate 1000 --shift "$v"
done
try tsq-calc "--rate" "'12x'" "$calc" limit --rule 4.15 --rate 12x
try tsq-calc "--ss-ratio" "'1001'" "$calc" pacing-rate --mss 1448 --cwnd 10 --srtt-us 1000 --ss-ratio 1001
try tsq-calc "--srtt-us" "'-3'" "$calc" pacing-rate --mss 1448 --cwnd 10 --srtt-us -3
for prog in tsq-live-flow tsq-live-gate; do
    exe=$build/live-kernel/$prog
    [ -x "$exe" ] || continue
    sub=""
    [ "$prog" = tsq-live-flow ] && sub=send
    for v in 3abc -1 ' 5' 99999999999999999999; do
        try "$prog" "--duration-ms" "'$v'" "$exe" $sub --duration-ms "$v"
    done
done

echo "bad inputs: $cases, refused with exit 2 and one line naming the value: $((cases - failures))"
[ "$failures" -eq 0 ] || { echo "check-bad-input: FAIL ($failures)"; exit 1; }
echo "check-bad-input: PASS"
