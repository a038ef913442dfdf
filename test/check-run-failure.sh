#!/bin/sh
# A run that dies loses only itself: reproduction 1 at a tiny size with two
# runs at a time; one child is killed (SIGKILL) as soon as it exists. The
# program must still print the table of the other runs, merge them, list
# the killed run as failed with its signal, and exit 1.
# Usage: test/check-run-failure.sh PROGRAM OUTDIR
set -u
[ $# -eq 2 ] || { echo "usage: check-run-failure.sh PROGRAM OUTDIR" >&2; exit 2; }
prog=$1
out=$2
fail() { echo "check-run-failure: FAIL: $*" >&2; exit 1; }
command -v pgrep >/dev/null 2>&1 || fail "pgrep is missing (sh utils/install-deps.sh check)"

rm -rf "$out"
mkdir -p "$out"
"$prog" --quick --seeds=2 --duration=1.5 --warmup=0.5 --only=shift10,shift8 --jobs=2 \
    --plot=0 --flent=0 --resultsDir="$out" >"$out/out.txt" 2>"$out/err.txt" &
pid=$!
victim=""
i=0
while [ -z "$victim" ] && [ $i -lt 400 ]; do
    victim=$(pgrep -P "$pid" | head -n 1)
    [ -n "$victim" ] || sleep 0.02
    i=$((i + 1))
done
[ -n "$victim" ] || fail "no run started within 8 s"
kill -9 "$victim"
wait "$pid"
rc=$?
cat "$out/out.txt"
[ "$rc" -eq 1 ] || fail "exit status $rc, expected 1 (a run failed)"
grep -q "^FAILED: 1 of 4 run(s)" "$out/out.txt" || fail "the killed run is not listed as failed"
grep -q "signal 9" "$out/out.txt" || fail "the failure does not name its signal"
grep -q "^shift10 " "$out/out.txt" && grep -q "^shift8 " "$out/out.txt" ||
    fail "the table of the other runs is missing"
n=$(sqlite3 "$out/pacing-shift.db" "SELECT count(*) FROM runs;" 2>/dev/null) ||
    fail "no merged database"
[ "$n" -eq 3 ] || fail "$n runs merged, expected the 3 that lived"
echo "check-run-failure: PASS: 1 of 4 runs killed, 3 in the table and the database"
