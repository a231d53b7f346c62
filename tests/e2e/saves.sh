# End-to-end: the real 'camelot' keeps every game on disk, driven in tmux as in play.sh. A
# damaged autosave is kept aside, never written over; two games in one data directory each
# keep their own autosave; a full or read-only data directory loses no move when the game
# ends; q, SIGTERM and SIGHUP end the program within a second whatever it is doing, in a
# position with more jump chains than the engine can list; a save cut short resumes with the
# moves before the cut; with no data directory at all the game is rescued at the end; under a
# file size limit no move is lost and the terminal is given back; Ctrl-\ ends a game as SIGTERM
# does. Exits 77 (a skip) when tmux is missing; the parts that need a mount namespace say SKIP
# when none can be made. Run as: bash saves.sh PATH_TO_camelot SOURCE_DIR [PART]
# PART: 'timed' runs only the part that measures time (section 4, the one that must run
# alone), 'untimed' all but it, 'all' (the default) everything. Time limits are multiplied by
# the tests' time factor (tests/time_factor.sh).
# SPDX-License-Identifier: MIT
set -u

if [ $# -lt 2 ]; then
    echo "usage: bash $0 PATH_TO_camelot SOURCE_DIR [timed|untimed|all]" >&2
    exit 2
fi
PART=${3:-all}
. "$(dirname "$0")/../time_factor.sh"
# part WHICH: whether the sections of WHICH ('timed' or 'untimed') run.
part() { [ "$PART" = all ] || [ "$PART" = "$1" ]; }
CAMELOT=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
SRC=$(cd "$2" && pwd)
if ! command -v tmux >/dev/null 2>&1; then
    echo "SKIP: tmux is not installed"
    exit 77
fi

TMP=$(mktemp -d)
SOCK="$TMP/tmux.sock"
DATA="$TMP/data"
SAVES="$DATA/camelot"
RESCUE="$TMP/rescue"
LATTICE="$SRC/tests/data/big/lattice-variant.yaml"
FAILS=0
S=g # the tmux session the helpers below act on
tm() { tmux -S "$SOCK" -f /dev/null "$@"; }
cleanup() {
    local p
    tm kill-server >/dev/null 2>&1
    # No program of this test may outlive it: every one has this data directory in its
    # environment (the helpers in a mount namespace too).
    for p in /proc/[0-9]*; do
        if { tr '\0' '\n' <"$p/environ"; } 2>/dev/null | grep -qxF "XDG_DATA_HOME=$DATA"; then
            kill -9 "${p#/proc/}" 2>/dev/null
        fi
    done
    chmod -R u+w "$TMP" 2>/dev/null
    rm -rf "$TMP"
}
trap cleanup EXIT
unset CAMELOT_VARIANT_DIR TMUX NO_COLOR
export TMPDIR="$RESCUE"
mkdir -p "$RESCUE"

# A session that lives throughout, so that the server never exits between games. Every pane
# stays once its program has ended, so that what it printed last can be read, and its exit
# status.
tm new-session -d -s keep -x 80 -y 24 "sleep 100000" || {
    echo "FAIL: tmux cannot start a server"
    exit 1
}
tm set-option -wg remain-on-exit on >/dev/null

# session NAME COMMAND: a new session NAME of 80x24 running COMMAND (retried if tmux is slow);
# the helpers below act on it from now on.
session() {
    local i
    S=$1
    tm kill-session -t "=$S" >/dev/null 2>&1
    for i in 1 2 3 4 5; do
        if tm new-session -d -s "$S" -x 80 -y 24 "$2" 2>/dev/null; then
            return 0
        fi
        sleep 0.2
        tm kill-session -t "=$S" >/dev/null 2>&1
    done
    echo "FAIL: tmux cannot start a session"
    FAILS=$((FAILS + 1))
    return 1
}

# The environment of every camelot here: a private data directory, home and temporary
# directory.
RUN="env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME='$TMP' TMPDIR='$RESCUE' XDG_DATA_HOME='$DATA'"

# start NAME ARGS...: camelot in session NAME, as the pane's own process (so that its end is
# the pane's end).
start() {
    local name=$1
    shift
    session "$name" "exec $RUN '$CAMELOT' $*"
}

# shown NAME ARGS...: camelot in session NAME, in a shell that then prints its exit status and
# stays, so that what camelot printed after its screen closed stays readable.
shown() {
    local name=$1
    shift
    session "$name" "$RUN '$CAMELOT' $*; echo \"camelot ended with exit status \$?\"; exec sleep 100000"
}

# modes NAME COMMAND...: COMMAND (camelot, perhaps under prlimit) in session NAME, in a shell
# that then prints its exit status and the terminal's modes as camelot left them ("terminal:
# icanon echo" when it gave the terminal back) and stays. The shell survives a SIGQUIT sent to
# the terminal's process group; camelot does not inherit that.
cat >"$TMP/modes.sh" <<'EOF'
trap : QUIT
"$@"
echo "camelot ended with exit status $?"
echo "terminal: $(stty -a | tr ' ;' '\n\n' | grep -xE -- '-?(icanon|echo)' | tr '\n' ' ')"
exec sleep 100000
EOF
modes() {
    local name=$1
    shift
    session "$name" "$RUN sh '$TMP/modes.sh' $*"
}

screen() { tm capture-pane -p -J -t "=$S:" 2>/dev/null; }
# The screen with no blanks and no line breaks: the game wraps long messages, and a path may
# be cut anywhere.
flat() { screen | tr -d ' \n'; }

# shows TEXT: whether the screen shows TEXT (a fixed string).
shows() { screen | grep -qF -- "$1"; }
# shows_flat TEXT: the same for a message the game may have wrapped, compared with no blanks.
shows_flat() { flat | grep -qF -- "${1// /}"; }

# wait_for TEXT [SECONDS]: polls the screen until it shows TEXT. Gives up early once the
# pane's program has ended, as nothing more will come.
wait_for() { poll shows "$@"; }
# wait_flat TEXT [SECONDS]: the same for a message the game may have wrapped.
wait_flat() { poll shows_flat "$@"; }
# polled COMMAND [SECONDS]: polls until COMMAND (shell text that reads the screen, given to
# eval) succeeds: tmux may show a screen half drawn, its first lines before the rest.
polled() { poll evaluates "$@"; }
evaluates() { eval "$1"; }
poll() {
    local test=$1 text=$2 limit=${3:-20} i=0
    while [ $i -lt $((limit * 20)) ]; do
        if "$test" "$text"; then
            return 0
        fi
        if ! alive; then
            "$test" "$text"
            return
        fi
        sleep 0.05
        i=$((i + 1))
    done
    return 1
}

# wait_file FILE TEXT [SECONDS]: until FILE holds TEXT (a fixed string).
wait_file() {
    local file=$1 text=$2 limit=${3:-20} i=0
    while [ $i -lt $((limit * 20)) ]; do
        if grep -qF -- "$text" "$file" 2>/dev/null; then
            return 0
        fi
        sleep 0.05
        i=$((i + 1))
    done
    return 1
}

check() {
    local what=$1
    shift
    if "$@"; then
        echo "ok: $what"
    else
        echo "FAIL: $what"
        echo "---- screen ($S) ----"
        screen
        echo "----------------"
        FAILS=$((FAILS + 1))
    fi
}

keys() { tm send-keys -t "=$S:" "$@"; }

# typed MOVE: ':' then the move and Enter.
typed() { keys : && keys -l "$1" && keys Enter; }

pane_pid() { tm display -p -t "=$S:" '#{pane_pid}'; }
alive() { [ "$(tm display -p -t "=$S:" '#{pane_dead}')" = 0 ]; }

# wait_dead [SECONDS]: until the program in the pane has ended.
wait_dead() {
    local limit=${1:-20} i=0
    while [ $i -lt $((limit * 20)) ]; do
        alive || return 0
        sleep 0.05
        i=$((i + 1))
    done
    return 1
}

# running PID: whether the process PID exists and is no zombie (read without a new process,
# as it is polled while timed).
running() {
    local stat
    { read -r stat <"/proc/$1/stat"; } 2>/dev/null || return 1
    stat=${stat##*) }
    [ "${stat%% *}" != Z ]
}

# child_camelot PID: the camelot process whose parent is PID (a pane's shell).
child_camelot() {
    local p stat rest
    for p in /proc/[0-9]*; do
        { read -r stat <"$p/stat"; } 2>/dev/null || continue
        [[ $stat == *"(camelot) "* ]] || continue
        rest=${stat##*) }
        rest=${rest#* }
        if [ "${rest%% *}" = "$1" ]; then
            echo "${p#/proc/}"
            return 0
        fi
    done
    return 1
}

now_ms() { echo $(($(date +%s%N) / 1000000)); }

# end_time PID ACTION...: runs ACTION, which asks the process PID to end, and sets ELAPSED to
# the milliseconds until it has ended (it is polled every 10 ms; -1 when it is still running
# after 10 s).
ELAPSED=-1
end_time() {
    local pid=$1 t0 i=0
    shift
    t0=$(now_ms)
    "$@"
    while running "$pid"; do
        if [ $i -ge 1000 ]; then
            ELAPSED=-1
            return
        fi
        sleep 0.01
        i=$((i + 1))
    done
    ELAPSED=$(($(now_ms) - t0))
}

# The program's promise is to end within a second; the limit checked is that times the tests'
# time factor (a build with the sanitizers, a loaded CI machine).
LIMIT_MS=$((1000 * $(time_factor)))
within_limit() { [ "$ELAPSED" -ge 0 ] && [ "$ELAPSED" -lt "$LIMIT_MS" ]; }

# fresh: an empty data directory.
fresh() {
    chmod -R u+w "$DATA" 2>/dev/null
    rm -rf "$DATA"
    mkdir -p "$SAVES"
}

# only_file GLOB: the one file of the data directory that matches GLOB (a name), or nothing
# when there is none or more than one.
only_file() {
    local f
    f=$(cd "$SAVES" && ls -1d $1 2>/dev/null)
    [ "$(printf '%s\n' "$f" | grep -c .)" = 1 ] && echo "$f"
}

# A game record as the program writes it: two moves each, unfinished.
record() {
    printf '[Variant "camelot"]\n[Date "2024.05.01"]\n[White "human"]\n[Black "human"]\n'
    printf '[Seats "W=human B=human"]\n[Result "*"]\n\n1. D6-D8 G11-G9 2. E6-E7 H11-H10 *\n'
}

if part untimed; then
# ---- 1. A damaged autosave is kept aside, never written over -------------------------------

# damage KIND: what is not a game, in $TMP/old.
damage() {
    case $1 in
        garbage) printf 'this is no game\001\002\377 at all\n[Result "*"\n1. ??\n' ;;
        NUL) record | sed 's/G11-G9/G11\x00\x00-G9/' ;;
        big) record && head -c $((5 * 1024 * 1024)) /dev/zero | tr '\0' ' ' ;;
    esac >"$TMP/old"
}

# kept_as: the damaged-*.txt file the screen names ("... it was kept as PATH."), by its name.
kept_as() { flat | grep -o "itwaskeptas$SAVES/damaged-[0-9-]*\.txt" | sed 's|.*/||'; }

# new_game_saved: autosave.txt holds the one move of the new game, and nothing of the old.
new_game_saved() {
    wait_file "$SAVES/autosave.txt" "1. E6-E8 *" &&
        ! grep -qF "D6-D8" "$SAVES/autosave.txt" &&
        [ "$(wc -c <"$SAVES/autosave.txt")" -lt 1000 ]
}

for kind in garbage NUL big; do
    damage $kind
    case $kind in
        NUL) check "NUL: the old autosave has two NUL bytes" \
            eval '[ "$(tr -cd "\0" <"$TMP/old" | wc -c)" = 2 ]' ;;
        big) check "big: the old autosave is over 5 MB" \
            eval '[ "$(wc -c <"$TMP/old")" -gt 5000000 ]' ;;
    esac
    fresh
    cp "$TMP/old" "$SAVES/autosave.txt"
    start g --seat B=human
    check "$kind: a new game starts" wait_for "Camelot - move 1, White to move"
    check "$kind: which does not touch the old autosave before its first move" \
        cmp -s "$TMP/old" "$SAVES/autosave.txt"
    typed E6-E8
    check "$kind: after the first move the screen says where the old autosave was kept" \
        wait_flat "The autosave could not be read as a game; it was kept as $SAVES/damaged-"
    kept=$(kept_as)
    check "$kind: that file is there, the only one set aside" \
        eval '[ -n "$kept" ] && [ "$(only_file "damaged-*")" = "$kept" ] &&
              [ -z "$(only_file "unfinished-*")" ]'
    check "$kind: with exactly the old bytes" eval '[ -n "$kept" ] && cmp -s "$TMP/old" "$SAVES/$kept"'
    check "$kind: autosave.txt holds the new game" new_game_saved
    keys q
    check "$kind: q quits" wait_dead
    check "$kind: the kept file is still the old one" \
        eval '[ -n "$kept" ] && cmp -s "$TMP/old" "$SAVES/$kept"'

    # --resume of a damaged autosave: kept aside, said, and a new game.
    fresh
    cp "$TMP/old" "$SAVES/autosave.txt"
    start g --resume --seat B=human
    check "--resume of a $kind autosave says it was kept aside, and starts a new game" \
        eval 'wait_flat "The autosave could not be read as a game; it was kept as $SAVES/damaged-" &&
              wait_flat "Here is a new game." && wait_for "Camelot - move 1, White to move"'
    kept=$(kept_as)
    check "--resume, $kind: the kept file holds exactly the old bytes" \
        eval '[ -n "$kept" ] && [ "$(only_file "damaged-*")" = "$kept" ] &&
              cmp -s "$TMP/old" "$SAVES/$kept"'
    typed E6-E8
    check "--resume, $kind: the new game is autosaved" new_game_saved
    check "--resume, $kind: and nothing else is set aside" \
        eval '[ -n "$kept" ] && [ "$(only_file "damaged-*")" = "$kept" ] &&
              [ -z "$(only_file "unfinished-*")" ] &&
              cmp -s "$TMP/old" "$SAVES/$kept"'
    keys q
    wait_dead
