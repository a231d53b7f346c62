# Abuse of the server: each with a clear error or a closed connection, the server serving
# everyone else meanwhile and nothing lost.
#
# carol and dave play game after game of Camette throughout ('bystanders'): between and during
# the abuses they play a move and both must hear it. alice and bob play a game of their own,
# which the abuses aim at. The abuses:
#   1. a line of 1 MiB: 'error - too-long', and the connection is closed;
#   2. 10,000 lines in about a second from one client: 'error - flood' once, the lines answered
#      in order at no more than the allowance (200 at once, then 100 a second);
#   3. a move for another seat (the other player's turn, after asking to be the other player,
#      by a watcher), and offers by a watcher: 'not-your-turn' or 'denied', the game unchanged;
#   4. a stale ply (before and after the game's): 'stale', the game unchanged;
#   5. a move sent twice: 'ok', then 'ok ... again', and the move is played once;
#   6. escape sequences, C1 controls, bidirectional overrides, invisible characters, bad UTF-8
#      and NUL in chat and in names: refused, and no such byte reaches anyone;
#   7. a game id '../x' and other ids that are not the server's: 'bad-id' (or 'no-variant',
#      'syntax'), and no file appears anywhere;
#   8. random bytes on several connections: errors or a closed connection, the server alive;
#   9. a client that never reads: dropped once 512 KiB wait for it (no more than that
#      waits).
# At the end every move of carol's, dave's, alice's and bob's is in the server's games, in
# order, once; every chat line that was accepted is there; and the server stops cleanly.
#
#     python3 tests/net/abuse.py CAMELOT SOURCE_DIR
#
# SPDX-License-Identifier: MIT
import os
import random
import re
import socket
import sys
import threading
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import netlib  # noqa: E402
from netlib import check, say  # noqa: E402


class Bystanders:
    """carol and dave, playing the moves of a finished game again and again, a new game each
    time one is over."""

    def __init__(self, server, moves):
        self.carol = netlib.Raw(server, "carol")
        self.dave = netlib.Raw(server, "dave")
        self.moves = moves
        self.games = []  # [game, plies played]
        self.new_game()

    def new_game(self):
        game = int(self.carol.ok("create camette 3600+0 casual W=me B=@dave")[2])
        self.dave.ok("join %d" % game)
        self.games.append([game, 0])

    def step(self):
        game, n = self.games[-1]
        if n == len(self.moves):
            self.new_game()
            game, n = self.games[-1]
        mover = (self.carol, self.dave)[n % 2]
        mover.ok("move %d %d b%d %s 5" % (game, n, n, self.moves[n]))
        for p in (self.carol, self.dave):
            p.wait_ply(game, n + 1)
        self.games[-1][1] = n + 1

    def while_(self, busy):
        """Plays moves for as long as 'busy()' says; at least one."""
        self.step()
        while busy():
            self.step()

    def verify(self, server):
        for game, n in self.games:
            for p in (self.carol, self.dave):
                check(p.moves(game) == self.moves[:n], "%s heard %r in game %d" %
                      (p.name, p.moves(game), game))
            state = state_of(server, game)
            check(state["moves"] == self.moves[:n], "the server has %r in game %d" %
                  (state["moves"], game))
        say("bystanders: %d games, %d moves" % (len(self.games),
                                                 sum(n for _, n in self.games)))


def state_of(server, game):
    probe = netlib.Raw(server, "probe")
    probe.ok("open %d" % game)
    state = netlib.sync_state(probe.lines, game)
    probe.close()
    return state


def connect(server, name):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(server.sock)
    if name is not None:
        s.sendall(b"as %s\nhello 1\n" % name.encode())
    return s


def read_all(s, timeout):
    """Everything the server sends on 's' until it closes the connection; fails after
    'timeout' seconds."""
    s.settimeout(timeout)
    out = b""
    end = time.monotonic() + timeout
    while True:
        try:
            data = s.recv(65536)
        except socket.timeout:
            raise netlib.TestFailure("the server did not close the connection in %.0f s" %
                                     timeout)
        except ConnectionResetError:
            return out
        if not data:
            return out
        out += data
        check(time.monotonic() < end, "the server kept the connection open")


def background(fn):
    t = threading.Thread(target=fn, daemon=True)
    t.start()
    return t


