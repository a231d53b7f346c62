# End-to-end: the text game on a terminal that tmux provides, against the engine at level 10
# (which thinks for seconds): while it thinks, 'quit' and Ctrl-D leave at once with the game
# autosaved, 'now' makes it move, and a move typed is refused with the reason. Polls the
# screen with a timeout (tests/e2e/lib.sh); exits 77 (a skip) when tmux is missing.
# Run as: bash textplay.sh PATH_TO_camelot SOURCE_DIR
# SPDX-License-Identifier: MIT
set -u

. "$(dirname "$0")/lib.sh"

# start: the text game against the engine at level 10 in session "g"; the shell says when and
# how it ended.
start() {
    session "env HOME='$TMP' XDG_DATA_HOME='$DATA' '$CAMELOT' --text --seat B=engine:10; echo EXIT=\$?; sleep 100000"
}

# White moves, and Black starts thinking.
white_moves() {
    wait_for "W>" && keys -l "E6-E8" && keys Enter && wait_for "Black is thinking..."
}

# 'quit' while the engine thinks: the game ends within a second, before Black's move.
start
check "the engine thinks after the person's move" white_moves
keys -l quit && keys Enter
check "quit while the engine thinks ends the game at once (time measured: within $(time_factor) s)" \
    eval 'wait_for "EXIT=0" $(time_factor) && ! screen | grep -q "^Black plays "'
GOES_ON="'camelot --resume' continues it."
check "and says where the game is saved, with the person's move" \
    eval 'screen | grep -q "^The game is saved in " && screen | grep -qF "$GOES_ON" &&
          grep -qxF "1. E6-E8 *" "$DATA/camelot/autosave.txt"'

# Ctrl-D (the end of input) while the engine thinks does the same.
start
check "the engine thinks again" white_moves
keys C-d
check "Ctrl-D while the engine thinks ends the game at once (time measured: within $(time_factor) s)" \
    eval 'wait_for "EXIT=0" $(time_factor) && ! screen | grep -q "^Black plays "'

# A move typed while the engine thinks is refused; 'now' makes it move.
start
check "the engine thinks a third time" white_moves
keys -l F6-F8 && keys Enter
check "a move typed while the engine thinks is refused with the reason" \
    wait_for "Black is the engine's to play: wait for its move, or type 'now'."
keys -l now && keys Enter
# The prompt waited for is the last line: the first move's "W>" is still on the screen above.
check "'now' makes the engine move at once (time measured: within $(time_factor) s), and the person is to move" \
    eval 'wait_for "Black plays " $(time_factor) &&
          polled "screen | grep -v \"^ *\$\" | tail -n 1 | grep -q \"^W>\""'
keys -l quit && keys Enter
check "quit at the prompt ends the game" wait_for "EXIT=0"

finish
