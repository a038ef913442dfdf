#!/bin/sh
#SBATCH --job-name=tsq-sweep
#SBATCH --cpus-per-task=1
#SBATCH --output=results/slurm-%A_%a.out
# tsq-sweep-slurm.sh -- run a sweep's job file (the same JOBFILE as
# utils/tsq-sweep.sh) as a SLURM job array, one command per task, and merge
# its runs when every task has ended.
#
# Usage (from the folder holding results/, on a shared filesystem the nodes
# see; the module built at the same path everywhere):
#   sh utils/tsq-sweep-slurm.sh --submit [--max-running K] NAME JOBFILE
#       makes results/ and submits, for a JOBFILE of N commands,
#         sbatch --parsable --job-name=tsq-NAME --array=1-N[%K] \
#             /abs/tsq-sweep-slurm.sh NAME JOBFILE
#         sbatch --parsable --job-name=tsq-NAME-merge \
#             --dependency=afterany:ARRAY_JOB_ID --output=results/NAME.merge-%j.out \
#             --wrap 'sh /abs/tsq-merge.sh --strict results/NAME.db results/NAME'
#       and prints both job ids. --max-running K: at most K tasks at once
#       (--array=1-N%K). Add #SBATCH options (time, partition, memory) with
#       SBATCH_* variables (SBATCH_TIMELIMIT, SBATCH_PARTITION, ...).
#   sh utils/tsq-sweep-slurm.sh --dry-run [--max-running K] NAME JOBFILE
#       prints those two commands and submits nothing; then runs task 1 here
#       as SLURM would run it: the script copied to a spool folder and run
#       from it, in the submit folder, with SLURM_ARRAY_TASK_ID=1,
#       SLURM_ARRAY_JOB_ID, SLURM_JOB_ID, SLURM_ARRAY_TASK_COUNT/MIN/MAX,
#       SLURM_SUBMIT_DIR and SLURM_JOB_NAME set, stdin /dev/null and the
#       output in the #SBATCH --output file above (results/slurm-A_1.out,
#       A: this shell's pid standing for the job id), then prints it.
#   sh utils/tsq-sweep-slurm.sh --count JOBFILE
#       prints N.
#   sh utils/tsq-sweep-slurm.sh --task N NAME JOBFILE
#       runs task N here, output to the terminal (to try a line).
#   By hand (--submit less its job names, --strict and merge output file):
#       mkdir -p results
#       n=$(sh utils/tsq-sweep-slurm.sh --count JOBFILE)
#       jid=$(sbatch --parsable --array=1-$n utils/tsq-sweep-slurm.sh NAME JOBFILE)
#       sbatch --dependency=afterany:$jid \
#           --wrap "sh utils/tsq-merge.sh results/NAME.db results/NAME"
#
#   Task $SLURM_ARRAY_TASK_ID runs the JOBFILE command of that number,
#   counting only commands (blank lines and '#' lines are skipped, as
#   tsq-sweep.sh does), with TSQ_SWEEP=NAME, TSQ_RESULTS_DIR=results/NAME and
#   PARALLEL_SEQ=$SLURM_ARRAY_TASK_ID, in the folder sbatch was called from.
#   The merge job runs after every task, failed ones too (afterany: the runs
#   that did finish are merged); the merge may also be run by hand at any
#   time, even while tasks still run, and merging again adds nothing.
set -eu

die() { echo "tsq-sweep-slurm: $*" >&2; exit 2; }
commands() { grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$1" || true; }

# A word as the shell reads it back: single-quoted unless plainly safe.
quote() {
    case $1 in
    "" | *[!A-Za-z0-9_./=:%,@+-]*) printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")" ;;
    *) printf '%s' "$1" ;;
    esac
}
# What --dry-run does instead of running a command: print it, quoted.
show() {
    printf ' '
    for a in "$@"; do printf ' %s' "$(quote "$a")"; done
    printf '\n'
}

