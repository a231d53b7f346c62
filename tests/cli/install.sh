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

finish
