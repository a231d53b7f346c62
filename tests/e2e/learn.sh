# End-to-end: the lessons ('camelot learn') with the real program in tmux at 80x24. A wrong
# try shows the lesson's explanation and leaves the board as it was; the first three lessons
# are done by keyboard; the progress is kept in the data directory; a move the rules forbid
# gets the rules core's reason; the new-game form opens the lessons, q goes back to the
# game and Ctrl-C there quits with the game autosaved; the terminal closing as the program ends
# sends it no signal.
# Run as: bash learn.sh PATH_TO_camelot SOURCE_DIR
# SPDX-License-Identifier: MIT
set -u

. "$(dirname "$0")/lib.sh"
PROGRESS="$DATA/camelot/lessons.txt"

# move FROM TO...: picks the piece on FROM and lands on each square in turn.
move() {
    goto "$1" && keys Enter
    shift
    local sq
    for sq in "$@"; do
        goto "$sq" && keys Enter
    done
}

start learn
check "learn opens the first lesson" wait_for "Lesson 1 of"
check "with its rule and its task" \
    polled 'screen | grep -qF "The plain move" && screen | grep -qF "Move the man on F6 one step"'

# ---- A wrong try: explained, not played -------------------------------------------------------
move C4 C5
check "a move that misses the goal is refused" wait_for "C4-C5 misses the goal"
check "with the lesson's explanation" wait_for "That was a move of another piece."
check "and is not played: the knight is still on C4" \
    eval 'goto C4 && keys Enter && wait_for "Knight on C4"'
keys Escape

# ---- Lesson 1: the plain move ---------------------------------------------------------------
move F6 F7
check "lesson 1: the plain move meets the goal" wait_for "F6-F7 meets the goal."
check "and says why" wait_for "Right: one step"
keys Enter
check "Enter goes on to lesson 2" wait_for "Lesson 2 of"

# ---- Lesson 2: the canter -------------------------------------------------------------------
move F6 F8
check "lesson 2: the canter meets the goal" wait_for "F6-F8 meets the goal."
keys Enter
check "lesson 3 follows" wait_for "Lesson 3 of"

# ---- Lesson 3: a canter of two leaps ----------------------------------------------------------
move C6 E8
check "after one leap the canter may stop or go on" wait_for "press Enter to stop here"
keys Enter
check "stopping short of G10 misses the goal" wait_for "C6-E8 misses the goal"
move C6 E8 G10
check "lesson 3: two leaps to G10 meet the goal" wait_for "C6-E8-G10 meets the goal."
check "the progress is kept" \
    eval 'grep -qx 01-plain-move "$PROGRESS" && grep -qx 02-canter "$PROGRESS" &&
          grep -qx 03-canter-chain "$PROGRESS"'

# ---- Lesson 4: a move the rules forbid gets the core's reason ---------------------------------
keys n
check "n goes on to lesson 4" wait_for "Lesson 4 of"
typed C4-C5
check "a move against compulsory capture is explained by the rules" \
    wait_for "capture is compulsory"
keys Escape
keys q
check "q ends the lessons" wait_dead
check "--list marks the lessons done" \
    eval 'XDG_DATA_HOME="$DATA" HOME="$TMP" "$CAMELOT" learn --list | grep -c "(done)" | grep -qx 3'

# ---- The new-game form has the lessons --------------------------------------------------------
start --seat B=human
wait_for "White to move"
keys n
check "the new-game form offers the lessons" wait_for "[ Lessons: learn the rules ]"
keys Up Enter
check "the lessons open at the first one not done" wait_for "Lesson 4 of"
keys q
check "q goes back to the game" wait_for "Back to your game."
check "which goes on" wait_for "White to move"
typed E6-E8
check "a move of the game" wait_for "Black to move"
keys n
wait_for "[ Lessons: learn the rules ]"
keys Up Enter
check "the lessons open again" wait_for "Lesson 4 of"
keys C-c
check "Ctrl-C in the lessons quits the program" wait_dead
check "and the game is autosaved" grep -q "E6-E8" "$DATA/camelot/autosave.txt"

# ---- The terminal closing as the lessons end ----------------------------------------------------
# Once the program has begun to end, its terminal closing sends it nothing: a SIGCONT from the
# terminal then hung LeakSanitizer's check at exit forever, the program spinning.
if ! setsid --help 2>/dev/null | grep -q -- --ctty; then
    echo "SKIP: no 'setsid --ctty' to give camelot its terminal's session"
else
    closed_while_ending learn
    check "ending, the lessons have let go of their terminal (tty $ENDED_TTY)" \
        eval '[ "$ENDED_TTY" = 0 ]'
    check "so the terminal closing sends them no signal (exit status $ENDED_STATUS)" \
        eval '[ -n "$ENDED_STATUS" ] && [ "$ENDED_STATUS" -lt 128 ]'
fi

# ---- Errors -------------------------------------------------------------------------------------
check "an unknown lesson is refused" \
    eval '! "$CAMELOT" learn 99 2>"$TMP/err" && grep -qF "no lesson '"'99'"'" "$TMP/err"'
mkdir -p "$TMP/v/lessons"
printf 'title: x\n' >"$TMP/v/lessons/01-bad.yaml"
check "a bad lesson file is reported with its place, not a crash" \
    eval 'CAMELOT_VARIANT_DIR="$TMP/v" "$CAMELOT" learn --list 2>&1 |
          grep -qF "01-bad.yaml:1:1: missing key '"'position'"'"'

finish