done

# ---- 2. Two games in one data directory each keep their autosave ---------------------------
fresh
start first --seat B=human
check "two at once: the first game starts" wait_for "Camelot - move 1, White to move"
typed E6-E8
check "the first game's move is autosaved" wait_file "$SAVES/autosave.txt" "1. E6-E8 *"

shown third --resume
check "--resume while the first plays refuses clearly" \
    eval 'wait_for "camelot ended with exit status" &&
          screen | grep -qE "^camelot: --resume: .*in use by another camelot" &&
          ! flat | grep -qF "Camelot-move"'
check "with exit status 1" polled '[ "$(screen | grep -o "exit status [0-9]*")" = "exit status 1" ]'

start second --seat B=human
check "the second game starts" wait_for "Camelot - move 1, White to move"
typed G6-G8
check "the second says where its game is saved" \
    wait_flat "Another camelot is playing in this data directory: this game is saved to $SAVES/autosave-2.txt"
check "the second game is saved there" wait_file "$SAVES/autosave-2.txt" "1. G6-G8 *"
typed H11-H9
check "and its next move too" wait_file "$SAVES/autosave-2.txt" "1. G6-G8 H11-H9 *"
S=first
typed F11-F9
check "the first game goes on in autosave.txt" wait_file "$SAVES/autosave.txt" "1. E6-E8 F11-F9 *"
check "and says nothing of another camelot" eval '! flat | grep -qF "Anothercamelot"'
keys q
check "the first quits" wait_dead
S=second
keys q
check "the second quits" wait_dead
check "autosave.txt holds the first game, whole" \
    eval 'grep -qxF "1. E6-E8 F11-F9 *" "$SAVES/autosave.txt" && ! grep -q "G6-G8" "$SAVES/autosave.txt"'
