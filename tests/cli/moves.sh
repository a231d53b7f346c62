# moves: the sorted move list, --paths, position files (and their errors), skipped seats and
# finished games.
# SPDX-License-Identifier: MIT
set -eu
. "$(dirname "$0")/lib.bash"

run moves
printf '%s\n' "$OUT" >"$TMP/start"
check "Camelot start: 100 moves" eval '[ "$RC" = 0 ] && [ "$(wc -l <"$TMP/start")" = 100 ]'
check "moves are sorted bytewise" sort -c "$TMP/start"
check "each line is EFFECT<TAB>PATH" \
    eval '! grep -Evq "^[A-P][0-9]+>[A-P][0-9]+	[A-P][0-9]+(-[A-P][0-9]+)+$" "$TMP/start"'
check "the effect matches the path's ends" \
    eval '! awk -F "\t" "{ n = split(\$2, p, \"-\"); if (\$1 != p[1] \">\" p[n]) bad = 1 }
                         END { exit !bad }" "$TMP/start"'
check "E6>E8 is the canter E6-E8" has "$OUT" "^E6>E8	E6-E8$"
check "D7>B7 is written D7-D5-B7" has "$OUT" "^D7>B7	D7-D5-B7$"
check "nothing on stderr" [ -z "$ERR" ]

run moves --paths
printf '%s\n' "$OUT" >"$TMP/paths"
check "--paths lists at least one path per move" \
    eval '[ "$RC" = 0 ] && [ "$(wc -l <"$TMP/paths")" -ge 100 ]'
check "--paths has exactly the effects of the move list" \
    eval 'cut -f 1 "$TMP/paths" | uniq >"$TMP/pe" && cut -f 1 "$TMP/start" | cmp -s - "$TMP/pe"'
check "--paths lists every canonical path" \
    eval '! comm -23 "$TMP/start" "$TMP/paths" | grep -q .'

# Position from a file and from standard input.
cat >"$TMP/capture.yaml" <<'POS'
# White must capture with E6.
variant: camelot
to_move: W
pieces:
  E6: WK
  C6: WM
  E7: BM
  F7: BM
  D11: BM
POS
run moves --position "$TMP/capture.yaml"
check "a compulsory capture leaves only the captures" \
    [ "$OUT" = "$(printf 'E6>G6xE7,F7\tE6xE8xG6\nE6>G8xF7\tE6xG8')" ]
run_in "$TMP/capture.yaml" moves --position -
check "--position - reads standard input" eval '[ "$RC" = 0 ] && has "$OUT" "^E6>G8xF7	E6xG8$"'

# A bad square name on line 7: the error names file, line and column.
sed 's/F7: BM/Q7: BM/' "$TMP/capture.yaml" >"$TMP/badsq.yaml"
run moves --position "$TMP/badsq.yaml"
check "a bad square name on line 8 is reported as FILE:8:3:" \
    eval '[ "$RC" = 1 ] && [ -z "$OUT" ] && has "$ERR" "^$TMP/badsq.yaml:8:3: .*Q7"'
sed 's/F7: BM/A1: BM/' "$TMP/capture.yaml" >"$TMP/offboard.yaml"
run moves --position "$TMP/offboard.yaml"
check "a square off the board is reported with its place" \
    eval '[ "$RC" = 1 ] && has "$ERR" "^$TMP/offboard.yaml:8:3: "'
printf 'variant: camelot\nto_move: W\npieces: {E6: WK\n' >"$TMP/broken.yaml"
run moves --position "$TMP/broken.yaml"
check "broken YAML is reported with line and column" \
    eval '[ "$RC" = 1 ] && has "$ERR" "^$TMP/broken.yaml:[0-9]+:[0-9]+: "'
run moves --position "$TMP/capture.yaml" --variant camette
check "--variant disagreeing with the document is bad input" eval '[ "$RC" = 1 ]'
printf 'to_move: W\npieces: {C2: WK, C6: BK}\n' >"$TMP/novariant.yaml"
run moves --position "$TMP/novariant.yaml" --variant camette
check "--variant applies to a document without 'variant'" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^C2>"'
printf 'variant: nonesuch\nto_move: W\npieces: {}\n' >"$TMP/unknown.yaml"
run moves --position "$TMP/unknown.yaml"
check "an unknown variant in a document points at its line" \
    eval '[ "$RC" = 1 ] && has "$ERR" "^$TMP/unknown.yaml:1:10: .*nonesuch"'
cp "$SRC/variants/camette.yaml" "$TMP/mine.yaml"
mkdir "$TMP/sub"
printf 'variant: ../mine.yaml\nto_move: W\npieces: {C2: WK, C6: BK}\n' >"$TMP/sub/rel.yaml"
run moves --position "$TMP/sub/rel.yaml"
check "a relative variant path is taken from the document's directory" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^C2>"'

# A finished game: nothing listed, the result on stderr, exit 0.
printf 'variant: camette\nto_move: B\npieces: {C7: WM, C6: BK}\n' >"$TMP/won.yaml"
run moves --position "$TMP/won.yaml"
check "a won position lists nothing and says so" \
    eval '[ "$RC" = 0 ] && [ -z "$OUT" ] && [ "$ERR" = "game over: W wins (castle)" ]'

# Grand Cam: Red has no pieces, so Red is skipped and Green moves.
cat >"$TMP/skip.yaml" <<'POS'
variant: grand-cam
to_move: R
pieces: {B7: BM, G12: GM, K7: YM}
POS
run moves --position "$TMP/skip.yaml"
check "a seat with no move is skipped" \
    eval '[ "$RC" = 0 ] && [ -n "$OUT" ] && ! printf "%s\n" "$OUT" | grep -vq "^G12>"'

finish
