#!/bin/sh
# tsq-sweep.sh -- run a sweep with GNU parallel and merge its runs as they
# finish.
#
# Usage: utils/tsq-sweep.sh [options] NAME JOBFILE [-- GNU_PARALLEL_OPTIONS...]
#
#   JOBFILE has one shell command per line (blank lines and lines starting
#   with '#' are ignored); each command runs one simulation and writes its own
#   run database under results/NAME/ (TsqResultsDb::WriteRun), e.g. the
#   lines an experiment program writes with --jobsFile (NAME = its --name):
#       'build/examples/tsq-pacing-shift' --only=shift8 --seeds=1 --seed=3 --merge=0 --plot=0 --jobs=1
#   Each job sees TSQ_SWEEP=NAME, TSQ_RESULTS_DIR=results/NAME (relative to
#   the folder tsq-sweep.sh was started in) and GNU parallel's PARALLEL_SEQ
#   (1..N, the job's line number among the commands), for job files written
#   by other means.
#
#   Jobs run through GNU parallel on all local cores (-j to change). On a
#   terminal GNU parallel's --bar shows runs done/total and the estimated
#   time left; otherwise (logs, CI) a line "tsq-sweep: progress D/N runs
#   done, ~S s left" is printed every --progress-every seconds from GNU
#   parallel's job log. Every --merge-every seconds, and once at the end, the
#   finished runs are merged into results/NAME.db (utils/tsq-merge.sh; log in
#   results/NAME.merge.log). GNU parallel's job log is results/NAME.joblog;
#   --resume reruns only jobs not yet done, --resume-failed also failed ones.
#
# Options:
#   -j N                 jobs at once (default: one per core)
#   --sshloginfile FILE  run on many machines: passed to GNU parallel
#                        (see "Many machines" below)
#   --merge-every S      seconds between merges while running (default 30;
#                        0: merge only at the end)
#   --progress-every S   seconds between progress lines when stderr is not
#                        a terminal (default 10)
#   --results DIR        results folder (default: results)
#   --resume, --resume-failed   passed to GNU parallel with the job log
#   --dry-run            print the jobs and the parallel command, run nothing
#   Everything after "--" goes to GNU parallel unchanged.
#
# Many machines (GNU parallel over ssh): list the hosts in FILE (GNU
# parallel's format, e.g. "8/user@host1"; ":" is this machine). The module
# must be built at the same path on every host and the run files must come
# back: the simple way is a shared filesystem (NFS, ...) holding this
# folder, with the remote jobs started in the same folder:
#     utils/tsq-sweep.sh --sshloginfile hosts NAME jobs -- --workdir "$PWD"
# Without a shared filesystem, let every job write a fixed, predictable
# name and have GNU parallel bring it back with --return/--cleanup
# (see `man parallel`, "--return"); merging then runs here as usual.
# TSQ_SWEEP and TSQ_RESULTS_DIR are passed to remote jobs (--env); GNU
# parallel sets PARALLEL_SEQ there itself.
#
# SLURM clusters: utils/tsq-sweep-slurm.sh runs the same JOBFILE as a job
# array.
set -eu

die() { echo "tsq-sweep: $*" >&2; exit 2; }

jobs=""
sshlogin=""
every=30
pevery=10
results=results
resume=""
dry=0
while [ $# -gt 0 ]; do
    case $1 in
    -j) [ $# -ge 2 ] || die "-j needs a number"; jobs=$2; shift 2 ;;
    -j*) jobs=${1#-j}; shift ;;
    --sshloginfile) [ $# -ge 2 ] || die "--sshloginfile needs a file"; sshlogin=$2; shift 2 ;;
    --merge-every) [ $# -ge 2 ] || die "--merge-every needs seconds"; every=$2; shift 2 ;;
    --progress-every) [ $# -ge 2 ] || die "--progress-every needs seconds"; pevery=$2; shift 2 ;;
    --results) [ $# -ge 2 ] || die "--results needs a folder"; results=$2; shift 2 ;;
    --resume | --resume-failed) resume=$1; shift ;;
    --dry-run) dry=1; shift ;;
    -h | --help) sed -n '2,/^set -eu/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
    --) break ;;
    -*) die "unknown option '$1' (see --help; GNU parallel options go after --)" ;;
    *) break ;;
    esac
