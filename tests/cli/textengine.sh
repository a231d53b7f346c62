# textengine: the text game with engine seats: the engine's replies from a pipe, games the
# engines play alone, hints, undo against the engine, clocks, loading, wrong options and
# commands, and lines that fit the screen.
# SPDX-License-Identifier: MIT
set -eu
. "$(dirname "$0")/lib.bash"

# fits TEXT: no line wider than 79 columns.
fits() {
    [ -z "$(printf '%s\n' "$1" | awk 'length > 79')" ]
}

# The acceptance check: a person's move from a pipe gets Black's reply before the end of input.
printf 'E6-E8\n' >"$TMP/in1"
run_in "$TMP/in1" --text --seat B=engine:1
reply=$(printf '%s\n' "$OUT" | sed -n 's/^Black plays \([^:]*\): .*/\1/p')
check "Black replies to E6-E8 from a pipe, and the game ends at the end of input" \
    eval '[ "$RC" = 0 ] && [ -z "$ERR" ] && has "$OUT" "^White plays E6-E8: the man on E6 canters to E8\.$" &&
          [ -n "$reply" ] && [ "$(end_prompt "$OUT")" = "W> " ] &&
          has "$(last_line "$(unwrapped "$OUT")")" "^The game is saved in .*; .camelot --resume. continues it\.$"'
printf 'E6-E8\n%s\n' "$reply" >"$TMP/in1b"
run_in "$TMP/in1b" --text
check "Black's reply is a legal move there (people play it again)" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^Black plays $reply: " && ! has "$OUT" "^(illegal|not a) "'

# Two engines play a whole game without input; 'save' is read once it is over.
printf 'save %s\n' "$TMP/eo.txt" >"$TMP/in2"
run_in "$TMP/in2" --text --variant camette --seat W=engine:1 --seat B=engine:1
check "an engine-only game plays to its end" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^White plays [^ ]+: the (man|knight) on [A-E][1-7] (steps|canters|jumps|charges) to " &&
          has "$OUT" "^Black plays [^ ]+: the (man|knight) on [A-E][1-7] (steps|canters|jumps|charges) to " &&
          has "$OUT" "^Game over\. (White wins|Black wins|Draw)" &&
          has "$OUT" "^saved [0-9]+ moves? \([0-9]+ pl(y|ies)\) to "'
moves=$(printf '%s\n' "$OUT" | grep -c " plays ")
run replay "$TMP/eo.txt"
check "its record replays to a result, with every move told" \
    eval '[ "$RC" = 0 ] && has "$(last_line "$OUT")" "^result: (W wins|B wins|draw)" &&
          grep -q "^\[Seats \"W=engine:1 B=engine:1\"\]$" "$TMP/eo.txt" &&
          [ "$moves" -gt 0 ]'
run --text --seat W=engine:1 --seat B=engine:1 --variant cam
check "an engine-only game ends with no input at all" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^Game over\. " && [ "$(end_prompt "$OUT")" = "> " ]'

# A hint: a legal move in words with its score; it is not played.
printf 'hint\n' >"$TMP/in3"
run_in "$TMP/in3" --text --variant camette --seat B=engine:1
hinted=$(printf '%s\n' "$OUT" | sed -n 's/^hint: \([^,]*\), .*/\1/p')
check "hint gives a move, what it does and its score" \
    eval '[ "$RC" = 0 ] &&
          has "$OUT" "^hint: [^,]+, the (man|knight) on [A-E][1-7] (steps|canters|jumps|charges) to [A-E][1-7].*; score ([+-][0-9]+\.[0-9][0-9]|win in [0-9]+|loss in [0-9]+) for White at depth [0-9]+\.$" &&
          ! has "$OUT" " plays "'
printf '%s\n' "$hinted" >"$TMP/in3b"
run_in "$TMP/in3b" --text --variant camette --seat B=engine:1
check "the hinted move is legal" \
    eval '[ -n "$hinted" ] && has "$OUT" "^White plays $hinted: " && has "$OUT" "^Black plays "'

