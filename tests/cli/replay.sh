# replay: good records, records with an illegal move, syntax errors and results that disagree.
# SPDX-License-Identifier: MIT
set -eu
. "$(dirname "$0")/lib.bash"

cat >"$TMP/good.txt" <<'REC'
[Event "test"]
[Variant "camelot"]
[White "Ann \"A\" Able"]
[Black "Bob"]
[Result "*"]

1. E6-E8 F11-F9 {Black offers a man} 2. E8-E9 F9xD9 ; forced
3. d6-d8 *
REC
run replay "$TMP/good.txt"
check "a good record replays" eval '[ "$RC" = 0 ] && [ -z "$ERR" ]'
check "the final board is shown" \
    eval 'has "$OUT" "^  9 \. \. \. m \. \. \. \. \. \. \. \.$" &&
          has "$OUT" "^  8 \. \. \. M \. \. \. \. \. \. \. \.$"'
check "Black is to move" has "$OUT" "^to move: B \(Black\)$"
check "the last line is the result" [ "$(last_line "$OUT")" = "result: ongoing" ]

# A finished Camette game; the result is checked.
printf '[Variant "camette"]\n[Result "B"]\n[Termination "castle"]\n\n1. C3-C4 C5xC3xC1 B\n' \
    >"$TMP/won.txt"
run replay "$TMP/won.txt"
check "a won game ends with its result" \
    eval '[ "$RC" = 0 ] && [ "$(last_line "$OUT")" = "result: B wins (castle)" ]'

# An illegal move on line 4: Black must capture.
cat >"$TMP/illegal.txt" <<'REC'
[Variant "camelot"]

1. E6-E8 F11-F9
2. E8-E9 F9-F8
3. D6-D8
REC
run replay "$TMP/illegal.txt"
check "an illegal move exits 1" eval '[ "$RC" = 1 ] && [ -z "$OUT" ]'
check "it is reported as RECORD:LINE: illegal move 'X': reason" \
    has "$ERR" "^$TMP/illegal.txt:4: illegal move 'F9-F8': .+"

# A move after the end of the game.
printf '[Variant "camette"]\n1. C3-C4 C5xC3xC1\n2. D3-C3\n' >"$TMP/over.txt"
run replay "$TMP/over.txt"
check "a move after the end is illegal" \
    eval '[ "$RC" = 1 ] && has "$ERR" "^$TMP/over.txt:3: illegal move .D3-C3.: the game is already over"'

# A result that the moves do not reach.
printf '[Variant "camette"]\n[Result "W"]\n1. C3-C4 C5xC3xC1\n' >"$TMP/wrong.txt"
run replay "$TMP/wrong.txt"
check "a wrong Result tag is reported at its line" \
    eval '[ "$RC" = 1 ] && has "$ERR" "^$TMP/wrong.txt:2: .*W.*B wins \(castle\)"'

# An unfinished game with a result decided off the board (a resignation).
printf '[Variant "camette"]\n[Result "W"]\n1. C3-C4\n' >"$TMP/resign.txt"
run replay "$TMP/resign.txt"
check "a result off the board is kept" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^result: ongoing$" && has "$OUT" "^recorded result: W$"'

# Syntax errors: FILE:LINE:COL.
printf '[Variant "camelot"]\n\n1. E6-E8 F11-F9\n2. E8-E9 F9-Z8\n' >"$TMP/syntax.txt"
run replay "$TMP/syntax.txt"
check "a malformed move is a syntax error at its column" \
    eval '[ "$RC" = 1 ] && has "$ERR" "^$TMP/syntax.txt:4:13: not a move"'
printf '[Variant "camelot"\n1. E6-E8\n' >"$TMP/tag.txt"
run replay "$TMP/tag.txt"
check "a broken tag is a syntax error" \
    eval '[ "$RC" = 1 ] && has "$ERR" "^$TMP/tag.txt:1:19: "'
printf '1. E6-E8 {never closed\n' >"$TMP/comment.txt"
run replay "$TMP/comment.txt"
check "an unterminated comment is a syntax error" \
    eval '[ "$RC" = 1 ] && has "$ERR" "^$TMP/comment.txt:1:10: unterminated comment"'

# The Variant tag: unknown names; a file next to the record and nothing else (a record never
# makes the program read another file); --variant names any.
printf '[Event "x"]\n[Variant "nonesuch"]\n1. E6-E8\n' >"$TMP/novariant.txt"
run replay "$TMP/novariant.txt"
check "an unknown variant is reported at the tag's line" \
    eval '[ "$RC" = 1 ] && has "$ERR" "^$TMP/novariant.txt:2: .*nonesuch"'
mkdir "$TMP/games"
cp "$SRC/variants/camette.yaml" "$TMP/mine.yaml"
printf '[Variant "../mine.yaml"]\n1. C3-C4 C5xC3xC1 B\n' >"$TMP/games/rel.txt"
run replay "$TMP/games/rel.txt"
check "a Variant tag that climbs out of the record's directory is refused" \
    eval '[ "$RC" = 1 ] && has "$ERR" "^$TMP/games/rel.txt:1: .*neither a variant.s name nor a variant file next to the record"'
printf '[Variant "/etc/passwd"]\n' >"$TMP/games/abs.txt"
run replay "$TMP/games/abs.txt"
check "an absolute Variant path is refused, and the file is not quoted" \
    eval '[ "$RC" = 1 ] && has "$ERR" "neither a variant" && ! has "$ERR" "root:"'
run replay --variant "$TMP/mine.yaml" "$TMP/games/rel.txt"
check "--variant plays a record in the variant it names" \
    eval '[ "$RC" = 0 ] && [ "$(last_line "$OUT")" = "result: B wins (castle)" ]'
cp "$TMP/mine.yaml" "$TMP/games/mine.yaml"
printf '[Variant "mine.yaml"]\n1. C3-C4 C5xC3xC1 B\n' >"$TMP/games/next.txt"
cd "$TMP" || exit 1
run replay "$TMP/games/next.txt"
cd - >/dev/null || exit 1
check "a variant file next to the record is found there, wherever camelot runs" \
    eval '[ "$RC" = 0 ] && [ "$(last_line "$OUT")" = "result: B wins (castle)" ]'

finish
