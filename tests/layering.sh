# The layers of the source tree, checked from the '#include' lines of every file: bottom to
# top, src/core (with include/camelot) and src/engine; src/io and src/net; src/session;
# src/server and src/ui; src/app. A layer without a folder yet has no files to check.
# A file may include only from its own layer and the layers its layer may use; curses, libyaml
# and threads stay in their own files (curses in src/ui/curses_*.c); the files layer and the session print nothing; the core
# and the engine touch no file, clock or environment.
#   bash tests/layering.sh ROOT          check the tree at ROOT (exit 1 on a wrong include)
#   bash tests/layering.sh --self-test ROOT
#                                        check that a wrong include in a copy of ROOT is caught
# SPDX-License-Identifier: MIT
set -u

# What each layer may include, itself first.
declare -A USES=(
    [core]="core"
    [engine]="engine core"
    [io]="io core"
    [net]="net core"
    [session]="session net io engine core"
    [server]="server session net io engine core"
    [ui]="ui session engine core"
    [app]="app server ui session net io engine core"
)

# The layer of a file of the tree, from its path.
layer_of_file() {
    case $1 in
    include/camelot/engine.h) echo engine ;;
    include/camelot/*) echo core ;;
    src/*/*) local d=${1#src/}; echo "${d%%/*}" ;;
    *) echo "" ;;
    esac
}

# The layer of a quoted include "NAME" written in file FILE.
layer_of_include() {
    local file=$1 name=$2
    case $name in
    camelot/engine.h) echo engine ;;
    camelot/*) echo core ;;
    core/* | engine/* | io/* | net/* | session/* | server/* | ui/* | app/*) echo "${name%%/*}" ;;
    */*) echo "?" ;;
    *) layer_of_file "$file" ;;
    esac
}

# The code of files, as "FILE:LINE:TEXT" lines, with the comments left out.
code_only() {
    awk '
        FNR == 1 { incomment = 0 }
        {
            line = $0; out = ""
            while (length(line) > 0) {
                if (incomment) {
                    i = index(line, "*/")
                    if (i == 0) { line = ""; break }
                    line = substr(line, i + 2); incomment = 0
                } else {
                    i = index(line, "/*"); j = index(line, "//")
                    if (j > 0 && (i == 0 || j < i)) { out = out substr(line, 1, j - 1); break }
                    if (i == 0) { out = out line; break }
                    out = out substr(line, 1, i - 1); line = substr(line, i + 2); incomment = 1
                }
            }
            if (out ~ /[^[:space:]]/) print FILENAME ":" FNR ":" out
        }' "$@"
}

fail=0
complain() {
    echo "layering: $*" >&2
    fail=1
}

