#!/usr/bin/env python3
# The server's memory under one person's attacks (docs/network.md, "Scale"): a server of its own
# in a temporary directory, then one connection that makes games whose seats are all its own as
# fast as the server reads, 1,000 connections of one player that never read while asking for
# the lobby again and again, and chat as fast as the flood control allows. Prints the server's
# resident memory (VmRSS) at the start, after the games and at its peak, what was made and
# refused, and the database's size.
#
#     python3 tools/net_memory.py build/release/camelot
#
# SPDX-License-Identifier: MIT
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: %s CAMELOT" % sys.argv[0])
    camelot = os.path.abspath(sys.argv[1])
    source = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    d = tempfile.mkdtemp(prefix="camelot-memory-")
    env = dict(os.environ, CAMELOT_VARIANT_DIR=os.path.join(source, "variants"),
               XDG_DATA_HOME=d, HOME=d)
    sock = os.path.join(d, "s.sock")
    srv = subprocess.Popen([camelot, "serve", "--socket", sock, "--data",
                            os.path.join(d, "data"), "--quiet"], env=env)
    try:
        run(srv, sock, d)
    finally:
        srv.terminate()
        srv.wait()
        shutil.rmtree(d, ignore_errors=True)


def run(srv, sock, d):
    for _ in range(200):
        if os.path.exists(sock):
            break
        time.sleep(0.05)
    time.sleep(0.3)

    def rss():
        with open("/proc/%d/status" % srv.pid) as f:
            for line in f:
                if line.startswith("VmRSS"):
                    return int(line.split()[1])
        return 0

    peak = [0]
    done = threading.Event()

    def sample():
        while not done.is_set():
            peak[0] = max(peak[0], rss())
            time.sleep(0.02)

    threading.Thread(target=sample, daemon=True).start()
    start = rss()

    def conn(name):
        s = socket.socket(socket.AF_UNIX)
        s.connect(sock)
        s.sendall(("as %s\nhello 1\n" % name).encode())
        return s

    maker = conn("maker")
    lines = maker.makefile("rb")
    made = refused = 0
    maker.sendall(b"create camette none casual W=me B=me\n" * 300)
    end = time.time() + 30
    while made + refused < 300 and time.time() < end:
        line = lines.readline()
        made += line.startswith(b"ok create")
        refused += line.startswith(b"error create")
    after_games = rss()
    sinks = [conn("sink") for _ in range(1000)]
    time.sleep(1)
    for s in sinks:
        try:
            s.setblocking(False)
            s.sendall(b"games\n" * 150)
        except OSError:
            pass
    time.sleep(5)
    maker.sendall(b"".join(b"say 1 %d some words to fill the database\n" % i
                           for i in range(150)))
    time.sleep(3)
    done.set()
    print("rss_kib start %d after_games %d end %d peak %d" % (start, after_games, rss(), peak[0]))
    print("games made %d refused %d" % (made, refused))
    db = os.path.join(d, "data", "server.db")
    size = sum(os.path.getsize(db + x) for x in ("", "-wal") if os.path.exists(db + x))
    print("database_kib %d" % (size // 1024))


main()
