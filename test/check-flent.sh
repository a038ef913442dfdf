#!/bin/sh
# check-flent.sh -- open a .flent.gz written by TsqFlentWriter with the real
# flent and check that Flent's own summary mean of "TCP upload" equals the
# run's goodput_mbps in a results database within a tolerance.
#
# Usage: test/check-flent.sh FILE.flent.gz DB [TOLERANCE_PERCENT]
#
#   The run is found in DB by the TSQ_RUN_KEY recorded in the Flent file, so
#   DB may be the run's own file or a merged sweep database. Runs
#   `flent -i FILE -f summary` (Debian package flent; no plotting library
#   needed). Default tolerance: 1 (%). Exit 0 on a match, 1 otherwise.
set -eu

if [ $# -lt 2 ]; then
    echo "usage: check-flent.sh FILE.flent.gz DB [TOLERANCE_PERCENT]" >&2
    exit 2
fi
file=$1
db=$2
tol=${3:-1}
for tool in flent sqlite3 gzip; do
    command -v "$tool" >/dev/null 2>&1 || {
        echo "check-flent: '$tool' is missing (sh utils/install-deps.sh check)" >&2
        exit 1
    }
done

key=$(gzip -dc "$file" | sed -n 's/.*"TSQ_RUN_KEY": *"\([0-9a-f]*\)".*/\1/p' | head -n 1)
if [ -z "$key" ]; then
    echo "check-flent: no TSQ_RUN_KEY in $file" >&2
    exit 1
fi

summary=$(flent -i "$file" -f summary 2>&1) || {
    echo "check-flent: flent failed on $file:" >&2
    echo "$summary" >&2
    exit 1
}
echo "$summary"
# The summary has a line " TCP upload : <avg> <median> <99th %> Mbits/s <N>".
flent_mean=$(printf '%s\n' "$summary" | awk -F' : ' '
    { name = $1; sub(/^ +/, "", name); sub(/ +$/, "", name) }
    name == "TCP upload" { split($2, f, " "); print f[1]; exit }')
db_mean=$(sqlite3 -batch "$db" "SELECT goodput_mbps FROM runs WHERE run_key = '$key';")
if [ -z "$flent_mean" ] || [ -z "$db_mean" ]; then
    echo "check-flent: FAIL: flent mean '${flent_mean}', database goodput_mbps '${db_mean}'" \
        "(run $key)" >&2
    exit 1
fi
if awk -v a="$flent_mean" -v b="$db_mean" -v t="$tol" 'BEGIN {
        d = a - b; if (d < 0) d = -d
        exit !(b != 0 && d <= t / 100 * (b < 0 ? -b : b)) }'; then
    echo "check-flent: PASS: Flent's TCP upload mean $flent_mean Mbit/s =" \
        "database goodput_mbps $db_mean within $tol% (run $key)"
else
    echo "check-flent: FAIL: Flent's TCP upload mean $flent_mean Mbit/s !=" \
        "database goodput_mbps $db_mean within $tol% (run $key)" >&2
    exit 1
fi
