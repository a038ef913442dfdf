#!/bin/sh
# check-in-tree.sh -- build and test tsq in-tree, as contrib/tsq of an ns-3
# source tree (Debian 12's 3.37 or Debian 13's 3.43), with ns-3's own
# tooling (./ns3 and ./test.py).
#
# Usage: utils/check-in-tree.sh [WORKDIR]
#
#   WORKDIR (or env TSQ_NS3_DIR; default ${XDG_CACHE_HOME:-$HOME/.cache}/tsq-ns3)
#   either holds the ns-3 source fetched by an earlier run (WORKDIR/ns3-V/
#   ns-V) or is itself an ns-3 source tree (it has ./ns3 and src/core).
#   If neither, the distribution's ns-3 source is fetched there with
#   `apt-get source ns3` (deb-src is enabled first if it is not; needs root
#   or sudo). V is the version of this Debian release's ns3 source package:
#   3.37 on Debian 12, 3.43 on Debian 13 (TSQ_NS3_VERSION overrides). An
#   existing tree and its build directory are reused, so a second run only
#   rebuilds what changed. ns-3's CMake uses ccache by itself when it is on
#   PATH.
#
# Steps: fetch (if needed), sync the module into contrib/tsq, ./ns3 configure,
# ./ns3 build, ./test.py --list, ./test.py --no-build -s SUITE for every
# suite whose name starts with TSQ_SUITE_PREFIX. Exits nonzero if any step
# fails, if no suite is found, or if any suite does not pass.
#
# Environment:
#   TSQ_NS3_DIR        work directory (same as the first argument)
#   TSQ_JOBS           parallel build jobs (default: nproc)
#   TSQ_NS3_PROFILE    ns-3 build profile (default: release; asserts are
#                      enabled on top of it with --enable-asserts)
#   TSQ_NS3_MODULES    ns-3 modules to enable besides tsq (';'-separated)
#   TSQ_SUITE_PREFIX   prefix of our test suite names (default: tsq)
#   TSQ_NS3_CONFIGURE_ARGS  extra ./ns3 configure arguments (word-split), e.g.
#                      "--filter-module-examples-and-tests tsq" to skip
#                      building ns-3's own tests and examples
#
# Takes ~25 minutes on 2 cores the first time (ns-3 itself); run it under
# `nice` on a shared machine. Not part of .ci/run.

set -eu
LC_ALL=C
export LC_ALL

# The ns-3 release this Debian ships (its source package's upstream version).
debian_ns3_version() {
    case $(. /etc/os-release 2>/dev/null && echo "${VERSION_ID:-}") in
    12) echo 3.37 ;;
    13) echo 3.43 ;;
    *) echo "" ;;
    esac
}
NS3_VERSION=${TSQ_NS3_VERSION:-$(debian_ns3_version)}
MODULE=tsq
DEFAULT_MODULES="core;network;internet;internet-apps;wifi;applications;mobility;propagation;flow-monitor;traffic-control;stats;point-to-point;csma"

die() { echo "check-in-tree: error: $*" >&2; exit 1; }
log() { echo "check-in-tree: $*"; }
[ -n "$NS3_VERSION" ] ||
    die "not Debian 12 or 13: set TSQ_NS3_VERSION (3.37 or 3.43) or pass an ns-3 tree"

SCRIPT_DIR=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$SCRIPT_DIR/.." && pwd)
[ -f "$SRC/CMakeLists.txt" ] || die "no CMakeLists.txt in $SRC (module root)"

WORK=${1:-${TSQ_NS3_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/tsq-ns3}}
JOBS=${TSQ_JOBS:-$(nproc 2>/dev/null || echo 2)}
PROFILE=${TSQ_NS3_PROFILE:-release}
MODULES="$MODULE;${TSQ_NS3_MODULES:-$DEFAULT_MODULES}"
PREFIX=${TSQ_SUITE_PREFIX:-tsq}

