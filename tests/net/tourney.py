# A Swiss tournament on a server, played to the end: six entrants (four people over the
# socket, two engine entrants), five rounds of Camette at a short clock. The server pairs each
# round and begins its games; the people play their games (a move or two each, then a draw
# agreed, a resignation, or, for dave in the last round, no first move at all, which loses the
# game once a claim's time has passed); the engines play theirs to the end. The server is
# killed (kill -9) in the third round and started again: the tournament goes on where it was.
# At the end: no pair met twice, every game of every round is over, and each entrant's score,
# Buchholz and Sonneborn-Berger as the server gives them equal those computed here from the
# results the players saw, by the rules of docs/network.md. Before all that, what the requests
# refuse: a bad kind, variant, clock, number of rounds or start, a tournament of a game each
# plays alone, entering twice, a third tournament of one's own, entering one that has begun.
#
#     python3 tests/net/tourney.py CAMELOT SOURCE_DIR
#
# SPDX-License-Identifier: MIT
import os
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import netlib  # noqa: E402
from netlib import check, say  # noqa: E402

CLAIM_AFTER = 5  # seconds: a tournament seat that makes no first move loses after this
ROUNDS = 5
PEOPLE = ["alice", "bob", "carol", "dave"]
LONG = 120 * netlib.time_factor()  # an engines' game, or a round, at most




def told(conn, line):
    """Waits until 'conn' has been sent 'line' (at any time)."""
    want = line.encode()
    netlib.wait_for(lambda: want in conn.lines, 10 * netlib.time_factor(),
                    "%s to be told %r" % (conn.name, line))


def refusals(server):
    """What 'tourney', 'enter' and 'withdraw' refuse, each with its code."""
    eve = netlib.Raw(server, "eve")
    for line, code in [
            ("tourney knockout camette 60+0 casual 3 +60", "syntax"),
            ("tourney swiss nosuch 60+0 casual 3 +60", "no-variant"),
            ("tourney swiss camette 60+ casual 3 +60", "syntax"),
            ("tourney swiss camette 60+0 maybe 3 +60", "syntax"),
            ("tourney swiss camette 60+0 casual 0 +60", "syntax"),
            ("tourney swiss camette 60+0 casual 21 +60", "syntax"),
            ("tourney robin camette 60+0 casual 3 +60", "syntax"),
            ("tourney swiss camette 60+0 casual 3 +99999999", "syntax"),
            ("tourney swiss camette 60+0 casual 3 soon", "syntax"),
            ("tourney swiss camette 60+0 casual 3 +60 engine:11", "syntax"),
            ("tourney swiss camette 60+0 casual 3 +60 alice", "syntax"),
            ("tourney swiss four-handed-chivalry-solo 60+0 casual 3 +60", "denied"),
            ("enter 999", "no-tourney"),
            ("enter x", "syntax"),
            ("withdraw 999", "no-tourney"),
            ("standings 999", "no-tourney")]:
        eve.refused(line, code)
    first = int(eve.ok("tourney swiss camette 60+0 casual 3 +3600")[2])
    eve.ok("tourney robin camette days:3 rated 0 +3600 engine:1")
    eve.refused("tourney swiss camette 60+0 casual 3 +3600", "busy")
    eve.ok("enter %d" % first)
    eve.refused("enter %d" % first, "denied")
    eve.ok("withdraw %d" % first)
    eve.refused("withdraw %d" % first, "denied")
    mine = [x.split() for x in eve.ok_lines("tourneys") if x.startswith("tourn ")]
    check(len(mine) == 2 and all(w[7] == "entry" and w[11] == "eve" for w in mine),
          "eve's tournaments: %r" % mine)
    eve.close()
    say("bad requests are refused with their codes; a player has two tournaments at most")


def host(server):
    """The host's connection: 'admin' first, as 'camelot admin' says it."""
    r = netlib.Raw(server, None, hello=False)
    r.send("admin")
    r.ok("hello 1")
    return r


