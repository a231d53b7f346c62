# puzzle: the help, the list of the shipped puzzles, clear errors for bad puzzle files and
# bad options, the puzzles in plain text without a terminal, and a small generation that
# writes a puzzle file the list reads back.
# SPDX-License-Identifier: MIT
set -eu
. "$(dirname "$0")/lib.bash"
export XDG_DATA_HOME="$TMP/data"

run puzzle --help
check "--help describes the command and its generation" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^usage: camelot puzzle" && has "$OUT" "--generate" &&
          has "$OUT" "two men"'
run --help
check "camelot --help lists puzzle" has "$OUT" "^  puzzle +"

run puzzle --list
check "--list prints the shipped puzzles" eval '[ "$RC" = 0 ] && [ -z "$ERR" ]'
check "at least 500 of them, one a line: id, variant, difficulty, goal (no trailing blanks)" \
    eval '[ "$(printf "%s\n" "$OUT" | grep -Ec "^[a-z-]+-[0-9]{4} +[a-z-]+ +difficulty [1-9]  (win|gain|defend)$")" -ge 500 ]'
for v in camette cam camelot; do
    check "the list has puzzles of $v" has "$OUT" "^$v-[0-9]{4} +$v "
done
run puzzle --list --variant cam
check "--variant keeps one variant's" \
    eval '[ "$RC" = 0 ] && [ -n "$OUT" ] && ! has "$OUT" " (camette|camelot) +difficulty"'

# Bad puzzle files: the file, line and column, and the reason; exit 1.
printf 'variant: camelot\ndepth: 6\nthreshold: 200\npuzzles:\n  - id: x\n    difficulty: 1\n    goal: gain\n    position: {to_move: W, pieces: {E6: WK, F7: WM, D11: BM}}\n    solution: [E6-E9]\n' >"$TMP/illegal.yaml"
run puzzle --list --file "$TMP/illegal.yaml"
check "an illegal solution is refused with its place and reason" \
    eval '[ "$RC" = 1 ] && has "$ERR" "illegal.yaml:9:16: solution\[0\] .E6-E9.: "'
printf 'variant: camelot\ndepth: 6\nthreshold: 200\npuzzles: [\n' >"$TMP/broken.yaml"
run puzzle --list --file "$TMP/broken.yaml"
check "broken YAML is refused" eval '[ "$RC" = 1 ] && has "$ERR" "broken.yaml:[0-9]+:[0-9]+: "'
head -c 3000 /dev/urandom >"$TMP/noise.yaml"
run puzzle --list --file "$TMP/noise.yaml"
check "noise is refused, not a crash" eval '[ "$RC" = 1 ] && has "$ERR" "noise.yaml"'
run puzzle --list --file "$TMP/missing.yaml"
check "a missing file is refused" eval '[ "$RC" = 1 ] && has "$ERR" "missing.yaml"'
printf 'variant: chivalry\ndepth: 6\nthreshold: 200\npuzzles: []\n' >"$TMP/empty.yaml"
run puzzle --list --file "$TMP/empty.yaml"
check "a file of no puzzles lists none, and says so" \
    eval '[ "$RC" = 1 ] && [ -z "$OUT" ] && has "$ERR" "^camelot: there are no puzzles$"'
run puzzle --list --variant grand-cam
check "no puzzles of a variant: said, with the variants that have some (exit 1)" \
    eval '[ "$RC" = 1 ] && [ -z "$OUT" ] &&
          has "$ERR" "^camelot: there are no puzzles of Grand Cam; there are puzzles of .*Camette"'
run puzzle --variant grand-cam
check "and the same when one is asked for" \
    eval '[ "$RC" = 1 ] && has "$ERR" "^camelot: there are no puzzles of Grand Cam; "'
run puzzle --list
check "the list counts each variant's puzzles: 100 of Chivalry, Grand Camelot, Four-Handed Chivalry" \
    eval '(for v in chivalry grand-camelot four-handed-chivalry; do
               [ "$(printf "%s\n" "$OUT" | grep -Ec "^$v-[0-9]{4} +$v +difficulty [1-9]  ")" -ge 100 ] || exit 1
           done)'

# Usage errors.
run puzzle extra
check "an argument is refused" eval '[ "$RC" = 2 ] && has "$ERR" "unexpected argument"'
run puzzle --games 3
check "a generation option alone is refused" eval '[ "$RC" = 2 ] && has "$ERR" "--generate"'
run puzzle --generate --variant cam
check "--generate needs --out" eval '[ "$RC" = 2 ] && has "$ERR" "--out"'
run puzzle --generate --variant cam --out "$TMP/x.yaml" --depth 0
check "a bad depth is refused" eval '[ "$RC" = 2 ] && has "$ERR" "depth"'
run puzzle --id nonesuch-0001
check "an unknown id is refused" eval '[ "$RC" = 1 ] && has "$ERR" "no puzzle .nonesuch-0001."'
run puzzle --id cam-0001 --variant camette
check "an id of another variant is refused" eval '[ "$RC" = 1 ] && has "$ERR" "is of cam, not camette"'
# Without a terminal the puzzles are played in plain text: a puzzle of two moves to find is
# solved by piped input, the reply between told in words, and the try counted in the score.
# The puzzles played are the test's own two (the shipped files are made again with the engine).
PZ=$SRC/tests/data/puzzles/camette.yaml
printf 'A3-B2\nB2-C1\nquit\n' >"$TMP/in1"
run_in "$TMP/in1" puzzle --file "$PZ" --id camette-0003
check "a puzzle solved in plain text from a pipe" \
    eval '[ "$RC" = 0 ] && [ -z "$ERR" ] &&
          has "$(unwrapped "$OUT")" "^Puzzle camette-0003 \([0-9]+ of [0-9]+\), Camette, difficulty 2, rated 1600 \(you: 1500\), 2 moves to find\.$" &&
          has "$OUT" "^Black to play and win\.$" &&
          has "$OUT" "^A3-B2 is right: the man on A3 steps to B2\. White answers E3-E4: the man" &&
          has "$OUT" "^Black to move: find the next move\.$" &&
          has "$OUT" "^Solved: B2-C1 is the move: the man on B2 steps to C1\.$" &&
          has "$OUT" "^Puzzles: 1 solved, 0 missed; streak 1 \(best 1\)\.$" &&
          grep -qx "camette-0003 solved" "$XDG_DATA_HOME/camelot/puzzles.txt"'
