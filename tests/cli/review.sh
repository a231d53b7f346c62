# review: the engine marks a blunder and names the better move, the saved review replays,
# and bad input gets a clear error.
# SPDX-License-Identifier: MIT
set -eu
. "$(dirname "$0")/lib.bash"

# A Camette game where Black, with a knight next to White's castle, plays a man instead of
# entering the castle: it misses a win in one and lets White's king take the knight.
cat >"$TMP/blunder.txt" <<'REC'
[Variant "camette"]
[Event "review test"]

1. B3-B2 B5-B6 2. C2-D2 C5-B5 3. C3-C4 C6-E4xC2 4. D2-E3 D5xB3 5. B2xB4 B5xB3
6. E3-D2 B6-B5 *
REC
run review --time 0.2 "$TMP/blunder.txt"
check "a review succeeds" eval '[ "$RC" = 0 ] && [ -z "$ERR" ]'
check "it has one line per ply and a summary line per seat" \
    eval '[ "$(printf "%s\n" "$OUT" | grep -Ec "^ +[0-9]+\. [WB] ")" = 12 ] &&
          has "$OUT" "^White: .*average loss [0-9]+\.[0-9]{2}$" &&
          has "$OUT" "^Black: .*average loss [0-9]+\.[0-9]{2}$"'
check "the missed win is a blunder and the castle entry the better move" \
    has "$OUT" "^ +6\. B B6-B5 +win in 1 +loss in 1 +[0-9]+\.[0-9]{2} +blunder +C2-C1$"
check "a move that is the engine's own loses nothing" \
    has "$OUT" "^ +5\. B B5xB3 .* 0\.00$"
check "the lines after the record's name fit 80 columns" \
    eval '[ "$(printf "%s\n" "$OUT" | tail -n +2 | awk "length > 80" | wc -l)" = 0 ]'

# A move longer than its column (a knight's charge) has a line of its own, and its scores keep
# their columns on the next line.
cat >"$TMP/long.txt" <<'REC'
[Variant "camette"]

1. C2-B2 D5-E4 2. C3-C2 B5-D5 3. B2-D2-D4xB6xD6xD4 E4xC4 4. B3xD5 W
REC
run review --time 0.05 "$TMP/long.txt"
check "a long move has a line of its own" \
    has "$OUT" "^  3\. W B2-D2-D4xB6xD6xD4$"
