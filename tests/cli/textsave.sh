# textsave: the text game keeps its game as the full-screen game does: autosaved after every
# move in the data directory, continued by 'camelot --resume' and 'camelot --text --resume',
# and where it is said as the program ends. Also: --resume with no autosave, an autosave whose
# lock another camelot holds, a data directory that takes no autosave or that cannot be had
# (the game rescued and its path printed), and a game over (saved, with no command to go on).
# SPDX-License-Identifier: MIT
set -eu
. "$(dirname "$0")/lib.bash"

SAVES="$XDG_DATA_HOME/camelot"
SAVED_LINE="The game is saved in $SAVES/autosave.txt; 'camelot --resume' continues it."
# Rescued games go here, not to the machine's /tmp.
export TMPDIR="$TMP/rescue"
mkdir -p "$TMPDIR"

# said TEXT LINE: whether TEXT, its wrapped sentences joined again, has LINE as a whole line.
said() {
    unwrapped "$1" | grep -qxF -- "$2"
}

# fits TEXT: no line wider than 79 columns.
fits() {
    [ -z "$(printf '%s\n' "$1" | awk 'length > 79')" ]
}

# The acceptance check: a move, 'quit', and --resume goes on with the move played.
printf 'E6-E8\nquit\n' >"$TMP/in1"
run_in "$TMP/in1" --text
check "'quit' after a move: the game is autosaved, and the text game says where" \
    eval '[ "$RC" = 0 ] && [ -z "$ERR" ] && has "$OUT" "^White plays E6-E8: " &&
          [ "$(last_line "$(unwrapped "$OUT")")" = "$SAVED_LINE" ] && fits "$OUT" &&
          grep -qxF "1. E6-E8 *" "$SAVES/autosave.txt" &&
          grep -qxF "[Seats \"W=human B=human\"]" "$SAVES/autosave.txt"'
run --text --resume
check "--text --resume goes on with E6-E8 played: Black to move, the man on E8" \
    eval '[ "$RC" = 0 ] && [ -z "$ERR" ] &&
          said "$OUT" "Resumed $SAVES/autosave.txt: 1 move (1 ply) so far." &&
          has "$OUT" "^  8 \. \. \. \. M \. \. \. \. \. \. \.$" &&
          has "$OUT" "^to move: B \(Black\)$" && [ "$(end_prompt "$OUT")" = "B> " ] &&
          [ "$(last_line "$(unwrapped "$OUT")")" = "$SAVED_LINE" ]'
printf 'F11-F9\n' >"$TMP/in2"
run_in "$TMP/in2" --text --resume --quiet
check "a move played after --text --resume is autosaved after the first" \
    eval '[ "$RC" = 0 ] && [ -z "$ERR" ] && has "$OUT" "^Black plays F11-F9: " &&
          grep -qxF "1. E6-E8 F11-F9 *" "$SAVES/autosave.txt"'
# Standard input is not a terminal: plain 'camelot --resume' is the text game too.
printf 'F6-F8\n' >"$TMP/in3"
run_in "$TMP/in3" --resume --quiet
check "'camelot --resume' from a pipe goes on with it as well" \
    eval '[ "$RC" = 0 ] && [ -z "$ERR" ] &&
          said "$OUT" "Resumed $SAVES/autosave.txt: 1 move (2 plies) so far." &&
          has "$OUT" "^White plays F6-F8: " && [ "$(end_prompt "$OUT")" = "B> " ] &&
          grep -qxF "1. E6-E8 F11-F9 2. F6-F8 *" "$SAVES/autosave.txt"'

# The end of the input says so, then where the game is; a game with no move saves nothing.
printf 'G6-G8\n' >"$TMP/in4"
run_in "$TMP/in4" --text --quiet
check "the end of the input: a new game's first move keeps the unfinished game aside" \
    eval '[ "$RC" = 0 ] && [ -z "$ERR" ] && has "$OUT" "^End of the input\.$" &&
          [ "$(last_line "$(unwrapped "$OUT")")" = "$SAVED_LINE" ] &&
          grep -qxF "1. G6-G8 *" "$SAVES/autosave.txt" &&
          grep -qxF "1. E6-E8 F11-F9 2. F6-F8 *" "$SAVES"/unfinished-*.txt'