# Undo against the engine goes back to the person's turn: two moves, then none.
printf 'E6-E8\nundo\nyes\nundo\nboard\n' >"$TMP/in4"
run_in "$TMP/in4" --text --seat B=engine:1
after=$(printf '%s\n' "$OUT" | sed -n '/^took back/,$p')
check "undo takes back the engine's reply and the person's move" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^took back 2 plies$" && has "$OUT" "^no move to take back$" &&
          has "$after" "^  6 \. \. K M M M M M M K \. \.$" && has "$after" "^to move: W \(White\)$" &&
          [ "$(end_prompt "$OUT")" = "W> " ]'
# When the engine moved first, undo takes its move back and it plays again.
printf 'undo\nyes\n' >"$TMP/in4b"
run_in "$TMP/in4b" --text --variant camette --seat W=engine:1
check "the engine moving first: undo takes its move back and it moves again" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^took back 1 ply$" &&
          [ "$(printf "%s\n" "$OUT" | grep -c "^White plays ")" = 2 ] &&
          [ "$(end_prompt "$OUT")" = "B> " ]'

# Four seats: the engines answer in turn until the person is to move again.
printf 'G4-G5\n' >"$TMP/in5"
run_in "$TMP/in5" --text --variant grand-cam --seat G=engine:1 --seat B=engine:1 --seat Y=engine:1
check "three engines answer the person in a four-seat game" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^Red plays G4-G5: " && has "$OUT" "^Green plays " &&
          has "$OUT" "^Blue plays " && has "$OUT" "^Yellow plays " &&
          [ "$(end_prompt "$OUT")" = "R> " ]'

# The pieces, in words.
printf 'pieces\n' >"$TMP/in6"
run_in "$TMP/in6" --text --variant camette --seat B=engine:1
check "pieces lists each side's knights and men by square" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^White: a knight on C2; 3 men on B3, C3, D3\.$" &&
          has "$OUT" "^Black: a knight on C6; 3 men on B5, C5, D5\.$"'
run_in "$TMP/in6" --text
check "a long list of pieces is wrapped" \
    eval '[ "$RC" = 0 ] &&
          has "$OUT" "^White: 4 knights on C6, J6, D7, I7; 10 men on D6, E6, F6, G6, H6, I6, E7, F7,$" &&
          has "$OUT" "^  G7, H7\.$"'

# Clocks are shown, and a person whose clock runs out while typing loses.
run --text --seat B=engine:1 --time 10+5
check "the clocks are shown with --time" has "$OUT" "^clocks: White 10:00, Black 10:00$"
# A clock starts after its seat's first move (as on lichess): a first move is never late.
(sleep 2 && printf 'E6-E8\nF11-F9\n' && sleep 2 && printf 'F6-F8\n') |
    "$CAMELOT" --text --time 0.01+0 >"$TMP/out" 2>&1 || true
OUT=$(cat "$TMP/out")
check "the first moves are played however late they come" \
    eval 'has "$OUT" "^White plays E6-E8: " && has "$OUT" "^Black plays F11-F9: "'
check "a person whose clock ran out loses, and the late move is not played" \
    eval 'has "$OUT" "^Game over\. White ran out of time: Black wins\.$" &&
          has "$OUT" "^the game is over; type " && ! has "$OUT" " plays F6-F8"'
run --text --seat W=engine:10 --seat B=engine:10 --time 0.001+0
check "an engine whose clock runs out loses, and the end is shown" \
    eval '[ "$RC" = 0 ] &&
          has "$OUT" "^Game over\. (White|Black) ran out of time: (White|Black) wins\.$" &&
          [ "$(end_prompt "$OUT")" = "> " ]'

# A saved game with an engine seat goes on with the engine when loaded.
printf 'E6-E8\nsave %s\n' "$TMP/g.txt" >"$TMP/in7"
run_in "$TMP/in7" --text --seat B=engine:1
printf 'F6-F8\n' >"$TMP/in7b"
run_in "$TMP/in7b" --text --load "$TMP/g.txt"
check "a loaded game keeps its engine seat" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^Loaded .*: 1 move \(2 plies\) so far\.$" &&
          has "$OUT" "^White plays F6-F8: " && has "$OUT" "^Black plays "'