# The loss column ends at column 48 on every line of a ply.
ends48() { awk '{ if (substr($0, 48, 1) == " " || (length > 48 && substr($0, 49, 1) != " ")) bad = 1 }
                END { exit bad }'; }
check "its scores follow, in the columns of the others" \
    eval '[ "$(printf "%s\n" "$OUT" | grep -A1 "B2-D2-D4xB6xD6xD4$" | tail -n 1 | cut -c1-20 | tr -d " ")" = "" ] &&
          printf "%s\n" "$OUT" | grep -A1 "B2-D2-D4xB6xD6xD4$" | tail -n 1 | ends48 &&
          printf "%s\n" "$OUT" | grep -E "^ +[0-9]+\. [WB] " | grep -v "D4xB6xD6xD4$" | ends48'

# The review saved as a record: a comment after each move, and it replays to the same end.
run review --time 0.2 --save "$TMP/saved.txt" "$TMP/blunder.txt"
check "--save succeeds" eval '[ "$RC" = 0 ] && [ -s "$TMP/saved.txt" ]'
SAVED=$(cat "$TMP/saved.txt")
check "the saved record keeps the tags and names the reviewer" \
    eval 'has "$SAVED" "^\[Event \"review test\"\]$" &&
          has "$SAVED" "^\[Annotator \"camelot review, 0\.2 s a position\"\]$"'
check "the blunder's comment gives its score, mark and the better move" \
    has "$SAVED" "B6-B5 \{loss in 1 blunder; better C2-C1\} \*$"
check "every move has a comment" \
    eval '[ "$(printf "%s\n" "$SAVED" | grep -o "{[^}]*}" | wc -l)" = 12 ]'
run replay "$TMP/saved.txt"
check "the saved review replays" eval '[ "$RC" = 0 ] && has "$OUT" "^to move: W \(White\)$"'
run replay "$TMP/blunder.txt"
ORIGINAL=$OUT
run replay "$TMP/saved.txt"
check "it replays to the same board as the game" [ "$OUT" = "$ORIGINAL" ]

printf '[Variant "camette"]\n\n1. B3-B2 B5-B6 *\n' >"$TMP/short.txt"
run review --time 0.1 --save "$TMP/short-saved.txt" "$TMP/short.txt"
run review --time 0.1 "$TMP/short-saved.txt"
check "a saved review can be reviewed again" \
    eval '[ "$RC" = 0 ] && [ "$(printf "%s\n" "$OUT" | grep -Ec "^ +1\. [WB] ")" = 2 ]'

# A four-player game: one line per seat's move, with the seat's letter.
printf '[Variant "four-handed-chivalry"]\n\n1. C14-C12 L13-J15 N5-M6 D2-E2 *\n' >"$TMP/four.txt"
run review --time 0.1 "$TMP/four.txt"
check "a four-player game is reviewed seat by seat" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^ +1\. R C14-C12 " && has "$OUT" "^ +1\. G L13-J15 " &&
          has "$OUT" "^ +1\. B N5-M6 " && has "$OUT" "^ +1\. Y D2-E2 "'

# A file the review cannot be saved to is refused before the review, and left as it was.
mkfifo "$TMP/review-fifo.txt"
ln -s "$TMP/saved.txt" "$TMP/review-link.txt"
for to in review-fifo.txt review-link.txt; do
    run review --time 5 --text --save "$TMP/$to" "$TMP/short.txt"
    check "--save $to is refused before the review" \
        eval '[ "$RC" = 1 ] && [ -z "$OUT" ] && has "$ERR" "^$TMP/$to: (not a regular|is a symbolic)"'
done
check "the FIFO and the link are left" eval '[ -p "$TMP/review-fifo.txt" ] && [ -L "$TMP/review-link.txt" ]'

# Learning from the mistakes, through piped input: a review to a fixed depth (the same on any
# machine) gives Black two blunders. The first is solved with a winning capture that is not
# the engine's, the second tried with the move of the game (wrong, and what it allows is
# said), hinted at, and its solution shown.
run review --depth 6 --side B --practise "$TMP/blunder.txt"
check "--depth sets the review's pace" has "$OUT" "^review of .*blunder\.txt \(camette\), depth 6 a position$"
best=$(printf '%s\n' "$OUT" | sed -nE 's/^ +2\. B C5-B5 .* blunder +(C6-[^ ]+)$/\1/p')
case $best in
C6-C4xC2xE4) other=C6-E4xC2xC4 ;;
*) other=C6-C4xC2xE4 ;;
esac
check "the review of Black's C5-B5 names one of its two captures" \
    eval '[ "$best" = C6-C4xC2xE4 ] || [ "$best" = C6-E4xC2xC4 ]'
printf '%s\n' B6-A5 "$other" B6-B5 hint solution >"$TMP/practise.in"
run_in "$TMP/practise.in" review --depth 6 --side black --practise "$TMP/blunder.txt"
PRACTICE=$(unwrapped "$OUT")
check "practice takes Black's two blunders, one at a time" \
    eval 'has "$PRACTICE" "^Practice: 2 mistakes and blunders of Black, one at a time\." &&
          has "$PRACTICE" "^1 of 2: move 2, Black played C5-B5, a blunder\. Find a better move\.$" &&
          has "$PRACTICE" "^2 of 2: move 6, Black played B6-B5, a blunder\. Find a better move\.$"'
check "a move that loses is said to, with the engine's answer, and may be tried again" \
    eval 'printf "%s\n" "$PRACTICE" | grep -A1 -x "B> B6-A5" | tail -n 1 |
              grep -qE "^B6-A5 lowers the chance of winning from [0-9]+% to [0-9]+%: it allows [A-E][1-7][-x].* Try again\.$"'
check "the other winning capture is also good" \
    has "$PRACTICE" "^$other is also good: it keeps the chance of winning at [0-9]+% \(the engine.s move, $best, at [0-9]+%\)\.$"
check "the move of the game is named as such, with what it allows" \
    has "$PRACTICE" "^B6-B5 \(the move of the game\) lowers the chance of winning from 100% to 0%: it allows D2x"
check "the hint names the piece to move" has "$PRACTICE" "^Look at the piece on C2\.$"
check "the solution is the engine's move" \
    has "$PRACTICE" "^The engine.s move: C2-C1 \(100% to win, against 0% after B6-B5\)\.$"
check "the end says how many were solved" \
    eval '[ "$RC" = 0 ] && [ "$(last_line "$PRACTICE")" = "Solved 1 of 2; 1 shown." ]'
