#!/bin/sh
# The waf build (wscript, for ns-3 <= 3.35) cannot run here, so check that its
# source, header, test and example lists equal CMakeLists.txt's.
# Usage: test/check-wscript.sh [module-dir]
set -eu
top=${1:-$(dirname "$0")/..}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Items of a CMake "set(NAME" block, one per line, until the closing ")".
cmake_list() { # file name [prefix]
    awk -v name="$2" -v prefix="${3:-}" '
        $0 ~ "^set\\(" name "$" { on = 1; next }
        on && /^\)/ { on = 0 }
        on { for (i = 1; i <= NF; i++) if ($i !~ /^#/) print prefix $i }
    ' "$1"
}

# Quoted items of a python list opened on a line containing "key = [".
waf_list() { # file key
    awk -v key="$2" '
        index($0, key " = [") { on = 1; next }
        on && /^ *\]/ { on = 0 }
        on { while (match($0, /'"'"'[^'"'"']+'"'"'/)) {
                 print substr($0, RSTART + 1, RLENGTH - 2)
                 $0 = substr($0, RSTART + RLENGTH) } }
    ' "$1"
}

compare() { # what cmake-file waf-file
    sort "$2" >"$2.s"
    sort "$3" >"$3.s"
    if ! cmp -s "$2.s" "$3.s"; then
        echo "check-wscript: $1 lists differ (< CMake, > wscript):"
        diff "$2.s" "$3.s" || true
        status=1
    fi
}

status=0
{
    cmake_list "$top/CMakeLists.txt" TSQ_MODULE_SOURCES
    cmake_list "$top/c-core/sources.cmake" TSQ_CORE_SOURCES c-core/
} >"$tmp/src.cmake"
waf_list "$top/wscript" module.source >"$tmp/src.waf"
compare sources "$tmp/src.cmake" "$tmp/src.waf"

cmake_list "$top/CMakeLists.txt" TSQ_MODULE_HEADERS >"$tmp/hdr.cmake"
waf_list "$top/wscript" headers.source >"$tmp/hdr.waf"
compare headers "$tmp/hdr.cmake" "$tmp/hdr.waf"

cmake_list "$top/CMakeLists.txt" TSQ_EXPERIMENT_SOURCES >"$tmp/xsrc.cmake"
waf_list "$top/wscript" experiment.source >"$tmp/xsrc.waf"
compare "experiment sources" "$tmp/xsrc.cmake" "$tmp/xsrc.waf"

cmake_list "$top/CMakeLists.txt" TSQ_EXPERIMENT_HEADERS >"$tmp/xhdr.cmake"
waf_list "$top/wscript" experiment_hdr.source >"$tmp/xhdr.waf"
compare "experiment headers" "$tmp/xhdr.cmake" "$tmp/xhdr.waf"

cmake_list "$top/CMakeLists.txt" TSQ_TEST_SOURCES >"$tmp/test.cmake"
waf_list "$top/wscript" module_test.source >"$tmp/test.waf"
compare tests "$tmp/test.cmake" "$tmp/test.waf"

cmake_list "$top/CMakeLists.txt" TSQ_EXAMPLES >"$tmp/ex.cmake"
waf_list "$top/examples/wscript" examples >"$tmp/ex.waf"
compare examples "$tmp/ex.cmake" "$tmp/ex.waf"

for f in "$tmp"/src.cmake "$tmp"/xsrc.cmake "$tmp"/test.cmake "$tmp"/ex.cmake; do
    if [ ! -s "$f" ]; then
        echo "check-wscript: no items parsed into $(basename "$f")"
        status=1
    fi
done
[ "$status" -eq 0 ] && echo "check-wscript: wscript lists match CMakeLists.txt"
exit "$status"
