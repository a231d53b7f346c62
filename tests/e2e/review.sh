# End-to-end: 'camelot review' on a terminal of 80x24, with the real program in tmux. The
# evaluation graph and the board show while the engine works; Right moves the graph's cursor
# and the move shown; the known blunder of a Camette game gets its mark and the better move;
# ] and [ go from one marked move to the next, whose signs show in the move list and under the
# graph, and m lists each side's marked moves; --ascii draws the graph in ASCII; q quits at once, even in the middle of a long search; a
# terminal too small says so; 'a' on the game-over screen of the game reviews the game just
# played; --text still prints the text review.
# Run as: bash review.sh PATH_TO_camelot SOURCE_DIR
# SPDX-License-Identifier: MIT
set -u

. "$(dirname "$0")/lib.sh"

# The Camette game of tests/cli/review.sh: Black's B6-B5 misses a win in one.
cat >"$TMP/blunder.txt" <<'REC'
[Variant "camette"]
[Event "review test"]

1. B3-B2 B5-B6 2. C2-D2 C5-B5 3. C3-C4 C6-E4xC2 4. D2-E3 D5xB3 5. B2xB4 B5xB3
6. E3-D2 B6-B5 *
REC

# The column of the graph's cursor: where '^' is on the row under the graph, counted from the
# board's rank label on its left (the board's glyphs take more than a byte).
cursor_col() { screen | grep -F '^' | head -1 | sed -E 's/^.*[0-9]//' | awk '{ print index($0, "^") }'; }

# ---- 1. The graph, the cursor and the blunder ------------------------------------------------
start review --time 0.2 blunder.txt
check "the review screen comes up with its title and keys" \
    eval 'wait_for "Review of blunder.txt (camette)" && wait_for "m mistakes  p practise  q quit"'
check "the analysis says where it is, then that it is done" \
    eval 'wait_for "Analysis done: 6 moves (12 plies)" 60'
check "the graph shows its scale, its zero line and its blocks" \
    polled 'screen | grep -qE "^ .* \+5 " && screen | grep -qE " 0 [▁▂▃▄▅▆▇█]{12}" &&
            screen | grep -qE " -5 "'
check "the first move is shown, with the board" \
    polled 'screen | grep -qF "1. White B3-B2" && screen | grep -qE "A +B +C +D +E"'
before=$(cursor_col)
keys Right
check "Right moves to the next move" wait_for "1. Black B5-B6"
check "and the graph's cursor one column on" \
    eval '[ -n "$before" ] && polled "[ \"\$(cursor_col)\" = $((before + 1)) ]"'
keys l l
check "l moves on too" wait_for "2. Black C5-B5"
keys End
check "End goes to the last move, the known blunder, with its mark and the better move" \
    polled 'wait_for "6. Black B6-B5" && wait_for "blunder" && screen | grep -qF "better  C2-C1"'
check "the cursor is at the last column" polled '[ "$(cursor_col)" = $((before + 11)) ]'
keys Home
check "Home goes back to the first move" wait_for "1. White B3-B2"
# ] goes from one marked move to the next: the known blunder is the last of them.
for i in $(seq 1 12); do
    screen | grep -qF "6. Black B6-B5" && break
    shown=$(screen | grep -E "^.* [0-9]+\. (White|Black) ")
    keys -l ']'
    wait_gone "$shown" 3
done
check "] goes from one marked move to the next, up to the known blunder" \
    polled 'screen | grep -qF "6. Black B6-B5" && screen | grep -qF "better  C2-C1"'
check "the blunder's sign shows in the move list" polled 'screen | grep -qF "B6-B5??"'
check "and under its column of the graph" polled 'screen | grep -qE "^ +4 +4 .*\?$"'
# Keys are read in turn: Left shows the move before the last marked one only if ']' stayed.
keys -l ']'
keys Left
check "] past the last marked move stays there" wait_for "6. White E3-D2"
keys Right
wait_for "6. Black B6-B5"
keys -l '['
check "[ goes back to the marked move before it" wait_gone "6. Black B6-B5"
keys m
check "m lists each side's marked moves with the better move" \
    polled 'wait_for "THE MOVES THE ENGINE MARKED" && wait_for "6... B6-B5??" &&
            screen | grep -qF "better C2-C1"'