cp "$SAVES/autosave.txt" "$TMP/before"
run --text --quiet
check "a new game with no move leaves the autosave alone and says nothing of it" \
    eval '[ "$RC" = 0 ] && [ -z "$ERR" ] && [ "$(last_line "$OUT")" = "End of the input." ] &&
          cmp -s "$TMP/before" "$SAVES/autosave.txt"'

# --resume with no autosave: a new game, and a note says so.
XDG_DATA_HOME="$TMP/empty" run --text --resume --quiet
check "--text --resume with no autosave: a new game with a note" \
    eval '[ "$RC" = 0 ] && [ -z "$ERR" ] &&
          said "$OUT" "There is no autosaved game in $TMP/empty/camelot: here is a new one." &&
          has "$OUT" "^to move: W \(White\)$" && [ "$(end_prompt "$OUT")" = "W> " ]'

# Another camelot plays the autosaved game: --resume is refused, and a new game is saved to
# the next autosave, and says so.
mkfifo "$TMP/fifo"
"$CAMELOT" --text --quiet <"$TMP/fifo" >"$TMP/first" 2>&1 &
first=$!
exec 3>"$TMP/fifo"
printf 'H6-H8\n' >&3
for i in $(seq 1 600); do # up to 30 s
    grep -qxF "1. H6-H8 *" "$SAVES/autosave.txt" 2>/dev/null && break
    sleep 0.05
done
check "the first camelot's move is autosaved" grep -qxF "1. H6-H8 *" "$SAVES/autosave.txt"
run --text --resume
check "--text --resume while another camelot plays the autosaved game is refused clearly" \
    eval '[ "$RC" = 1 ] && [ -z "$OUT" ] &&
          [ "$ERR" = "camelot: --resume: the autosaved game $SAVES/autosave.txt: in use by another camelot (process $first)" ]'
run --resume
check "and so is plain 'camelot --resume' from a pipe" \
    eval '[ "$RC" = 1 ] && [ -z "$OUT" ] && has "$ERR" "^camelot: --resume: .*in use by another camelot"'
printf 'G6-G8\n' >"$TMP/in5"
run_in "$TMP/in5" --text --quiet
notice="Another camelot is playing in this data directory: this game is saved to $SAVES/autosave-2.txt ('camelot --load' with that file continues it)."
where="The game is saved in $SAVES/autosave-2.txt; 'camelot --load $SAVES/autosave-2.txt' continues it."
check "a second game meanwhile is saved to autosave-2.txt, and says so and how to go on" \
    eval '[ "$RC" = 0 ] && [ -z "$ERR" ] && said "$OUT" "$notice" && said "$OUT" "$where" &&
          grep -qxF "1. G6-G8 *" "$SAVES/autosave-2.txt"'
exec 3>&-
set +e
wait "$first"
RC=$?
set -e
OUT=$(cat "$TMP/first")
ERR=
check "the first camelot ends with its game in autosave.txt, untouched by the others" \
    eval '[ "$RC" = 0 ] && [ "$(last_line "$(unwrapped "$OUT")")" = "$SAVED_LINE" ] &&
          grep -qxF "1. H6-H8 *" "$SAVES/autosave.txt"'

# A data directory that takes no autosave (its lock cannot be opened): said once, the game goes
# on, and at the end it is rescued and its path printed.
mkdir -p "$TMP/bad/camelot/autosave.lock"
printf 'E6-E8\nF11-F9\nundo\nyes\nquit\n' >"$TMP/in6"
XDG_DATA_HOME="$TMP/bad" run_in "$TMP/in6" --text --quiet
rescued=$(printf '%s\n' "$ERR" | sed -n "s|^camelot: it was saved to \($TMPDIR/camelot-rescued-[0-9-]*\.txt\) .*|\1|p")
check "an autosave that fails is said once, and the game is rescued at the end (exit 1)" \
    eval '[ "$RC" = 1 ] &&
          [ "$(unwrapped "$OUT" | grep -c "^Autosave failed: $TMP/bad/camelot/autosave\.lock: cannot open the lock: ")" = 1 ] &&
          has "$OUT" "^Black plays F11-F9: " && has "$OUT" "^took back 1 ply$" &&
          ! has "$OUT" "^The game is saved in " &&
          has "$ERR" "^camelot: the game could not be autosaved: $TMP/bad/camelot/autosave\.lock: " &&
          [ -n "$rescued" ] && grep -qxF "1. E6-E8 *" "$rescued"'
