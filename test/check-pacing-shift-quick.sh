#!/bin/sh
# check-pacing-shift-quick.sh -- run reproduction 1 at a tiny size and check
# its table, its files and that flent's summary of a written .flent.gz
# matches the database (the CTest test "example-pacing-shift-quick").
#
# Usage: test/check-pacing-shift-quick.sh PROGRAM OUTDIR
#   PROGRAM  the built examples/tsq-pacing-shift
#   OUTDIR   scratch results folder (emptied first)
set -eu
[ $# -eq 2 ] || { echo "usage: check-pacing-shift-quick.sh PROGRAM OUTDIR" >&2; exit 2; }
prog=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "check-pacing-shift-quick: FAIL: $*" >&2; exit 1; }

rm -rf "$out"
mkdir -p "$out"
"$prog" --quick --seeds=1 --duration=1.5 --warmup=0.5 --resultsDir="$out" --plot=0 \
    >"$out/table.txt" || fail "the program failed"
cat "$out/table.txt"

# One row per shift with our goodput, and the reference's values beside it.
row() { grep "^shift$1 " "$out/table.txt" || fail "no row for shift $1"; }
for s in 10 9 8 7 6; do
    row "$s" | awk '{ if ($2 != 1 || $3 !~ /^[0-9]+\.[0-9]$/ || $3 <= 0) exit 1 }' ||
        fail "row shift$s: runs or goodput missing"
done
row 10 | grep -q "43\.21 *1\.00" || fail "shift10 lacks Linux's 43.21 / 1.00"
row 9 | grep -q "78\.17 *1\.81" || fail "shift9 lacks Linux's 78.17 / 1.81"
row 8 | grep -q "123\.94 *2\.87" || fail "shift8 lacks Linux's 123.94 / 2.87"
row 7 | grep -q "128\.31 *2\.97" || fail "shift7 lacks Linux's 128.31 / 2.97"
grep -q "^model assumptions: '' (the faithful default)" "$out/table.txt" ||
    fail "the faithful default is not labelled"
grep -q "^wall time: " "$out/table.txt" || fail "no wall time"

# Files: one run database and one Flent file per run, the merged database.
n=$(ls "$out"/pacing-shift/*.db | wc -l)
[ "$n" -eq 5 ] || fail "$n run databases (expected 5)"
rows=$(sqlite3 -batch "$out/pacing-shift.db" "SELECT count(*) FROM runs WHERE experiment =
    'pacing-shift' AND model_assumptions = '' AND ping_rtt_ms_p95 IS NOT NULL
    AND cwnd_segments_mean IS NOT NULL AND tsq_limit_bytes_mean IS NOT NULL
    AND ampdu_mpdus_mean IS NOT NULL AND throttle_events IS NOT NULL;")
[ "$rows" -eq 5 ] || fail "$rows complete rows in the merged database (expected 5)"
set -- "$out"/pacing-shift/shift8-s1-*.flent.gz
[ $# -eq 1 ] && [ -f "$1" ] || fail "not one shift8 seed 1 Flent file: $*"
sh "$here/check-flent.sh" "$1" "$out/pacing-shift.db" 1 ||
    fail "flent's summary differs from the database"

# The sweep form: one job line per run.
"$prog" --quick --seeds=2 --jobsFile="$out/jobs" >/dev/null || fail "--jobsFile failed"
j=$(grep -vc '^#' "$out/jobs")
[ "$j" -eq 10 ] || fail "$j job lines (expected 10)"
echo "check-pacing-shift-quick: PASS"
