#!/bin/sh
# check-doc-commands.sh -- every command README.md and doc/*.rst show is in
# doc/commands.list, with how it is checked, and every listed one is still
# in the docs; then (unless --list-only) runs the ones listed to be run.
#
# Usage: check-doc-commands.sh [--list-only] SOURCE_DIR BUILD_DIR
#
# doc/commands.list: one command per line, "MODE<TAB>COMMAND", where MODE is
#   run            run as written in a scratch folder (build/ and utils/
#                  linked in, tsq-calc on PATH), in the docs' order; exit 0
#   root           run as written in the source folder; exit 0
#   ci             run as written by .ci/run (checked: .ci/run has it)
#   ctest:NAME     the CTest test NAME runs it (checked: NAME exists and
#                  its command has each of the command's options)
#   manual:WHY     not run here (WHY: its cost or what it needs); checked:
#                  the program or make target it names exists
# A command is a line of a literal block, or an inline literal that starts
# with a program (make, ./..., build/examples/..., sh ..., utils/*.sh, ...).
set -eu
LC_ALL=C
export LC_ALL
listonly=0
if [ "${1:-}" = --list-only ]; then
    listonly=1
    shift
fi
[ $# -eq 2 ] || { echo "usage: check-doc-commands.sh [--list-only] SOURCE_DIR BUILD_DIR" >&2; exit 2; }
SRC=$(cd "$1" && pwd)
BUILD=$(cd "$2" && pwd)
LIST=$SRC/doc/commands.list
tab=$(printf '\t')
fail=0
bad() { echo "check-doc-commands: $*" >&2; fail=1; }

# Every command of the docs, "FILE:LINE<TAB>COMMAND"
extract() {
    for f in "$SRC/README.md" "$SRC"/doc/*.rst; do
        awk -v file="${f#"$SRC"/}" '
        function cmdlike(c) {
            return c ~ /^(\$ )?([A-Za-z_]+=("[^"]*"|[^ ]+) )*(make( |$)|\.\/[^ ]+|build\/examples\/[^ ]+|build\/tsq-test-runner|sh [^ ]+|utils\/[^ ]+\.sh|live-kernel\/[^ ]+\.sh|cmake( |$)|ctest( |$)|flent( |$)|sqlite3( |$)|tsq-calc( |$)|sbatch( |$)|mkdir( |$)|[a-z]+=\$\()/
        }
        function emit(c, n) {
            sub(/^\$ /, "", c); sub(/[ ]+#.*$/, "", c); sub(/[ ]+$/, "", c)
            print file ":" n "\t" c
        }
        {
            line = $0
            if (line ~ /^[ ]+[^ ]/ && (inblock || file ~ /\.md$/ && line ~ /^    /)) {
                c = line; sub(/^[ ]+/, "", c)
                if (cont != "") { c = cont " " c; cont = ""; n = start } else n = NR
                if (c ~ /\\$/) { sub(/[ ]*\\$/, "", c); cont = c; start = n; next }
                t = c
                if (gsub(/"/, "", t) % 2 == 1) { cont = c; start = n; next }
                if (cmdlike(c)) emit(c, n)
                next
            }
            if (line ~ /::[ ]*$/) inblock = 1
            else if (line !~ /^[ ]*$/) inblock = 0
            s = line
            while (match(s, /``[^`]+``|`[^`]+`/)) {
                c = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
                gsub(/`/, "", c)
                if (cmdlike(c) && (c ~ / / || c ~ /^\.\//)) emit(c, NR)
            }
        }' "$f"
    done
}

[ -f "$LIST" ] || { echo "check-doc-commands: no $LIST" >&2; exit 1; }
docs=$(mktemp)
listed=$(mktemp)
work=$(mktemp -d)
trap 'rm -rf "$docs" "$listed" "$work"' EXIT
extract >"$docs"
grep -v -e '^#' -e '^$' "$LIST" >"$listed" || true

# Each command of the docs is listed; each listed one is in the docs.
cut -f2- "$docs" | sort -u | while IFS= read -r c; do
    cut -f2- "$listed" | grep -Fxq -- "$c" && continue
    where=$(grep -F -- "$tab$c" "$docs" | head -1 | cut -f1)
    echo "check-doc-commands: not in doc/commands.list: '$c' ($where)"
done >"$work/unlisted"
if [ -s "$work/unlisted" ]; then
    cat "$work/unlisted" >&2
    fail=1
fi
while IFS="$tab" read -r mode c; do
    cut -f2- "$docs" | grep -Fxq -- "$c" || bad "listed but in no doc (stale): '$c'"
    case $mode in
    run | root | ci | ctest:* | manual:*) ;;
    *) bad "mode '$mode' of '$c' is not run, root, ci, ctest:NAME or manual:WHY" ;;
    esac
done <"$listed"

# The program a command names, relative to the source folder or build
program_exists() {
    set -- $1
    # VAR=value prefixes (not a VAR=$(command) of a shell line)
    while [ $# -gt 0 ] && case $1 in *'$('*) false ;; *=*) true ;; *) false ;; esac; do shift; done
    [ "${1:-}" = '$' ] && shift
    p=${1:-}
    [ "$p" = sh ] && p=${2:-}
    case $p in
    make)
        t=${2:-}
        case $t in '' | -* | *=*) t=all ;; esac
        [ "$t" = all ] || grep -q "^$t:" "$SRC/Makefile"
        ;;
    ./build/* | build/*) [ -x "$BUILD/${p#*build/}" ] ;;
    tsq-calc) [ -x "$BUILD/c-core/tsq-calc" ] ;;
    ./ns3 | ./test.py) grep -q -- "$p" "$SRC/utils/check-in-tree.sh" ;;
    utils/* | live-kernel/* | test/*) [ -f "$SRC/$p" ] ;;
    cmake | ctest | flent | sqlite3 | sbatch | mkdir | *'$('*) true ;;
    *) false ;;
    esac
}

mkdir -p "$work/run"
ln -s "$BUILD" "$work/run/build"
for d in utils live-kernel test; do ln -s "$SRC/$d" "$work/run/$d"; done
ran=0
while IFS="$tab" read -r mode c; do
    program_exists "$c" || bad "'$c': its program or make target does not exist"
    case $mode in
    ci)
        grep -Fq -- "$c" "$SRC/.ci/run" || bad "'$c' is listed as run by .ci/run, which does not run it"
        ;;
    ctest:*)
        name=${mode#ctest:}
        cmdline=$(ctest --test-dir "$BUILD" -N -V -R "^$name\$" </dev/null 2>/dev/null | grep "Test command:" || true)
        if [ -z "$cmdline" ]; then
            bad "'$c': no CTest test '$name'"
        else
            for a in $c; do
                case $a in -*) echo "$cmdline" | grep -Fq -- "$a" ||
                    bad "'$c': CTest $name runs it without $a" ;; esac
            done
        fi
        ;;
    run | root)
        [ "$listonly" -eq 1 ] && continue
        dir=$work/run
        [ "$mode" = root ] && dir=$SRC
        echo "== $c"
        t0=$(date +%s)
        if (cd "$dir" && PATH="$BUILD/c-core:$PATH" sh -c "$c") </dev/null >"$work/out" 2>&1; then
            echo "   ok in $(($(date +%s) - t0)) s"
        else
            tail -20 "$work/out" >&2
            bad "'$c' failed as written (mode $mode)"
        fi
        ran=$((ran + 1))
        ;;
    esac
done <"$listed"

n=$(cut -f2- "$docs" | sort -u | wc -l)
if [ "$fail" -ne 0 ]; then
    echo "check-doc-commands: FAIL" >&2
    exit 1
fi
echo "check-doc-commands: PASS: $n commands in the docs, all listed; $ran run as written"