check "autosave-2.txt holds the second game, whole" \
    eval 'grep -qxF "1. G6-G8 H11-H9 *" "$SAVES/autosave-2.txt" &&
          ! grep -q "E6-E8" "$SAVES/autosave-2.txt"'
check "no game was set aside" \
    eval '[ -z "$(cd "$SAVES" && ls -1d unfinished-* damaged-* 2>/dev/null)" ]'
start first --resume
check "once both have ended, --resume continues the first game" \
    polled 'wait_for "Camelot - move 2, White to move" && screen | grep -qE "1\. E6-E8 +F11-F9"'
keys q
wait_dead
tm kill-session -t =third >/dev/null 2>&1

# ---- 3. A full or read-only data directory loses no move ------------------------------------

# The data directory is made to refuse writes after the first move is saved. As root,
# permissions refuse nothing: the data directory is then a tiny tmpfs in a mount namespace of
# its own (unshare), filled up. Without root, 'chmod 555' makes it read-only, and the tmpfs is
# tried as well (in a user namespace).

# Runs as the pane's program: the data directory becomes a tmpfs of 64 KiB, a helper runs the
# shell commands the test drops into $TMP/ns (in this mount namespace), and camelot runs;
# what it prints as it ends stays on the screen.
cat >"$TMP/in-ns.sh" <<'EOF'
mount -t tmpfs -o size=64k tmpfs "$SAVES" || exit 1
(
    n=1
    while :; do
        if [ -e "$CTL/$n.sh" ]; then
            sh "$CTL/$n.sh" >"$CTL/$n.out" 2>&1
            echo $? >"$CTL/$n.rc"
            n=$((n + 1))
        fi
        sleep 0.05
    done
) &
"$CAMELOT" "$@"
echo "camelot ended with exit status $?"
exec sleep 100000
EOF