check "its board is shown before each move to find" \
    eval '[ "$(printf "%s\n" "$OUT" | grep -c "^    A B C D E$")" -ge 4 ]'
# The first try of a puzzle moves the solver's rating (a new solver's 1500, against the
# puzzle's 1600: a win); a second try of it does not, solved or missed.
first=$(printf '%s\n' "$OUT" | sed -n 's/^Your puzzle rating: \([0-9]*\) (+\([0-9]*\))\.$/\1 \2/p')
# kept_rating: the solver's rating in the score file, rounded.
kept_rating() {
    awk '$1 == "rating" && NF == 4 { printf "%.0f", $2 }' "$XDG_DATA_HOME/camelot/puzzles.txt"
}
check "the first try, solved, raises the solver's rating, which the score file keeps" \
    eval '[ -n "$first" ] && [ "${first% *}" -gt 1500 ] && [ "${first#* }" -gt 0 ] &&
          [ "$(kept_rating)" = "${first% *}" ]'
printf 'A3-B3\nquit\n' >"$TMP/in1b"
run_in "$TMP/in1b" puzzle --file "$PZ" --id camette-0003
check "a second try, missed, leaves the rating as it was, and says why" \
    eval '[ "$RC" = 0 ] && has "$(unwrapped "$OUT")" "^Your puzzle rating stays ${first% *}: a puzzle counts for it at its first try only\.$" &&
          has "$(unwrapped "$OUT")" "rated 1600 \(you: ${first% *}\)" &&
          has "$OUT" "^A3-B3 is not it " && [ "$(kept_rating)" = "${first% *}" ]'
# A wrong move is a miss, with the solution; 'solution' gives up; quiet draws no board.
printf 'D5-D4\nsolution\n' >"$TMP/in2"
run_in "$TMP/in2" puzzle --text --quiet --file "$PZ" --id camette-0001
check "a wrong move in plain text: the solution is said, the miss counted" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^D5-D4 is not it \(the man on D5 steps to D4\)\.$" &&
          has "$OUT" "^The solution: D5-D6\.$" && has "$OUT" "^Given up\. The solution: " &&
          has "$OUT" "^End of the input\.$" && has "$OUT" "^Puzzles: 1 solved, 3 missed; " &&
          ! has "$OUT" "^    A B C D E$"'
printf 'help\nE9-E10\nboard\npieces\nmoves\n' >"$TMP/in3"
run_in "$TMP/in3" puzzle --quiet --file "$PZ" --id camette-0001
check "in plain text: help, a move that is not legal, the board, pieces and moves on asking" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^  solution " && has "$OUT" "^(not a|illegal) move: " &&
          has "$OUT" "^    A B C D E$" && has "$OUT" "^White: " && has "$OUT" "^[0-9]+ legal moves?:$"'

# A small generation: a puzzle file that the list reads back, and a second run adds to it.
run puzzle --generate --variant camette --games 3 --depth 4 --out "$TMP/gen.yaml"
check "a generation writes a puzzle file" \
    eval '[ "$RC" = 0 ] && [ -s "$TMP/gen.yaml" ] && has "$OUT" "new puzzles" &&
          has "$ERR" "^game 2: "'
N1=$(grep -c "^  - id:" "$TMP/gen.yaml" || true)
run puzzle --list --file "$TMP/gen.yaml"
check "its puzzles load" eval '[ "$RC" = 0 ] && [ "$(printf "%s" "$OUT" | grep -vc "^#")" = "$N1" ]'
run puzzle --generate --variant camette --games 3 --depth 4 --seed 2 --out "$TMP/gen.yaml"
N2=$(grep -c "^  - id:" "$TMP/gen.yaml" || true)
KEPT="$N1 puzzles kept"
[ "$N1" = 1 ] && KEPT="1 puzzle kept"
check "a second run keeps the first one's puzzles" eval '[ "$RC" = 0 ] && [ "$N2" -ge "$N1" ] &&
    has "$ERR" "$KEPT"'
run puzzle --generate --variant camette --games 1 --depth 5 --out "$TMP/gen.yaml"
check "puzzles of another depth are not mixed in" \
    eval '[ "$RC" = 1 ] && has "$ERR" "depth 4" && [ "$(grep -c "^  - id:" "$TMP/gen.yaml")" = "$N2" ]'
# A symbolic link as the output is refused before any game is played, and left a link.
ln -s "$TMP/gen.yaml" "$TMP/gen-link.yaml"
run puzzle --generate --variant camette --games 3 --depth 4 --out "$TMP/gen-link.yaml"
check "a symbolic link as --out is refused at once" \
    eval '[ "$RC" = 1 ] && has "$ERR" "^$TMP/gen-link.yaml: is a symbolic link" &&
          ! has "$ERR" "^game " && [ -L "$TMP/gen-link.yaml" ] &&
          [ "$(grep -c "^  - id:" "$TMP/gen.yaml")" = "$N2" ]'

finish