def abuse(server):
    """What a hostile player meets: no tournament without a clock (one who never moves would
    hold it up); tournaments that end as they begin (nobody entered) still count, six a day a
    player; the list gives those not over and the latest 16 over, however many the host made;
    a player the host renames stays the entrant under the new name (nobody taking the old one
    plays in their place), and the maker of a tournament too."""
    frank = netlib.Raw(server, "frank")
    frank.refused("tourney swiss camette none casual 3 +60", "denied")
    for _ in range(6):
        tid = int(frank.ok("tourney swiss camette 60+0 casual 1 +0")[2])
        netlib.wait_tourn(frank, tid, 7, "over", 10 * netlib.time_factor(), "tournament %d to end" % tid)
    line = frank.refused("tourney swiss camette 60+0 casual 1 +0", "busy")
    check("6 tournaments in a day" in line, "the refusal says why: %r" % line)
    admin = host(server)
    made = [int(admin.ok("tourney swiss camette 60+0 casual 1 +0")[2]) for _ in range(12)]
    netlib.wait_tourn(admin, made[-1], 7, "over", 10 * netlib.time_factor(), "the host's last to end")
    listed = [x.split() for x in admin.ok_lines("tourneys") if x.startswith("tourn ")]
    over = [w for w in listed if w[7] == "over"]
    check(len(over) == 16 and int(over[-1][1]) == made[-1],
          "16 over listed, the latest last: %r" % over)
    check(all(w[7] != "over" for w in listed[:len(listed) - 16]), "those not over first")

    gina = netlib.Raw(server, "gina")
    tid = int(gina.ok("tourney swiss camette 60+0 casual 3 +3600")[2])
    gina.ok("enter %d" % tid)
    gina.close()
    admin.ok("rename gina gwen")
    _, table, _ = netlib.standings(admin, tid)
    check([w[3] for w in table] == ["gwen"], "the entrant renamed: %r" % table)
    newgina = netlib.Raw(server, "gina")
    newgina.refused("withdraw %d" % tid, "denied")
    newgina.close()
    gwen = netlib.Raw(server, "gwen")
    mine = [x.split() for x in gwen.ok_lines("tourneys") if x.startswith("tourn %d " % tid)]
    check(mine and mine[0][11] == "gwen" and mine[0][12] == "in", "gwen's own: %r" % mine)
    gwen.ok("withdraw %d" % tid)
    for conn in (frank, admin, gwen):
        conn.close()
    say("no tournament without a clock; six a day a player; 16 over listed; a rename followed")


def result_of(end_body):
    """2, 1 or 0 (white won, a draw, black won) from a game's 'end' event."""
    result = end_body.split()[1]
    return {"W": 2, "B": 0}.get(result, 1)


def computed(nent, games):
    """Scores, Buchholz and Sonneborn-Berger of each entrant, from 'games' ((white, black,
    result) with black -1 for a bye), as docs/network.md defines them: in half points a win 2, a
    draw 1, a bye 2; Buchholz the sum of the scores of those met (a bye adds nothing);
    Sonneborn-Berger the scores of those beaten and half those drawn with."""
    score = [0] * nent
    for w, b, r in games:
        score[w] += r
        if b >= 0:
            score[b] += 2 - r
    buch = [0] * nent
    sb = [0] * nent  # in quarter points
    for w, b, r in games:
        if b < 0:
            continue
        buch[w] += score[b]
        buch[b] += score[w]
        for me, other, mine in ((w, b, r), (b, w, 2 - r)):
            if mine == 2:
                sb[me] += 2 * score[other]
            elif mine == 1:
                sb[me] += score[other]
    return score, buch, sb


def halves(text):
    return round(float(text) * 2)


def quarters(text):
    return round(float(text) * 4)