# in_ns COMMAND: runs COMMAND in the pane's mount namespace; its status.
NS_N=0
in_ns() {
    local i=0
    NS_N=$((NS_N + 1))
    printf '%s\n' "$1" >"$TMP/ns/tmp.sh"
    mv "$TMP/ns/tmp.sh" "$TMP/ns/$NS_N.sh"
    while [ ! -s "$TMP/ns/$NS_N.rc" ] && [ $i -lt 400 ]; do
        sleep 0.05
        i=$((i + 1))
    done
    return "$(cat "$TMP/ns/$NS_N.rc" 2>/dev/null || echo 1)"
}

# A namespace with mounts of our own, seen by no other process: plain 'unshare -m' as root,
# else a user namespace.
NS=""
mkdir -p "$TMP/probe"
for ns in "unshare -m --propagation private" "unshare -Urm --propagation private"; do
    if $ns sh -c 'mount -t tmpfs -o size=64k tmpfs "$1"' sh "$TMP/probe" 2>/dev/null; then
        NS=$ns
        break
    fi
done

# The ways of refusing writes: 'ro' (chmod, not as root) and 'full' (a namespace's tmpfs).
WAYS=""
[ "$(id -u)" != 0 ] && WAYS="ro"
[ -n "$NS" ] && WAYS="$WAYS full"
if [ -z "$WAYS" ]; then
    echo "SKIP: a full or read-only data directory: running as root (so chmod does not stop" \
        "writes) and no mount namespace can be made here (unshare -m, unshare -Urm)"
