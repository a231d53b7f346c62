#!/bin/sh
# Builds an older commit of camelot into a directory, so that a change can be measured against
# it: tools/build-commit.sh COMMIT DIR extracts COMMIT's tree (git archive) into DIR/src,
# builds it there in release mode (DIR/build) and leaves the program as DIR/camelot. Then:
#   camelot match --a "cmd:build/release/camelot engine" --b "cmd:DIR/camelot engine" \
#       --sprt 0,10 --concurrency 2 --time 0.1
# The engine protocol ('camelot engine') exists from commit 8acf0d9 on; an older build has no
# such command and forfeits every game. The tests of the old tree are not built.
# SPDX-License-Identifier: MIT
set -eu

if [ $# -ne 2 ]; then
    echo "usage: tools/build-commit.sh COMMIT DIR" >&2
    exit 2
fi
commit=$1
dir=$2
root=$(cd "$(dirname "$0")/.." && pwd)

if ! git -C "$root" rev-parse --verify --quiet "$commit^{commit}" >/dev/null; then
    echo "build-commit: no commit '$commit' in this repository" >&2
    exit 1
fi
if [ -e "$dir/src" ]; then
    echo "build-commit: '$dir/src' already exists; give a new directory" >&2
    exit 1
fi
mkdir -p "$dir/src"
git -C "$root" archive --format=tar "$commit" | tar -x -C "$dir/src"
cmake -S "$dir/src" -B "$dir/build" -DCMAKE_BUILD_TYPE=Release -DCAMELOT_TESTS=OFF >/dev/null
cmake --build "$dir/build" -j2 --target camelot >/dev/null
cp "$dir/build/camelot" "$dir/camelot"
if ! printf 'cep\nquit\n' | "$dir/camelot" engine 2>/dev/null | grep -q '^cepok$'; then
    echo "build-commit: built, but this commit has no 'camelot engine' (it came with 8acf0d9)" >&2
fi
echo "$dir/camelot ($(git -C "$root" rev-parse --short "$commit"))"
