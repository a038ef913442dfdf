#!/bin/sh
# tsq-merge.sh -- merge per-run result databases into one sweep database.
#
# Usage: utils/tsq-merge.sh [--strict] [--quiet] OUT.db IN.db|DIR...
#
#   Each IN is a database written by TsqResultsDb::WriteRun (one run per
#   file); a DIR stands for every *.db file below it. OUT is created on the
#   first merge with the schema of the first input. Rows are keyed by
#   runs.run_key: a run already in OUT is left alone (INSERT OR IGNORE), and
#   its series and A-MPDU histogram rows are copied only when the run is new,
#   so merging the same files again adds nothing. Extra parameter or metric
#   columns of an input missing from OUT are added (ALTER TABLE ADD COLUMN).
#   A run whose key is in OUT with a different row (any column but
#   created_utc and wall_s) is refused: the same configuration measured
#   differently (an older build's results, or a lost input in the key) must
#   not pass for one run. The input is not merged and the exit status is 1.
#
#   Safe while a sweep is still writing: *.part files (runs being written)
#   are ignored; an input that cannot be read (locked, half-copied, not a
#   run database) is skipped with a message and merged on a later call.
#   Concurrent merges into the same OUT are serialised with flock(1) on
#   OUT.lock when flock exists, else with the lock directory OUT.lockdir
#   (atomic mkdir, the owner's pid inside; a dead owner's lock is taken over).
#
#   Schema versions (tsq_meta.schema_version): 4 is current; an older
#   input (1: the TSQ rule's column was called policy; 2: no stations
#   table; 3: pacing_shift_policy was device_shift, driver_profile
#   driver, ksoftirqd_completions ksoftirqd and gate_completion_latency_us
#   gate_completion_delay_us) is merged from a
#   migrated copy, and an older OUT is migrated in place first.
#
#   --strict  exit 1 if any input was skipped (for a sweep's final merge)
#   --quiet   print only the summary line and skips
#
# Needs the sqlite3 command-line shell (Debian package sqlite3).
set -eu

strict=0
quiet=0
while [ $# -gt 0 ]; do
    case $1 in
    --strict) strict=1; shift ;;
    --quiet) quiet=1; shift ;;
    --) shift; break ;;
    -h | --help)
        sed -n '2,/^set -eu/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'
        exit 0
        ;;
    -*) echo "tsq-merge: unknown option '$1'" >&2; exit 2 ;;
    *) break ;;
    esac
done
if [ $# -lt 2 ]; then
    echo "usage: tsq-merge.sh [--strict] [--quiet] OUT.db IN.db|DIR..." >&2
    exit 2
fi
command -v sqlite3 >/dev/null 2>&1 || {
    echo "tsq-merge: the sqlite3 shell is missing (apt-get install sqlite3)" >&2
    exit 1
}

out=$1
shift
case $out in
*.db) ;;
*) echo "tsq-merge: OUT '$out' should end in .db (refusing, to protect inputs)" >&2; exit 2 ;;
esac

mkdir -p "$(dirname "$out")"

# SQL string literal of a file name: single quotes doubled.
sqlq() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/''/g")"; }

# Serialise merges into the same OUT.
# Serialise merges into the same OUT: flock(1) on OUT.lock, or, where there
# is no flock (or TSQ_MERGE_NO_FLOCK is set, to test this path), the
# directory OUT.lockdir, whose creation is atomic, holding its owner's pid:
# a lock whose owner is gone is taken over; after 120 s of waiting on a
# live owner the merge gives up (exit 1) and merges nothing.
lockdir=""
if [ -z "${TSQ_MERGE_NO_FLOCK:-}" ] && command -v flock >/dev/null 2>&1; then
    exec 9>"$out.lock"
    flock 9
else
    waited=0
    until mkdir "$out.lockdir" 2>/dev/null; do
        owner=$(cat "$out.lockdir/pid" 2>/dev/null || true)
        # gone: no signal reaches it and (Linux) no /proc entry, as kill -0
        # also fails for another user's live process
        if [ -n "$owner" ] && ! kill -0 "$owner" 2>/dev/null && [ ! -d "/proc/$owner" ] &&
            [ "$(cat "$out.lockdir/pid" 2>/dev/null || true)" = "$owner" ]; then
            rm -rf "$out.lockdir" # its owner died holding it
            continue
        fi
        waited=$((waited + 1))
        if [ "$waited" -ge 2400 ]; then
            echo "tsq-merge: $out is locked ($out.lockdir, pid ${owner:-?}) for 120 s; nothing merged" >&2
            exit 1
        fi
        sleep 0.05
    done
    lockdir=$out.lockdir
    echo $$ >"$lockdir/pid"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; [ -z "$lockdir" ] || rm -rf "$lockdir"' EXIT
