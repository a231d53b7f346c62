# A round robin of changing partnerships in Grand Camelot, played to the end: four people, each
# entering alone; in three rounds each partners each of the others once, the server making the
# one game of each round with the two partnerships of the circle on their teams' seats. The
# first game is drawn (all four agree), in the second White's team resigns, in the third
# Black's (the partner agreeing). At the end each game counts what its players saw, and every
# entrant's score, Buchholz (the scores of both opponents of each game) and Sonneborn-Berger are
# those computed here. A second tournament, of three, is made up to four by the engine at level
# 5 when it begins, and one who withdraws from it hands the place to that engine. First, what such a tournament refuses: a game of two seats, a partner named.
#
#     python3 tests/net/tourney_rotate.py CAMELOT SOURCE_DIR
#
# SPDX-License-Identifier: MIT
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import netlib  # noqa: E402
from netlib import check, say  # noqa: E402

PEOPLE = ["alice", "bob", "carol", "dave"]
LONG = 120 * netlib.time_factor()




def test(env):
    server = netlib.Server(env).start()
    people = {name: netlib.Raw(server, name) for name in PEOPLE}
    alice = people["alice"]
    alice.refused("tourney rotate camette 300+0 casual 0 +4", "denied")
    alice.refused("tourney rotate grand-camelot 300+0 casual 3 +4", "syntax")
    tid = int(alice.ok("tourney rotate grand-camelot 300+0 casual 0 +4")[2])
    alice.refused("enter %d bob" % tid, "syntax")
    for name in PEOPLE:
        people[name].ok("enter %d" % tid)
    made_up = int(alice.ok("tourney rotate grand-cam 300+0 casual 0 +4")[2])
    for name in PEOPLE[1:]:
        people[name].ok("enter %d" % made_up)

    netlib.wait_tourn(alice, tid, 7, "playing", LONG, "the tournament to begin")
    tourn, table, _ = netlib.standings(alice, tid)
    check(tourn[2] == "rotate" and tourn[6] == "3" and tourn[10] == "4",
          "a round robin of changing partners, 4 in 3 rounds: %r" % tourn)
    names = {int(w[2]): w[3] for w in table}

    seen = {}
    sides = {}  # game -> ((white, white2), (black, black2)) as entrants
    for rnd in (1, 2, 3):
        netlib.wait_tourn(alice, tid, 8, str(rnd), LONG, "round %d to be paired" % rnd)
        games = [w for w in netlib.standings(alice, tid)[2] if int(w[1]) == rnd]
        check(len(games) == 1 and len(games[0]) == 9, "round %d: one game of four: %r" %
              (rnd, games))
        w = games[0]
        game = int(w[5])
        white = (int(w[3]), int(w[7]))
        black = (int(w[4]), int(w[8]))
        sides[game] = (white, black)
        for p in PEOPLE:
            people[p].ok("open %d 0" % game)
        create = alice.wait_event(game, r"^create ")
        seats = dict(x.split("=") for x in create.split()[4:])
        # Red and Blue are the first team's seats, Green and Yellow the second's.
        want = {"R": names[white[0]], "B": names[white[1]], "G": names[black[0]],
                "Y": names[black[1]]}
        check(seats == want, "game %d: the seats %r, not %r" % (game, seats, want))
        for letter, who in want.items():
            other = black if who in (names[white[0]], names[white[1]]) else white
            told = b"paired %d %d %d %s %s+%s" % (tid, rnd, game, letter.encode(),
                                                  names[other[0]].encode(),
                                                  names[other[1]].encode())
            netlib.wait_for(lambda: told in people[who].lines, 10,
                            "%s to be told %r" % (who, told))
        if rnd == 1:
            people[want["R"]].ok("draw %d" % game)
            for letter in "BGY":
                people[want[letter]].ok("answer %d yes" % game)
        else:
            first, second = ("R", "B") if rnd == 2 else ("G", "Y")
            people[want[first]].ok("resign %d" % game)
            people[want[second]].ok("answer %d yes" % game)
        seen[game] = alice.wait_event(game, r"^end ", LONG)
        say("round %d: %s+%s v %s+%s: %s" % (rnd, want["R"], want["B"], want["G"], want["Y"],
                                           seen[game].split()[1]))

    netlib.wait_tourn(alice, tid, 7, "over", LONG, "the tournament to end")
    _, table, pairs = netlib.standings(alice, tid)
    check(len(pairs) == 3, "three games: %r" % pairs)
    partnered = set()
    score = {e: 0 for e in names}
    results = {}
    for w in pairs:
        game = int(w[5])
        white, black = sides[game]
        for a, b in (white, black):
            check(frozenset((a, b)) not in partnered, "%s and %s partnered twice" %
                  (names[a], names[b]))
            partnered.add(frozenset((a, b)))
        result = seen[game].split()[1]
        r = 2 if result == "R+B" else 0 if result == "G+Y" else 1
        check(w[6] == {2: "1-0", 1: "1/2", 0: "0-1"}[r],
              "game %d: the server counts %s, the players saw %r" % (game, w[6], seen[game]))
        results[game] = r
        for e in white:
            score[e] += r
        for e in black:
            score[e] += 2 - r
    check(len(partnered) == 6, "every two partnered once: %r" % partnered)
    buch = {e: 0 for e in names}
    sb = {e: 0 for e in names}  # quarter points
    for game, (white, black) in sides.items():
        r = results[game]
        for us, them, mine in ((white, black, r), (black, white, 2 - r)):
            theirs = score[them[0]] + score[them[1]]
            for e in us:
                buch[e] += theirs
                sb[e] += mine * theirs
    for w in table:
        e = int(w[2])
        got = (round(float(w[5]) * 2), round(float(w[6]) * 2), round(float(w[7]) * 4))
        check(got == (score[e], buch[e], sb[e]) and w[8] == "3",
              "%s: score %s, Buchholz %s, S-B %s in %s games; computed %g, %g, %g in 3" %
              (w[3], w[5], w[6], w[7], w[8], score[e] / 2, buch[e] / 2, sb[e] / 4))
    say("standings: " + "; ".join("%s %s (Bh %s, SB %s)" % (w[3], w[5], w[6], w[7])
                                  for w in table))

    # Three entered the other: the engine at level 5 made it four when it began.
    netlib.wait_tourn(alice, made_up, 8, "1", LONG, "the second tournament's first round")
    tourn, table, pairs = netlib.standings(alice, made_up)
    check(sorted(w[3] for w in table) == ["bob", "carol", "dave", "engine:5"] and
          tourn[6] == "3" and len(pairs) == 1, "made up to four: %r %r" % (table, pairs))
    say("three and the engine at level 5: %r" % [w[3] for w in table])
    # One who withdraws hands the place, and its score, to the engine at level 5.
    people["dave"].ok("withdraw %d" % made_up)
    people["dave"].refused("withdraw %d" % made_up, "denied")
    _, table, _ = netlib.standings(alice, made_up)
    check(sorted(w[3] for w in table) == ["bob", "carol", "engine:5", "engine:5"],
          "dave's place is the engine's: %r" % table)
    say("dave withdrew: his place is the engine's")
    for c in people.values():
        c.close()
    server.stop()


if __name__ == "__main__":
    netlib.main(test)
