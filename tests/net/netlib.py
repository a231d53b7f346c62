# Helpers for the network tests (tests/net/*.py): a server ('camelot serve') on a socket and a
# data directory of the test's own, clients that speak the protocol of docs/network.md
# directly, text clients ('camelot online') that reach the server through a stand-in for ssh,
# finished games to play (from 'camelot match'), and the checks the tests share.
#
# Every test runs as
#     python3 tests/net/TEST.py CAMELOT SOURCE_DIR
# and exits 0 when every check passed, 1 when one failed (the reason on standard error).
# Every wait is bounded and generous: the tests run under the sanitizers too, on a loaded
# machine of two cores.
#
# SPDX-License-Identifier: MIT
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time



def time_factor():
    """The factor of the tests' time limits (tests/time_factor.sh): 1, times 4 with the
    sanitizers (CAMELOT_SANITIZED=1), times 2 when CI=true."""
    f = 1
    if os.environ.get("CAMELOT_SANITIZED") == "1":
        f *= 4
    if os.environ.get("CI") == "true":
        f *= 2
    return f


WAIT = 60.0  # seconds: the most any single answer may take before the test fails


class TestFailure(Exception):
    pass


def check(cond, what):
    """Fails the test with 'what' unless 'cond'."""
    if not cond:
        raise TestFailure(what)


def say(text):
    print(text, flush=True)


class Env:
    """The program under test and a private temporary directory, removed at the end."""

    def __init__(self):
        if len(sys.argv) < 3:
            sys.exit("usage: %s CAMELOT SOURCE_DIR" % sys.argv[0])
        self.camelot = os.path.abspath(sys.argv[1])
        self.source = os.path.abspath(sys.argv[2])
        self.tmp = tempfile.mkdtemp(prefix="camelot-net-")
        self.procs = []
        self.env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8", HOME=self.tmp,
                        XDG_DATA_HOME=os.path.join(self.tmp, "xdg-data"),
                        XDG_RUNTIME_DIR=os.path.join(self.tmp, "run"),
                        CAMELOT_VARIANT_DIR=os.path.join(self.source, "variants"))
        os.makedirs(self.env["XDG_RUNTIME_DIR"], mode=0o700)

    def path(self, name):
        return os.path.join(self.tmp, name)

    def run(self, args, **kw):
        """Runs 'camelot ARGS' to its end; returns the completed process (text)."""
        return subprocess.run([self.camelot] + args, env=self.env, cwd=self.tmp,
                              capture_output=True, text=True, timeout=WAIT * 2, **kw)

    def spawn(self, args, **kw):
        p = subprocess.Popen(args, env=kw.pop("env", self.env), cwd=self.tmp, **kw)
        self.procs.append(p)
        return p

    def cleanup(self):
        for p in self.procs:
            if p.poll() is None:
                try:
                    os.kill(p.pid, signal.SIGCONT)
                    p.kill()
                except OSError:
                    pass
                p.wait()
        shutil.rmtree(self.tmp, ignore_errors=True)


def main(test):
    """Runs 'test(env)', reporting a failure and cleaning up whatever happens."""
    env = Env()
    code = 0
    try:
        test(env)
        say("ok")
    except TestFailure as e:
        print("FAILED: %s" % e, file=sys.stderr, flush=True)
        for name in sorted(os.listdir(env.tmp)):
            if name.endswith(".log"):
                with open(env.path(name), errors="replace") as f:
                    text = f.read()
                print("---- %s (last lines)\n%s" % (name, "\n".join(text.splitlines()[-30:])),
                      file=sys.stderr)
        code = 1
    finally:
        env.cleanup()
    sys.exit(code)


def wait_for(pred, timeout, what, step=0.05):
    """Polls 'pred' until it returns something true; returns it, or fails with 'what'."""
    end = time.monotonic() + timeout
    while True:
        got = pred()
        if got:
            return got
        if time.monotonic() > end:
            raise TestFailure("waited %.0f s for %s" % (timeout, what))
        time.sleep(step)