task=${SLURM_ARRAY_TASK_ID:-}
mode=task
throttle=""
case ${1:-} in
--count)
    if [ $# -ne 2 ] || [ ! -f "$2" ]; then die "usage: tsq-sweep-slurm.sh --count JOBFILE"; fi
    commands "$2" | wc -l | tr -d ' '
    exit 0
    ;;
--task)
    [ $# -ge 2 ] || die "--task needs a number"
    task=$2
    case $task in "" | 0* | *[!0-9]*) die "--task '$task' (allowed: 1..N, a command of JOBFILE)" ;; esac
    shift 2
    ;;
--submit | --dry-run)
    mode=${1#--}
    shift
    if [ "${1:-}" = --max-running ]; then
        [ $# -ge 2 ] || die "--max-running needs a number"
        case $2 in "" | 0* | *[!0-9]*) die "--max-running '$2' (allowed: 1 or more tasks at once)" ;; esac
        throttle=%$2
        shift 2
    fi
    ;;
-h | --help) sed -n '5,/^set -eu/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
--max-running) die "--max-running '${2:-}' (allowed: after --submit or --dry-run)" ;;
-*) die "unknown option '$1' (allowed: --submit, --dry-run, --count, --task, --help)" ;;
esac
case $mode in
task) [ $# -eq 2 ] || die "usage: sbatch --array=1-N tsq-sweep-slurm.sh NAME JOBFILE" ;;
*) [ $# -eq 2 ] || die "usage: tsq-sweep-slurm.sh --$mode [--max-running K] NAME JOBFILE" ;;
esac
name=$1
jobfile=$2
case $name in "" | -* | *[!A-Za-z0-9._-]*) die "NAME '$name' (allowed: letters, digits, . _ -, not first -)" ;; esac