class People:
    """The four people, each a connection, and what they do in their games."""

    def __init__(self, env, server):
        self.env = env
        self.server = server
        self.conns = {}
        self.connect()

    def connect(self):
        self.conns = {name: netlib.Raw(self.server, name) for name in PEOPLE}

    def close(self):
        for c in self.conns.values():
            c.close()

    def play(self, game, white, black, rnd, no_show):
        """Plays game 'game' between 'white' and 'black' (names, or None for an engine) to
        its end; returns the end event's body."""
        people = [p for p in (white, black) if p is not None]
        for p in people:
            self.conns[p].ok("open %d 0" % game)
        watcher = self.conns[people[0]]
        if no_show is not None:
            # dave makes no first move: the other plays theirs when it is their turn, and the
            # server ends the game a claim's time after dave's turn began.
            other = black if white == no_show else white
            if other is not None and other == white:
                move = netlib.engine_reply(self.env, "camette", [])
                self.conns[white].ok("move %d 0 m0 %s 1" % (game, move))
            return watcher.wait_event(game, r"^end ", LONG)
        moves = []
        for ply in range(2):
            who = white if ply == 0 else black
            if who is None:
                watcher.wait_ply(game, ply + 1, LONG)
                moves = watcher.moves(game)
                continue
            move = netlib.engine_reply(self.env, "camette", moves)
            self.conns[who].ok("move %d %d m%d %s 1" % (game, ply, ply, move))
            moves.append(move)
            watcher.wait_ply(game, ply + 1, LONG)
        if white is not None and black is not None:
            if rnd % 2 == 1:
                self.conns[white].ok("draw %d" % game)
                self.conns[black].ok("answer %d yes" % game)
            else:
                self.conns[black].ok("resign %d" % game)
        else:
            self.conns[people[0]].ok("resign %d" % game)
        return watcher.wait_event(game, r"^end ", LONG)