# ---- The server ---------------------------------------------------------------------------


class Server:
    """'camelot serve' on the test's socket and data directory; its log in server-N.log."""

    def __init__(self, env, *args):
        self.env = env
        self.args = list(args)
        self.sock = env.path("server.sock")
        self.data = env.path("data")
        self.proc = None
        self.starts = 0
        os.makedirs(self.data, exist_ok=True)

    def start(self):
        self.starts += 1
        self.logname = self.env.path("server-%d.log" % self.starts)
        log = open(self.logname, "w")
        self.proc = self.env.spawn([self.env.camelot, "serve", "--socket", self.sock, "--data",
                                    self.data] + self.args, stdout=log, stderr=log)
        log.close()

        def up():
            if self.proc.poll() is not None:
                raise TestFailure("the server ended at its start: %s" % self.log())
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                s.connect(self.sock)
                return True
            except OSError:
                return False
            finally:
                s.close()

        wait_for(up, WAIT, "the server to listen")
        return self

    def log(self):
        with open(self.logname, errors="replace") as f:
            return f.read()

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def kill(self):
        """kill -9: nothing is flushed, nothing is cleaned up."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(WAIT)

    def stop(self):
        """Stops the server as Ctrl-C does and checks that it ended cleanly (under the
        sanitizers, a leak or an error shows here)."""
        check(self.alive(), "the server is running at the end (log: %s)" % self.log()[-2000:])
        self.proc.send_signal(signal.SIGTERM)
        try:
            rc = self.proc.wait(WAIT)
        except subprocess.TimeoutExpired:
            raise TestFailure("the server did not stop within %.0f s of SIGTERM" % WAIT)
        check(rc == 0, "the server ended with status %d: %s" % (rc, self.log()[-3000:]))

    def files(self):
        """Every file under the data directory, relative to it."""
        out = []
        for root, _, names in os.walk(self.data):
            for n in names:
                out.append(os.path.relpath(os.path.join(root, n), self.data))
        return sorted(out)


# ---- Clients of the protocol itself ------------------------------------------------------


# What must never reach anyone, as UTF-8 (the rule of docs/network.md, "The protocol"): the
# controls (C0, DEL, C1); the characters that hide or reorder text, each by its bytes (U+00AD,
# U+034F, U+061C, U+115F, U+1160, U+17B4, U+17B5, U+180E, U+200B..U+200F, U+2028..U+202E,
# U+2060..U+206F, U+3164, U+FEFF, U+FFA0, U+FFF9..U+FFFB, U+1BCA0..U+1BCA3, U+1D173..U+1D17A,
# the tags U+E0000..U+E00FF); private use (U+E000..U+F8FF, planes 15 and 16); the
# non-characters (U+FDD0..U+FDEF, the last two of every plane); and a variation selector after
# a space or after another selector. Unassigned code points are too many to list here:
# tests/test_proto.c checks the server's table for them.
_SELECTOR = (rb"(?:\xe1\xa0[\x8b-\x8d\x8f]|\xef\xb8[\x80-\x8f]"
             rb"|\xf3\xa0[\x84-\x87][\x80-\xbf])")
BAD_BYTES = re.compile(
    rb"[\x00-\x1f\x7f]|\xc2[\x80-\x9f\xad]|\xcd\x8f|\xd8\x9c"
    rb"|\xe1\x85[\x9f\xa0]|\xe1\x9e[\xb4\xb5]|\xe1\xa0\x8e"
    rb"|\xe2\x80[\x8b-\x8f\xa8-\xae]|\xe2\x81[\xa0-\xaf]|\xe3\x85\xa4|\xef\xbb\xbf|\xef\xbe\xa0"
    rb"|\xef\xbf[\xb9-\xbb]|\xf0\x9b\xb2[\xa0-\xa3]|\xf0\x9d\x85[\xb3-\xba]"
    rb"|\xf3\xa0[\x80-\x83][\x80-\xbf]"
    rb"|\xee[\x80-\xbf]{2}|\xef[\x80-\xa3][\x80-\xbf]|\xf3[\xb0-\xbf][\x80-\xbf]{2}"
    rb"|\xf4[\x80-\x8f][\x80-\xbf]{2}"
    rb"|\xef\xb7[\x90-\xaf]|\xef\xbf[\xbe\xbf]|[\xf0-\xf4][\x8f\x9f\xaf\xbf]\xbf[\xbe\xbf]"
    rb"|(?: |" + _SELECTOR + rb")" + _SELECTOR)


class Raw:
    """A connection that speaks the protocol: 'as NAME' first (the tests run as the server's
    own user, whom the server believes), then 'hello 1'. A thread reads everything the server
    sends, answers its pings, and keeps every line; the test waits for lines it expects."""

    def __init__(self, server, name, hello=True):
        self.server = server
        self.name = name
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(server.sock)
        self.lines = []  # every line received, in order (bytes without the newline)
        self.raw = b""  # every byte received
        self.cursor = 0
        self.closed = False
        self.lock = threading.Condition()
        self.send_lock = threading.Lock()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()
        if name is not None:
            self.send("as %s" % name)
        if hello:
            self.send("hello 1")
            line = self.expect(rb"^(ok|error) hello")
            check(line.startswith(b"ok hello 1 "), "hello answered %r" % line)
            self.name = line.split()[3].decode()

    def _read(self):
        buf = b""
        while True:
            try:
                data = self.sock.recv(65536)
            except OSError:
                data = b""
            if not data:
                with self.lock:
                    if buf:
                        self.lines.append(buf)
                    self.closed = True
                    self.lock.notify_all()
                return
            buf += data
            with self.lock:
                self.raw += data
            *whole, buf = buf.split(b"\n")
            for line in whole:
                if line.startswith(b"ping ") and len(line.split()) == 2:
                    try:
                        self.send(b"pong " + line.split()[1])
                    except OSError:
                        pass
            with self.lock:
                self.lines.extend(whole)
                self.lock.notify_all()

    def send(self, line):
        if isinstance(line, str):
            line = line.encode()
        with self.send_lock:
            self.sock.sendall(line + b"\n")

    def expect(self, pattern, timeout=WAIT, what=None):
        """Waits for a line (after those taken before) that matches 'pattern' (a regular
        expression on bytes); returns it. Lines before it are passed over."""
        rx = re.compile(pattern if isinstance(pattern, bytes) else pattern.encode())
        end = time.monotonic() + timeout
        with self.lock:
            while True:
                while self.cursor < len(self.lines):
                    line = self.lines[self.cursor]
                    self.cursor += 1
                    if rx.search(line):
                        return line
                if self.closed:
                    raise TestFailure("%s: the connection closed before %s" %
                                      (self.name, what or pattern))
                left = end - time.monotonic()
                if left <= 0:
                    raise TestFailure("%s: waited %.0f s for %s; the last lines: %r" %
                                      (self.name, timeout, what or pattern, self.lines[-5:]))
                self.lock.wait(left)

    def request(self, line, timeout=WAIT):
        """Sends a request and returns the line that answers it ('ok VERB ...' or
        'error VERB ...'), as text."""
        verb = line.split()[0] if isinstance(line, str) else line.split()[0].decode()
        self.send(line)
        got = self.expect(rb"^(ok|error) (%s|-) " % re.escape(verb.encode()), timeout,
                          "the answer to %r" % line)
        return got.decode()

    def ok(self, line, timeout=WAIT):
        got = self.request(line, timeout)
        check(got.startswith("ok "), "%s: %r was refused: %s" % (self.name, line, got))
        return got.split()

    def ok_lines(self, line, timeout=WAIT):
        """Sends a request that must succeed; returns the lines (text) that came after it was
        sent and before its answer."""
        with self.lock:
            start = len(self.lines)
        answer = " ".join(self.ok(line, timeout))
        with self.lock:
            got = [x.decode(errors="replace") for x in self.lines[start:]]
        return got[:got.index(answer)] if answer in got else got

    def page_lines(self, line, timeout=WAIT):
        """As ok_lines, for a page ('history', 'profile', 'standings'): when the server says
        that pages come too fast for this connection ('error VERB busy', four a second), asks
        again a moment later."""
        end = time.monotonic() + timeout
        while True:
            with self.lock:
                start = len(self.lines)
            got = self.request(line, timeout)
            if got.startswith("ok "):
                with self.lock:
                    lines = [x.decode(errors="replace") for x in self.lines[start:]]
                return lines[:lines.index(got)] if got in lines else lines
            check(got.split()[2] == "busy" and time.monotonic() < end,
                  "%s: %r was refused: %s" % (self.name, line, got))
            time.sleep(0.5)

    def refused(self, line, code, timeout=WAIT):
        got = self.request(line, timeout)
        check(got.startswith("error ") and got.split()[2] == code,
              "%s: %r answered %r, not error %s" % (self.name, line, got, code))
        return got

    def wait_closed(self, timeout=WAIT):
        with self.lock:
            end = time.monotonic() + timeout
            while not self.closed:
                left = end - time.monotonic()
                if left <= 0:
                    raise TestFailure("%s: the connection is still open after %.0f s" %
                                      (self.name, timeout))
                self.lock.wait(left)

    def events(self, game):
        """The events of 'game' received so far: (seq, body) in the order they came."""
        out = []
        prefix = b"ev %d " % game
        with self.lock:
            for line in self.lines:
                if line.startswith(prefix):
                    _, _, seq, body = line.decode().split(" ", 3)
                    out.append((int(seq), body))
        return out

    def moves(self, game):
        """The moves of 'game' told by its events, in ply order (takebacks honoured)."""
        plies = []
        for _, body in self.events(game):
            w = body.split()
            if w[0] == "move":
                check(int(w[1]) == len(plies), "%s: event %r at ply %d" %
                      (self.name, body, len(plies)))
                plies.append(w[2])
            elif w[0] == "takeback":
                del plies[int(w[1]):]
        return plies

    def wait_event(self, game, pattern, timeout=WAIT):
        """Waits until an event of 'game' received (at any time) matches 'pattern' (a regular
        expression on its body, the words after 'ev GAME SEQ'); returns the first such body."""
        rx = re.compile(pattern)

        def found():
            for _, body in self.events(game):
                if rx.search(body):
                    return body
            return None

        return wait_for(found, timeout, "%s to hear %r in game %d" % (self.name, pattern, game))

    def wait_ply(self, game, n, timeout=WAIT):
        """Waits until the events of 'game' have told 'n' moves."""
        return wait_for(lambda: len(self.moves(game)) >= n, timeout,
                        "%s to see ply %d of game %d" % (self.name, n, game))

    def close(self):
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()
        self.thread.join(WAIT)

    def clean(self):
        """Whether nothing the server sent could move a terminal's cursor or colour it."""
        with self.lock:
            raw = self.raw
        return BAD_BYTES.search(raw.replace(b"\n", b"")) is None



