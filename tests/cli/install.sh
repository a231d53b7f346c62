# An installed program finds its variants in PREFIX/share/camelot/variants, wherever PREFIX is:
# the program is copied into a prefix of its own, beside a variant found nowhere else. Then
# 'cmake --install' into another prefix installs the documents that the manual page and the
# help texts name, and both give their real place.
# SPDX-License-Identifier: MIT
set -eu
. "$(dirname "$0")/lib.bash"
BUILD=$(dirname "$CAMELOT") # the build directory, for 'cmake --install' below

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

# A real installation, into a prefix of its own: the documents the manual page and the help
# texts cite are installed, and both name them where they are.
INST="$TMP/inst"
if cmake --install "$BUILD" --prefix "$INST" >"$TMP/install.log" 2>&1; then
    MAN="$INST/share/man/man6/camelot.6"
    DOCS="$INST/share/doc/camelot"
    check "the manual page is installed" test -s "$MAN"
    cited=$(grep -o '[a-z]*\.md' "$MAN" | sort -u)
    missing=
    for d in $cited; do
        [ -f "$DOCS/$d" ] || missing="$missing $d"
    done
    check "every document the manual page names is installed ($(echo $cited))" \
        eval '[ -n "$cited" ] && [ -z "$missing" ]'
    check "and the commented sample of the settings file" test -s "$DOCS/camelot.conf"
    OUT=$(cat "$MAN")
    check "the manual page names the prefix's variants and documents, not another place" \
        eval 'has "$OUT" "^\.I $INST/share/camelot/variants/\*\.yaml$" &&
              has "$OUT" "^\.IR $INST/share/doc/camelot/ :$" &&
              ! has "$OUT" "/usr/(local/)?share/"'
    for c in $("$INST/bin/camelot" help | awk '/^commands:$/ { on = 1; next }
                                               on && /^$/ { exit } on { print $1 }'); do
        OUT=$("$INST/bin/camelot" "$c" --help)
        names=$(printf '%s\n' "$OUT" | grep -o '[a-z-]*\.md' | sort -u)
        missing=
        for d in $names; do
            [ -f "$DOCS/$d" ] || missing="$missing $d"
        done
        [ -z "$names" ] && continue
        check "$c --help names documents that are installed, and where ($(echo $names))" \
            eval '[ -z "$missing" ] && ! has "$OUT" "docs/" &&
                  has "$OUT" "^The documents named here are in( |$)" && has "$OUT" "$DOCS/\.$"'
    done
    run_installed() { CAMELOT="$INST/bin/camelot" run "$@"; }
    run_installed status --variant camette
    check "the installed program finds its variants" eval '[ "$RC" = 0 ] && [ "$OUT" = ongoing ]'
    run_installed help
    check "help says where the documents are" has "$OUT" "^$DOCS/\.$"
    check "and that the installed manual is 'man camelot'" has "$OUT" "^The manual: 'man camelot'"
else
    echo "FAIL: cmake --install"
    cat "$TMP/install.log"
    FAILS=$((FAILS + 1))
fi

finish