keys Escape
check "Esc closes the list" wait_for "m mistakes  p practise  q quit"
keys q
check "q quits" wait_dead

# ---- 2. ASCII, and a record of a long name ---------------------------------------------------
LONG=camette-played-on-the-first-of-december-at-the-club-20261201-183859.txt
cp "$TMP/blunder.txt" "$TMP/$LONG"
start review --time 0.1 --ascii "$LONG"
check "--ascii draws the graph with '#' and '_'" \
    eval 'wait_for "Analysis done: 6 moves (12 plies)" 60 && wait_match " 0 [#_]{12}" &&
          ! screen | grep -qE "[▁▂▃▄▅▆▇█]"'
keys m
check "the list's title gives way to where the reader is, cut with a mark" \
    wait_match "^ The engine's marks: camette-played-on-the-first[-a-z]*~  \\(line 1 of [0-9]+\\)$"
keys Escape
keys Escape
check "Esc quits" wait_dead

# ---- 2b. A game longer than the graph is wide: shown whole --------------------------------------
# 64 plies of two engines at level 1; the graph at 80x24 has 34 columns, two plies a column.
cat >"$TMP/long.txt" <<'REC'
[Variant "camelot"]

1. C6-E8 E11-E9 2. F6-F8 D11-F9 3. D6-F6-H8 F11-E11 4. I7-G9 G10xG8xI8
5. E8xG10xG12 J11-H9-J7xJ5 6. H7xJ9 J5xH7xF5 7. E6xG4 I10xK8 8. G12xI10xG10
F10xH10 9. G4-F3 H10-G9 10. F8xH10xJ12 D10-F8xF6xD8xD6 11. J12-J13 E10-E8
12. J13-I14 E9-E7 13. G7-I5 D6-F8-D8-F6 14. I5-I6 F6-D8-F8 15. H6-I7 E7-E9-G7
16. I7-J6 F8-F7 17. I6-I5 E8-G6 18. I5-J5 G7-G5 19. J5-K5 F7-H5 20. F3-E3 G6-G4
21. E3-E2 H5-F5-H3 22. K5-L6 G5-G3-I3 23. J6-K7 K8xK6 24. L6xJ6 G4-I2-I4-G2
25. E2-F3 G2xE4 26. J6-J5 H3-H2 27. I14-H15 I3-G1 28. J5-I4 G1-F1 29. I4-H3
H2xH4 30. H15-G15 E4-E3 31. G15-G16 E3-F2 32. G16-F16 F2-G1 B
REC
start review --time 0.05 long.txt
check "the long game is analysed" wait_for "Analysis done: 32 moves (64 plies)" 120
first=$(cursor_col)
keys End
check "End takes the cursor to the last ply" wait_for "32. Black F2-G1"
check "whose column is the graph's 32nd, two plies a column: the whole game shows" \
    polled '[ "$(cursor_col)" -eq $((first + 31)) ]'
keys Home
check "Home takes it back to the first column" polled '[ "$(cursor_col)" -eq "$first" ]'
keys q
check "q quits" wait_dead

# ---- 3. q in the middle of a long search -----------------------------------------------------
start review --time 30 blunder.txt
check "a long analysis is under way" wait_for "Analysing ply 1 of 12..."
keys Right
check "the cursor moves while the engine thinks" wait_for "1. Black: not analysed yet"
keys q
check "q ends it at once (time measured: within $((3 * $(time_factor))) s)" wait_dead $((3 * $(time_factor)))

# ---- 4. Too small a terminal -----------------------------------------------------------------
start review --time 0.1 blunder.txt
wait_for "Review of blunder.txt"
tm resize-window -t g -x 40 -y 12
check "a terminal too small says so" wait_for "The terminal is too small"
tm resize-window -t g -x 80 -y 24
check "and the review comes back when it grows" wait_for "Review of blunder.txt"
keys q
wait_dead

# ---- 5. After a game: 'a' on the game-over screen ---------------------------------------------
cat >"$TMP/over.txt" <<'REC'
[Variant "camette"]

1. C2-E4 B5-C4 2. D3xB5 C6xA4xC2xC4 3. E4xC6 C5xC7 B
REC
start --load over.txt
check "a finished game offers the engine's review on its key line" \
    eval 'wait_for "Black wins" && wait_for "a analyse"'