done
[ $# -ge 2 ] || die "usage: tsq-sweep.sh [options] NAME JOBFILE [-- PARALLEL_OPTIONS...]"
name=$1
jobfile=$2
shift 2
if [ $# -gt 0 ]; then
    [ "$1" = "--" ] || die "unexpected '$1' (GNU parallel options go after --)"
    shift
fi
case $name in "" | *[!A-Za-z0-9._-]*) die "NAME '$name' (allowed: letters, digits, . _ -)" ;; esac
[ -f "$jobfile" ] || die "no job file '$jobfile'"
case $every in "" | *[!0-9]*) die "--merge-every '$every' (allowed: 0 or seconds)" ;; esac
case $pevery in "" | 0 | *[!0-9]*) die "--progress-every '$pevery' (allowed: seconds > 0)" ;; esac
if [ -n "$jobs" ]; then
    case $jobs in *[!0-9%+-]*) die "-j '$jobs' (allowed: N, +N, -N or N%)" ;; esac
fi
if [ -n "$sshlogin" ] && [ ! -f "$sshlogin" ]; then
    die "no ssh login file '$sshlogin'"
fi
command -v parallel >/dev/null 2>&1 ||
    die "GNU parallel is missing (sh utils/install-deps.sh sweep)"
parallel --version 2>/dev/null | grep -q "GNU parallel" ||
    die "'parallel' is not GNU parallel (moreutils' has the same name)"

here=$(cd "$(dirname "$0")" && pwd)
out="$results/$name.db"
log="$results/$name.merge.log"
joblog="$results/$name.joblog"

tmp=$(mktemp -d)
merger=""
# shellcheck disable=SC2317 # called by the trap
cleanup() {
    if [ -n "$merger" ]; then
        : >"$tmp/stop"
        wait "$merger" 2>/dev/null || true
    fi
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$jobfile" >"$tmp/jobs" || true
total=$(wc -l <"$tmp/jobs" | tr -d ' ')
[ "$total" -gt 0 ] || die "no command in '$jobfile'"

set -- --joblog "$joblog" "$@"
tty=0
if [ -t 2 ]; then
    tty=1
    set -- --bar "$@"
fi
[ -z "$jobs" ] || set -- -j "$jobs" "$@"
[ -z "$resume" ] || set -- "$resume" "$@"
if [ -n "$sshlogin" ]; then
    set -- --sshloginfile "$sshlogin" --env TSQ_SWEEP --env TSQ_RESULTS_DIR "$@"
fi

TSQ_SWEEP=$name
TSQ_RESULTS_DIR=$results/$name
export TSQ_SWEEP TSQ_RESULTS_DIR

if [ "$dry" -eq 1 ]; then
    echo "tsq-sweep: $total job(s) for $name:"
    cat "$tmp/jobs"
    echo "tsq-sweep: would run: parallel $* :::: JOBS; merge into $out"
    exit 0
fi

mkdir -p "$results/$name"
echo "tsq-sweep: $name: $total run(s) on $(
    if [ -n "$sshlogin" ]; then echo "the hosts of $sshlogin"; else echo "this machine"; fi
); runs in $results/$name/, merged into $out"

# While the sweep runs: merge finished runs and (without a terminal) print
# progress from the job log; a loop of our own, stopped through a file.
start=$(date +%s)
if [ -z "$resume" ]; then rm -f "$joblog"; fi
(
    tick=0
    while [ ! -f "$tmp/stop" ]; do
        sleep 1
        tick=$((tick + 1))
        if [ "$every" -gt 0 ] && [ $((tick % every)) -eq 0 ]; then
            sh "$here/tsq-merge.sh" --quiet "$out" "$results/$name" >>"$log" 2>&1 || true
        fi
        if [ "$tty" -eq 0 ] && [ $((tick % pevery)) -eq 0 ] && [ -f "$joblog" ]; then
            d=$(($(wc -l <"$joblog") - 1))
            [ "$d" -ge 0 ] || d=0
            el=$(($(date +%s) - start))
            if [ "$d" -gt 0 ]; then
                left="~$((el * (total - d) / d)) s left"
            else
                left="time left unknown yet"
            fi
            echo "tsq-sweep: progress $d/$total runs done, ${el} s elapsed, $left" >&2
        fi
    done
) &
merger=$!

status=0
parallel "$@" :::: "$tmp/jobs" || status=$?

: >"$tmp/stop"
wait "$merger" || true
merger=""
mstatus=0
sh "$here/tsq-merge.sh" --quiet --strict "$out" "$results/$name" >>"$log" 2>&1 || mstatus=$?
tail -n 1 "$log"
done_runs=$(sqlite3 -batch "$out" "SELECT count(*) FROM runs;" 2>/dev/null || echo 0)
echo "tsq-sweep: $name: finished in $(($(date +%s) - start)) s;" \
    "$status job(s) failed (see $joblog); $done_runs run(s) in $out"
if [ "$mstatus" -ne 0 ]; then
    echo "tsq-sweep: some run files could not be merged (see $log)" >&2
fi
if [ "$status" -ne 0 ]; then
    exit 1
fi
exit "$mstatus"
