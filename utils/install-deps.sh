#!/bin/sh
# Installs what building and testing tsq needs on Debian 12 (ns-3 3.37) or
# Debian 13 (ns-3 3.43), and only what is missing. Usage: utils/install-deps.sh [build|check|demo|sweep|sweep-ssh|in-tree]
# Needs root or sudo when something is missing; says what it installs.
set -eu

what=${1:-build}

# ns3: Debian's libns3-dev CMake targets name its libexec helpers;
# libgsl-dev: the same targets name libgsl.so by absolute path;
# libxml2-dev, libpython3-dev: the targets export /usr/include/libxml2 and
# /usr/include/python3.11, and CMake refuses include folders that are absent.
# sqlite3, libsqlite3-dev, zlib1g-dev: the results database and Flent files.
pkgs="libns3-dev ns3 libgsl-dev libxml2-dev libpython3-dev cmake make g++ gcc pkg-config sqlite3 libsqlite3-dev zlib1g-dev"
# Debian 13's ns-3 3.43 is built with Boost: its exported HAVE_BOOST makes
# ns3/length.h include boost/units.
debian=$(. /etc/os-release 2>/dev/null && echo "${VERSION_ID:-}")
case "$debian" in
12 | "") ;;
*) pkgs="$pkgs libboost-dev" ;;
esac
case "$what" in
build) ;;
# flent: the test opening our .flent.gz; parallel, gnuplot-nox: sweep and plot
# tests; iproute2, procps, ethtool: the live-kernel tests (namespaces, qdiscs,
# sysctl, GRO on the veth)
check) pkgs="$pkgs clang libclang-rt-dev flent parallel gnuplot-nox iproute2 procps ethtool" ;;
demo) pkgs="$pkgs gnuplot-nox" ;;
sweep) pkgs="$pkgs parallel gnuplot-nox" ;;
# parallel, openssh-server, openssh-client: test/check-sweep-remote.sh, a sweep
# over ssh to this machine through an sshd of its own on a loopback port. The
# test installs them itself, as root only (it skips otherwise), so they are not
# in check: a make check that cannot use an ssh server installs none. Where
# systemd runs, Debian's package also starts its own ssh service on port 22.
sweep-ssh) pkgs="$pkgs parallel openssh-server openssh-client" ;;
in-tree) pkgs="$pkgs dpkg-dev python3 ccache rsync" ;;
*)
    echo "install-deps: unknown target '$what' (allowed: build, check, demo, sweep, sweep-ssh, in-tree)" >&2
    exit 2
    ;;
esac

if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "install-deps: this is not a Debian system (no dpkg-query);" \
        "install by hand: $pkgs" >&2
    exit 1
fi

missing=""
for p in $pkgs; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
    case "$status" in
    *"install ok installed"*) ;;
    *) missing="$missing $p" ;;
    esac
done
[ -z "$missing" ] && exit 0

echo "install-deps: installing:$missing"
if [ "$(id -u)" -eq 0 ]; then
    sudo=""
elif command -v sudo >/dev/null 2>&1; then
    sudo="sudo"
else
    echo "install-deps: missing packages:$missing; run as root or install sudo" >&2
    exit 1
fi

export DEBIAN_FRONTEND=noninteractive
if ! $sudo apt-get update -q; then
    echo "install-deps: 'apt-get update' failed; cannot install:$missing" >&2
    exit 1
fi
# shellcheck disable=SC2086 # word splitting of the package list is wanted
if ! $sudo apt-get install -y -q --no-install-recommends $missing; then
    echo "install-deps: 'apt-get install$missing' failed" >&2
    exit 1
fi
echo "install-deps: done"
