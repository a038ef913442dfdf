#!/bin/sh
# check-run-key.sh -- five runs of reproduction 1 that differ in one input
# each (short guard interval, send buffer, receive buffer, drain, an
# attribute override given as --ns3::...) written into one results folder
# under one name: five rows in the merged database, each with its input in
# its own column, and five run files; running one of them again adds
# nothing (the same key, the same row); a run file whose row was changed
# under its key is refused by the merge (the CTest test
# "example-run-key-covers-inputs").
#
# Usage: test/check-run-key.sh PROGRAM OUTDIR
#   PROGRAM  the built examples/tsq-pacing-shift
#   OUTDIR   scratch results folder (emptied first)
set -eu
[ $# -eq 2 ] || { echo "usage: check-run-key.sh PROGRAM OUTDIR" >&2; exit 2; }
prog=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "check-run-key: FAIL: $*" >&2; exit 1; }
q() { sqlite3 -batch "$out/k.db" "$1"; }

rm -rf "$out"
mkdir -p "$out"
run() {
    "$prog" --only=shift10 --seeds=1 --duration=0.5 --warmup=0.5 --plot=0 --flent=0 \
        --resultsDir="$out" --name=k "$@" >"$out/log" 2>&1 || {
        cat "$out/log"
        fail "the run with $* failed"
    }
}
for input in --shortGi=false --sndBuf=200000 --rcvBuf=100000 --drain=1 \
    --ns3::TsqTcpSocket::LinuxHyStart=false; do
    run "$input"
    grep "^shift10 " "$out/log" | sed "s|^|$input: |"
done
rows=$(q "SELECT count(*) FROM runs;")
[ "$rows" -eq 5 ] || fail "$rows rows in the merged database (expected 5)"
keys=$(q "SELECT count(DISTINCT run_key) FROM runs;")
[ "$keys" -eq 5 ] || fail "$keys distinct run keys (expected 5)"
n=$(ls "$out"/k/*.db | wc -l)
[ "$n" -eq 5 ] || fail "$n run files (expected 5): one overwrote another"
[ "$(q "SELECT count(*) FROM runs WHERE short_gi = 0;")" -eq 1 ] || fail "short_gi"
[ "$(q "SELECT count(*) FROM runs WHERE snd_buf_bytes = 200000;")" -eq 1 ] || fail "snd_buf_bytes"
[ "$(q "SELECT count(*) FROM runs WHERE rcv_buf_bytes = 100000;")" -eq 1 ] || fail "rcv_buf_bytes"
[ "$(q "SELECT count(*) FROM runs WHERE drain_s = 1.0;")" -eq 1 ] || fail "drain_s"
[ "$(q "SELECT count(*) FROM runs WHERE attribute_overrides =
    'ns3::TsqTcpSocket::LinuxHyStart=false';")" -eq 1 ] || fail "attribute_overrides"

# The same run again: the same key, nothing new.
run --drain=1
[ "$(q "SELECT count(*) FROM runs;")" -eq 5 ] || fail "a rerun added a row"

# An override the scenario would overwrite is refused before anything runs.
rc=0
"$prog" --only=shift10 --resultsDir="$out" --name=k \
    --ns3::TcpSocket::SndBufSize=100000 >"$out/log" 2>&1 || rc=$?
[ "$rc" -eq 2 ] || fail "an overwritten override: exit $rc (expected 2)"
grep -q "SndBufSize=100000 would be overwritten by the scenario; allowed: the scenario's --sndBuf" \
    "$out/log" || fail "no refusal naming --sndBuf: $(cat "$out/log")"

# A run file whose row differs under the same key: the merge refuses it.
set -- "$out"/k/*.db
cp "$1" "$out/changed.db"
sqlite3 -batch "$out/changed.db" "UPDATE runs SET goodput_mbps = goodput_mbps + 1;"
rc=0
sh "$here/../utils/tsq-merge.sh" "$out/k.db" "$out/changed.db" >"$out/log" 2>&1 || rc=$?
[ "$rc" -eq 1 ] || fail "a changed row under its key merged (exit $rc)"
grep -q "refusing .*changed.db: run .* goodput_mbps" "$out/log" || fail "no refusal: $(cat "$out/log")"
[ "$(q "SELECT count(*) FROM runs;")" -eq 5 ] || fail "the refused file changed the database"
echo "check-run-key: PASS"
