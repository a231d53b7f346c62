# End-to-end: puzzles with the real 'camelot' in tmux at 80x24. A puzzle of three moves solved
# by keyboard (the jump built leap by leap with the arrows and Enter, the reply played, the
# last move typed), a wrong move and the solution shown, the score and streak on the panel and
# in the data directory, the next start serving the missed puzzle, and the terminal closing as
# the program ends sending it no signal.
# Run as: bash puzzle.sh PATH_TO_camelot SOURCE_DIR
# SPDX-License-Identifier: MIT
set -u

. "$(dirname "$0")/lib.sh"
SCORE="$DATA/camelot/puzzles.txt"

POS='{to_move: W, pieces: {F6: WM, F7: WM, E6: WK, F8: BM, G10: BM, H10: BM, B11: BM, C11: BM}}'
cat >"$TMP/puz.yaml" <<END
variant: camelot
depth: 6
threshold: 200
puzzles:
  - id: first
    difficulty: 1
    goal: gain
    position: $POS
    solution: [F7xF9xH11xH9, C11-C10, E6-F7]
  - id: second
    difficulty: 2
    goal: gain
    position: $POS
    solution: [F7xF9xH11xH9]
END

# ---- 1. Solved by keyboard -------------------------------------------------------------------
# The program in a shell that stays, so that what it prints as it ends can be read.
session "cd '$TMP' && env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME='$TMP' XDG_DATA_HOME='$DATA' '$CAMELOT' puzzle --file puz.yaml; echo \"exit \$?\"; sleep 60"
check "the easiest puzzle comes first" wait_for "Camelot puzzle first, difficulty 1"
check "it says what to do" wait_for "White to play and gain the upper hand."
check "the panel shows the puzzle and the score" \
    polled 'screen | grep -q "Puzzle 1 of 2" && screen | grep -q "solved 0  missed 0"'
check "the key reminder is on the last row" \
    polled 'screen | tail -1 | grep -q "s solution  n next  ? help  q quit"'
goto F7 && keys Enter
goto F9 && keys Enter
goto H11 && keys Enter
goto H9 && keys Enter
check "the jump is right and Black answers" \
    wait_for "F7xF9xH11xH9 is right. Black answers C11-C10: find the next move."
check "the move list shows both" polled 'screen | grep -q "1. F7xF9xH11xH9" && screen | grep -q "C11-C10"'
typed E6-F7
check "the last move solves it, said once" polled 'wait_for "E6-F7 is the move." && [ "$(screen | grep -c "Solved")" = 1 ]'
check "the panel counts it" wait_for "solved 1  missed 0"
check "the score file has it" eval 'grep -qx "solved 1" "$SCORE" && grep -qx "first solved" "$SCORE"'
keys Enter
check "the board takes no move once solved" wait_for "This puzzle is over"

# ---- 2. A wrong move ---------------------------------------------------------------------------
keys n
check "n serves the next puzzle" wait_for "Camelot puzzle second, difficulty 2"
typed E6-G8xE8
check "a wrong move is said, with the solution" \
    wait_for "E6-G8xE8 is not it. The solution, on the board: F7xF9xH11xH9"
check "the status says it was missed" wait_for "Missed: the solution is on the board."
check "the solution is on the board" polled 'screen | grep -q "1. F7xF9xH11xH9"'
check "the streak ends, the best stays" wait_for "streak 0  best 1"
keys v
check "v steps through the solution from its start" wait_for "review, ply 0 of 1"
keys Right
check "Right shows the solution's move" wait_for "White played F7xF9xH11xH9."
keys Escape q
check "q ends the program, which prints the score" \
    wait_for "Puzzles: 1 solved, 1 missed; streak 0 (best 1)."
check "with exit status 0" wait_for "exit 0"
check "the score file says so" \
    eval 'grep -qx "missed 1" "$SCORE" && grep -qx "best 1" "$SCORE" && grep -qx "second missed" "$SCORE"'

# ---- 3. The next start -------------------------------------------------------------------------
start puzzle --file puz.yaml
check "the missed puzzle is served again" wait_for "Camelot puzzle second, difficulty 2"
check "with the score kept" wait_for "solved 1  missed 1"
keys s
check "s shows the solution" wait_for "The solution, on the board: F7xF9xH11xH9"
keys q
wait_dead
check "giving up counts as a miss" eval 'grep -qx "missed 2" "$SCORE"'

# ---- 4. The terminal closing as the puzzles end -------------------------------------------------
# Once the program has begun to end, its terminal closing sends it nothing (see learn.sh).
if ! setsid --help 2>/dev/null | grep -q -- --ctty; then
    echo "SKIP: no 'setsid --ctty' to give camelot its terminal's session"
else
    closed_while_ending puzzle --file puz.yaml
    check "ending, the puzzles have let go of their terminal (tty $ENDED_TTY)" \
        eval '[ "$ENDED_TTY" = 0 ]'
    check "so the terminal closing sends them no signal (exit status $ENDED_STATUS)" \
        eval '[ -n "$ENDED_STATUS" ] && [ "$ENDED_STATUS" -lt 128 ]'
fi

finish