def standings(conn, tid):
    """The server's standings of tournament 'tid', asked on 'conn' (a Raw): the tourn line's
    words, the place lines as word lists, the pairing lines as word lists."""
    lines = conn.page_lines("standings %d" % tid)
    tourn = [x.split() for x in lines if x.startswith("tourn ")]
    check(len(tourn) == 1, "standings %d: %r" % (tid, lines))
    return (tourn[0], [x.split() for x in lines if x.startswith("place ")],
            [x.split() for x in lines if x.startswith("pairing ")])


def wait_tourn(conn, tid, word, value, timeout, what):
    """Waits until word 'word' of tournament 'tid''s line is 'value' (asking twice a second: the
    server gives a connection four pages a second)."""
    wait_for(lambda: standings(conn, tid)[0][word] == value, timeout, what, step=0.5)

def sync_state(lines, game):
    """From the 'sync' lines of 'game' (the last whole state among 'lines'): a dict of the
    moves, the state line's words, the chat lines and the offer."""
    prefix = b"sync %d " % game
    out = None
    for line in lines:
        if not line.startswith(prefix):
            continue
        words = line.decode().split(" ")
        kind = words[2]
        if kind == "begin":
            out = {"seq": int(words[3]), "moves": [], "ids": [], "chat": [], "offer": None}
        elif kind == "moves":
            check(int(words[3]) == len(out["moves"]), "a sync's moves in order")
            pairs = words[4:]
            out["moves"] += pairs[0::2]
            out["ids"] += pairs[1::2]
        elif kind == "state":
            out["status"], out["clocks"] = words[3], words[4]
        elif kind in ("chat", "kibitz"):
            out["chat"].append(" ".join(words[4:]))  # NAME TEXT
        elif kind == "offer":
            out["offer"] = words[3:]
        elif kind == "create":
            out["create"] = words[3:]
        elif kind == "end":
            out["end"] = words[3:]
    return out


