# A whole game of Grand Camelot between four clients of the protocol on a server, with a
# spectator: alice makes it with the three others invited, they join, and they play a finished
# game of 'camelot match' move by move to its end (a seat with no move is skipped: the one to
# move is the one the server names). Every client, the spectator's too, got every move once
# and in order, with sequence numbers one more each time; the players' chat reaches the players
# and not the spectator, the spectator's chat the spectator and not the players; the record
# 'export' gives replays with 'camelot replay' to the same result as the game played. A player
# who comes back and says the last event it had gets exactly the events after it, or the whole
# state.
#
#     python3 tests/net/game_four.py CAMELOT SOURCE_DIR
#
# SPDX-License-Identifier: MIT
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import netlib  # noqa: E402
from netlib import check, say  # noqa: E402


def test(env):
    record = netlib.finished_game(env, "grand-camelot", min_plies=40)
    moves = netlib.record_moves(record)
    want = netlib.replay_result(env, record, "played.txt")
    say("a game of %d plies: %s" % (len(moves), want))

    server = netlib.Server(env).start()
    names = ["alice", "bob", "carol", "dave"]
    players = [netlib.Raw(server, n) for n in names]
    alice = players[0]
    seats = alice.ok("create grand-camelot 3600+10 casual R=me G=@bob B=@carol Y=@dave")
    game = int(seats[2])
    for p, letter in zip(players[1:], "GBY"):
        p.expect(rb"^invite %d alice grand-camelot$" % game)
        got = p.ok("join %d" % game)
        check(got[3] == letter, "%s joined seat %s, not %s" % (p.name, got[3], letter))
    for p in players:
        p.wait_event(game, r"^start R=3600000,G=3600000,B=3600000,Y=3600000$")
    watcher = netlib.Raw(server, "eve")
    got = watcher.ok("open %d" % game)
    check(got[4] == "spectator", "eve opens the game as %s" % got[4])

    by_seat = dict(zip("RGBY", players))
    turn = 0
    for ply, move in enumerate(moves):
        mover = by_seat["RGBY"[turn % 4]]
        answer = mover.request("move %d %d p%d %s 50" % (game, ply, ply, move))
        if answer.startswith("error move not-your-turn"):
            # A seat without a move was skipped: the server says whose turn it is.
            seat = re.search(r"(\w+) is to move", answer).group(1)[0]
            turn = "RGBY".index(seat)
            mover = by_seat[seat]
            answer = mover.request("move %d %d p%d %s 50" % (game, ply, ply, move))
        check(answer == "ok move %d %d" % (game, ply), "ply %d (%s): %s" % (ply, move, answer))
        turn += 1
        for p in players + [watcher]:
            p.wait_ply(game, ply + 1)
        if ply == 10:
            alice.ok("say %d well met, partners" % game)
            watcher.ok("say %d a quiet game" % game)

    for p in players + [watcher]:
        p.wait_event(game, r"^end ")
        got = p.moves(game)
        check(got == moves, "%s got the moves %r, not the %d of the game" %
              (p.name, got, len(moves)))
        seqs = [seq for seq, _ in p.events(game)]
        check(seqs == sorted(set(seqs)), "%s got events out of order or twice: %r" %
              (p.name, seqs))
        bodies = [body for _, body in p.events(game)]
        heard_players = any(b == "chat alice well met, partners" for b in bodies)
        heard_watcher = any(b == "kibitz eve a quiet game" for b in bodies)
        if p is watcher:
            check(heard_watcher and not heard_players, "the spectator's chat: %r" % bodies)
        else:
            check(heard_players and not heard_watcher, "%s's chat: %r" % (p.name, bodies))
        check(p.clean(), "%s was sent a control character" % p.name)

    # Players' events are numbered 1, 2, 3 ... but for the spectators' chat, and the other
    # way round.
    kibitz = [seq for seq, body in watcher.events(game) if body.startswith("kibitz ")]
    for p in players:
        seqs = [seq for seq, _ in p.events(game)]
        check(seqs == [s for s in range(seqs[0], seqs[-1] + 1) if s not in kibitz],
              "%s missed an event: %r" % (p.name, seqs))

    carol = players[2]
    start = len(carol.lines)
    got = carol.ok("export %d" % game)
    lines = [line.decode() for line in carol.lines[start:] if line.startswith(b"record ")]
    check(len(lines) == int(got[3]), "export said %s lines and sent %d" % (got[3], len(lines)))
    text = "\n".join(line[len("record "):] for line in lines) + "\n"
    check(netlib.record_moves(text) == moves, "the exported record's moves:\n%s" % text)
    got = netlib.replay_result(env, text, "exported.txt")
    check(got == want, "the exported record replays to %r, the game ended %r" % (got, want))
    tags = netlib.record_tags(text)
    check([tags.get(k) for k in ("Red", "Green", "Blue", "Yellow")] == names,
          "the exported record's players: %r" % tags)

    # A player who comes back with the number of the last event it had gets exactly the events
    # after it (the players' ones), or the whole state when that is shorter.
    last = max(seq for seq, _ in alice.events(game))
    theirs = [seq for seq, _ in alice.events(game)]
    for since in [0, 1, last // 2, last - 60, last - 45, last - 20, last - 3, last - 1, last]:
        back = netlib.Raw(server, "bob")
        got = back.ok("open %d %d" % (game, since))
        check(got[3] == str(last) and got[4] == "player", "open after %d: %r" % (since, got))
        evs = [seq for seq, _ in back.events(game)]
        state = netlib.sync_state(back.lines, game)
        if state is None:
            check(evs == [s for s in theirs if s > since],
                  "after event %d a player got the events %r" % (since, evs))
        else:
            check(evs == [] and state["seq"] == last and state["moves"] == moves and
                  "end" in state, "after event %d a player got the state %r" % (since, state))
        say("open after event %d of %d: %s" % (since, last, "the whole state" if state else
                                               "%d events" % len(evs)))
        back.close()

    for p in players + [watcher]:
        p.close()
    server.stop()


netlib.main(test)
