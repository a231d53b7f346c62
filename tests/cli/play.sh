# play: the text game with moves piped in: obligations, bad and illegal moves, undo, save,
# the end of the game, and end of input.
# SPDX-License-Identifier: MIT
set -eu
. "$(dirname "$0")/lib.bash"

# A short Camette game: White offers a man, Black captures into White's castle.
cat >"$TMP/in1" <<IN
help
C3-C5
Z3-C4
C3-C4
moves
C5xC3
C5xC3xC1
E6-E8
save $TMP/game.txt
IN
run_in "$TMP/in1" play --variant camette
check "the game runs to the end of input and exits 0" eval '[ "$RC" = 0 ] && [ -z "$ERR" ]'
check "the first board and seat are shown" \
    eval 'has "$OUT" "^  3 \. M M M \.$" && has "$OUT" "^to move: W \(White\)$"'
check "help lists the commands" eval 'has "$OUT" "^  undo " && has "$OUT" "^  save FILE "'
check "an illegal move is explained and asked again" has "$OUT" "^illegal move: .+"
check "a malformed move is explained" has "$OUT" "^not a move: .*Z3"
check "a legal move is played and told in words" \
    has "$OUT" "^White plays C3-C4: the man on C3 steps to C4\.$"
check "the compulsory capture is announced" \
    has "$OUT" "^a capture is compulsory: the piece on C5 can capture$"
check "moves lists the legal moves" \
    eval 'has "$OUT" "^3 legal moves:$" && has "$OUT" "^  C5xC3xA3 C5xC3xC1 C5xC3xE3$"'
check "an unfinished jump is refused" has "$OUT" "^illegal move: .*jump"
check "Black's capture ends the game" \
    eval 'has "$OUT" "^Black plays C5xC3xC1: the man on C5 jumps to C1 in 2 leaps, capturing a man on$" &&
          has "$OUT" "^  C4 and a knight on C2\.$" &&
          has "$OUT" "^Game over\. Black wins: a piece in the opponent.s castle\.$"'
check "no move after the end" has "$OUT" "^the game is over"
check "the move that ends the game is followed by the end, not the board again" \
    eval 'printf "%s\n" "$OUT" | grep -A1 "^  C4 and a knight on C2\.$" | tail -n 1 |
          grep -q "^Game over\. "'
check "the game is saved" has "$OUT" "^saved 1 move \\(2 plies\\) to $TMP/game.txt$"
check "the record has its tags and moves" \
    eval 'grep -q "^\[Variant \"camette\"\]$" "$TMP/game.txt" &&
          grep -q "^\[Result \"B\"\]$" "$TMP/game.txt" &&
          grep -q "^\[Termination \"castle\"\]$" "$TMP/game.txt" &&
          grep -q "^1\. C3-C4 C5xC3xC1 B$" "$TMP/game.txt"'
run replay "$TMP/game.txt"
check "the saved record replays to the same result" \
    eval '[ "$RC" = 0 ] && [ "$(last_line "$OUT")" = "result: B wins (castle)" ]'

# With no command the program plays Camelot; undo takes a move back; quit leaves.
printf 'E6-E8\nundo\nyes\nundo\nquit\nE6-E8\n' >"$TMP/in2"
run_in "$TMP/in2" 
check "no command means play Camelot" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^Camelot\." && has "$OUT" "^ 16           # #$"'
check "undo takes the move back" \
    eval 'has "$OUT" "^White plays E6-E8: the man on E6 canters to E8\.$" &&
          has "$OUT" "^took back 1 ply$" && has "$OUT" "^no move to take back$"'
check "quit stops reading" eval '[ "$(printf "%s\n" "$OUT" | grep -c "plays")" = 1 ]'

# Four players: the turn passes Red, Green, Blue, Yellow.
printf 'G4-G5\nG10-G9\nD7-E7\nJ7-I7\n' >"$TMP/in3"
run_in "$TMP/in3" play --variant grand-cam
check "four seats take turns" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^Red plays G4-G5: " && has "$OUT" "^Green plays G10-G9: " &&
          has "$OUT" "^Blue plays D7-E7: " && has "$OUT" "^Yellow plays J7-I7: " &&
          [ "$(end_prompt "$OUT" | cut -c1-3)" = "R> " ]'

# Saving to a place that cannot be written is reported, and the game goes on.
printf 'save %s/no/such/dir/g.txt\nsave\nE6-E8\n' "$TMP" >"$TMP/in4"
run_in "$TMP/in4" play
check "a failed save is reported with its reason" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^not saved: .*No such file or directory" &&
          has "$OUT" "^usage: save FILE$" &&
          has "$OUT" "^White plays E6-E8: "'

# 'save FILE' writes a new file and no other: a file there is left alone ('save! FILE' writes
# over it); a FIFO, a symbolic link and a device are refused and stay what they were.
mkfifo "$TMP/fifo.txt"
printf 'kept\n' >"$TMP/target.txt"
ln -s "$TMP/target.txt" "$TMP/link.txt"
cat >"$TMP/in7" <<IN
save $TMP/one.txt
E6-E8
save $TMP/one.txt
save! $TMP/one.txt
save $TMP/fifo.txt
save! $TMP/fifo.txt
save! $TMP/link.txt
save!
IN
run_in "$TMP/in7" play
check "save refuses a file that is there, save! writes over it" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^saved no moves to $TMP/one.txt$" &&
          has "$OUT" "^not saved: $TMP/one.txt is there already; .save! FILE. writes over it$" &&
          has "$OUT" "^saved 1 move \\(1 ply\\) to $TMP/one.txt$" && has "$OUT" "^usage: save! FILE$" &&
          grep -q "^1\. E6-E8 \*$" "$TMP/one.txt"'