def clocks(text):
    """'W=590170,B=600000' as {'W': 590170, 'B': 600000}."""
    if text in ("-", "") or text.startswith("until="):
        return {}
    return {k: int(v) for k, v in (part.split("=") for part in text.split(","))}


# ---- Text clients -------------------------------------------------------------------------


def fake_ssh(env):
    """A stand-in for ssh: '$CAMELOT_SSH' is 'FAKE NAME', and FAKE, whatever else ssh would be
    given, runs the relay as NAME on the test's socket."""
    path = env.path("fake-ssh")
    if not os.path.exists(path):
        with open(path, "w") as f:
            f.write('#!/bin/sh\nexec "%s" relay --socket "%s" --as "$1"\n' %
                    (env.camelot, env.path("server.sock")))
        os.chmod(path, 0o755)
    return path


class Text:
    """'camelot online --text' for player 'name', through the stand-in for ssh; a thread keeps
    every line it prints."""

    def __init__(self, env, name):
        self.name = name
        self.log = open(env.path("text-%s-%d.log" % (name, id(self) % 100000)), "w")
        e = dict(env.env, CAMELOT_SSH="%s %s" % (fake_ssh(env), name))
        self.proc = env.spawn([env.camelot, "online", "--text", "--server", "ssh://test"],
                              env=e, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=self.log)
        self.lines = []
        self.cursor = 0
        self.lock = threading.Condition()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()
        self.expect(r"^connected to .* as %s\.$" % re.escape(name))

    def _read(self):
        for line in self.proc.stdout:
            text = line.decode("utf-8", "replace").rstrip("\n")
            with self.lock:
                self.lines.append(text)
                self.lock.notify_all()
            self.log.write(text + "\n")
            self.log.flush()
        with self.lock:
            self.lines.append(None)
            self.lock.notify_all()

    def send(self, command):
        self.proc.stdin.write(command.encode() + b"\n")
        self.proc.stdin.flush()

    def expect(self, pattern, timeout=WAIT):
        """Waits for a printed line (after those taken before) matching 'pattern'; returns the
        match."""
        rx = re.compile(pattern)
        end = time.monotonic() + timeout
        with self.lock:
            while True:
                while self.cursor < len(self.lines):
                    line = self.lines[self.cursor]
                    if line is None:
                        raise TestFailure("%s: the text client ended before %r" %
                                          (self.name, pattern))
                    self.cursor += 1
                    m = rx.search(line)
                    if m:
                        return m
                left = end - time.monotonic()
                if left <= 0:
                    raise TestFailure("%s: waited %.0f s for %r; the last lines: %r" %
                                      (self.name, timeout, pattern, self.lines[-6:]))
                self.lock.wait(left)

    def mark(self):
        """Skips what was printed so far; returns how many lines that is."""
        with self.lock:
            self.cursor = len(self.lines)
            return self.cursor

    def printed(self):
        with self.lock:
            return [line for line in self.lines if line is not None]

    def moves_told(self):
        """The moves it told ('White (you) plays C3-B2.'), in order."""
        out = []
        for line in self.printed():
            m = re.match(r"^\S+ \([^)]*\) plays (\S+)\.$", line)
            if m:
                out.append(m.group(1))
            elif line.startswith("moves taken back"):
                out = None  # not expected in these tests
        return out

    def board(self):
        """The board as 'board' prints it (the lines from the first letters line to the
        second)."""
        self.mark()
        self.send("board")
        first = self.expect(r"^ +A B C.*").group(0)
        rows = [first]
        while True:
            m = self.expect(r".*")
            rows.append(m.group(0))
            if re.match(r"^ +A B C", m.group(0)):
                return "\n".join(rows)

    def quit(self):
        self.send("quit")
        self.proc.stdin.close()
        try:
            rc = self.proc.wait(WAIT)
        except subprocess.TimeoutExpired:
            raise TestFailure("%s: the text client did not end after 'quit'" % self.name)
        self.thread.join(WAIT)
        check(rc == 0, "%s: the text client ended with status %d" % (self.name, rc))

    def kill(self):
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(WAIT)
        self.thread.join(WAIT)


