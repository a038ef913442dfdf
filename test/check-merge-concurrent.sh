#!/bin/sh
# Concurrent merges lose no run: 24 run databases merged by 24 tsq-merge.sh
# started at once into one new sweep database, with flock(1) and with the
# merge's own lock (TSQ_MERGE_NO_FLOCK=1, as where flock is missing); then a
# lock left by a merge that died is taken over.
# Usage: test/check-merge-concurrent.sh SELFTEST_PROGRAM WORKDIR
set -u
[ $# -eq 2 ] || { echo "usage: check-merge-concurrent.sh SELFTEST_PROGRAM WORKDIR" >&2; exit 2; }
prog=$1
work=$2
top=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "check-merge-concurrent: FAIL: $*" >&2; exit 1; }
rm -rf "$work"
mkdir -p "$work"
n=24
i=1
while [ $i -le $n ]; do
    "$prog" --seed=$i --shift=$((i % 11)) --duration=1 --warmup=0 --out="$work/runs/r$i" \
        >/dev/null || fail "selftest run $i"
    i=$((i + 1))
done
for mode in flock own; do
    out=$work/sweep-$mode.db
    pids=""
    i=1
    while [ $i -le $n ]; do
        if [ "$mode" = own ]; then
            TSQ_MERGE_NO_FLOCK=1 sh "$top/utils/tsq-merge.sh" --quiet --strict "$out" \
                "$work/runs/r$i/run.db" >"$work/m$mode$i.log" 2>&1 &
        else
            sh "$top/utils/tsq-merge.sh" --quiet --strict "$out" "$work/runs/r$i/run.db" \
                >"$work/m$mode$i.log" 2>&1 &
        fi
        pids="$pids $!"
        i=$((i + 1))
    done
    bad=0
    for p in $pids; do
        wait "$p" || bad=$((bad + 1))
    done
    got=$(sqlite3 "$out" "SELECT count(*) FROM runs;")
    [ "$bad" -eq 0 ] || fail "$mode: $bad of $n merges failed ($(cat "$work"/m$mode*.log | grep -v ': [0-9]* run(s);' | head -n 1))"
    [ "$got" -eq "$n" ] || fail "$mode: $got of $n runs in the sweep database"
    echo "check-merge-concurrent: $mode: $n concurrent merges, $got runs"
done
# A lock left by a merge that died (SIGKILL: no trap ran) is taken over.
out=$work/sweep-stale.db
mkdir "$out.lockdir"
sh -c 'exit 0' &
dead=$!
wait "$dead"
echo "$dead" >"$out.lockdir/pid"
TSQ_MERGE_NO_FLOCK=1 sh "$top/utils/tsq-merge.sh" --quiet --strict "$out" "$work/runs" \
    >"$work/stale.log" 2>&1 || fail "a dead merge's lock was not taken over: $(cat "$work/stale.log")"
[ ! -d "$out.lockdir" ] || fail "the lock directory was left behind"
got=$(sqlite3 "$out" "SELECT count(*) FROM runs;")
[ "$got" -eq "$n" ] || fail "stale lock: $got of $n runs"
echo "check-merge-concurrent: PASS"
