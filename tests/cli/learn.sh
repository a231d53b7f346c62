# learn: the list of the lessons, and the lessons played in plain text from a pipe (without a
# terminal, or with --text): a wrong try explained, lessons met one after the other, the
# progress kept, the commands.
# SPDX-License-Identifier: MIT
set -eu
. "$(dirname "$0")/lib.bash"
export XDG_DATA_HOME="$TMP/data"

# fits TEXT: no line wider than 79 columns.
fits() {
    [ -z "$(printf '%s\n' "$1" | awk 'length > 79')" ]
}

# joined TEXT: the sentences the text front end wrapped, each on one line again.
joined() {
    printf '%s\n' "$1" | sed -e ':a' -e 'N' -e '$!ba' -e 's/\n  \([^ ]\)/ \1/g'
}

run learn --list
check "learn --list fits 79 columns" eval '[ "$RC" = 0 ] && [ -n "$OUT" ] && fits "$OUT"'
check "the lessons are listed under their variant, one a line: id and title" \
    eval 'has "$OUT" "^Camelot:$" && has "$OUT" "^  01-plain-move +The plain move$" &&
          has "$OUT" "^Four-Handed Chivalry:$" &&
          has "$OUT" "^  12-knight-captures-later +A knight may pass, to capture later$" &&
          [ "$(printf "%s\n" "$OUT" | grep -c "^  [0-9][0-9]-")" -ge 30 ]'

# The first three lessons from a pipe: a legal move that misses the goal is not played and
# is explained; each lesson met leads to the next; the progress file keeps them.
printf 'F6-F7\nF6-G6\nF6-F8\nhint\nC6-E8-G10\n' >"$TMP/in1"
run_in "$TMP/in1" learn
check "the lessons run in plain text without a terminal" \
    eval '[ "$RC" = 0 ] && [ -z "$ERR" ] &&
          has "$OUT" "^Lesson 1 of [0-9]+: The plain move \(Camelot\)\.$" &&
          has "$OUT" "^White to move\. Move the man on F6 one step, in any direction\.$"'
check "a move that misses the goal is explained and not played" \
    eval 'has "$(joined "$OUT")" "^F6-G6 misses the goal \(the man on F6 steps to G6\)\. .* Try again\.$" &&
          [ "$(printf "%s\n" "$OUT" | grep -c "^Lesson 2 of ")" = 1 ]'
check "three lessons met, one after the other" \
    eval 'has "$OUT" "^F6-F7 meets the goal: the man on F6 steps to F7\. " &&
          has "$OUT" "^F6-F8 meets the goal: the man on F6 canters to F8\. " &&
          has "$OUT" "^hint: C6-E8-G10, the man on C6 canters to G10 in 2 leaps\.$" &&
          has "$OUT" "^C6-E8-G10 meets the goal: " &&
          has "$OUT" "^Lesson 4 of [0-9]+: The jump \(Camelot\)\.$" &&
          has "$OUT" "^Lessons done: 3 of [0-9]+\.$" && fits "$OUT"'
check "the progress file keeps them" \
    eval '[ "$(sort "$XDG_DATA_HOME/camelot/lessons.txt" | tr "\n" " ")" = "01-plain-move 02-canter 03-canter-chain " ]'
run learn --list
check "and --list marks them done" \
    eval '[ "$(printf "%s\n" "$OUT" | grep -c "(done)$")" = 3 ]'

# The next run starts at the first lesson not done; quiet draws no board; the commands.
printf 'board\nprevious\nnext\nlesson 42\nF6-F5\nlist\nnext\nquit\n' >"$TMP/in2"
run_in "$TMP/in2" learn --text --quiet
check "the next run starts at the first lesson not done, quiet" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^Lessons of the rules: [0-9]+, 3 done\. " &&
          has "$OUT" "^Lesson 4 of [0-9]+: The jump" &&
          [ "$(printf "%s\n" "$OUT" | grep -c "^    A B C D E F G H I J K L$")" = 2 ]'
check "previous, next and 'lesson N' go from lesson to lesson" \
    eval 'has "$OUT" "^Lesson 3 of [0-9]+: " && has "$OUT" "^Lesson 42 of 42: " &&
          has "$OUT" "^(illegal|not a) move: "'
check "list says which are done; after the last lesson, the first not done is named" \
    eval 'has "$OUT" "^1\. The plain move \(Camelot\), done$" &&
          has "$OUT" "^42\. .*, here$" && has "$OUT" "^That was the last lesson\.$" &&
          has "$(joined "$OUT")" "The first not done is lesson 4, The jump: type .lesson 4.\.$" &&
          fits "$OUT"'

finish
