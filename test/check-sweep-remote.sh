#!/bin/sh
# check-sweep-remote.sh -- utils/tsq-sweep.sh --sshloginfile end to end: four
# tiny runs of reproduction 1 (the job file tsq-pacing-shift --jobsFile
# writes) spread by GNU parallel over two ssh logins, host-a and host-b,
# which are both this machine through an sshd of the test's own; the runs
# are merged while they finish and at the end. Checks: each job's run is in
# the merged database exactly once, GNU parallel's job log shows both logins
# ran jobs, and merging the same run files again changes nothing (the
# database's full dump is the same before and after).
#
# Needs root: the sshd must accept a login as this user, and installing
# openssh-server and GNU parallel when missing (utils/install-deps.sh
# sweep-ssh) needs root too. Without root, or if sshd cannot start here, it
# prints "SKIP: reason" and exits 77 (CTest's SKIP_RETURN_CODE).
#
# Nothing of the machine's ssh set-up is used or changed: the sshd listens
# on 127.0.0.1 only, on a free port, with a host key, a throwaway client key
# and an authorized_keys file in WORKDIR, and the client reads only the
# config file written there (ssh -F; known hosts /dev/null), so ~/.ssh is
# neither read nor written (checked); GNU parallel's cache (~/.parallel) goes
# to WORKDIR/home. The sshd is stopped on every exit.
#
# Usage: test/check-sweep-remote.sh PROGRAM WORKDIR
#   PROGRAM  the built examples/tsq-pacing-shift
#   WORKDIR  scratch folder (emptied first); the "remote" jobs run in it,
#            as on a shared filesystem (GNU parallel's --workdir)
set -u
[ $# -eq 2 ] || { echo "usage: check-sweep-remote.sh PROGRAM WORKDIR" >&2; exit 2; }
prog=$1
work=$2
top=$(cd "$(dirname "$0")/.." && pwd)
me=check-sweep-remote
fail() { echo "$me: FAIL: $*" >&2; exit 1; }
skip() { echo "$me: SKIP: $*"; exit 77; }

[ -x "$prog" ] || fail "no program '$prog'"
prog=$(cd "$(dirname "$prog")" && pwd)/$(basename "$prog") # used from WORKDIR
[ "$(id -u)" -eq 0 ] || skip "needs root (to install and run an sshd on 127.0.0.1)"
sshd=/usr/sbin/sshd
if [ ! -x "$sshd" ] || ! command -v ssh >/dev/null 2>&1 ||
    ! command -v ssh-keygen >/dev/null 2>&1 || ! command -v parallel >/dev/null 2>&1; then
    sh "$top/utils/install-deps.sh" sweep-ssh ||
        skip "openssh-server or GNU parallel missing and not installable (utils/install-deps.sh sweep-ssh)"
fi
parallel --version 2>/dev/null | grep -q "GNU parallel" ||
    skip "'parallel' is not GNU parallel (moreutils' has the same name)"

rm -rf "$work"
mkdir -p "$work" || fail "cannot make $work"
work=$(cd "$work" && pwd) # --workdir and the ssh config need it absolute
cd "$work" || fail "cannot enter $work"

# ~/.ssh as ssh finds it: from the password database, not $HOME.
user=$(id -un)
home=$(getent passwd "$user" | cut -d: -f6)
sshdir_state() { if [ -e "$home/.ssh" ]; then ls -la "$home/.ssh"; else echo absent; fi; }
sshdir_before=$(sshdir_state)

sshd_pid=""
made_run_sshd=0
# shellcheck disable=SC2317 # called by the trap
cleanup() {
    if [ -n "$sshd_pid" ]; then
        kill "$sshd_pid" 2>/dev/null
        wait "$sshd_pid" 2>/dev/null
        sshd_pid=""
    fi
    [ "$made_run_sshd" -eq 0 ] || rmdir /run/sshd 2>/dev/null
    rm -f "$work/key" "$work/host_key" # throwaway keys; the logs stay
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

ssh-keygen -q -t ed25519 -N '' -C "$me" -f "$work/key" || fail "ssh-keygen (client key)"
ssh-keygen -q -t ed25519 -N '' -C "$me" -f "$work/host_key" || fail "ssh-keygen (host key)"
# restrict: this key can run commands and nothing else (no forwarding, no pty)
printf 'restrict,from="127.0.0.1" %s\n' "$(cat "$work/key.pub")" >"$work/authorized_keys"
chmod 600 "$work/authorized_keys"

# The client: two host names for one machine, so that GNU parallel sees two
# logins; the wrapper is what GNU parallel runs instead of ssh (--ssh).
write_ssh_config() { # write_ssh_config PORT
    cat >"$work/ssh_config" <<EOF
Host host-a host-b
    HostName 127.0.0.1
    Port $1
    User $user
    IdentityFile $work/key
    IdentitiesOnly yes
    BatchMode yes
    ConnectTimeout 5
    StrictHostKeyChecking no
    UserKnownHostsFile /dev/null
    GlobalKnownHostsFile /dev/null
    LogLevel ERROR
EOF
}
printf '#!/bin/sh\nexec ssh -F "%s/ssh_config" "$@"\n' "$work" >"$work/ssh"
chmod +x "$work/ssh"

# The server: loopback only, this key only; StrictModes off because WORKDIR
# (a build tree) need not have the modes sshd wants of a home folder.
write_sshd_config() { # write_sshd_config PORT
    cat >"$work/sshd_config" <<EOF
Port $1
ListenAddress 127.0.0.1
HostKey $work/host_key
PidFile $work/sshd.pid
AuthorizedKeysFile $work/authorized_keys
AllowUsers $user
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PrintMotd no
EOF
}
# sshd's privilege separation folder (made by Debian's ssh service, which
# need not be running)
if [ ! -d /run/sshd ]; then
    mkdir -p /run/sshd || skip "cannot make /run/sshd"
    made_run_sshd=1
    chmod 755 /run/sshd
fi

# A port nobody listens on: start sshd, wait until a login works; a port
# taken makes sshd exit, and the next one is tried.
port=$((20000 + $$ % 20000))
tries=0
while :; do
    write_sshd_config "$port"
    write_ssh_config "$port"
    "$sshd" -t -f "$work/sshd_config" 2>"$work/sshd-t.log" ||
        skip "sshd refuses its configuration: $(head -n 1 "$work/sshd-t.log")"
    "$sshd" -D -f "$work/sshd_config" -E "$work/sshd.log" &
    sshd_pid=$!
    up=0
    i=0
    while [ $i -lt 100 ] && kill -0 "$sshd_pid" 2>/dev/null; do
        if "$work/ssh" host-a true 2>"$work/ssh-probe.log"; then up=1; break; fi
        sleep 0.1
        i=$((i + 1))
    done
    [ "$up" -eq 0 ] || break
    kill "$sshd_pid" 2>/dev/null
    wait "$sshd_pid" 2>/dev/null
    sshd_pid=""
    tries=$((tries + 1))
    [ "$tries" -lt 5 ] || skip "sshd did not start on 127.0.0.1 (ports $((port - 4))..$port): $(tail -n 1 "$work/sshd.log" 2>/dev/null) $(tail -n 1 "$work/ssh-probe.log")"
    port=$((port + 1))
done
"$work/ssh" host-b true || fail "host-b: no login although host-a works"
echo "$me: sshd pid $sshd_pid on 127.0.0.1:$port; logins host-a, host-b"

# Two logins, one job slot each: the first two jobs start on different
# logins, so both must appear in the job log whatever the timing.
printf '1/host-a\n1/host-b\n' >hosts

name=remote
"$prog" --shifts=10,8 --seeds=2 --duration=1 --warmup=0.5 --flent=0 \
    --name="$name" --resultsDir=results --jobsFile=jobs.txt >jobsfile.log 2>&1 ||
    fail "--jobsFile: $(tail -n 1 jobsfile.log)"
njobs=$(grep -c -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' jobs.txt)
[ "$njobs" -eq 4 ] || fail "jobs.txt holds $njobs commands (expected 4)"

# --merge-every 1: merges also run while remote jobs write their files.
# HOME: GNU parallel keeps a cache in ~/.parallel; the test's stays here.
mkdir -p home
HOME=$work/home sh "$top/utils/tsq-sweep.sh" --sshloginfile hosts --merge-every 1 \
    --progress-every 1 "$name" jobs.txt -- --workdir "$work" --ssh "$work/ssh" \
    >sweep.log 2>&1 || {
    cat sweep.log
    fail "tsq-sweep.sh --sshloginfile"
}
grep -e '^tsq-sweep' -e '^tsq-merge' sweep.log

db=results/$name.db
q() { sqlite3 -batch "$db" "$1"; }
# Every job's run exactly once: the (point, seed) pairs of the job file.
sed -n "s/.*--only=\([^ ']*\).* --seed=\([0-9]*\).*/\1 \2/p" jobs.txt | sort >want.txt
q "SELECT point || ' ' || seed FROM runs ORDER BY 1;" >got.txt
cmp -s want.txt got.txt ||
    fail "runs in $db (point seed): $(tr '\n' ',' <got.txt); the job file's: $(tr '\n' ',' <want.txt)"
[ "$(q "SELECT count(DISTINCT run_key) FROM runs;")" -eq 4 ] || fail "not 4 distinct run keys"
nfiles=$(find "results/$name" -name '*.db' | wc -l)
[ "$nfiles" -eq 4 ] || fail "$nfiles run files in results/$name (expected 4)"

# GNU parallel's job log: Seq Host Starttime JobRuntime Send Receive Exitval
# Signal Command; every job exited 0, and both logins ran some.
joblog=results/$name.joblog
[ "$(awk 'NR > 1' "$joblog" | wc -l)" -eq 4 ] || fail "$joblog lists not 4 jobs"
bad=$(awk -F '\t' 'NR > 1 && ($7 != 0 || $8 != 0)' "$joblog")
[ -z "$bad" ] || fail "failed jobs in $joblog: $bad"
hosts=$(awk -F '\t' 'NR > 1 { print $2 }' "$joblog" | sort | uniq -c | awk '{ printf "%s%s:%s", s, $2, $1; s = " " }')
case $hosts in
"host-a:"*" host-b:"*) ;;
*) fail "jobs ran on '$hosts' (expected both host-a and host-b)" ;;
esac
# ... and went through the test's sshd: a login per job, beside the two
# logins that checked it was up.
logins=$(grep -c "Accepted publickey for $user from 127.0.0.1" "$work/sshd.log")
[ "$logins" -ge 6 ] || fail "$logins logins in $work/sshd.log (expected 2 + one per job)"
echo "$me: jobs per login (job log): $hosts; $logins ssh logins (sshd log)"

# Idempotent: the same inputs again, as a directory and as files.
before=$(sqlite3 -batch "$db" .dump | cksum)
sh "$top/utils/tsq-merge.sh" --strict "$db" "results/$name" >merge2.log 2>&1 ||
    fail "merging again: $(cat merge2.log)"
sh "$top/utils/tsq-merge.sh" --strict "$db" "results/$name"/*.db >merge3.log 2>&1 ||
    fail "merging the files again: $(cat merge3.log)"
after=$(sqlite3 -batch "$db" .dump | cksum)
grep -q ": 4 run(s); 0 new from 4 file(s), 0 skipped, 0 refused" merge3.log ||
    fail "merging again: $(tail -n 1 merge3.log)"
[ "$before" = "$after" ] || fail "merging the same runs again changed $db"
echo "$me: merged twice more: $(tail -n 1 merge3.log); dump unchanged"

pid=$sshd_pid
cleanup
! kill -0 "$pid" 2>/dev/null || fail "sshd (pid $pid) still runs"
[ "$(sshdir_state)" = "$sshdir_before" ] || fail "$home/.ssh changed: $(sshdir_state)"
echo "$me: PASS: 4 runs over 2 ssh logins, each merged once; merge idempotent; sshd stopped, ~/.ssh untouched"