fi

# refuse WAY / allow WAY: the data directory stops or starts taking writes.
refuse() {
    case $1 in
        ro) chmod 555 "$SAVES" ;;
        full) in_ns "dd if=/dev/zero of='$SAVES/filler' bs=4096 2>/dev/null; ! printf x >>'$SAVES/filler'" ;;
    esac
}
allow() {
    case $1 in
        ro) chmod 755 "$SAVES" ;;
        full) in_ns "rm -f '$SAVES/filler'" ;;
    esac
}
# autosave_has WAY TEXT: the autosave (seen from the pane's namespace) holds TEXT.
autosave_has() {
    case $1 in
        ro) wait_file "$SAVES/autosave.txt" "$2" ;;
        full) in_ns "grep -qF '$2' '$SAVES/autosave.txt'" ;;
    esac
}

for way in $WAYS; do
    fresh
    rm -rf "$RESCUE" "$TMP/ns"
    mkdir -p "$RESCUE" "$TMP/ns"
    case $way in
        ro) why="Permission denied" ;;
        full) why="No space left on device" ;;
    esac
    args="--seat B=human"
    NS_N=0
    if [ "$way" = full ]; then
        session g "exec $RUN SAVES='$SAVES' CTL='$TMP/ns' CAMELOT='$CAMELOT' $NS sh '$TMP/in-ns.sh' $args"
    else
        shown g $args
    fi
    check "$way: a game starts" wait_for "Camelot - move 1, White to move"
    typed E6-E8
    check "$way: its first move is saved" eval 'wait_for "White played E6-E8." && autosave_has $way "1. E6-E8 *"'
    check "$way: then the data directory takes no more" refuse "$way"
    typed F11-F9
    check "$way: the next autosave fails, with its reason on the screen" \
        wait_flat "Autosave failed: "
    check "$way: the reason names the autosave and says '$why'" \
        polled 'flat | grep -qF "Autosavefailed:$SAVES/autosave.txt:" && wait_flat "$why" 5'
    check "$way: the autosave still holds the first move, whole" \
        eval 'autosave_has $way "1. E6-E8 *"'
    allow "$way"
    check "$way: once the directory takes writes again, the save is tried again and works" \
        eval 'wait_for "The game is saved again." 10 && autosave_has $way "1. E6-E8 F11-F9 *"'
    refuse "$way"
    typed D6-D8
    check "$way: a move the directory refuses again" wait_flat "Autosave failed: "
    pid=$(child_camelot "$(pane_pid)")
    end_time "${pid:-0}" keys q
    check "$way: q ends the game within 1 s, ${LIMIT_MS} ms here (time measured: $ELAPSED ms)" \
        eval '[ -n "$pid" ] && within_limit && wait_for "camelot ended with exit status"'
    check "$way: with exit status 1" \
        polled '[ "$(screen | grep -o "exit status [0-9]*")" = "exit status 1" ]'
    rescued=$(flat | grep -o "itwassavedto$RESCUE/camelot-rescued-[0-9-]*\.txt" | sed 's/itwassavedto//')
    check "$way: it says why, and where the game was rescued (after the screen closed)" \
        polled 'screen | grep -q "^camelot: the game could not be autosaved: .*$why" &&
                [ -n "$rescued" ] && screen | grep -qF "camelot: it was saved to $rescued"'
    check "$way: the rescued file holds every move, the last included" \
        eval 'grep -qxF "1. E6-E8 F11-F9 2. D6-D8 *" "$rescued"'
    check "$way: and resumes with 'camelot --load'" \
        eval '"$CAMELOT" replay "$rescued" </dev/null >/dev/null 2>&1'
    tm kill-session -t =g >/dev/null 2>&1
    chmod -R u+w "$DATA" 2>/dev/null
