#!/bin/sh
# check-debian13.sh -- the README's test command, `make check`, on Debian 13
# (trixie, ns-3 3.43) in a chroot made from Debian's archive, against the
# same source tree; or any other make target of the README there.
#
# Usage: utils/check-debian13.sh [TARGET...]     (default: check)
#   e.g. utils/check-debian13.sh demo; utils/check-debian13.sh in-tree
#
# The chroot (debootstrap --variant=minbase trixie) is made once and kept
# in TSQ_TRIXIE_DIR; later runs reuse it and its installed packages, and
# copy the source in afresh (a clean build each time unless
# TSQ_TRIXIE_KEEP_BUILD=1). make inside installs what it misses from
# Debian 13's archive, builds the module against ns-3 3.43 and runs the
# targets, as on the host. Their outputs stay in the chroot, under
# $TSQ_TRIXIE_DIR/root/src/tsq (results/, build/).
#
# Environment:
#   TSQ_TRIXIE_DIR     where the chroot lives (default /var/cache/tsq-trixie)
#   TSQ_TRIXIE_MIRROR  Debian mirror (default http://deb.debian.org/debian)
#   TSQ_TRIXIE_KEEP_BUILD  1: keep the build folders of the last run
#                      (incremental); default: a clean build
#   TSQ_JOBS           parallel jobs inside (default: nproc)
#   TSQ_NS3_CONFIGURE_ARGS  passed to check-in-tree.sh (in-tree target)
#   TSQ_LIVE_KERNEL    on: run the live-kernel tests inside too; default off
#                      (skipped with the reason: the chroot shares the
#                      host's kernel, so they would measure it twice, and
#                      the twin's ns-3 side replays a kernel schedule
#                      identically on 3.37 and 3.43)
#
# Needs root (debootstrap, chroot, mounts); without it, says so and exits 77.
# First run: ~3 minutes for the chroot and its packages on top of the
# ~15 minutes of build and tests on 2 cores.

set -eu
LC_ALL=C
export LC_ALL

TARGETS=${*:-check}
for t in $TARGETS; do
    case $t in
    check | demo | figures | bench | build | build-types | fuzz-long | in-tree) ;;
    *)
        echo "check-debian13: unknown target '$t' (allowed: check, demo, figures, bench, build, build-types, fuzz-long, in-tree)" >&2
        exit 2
        ;;
    esac
done
DIR=${TSQ_TRIXIE_DIR:-/var/cache/tsq-trixie}
MIRROR=${TSQ_TRIXIE_MIRROR:-http://deb.debian.org/debian}
JOBS=${TSQ_JOBS:-$(nproc 2>/dev/null || echo 2)}
ROOT=$DIR/root
SRC=$(cd "$(dirname "$0")/.." && pwd)

log() { echo "check-debian13: $*"; }
die() { echo "check-debian13: error: $*" >&2; exit 1; }

if [ "$(id -u)" -ne 0 ]; then
    echo "check-debian13: SKIP: needs root (debootstrap, chroot, mounts)" >&2
    exit 77
fi
[ -f "$SRC/CMakeLists.txt" ] || die "no CMakeLists.txt in $SRC"

if ! command -v debootstrap >/dev/null 2>&1; then
    log "installing debootstrap"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap >/dev/null ||
        { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive \
            apt-get install -y -q debootstrap >/dev/null; } ||
        die "cannot install debootstrap"
fi

t0=$(date +%s)
# A chroot counts as made once debootstrap finished (the stamp); a partial
# one from an interrupted run is made again.
if [ ! -f "$ROOT/.tsq-debootstrap-done" ]; then
    log "making the Debian 13 chroot in $ROOT (once)"
    rm -rf "$ROOT"
    mkdir -p "$DIR"
    debootstrap --variant=minbase trixie "$ROOT" "$MIRROR" >"$DIR/debootstrap.log" 2>&1 ||
        die "debootstrap failed, see $DIR/debootstrap.log"
    touch "$ROOT/.tsq-debootstrap-done"
fi
grep -q '^VERSION_ID="13"' "$ROOT/etc/os-release" || die "$ROOT is not Debian 13"
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"

mounted=""
cleanup() {
    for m in $mounted; do umount -l "$ROOT${m%/}" 2>/dev/null || true; done
}
trap cleanup EXIT INT TERM HUP
# The chroot's / must be a mount point: `ip -n NS` (the live-kernel tests)
# makes / a slave mount in its own mount namespace, which fails with
# EINVAL on a plain folder.
mount --bind "$ROOT" "$ROOT"
mounted="/"
for m in /proc /sys /dev /dev/pts /run; do
    mkdir -p "$ROOT$m"
    case $m in
    /proc) mount -t proc proc "$ROOT/proc" ;;
    /sys) mount -t sysfs sysfs "$ROOT/sys" ;;
    /run) mount -t tmpfs tmpfs "$ROOT/run" ;;
    *) mount --bind "$m" "$ROOT$m" ;;
    esac
    mounted="$m $mounted"
