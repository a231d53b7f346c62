#!/bin/sh
# Runs every fuzz target for SECONDS each (default 60) from its seed corpus, with its
# dictionary, in a scratch corpus directory so that the repository's seeds stay as they are.
# A crash, a leak or a time-out fails the run and leaves the reproducer in the scratch
# directory.
#   sh tests/fuzz/run.sh BUILD_DIR [SECONDS]
set -eu
build=$1
seconds=${2:-60}
here=$(cd "$(dirname "$0")" && pwd)
work=$(cd "$(mktemp -d "${TMPDIR:-/tmp}/camelot-fuzz.XXXXXX")" && pwd) # absolute: see fuzz_textgame.c
status=0
# Each target with the longest input it is given: the file formats up to 64 KiB; a search, a
# command line, a text game, the engine protocol and a run of keys get less, so that each run stays quick;
# the network protocol, both the client's side and the server's, gets three of its longest lines.
for entry in variant:65536 posdoc:65536 notation:65536 record:65536 puzzle:65536 engine:1024 save:8192 \
    keys:64 options:256 textgame:256 protocol:1024 netproto:12300 server:12300; do
    target=${entry%%:*}
    max_len=${entry#*:}
    mkdir -p "$work/$target"
    echo "fuzz_$target: ${seconds}s"
    if ! "$build/tests/fuzz/fuzz_$target" -max_total_time="$seconds" -timeout=10 \
        -rss_limit_mb=2048 -max_len="$max_len" -dict="$here/dict/$target.dict" \
        -print_final_stats=1 -artifact_prefix="$work/$target/" "$work/$target" \
        "$here/corpus/$target" >"$work/$target.log" 2>&1; then
        echo "fuzz_$target FAILED; log and reproducer in $work" >&2
        tail -40 "$work/$target.log" >&2
        status=1
        continue
    fi
    grep -E 'stat::number_of_executed_units|stat::peak_rss_mb' "$work/$target.log" || true
done
[ "$status" -eq 0 ] && rm -rf "$work"
exit "$status"