check_tree() {
    local root=$1
    cd "$root" || exit 2
    local files
    files=$(find include src -name '*.[ch]' | sort)
    [ -n "$files" ] || { echo "layering: no sources under $root" >&2; exit 2; }
    local f layer line name inc
    for f in $files; do
        layer=$(layer_of_file "$f")
        [ -n "${USES[$layer]+x}" ] || { complain "$f: not in a known layer"; continue; }
        while IFS= read -r line; do
            name=${line#*\"}
            name=${name%%\"*}
            inc=$(layer_of_include "$f" "$name")
            if [ "$inc" = "?" ]; then
                complain "$f: '#include \"$name\"' names no layer (write it as LAYER/FILE.h)"
            elif [[ " ${USES[$layer]} " != *" $inc "* ]]; then
                complain "$f ($layer) includes \"$name\" ($inc): $layer may use only: ${USES[$layer]}"
            fi
            case $name in
            */*) [ -e "${name#camelot/}" ] || [ -e "include/$name" ] || [ -e "src/$name" ] ||
                complain "$f: \"$name\" does not exist" ;;
            *) [ -e "$(dirname "$f")/$name" ] || complain "$f: \"$name\" is not in its folder" ;;
            esac
        done < <(grep -E '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f")
    done

    # Libraries that belong to one place.
    local hits
    hits=$(grep -lE '#[[:space:]]*include[[:space:]]*<n?curses\.h>' $files |
        grep -v '^src/ui/curses_[a-z]*\.[ch]$')
    [ -z "$hits" ] || complain "curses outside the curses files of src/ui (curses_*.c): $hits"
    # The screen's inside is its own: the program sees the screen through src/ui/ui.h.
    hits=$(grep -lE '#[[:space:]]*include[[:space:]]*"ui/(ui_int|curses_int)\.h"' $files |
        grep -v '^src/ui/')
    [ -z "$hits" ] || complain "the screen's private headers outside src/ui (use ui/ui.h): $hits"
    hits=$(grep -lE '#[[:space:]]*include[[:space:]]*<yaml\.h>' $files | grep -v '^src/core/')
    [ -z "$hits" ] || complain "libyaml outside src/core: $hits"
    # 'camelot match' plays games side by side (match.c) and forks engine programs under a
    # lock (extengine.c); a search runs its helper threads, joined before it returns
    # (src/engine/engine.c).
    hits=$(grep -lE '#[[:space:]]*include[[:space:]]*<pthread\.h>' $files |
        grep -vE '^src/(session/engine_thread|app/match|app/extengine|engine/engine)\.c$')
    [ -z "$hits" ] || complain "threads outside src/session/engine_thread.c, the match and the search's helpers: $hits"

    hits=$(grep -lE '#[[:space:]]*include[[:space:]]*<sqlite3\.h>' $files | grep -v '^src/server/store\.c$')
    [ -z "$hits" ] || complain "SQLite outside src/server/store.c: $hits"

    # Printing: none in the files layer, the network, the session, the server (its log goes
    # through a callback), the core or the engine.
    local quiet
    quiet=$(printf '%s\n' $files | grep -E '^(src/(io|net|session|server|core|engine)/|include/)')
    hits=$(code_only $quiet | grep -E '\b(printf|fprintf|vprintf|vfprintf|puts|fputs|putchar|fputc|perror|fwrite)[[:space:]]*\(|\b(stdout|stderr)\b')
    [ -z "$hits" ] || complain "printing in a layer that prints nothing:
$hits"

    # The pure core and engine, and the ratings of the server: no files, no environment, no
    # clock, no randomness, no exit.
    local pure
    pure=$(printf '%s\n' $files | grep -E '^(src/(core|engine)/|src/server/rating\.[ch]$|include/)')
    hits=$(code_only $pure | grep -E '\b(fopen|open|getenv|time|clock_gettime|rand|srand|exit|abort)[[:space:]]*\(|\bFILE[[:space:]]*\*')
    [ -z "$hits" ] || complain "a file, the environment, a clock or an exit in the pure core, engine or ratings:
$hits"
}

if [ "${1:-}" = --self-test ]; then
    root=${2:?usage: layering.sh --self-test ROOT}
    tmp=$(mktemp -d) || exit 2
    trap 'rm -rf "$tmp"' EXIT
    cp -r "$root/src" "$root/include" "$tmp/"
    # The screen reaching up into the program: the checker must refuse it.
    sed -i '0,/^#include "ui_int.h"/s//#include "app\/cli.h"\n#include "ui_int.h"/' "$tmp/src/ui/view.c"
    grep -q '^#include "app/cli.h"' "$tmp/src/ui/view.c" || { echo "self-test: no include put in" >&2; exit 2; }
    out=$(bash "$0" "$tmp" 2>&1)
    rc=$?
    if [ $rc -eq 1 ] && printf '%s\n' "$out" | grep -q 'src/ui/view.c (ui) includes "app/cli.h" (app)'; then
        echo "self-test: the wrong include was caught: $(printf '%s\n' "$out" | head -1)"
        exit 0
    fi
    echo "self-test: a wrong include in src/ui/view.c was not caught (exit $rc): $out" >&2
    exit 1
fi

check_tree "${1:?usage: layering.sh ROOT}"
if [ $fail -eq 0 ]; then
    echo "layering: every include points down"
fi
exit $fail