done

# Nothing takes the game: the data directory, $TMPDIR, /tmp and $HOME all refuse (read-only
# tmpfs mounts over /tmp and this test's directory, where all of them are, in the pane's mount
# namespace). The record goes to standard error.
if [ -z "$NS" ]; then
    echo "SKIP: nowhere to save a game: no mount namespace can be made here (unshare -m," \
        "unshare -Urm)"
else
    fresh
    rm -rf "$RESCUE" "$TMP/ns"
    mkdir -p "$RESCUE" "$TMP/ns"
    NS_N=0
    session g "exec $RUN SAVES='$SAVES' CTL='$TMP/ns' CAMELOT='$CAMELOT' $NS sh '$TMP/in-ns.sh' --seat B=human"
    check "nowhere to save: a game starts" wait_for "Camelot - move 1, White to move"
    typed E6-E8
    check "nowhere to save: the first move is saved" eval 'wait_for "White played E6-E8." &&
          autosave_has full "1. E6-E8 *"'
    # /tmp, then this test's directory if it is elsewhere, covered. The helper cannot report
    # then: the autosave is looked for through the pane's process instead.
    printf '%s\n' "mount -t tmpfs -o ro,size=4k tmpfs /tmp; mount -t tmpfs -o ro,size=4k tmpfs '$TMP'" \
        >"$TMP/ns/next.sh"
    mv "$TMP/ns/next.sh" "$TMP/ns/$((NS_N + 1)).sh"
    root="/proc/$(pane_pid)/root"
    check "nowhere to save: /tmp is covered" \
        eval 'for i in $(seq 200); do [ -e "$root$SAVES/autosave.txt" ] || break; sleep 0.05; done
              [ -d "$root/tmp" ] && [ ! -e "$root$SAVES/autosave.txt" ]'
    typed F11-F9
    check "nowhere to save: the autosave fails" wait_flat "Autosave failed: "
    keys q
    check "nowhere to save: q ends the game, exit status 1" \
        polled 'wait_for "camelot ended with exit status" &&
                [ "$(screen | grep -o "exit status [0-9]*")" = "exit status 1" ]'
    check "nowhere to save: the record is on standard error, with every move" \
        polled 'screen | grep -q "^camelot: nowhere could take it; here is its record:" &&
                screen | grep -qxF "[Seats \"W=human B=human\"]" &&
                screen | grep -qxF "1. E6-E8 F11-F9 *"'
    tm kill-session -t =g >/dev/null 2>&1
fi

fi

if part timed; then
# ---- 4. q, SIGTERM and SIGHUP end the game within 1 s, whatever is running ----------------