check "a FIFO and a symbolic link are refused and left as they were" \
    eval '[ "$(printf "%s\n" "$OUT" | grep -c "^not saved: $TMP/fifo.txt: not a regular file")" = 2 ] &&
          has "$OUT" "^not saved: $TMP/link.txt: is a symbolic link" &&
          [ -p "$TMP/fifo.txt" ] && [ -L "$TMP/link.txt" ] && [ "$(cat "$TMP/target.txt")" = kept ]'
# A device like /dev/null, made here: only root can.
if mknod "$TMP/null" c 1 3 2>/dev/null; then
    printf 'save! %s/null\n' "$TMP" >"$TMP/in8"
    run_in "$TMP/in8" play
    check "a device is refused and stays a device" \
        eval 'has "$OUT" "^not saved: $TMP/null: not a regular file" && [ -c "$TMP/null" ]'
else
    echo "skipped: a device cannot be made here (not root)"
fi

# A NUL byte in a line: the line is refused as a whole, not cut at the NUL.
printf 'E6-E8\000F11-F9\nE6-E8\n' >"$TMP/in5"
run_in "$TMP/in5" play
check "a line with a NUL byte is refused whole" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^the line holds a NUL byte" &&
          [ "$(printf "%s\n" "$OUT" | grep -c "plays")" = 1 ]'

# A move typed with an escape sequence or a byte that is not UTF-8: the echo, the reason and
# the word where the move goes wrong show them escaped. No caret line: a screen reader would
# read it out as a line of spaces.
printf 'E6\033[2J-E8\n\377E6-E8\n' >"$TMP/in6"
run_in "$TMP/in6" play
check "a typed move is echoed and quoted escaped" \
    eval '[ "$RC" = 0 ] && clean "$OUT" && has "$OUT" "^W> E6\\\\x1B\[2J-E8$" &&
          has "$OUT" "^not a move: .*0x1B \(at$" && has "$OUT" "^  .\\\\x1B\[2J.\)\.?$" &&
          has "$OUT" "^not a move: .\\\\xFFE6. is not a square name$" &&
          ! has "$OUT" "^ *\^$"'

# A position file's name is told escaped, in the game's first line and in an error.
printf 'variant: camette\nto_move: W\npieces: {C3: WM, C5: BM}\n' >"$TMP/p"$'\033'"x.yaml"
run play --load "$TMP/p"$'\033'"x.yaml"
check "the name of the position loaded is escaped" \
    eval '[ "$RC" = 0 ] && clean "$OUT" && has "$OUT" "^A new game from the position in .*p\\\\x1Bx\.yaml\.$"'
printf 'variant: camette\nto_move: W\npieces: {C3: WM}\n' >"$TMP/q"$'\033'"x.yaml"
run play --load "$TMP/q"$'\033'"x.yaml"
check "the name of a position that cannot be played is escaped" \
    eval '[ "$RC" = 1 ] && clean "$ERR" && has "$ERR" "q\\\\x1Bx\.yaml: cannot be played: "'

# Quiet: no board after each move, only the moves and the turn; 'board' shows it, 'quiet off'
# brings it back after each move. The end of the input is said, then where the game is saved.
printf 'C2-B2\nboard\nquiet off\nC6-B6\nquiet\n' >"$TMP/in9"
run_in "$TMP/in9" play --variant camette --quiet
boards=$(printf '%s\n' "$OUT" | grep -c "^    A B C D E$" || true)
check "quiet: the board only at the start, on 'board' and after 'quiet off'" \
    eval '[ "$RC" = 0 ] && [ "$boards" = 6 ] &&
          has "$OUT" "^White plays C2-B2: the knight on C2 steps to B2\.$" &&
          has "$OUT" "^Black to move\.$" &&
          [ "$(printf "%s\n" "$OUT" | grep -c "^quiet is off: the board after each move$")" = 2 ] &&
          [ "$(end_prompt "$OUT")" = "W> " ] &&
          has "$(last_line "$(unwrapped "$OUT")")" "^The game is saved in .*; .camelot --resume. continues it\.$"'
printf 'C2-B2\nC6-B6\n' >"$TMP/in10"
run_in "$TMP/in10" play --variant camette --quiet
check "quiet: no board after the moves at all" \
    eval '[ "$(printf "%s\n" "$OUT" | grep -c "^    A B C D E$")" = 2 ] &&
          has "$OUT" "^Black plays C6-B6: the knight on C6 steps to B6\.$"'
run play --help
check "play --help names every command of the text game" \
    eval '(for c in moves pieces hint undo now resign draw save board quiet quit help confirm rank file square last clock; do
               has "$OUT" "(^| |, )$c( |,|\.|$)" || exit 1; done)'

# A variant's name written with capitals, as its title has it, is that variant; the record
# names it as the variant does.
printf 'E6-E8\nsave %s\n' "$TMP/caps.txt" >"$TMP/in11"
run_in "$TMP/in11" play --variant Camelot
check "--variant Camelot plays Camelot, saved as 'camelot'" \
    eval '[ "$RC" = 0 ] && [ -z "$ERR" ] && has "$OUT" "^Camelot\. " &&
          grep -qx "\[Variant \"camelot\"\]" "$TMP/caps.txt"'
run status --variant CAMETTE
check "and in every command" eval '[ "$RC" = 0 ] && [ "$OUT" = ongoing ]'
run status --variant Nosuch
check "a name found in no case is still refused, as written" \
    eval '[ "$RC" = 1 ] && has "$ERR" "unknown variant .Nosuch. \(no Nosuch\.yaml in "'

# End of input straight away.
run play --variant cam
check "empty input exits 0" eval '[ "$RC" = 0 ] && has "$OUT" "^to move: W \(White\)$"'

finish