def test(env):
    server = netlib.Server(env, "--claim-after", str(CLAIM_AFTER)).start()
    refusals(server)
    abuse(server)

    people = People(env, server)
    alice = people.conns["alice"]
    start = "+3"
    tid = int(alice.ok("tourney swiss camette 60+0 casual %d %s engine:1 engine:2" %
                       (ROUNDS, start))[2])
    for name in PEOPLE:
        people.conns[name].ok("enter %d" % tid)
    tourn, table, _ = netlib.standings(alice, tid)
    check(tourn[7] == "entry" and tourn[10] == "6", "before the start: %r" % tourn)
    check(len(table) == 6, "six entrants before the start: %r" % table)
    netlib.wait_tourn(alice, tid, 7, "playing", 30 * netlib.time_factor(), "the tournament to begin")
    people.conns["bob"].refused("enter %d" % tid, "denied")
    say("tournament %d began with 6 entrants" % tid)

    _, table, _ = netlib.standings(alice, tid)
    names = {int(w[2]): w[3] for w in table}  # entrant -> who
    seen = {}  # game -> end body
    for rnd in range(1, ROUNDS + 1):
        netlib.wait_tourn(alice, tid, 8, str(rnd), LONG, "round %d to be paired" % rnd)
        _, _, pairs = netlib.standings(alice, tid)
        games = [w for w in pairs if int(w[1]) == rnd]
        check(games and all(w[4] != "-" for w in games), "round %d: %r" % (rnd, games))
        # Each person was told their game of the round, their seat and whom they meet.
        for w in games:
            white, black = names[int(w[3])], names[int(w[4])]
            for me, letter, other in ((white, "W", black), (black, "B", white)):
                if me in people.conns:
                    told(people.conns[me], "paired %d %d %s %s %s" % (tid, rnd, w[5], letter,
                                                                        other))
        if rnd == 3:
            server.kill()
            people.close()
            server.start()
            people.connect()
            alice = people.conns["alice"]
            say("the server was killed in round 3, its games paired and begun, and started again")
        for w in games:
            game = int(w[5])
            white, black = names[int(w[3])], names[int(w[4])]
            wp = None if white.startswith("engine:") else white
            bp = None if black.startswith("engine:") else black
            if wp is None and bp is None:
                # The engines play it out; alice watches it from its start.
                alice.ok("open %d 0" % game)
                seen[game] = alice.wait_event(game, r"^end ", LONG)
                continue
            no_show = "dave" if rnd == ROUNDS and "dave" in (wp, bp) else None
            seen[game] = people.play(game, wp, bp, rnd, no_show)
            if no_show:
                check(" abandoned " in seen[game] and
                      result_of(seen[game]) == (0 if wp == "dave" else 2),
                      "dave made no first move in game %d: %r" % (game, seen[game]))
                say("dave did not come to game %d: %s" % (game, seen[game]))
        say("round %d: %s" % (rnd, ", ".join("%s-%s %s" % (names[int(w[3])], names[int(w[4])],
                                                            seen[int(w[5])].split()[1])
                                              for w in games)))

    netlib.wait_tourn(alice, tid, 7, "over", LONG, "the tournament to end")
    tourn, table, pairs = netlib.standings(alice, tid)
    check(len(pairs) == 3 * ROUNDS, "%d games in %d rounds: %r" % (len(pairs), ROUNDS, pairs))
    met = set()
    games = []
    for w in pairs:
        a, b, game = int(w[3]), int(w[4]), int(w[5])
        check(frozenset((a, b)) not in met, "%s and %s met twice: %r" % (names[a], names[b],
                                                                        pairs))
        met.add(frozenset((a, b)))
        want = {2: "1-0", 1: "1/2", 0: "0-1"}[result_of(seen[game])]
        check(w[6] == want, "game %d: the server counts %s, the players saw %r" %
              (game, w[6], seen[game]))
        games.append((a, b, result_of(seen[game])))
    score, buch, sb = computed(6, games)
    order = []
    for w in table:
        e = int(w[2])
        got = (halves(w[5]), halves(w[6]), quarters(w[7]))
        check(got == (score[e], buch[e], sb[e]),
              "%s: the server gives score %s, Buchholz %s, Sonneborn-Berger %s; computed "
              "here: %g, %g, %g" % (names[e], w[5], w[6], w[7], score[e] / 2, buch[e] / 2,
                                    sb[e] / 4))
        check(int(w[8]) == ROUNDS, "%s played %s games" % (names[e], w[8]))
        order.append((score[e], buch[e], sb[e]))
    check(order == sorted(order, reverse=True), "the standings are not in order: %r" % table)
    say("standings: " + "; ".join("%s %s (Bh %s, SB %s)" % (w[3], w[5], w[6], w[7])
                                  for w in table))

    # The crosstable, from the text client: a row an entrant in the order of the standings,
    # each round's game as the place met, the colour and the result, as the pairings say.
    # The list asked for just before it is told whole all the same.
    got = env.run(["online", "--text", "--server", server.sock],
                  input="tourneys\ncrosstable %d\nquit\n" % tid)
    check(got.returncode == 0, "the text client: %s" % got.stderr)
    out = got.stdout.split("\n")
    check("Crosstable of tournament %d" % tid in out, "no crosstable: %r" % got.stdout)
    check(any(x.startswith("tournament %d: Swiss, of camette" % tid) for x in out),
          "the list before it: %r" % got.stdout)
    place = {int(w[2]): int(w[1]) for w in table}  # entrant -> place
    for w in table:
        e = int(w[2])
        row = [x for x in out if x.startswith("%2d  %s " % (place[e], w[3]))]
        check(len(row) == 1, "%s: no row of the crosstable: %r" % (w[3], got.stdout))
        want = []
        for rnd in range(1, ROUNDS + 1):
            cell = "--"
            for p in pairs:
                if int(p[1]) != rnd or e not in (int(p[3]), int(p[4])):
                    continue
                white = int(p[3]) == e
                other = int(p[4]) if white else int(p[3])
                mine = {"1-0": 2, "1/2": 1, "0-1": 0}[p[6]]
                mine = mine if white else 2 - mine
                cell = "%d%s%s" % (place[other], "w" if white else "b", "-=+"[mine])
            want.append(cell)
        cells = row[0][len("%2d  %s " % (place[e], w[3])):].split()[1:1 + ROUNDS]
        check(cells == want, "%s: the crosstable says %r, the pairings %r" % (w[3], cells, want))
    say("the crosstable's first rows: %r" % [x for x in out if x.startswith((" 1  ", " 2  "))])
    people.close()
    server.stop()


if __name__ == "__main__":
    netlib.main(test)
