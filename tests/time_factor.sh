# The factor by which the tests multiply their time limits, so that a limit that holds on a quiet
# machine with the release build also holds with the sanitizers and on a loaded CI machine:
# 1, times 4 in a build with AddressSanitizer and UndefinedBehaviorSanitizer
# (CAMELOT_SANITIZED=1, which CTest sets for that build), times 2 when CI=true. A test states
# the program's own promise (ends within a second) and checks it times this factor; the C tests
# use tu_time_factor (tests/testutil), the network tests net.time_factor. docs/testing.md.
# SPDX-License-Identifier: MIT
time_factor() {
    local f=1
    [ "${CAMELOT_SANITIZED:-0}" = 1 ] && f=$((f * 4))
    [ "${CI:-}" = true ] && f=$((f * 2))
    echo "$f"
}