XDG_DATA_HOME="$TMP/load" run --text --load "$rescued" --quiet
check "the rescued game loads" \
    eval '[ "$RC" = 0 ] && said "$OUT" "Loaded $rescued: 1 move (1 ply) so far." &&
          has "$OUT" "^to move: B \(Black\)$"'
# Without root, a data directory made read-only refuses the autosave too (root writes there).
if [ "$(id -u)" != 0 ]; then
    mkdir -p "$TMP/ro/camelot"
    chmod 555 "$TMP/ro/camelot"
    XDG_DATA_HOME="$TMP/ro" run_in "$TMP/in6" --text --quiet
    chmod 755 "$TMP/ro/camelot"
    check "a read-only data directory: said, and the game rescued at the end (exit 1)" \
        eval '[ "$RC" = 1 ] && has "$OUT" "^Autosave failed: " &&
              has "$ERR" "^camelot: it was saved to $TMPDIR/camelot-rescued-"'
else
    echo "skip: a read-only data directory (running as root, which writes there anyway)"
fi

# No data directory at all ('camelot' there a file): the first note says so, and the game is
# rescued at the end with the reason and its path.
: >"$TMP/file"
printf 'E6-E8\n' >"$TMP/in7"
XDG_DATA_HOME="$TMP/file" run_in "$TMP/in7" --text --quiet
rescued=$(printf '%s\n' "$ERR" | sed -n "s|^camelot: it was saved to \($TMPDIR/camelot-rescued-[0-9-]*\.txt\) .*|\1|p")
check "no data directory: said at the start, and the game rescued at the end (exit 1)" \
    eval '[ "$RC" = 1 ] &&
          said "$OUT" "Games are not autosaved: cannot create $TMP/file/camelot: Not a directory. When you quit, the game is written to a rescue file, whose path is printed." &&
          has "$ERR" "^camelot: the game could not be autosaved: cannot create $TMP/file/camelot: " &&
          [ -n "$rescued" ] && grep -qxF "1. E6-E8 *" "$rescued" && fits "$OUT"'
XDG_DATA_HOME="$TMP/file" run --text --quiet
check "no data directory and no move: nothing to rescue" \
    eval '[ "$RC" = 0 ] && [ -z "$ERR" ] && [ "$(last_line "$OUT")" = "End of the input." ]'
XDG_DATA_HOME="$TMP/file" run --text --resume
check "no data directory: --resume is refused with the reason" \
    eval '[ "$RC" = 1 ] && [ -z "$OUT" ] &&
          [ "$ERR" = "camelot: --resume: cannot create $TMP/file/camelot: Not a directory" ]'

# A game over is saved as it ended, and nothing says how to go on with it.
XDG_DATA_HOME="$TMP/over" run --text --quiet --variant camette --seat W=engine:1 --seat B=engine:1
check "a game over: saved, and no 'continues it'" \
    eval '[ "$RC" = 0 ] && [ -z "$ERR" ] && has "$OUT" "^Game over\. " &&
          [ "$(last_line "$OUT")" = "The game is saved in $TMP/over/camelot/autosave.txt." ] &&
          ! has "$OUT" "continues it" &&
          grep -q "^\[Result \"" "$TMP/over/camelot/autosave.txt" &&
          ! grep -qxF "[Result \"*\"]" "$TMP/over/camelot/autosave.txt"'
XDG_DATA_HOME="$TMP/over" run --text --quiet --resume
check "--text --resume of a game over shows it over" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^Game over\. " && [ "$(end_prompt "$OUT")" = "> " ]'

finish
