#!/bin/sh
# Installs what is missing (Debian packages), builds camelot, then plays or tests.
#   sh .ci/setup.sh play [ARGS...]   build and start a game (ARGS go to camelot)
#   sh .ci/setup.sh test             build, then run the whole test suite, plainly and
#                                    under AddressSanitizer + UndefinedBehaviorSanitizer,
#                                    then a short run of every fuzz target
#                                    (CAMELOT_FUZZ_SECONDS each, default 30: ten
#                                    targets, about 5 minutes)
set -eu

cd "$(dirname "$0")/.."
mode=${1:-}
case $mode in
play | test) shift ;;
*)
    echo "usage: sh .ci/setup.sh play|test" >&2
    exit 2
    ;;
esac

packages="gcc make cmake pkg-config libyaml-dev libncursesw5-dev libsqlite3-dev"
if [ "$mode" = test ]; then
    packages="$packages libcmocka-dev clang libclang-rt-dev clang-format tmux"
    # For tests/net: sshd.sh runs an sshd of its own on 127.0.0.1; the others are python3.
    packages="$packages openssh-server openssh-client python3"
fi

missing=
for p in $packages; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done
if [ -n "$missing" ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "camelot needs these Debian packages; install them with:" >&2
        echo "  sudo apt-get update && sudo apt-get install -y$missing" >&2
        case " $missing " in
        *" openssh-server "*)
            echo "(the tests run an sshd of their own; 'sudo systemctl disable --now ssh'" >&2
            echo "stops the one Debian starts when it installs openssh-server)" >&2
            ;;
        esac
        exit 1
    fi
    echo "installing:$missing"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    # shellcheck disable=SC2086
    apt-get install -y -q $missing
    # Debian starts the system's sshd when it installs openssh-server, and enables it at boot.
    # The tests never use that one: a service this script brought in is stopped and disabled.
    case " $missing " in
    *" openssh-server "*)
        if [ -d /run/systemd/system ]; then
            systemctl disable --now ssh.service >/dev/null 2>&1 || true
            systemctl disable --now ssh.socket >/dev/null 2>&1 || true
        else
            invoke-rc.d ssh stop >/dev/null 2>&1 || true
            update-rc.d ssh disable >/dev/null 2>&1 || true
        fi
        ;;
    esac
fi

jobs=$(nproc 2>/dev/null || echo 2)
if [ "$mode" = play ]; then
    cmake --preset release -DCAMELOT_TESTS=OFF >/dev/null
    cmake --build --preset release -j "$jobs"
    exec build/release/camelot "$@"
fi

cmake --preset release -DCAMELOT_TESTS=ON -DCAMELOT_WERROR=ON
cmake --build --preset release -j "$jobs"
ctest --preset release -j "$jobs"
cmake --preset fuzz
cmake --build --preset fuzz -j "$jobs"
sh tests/fuzz/run.sh build/fuzz "${CAMELOT_FUZZ_SECONDS:-30}"
cmake --preset sanitize -DCAMELOT_WERROR=ON
cmake --build --preset sanitize -j "$jobs"
ctest --preset sanitize -j "$jobs"