def long_line(server, by):
    s = connect(server, "mallory")

    def send():
        try:
            s.sendall(b"say 1 " + b"a" * (1 << 20) + b"\n")
        except OSError:
            pass  # the server closed the connection

    t = background(send)
    by.while_(lambda: t.is_alive())
    got = read_all(s, netlib.WAIT)
    s.close()
    check(b"\nerror - too-long " in got, "a 1 MiB line was answered %r" % got[-300:])
    check(got.startswith(b"ok hello 1 mallory\n"), "the connection began %r" % got[:100])
    say("1 MiB line: error - too-long, closed")


def flood(server, by):
    s = connect(server, "mallory")
    lines = b"".join(b"ping f%d\n" % i for i in range(10000))
    start = time.monotonic()

    def send():
        try:
            s.sendall(lines)
        except OSError:
            pass  # closed at the end of the test while the server still had lines to take

    t = background(send)
    by.while_(lambda: time.monotonic() - start < 3)
    s.settimeout(netlib.WAIT)
    got = b""
    while got.count(b"\n") < 600:
        data = s.recv(65536)
        check(data, "the flooding client was dropped: %r" % got[-300:])
        got += data
    elapsed = time.monotonic() - start
    answers = got.split(b"\n")
    check(answers[0] == b"ok hello 1 mallory", "the flood began %r" % answers[:2])
    floods = [a for a in answers if a.startswith(b"error - flood ")]
    check(len(floods) == 1, "told of its flood %d times" % len(floods))
    pongs = [a for a in answers if a.startswith(b"pong ")]
    check(pongs == [b"pong f%d" % i for i in range(len(pongs))], "the pings answered out of order")
    # No more than the allowance: 200 at once, 100 a second after (and some room).
    check(len(pongs) <= 200 + 100 * elapsed + 50, "%d pongs in %.1f s" % (len(pongs), elapsed))
    s.close()
    t.join(netlib.WAIT)
    say("flood: 10,000 lines; 'error - flood' once; %d answered in order in %.1f s" %
        (len(pongs), elapsed))


def other_seat(server, alice, bob, game, moves, watcher):
    # bob to move; alice plays for him, also after asking to be him.
    alice.refused("move %d 1 s1 %s 10" % (game, moves[1]), "not-your-turn")
    alice.refused("as bob", "denied")
    alice.refused("move %d 1 s1 %s 10" % (game, moves[1]), "not-your-turn")
    watcher.refused("move %d 1 s2 %s 10" % (game, moves[1]), "denied")
    for verb in ("draw", "takeback", "resign"):
        watcher.refused("%s %d" % (verb, game), "denied")
    watcher.refused("answer %d yes" % game, "offer")
    watcher.refused("claim %d win" % game, "denied")
    state = state_of(server, game)
    check(state["moves"] == moves[:1] and state["offer"] is None and "end" not in state,
          "the game changed: %r" % state)
    say("a move for another seat: refused")


def stale(server, alice, bob, game, moves):
    bob.refused("move %d 0 s3 %s 10" % (game, moves[1]), "stale")
    bob.refused("move %d 2 s4 %s 10" % (game, moves[1]), "stale")
    check(state_of(server, game)["moves"] == moves[:1], "a stale move changed the game")
    say("a stale ply: refused")


def twice(server, alice, bob, game, moves):
    line = "move %d 1 t1 %s 10" % (game, moves[1])
    bob.send(line)
    bob.send(line)
    first = bob.expect(rb"^(ok|error) move ").decode()
    second = bob.expect(rb"^(ok|error) move ").decode()
    check(first == "ok move %d 1" % game and second == "ok move %d 1 again" % game,
          "a move sent twice was answered %r, %r" % (first, second))
    alice.wait_ply(game, 2)
    time.sleep(0.5)
    for p in (alice, bob):
        check(p.moves(game) == moves[:2], "%s heard %r" % (p.name, p.moves(game)))
        plies = [b for _, b in p.events(game) if b.startswith("move 1 ")]
        check(len(plies) == 1, "%s heard the move %d times" % (p.name, len(plies)))
    check(state_of(server, game)["moves"] == moves[:2], "a move sent twice changed the game")
    say("a move sent twice: played once")