keys a
check "'a' reviews the game just played with the engine, graph and all" \
    polled 'wait_for "Review of this game (camette)" && wait_for "Analysis done: 3 moves (6 plies)" 60 &&
            screen | grep -qE " 0 [▁▂▃▄▅▆▇█]{6}"'
keys q
check "q goes back to the game's screen, still over" \
    polled 'wait_for "n new  a analyse" && screen | grep -qF "Black wins"'
# 'a' again: the review made is kept, shown at once, not searched again (the first one took a
# second a position).
keys a
check "'a' again shows the review made" wait_for "Review of this game (camette)"
again=0
for i in $(seq 1 10); do
    screen | grep -qF "Analysing ply" && again=1
    sleep 0.05
done
check "at once: no position is searched again" \
    eval '[ "$again" = 0 ] && wait_for "Analysis done: 3 moves (6 plies)" && screen | grep -qE " 0 [▁▂▃▄▅▆▇█]{6}"'
keys p
check "p there practises the mistakes of the game just played" \
    wait_match "Camette: learning from the mistakes(, 1 of [0-9]+)?   \\["
keys q
check "q goes back to its review" wait_for "Review of this game (camette)"
keys q
check "q goes back to the game's screen again" wait_for "n new  a analyse"
keys q
hang_up

# ---- 6. Learning from the mistakes ---------------------------------------------------------------
# Reviewed to a fixed depth, the game gives Black two blunders (tests/cli/review.sh). p on the
# review screen puts Black back before each: the first solved with a winning capture that is
# not the engine's, after a wrong try; the second hinted at and its solution shown.
start review --depth 6 --side black blunder.txt
check "the review offers the practice on its key line" \
    eval 'wait_for "Analysis done: 6 moves (12 plies)" 60 && wait_for "p practise  q quit"'
keys Home Right Right Right
wait_for "2. Black C5-B5"
best=$(screen | sed -nE 's/^.*better +(C6-[^ ]+).*$/\1/p' | head -1)
case $best in
C6-C4xC2xE4) other=C6-E4xC2xC4 ;;
*) other=C6-C4xC2xE4 ;;
esac
check "the review names one of Black's two captures as better" \
    eval '[ "$best" = C6-C4xC2xE4 ] || [ "$best" = C6-E4xC2xC4 ]'
keys p
check "p opens the practice at Black's first blunder" \
    polled 'wait_for "learning from the mistakes, 1 of 2" &&
            wait_for "Black to move: find a better move than C5-B5." && wait_for "H hint"'
typed B6-A5
check "a losing move is taken back, with what it allows" \
    polled 'wait_for "B6-A5 lowers the chance of winning" 30 && wait_for "Try again."'
typed "$other"
check "the other capture is also good: solved" \
    polled 'wait_for "$other is also good" 30 && wait_for "Solved. n: the next one"'
keys n
check "n goes to the second blunder" \
    polled 'wait_for "learning from the mistakes, 2 of 2" && wait_for "than B6-B5."'
keys H
check "H names the piece to move" wait_for "Look at the piece on C2."
keys s
check "s plays the engine's move on the board" \
    polled 'wait_match "The engine.s move: C2-C1" && wait_match "The engine.s move is on the board\."'
keys n
check "after the last one, how many were solved" wait_for "Solved 1 of 2; 1 shown."
keys q
check "q goes back to the review" wait_for "p practise  q quit"
keys q
check "and q there quits" wait_dead

start review --depth 6 --practise --side B blunder.txt
check "--practise opens the practice once the analysis is done" \
    wait_for "learning from the mistakes, 1 of 2" 60
keys q
check "q goes to the review, not analysed again" \
    polled 'wait_for "p practise  q quit" && wait_for "Analysis done: 6 moves (12 plies)"'
keys q
wait_dead

# ---- 5. --text on a terminal -----------------------------------------------------------------
session "cd '$TMP' && env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME='$TMP' XDG_DATA_HOME='$DATA' '$CAMELOT' review --text --time 0.1 blunder.txt; echo \"exit \$?\"; sleep 60"
check "--text prints the text review on a terminal" \
    polled 'wait_for "exit 0" 60 && screen | grep -qF "review of blunder.txt (camette)" &&
            screen | grep -qE "^White: "'

finish
