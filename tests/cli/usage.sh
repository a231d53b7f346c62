# Help, version and exit codes for bad usage (2) and bad input (1).
# SPDX-License-Identifier: MIT
set -eu
. "$(dirname "$0")/lib.bash"

run --version
check "--version prints the version" [ "$RC" = 0 -a "$OUT" = "camelot 0.1.0" ]

run --help
check "--help exits 0 and lists the commands" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^usage: camelot" && has "$OUT" "^  perft "'
# From the build tree the manual page is read with 'man -l' and its path: the page is there.
page=$(printf '%s\n' "$OUT" | awk '/^  man -l / { print $3 }')
check "--help from the build tree names the manual page's file, which is there" \
    eval '[ -n "$page" ] && [ -s "$page" ] && [ "$page" = "$SRC/docs/camelot.6" ]'
run help
check "help lists every command" \
    eval '[ "$RC" = 0 ] && for c in play validate moves perft status show replay help; do
              has "$OUT" "^  $c " || exit 1; done'

for c in play validate moves perft status show replay help; do
    run "$c" --help
    check "$c --help describes $c" eval '[ "$RC" = 0 ] && has "$OUT" "^usage: camelot $c"'
    run help "$c"
    check "help $c describes $c" eval '[ "$RC" = 0 ] && has "$OUT" "^usage: camelot $c"'
done

# Every help text and usage line fits an 80-column terminal: no line is wider than 79
# columns. The help is plain ASCII, so bytes are columns. The commands are the ones 'camelot
# help' lists, so a new command is checked too.
fits() {
    local wide
    wide=$(printf '%s\n' "$1" | LC_ALL=C awk 'length > 79 { print "  " length ": " $0 }')
    [ -z "$wide" ] || { printf 'lines wider than 79 columns:\n%s\n' "$wide"; return 1; }
}
run help
commands=$(printf '%s\n' "$OUT" | awk '/^commands:$/ { on = 1; next } on && /^$/ { exit }
                                      on { print $1 }')
check "help's list of commands can be read" \
    eval 'has "$commands" "^play$" && has "$commands" "^match$" && has "$commands" "^help$"'
check "help fits 79 columns" eval '[ "$RC" = 0 ] && fits "$OUT"'
run --help
check "--help fits 79 columns" eval '[ "$RC" = 0 ] && fits "$OUT"'
run frobnicate
check "the overall usage line fits 79 columns" eval '[ "$RC" = 2 ] && fits "$ERR"'
for c in $commands; do
    run "$c" --help
    check "$c --help fits 79 columns" eval '[ "$RC" = 0 ] && has "$OUT" "^usage: camelot $c" &&
                                            fits "$OUT"'
    run help "$c"
    check "help $c fits 79 columns" eval '[ "$RC" = 0 ] && has "$OUT" "^usage: camelot $c" &&
                                          fits "$OUT"'
    run "$c" --nonsense
    check "$c's usage line for a bad option fits 79 columns" \
        eval '[ "$RC" = 2 ] && has "$ERR" "^usage: camelot $c" && fits "$ERR"'
done

# Bad usage: exit 2 and a usage line on stderr, nothing on stdout.
usage_error() {
    run "$@"
    check "usage error: camelot $*" \
        eval '[ "$RC" = 2 ] && [ -z "$OUT" ] && has "$ERR" "^usage: camelot"'
}
usage_error frobnicate
usage_error help frobnicate
usage_error --frob
usage_error moves --frob
usage_error moves --divide
usage_error moves extra
usage_error moves --variant
usage_error moves --variant=
usage_error perft
usage_error perft two
usage_error perft -1
usage_error perft 1 2
usage_error perft 999
usage_error show --paths
usage_error validate
usage_error replay
usage_error replay a b
usage_error status --position

# Bad input: exit 1 with a message.
run moves --variant no-such-variant
check "an unknown variant is bad input" \
    eval '[ "$RC" = 1 ] && has "$ERR" "unknown variant .no-such-variant."'
run moves --variant ../variants/camelot
check "a variant name cannot be a path in disguise" eval '[ "$RC" = 1 ]'
run moves --position "$TMP/missing.yaml"
check "a missing position file is bad input" \
    eval '[ "$RC" = 1 ] && has "$ERR" "^$TMP/missing.yaml: cannot open"'
run replay "$TMP"
check "a directory is bad input" eval '[ "$RC" = 1 ] && has "$ERR" "is a directory"'
head -c 1100000 /dev/zero | tr '\0' ' ' >"$TMP/huge.yaml"
run validate "$TMP/huge.yaml"
check "an oversized variant file is refused" \
    eval '[ "$RC" = 1 ] && has "$ERR" "larger than 1048576 bytes"'

# Options in either form, in any order.
run moves --variant=camette
check "--variant=V works" eval '[ "$RC" = 0 ] && [ "$(printf "%s\n" "$OUT" | wc -l)" -gt 0 ]'
run show --variant "$SRC/variants/camette.yaml"
check "--variant takes a path" eval '[ "$RC" = 0 ] && has "$OUT" "^to move: W \(White\)$"'

# An option or an argument quoted in a usage error is escaped.
run show --col$'\033'[2Jour
check "an unknown option is quoted escaped" \
    eval '[ "$RC" = 2 ] && clean "$ERR" && has "$ERR" "^camelot: unknown option .--col\\\\x1B\[2Jour.$"'
run $'\377'
check "an unknown command is quoted escaped" \
    eval '[ "$RC" = 2 ] && clean "$ERR" && has "$ERR" "^camelot: unknown command .\\\\xFF.$"'

finish