# In the lattice the person, playing Black, moves first; then the engine, playing White,
# searches a position with more jump chains than any generation can list, and plays a capture
# of some forty men, whose notation takes long to find. The program is asked to end at times
# from at once after the person's move (while the screen takes it in) through the engine's
# search to its move and after: each time it must end within a second, with the game saved.
for spec in "q 0" "TERM 0" "HUP 0.4" "q 0.7" "TERM 0.8" "q 0.9" "HUP 1.1" "q 1.5" "TERM 2" \
    "q 2.6" "HUP 3.2"; do
    how=${spec% *}
    delay=${spec#* }
    fresh
    start g --variant "'$LATTICE'" --seat W=engine --seat B=human
    check "lattice: the game starts" wait_for "Lattice - move 1, Black to move"
    keys : && keys -l H11-H12
    check "lattice: the person types a move" \
        wait_for "Move for Black (WCF notation, Enter plays, Esc cancels): H11-H12"
    pid=$(pane_pid)
    keys Enter
    # A signal stops the program reading its input, so it is sent only once the move is played
    # and saved (a loaded machine could otherwise send it before the Enter is read); q comes
    # after the Enter in the input itself.
    [ "$how" = q ] || check "lattice ($how, $delay s): the person's move is played first" \
        wait_file "$SAVES/autosave.txt" "1. H11-H12" 20
    sleep "$delay"
    case $how in
        q) end_time "$pid" keys q ;;
        *) end_time "$pid" kill -"$how" "$pid" ;;
    esac
    check "lattice: $how $delay s after the person's move ends the program within 1 s, ${LIMIT_MS} ms here (time measured: $ELAPSED ms)" \
        within_limit
    check "lattice ($how, $delay s): the pane shows it ended" wait_dead 10
    check "lattice ($how, $delay s): the autosave holds the person's move, whole" \
        eval 'grep -qE "^1\. H11-H12( |\$)" "$SAVES/autosave.txt" &&
              tail -n 1 "$SAVES/autosave.txt" | grep -qE "(^| )\*\$" &&
              "$CAMELOT" replay "$SAVES/autosave.txt" </dev/null >/dev/null 2>&1'
done

fi

if part untimed; then
# ---- 5. A save cut short resumes with the moves before the cut ------------------------------
fresh
start g --seat B=human
check "a game to cut short" wait_for "Camelot - move 1, White to move"
for m in E6-E8 F11-F9 D6-D8 G11-G9 E8-E9; do
    typed "$m"
    wait_file "$SAVES/autosave.txt" " $m *" 10
done
keys q
wait_dead
check "five moves saved" grep -qxF "1. E6-E8 F11-F9 2. D6-D8 G11-G9 3. E8-E9 *" "$SAVES/autosave.txt"
cp "$SAVES/autosave.txt" "$TMP/whole"

# cut_at TEXT PLIES MOVES LOST: the autosave cut just after TEXT (its last occurrence), as a
# write cut short leaves it; --resume must say that PLIES (as the game counts them: "2 moves
# (4 plies)") were recovered and list MOVES
# (the record's move text of those) but not LOST, the move that was cut; quitting then saves
# them whole.
cut_at() {
    local text=$1 plies=$2 moves=$3 lost=$4 body m listed=1
    body=$(cat "$TMP/whole")
    body=${body%"${body##*"$text"}"}
    fresh
    printf '%s' "$body" >"$SAVES/autosave.txt"
    start g --resume
    check "cut after '$text': --resume starts" wait_for "Camelot - move"
    check "cut after '$text': and says $plies were recovered" \
        wait_flat "The save $SAVES/autosave.txt was cut short; recovered: $plies." 3
    for m in $moves; do
        case $m in
            *-*) screen | grep -qF -- " $m" || listed=0 ;;
        esac
    done
    check "cut after '$text': the move list holds those moves, not $lost" \
        eval '[ $listed = 1 ] && ! screen | grep -qF -- "$lost"'
    keys q
    wait_dead
    check "cut after '$text': quitting saves those moves whole" \
        grep -qxF "$moves *" "$SAVES/autosave.txt" 2>/dev/null
}
# Cuts inside a move, between moves and inside another move.
cut_at "3. E8-E" "2 moves (4 plies)" "1. E6-E8 F11-F9 2. D6-D8 G11-G9" E8-E9
cut_at "G11-G9 " "2 moves (4 plies)" "1. E6-E8 F11-F9 2. D6-D8 G11-G9" E8-E9
cut_at "2. D6-D8 G1" "2 moves (3 plies)" "1. E6-E8 F11-F9 2. D6-D8" G11-G9