# Wrong commands are answered and the game goes on.
printf 'frobnicate\nnow\nsave\nhint please\nE6-E8\n' >"$TMP/in8"
run_in "$TMP/in8" --text --seat B=engine:1
check "bad commands are explained and the game goes on" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^not a move: " && has "$OUT" "^no engine is thinking$" &&
          has "$OUT" "^usage: save FILE$" && has "$OUT" "^White plays E6-E8: " &&
          has "$OUT" "^Black plays "'
printf 'save %s\nhint\nA1-A2\nmoves\n' "$TMP/over.txt" >"$TMP/in9"
run_in "$TMP/in9" --text --variant camette --seat W=engine:1 --seat B=engine:1
check "after the end: no hint, no move, no moves" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^the game is over: no hint$" &&
          has "$OUT" "^the game is over; type " && has "$OUT" "^the game is over: no moves$"'

# Options that are wrong are refused with a reason (tests/cli/textsave.sh has --resume).
run --text --seat X=engine:1
check "a seat the variant lacks is refused" \
    eval '[ "$RC" = 2 ] && has "$ERR" "has no seat .X." && [ -z "$OUT" ]'
run --text --seat B=engine:11
check "an engine level out of range is refused" \
    eval '[ "$RC" = 2 ] && has "$ERR" "level" && [ -z "$OUT" ]'

# Every line the text game printed above fits the 80-column screen.
printf 'help\nE6-E8\nhint\npieces\nmoves\n' >"$TMP/in10"
run_in "$TMP/in10" --text --seat B=engine:1
check "the text game's lines fit 79 columns" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^  hint " && has "$OUT" "^  pieces " && fits "$OUT"'

# Resigning (asked again first) and draw offers, each written in the record.
printf 'E6-E8\nresign\nno\nresign\nyes\nsave %s\n' "$TMP/res.txt" >"$TMP/in9"
run_in "$TMP/in9" --text --seat B=engine:1
check "resign asks first, then ends the game in a sentence" \
    eval 'has "$OUT" "^White plays on\.$" && has "$OUT" "^Game over\. White resigns\. Black wins\.$" &&
          grep -qx "\[Termination \"resignation\"\]" "$TMP/res.txt" &&
          grep -qx "\[Result \"B\"\]" "$TMP/res.txt"'
run replay "$TMP/res.txt"
check "the resigned game replays with its recorded result" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^recorded result: B$"'
printf 'draw\nyes\nmaybe\nno\ndraw\nyes\nyes\nsave %s\n' "$TMP/dr.txt" >"$TMP/in10"
run_in "$TMP/in10" --text --variant camette
check "a draw offer between people: declined, then agreed, saying who accepted" \
    eval 'has "$OUT" "^White offers a draw\. Black, do you accept\? Type .yes. or .no.\.$" &&
          has "$OUT" "^type .yes. or .no.$" && has "$OUT" "^Black declines the draw\.$" &&
          has "$OUT" "^Black accepts the draw\.$" && has "$OUT" "^Game over\. Draw agreed\.$" &&
          grep -qx "\[Termination \"agreement\"\]" "$TMP/dr.txt"'

# An engine declines a draw offered before every seat has made ten moves, and says so.
printf 'draw\nyes\n' >"$TMP/in11"
run_in "$TMP/in11" --text --seat B=engine:1
check "an engine declines a draw in the opening, with the reason" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^Black \(engine\) declines the draw: it is too early in the game" &&
          has "$OUT" "agrees a draw only after move 10\)\.$" && ! has "$OUT" "Game over"'

# Engines at every seat, the output to a file: each move is written as it is told, not in
# blocks of 4 KiB (a pipe or a file is line-buffered). At level 10 an engine thinks up to 5 s
# a move, so the game goes on for minutes: the first move must be in the file while it does
# (polled for up to 60 s).
"$CAMELOT" --text --seat W=engine:10 --seat B=engine:10 </dev/null >"$TMP/live" 2>&1 &
pid=$!
told=0
for i in $(seq 1 600); do
    if grep -q "^White plays " "$TMP/live"; then
        told=1
        break
    fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
done
going=0
kill -0 "$pid" 2>/dev/null && going=1
kill "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
OUT=$(cat "$TMP/live")
check "engines at every seat: the first move is written while the game goes on" \
    eval '[ "$told" = 1 ] && [ "$going" = 1 ]'

finish