# ---- Games to play ------------------------------------------------------------------------


def split_records(text):
    """The records of a file that holds several (each begins with its [Event tag)."""
    parts = re.split(r"\n(?=\[Event )", text.strip())
    return [p.strip() + "\n" for p in parts if p.strip()]


def record_tags(record):
    return dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', record, re.M))


def record_moves(record):
    """The moves of a record, in WCF notation, in order."""
    body = "\n".join(line for line in record.splitlines() if not line.startswith("["))
    body = re.sub(r"\{[^}]*\}", " ", body)
    return [t for t in body.split() if re.match(r"^[A-P]\d+([-x^][A-P]\d+)+$", t)]


def finished_game(env, variant, min_plies=10):
    """A record of a whole game of 'variant' that ended on the board (not at a move cap),
    played by 'camelot match' between two greedy players: the longest of a few seeds."""
    best = None
    for seed in range(1, 9):
        out = env.path("match-%s-%d.txt" % (variant, seed))
        p = env.run(["match", "--a", "greedy", "--b", "greedy", "--variant", variant,
                     "--games", "2", "--seed", str(seed), "--records", out])
        check(p.returncode == 0, "camelot match: %s" % p.stderr)
        with open(out) as f:
            for rec in split_records(f.read()):
                tags = record_tags(rec)
                n = len(record_moves(rec))
                if tags.get("Termination") in ("castle", "elimination", "stalemate") and \
                        (best is None or n > len(record_moves(best))):
                    best = rec
        if best is not None and len(record_moves(best)) >= min_plies:
            break
    check(best is not None, "no game of %s ended on the board" % variant)
    return best


