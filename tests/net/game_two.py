# A whole rated game of Camette between two text clients ('camelot online') on a server: alice
# makes it and invites bob, bob joins, and they play a finished game of 'camelot match' move by
# move to its end. Each client tells every move, in order; both show the same board, which is the
# board the record ends in; the game's end is told to both; the record 'export' gives replays
# with 'camelot replay' to the same result as the game played; chat, short and of many words,
# reaches the other player; the ratings table has the winner above 1500 and the loser below.
# carol, who opens the game once it is over, is told all of it.
#
#     python3 tests/net/game_two.py CAMELOT SOURCE_DIR
#
# SPDX-License-Identifier: MIT
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import netlib  # noqa: E402
from netlib import check, say  # noqa: E402


def exported(client):
    """The record 'export' printed: the lines from its Event tag up to the answer to a
    'games' sent after it (the server answers requests in order)."""
    start = client.mark()
    client.send("export")
    client.send("games")
    client.expect(r"^\d+ games?\.$")
    lines = client.printed()[start:]
    first = [i for i, line in enumerate(lines) if line.startswith('[Event "camelot online')]
    check(first, "'export' printed no record: %r" % lines)
    out = []
    for line in lines[first[0]:]:
        if line.startswith("game ") or re.match(r"^\d+ games?\.$", line):
            break
        out.append(line)
    return "\n".join(out) + "\n"


def test(env):
    record = netlib.finished_game(env, "camette", min_plies=12)
    moves = netlib.record_moves(record)
    want = netlib.replay_result(env, record, "played.txt")
    say("a game of %d plies: %s" % (len(moves), want))

    server = netlib.Server(env).start()
    alice = netlib.Text(env, "alice")
    bob = netlib.Text(env, "bob")
    alice.send("create camette 10+5 rated W=me B=@bob")
    game = int(alice.expect(r"^game (\d+) made\.$").group(1))
    bob.expect(r"^alice invites you to game %d \(camette\): 'join %d'\.$" % (game, game))
    bob.send("join %d" % game)
    bob.expect(r"^game %d: camette, 600\+5, rated, W=alice B=bob; you play it\.$" % game)
    alice.expect(r"^your move: White \(you\)\.$")

    players = [alice, bob]
    for ply, move in enumerate(moves):
        mover = players[ply % 2]
        mover.send(move)
        for c in players:
            c.expect(r"^(White|Black) \((you|alice|bob)\) plays %s\.$" % move.replace("^", r"\^"))
        if ply == 3:
            bob.send("say good luck, alice")
            alice.expect(r"^bob says: good luck, alice$")
            # Chat of many words (as many as a line of the protocol may hold).
            long = " ".join("word%d" % i for i in range(50))
            alice.send("say " + long)
            bob.expect(r"^alice says: %s$" % long)
            # 'board' during the game: the board, then each seat's clock.
            alice.board()
            alice.expect(r"^clocks: White \(you\) \d+:\d\d, Black \(bob\) \d+:\d\d\.$")
    for c in players:
        c.expect(r"^game over: ")
        # The rated game's end says what it did to both ratings.
        for name in ("alice", "bob"):
            c.expect(r"^%s's rating: 1500 -> \d+ \([+-]\d+\)\.$" % name)

    for c in players:
        told = c.moves_told()
        check(told == moves, "%s told the moves %r, not %r" % (c.name, told, moves))

    # The board each client shows is the one the record ends in.
    p = env.run(["replay", env.path("played.txt")])
    final = [line for line in p.stdout.splitlines() if not line.startswith(("to move", "result"))]
    final = "\n".join(final)
    for c in players:
        board = c.board()
        check(board == final, "%s shows the board\n%s\nnot\n%s" % (c.name, board, final))

    text = exported(alice)
    check(netlib.record_moves(text) == moves, "the exported record's moves: %s" % text)
    got = netlib.replay_result(env, text, "exported.txt")
    check(got == want, "the exported record replays to %r, the game ended %r" % (got, want))
    tags = netlib.record_tags(text)
    check(tags.get("White") == "alice" and tags.get("Black") == "bob" and
          tags.get("Rated") == "yes", "the exported record's tags: %r" % tags)

    # The rated game moved both ratings from a new player's 1500: the winner's up.
    alice.mark()
    alice.send("ratings camette")
    alice.expect(r"^2 ratings\.$")
    rows = {}
    for line in alice.printed():
        m = re.match(r"^rating camette (\w+) (\d+) (\d+) 1$", line)
        if m:
            rows[m.group(1)] = int(m.group(2))
    winner = "alice" if want.startswith("result: W ") else "bob"
    loser = "bob" if winner == "alice" else "alice"
    check(sorted(rows) == ["alice", "bob"] and rows[winner] > 1500 > rows[loser],
          "the ratings after %s won: %r" % (winner, rows))

    # Someone who opens the game afterwards is told all of it.
    carol = netlib.Text(env, "carol")
    carol.send("open %d" % game)
    carol.expect(r"^game %d: camette, 600\+5, rated, W=alice B=bob; you watch it\.$" % game)
    carol.expect(r"^game over: ")
    told = carol.moves_told()
    check(told == moves, "a watcher who came later was told %r, not %r" % (told, moves))
    check(carol.board() == final, "a watcher who came later shows another board")

    alice.quit()
    bob.quit()
    carol.quit()
    # The host's log tells the game's start, its end and the ratings it changed, and each
    # player who left.
    for want in ("game %d: start " % game, "game %d: end " % game, "game %d: rating alice " % game,
                 "game %d: rating bob " % game, "alice: disconnected after ",
                 "bob: disconnected after "):
        netlib.wait_for(lambda: want in server.log(), netlib.WAIT, "'%s' in the log" % want)
    server.stop()


netlib.main(test)