# ---- 6. No data directory: the game is rescued as the program ends --------------------------
# 'camelot' in the data home is a file, so that no data directory can be made.
rm -rf "$DATA" "$RESCUE"
mkdir -p "$DATA" "$RESCUE"
: >"$SAVES"
shown g --seat B=human
check "no data directory: a game starts" wait_for "Camelot - move 1, White to move"
check "no data directory: the screen says that nothing is autosaved, and why" \
    wait_flat "Games are not autosaved: cannot create $SAVES: Not a directory."
typed E6-E8
check "no data directory: a move is played" wait_for "Black to move"
keys q
check "no data directory: q ends the game, exit status 1" \
    polled 'wait_for "camelot ended with exit status" &&
            [ "$(screen | grep -o "exit status [0-9]*")" = "exit status 1" ]'
rescued=$(flat | grep -o "itwassavedto$RESCUE/camelot-rescued-[0-9-]*\.txt" | sed 's/itwassavedto//')
check "no data directory: it says why, and where the game was rescued" \
    polled 'flat | grep -qF "camelot:thegamecouldnotbeautosaved:cannotcreate$SAVES:Notadirectory" &&
            [ -n "$rescued" ] && grep -qxF "1. E6-E8 *" "$rescued"'
tm kill-session -t =g >/dev/null 2>&1

# ---- 7. A file size limit ('ulimit -f') loses no move and leaves the terminal whole ---------
# 64 bytes: the lock file takes its process id, but no record fits. Every write of the game
# fails, the autosave and the rescue alike, so the record goes to standard error.
if ! command -v prlimit >/dev/null 2>&1; then
    echo "SKIP: no prlimit to set a file size limit"
else
    fresh
    modes g prlimit --fsize=64 "'$CAMELOT'" --seat B=human
    check "file size limit: a game starts" wait_for "Camelot - move 1, White to move"
    typed E6-E8
    check "file size limit: the autosave fails with its reason, and the game goes on" \
        eval 'wait_flat "Autosave failed: " && wait_flat "File too large" 5 &&
              wait_for "Black to move" 5'
    typed F11-F9
    check "file size limit: the next move is played" wait_for "move 2, White to move" 5
    keys q
    check "file size limit: q ends the game, exit status 1" \
        polled 'wait_for "camelot ended with exit status" &&
                [ "$(screen | grep -o "exit status [0-9]*")" = "exit status 1" ]'
    check "file size limit: the record is on standard error, with every move" \
        polled 'screen | grep -q "^camelot: nowhere could take it; here is its record:" &&
                screen | grep -qxF "1. E6-E8 F11-F9 *"'
    check "file size limit: the terminal is given back" wait_for "terminal: icanon echo" 5
    check "file size limit: no temporary file is left in the data directory" \
        eval '! ls -A "$SAVES" | grep -q "^\.autosave"'
    tm kill-session -t =g >/dev/null 2>&1
fi

# ---- 8. Ctrl-\ (SIGQUIT) ends the game as SIGTERM does -----------------------------------------
fresh
modes g "'$CAMELOT'" --seat B=human --time 5+0
check "Ctrl-\\: a game starts" wait_for "Camelot - move 1, White to move"
typed E6-E8
check "Ctrl-\\: a move is played" wait_for "Black to move"
typed F11-F9
check "Ctrl-\\: Black's first move is played" wait_for "White to move"
typed F6-F8
check "Ctrl-\\: White's second move is played" wait_for "Black to move"
sleep 1.5 # Black's clock runs, Black having moved: the save at the end has it under 300 s
keys 'C-\'
check "Ctrl-\\: the game ends as after SIGTERM, exit status 131 (128 + SIGQUIT)" \
    polled 'wait_for "camelot ended with exit status" &&
            [ "$(screen | grep -o "exit status [0-9]*")" = "exit status 131" ]'
check "Ctrl-\\: the terminal is given back" wait_for "terminal: icanon echo" 5
check "Ctrl-\\: the game is saved as it ended, Black's clock run down" \
    eval 'grep -qxF "1. E6-E8 F11-F9 2. F6-F8 *" "$SAVES/autosave.txt" &&
          grep -q "^\[Clocks \"W=[0-9.]* B=2[0-9.]*\"\]" "$SAVES/autosave.txt"'
tm kill-session -t =g >/dev/null 2>&1
fi

if [ "$FAILS" -ne 0 ]; then
    echo "$FAILS check(s) failed"
    exit 1
fi
echo "all checks passed"
