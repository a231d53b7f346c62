# validate: the shipped variant files are good; a bad file is reported with line and column.
# SPDX-License-Identifier: MIT
set -eu
. "$(dirname "$0")/lib.bash"

run validate "$SRC"/variants/*.yaml
check "every shipped variant validates" eval '[ "$RC" = 0 ] && [ -z "$ERR" ]'
for f in "$SRC"/variants/*.yaml; do
    check "$(basename "$f"): ok" has "$OUT" "^$f: ok$"
done

# An error on line 12 (the title must be a string, not a list).
sed '12s/^title: .*/title: [Camette, 2]/' "$SRC/variants/camette.yaml" >"$TMP/bad.yaml"
check "the fixture has the error on line 12" has "$(sed -n 12p "$TMP/bad.yaml")" "^title: \["
run validate "$TMP/bad.yaml"
check "a bad file exits 1" [ "$RC" = 1 ]
check "the error names FILE:12:COL:" has "$ERR" "^$TMP/bad.yaml:12:[0-9]+: "
check "the error quotes the line with a caret" \
    eval 'has "$ERR" "^    title: \[Camette, 2\]$" && has "$ERR" "^ +\^$"'
check "a bad file is not 'ok'" eval '! has "$OUT" "bad.yaml: ok"'

# A misspelt key on line 12.
sed '12s/^title:/titel:/' "$SRC/variants/camette.yaml" >"$TMP/key.yaml"
run validate "$TMP/key.yaml"
check "an unknown key is reported at 12:1" \
    eval '[ "$RC" = 1 ] && has "$ERR" "^$TMP/key.yaml:12:1: .*titel"'

# Good and bad together: each file gets its line, the exit status is 1.
run validate "$SRC/variants/cam.yaml" "$TMP/bad.yaml" "$TMP/missing.yaml" "$SRC/variants/camette.yaml"
check "good files are still ok next to bad ones" \
    eval '[ "$RC" = 1 ] && has "$OUT" "cam.yaml: ok$" && has "$OUT" "camette.yaml: ok$"'
check "a missing file is reported" has "$ERR" "^$TMP/missing.yaml: cannot open"

# A line quoted under an error is escaped, and the caret stays under the byte it names.
sed '12s/^title: .*/title: "Ca\x1b[2Jmette"/' "$SRC/variants/camette.yaml" >"$TMP/esc.yaml"
run validate "$TMP/esc.yaml"
check "the quoted line shows a control byte escaped, the caret under it" \
    eval '[ "$RC" = 1 ] && clean "$ERR" && has "$ERR" "^$TMP/esc.yaml:12:11: .*#1B" &&
          has "$ERR" "^    title: \"Ca\\\\x1B\[2Jmette\"$" && has "$ERR" "^ {14}\^$"'

# Syntax errors in the YAML itself.
printf 'name: x\nboard: [\n' >"$TMP/syntax.yaml"
run validate "$TMP/syntax.yaml"
check "a YAML syntax error has a line and column" \
    eval '[ "$RC" = 1 ] && has "$ERR" "^$TMP/syntax.yaml:[0-9]+:[0-9]+: "'

finish
