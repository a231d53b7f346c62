# Formatting: every C file of the tree is as clang-format leaves it (.clang-format: 4 spaces,
# 100 columns, K&R braces). Skipped (77) when clang-format is missing.
#   bash tests/format.sh ROOT
# To format a file: clang-format -i FILE
# SPDX-License-Identifier: MIT
set -eu
root=${1:?usage: format.sh ROOT}
command -v clang-format >/dev/null || { echo "format: clang-format is not installed"; exit 77; }
cd "$root"
files=$(find include src tests -name '*.[ch]' -not -path 'tests/fuzz/corpus/*' | sort)
if clang-format --dry-run --Werror $files; then
    echo "format: $(printf '%s\n' $files | wc -l) files as clang-format leaves them"
else
    echo "format: run 'clang-format -i' on the files above" >&2
    exit 1
fi
