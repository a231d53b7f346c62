# serve_options: the server's options that are read before it starts: every limit in --help
# with its default (as docs/network.md gives them), --limit's names and bounds, --check, and a
# relay's --as that only a Unix user's fallback may be.
# SPDX-License-Identifier: MIT
set -eu
. "$(dirname "$0")/lib.bash"

run serve --help
check "serve --help exits 0" eval '[ "$RC" = 0 ]'
for limit in connections=16 games=100 waiting=20 engine-games=4 follow=64 game-chat=1000 \
    day-chat=1000 output=512; do
    check "serve --help gives the limit $limit" has "$OUT" "^ +$limit +"
done
check "serve --help tells --check" has "$OUT" "--check quick"

run serve --limit nonsense=3 --socket "$TMP/s.sock" --data "$TMP/d"
check "an unknown limit is a usage error that lists the limits" \
    eval '[ "$RC" = 2 ] && has "$ERR" "NAME one of connections, games, waiting, engine-games"'
run serve --limit games=0 --socket "$TMP/s.sock" --data "$TMP/d"
check "a limit below its least is refused with its bounds" \
    eval '[ "$RC" = 2 ] && has "$ERR" "games is a whole number from 1 to 100000"'
run serve --limit output=12x --socket "$TMP/s.sock" --data "$TMP/d"
check "a limit that is not a number is refused" eval '[ "$RC" = 2 ]'
run serve --check sometimes --socket "$TMP/s.sock" --data "$TMP/d"
check "a bad --check is refused" eval '[ "$RC" = 2 ] && has "$ERR" "quick or full"'
check "nothing was made by the refused starts" eval '[ ! -e "$TMP/d" ] && [ ! -e "$TMP/s.sock" ]'

for name in uid5 UID2103 open; do
    run relay --as "$name" --socket "$TMP/none.sock"
    check "relay --as $name is refused" eval '[ "$RC" = 2 ] && has "$ERR" "uid. and a number"'
done

finish
