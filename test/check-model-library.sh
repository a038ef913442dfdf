#!/bin/sh
# The model library holds the model only: it must not call SQLite, zlib,
# or create processes (fork/exec/wait belong to the experiment library's job
# runner). Checked on the built library's undefined dynamic symbols.
# A NEEDED libsqlite3 entry alone is not ours: ns-3's own ns3::libstats
# target links it into every module with --no-as-needed.
# Usage: test/check-model-library.sh path/to/libns3.*-tsq.so
set -eu
lib=${1:?usage: check-model-library.sh LIBRARY}
if [ ! -f "$lib" ]; then
    echo "check-model-library: $lib: no such file"
    exit 1
fi
bad=$(nm -D --undefined-only "$lib" | awk '{ print $NF }' | sed 's/@.*//' |
    grep -E '^(sqlite3_.*|gz.*|deflate.*|inflate.*|compress.*|fork|vfork|posix_spawn.*|exec[lv]p?e?|waitpid|wait|system|popen)$' || true)
if [ -n "$bad" ]; then
    echo "check-model-library: $lib calls what belongs to the experiment library:"
    echo "$bad"
    exit 1
fi
echo "check-model-library: $(basename "$lib") calls no SQLite, zlib or process function"