trap 'exit 1' INT TERM HUP

schema=4 # the current tsq_meta.schema_version
merged=0
new_runs=0
skipped=0
refused=0
outabs=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")

# The SQL that takes a database from schema version $1 to $1 + 1.
migration_sql() { # migration_sql FROM_VERSION DB
    case $1 in
    1)
        # 1 -> 2: the TSQ rule's column policy becomes tsq_rule, its name in
        # the CLI (--tsqRule), the attribute (TsqRule) and the core (tsq_rule).
        echo "BEGIN IMMEDIATE;"
        if sqlite3 -batch "$2" "SELECT name FROM pragma_table_info('runs');" |
            grep -qx policy; then
            echo "ALTER TABLE runs RENAME COLUMN policy TO tsq_rule;"
        fi
        echo "UPDATE tsq_meta SET value = '2' WHERE key = 'schema_version';"
        echo "COMMIT;"
        ;;
    2)
        # 2 -> 3: per-station metrics get their table (empty for older runs:
        # they recorded station 0's or none).
        echo "BEGIN IMMEDIATE;"
        echo "CREATE TABLE IF NOT EXISTS stations (run_key TEXT NOT NULL,"
        echo "  station INTEGER NOT NULL, name TEXT NOT NULL, value,"
        echo "  PRIMARY KEY (run_key, station, name));"
        echo "UPDATE tsq_meta SET value = '3' WHERE key = 'schema_version';"
        echo "COMMIT;"
        ;;
    3)
        # 3 -> 4: one name per concept. device_shift held the device's
        # pacing-shift policy, driver its driver profile (DriverProfile,
        # --driverProfile), ksoftirqd is KsoftirqdCompletions, and the gate's completion delay is the
        # completion latency of the WiFi runs. Where no driver profile or
        # policy applies (a wired or gate link, ns-3's own socket) both are
        # '' (driver said 'p2p'), and ns-3's socket has no pacing_shift.
        sqlite3 -batch "$2" "SELECT name FROM pragma_table_info('runs');" >"$tmp/mcols"
        has() { grep -qx "$1" "$tmp/mcols"; }
        echo "BEGIN IMMEDIATE;"
        if has device_shift && ! has pacing_shift_policy; then
            echo "ALTER TABLE runs RENAME COLUMN device_shift TO pacing_shift_policy;"
            echo pacing_shift_policy >>"$tmp/mcols"
        fi
        if has driver && ! has driver_profile; then
            echo "ALTER TABLE runs RENAME COLUMN driver TO driver_profile;"
            echo driver_profile >>"$tmp/mcols"
        fi
        if has ksoftirqd && ! has ksoftirqd_completions; then
            echo "ALTER TABLE runs RENAME COLUMN ksoftirqd TO ksoftirqd_completions;"
        fi
        if has gate_completion_delay_us && ! has gate_completion_latency_us; then
            echo "ALTER TABLE runs RENAME COLUMN gate_completion_delay_us TO gate_completion_latency_us;"
        fi
        if has link && has tsq_rule; then
            for col in driver_profile pacing_shift_policy; do
                if has $col; then
                    echo "UPDATE runs SET $col = '' WHERE $col IS NOT NULL AND (link IS NOT 'wifi' OR tsq_rule = 'ns3');"
                fi
            done
        fi
        if has pacing_shift && has tsq_rule; then
            echo "UPDATE runs SET pacing_shift = NULL WHERE tsq_rule = 'ns3';"
        fi
        echo "UPDATE tsq_meta SET value = '4' WHERE key = 'schema_version';"
        echo "COMMIT;"
        ;;
    esac
}

# Migrate database $1 (schema version $2) to the current version in place.
migrate() { # migrate DB FROM_VERSION
    v=$2
    while [ "$v" -lt "$schema" ]; do
        migration_sql "$v" "$1" | sqlite3 -batch -cmd ".timeout 30000" "$1" >/dev/null ||
            return 1
        v=$((v + 1))
    done
}

