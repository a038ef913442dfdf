#!/bin/sh
# check-sweep-slurm.sh -- utils/tsq-sweep-slurm.sh without a SLURM cluster:
# four tiny runs of reproduction 1 (the job file tsq-pacing-shift --jobsFile
# writes). Checks:
#   - --dry-run prints the array (--array=1-4) and the merge job depending on
#     it, and runs task 1 as SLURM would (output in results/slurm-A_1.out);
#   - those printed commands, run by a shell with a stand-in sbatch that
#     records its arguments, submit exactly what --submit submits;
#   - tasks 2..4 run as slurmd runs an array task (a spool copy of the script
#     run from the submit folder with SLURM_ARRAY_TASK_ID and the other
#     SLURM_* variables, stdin /dev/null, output per the #SBATCH line), with a
#     merge between them as a user may run while tasks still run;
#   - the final merge holds each job's run exactly once, and merging again
#     changes nothing (the database's full dump is the same);
#   - malformed options are refused with exit status 2 and one line.
#
# Usage: test/check-sweep-slurm.sh PROGRAM WORKDIR
#   PROGRAM  the built examples/tsq-pacing-shift
#   WORKDIR  scratch folder (emptied first), the "submit folder"
set -u
[ $# -eq 2 ] || { echo "usage: check-sweep-slurm.sh PROGRAM WORKDIR" >&2; exit 2; }
prog=$1
work=$2
top=$(cd "$(dirname "$0")/.." && pwd)
slurm=$top/utils/tsq-sweep-slurm.sh
me=check-sweep-slurm
fail() { echo "$me: FAIL: $*" >&2; exit 1; }

[ -x "$prog" ] || fail "no program '$prog'"
prog=$(cd "$(dirname "$prog")" && pwd)/$(basename "$prog") # used from WORKDIR
rm -rf "$work"
mkdir -p "$work" || fail "cannot make $work"
work=$(cd "$work" && pwd)
cd "$work" || fail "cannot enter $work"

name=slurm
"$prog" --shifts=10,8 --seeds=2 --duration=1 --warmup=0.5 --flent=0 \
    --name="$name" --resultsDir=results --jobsFile=jobs.txt >jobsfile.log 2>&1 ||
    fail "--jobsFile: $(tail -n 1 jobsfile.log)"
n=$(sh "$slurm" --count jobs.txt)
[ "$n" -eq 4 ] || fail "--count: $n (expected 4)"

# Refused inputs: exit 2, one line naming the option and the value.
refused() { # refused EXPECTED_TEXT ARGS...
    want=$1
    shift
    rc=0
    sh "$slurm" "$@" >bad.out 2>bad.err || rc=$?
    [ "$rc" -eq 2 ] || fail "'$*': exit $rc (expected 2)"
    [ "$(wc -l <bad.err)" -eq 1 ] || fail "'$*': not one line: $(cat bad.err)"
    grep -q -- "$want" bad.err || fail "'$*': '$(cat bad.err)' does not say '$want'"
}
refused "--max-running '0' (allowed: 1 or more" --dry-run --max-running 0 "$name" jobs.txt
refused "--max-running 'x' (allowed: 1 or more" --submit --max-running x "$name" jobs.txt
refused "--task '0' (allowed: 1..N" --task 0 "$name" jobs.txt
refused "task 5: jobs.txt has only 4 command(s)" --task 5 "$name" jobs.txt
refused "unknown option '--array' (allowed: --submit, --dry-run" --array 1-4 "$name" jobs.txt
refused "NAME 'a/b' (allowed: letters" --dry-run a/b jobs.txt
refused "no job file 'none.txt'" --dry-run "$name" none.txt
[ ! -d results ] || fail "a refused command made results/"

# The dry run: two sbatch commands, then task 1 as SLURM runs it.
sh "$slurm" --dry-run "$name" jobs.txt >dry.log 2>&1 || { cat dry.log; fail "--dry-run"; }
sed -n '1,3p' dry.log
grep -q -- "--array=1-4 $slurm $name jobs.txt)\$" dry.log || fail "--dry-run printed no --array=1-4"
# shellcheck disable=SC2016 # the printed command's own $jid, unexpanded
grep -q -- '--dependency=afterany:${jid%%;\*}' dry.log || fail "--dry-run printed no merge dependency"
a=$(sed -n 's/.*SLURM_ARRAY_JOB_ID=\([0-9]*\),.*/\1/p' dry.log)
[ -n "$a" ] || fail "--dry-run named no SLURM_ARRAY_JOB_ID"
grep -q "^tsq-sweep-slurm: $name task 1 on " "results/slurm-${a}_1.out" ||
    fail "task 1's output is not in results/slurm-${a}_1.out"
grep -q "dry run: task 1 exited 0" dry.log || fail "task 1 did not exit 0"

# The printed commands are those --submit runs: both, with a stand-in sbatch
# (first call: the array, id 4242 on cluster c; then the merge, id 4243).
mkdir -p bin
cat >bin/sbatch <<'EOF'
#!/bin/sh
# stand-in sbatch: record the arguments, one per line, and answer a job id
for a in "$@"; do printf '%s\n' "$a"; done >>"$SBATCH_RECORD"
echo "--" >>"$SBATCH_RECORD"
if [ -f "$SBATCH_RECORD.n" ]; then echo 4243; else : >"$SBATCH_RECORD.n"; echo "4242;c"; fi
EOF
chmod +x bin/sbatch
SBATCH_RECORD=$work/submit.rec PATH=$work/bin:$PATH sh "$slurm" --submit "$name" jobs.txt \
    >submit.log 2>&1 || { cat submit.log; fail "--submit"; }
grep -q "array job 4242 (4 task(s)), merge job 4243" submit.log || fail "--submit: $(cat submit.log)"
sed -n '2,3p' dry.log >printed.sh
SBATCH_RECORD=$work/printed.rec PATH=$work/bin:$PATH sh printed.sh >/dev/null ||
    fail "the printed commands do not run"
cmp -s submit.rec printed.rec || fail "--submit submits other than --dry-run prints: $(diff submit.rec printed.rec | head -n 4)"
grep -qx -- "--dependency=afterany:4242" submit.rec || fail "the merge does not depend on the array"

# A merge while "tasks still run" (only task 1 has), then tasks 2..4 as
# slurmd runs them, one at a time.
db=results/$name.db
sh "$top/utils/tsq-merge.sh" --strict "$db" "results/$name" >merge1.log 2>&1 ||
    fail "merge after task 1: $(cat merge1.log)"
[ "$(sqlite3 -batch "$db" "SELECT count(*) FROM runs;")" -eq 1 ] || fail "not 1 run after task 1"
spool=$work/spool/job$a
mkdir -p "$spool"
cp "$slurm" "$spool/slurm_script"
chmod 700 "$spool/slurm_script"
t=2
while [ "$t" -le "$n" ]; do
    out=results/slurm-${a}_$t.out
    (
        SLURM_JOB_ID=$((a + t - 1)) # each task has its own job id
        SLURM_ARRAY_JOB_ID=$a
        SLURM_ARRAY_TASK_ID=$t
        SLURM_ARRAY_TASK_COUNT=$n
        SLURM_ARRAY_TASK_MIN=1
        SLURM_ARRAY_TASK_MAX=$n
        SLURM_SUBMIT_DIR=$work
        SLURM_JOB_NAME=tsq-$name
        export SLURM_JOB_ID SLURM_ARRAY_JOB_ID SLURM_ARRAY_TASK_ID SLURM_ARRAY_TASK_COUNT \
            SLURM_ARRAY_TASK_MIN SLURM_ARRAY_TASK_MAX SLURM_SUBMIT_DIR SLURM_JOB_NAME
        exec "$spool/slurm_script" "$name" jobs.txt </dev/null >"$out" 2>&1
    ) || fail "task $t: $(tail -n 3 "$out")"
    grep -q "^tsq-sweep-slurm: $name task $t on " "$out" || fail "task $t: $(head -n 1 "$out")"
    t=$((t + 1))
done

# The merge job's command (the --wrap above), then again: idempotent.
sh "$top/utils/tsq-merge.sh" --strict "$db" "results/$name" >merge2.log 2>&1 ||
    fail "final merge: $(cat merge2.log)"
sed -n "s/.*--only=\([^ ']*\).* --seed=\([0-9]*\).*/\1 \2/p" jobs.txt | sort >want.txt
sqlite3 -batch "$db" "SELECT point || ' ' || seed FROM runs ORDER BY 1;" >got.txt
cmp -s want.txt got.txt ||
    fail "runs in $db (point seed): $(tr '\n' ',' <got.txt); the job file's: $(tr '\n' ',' <want.txt)"
before=$(sqlite3 -batch "$db" .dump | cksum)
sh "$top/utils/tsq-merge.sh" --strict "$db" "results/$name" >merge3.log 2>&1 ||
    fail "merging again: $(cat merge3.log)"
after=$(sqlite3 -batch "$db" .dump | cksum)
grep -q ": 4 run(s); 0 new from 4 file(s), 0 skipped, 0 refused" merge3.log ||
    fail "merging again: $(tail -n 1 merge3.log)"
[ "$before" = "$after" ] || fail "merging the same runs again changed $db"
echo "$me: $(tail -n 1 merge2.log); again: $(tail -n 1 merge3.log); dump unchanged"
echo "$me: PASS: dry run printed the array and merge job --submit submits; 4 tasks run as SLURM runs them; each run merged once; merge idempotent"
