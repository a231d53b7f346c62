# A player's history on a server: bob loses a rated game by claim while he is away, and at his
# next connection the text client tells him so ("while you were away, game N against alice: you
# lost by claim; camette rating 1500 -> R"); a second connection of his, opened while the first
# is, is told nothing again; a game he had no seat in is never told to him. 'history' lists the
# games over of the one who asks, the newest first, twenty a page ('ok history 20 more', then
# 'history ID' for those before game ID), each line with its result, termination, the asker's
# seats and rating change, and who held each seat; it lists nobody else's games, and refuses an
# id that is not one. 'profile NAME' gives a player's page: their games over, their ratings,
# and how they did against each person they met (engines are not people); one's own page is
# there before one's first game; a name never seen is refused. Pages are asked for 8 at once
# at most, then 4 a second.
#
#     python3 tests/net/history.py CAMELOT SOURCE_DIR
#
# SPDX-License-Identifier: MIT
import os
import re
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import netlib  # noqa: E402
from netlib import check, say  # noqa: E402

CLAIM_AFTER = 5  # seconds a player to move may be gone before a claim (the server's least)


def play(env, players, game, plies):
    """Plays 'plies' moves of game 'game' of Camette, each by the player of its seat in turn."""
    moves = []
    for ply in range(plies):
        who = players[ply % 2]
        move = netlib.engine_reply(env, "camette", moves)
        who.ok("move %d %d m%d %s 1" % (game, ply, ply, move))
        moves.append(move)
        for p in players:
            p.wait_ply(game, ply + 1)


def page(conn, line):
    """The ids of the 'past' lines that answer 'line' ('history ...'), and the answer."""
    got = conn.ok_lines(line)
    with conn.lock:
        answer = [x.decode() for x in conn.lines if x.startswith(b"ok history ")][-1]
    return [int(x.split()[1]) for x in got if x.startswith("past ")], answer


def test(env):
    server = netlib.Server(env, "--claim-after", str(CLAIM_AFTER)).start()
    alice = netlib.Raw(server, "alice")
    bob = netlib.Raw(server, "bob")
    game = int(alice.ok("create camette 60+0 rated W=me B=@bob")[2])
    bob.ok("join %d" % game)
    play(env, [alice, bob], game, 3)
    # A game bob has no seat in, over while he is away too.
    other = int(alice.ok("create camette 60+0 casual W=me B=engine:1")[2])
    bob.close()
    alice.ok("resign %d" % other)
    time.sleep(CLAIM_AFTER + 1)
    netlib.wait_for(lambda: alice.request("claim %d win" % game).startswith("ok "),
                    10 * netlib.time_factor(), "alice's claim to be granted")
    alice.wait_event(game, r"^end W abandoned ")
    after = int(alice.wait_event(game, r"^rating bob ").split()[3])
    check(after < 1500, "bob's rating after the loss: %d" % after)

    text = netlib.Text(env, "bob")
    told = text.expect(r"^while you were away, ").string
    want = ("while you were away, game %d against alice: you lost by claim; camette rating "
            "1500 -> %d." % (game, after))
    check(told == want, "bob was told %r, not %r" % (told, want))
    say("at his next connection, bob is told: %s" % told)
    # A second connection while the first is open is told nothing again.
    again = netlib.Raw(server, "bob")
    lines = again.ok_lines("history")
    check(not any(x.startswith("ended ") for x in lines),
          "bob's second connection was told again: %r" % lines)
    past = [x.split() for x in lines if x.startswith("past ")]
    check(len(past) == 1, "bob's history: %r" % lines)
    w = past[0]
    check(w[1:5] == [str(game), "camette", "60+0", "rated"] and w[6:11] ==
          ["W", "abandoned", "B", "1500", str(after)] and w[11:] == ["W=alice", "B=bob"],
          "bob's history line: %r" % w)
    check(abs(int(w[5]) - time.time()) < 600, "the game ended at %s" % w[5])
    text.send("history")
    line = text.expect(r" UTC, game %d " % game).string
    check(re.match(r"^\d{4}-\d\d-\d\d \d\d:\d\d UTC, game %d against alice: you lost by claim; "
                   r"camette rating 1500 -> %d\.$" % (game, after), line),
          "the text client's history: %r" % line)
    text.expect(r"^1 game over\.$")
    text.quit()

    # alice's: both games, the newest first, and her side of each.
    lines = alice.ok_lines("history")
    past = [x.split() for x in lines if x.startswith("past ")]
    check([p[1] for p in past] == [str(other), str(game)], "alice's history: %r" % lines)
    check(past[0][6:11] == ["B", "resignation", "W", "-", "-"] and
          past[0][11:] == ["W=alice", "B=engine:1"], "alice's resigned game: %r" % past[0])
    check(past[1][6:9] == ["W", "abandoned", "W"] and int(past[1][10]) > 1500,
          "alice's won game: %r" % past[1])

    # Pages of twenty: carol's twenty-two games, none of them anyone else's.
    carol = netlib.Raw(server, "carol")
    mine = []
    for _ in range(22):
        g = int(carol.ok("create camette 60+0 casual W=me B=engine:1")[2])
        carol.ok("resign %d" % g)
        mine.append(g)
    newest = sorted(mine, reverse=True)
    ids, answer = page(carol, "history")
    check(ids == newest[:20] and answer == "ok history 20 more",
          "carol's first page: %r, %r" % (ids, answer))
    ids, answer = page(carol, "history %d" % ids[-1])
    check(ids == newest[20:] and answer == "ok history 2",
          "carol's second page: %r, %r" % (ids, answer))
    check([x for x in alice.ok_lines("history") if x.startswith("past ")] ==
          [" ".join(p) for p in past], "alice's history changed with carol's games")
    # The players' pages.
    lines = carol.ok_lines("profile alice")
    check(re.match(r"^profile alice \d+ 2$", lines[0]) and
          lines[1:] == ["standing camette %s 290 1" % past[1][10], "versus bob 1 0 0"],
          "alice's page: %r" % lines)
    lines = alice.ok_lines("profile bob")
    check(lines[1:] == ["standing camette %d 290 1" % after, "versus alice 0 0 1"],
          "bob's page: %r" % lines)
    lines = carol.ok_lines("profile carol")
    check(re.match(r"^profile carol \d+ 22$", lines[0]) and lines[1:] == [],
          "carol's page (games against the engine only): %r" % lines)
    carol.refused("profile nobody", "no-player")
    carol.refused("profile a/b", "bad-name")
    dave = netlib.Raw(server, "dave")
    check(dave.ok_lines("profile dave") == ["profile dave 0 0"],
          "the page of a player with no game yet")
    dave.close()
    carol.refused("history twelve", "syntax")
    carol.refused("history 0", "syntax")
    # Pages cost more than a line of the lobby: at most 8 at once, then 4 a second.
    burst = netlib.Raw(server, "erin")
    for _ in range(12):
        burst.send("history")
    answers = [burst.expect(rb"^(ok|error) history").decode() for _ in range(12)]
    busy = [a for a in answers if a.startswith("error history busy ")]
    check(len(busy) >= 1 and len(answers) - len(busy) >= 8,
          "12 pages asked at once: %d refused of %r" % (len(busy), answers))
    time.sleep(1.0)
    burst.ok("history")
    burst.close()
    say("history: pages of 20, newest first, the asker's games only")
    for c in (alice, again, carol):
        c.close()
    server.stop()


if __name__ == "__main__":
    netlib.main(test)
