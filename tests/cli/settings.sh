# settings: the settings file ($XDG_CONFIG_HOME/camelot/camelot.conf) gives the next game its
# variant, seats, clocks and quiet text; the command line wins over it; an error names its
# line and column and stops the program; the commented sample changes nothing.
# SPDX-License-Identifier: MIT
set -eu
. "$(dirname "$0")/lib.bash"
export XDG_DATA_HOME="$TMP/data"
CONF="$XDG_CONFIG_HOME/camelot/camelot.conf"
mkdir -p "$(dirname "$CONF")"

# No settings file: Camelot, people at every seat in the text game.
printf 'quit\n' >"$TMP/quit"
run_in "$TMP/quit" --text
check "without a settings file, the game is Camelot" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^Camelot\\. "'

# The file names the variant, Black's engine, the clocks and quiet: the next game has them.
cat >"$CONF" <<'CONF'
# mine
variant = camette
seat = B=engine:1
seat = Y=engine:3
time = 10+5
quiet = yes
CONF
printf 'C2-B2\n' >"$TMP/in1"
run_in "$TMP/in1" --text
check "the settings file changes the next game: Camette, Black the engine, clocks, quiet" \
    eval '[ "$RC" = 0 ] && [ -z "$ERR" ] && has "$OUT" "^Camette\\. " &&
          has "$OUT" "^White plays C2-B2: the knight on C2 steps to B2\\.$" &&
          has "$OUT" "^Black plays " && has "$OUT" "^clocks: White 10:00, Black 10:00$" &&
          [ "$(printf "%s\\n" "$OUT" | grep -c "^    A B C D E$")" = 2 ]'
printf 'save %s\n' "$TMP/set.txt" >"$TMP/in2"
run_in "$TMP/in2" --text
check "and its record says so" \
    eval 'grep -qx "\\[Seats \"W=human B=engine:1\"\\]" "$TMP/set.txt" &&
          grep -qx "\\[TimeControl \"600+5\"\\]" "$TMP/set.txt" &&
          grep -qx "\\[Variant \"camette\"\\]" "$TMP/set.txt"'

# The command line wins.
run_in "$TMP/quit" --text --variant cam --seat B=human --time 1+0
check "options given win over the settings" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^Cam\\. " && has "$OUT" "^clocks: White 1:00, Black 1:00$"'
run_in "$TMP/in2" --text --variant cam --seat B=human
check "the seat given on the command line wins over the file's" \
    eval '[ "$RC" = 0 ] && ! has "$OUT" "^Black plays "'

# A saved game loaded keeps its own variant and seats, whatever the settings say.
printf 'variant = camette\nseat = B=engine:1\n' >"$CONF"
printf 'E6-E8\nsave %s\n' "$TMP/camelot-game.txt" >"$TMP/in3"
XDG_CONFIG_HOME="$TMP/none" run_in "$TMP/in3" --text
run_in "$TMP/quit" --text --load "$TMP/camelot-game.txt"
check "a game loaded keeps its variant and seats" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^Camelot\\. " && has "$OUT" "^Loaded "'

# Errors: the file, its line and column, the line and a caret; the program stops (exit 1).
printf 'variant = camette\ncolour = no\n' >"$CONF"
run_in "$TMP/quit" --text
check "an unknown setting is an error at its line" \
    eval '[ "$RC" = 1 ] && [ -z "$OUT" ] &&
          has "$ERR" "^$CONF:2:1: unknown setting .colour. \\(settings: variant, seat," &&
          has "$ERR" "^    colour = no$" && has "$ERR" "^    \\^$"'
printf '\n\nseat = B=engine:12\n' >"$CONF"
run_in "$TMP/quit" --text
check "a bad level is an error at its column" \
    eval '[ "$RC" = 1 ] && has "$ERR" "^$CONF:3:10: bad engine level in .B=engine:12."'
run learn --list
check "every command that reads the settings stops at an error" \
    eval '[ "$RC" = 1 ] && has "$ERR" "^$CONF:3:10: "'

# The look of the lessons and puzzles in plain text: quiet.
printf 'quiet = yes\n' >"$CONF"
run_in "$TMP/quit" learn
check "quiet in the settings: the lessons in plain text draw no board" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^Lesson 1 of " && ! has "$OUT" "^    A B C D E F G H I J K L$"'

# The commented sample changes nothing; with its settings taken out of their comments, it
# reads as the defaults it names.
cp "$SRC/docs/camelot.conf" "$CONF"
run_in "$TMP/quit" --text
check "the commented sample changes nothing" \
    eval '[ "$RC" = 0 ] && [ -z "$ERR" ] && has "$OUT" "^Camelot\\. " && ! has "$OUT" "^clocks:"'
sed 's/^#\([a-z]\)/\1/' "$SRC/docs/camelot.conf" >"$CONF"
run_in "$TMP/quit" --text
check "the sample with every setting in force reads, and is the defaults it names" \
    eval '[ "$RC" = 0 ] && [ -z "$ERR" ] && has "$OUT" "^Camelot\\. " &&
          has "$OUT" "^clocks: White 10:00, Black 10:00$"'

finish