if [ "$mode" != task ]; then
    # --submit, --dry-run: run where sbatch would be called.
    [ -f "$jobfile" ] || die "no job file '$jobfile' in $(pwd)"
    n=$(commands "$jobfile" | wc -l | tr -d ' ')
    [ "$n" -gt 0 ] || die "no command in '$jobfile'"
    # Absolute paths: the tasks run a spool copy of this script, and the
    # merge job's shell starts in the submit folder, wherever this is.
    here=$(cd "$(dirname "$0")" && pwd)
    self=$here/$(basename "$0")
    merge=$here/tsq-merge.sh
    [ -f "$merge" ] || { echo "tsq-sweep-slurm: no $merge beside this script" >&2; exit 1; }
    wrap="sh $(quote "$merge") --strict $(quote "results/$name.db") $(quote "results/$name")"
    submit_array() { # submit_array sbatch|show sbatch
        "$@" --parsable --job-name="tsq-$name" --array="1-$n$throttle" "$self" "$name" "$jobfile"
    }
    submit_merge() { # submit_merge ARRAY_JOB_ID sbatch|show sbatch
        jid=$1
        shift
        "$@" --parsable --job-name="tsq-$name-merge" --dependency="afterany:$jid" \
            --output="results/$name.merge-%j.out" --wrap "$wrap"
    }
    mkdir -p results # SLURM opens the --output files there; it makes no folder
    if [ "$mode" = submit ]; then
        command -v sbatch >/dev/null 2>&1 || { echo "tsq-sweep-slurm: no sbatch here (a SLURM login node has it; --dry-run to try)" >&2; exit 1; }
        jid=$(submit_array sbatch) || { echo "tsq-sweep-slurm: sbatch (the array) failed" >&2; exit 1; }
        jid=${jid%%;*} # --parsable: "jobid" or "jobid;cluster"
        mid=$(submit_merge "$jid" sbatch) || { echo "tsq-sweep-slurm: sbatch (the merge, after array $jid) failed" >&2; exit 1; }
        echo "tsq-sweep-slurm: $name: array job ${jid} ($n task(s)${throttle:+, at most ${throttle#%} at once}), merge job ${mid%%;*} into results/$name.db"
        exit 0
    fi

    # Printed as a shell would run them: the array's id into jid, the
    # merge depending on it (a literal $jid, for the reader's shell).
    echo "tsq-sweep-slurm: dry run: would submit"
    # shellcheck disable=SC2016
    submit_array show sbatch | sed 's/^  \(.*\)$/  jid=$(\1)/'
    # shellcheck disable=SC2016
    submit_merge ARRAY_JOB_ID show sbatch | sed 's/afterany:ARRAY_JOB_ID/afterany:${jid%%;*}/'
    # Task 1 as slurmd runs it: a copy of the script in a spool folder, run
    # through its #! line from the submit folder, the submit environment
    # plus SLURM's variables, output to the #SBATCH --output pattern.
    jid=$$
    spool=$(mktemp -d)
    trap 'rm -rf "$spool"' EXIT
    cp "$self" "$spool/slurm_script"
    chmod 700 "$spool/slurm_script"
    pattern=$(sed -n 's/^#SBATCH --output=//p' "$self")
    out=$(printf '%s' "$pattern" | sed -e "s/%A/$jid/g" -e "s/%a/1/g" -e "s/%j/$jid/g" -e "s/%x/tsq-$name/g")
    submit_dir=$(pwd)
    echo "tsq-sweep-slurm: dry run: task 1 of $n as SLURM runs it:" \
        "$spool/slurm_script $name $jobfile in $submit_dir, SLURM_ARRAY_JOB_ID=$jid, output $out"
    status=0
    # shellcheck disable=SC2030 # SLURM's variables for the task only
    (
        cd "$submit_dir"
        SLURM_JOB_ID=$jid # an array's first task has the array's id
        SLURM_ARRAY_JOB_ID=$jid
        SLURM_ARRAY_TASK_ID=1
        SLURM_ARRAY_TASK_COUNT=$n
        SLURM_ARRAY_TASK_MIN=1
        SLURM_ARRAY_TASK_MAX=$n
        SLURM_ARRAY_TASK_STEP=1
        SLURM_SUBMIT_DIR=$submit_dir
        SLURM_SUBMIT_HOST=$(hostname)
        SLURM_JOB_NAME=tsq-$name
        SLURM_CPUS_PER_TASK=1
        export SLURM_JOB_ID SLURM_ARRAY_JOB_ID SLURM_ARRAY_TASK_ID SLURM_ARRAY_TASK_COUNT \
            SLURM_ARRAY_TASK_MIN SLURM_ARRAY_TASK_MAX SLURM_ARRAY_TASK_STEP SLURM_SUBMIT_DIR \
            SLURM_SUBMIT_HOST SLURM_JOB_NAME SLURM_CPUS_PER_TASK
        exec "$spool/slurm_script" "$name" "$jobfile" </dev/null >"$out" 2>&1
    ) || status=$?
    cat "$out"
    echo "tsq-sweep-slurm: dry run: task 1 exited $status (its output: $out)"
    [ "$status" -eq 0 ] || exit 1
    exit 0
fi

# A task (under sbatch, or --task N).
case $task in
"") die "no task number (run under sbatch --array, or --task N)" ;;
0* | *[!0-9]*) die "SLURM_ARRAY_TASK_ID '$task' (allowed: 1..N, a command of JOBFILE; --array=1-N)" ;;
esac
# shellcheck disable=SC2031 # SLURM's, from the environment
[ -z "${SLURM_SUBMIT_DIR:-}" ] || cd "$SLURM_SUBMIT_DIR"
[ -f "$jobfile" ] || die "no job file '$jobfile' in $(pwd)"

cmd=$(commands "$jobfile" | sed -n "${task}p")
[ -n "$cmd" ] || die "task $task: $jobfile has only $(commands "$jobfile" | wc -l | tr -d ' ') command(s) (allowed: 1..that)"

TSQ_SWEEP=$name
TSQ_RESULTS_DIR=results/$name
PARALLEL_SEQ=$task
export TSQ_SWEEP TSQ_RESULTS_DIR PARALLEL_SEQ
mkdir -p "$TSQ_RESULTS_DIR"
echo "tsq-sweep-slurm: $name task $task on $(hostname): $cmd"
exec sh -c "$cmd"
