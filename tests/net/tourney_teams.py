# A round robin of four in Grand Camelot with fixed partnerships, played to the end: three
# partnerships of people (each entered by one partner and confirmed by the other) and one
# engine entrant. Each round's two games are made by the server with each partnership on its
# team's seats (the first partner on the team's first seat); the people agree draws or resign
# (the partner agreeing), and lose to the engine. At the end every pair met once, in three
# rounds, each game counts what its players saw, and the scores are those computed here. First,
# what entering a tournament of partnerships refuses: no partner, oneself, a partner who is in
# with another; a partnership never confirmed is dropped at the start.
#
#     python3 tests/net/tourney_teams.py CAMELOT SOURCE_DIR
#
# SPDX-License-Identifier: MIT
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import netlib  # noqa: E402
from netlib import check, say  # noqa: E402

CLAIM_AFTER = 5
PAIRS = [("alice", "bob"), ("carol", "dave"), ("erin", "frank")]
LONG = 120 * netlib.time_factor()




def test(env):
    server = netlib.Server(env, "--claim-after", str(CLAIM_AFTER)).start()
    people = {name: netlib.Raw(server, name) for pair in PAIRS for name in pair}
    people["gwen"] = netlib.Raw(server, "gwen")
    alice = people["alice"]
    tid = int(alice.ok("tourney robin grand-camelot 300+0 casual 0 +4 engine:1")[2])

    # Entering as partners.
    alice.refused("enter %d" % tid, "syntax")
    alice.refused("enter %d alice" % tid, "syntax")
    alice.refused("enter %d open" % tid, "syntax")  # a seat's word, no player's name
    alice.refused("enter %d uid1000" % tid, "syntax")
    got = alice.ok("enter %d bob" % tid)
    check(got[4:] == ["partner"], "alice's entry waits for bob: %r" % got)
    netlib.wait_for(lambda: b"partner %d alice" % tid in people["bob"].lines, 10,
                    "bob to be asked to partner alice")
    people["carol"].refused("enter %d alice" % tid, "denied")
    people["bob"].ok("enter %d alice" % tid)
    people["bob"].refused("enter %d alice" % tid, "denied")
    for first, second in PAIRS[1:]:
        people[first].ok("enter %d %s" % (tid, second))
        people[second].ok("enter %d %s" % (tid, first))
    people["gwen"].ok("enter %d hal" % tid)  # hal never comes
    _, table, _ = netlib.standings(alice, tid)
    whos = sorted((w[3], w[15]) for w in table)
    check(whos == [("alice+bob", "in"), ("carol+dave", "in"), ("engine:1", "in"),
                   ("erin+frank", "in"), ("gwen+hal", "waiting")], "the entrants: %r" % whos)
    say("three partnerships entered, one waits for its partner")

    netlib.wait_tourn(alice, tid, 7, "playing", LONG, "the tournament to begin")
    tourn, table, _ = netlib.standings(alice, tid)
    check(tourn[6] == "3" and tourn[10] == "4", "a round robin of 4 in 3 rounds: %r" % tourn)
    names = {int(w[2]): w[3] for w in table}
    check(sorted(names.values()) == ["alice+bob", "carol+dave", "engine:1", "erin+frank"],
          "gwen's partnership was dropped at the start: %r" % names)

    seen = {}
    for rnd in (1, 2, 3):
        netlib.wait_tourn(alice, tid, 8, str(rnd), LONG, "round %d to be paired" % rnd)
        games = [w for w in netlib.standings(alice, tid)[2] if int(w[1]) == rnd]
        check(len(games) == 2 and all(w[6] != "bye" for w in games), "round %d: %r" % (rnd, games))
        for w in games:
            game = int(w[5])
            white, black = names[int(w[3])], names[int(w[4])]
            teams = [t for t in (white, black) if not t.startswith("engine:")]
            players = [p for t in teams for p in t.split("+")]
            for p in players:
                people[p].ok("open %d 0" % game)
            watcher = people[players[0]]
            create = watcher.wait_event(game, r"^create ")
            seats = dict(x.split("=") for x in create.split()[4:])
            # Red and Blue are the first team's seats, Green and Yellow the second's.
            for team, (first, second) in ((white, "RB"), (black, "GY")):
                if team.startswith("engine:"):
                    check(seats[first] == seats[second] == team, "game %d: %r" % (game, seats))
                else:
                    a, b = team.split("+")
                    check(seats[first] == a and seats[second] == b,
                          "game %d: %s on %s and %s: %r" % (game, team, first, second, seats))
                    for p, letter in ((a, first), (b, second)):
                        want = b"paired %d %d %d %s %s" % (tid, rnd, game, letter.encode(),
                                                           (black if team == white else
                                                            white).encode())
                        netlib.wait_for(lambda: want in people[p].lines, 10,
                                        "%s to be told %r" % (p, want))
            if len(teams) == 2:
                # All four agree a draw.
                people[players[0]].ok("draw %d" % game)
                for p in players[1:]:
                    people[p].ok("answer %d yes" % game)
            else:
                a, b = teams[0].split("+")
                people[a].ok("resign %d" % game)
                people[b].ok("answer %d yes" % game)
            seen[game] = watcher.wait_event(game, r"^end ", LONG)
        say("round %d: %s" % (rnd, "; ".join("%s v %s: %s" % (names[int(w[3])],
                                                                names[int(w[4])],
                                                                seen[int(w[5])].split()[1])
                                               for w in games)))

    netlib.wait_tourn(alice, tid, 7, "over", LONG, "the tournament to end")
    _, table, pairs = netlib.standings(alice, tid)
    check(len(pairs) == 6, "six games: %r" % pairs)
    met = set()
    score = {e: 0 for e in names}
    for w in pairs:
        a, b, game = int(w[3]), int(w[4]), int(w[5])
        check(frozenset((a, b)) not in met, "a pair met twice: %r" % pairs)
        met.add(frozenset((a, b)))
        result = seen[game].split()[1]
        r = 2 if result == "R+B" else 0 if result == "G+Y" else 1
        check(w[6] == {2: "1-0", 1: "1/2", 0: "0-1"}[r],
              "game %d: the server counts %s, the players saw %r" % (game, w[6], seen[game]))
        score[a] += r
        score[b] += 2 - r
    check(len(met) == 6, "every pair met once: %r" % met)
    for w in table:
        got = round(float(w[5]) * 2)
        check(got == score[int(w[2])] and w[8] == "3",
              "%s: %s points in %s games; computed %g in 3" % (w[3], w[5], w[8],
                                                              score[int(w[2])] / 2))
    say("standings: " + "; ".join("%s %s" % (w[3], w[5]) for w in table))
    for c in people.values():
        c.close()
    server.stop()


if __name__ == "__main__":
    netlib.main(test)