printf 'skip\nquit\n' >"$TMP/practise.in"
run_in "$TMP/practise.in" review --depth 4 --practise "$TMP/blunder.txt"
check "without --side every seat's mistakes are taken; skip and quit are counted" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^Practice: [0-9]+ mistakes and blunders of White and Black," &&
          has "$OUT" "^Solved 0 of [0-9]+; 1 skipped\.$"'
run review --depth 4 --practise --side Q "$TMP/blunder.txt"
check "an unknown side is a usage error naming the seats" \
    eval '[ "$RC" = 2 ] && has "$ERR" "^camelot: --side: .Q. is no seat of camette \(W White, B Black\)$"'
run review --depth 4 --side W "$TMP/blunder.txt"
check "--side without --practise is a usage error" eval '[ "$RC" = 2 ] && has "$ERR" "--practise"'
run review --depth 4 --time 1 "$TMP/blunder.txt"
check "--time and --depth together are a usage error" eval '[ "$RC" = 2 ] && has "$ERR" "give one"'
run review --depth 0 "$TMP/blunder.txt"
check "a bad depth is a usage error" eval '[ "$RC" = 2 ] && has "$ERR" "bad depth"'

# The text game: once it is over, 'review' and 'practise' there, on the game just played (White's
# first move leaves a win in five to Black, who takes it); before it is over, not yet.
printf '%s\n' C2-E4 review B5-C4 D3xB5 C6xA4xC2xC4 E4xC6 C5xC7 practise solution quit >"$TMP/text.in"
run_in "$TMP/text.in" --text --variant camette
TEXT=$(unwrapped "$OUT")
check "the text game reviews a game only once it is over" \
    has "$TEXT" "^the game goes on: review it once it is over$"
check "then 'practise' reviews it, a line a ply, and practises the mistakes of both people" \
    eval '[ "$RC" = 0 ] && has "$TEXT" "^review of this game \(camette\), 1 s a position$" &&
          has "$OUT" "^ +1\. W C2-E4 .* blunder +[A-E][1-7]" &&
          has "$TEXT" "^Practice: 1 mistake or blunder of White and Black, one at a time\." &&
          has "$TEXT" "^1 of 1: move 1, White played C2-E4, a blunder\. Find a better move\.$" &&
          has "$TEXT" "^Solved 0 of 1; 1 shown\.$" &&
          has "$TEXT" "^back to the game, which is over; type .review., .practise., "'

# Bad input.
run review --time 0.1 "$TMP/missing.txt"
check "a missing record is an error naming it" \
    eval '[ "$RC" = 1 ] && [ -z "$OUT" ] && has "$ERR" "missing\.txt"'
printf '[Variant "camette"\n1. C3-C4\n' >"$TMP/syntax.txt"
run review --time 0.1 "$TMP/syntax.txt"
check "a record that does not parse is an error at its line" \
    eval '[ "$RC" = 1 ] && [ -z "$OUT" ] && has "$ERR" "^$TMP/syntax\.txt:1:"'
printf '[Variant "camette"]\n\n1. C3-C4 C5-C4\n' >"$TMP/illegal.txt"
run review --time 0.1 "$TMP/illegal.txt"
check "an illegal move is an error at its line" \
    eval '[ "$RC" = 1 ] && [ -z "$OUT" ] && has "$ERR" "^$TMP/illegal\.txt:3: illegal move .C5-C4."'
printf '[Variant "camette"]\n\n*\n' >"$TMP/empty.txt"
run review --time 0.1 "$TMP/empty.txt"
check "a record without moves is an error" \
    eval '[ "$RC" = 1 ] && has "$ERR" "no moves to review"'
run review --time 0.1 --variant nosuchvariant "$TMP/blunder.txt"
check "an unknown variant is an error" eval '[ "$RC" = 1 ] && has "$ERR" "nosuchvariant"'
run review --time 0 "$TMP/blunder.txt"
check "a bad time is a usage error" eval '[ "$RC" = 2 ] && has "$ERR" "bad time"'
run review
check "no record is a usage error" eval '[ "$RC" = 2 ] && has "$ERR" "needs a record"'
run review --time 0.1 --save "$TMP/no/such/dir/out.txt" "$TMP/blunder.txt"
check "a save that cannot be written is an error and the review is still printed" \
    eval '[ "$RC" = 1 ] && has "$ERR" "out\.txt" && has "$OUT" "^ +6\. B B6-B5 "'

finish