BAD_TEXTS = [
    ("ESC", b"\x1b[2J\x1b[31mred"),
    ("OSC", b"\x1b]0;title\x07"),
    ("C1 CSI", b"x\xc2\x9b31mred"),
    ("a lone C1 byte", b"x\x9b31m"),
    ("DEL", b"x\x7fy"),
    ("NUL", b"x\x00y"),
    ("a tab", b"x\ty"),
    ("a CR inside", b"x\ry"),
    ("RLO", "x\u202ey".encode()),
    ("an isolate", "x\u2066y".encode()),
    ("a zero-width space", "x\u200by".encode()),
    ("a line separator", "x\u2028y".encode()),
    ("a BOM", "\ufeffx".encode()),
    ("an overlong slash", b"x\xc0\xafy"),
    ("a surrogate", b"x\xed\xa0\x80y"),
    ("beyond U+10FFFF", b"x\xf4\x90\x80\x80y"),
    ("a cut character", b"x\xe2\x82"),
    # Characters that hide text, and lines that only look empty (the chat's cases only).
    ("the Arabic letter mark", "x\u061cy".encode()),
    ("a word joiner", "x\u2060y".encode()),
    ("an invisible separator", "x\u2063y".encode()),
    ("a deprecated format character", "x\u206ey".encode()),
    ("a tag", "x\U000e0041y".encode()),
    ("a soft hyphen", "x\u00ady".encode()),
    ("the combining grapheme joiner", "x\u034fy".encode()),
    ("the Mongolian vowel separator", "x\u180ey".encode()),
    ("an interlinear annotation", "x\ufff9y".encode()),
    ("a non-character", "x\ufdd0y".encode()),
    ("U+FFFE", "x\ufffey".encode()),
    ("private use", "x\ue000y".encode()),
    ("an unassigned code point", "x\u0378y".encode()),
    ("a zero width joiner", "\U0001f469\u200d\U0001f4bb".encode()),
    ("two variation selectors", "x\ufe0f\ufe0fy".encode()),
    ("only the Hangul filler", "\u3164".encode()),
    ("only the halfwidth Hangul filler", "\uffa0 \uffa0".encode()),
    ("only braille blanks", "\u2800 \u2800".encode()),
    ("only a mark", "\u0301".encode()),
    ("only spaces of other kinds", "\u3000\u00a0\u2003".encode()),
]


def escapes(server, alice, bob, game):
    before = len([b for _, b in bob.events(game) if b.startswith("chat ")])
    for what, text in BAD_TEXTS:
        got = alice.request(b"say %d " % game + text)
        check(got.startswith("error "), "chat with %s was answered %r" % (what, got))
    alice.ok("say %d plain words, and é ü ñ 中文 ❤️ are fine" % game)
    bob.wait_event(game, r"^chat alice plain words")
    chats = [b for _, b in bob.events(game) if b.startswith("chat ")]
    check(len(chats) == before + 1, "bob heard %r" % chats)
    # Names: the first line of a relay, an invitation, a seat.
    for what, text in BAD_TEXTS[:13]:
        s = connect(server, None)
        s.sendall(b"as ev" + text + b"il\nhello 1\nquit\n")
        got = read_all(s, netlib.WAIT)
        s.close()
        check(b"\nok hello 1 " in b"\n" + got, "a connection named with %s: %r" % (what, got))
        name = (b"\n" + got).split(b"\nok hello 1 ")[1].split(b"\n")[0]
        check(b"ev" not in name, "a name with %s was taken: %r" % (what, name))
        check(netlib.BAD_BYTES.search(got.replace(b"\n", b"")) is None,
              "the answer to a name with %s holds it: %r" % (what, got))
        got = alice.request(b"create camette none casual W=me B=@ev" + text + b"il")
        check(got.startswith("error "), "an invitation of a name with %s: %r" % (what, got))
    alice.refused("create camette none casual W=me B=@../../x", "syntax")
    for p in (alice, bob):
        check(p.clean(), "%s was sent a control character" % p.name)
    say("escape sequences in chat and names: refused, none sent on")


def bad_ids(server, alice, env):
    before = set(os.listdir(env.tmp)), server.files()
    for line in ["open ../x", "join ../x", "move ../x 0 a C3-B2 0", "say ../x hello",
                 "export ../x", "close ../x", "open /etc/passwd", "open 0", "open 007",
                 "open -1", "open 1e3", "open 1234567890123456", "open x"]:
        alice.refused(line, "bad-id")
    alice.refused("open 123456789012345", "no-game")
    for v in ("../x", "../../etc/passwd", "/tmp/x", "camette.yaml", "./camette"):
        alice.refused("create %s none casual W=me B=open" % v, "no-variant")
    alice.refused("ratings ../x", "syntax")
    after = set(os.listdir(env.tmp)), server.files()
    check(after[0] == before[0], "files appeared: %r" % (after[0] - before[0]))
    check(after[1] == before[1], "the data directory changed: %r to %r" % (before[1], after[1]))
    say("game ids like ../x: refused, no file made")