done

# The tree as it is (tracked and untracked files), without build outputs.
log "copying $SRC into the chroot"
stage=$DIR/stage
rm -rf "$stage"
mkdir -p "$stage"
(cd "$SRC" && tar --exclude=./.git --exclude='./build*' --exclude=./results -cf - .) |
    (cd "$stage" && tar xf -)
if [ "${TSQ_TRIXIE_KEEP_BUILD:-0}" = 1 ] && [ -d "$ROOT/src/tsq" ]; then
    # Only files whose content differs are replaced, and they get a new
    # time: a source's own time can be older than an object built from
    # its previous content, and the build would keep that object.
    dest=$ROOT/src/tsq
    (cd "$stage" && find . -type f) | while IFS= read -r f; do
        if ! cmp -s "$stage/$f" "$dest/$f"; then
            mkdir -p "$(dirname "$dest/$f")"
            cp "$stage/$f" "$dest/$f"
            touch "$dest/$f"
        fi
    done
    # Files gone from the tree go (build folders and results stay).
    (cd "$dest" && find . -path ./results -prune -o -path './build*' -prune -o -type f -print) |
        while IFS= read -r f; do
            [ -e "$stage/$f" ] || rm -f "$dest/$f"
        done
    rm -rf "$stage"
else
    rm -rf "$ROOT/src/tsq"
    mkdir -p "$ROOT/src"
    mv "$stage" "$ROOT/src/tsq"
fi

log "make $TARGETS in Debian 13 (ns-3 $(chroot "$ROOT" dpkg-query -W -f='${Version}' libns3-dev 2>/dev/null || echo 'not installed yet'))"
# apt-get inside needs a package index first (install-deps updates it only
# when something is missing, and the index is part of the cache).
status=0
chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LC_ALL=C.UTF-8 \
    CI="${CI:-}" JOBS="$JOBS" TARGETS="$TARGETS" \
    TSQ_LIVE_KERNEL="${TSQ_LIVE_KERNEL:-off}" \
    TSQ_NS3_CONFIGURE_ARGS="${TSQ_NS3_CONFIGURE_ARGS:-}" \
    TSQ_LIVE_KERNEL_WHY="the chroot runs on the host's kernel, which the host's make check measures" \
    sh -c '
        set -e
        command -v make >/dev/null 2>&1 || {
            apt-get update -q >/dev/null
            DEBIAN_FRONTEND=noninteractive apt-get install -y -q make >/dev/null
        }
        cd /src/tsq && make $TARGETS JOBS="$JOBS"' || status=$?
t1=$(date +%s)
if [ "$status" -eq 0 ]; then
    log "PASS: make $TARGETS on Debian 13 in $((t1 - t0)) s"
else
    log "FAIL: make $TARGETS on Debian 13 exited $status after $((t1 - t0)) s"
fi
exit "$status"