case $WORK in /*) ;; *) WORK=$(pwd)/$WORK ;; esac

# ---------------------------------------------------------------- timing
T_START=$(date +%s)
TIMES=""
PHASE=""
PHASE_T0=0
phase() { # phase NAME: end the current phase (if any), start NAME
    now=$(date +%s)
    if [ -n "$PHASE" ]; then
        TIMES="$TIMES$(printf '  %-10s %6ss' "$PHASE" $((now - PHASE_T0)))
"
    fi
    PHASE=${1:-}
    PHASE_T0=$now
    [ -z "$PHASE" ] || log "=== $PHASE"
}
summary() { # summary EXIT_STATUS: print timings, clean up
    rc=$1
    [ -z "${TMP:-}" ] || rm -rf "$TMP"
    [ -z "$PHASE" ] || phase ""
    echo "check-in-tree: wall time per phase:"
    printf '%s' "$TIMES"
    printf '  %-10s %6ss\n' total $(($(date +%s) - T_START))
    if [ "$rc" -eq 0 ]; then
        log "PASS (ns-3 tree: ${NS3:-?})"
    else
        log "FAIL (exit $rc; ns-3 tree: ${NS3:-?})"
    fi
}
TMP=""
trap 'summary $?' EXIT

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"
    elif command -v sudo >/dev/null 2>&1; then sudo "$@"
    else die "need root or sudo to run: $*"
    fi
}

is_ns3_tree() { [ -x "$1/ns3" ] && [ -d "$1/src/core" ] && [ -f "$1/test.py" ]; }

# ---------------------------------------------------------------- fetch
enable_deb_src() {
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
             /etc/apt/sources.list.d/*.sources; do
        [ -f "$f" ] || continue
        if grep -Eq '^[[:space:]]*deb-src[[:space:]]|^Types:.*deb-src' "$f"; then
            return 0
        fi
    done
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
        log "adding deb-src to Types: in /etc/apt/sources.list.d/debian.sources"
        as_root sed -i 's/^Types:[[:space:]]*deb[[:space:]]*$/Types: deb deb-src/' \
            /etc/apt/sources.list.d/debian.sources
    else
        codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
        log "adding /etc/apt/sources.list.d/tsq-deb-src.list ($codename main)"
        echo "deb-src http://deb.debian.org/debian $codename main" |
            as_root tee /etc/apt/sources.list.d/tsq-deb-src.list >/dev/null
    fi
    as_root apt-get update
}

NS3=""
if is_ns3_tree "$WORK"; then
    NS3=$WORK
else
    for d in "$WORK"/ns3-$NS3_VERSION/ns-$NS3_VERSION "$WORK"/ns-$NS3_VERSION; do
        if is_ns3_tree "$d"; then NS3=$d; break; fi
    done
fi
if [ -z "$NS3" ]; then
    phase fetch
    command -v apt-get >/dev/null 2>&1 || die "apt-get not found; pass an ns-3 $NS3_VERSION tree as WORKDIR"
    command -v dpkg-source >/dev/null 2>&1 || as_root apt-get install -y dpkg-dev
    enable_deb_src
    mkdir -p "$WORK"
    # apt-get source downloads as the calling user; as root it warns that
    # the download is unsandboxed, which is harmless.
    (cd "$WORK" && apt-get source ns3) 2>&1 | tail -n 5
    NS3=$WORK/ns3-$NS3_VERSION/ns-$NS3_VERSION
    is_ns3_tree "$NS3" ||
        die "apt-get source ns3 did not produce $NS3 (remove a partial $WORK/ns3-$NS3_VERSION and retry)"
fi
if [ -f "$NS3/VERSION" ] && [ "$(cat "$NS3/VERSION")" != "$NS3_VERSION" ]; then
    log "warning: $NS3 is ns-3 $(cat "$NS3/VERSION"), tested version is $NS3_VERSION"
fi
log "ns-3 tree: $NS3"
case $SRC/ in "$NS3"/contrib/*)
    die "the module checkout itself is inside $NS3/contrib; use a copy elsewhere" ;;
esac

# ---------------------------------------------------------------- sync
# Copy the module's files (git: tracked + untracked-but-not-ignored, so work
# in progress is tested too; otherwise every file minus build folders) into
# contrib/tsq. Unchanged files keep their mtime, changed files get a new one
# and files gone from the module are deleted, so the ns-3 build stays
# incremental and deletions propagate.
phase sync
DEST=$NS3/contrib/$MODULE
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tsq-in-tree.XXXXXX")
if git -C "$SRC" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git -C "$SRC" ls-files --cached --others --exclude-standard
else
    (cd "$SRC" && find . \( -name .git -o -name build -o -name _build \
        -o -name 'build-*' -o -name 'cmake-build-*' -o -name .cache \) -prune \
        -o \( -type f -o -type l \) -print | sed 's|^\./||')
fi | grep -Ev '^(build|_build|build-[^/]*|cmake-build-[^/]*|\.cache)/' |
    sort -u > "$TMP/list.raw"
: > "$TMP/list"
while IFS= read -r f; do
    # skip tracked files deleted in the working tree
    if [ -f "$SRC/$f" ] || [ -L "$SRC/$f" ]; then
        printf '%s\n' "$f" >> "$TMP/list"
    fi
done < "$TMP/list.raw"
[ -s "$TMP/list" ] || die "no module files found in $SRC"

[ ! -L "$DEST" ] || rm -f "$DEST"
mkdir -p "$DEST"
# Same effect as `rsync -rlc --delete` (checksum compare, no -t: a rewritten
# file gets a fresh mtime even if the source's is older, e.g. after a git
# checkout of an older revision, so ninja never misses a change); done with
# cmp/cp so rsync is not required.
n_new=0
while IFS= read -r f; do
    if [ -L "$SRC/$f" ] || ! cmp -s "$SRC/$f" "$DEST/$f" 2>/dev/null; then
        mkdir -p "$DEST/$(dirname "$f")"
        rm -f "$DEST/$f"
        cp -P "$SRC/$f" "$DEST/$f"
        n_new=$((n_new + 1))
    fi
done < "$TMP/list"
(cd "$DEST" && find . \( -type f -o -type l \) -print | sed 's|^\./||' | sort) > "$TMP/dest"
n_del=0
comm -13 "$TMP/list" "$TMP/dest" > "$TMP/stale"
while IFS= read -r f; do
    rm -f "$DEST/$f"
    n_del=$((n_del + 1))
done < "$TMP/stale"
find "$DEST" -depth -type d -empty -exec rmdir {} \;
log "contrib/$MODULE: $(wc -l < "$TMP/list") files, $n_new copied/updated, $n_del removed"

# ---------------------------------------------------------------- configure
# release: -O3 without -g (fastest to build and run); --enable-asserts keeps
# NS_ASSERT/NS_ABORT checks live so tests catch contract violations.
phase configure
cd "$NS3"
if command -v ccache >/dev/null 2>&1; then
    log "ccache: $(command -v ccache) (ns-3's CMakeLists.txt enables it by itself)"
fi
# shellcheck disable=SC2086  # extra args are meant to be word-split
./ns3 configure -d "$PROFILE" --enable-asserts --enable-tests --enable-examples \
    --enable-modules "$MODULES" ${TSQ_NS3_CONFIGURE_ARGS:-}

# ---------------------------------------------------------------- build
# `./ns3 build -j N` caps N at nproc-1 in 3.37 (it takes the min with its
# default), i.e. -j1 on 2 cores, so call CMake on ns-3's build folder directly.
phase build
cmake --build cmake-cache -j "$JOBS"

# ---------------------------------------------------------------- test
phase test
./test.py --no-build --nocolor --list > "$TMP/tests.txt" 2>&1 || {
    cat "$TMP/tests.txt"; die "./test.py --list failed"; }
# lines are "<type>   <name>"; "example" lines name example programs
grep -v '^example[[:space:]]' "$TMP/tests.txt" |
    sed -n "s/^[A-Za-z]*[[:space:]]\{1,\}\($PREFIX.*\)\$/\1/p" |
    sed 's/[[:space:]]*$//' > "$TMP/suites.only" || true
if [ ! -s "$TMP/suites.only" ]; then
    cat "$TMP/tests.txt"
    die "./test.py --list shows no test suite named $PREFIX*"
fi
log "suites: $(tr '\n' ' ' < "$TMP/suites.only")"
failed=""
i=0
while IFS= read -r s; do
    i=$((i + 1))
    # --text writes the failing checks (message, actual, limit, file:line)
    if ./test.py --no-build --nocolor -s "$s" --text="$TMP/res$i" \
           > "$TMP/out" 2>&1 < /dev/null &&
       sed 's/^\[[0-9]*\/[0-9]*\] //' "$TMP/out" |
           grep -qxF "PASS: TestSuite $s"; then
        log "PASS $s"
    else
        cat "$TMP/out"
        [ ! -f "$TMP/res$i.txt" ] || grep -v '^PASS' "$TMP/res$i.txt" | head -n 80
        failed="$failed $s"
    fi
done < "$TMP/suites.only"
[ -z "$failed" ] || die "suites failed:$failed"
phase ""