skip() { # skip FILE REASON
    skipped=$((skipped + 1))
    echo "tsq-merge: skipping $1: $2" >&2
}

merge_one() { # merge_one IN
    in=$1
    case $in in *.part) return 0 ;; esac
    if [ ! -f "$in" ]; then
        skip "$in" "not a file"
        return 0
    fi
    inabs=$(cd "$(dirname "$in")" && pwd)/$(basename "$in")
    [ "$inabs" = "$outabs" ] && return 0
    name=$in

    # Is it a complete run database? (schema_version written in the same
    # transaction as the run; the file only gets its name when complete)
    if ! ver=$(sqlite3 -readonly -batch -cmd ".timeout 2000" "$in" \
        "SELECT value FROM tsq_meta WHERE key = 'schema_version';" 2>"$tmp/err"); then
        skip "$in" "$(head -n 1 "$tmp/err") (incomplete, locked or not a run database)"
        return 0
    fi
    case $ver in
    "$schema") ;;
    1 | 2 | 3)
        # An older run file: merge a migrated copy, leave the file as it is.
        cp "$in" "$tmp/old.db" && migrate "$tmp/old.db" "$ver" 2>"$tmp/err" || {
            skip "$in" "migrating schema $ver -> $schema failed: $(head -n 1 "$tmp/err")"
            return 0
        }
        in=$tmp/old.db
        ;;
    *)
        skip "$name" "schema_version '$ver' (this script knows 1..$schema)"
        return 0
        ;;
    esac
    sqlite3 -readonly -batch -cmd ".timeout 2000" -separator ' ' "$in" \
        "SELECT name, type FROM pragma_table_info('runs');" >"$tmp/incols" 2>"$tmp/err" || {
        skip "$name" "$(head -n 1 "$tmp/err")"
        return 0
    }

    # OUT's columns (none if OUT has no runs table yet).
    : >"$tmp/outcols"
    if [ -s "$out" ]; then
        sqlite3 -batch -cmd ".timeout 30000" -separator ' ' "$out" \
            "SELECT name, type FROM pragma_table_info('runs');" >"$tmp/outcols"
    fi

    src=$(sqlq "$in")

    # A run already in OUT must be the same row (the key covers every input
    # of a deterministic run; the wall time and the date may differ). For
    # each column: equal in both, or absent on one side and NULL on the other.
    if [ -s "$tmp/outcols" ]; then
        diffcol=$(awk 'NR == FNR { have[$1] = 1; next }
            { inc[$1] = 1
              if ($1 == "run_key" || $1 == "created_utc" || $1 == "wall_s") next
              c = ($1 in have) ? "s.\"" $1 "\" IS NOT m.\"" $1 "\"" : "s.\"" $1 "\" IS NOT NULL"
              printf " WHEN %s THEN '\''%s'\''", c, $1 }
            END { for (k in have) if (!(k in inc) && k != "created_utc" && k != "wall_s")
                      printf " WHEN m.\"%s\" IS NOT NULL THEN '\''%s'\''", k, k }' \
            "$tmp/outcols" "$tmp/incols")
        if [ -n "$diffcol" ]; then
            if ! clash=$(sqlite3 -batch -cmd ".timeout 30000" -separator ' ' "$out" \
                "ATTACH $src AS src; SELECT s.run_key, CASE$diffcol END AS c FROM src.runs s
                   JOIN main.runs m ON m.run_key = s.run_key WHERE c IS NOT NULL LIMIT 1;" \
                2>"$tmp/err"); then
                skip "$name" "comparing with $out failed: $(head -n 1 "$tmp/err")"
                return 0
            fi
            if [ -n "$clash" ]; then
                key=${clash%% *}
                col=${clash#* }
                was=$(sqlite3 -batch "$out" "SELECT quote(\"$col\") FROM runs WHERE run_key = '$key';" 2>/dev/null || echo absent)
                now=$(sqlite3 -batch "$in" "SELECT quote(\"$col\") FROM runs WHERE run_key = '$key';" 2>/dev/null || echo absent)
                refused=$((refused + 1))
                echo "tsq-merge: refusing $name: run $key is in $out with $col = ${was:-absent}, here $col = ${now:-absent} (the same configuration measured differently: an older build's results? merge into a new database or remove that run)" >&2
                return 0
            fi
        fi
    fi
    {
        echo ".bail on"
        echo ".timeout 30000"
        echo "ATTACH $src AS src;"
        echo "BEGIN IMMEDIATE;"
        if [ ! -s "$tmp/outcols" ]; then
            # New OUT: the input's schema (tables first, then indexes).
            sqlite3 -readonly -batch -cmd ".timeout 2000" "$in" \
                "SELECT sql || ';' FROM sqlite_master WHERE sql IS NOT NULL
                   AND name NOT LIKE 'sqlite_%' ORDER BY type = 'index', rowid;"
        else
            # Extra columns this input has and OUT lacks.
            awk 'NR == FNR { have[$1] = 1; next }
                 !($1 in have) { printf "ALTER TABLE main.runs ADD COLUMN \"%s\" %s;\n", $1, $2 }' \
                "$tmp/outcols" "$tmp/incols"
        fi
        cols=$(awk '{ printf "%s\"%s\"", (NR > 1 ? ", " : ""), $1 }' "$tmp/incols")
        cat <<EOF
CREATE TEMP TABLE fresh AS SELECT run_key FROM src.runs
  WHERE run_key NOT IN (SELECT run_key FROM main.runs);
INSERT OR IGNORE INTO main.runs ($cols)
  SELECT $cols FROM src.runs WHERE run_key IN (SELECT run_key FROM temp.fresh);
INSERT INTO main.series (run_key, series, t_s, value)
  SELECT run_key, series, t_s, value FROM src.series
  WHERE run_key IN (SELECT run_key FROM temp.fresh);
INSERT OR IGNORE INTO main.ampdu_histogram (run_key, mpdus, psdus)
  SELECT run_key, mpdus, psdus FROM src.ampdu_histogram
  WHERE run_key IN (SELECT run_key FROM temp.fresh);
INSERT OR IGNORE INTO main.stations (run_key, station, name, value)
  SELECT run_key, station, name, value FROM src.stations
  WHERE run_key IN (SELECT run_key FROM temp.fresh);
INSERT OR IGNORE INTO main.tsq_meta SELECT * FROM src.tsq_meta;
SELECT count(*) FROM temp.fresh;
COMMIT;
EOF
    } >"$tmp/merge.sql"
    if ! n=$(sqlite3 -batch "$out" <"$tmp/merge.sql" 2>"$tmp/err"); then
        skip "$name" "merge failed: $(head -n 1 "$tmp/err")"
        return 0
    fi
    merged=$((merged + 1))
    new_runs=$((new_runs + n))
    if [ "$quiet" -eq 0 ]; then
        if [ "$n" -gt 0 ]; then
            echo "tsq-merge: $name: $n new run(s)"
        else
            echo "tsq-merge: $name: already merged"
        fi
    fi
}

# An OUT written by an older version is migrated before anything joins it.
if [ -s "$out" ]; then
    outver=$(sqlite3 -batch -cmd ".timeout 30000" "$out" \
        "SELECT value FROM tsq_meta WHERE key = 'schema_version';" 2>/dev/null) || outver=""
    case $outver in
    "" | "$schema") ;;
    1 | 2 | 3)
        migrate "$out" "$outver" || {
            echo "tsq-merge: $out: migrating schema $outver -> $schema failed" >&2
            exit 1
        }
        [ "$quiet" -eq 1 ] || echo "tsq-merge: $out: schema $outver -> $schema (1: policy is now tsq_rule; 2: a stations table; 3: device_shift and driver are now pacing_shift_policy and driver_profile)"
        ;;
    *)
        echo "tsq-merge: $out: schema_version '$outver' (this script knows 1..$schema)" >&2
        exit 1
        ;;
    esac
fi

for arg in "$@"; do
    if [ -d "$arg" ]; then
        find "$arg" -type f -name '*.db' | sort >"$tmp/list"
        while IFS= read -r f; do
            merge_one "$f"
        done <"$tmp/list"
    else
        merge_one "$arg"
    fi
done

total=0
if [ -s "$out" ]; then
    total=$(sqlite3 -batch -cmd ".timeout 30000" "$out" "SELECT count(*) FROM runs;")
fi
echo "tsq-merge: $out: $total run(s); $new_runs new from $merged file(s), $skipped skipped, $refused refused"
if [ "$refused" -gt 0 ]; then
    exit 1
fi
if [ "$strict" -eq 1 ] && [ "$skipped" -gt 0 ]; then
    exit 1
fi
exit 0
