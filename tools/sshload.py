#!/usr/bin/env python3
"""The cost of a player of a public server through ssh (docs/hosting.md, "Scale").

    sudo python3 tools/sshload.py [--camelot PATH] [--players N] [--seconds S] [--rate R]

As root (sshd runs its AuthorizedKeysCommand only from a path that root owns). In a directory
of its own it sets up what docs/hosting.md does, on 127.0.0.1 only: 'camelot serve', a private
sshd on a free port with the block 'camelot host sshd-config' prints, and camelot in a directory
of /run. It makes N keys and signs each up (N players), then opens N sessions at once, each a
real 'ssh -tt' (a terminal on the server's side) running the text client ('camelot online
--text'), pairs them off into games of Camelot that replay a whole game played by two greedy
players, and plays their moves at a steady pace, R a second in all, for S seconds; a game that
ends is followed by another. A move's round trip is the time from writing it to ssh until the
mover's own client, through ssh, says it was played.

It prints the round trips, and, read from /proc, the memory and CPU of what each player costs
on the server's side: the two processes of sshd for the session and its 'camelot host
session' (resident and proportional set sizes), and the server's. Nothing but 127.0.0.1 and a
Unix socket is used; everything is removed at the end.
SPDX-License-Identifier: MIT
"""
import argparse
import os
import random
import re
import selectors
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

GAME_RE = re.compile(rb"^game (\d+) made\.")
PLAYS_RE = re.compile(rb"^(White|Black) \((you|[^)]*)\) plays (\S+)\.$")


def say(text):
    print(text, flush=True)


def fail(text):
    print("sshload: %s" % text, file=sys.stderr, flush=True)
    sys.exit(1)


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def children(pid):
    """Every process under 'pid', by /proc."""
    kids = {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % d) as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        kids.setdefault(ppid, []).append(int(d))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        for k in kids.get(p, []):
            out.append(k)
            todo.append(k)
    return out