def random_bytes(server, by):
    rng = random.Random(23)
    socks = []
    for i in range(4):
        s = connect(server, None if i % 2 else "rnd%d" % i)
        socks.append(s)
    for round_ in range(8):
        for s in socks:
            data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 3000)))
            if round_ % 2:
                data = data.replace(b"\x00", b"\n")
            try:
                s.sendall(data)
            except OSError:
                pass
        by.step()
    for s in socks:
        try:
            s.shutdown(socket.SHUT_WR)
        except OSError:
            pass
        got = read_all(s, netlib.WAIT)
        check(b"error " in got or got == b"", "random bytes answered %r" % got[:200])
        s.close()
    check(server.alive(), "the server died of random bytes")
    say("random bytes: errors, connections closed, the server alive")


def never_reads(server, by, game, watcher):
    # A spectator fills its game's watchers' chat with long lines, then asks for the whole
    # state (16 KiB each time) again and again and reads none of it.
    s = connect(server, "nemo")
    text = b"z" * 390
    lines = [b"open %d" % game] + [b"say %d %s" % (game, text)] * 40 + [b"open %d" % game] * 150
    s.sendall(b"\n".join(lines) + b"\n")
    rx = re.compile(r"nemo: dropped, it reads nothing \((\d+) bytes wait\)")
    waiting = int(netlib.wait_for(lambda: rx.search(server.log()), netlib.WAIT,
                                  "the server to drop a client that never reads").group(1))
    check(waiting <= 512 * 1024, "%d bytes waited for a client that never reads" % waiting)
    by.step()
    got = read_all(s, netlib.WAIT)
    s.close()
    check(got.startswith(b"ok hello 1 nemo\n"), "nemo's lines began %r" % got[:60])
    kibitz = watcher.wait_event(game, r"^kibitz nemo ")
    check(kibitz.endswith(text.decode()), "the watchers' chat: %r" % kibitz[:60])
    say("a client that never reads: dropped with %d KiB waiting (it had read %d KiB)" %
        (waiting // 1024, len(got) // 1024))


def test(env):
    record = netlib.finished_game(env, "camette", min_plies=12)
    moves = netlib.record_moves(record)
    server = netlib.Server(env).start()
    by = Bystanders(server, moves)
    alice, bob = netlib.Raw(server, "alice"), netlib.Raw(server, "bob")
    game = int(alice.ok("create camette 3600+0 casual W=me B=@bob")[2])
    bob.ok("join %d" % game)
    eve = netlib.Raw(server, "eve")
    eve.ok("open %d" % game)
    alice.ok("move %d 0 a0 %s 10" % (game, moves[0]))
    bob.wait_ply(game, 1)

    long_line(server, by)
    by.step()
    flood(server, by)
    by.step()
    other_seat(server, alice, bob, game, moves, eve)
    by.step()
    stale(server, alice, bob, game, moves)
    by.step()
    twice(server, alice, bob, game, moves)
    by.step()
    escapes(server, alice, bob, game)
    by.step()
    bad_ids(server, alice, env)
    by.step()
    random_bytes(server, by)
    by.step()
    never_reads(server, by, game, eve)
    by.step()

    # Nothing lost: the game of alice and bob goes on, the bystanders' games are whole.
    for ply in range(2, len(moves)):
        (alice, bob)[ply % 2].ok("move %d %d a%d %s 10" % (game, ply, ply, moves[ply]))
    for p in (alice, bob, eve):
        p.wait_event(game, r"^end ")
        check(p.moves(game) == moves, "%s heard %r" % (p.name, p.moves(game)))
    state = state_of(server, game)
    check(state["moves"] == moves and "end" in state, "alice and bob's game: %r" % state)
    by.verify(server)
    for p in (alice, bob, eve, by.carol, by.dave):
        check(p.clean(), "%s was sent a control character" % p.name)
        p.close()
    server.stop()


netlib.main(test)
