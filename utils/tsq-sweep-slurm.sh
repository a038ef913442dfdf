#!/bin/sh
#SBATCH --job-name=tsq-sweep
#SBATCH --cpus-per-task=1
#SBATCH --output=results/slurm-%A_%a.out
# tsq-sweep-slurm.sh -- run one line of a sweep's job file as one task of a
# SLURM job array (the same JOBFILE as utils/tsq-sweep.sh).
#
# Usage (from the module's folder, on a shared filesystem the nodes see):
#   mkdir -p results
#   n=$(sh utils/tsq-sweep-slurm.sh --count JOBFILE)
#   jid=$(sbatch --parsable --array=1-$n utils/tsq-sweep-slurm.sh NAME JOBFILE)
#   sbatch --dependency=afterany:$jid \
#       --wrap "sh utils/tsq-merge.sh results/NAME.db results/NAME"
#
#   Task $SLURM_ARRAY_TASK_ID runs the JOBFILE command of that number,
#   counting only commands (blank lines and '#' lines are skipped, as
#   tsq-sweep.sh does), with TSQ_SWEEP=NAME, TSQ_RESULTS_DIR=results/NAME and
#   PARALLEL_SEQ=$SLURM_ARRAY_TASK_ID, in the folder sbatch was called from.
#   Limit concurrent tasks with --array=1-N%K; add #SBATCH options (time,
#   partition, memory) on the sbatch command line. The merge may also be run
#   by hand at any time, even while tasks still run.
#   --count JOBFILE prints the number of commands; --task N NAME JOBFILE
#   runs task N here without SLURM (to try a line).
set -eu

die() { echo "tsq-sweep-slurm: $*" >&2; exit 2; }
commands() { grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$1" || true; }

task=${SLURM_ARRAY_TASK_ID:-}
case ${1:-} in
--count)
    if [ $# -ne 2 ] || [ ! -f "$2" ]; then die "usage: tsq-sweep-slurm.sh --count JOBFILE"; fi
    commands "$2" | wc -l | tr -d ' '
    exit 0
    ;;
--task)
    [ $# -ge 2 ] || die "--task needs a number"
    task=$2
    shift 2
    ;;
-h | --help) sed -n '5,/^set -eu/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
esac
[ $# -eq 2 ] || die "usage: sbatch --array=1-N tsq-sweep-slurm.sh NAME JOBFILE"
name=$1
jobfile=$2
case $name in "" | *[!A-Za-z0-9._-]*) die "NAME '$name' (allowed: letters, digits, . _ -)" ;; esac
case $task in "" | *[!0-9]*) die "no task number (run under sbatch --array, or --task N)" ;; esac
[ -z "${SLURM_SUBMIT_DIR:-}" ] || cd "$SLURM_SUBMIT_DIR"
[ -f "$jobfile" ] || die "no job file '$jobfile' in $(pwd)"

cmd=$(commands "$jobfile" | sed -n "${task}p")
[ -n "$cmd" ] || die "task $task: $jobfile has only $(commands "$jobfile" | wc -l) command(s)"

TSQ_SWEEP=$name
TSQ_RESULTS_DIR=results/$name
PARALLEL_SEQ=$task
export TSQ_SWEEP TSQ_RESULTS_DIR PARALLEL_SEQ
mkdir -p "$TSQ_RESULTS_DIR"
echo "tsq-sweep-slurm: $name task $task on $(hostname): $cmd"
exec sh -c "$cmd"
