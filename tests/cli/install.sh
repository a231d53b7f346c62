# An installed program finds its variants in PREFIX/share/camelot/variants, wherever PREFIX is:
# the program is copied into a prefix of its own, beside a variant found nowhere else.
# SPDX-License-Identifier: MIT
set -eu
. "$(dirname "$0")/lib.bash"

PREFIX="$TMP/prefix"
mkdir -p "$PREFIX/bin" "$PREFIX/share/camelot/variants"
cp "$CAMELOT" "$PREFIX/bin/camelot"
cp "$SRC/variants/cam.yaml" "$PREFIX/share/camelot/variants/only-installed.yaml"
CAMELOT="$PREFIX/bin/camelot"

run status --variant only-installed
check "the installed program finds a variant in its prefix" \
    eval '[ "$RC" = 0 ] && [ "$OUT" = "ongoing" ]'
run status --variant no-such-variant
check "an unknown variant names the directories searched, the prefix's first" \
    eval '[ "$RC" = 1 ] && has "$ERR" "no no-such-variant.yaml in $PREFIX/share/camelot/variants, "'
CAMELOT_VARIANT_DIR="$TMP/none" run status --variant only-installed
check "the prefix's variants still count with CAMELOT_VARIANT_DIR set" \
    eval '[ "$RC" = 0 ]'

# Puzzles are found the same way: PREFIX/share/camelot/variants/puzzles, whose files hide the
# source tree's of the same name.
mkdir -p "$PREFIX/share/camelot/variants/puzzles"
sed -e 's/id: cam-/id: installed-/' "$SRC/variants/puzzles/cam.yaml" \
    >"$PREFIX/share/camelot/variants/puzzles/cam.yaml"
run puzzle --list
check "the installed program finds the puzzles of its prefix" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^installed-0001 +cam " && ! has "$OUT" "^cam-0001 "'
check "and the others of the search path" has "$OUT" "^camelot-0001 +camelot "

finish