def replay_result(env, record, name):
    """'camelot replay' of a record: its 'result: ...' line."""
    path = env.path(name)
    with open(path, "w") as f:
        f.write(record)
    p = env.run(["replay", path])
    check(p.returncode == 0, "camelot replay %s: %s%s" % (name, p.stdout, p.stderr))
    lines = [line for line in p.stdout.splitlines() if line.startswith("result: ")]
    check(len(lines) == 1, "camelot replay %s printed no result: %s" % (name, p.stdout))
    return lines[0]


def engine_reply(env, variant, moves):
    """A legal move of the seat to move after 'moves' from the start of 'variant': the engine's
    at depth 1."""
    p = env.run(["engine"], input="variant %s\nposition start moves %s\ngo depth 1\n" %
                (variant, " ".join(moves)))
    check(p.returncode == 0, "camelot engine: %s" % p.stderr)
    best = [line.split()[1] for line in p.stdout.splitlines() if line.startswith("bestmove ")]
    check(best and best[0] != "none", "no move after %r: %r" % (moves, p.stdout))
    return best[0]


def seat_letters(env, variant):
    """The seats of 'variant' in turn order, from the server's 'variants' answer."""
    return {"camette": "WB", "cam": "WB", "camelot": "WB", "chivalry": "WB",
            "grand-cam": "RGBY", "grand-camelot": "RGBY"}[variant]