def proc_kib(pid, field):
    try:
        name = "smaps_rollup" if field == "Pss" else "status"
        with open("/proc/%d/%s" % (pid, name)) as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def proc_cpu(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            w = f.read().rsplit(")", 1)[1].split()
        return (int(w[11]) + int(w[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def cmdline(pid):
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


class Player:
    def __init__(self, i, proc):
        self.i = i
        self.name = "p%d" % i
        self.proc = proc
        self.buf = b""
        self.connected = False
        self.game = None  # the game's id, once made or joined
        self.lines = 0


class Game:
    def __init__(self, white, black):
        self.white, self.black = white, black
        self.id = None
        self.ply = 0
        self.begun = False
        self.sent_at = None  # when the move under way was written
        self.due = 0.0
        self.over = False


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--camelot", default="build/release/camelot")
    ap.add_argument("--players", type=int, default=500)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--rate", type=float, default=50, help="moves a second in all")
    ap.add_argument("--keep", action="store_true", help="keep the directory, for a look")
    a = ap.parse_args()
    if os.geteuid() != 0:
        fail("run as root: sshd runs an AuthorizedKeysCommand only from a path root owns")
    if a.players < 2 or a.players % 2:
        fail("--players is an even number, 2 or more")
    camelot = os.path.abspath(a.camelot)
    if not os.access(camelot, os.X_OK):
        fail("no camelot at %s" % camelot)
    sshd = "/usr/sbin/sshd"
    tmp = tempfile.mkdtemp(prefix="camelot-sshload-")
    run = tempfile.mkdtemp(prefix="camelot-sshload-", dir="/run")
    os.chmod(tmp, 0o755)
    os.chmod(run, 0o755)
    procs = []
    try:
        bench(a, camelot, sshd, tmp, run, procs)
    finally:
        for p in procs:
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        for p in procs:
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
        if not a.keep:
            shutil.rmtree(tmp, ignore_errors=True)
        shutil.rmtree(run, ignore_errors=True)


def bench(a, camelot, sshd, tmp, run, procs):
    me = subprocess.run(["id", "-un"], capture_output=True, text=True).stdout.strip()
    sock = os.path.join(tmp, "server.sock")
    wrapper = os.path.join(run, "camelot")
    with open(wrapper, "w") as f:
        f.write("#!/bin/sh\nexec %s \"$@\"\n" % camelot)
    os.chmod(wrapper, 0o755)

    # A whole game of Camelot, played by two greedy players, for every pair to replay.
    rec = os.path.join(tmp, "game.txt")
    subprocess.run([camelot, "match", "--a", "greedy", "--b", "greedy", "--variant", "camelot",
                    "--games", "1", "--seed", "3", "--records", rec], check=True,
                   capture_output=True)
    with open(rec) as f:
        body = "\n".join(x for x in f.read().splitlines() if not x.startswith("["))
    body = re.sub(r"\{[^}]*\}", " ", body)
    moves = [t for t in body.split() if re.match(r"^[A-P]\d+([-x^][A-P]\d+)+$", t)]
    if len(moves) < 10:
        fail("the game to replay has %d moves" % len(moves))

    # The server, the keys, sshd.
    os.makedirs(os.path.join(tmp, "data"))
    log = open(os.path.join(tmp, "server.log"), "w")
    server = subprocess.Popen([camelot, "serve", "--socket", sock, "--data",
                               os.path.join(tmp, "data"), "--sync", "normal"], stderr=log)
    procs.append(server)
    for _ in range(600):
        if os.path.exists(sock):
            break
        time.sleep(0.1)
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f",
                    os.path.join(tmp, "host_key")], check=True)
    block = subprocess.run([camelot, "host", "sshd-config", "--user", me, "--camelot", wrapper,
                            "--socket", sock], capture_output=True, text=True, check=True).stdout
    port = free_port()
    conf = os.path.join(tmp, "sshd_config")
    with open(conf, "w") as f:
        f.write("ListenAddress 127.0.0.1\nPort %d\nHostKey %s\nPidFile %s\n"
                "AllowUsers %s\nPermitRootLogin prohibit-password\nUsePAM no\n"
                "StrictModes no\nUseDNS no\nPrintMotd no\nPrintLastLog no\n"
                "MaxStartups 2000\nLoginGraceTime 600\n%s"
                % (port, os.path.join(tmp, "host_key"), os.path.join(tmp, "sshd.pid"), me,
                   block))
    os.makedirs("/run/sshd", mode=0o755, exist_ok=True)
    sshd_log = open(os.path.join(tmp, "sshd.log"), "w")
    daemon = subprocess.Popen([sshd, "-D", "-e", "-f", conf], stderr=sshd_log)
    procs.append(daemon)
    time.sleep(0.5)
    if daemon.poll() is not None:
        fail("sshd did not start: see %s" % os.path.join(tmp, "sshd.log"))
    keys = []
    for i in range(a.players):
        k = os.path.join(tmp, "k%d" % i)
        keys.append(k)
    # Making keys and signing up, 16 at a time.
    for start in range(0, a.players, 16):
        batch = []
        for i in range(start, min(start + 16, a.players)):
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", keys[i]],
                           check=True)
        for i in range(start, min(start + 16, a.players)):
            batch.append(subprocess.Popen(ssh_args(keys[i], port, me, tty=False),
                                          stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          stderr=subprocess.STDOUT))
        # Each is asked for its name and answers at once; the inputs go out before any
        # output is read, for the sign-ups to run side by side.
        for i, p in zip(range(start, start + 16), batch):
            p.stdin.write(b"p%d\nquit\n" % i)
            p.stdin.close()
        for i, p in zip(range(start, start + 16), batch):
            out = p.stdout.read()
            p.wait(120)
            if b"You are p%d." % i not in out:
                fail("key %d did not sign up: %r" % (i, out[-300:]))
    say("signed up %d keys" % a.players)

    # N sessions at once, each with a terminal on the server's side.
    sel = selectors.DefaultSelector()
    players = []
    t_open = time.monotonic()
    for i in range(a.players):
        p = subprocess.Popen(ssh_args(keys[i], port, me, tty=True) +
                             ["camelot", "online", "--text"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, env=dict(os.environ, TERM="xterm"))
        procs.append(p)
        pl = Player(i, p)
        players.append(pl)
        os.set_blocking(p.stdout.fileno(), False)
        sel.register(p.stdout, selectors.EVENT_READ, pl)
        if i % 50 == 49:
            pump(sel, 0.2, None)
    deadline = time.monotonic() + 300
    while sum(pl.connected for pl in players) < a.players and time.monotonic() < deadline:
        pump(sel, 0.2, None)
    connected = sum(pl.connected for pl in players)
    say("connected %d of %d in %.1f s" % (connected, a.players, time.monotonic() - t_open))
    if connected < a.players:
        fail("only %d sessions came up" % connected)

    games = [Game(players[2 * i], players[2 * i + 1]) for i in range(a.players // 2)]
    period = len(games) / a.rate  # each game moves this often
    rtts = []
    state = {"moves": 0}

    def on_line(pl, line):
        m = GAME_RE.match(line)
        g = games[pl.i // 2]
        if m and pl is g.white:
            g.id = int(m.group(1))
            send(g.black, "join %d" % g.id)
            return
        if line.startswith(b"game %d: " % (g.id or 0)) and pl is g.black:
            g.begun = True
            g.due = time.monotonic() + random.uniform(0, period)
            return
        m = PLAYS_RE.match(line)
        if m and g.begun and m.group(3).decode() == moves[g.ply]:
            mover = g.white if g.ply % 2 == 0 else g.black
            if pl is mover and m.group(2) == b"you" and g.sent_at is not None:
                rtts.append(time.monotonic() - g.sent_at)
                state["moves"] += 1
                g.sent_at = None
                g.ply += 1
                g.due = time.monotonic() + period
                if g.ply == len(moves):
                    # The record's last move ended it, or it ended at the match's cap: the
                    # resignation ends it then (and is refused otherwise).
                    g.over = True
                    send(g.white, "resign")
            return
        if line.startswith(b"game over") and pl is g.white and g.over:
            new_game(g)

    def new_game(g):
        g.id, g.ply, g.begun, g.over, g.sent_at = None, 0, False, False, None
        send(g.white, "create camelot 60+0 casual W=me B=@%s" % g.black.name)

    for g in games:
        new_game(g)
    session_pids = []
    t0 = time.monotonic()
    cpu0 = None
    end = t0 + a.seconds
    while time.monotonic() < end:
        now = time.monotonic()
        for g in games:
            if g.begun and not g.over and g.sent_at is None and now >= g.due:
                mover = g.white if g.ply % 2 == 0 else g.black
                g.sent_at = now
                send(mover, moves[g.ply])
        pump(sel, 0.005, on_line)
        if cpu0 is None and now - t0 > min(2, a.seconds / 4):
            session_pids = [p for p in children(daemon.pid)]
            cpu0 = (time.monotonic(), sum(proc_cpu(p) for p in session_pids),
                    proc_cpu(server.pid))
    t1 = time.monotonic()
    sessions = [p for p in session_pids if os.path.exists("/proc/%d" % p)]
    cpu_used = sum(proc_cpu(p) for p in sessions) - cpu0[1]
    server_cpu = proc_cpu(server.pid) - cpu0[2]
    window = t1 - cpu0[0]
    hosts = [p for p in sessions if "host session" in cmdline(p)]
    sshds = [p for p in sessions if cmdline(p).startswith("sshd")]
    others = len(sessions) - len(hosts) - len(sshds)
    rss = sum(proc_kib(p, "VmRSS") for p in sessions)
    pss = sum(proc_kib(p, "Pss") for p in sessions)
    host_rss = sorted(proc_kib(p, "VmRSS") for p in hosts)
    rtts.sort()

    def pct(q):
        return 1000 * rtts[min(len(rtts) - 1, int(q * len(rtts)))] if rtts else float("nan")
    say("players %d" % a.players)
    say("games %d" % len(games))
    say("moves %d" % state["moves"])
    say("seconds %.1f" % (t1 - t0))
    say("moves_per_second %.1f" % (state["moves"] / (t1 - t0)))
    say("round_trip_ms median %.1f p90 %.1f p99 %.1f max %.1f" %
        (1000 * statistics.median(rtts) if rtts else float("nan"), pct(0.9), pct(0.99),
         1000 * rtts[-1] if rtts else float("nan")))
    say("session_processes sshd %d camelot %d other %d" % (len(sshds), len(hosts), others))
    say("per_player_kib rss %.0f pss %.0f" % (rss / a.players, pss / a.players))
    if host_rss:
        say("camelot_session_rss_kib median %d max %d" %
            (host_rss[len(host_rss) // 2], host_rss[-1]))
    say("per_player_cpu_percent %.2f" % (100 * cpu_used / window / a.players))
    say("server_cpu_percent %.1f" % (100 * server_cpu / window))
    say("server_rss_kib %d" % proc_kib(server.pid, "VmRSS"))
    for pl in players:
        try:
            pl.proc.stdin.write(b"quit\n")
            pl.proc.stdin.flush()
        except OSError:
            pass


def ssh_args(key, port, me, tty):
    return ["ssh", "-tt" if tty else "-T", "-i", key, "-p", str(port), "-F", "/dev/null",
            "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes", "-o", "LogLevel=ERROR",
            "%s@127.0.0.1" % me]


def send(pl, line):
    try:
        pl.proc.stdin.write(line.encode() + b"\n")
        pl.proc.stdin.flush()
    except OSError:
        pass


def pump(sel, timeout, on_line):
    for key, _ in sel.select(timeout):
        pl = key.data
        try:
            data = os.read(key.fileobj.fileno(), 65536)
        except BlockingIOError:
            continue
        if not data:
            sel.unregister(key.fileobj)
            continue
        pl.buf += data
        while b"\n" in pl.buf:
            line, pl.buf = pl.buf.split(b"\n", 1)
            line = line.rstrip(b"\r")
            pl.lines += 1
            if line.startswith(b"connected to "):
                pl.connected = True
            if on_line is not None:
                on_line(pl, line)


if __name__ == "__main__":
    main()
