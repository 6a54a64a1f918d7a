# shellcheck shell=bash source-path=SCRIPTDIR
# Shared harness of the shell end-to-end suites (Tests/e2e/run, Tests/e2e/zoom)
# and of the shell scripts that drive fourway on Xvfb: argument check, the
# bounded re-run under `timeout`, dependency checks, the X server (its own Xvfb
# on a free display, or the one in $DISPLAY that Tests/e2e/run shares), starting
# fourway (started again when Xvfb drops it while resetting), window lookup,
# xdotool drags, screenshots, waiting on the event log, PASS/FAIL counting, the
# final "N passed, N failed" line and the cleanup traps.
#
# A suite sources it and calls harness_begin first:
#
#   source "$(dirname "${BASH_SOURCE[0]}")/lib/harness.sh"
#   harness_begin zoom 120 "$@"        # NAME TOTAL_TIMEOUT_S ARGS
#   harness_x_server shared            # or: own
#   start_app zoom --layout row "$ROW" || harness_finish
#   m=$(mark); xdotool key --window "$WID" plus; wait_event "$m" settled 0.4
#   check "+ zooms in" "$m" 'zooms()==[(1.5, False)]'
#   QUIT_LABEL="zoom: " stop_app
#   harness_finish
#
# Variables it sets: BIN, ROOT, OUT (Tests/e2e/out), WORK (removed at exit),
# DISPLAY, APP_PID, WID, LOG, ERR, passed, failed. Scripts that are no suite
# (scripts/soak, scripts/zoom-frame-cost) call harness_dependencies,
# harness_x_server and launch_app on their own; it all works under `set -e`.

HARNESS_LIB=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HARNESS_LIB/../../.." && pwd)
OUT="$ROOT/Tests/e2e/out"
# The Python the suites run (event checks, the Python suites) writes no
# __pycache__ into the tree.
export PYTHONDONTWRITEBYTECODE=1

# Upper bound, s, on one start of fourway or one wait on the event log: only
# there so a hang fails instead of stalling CI.
WAIT_TIMEOUT=15
# Xvfb resets when its last client leaves and drops a client that connects
# meanwhile ("could not connect to DISPLAY"): a start it dropped is tried again,
# this many starts in all.
START_ATTEMPTS=3
# The screen of every Xvfb the harness starts (suites may set it before
# harness_x_server; soak wants room around its window).
XVFB_SCREEN=${XVFB_SCREEN:-1280x900x24}
# The real ImageMagick (a stand-in `convert` may shadow it on PATH).
CONVERT=/usr/bin/convert
IMPORT=/usr/bin/import
# shellcheck disable=SC2034 # for the suites that source this
COMPARE=/usr/bin/compare
# ImageMagick's default font (Ghostscript's) is not installed; DejaVu is.
# shellcheck disable=SC2034 # for the suites that source this
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf

passed=0
failed=0
APP_PID=""
XVFB_PID=""
WID=""
LOG=""
ERR=""
WORK=""
# Other processes to end at exit (e.g. a second window).
HARNESS_PIDS=()

# harness_begin NAME TOTAL_TIMEOUT ARGS...: wants one argument, an executable
# fourway (BIN); re-runs the script under `timeout` (its TERM reaches the trap
# below, which counts a failure and cleans up); installs and checks the tools;
# makes WORK and OUT. The re-run is marked in FOURWAY_<NAME>_BOUNDED, one per
# suite, so a suite started by another one is bounded too.
harness_begin() {
    HARNESS_NAME=$1
    HARNESS_TOTAL_TIMEOUT=$2
    shift 2
    if [[ $# -ne 1 || ! -x "$1" ]]; then
        echo "usage: ${0#"$ROOT/"} FOURWAY_BIN (an executable fourway)" >&2
        exit 2
    fi
    BIN=$(realpath "$1")
    local bounded="FOURWAY_${HARNESS_NAME^^}_BOUNDED"
    bounded=${bounded//[^A-Z0-9_]/_}
    if [[ -z ${!bounded:-} ]]; then
        export "$bounded=1"
        exec timeout --kill-after=15 "$HARNESS_TOTAL_TIMEOUT" "$0" "$@"
    fi
    harness_dependencies "$HARNESS_NAME" || exit 2
    mkdir -p "$OUT"
    WORK=$(mktemp -d "/tmp/fourway-$HARNESS_NAME.XXXXXX")
    trap harness_cleanup EXIT
    trap 'echo "FAIL: $HARNESS_NAME interrupted or timed out (${HARNESS_TOTAL_TIMEOUT} s)"; echo "$passed passed, $((failed + 1)) failed"; exit 1' INT TERM
}

# harness_dependencies NAME: installs what is missing (scripts/lib/install-deps)
# and checks the tools every run needs.
harness_dependencies() {
    local name=$1 tool
    HARNESS_NAME=${HARNESS_NAME:-$name}   # names a script that is no suite in messages
    # shellcheck source=../../../scripts/lib/install-deps
    source "$ROOT/scripts/lib/install-deps" || return 1
    for tool in Xvfb xdotool xdpyinfo xmessage python3; do
        command -v "$tool" >/dev/null || { echo "$name: $tool is missing" >&2; return 1; }
    done
    [[ -x $CONVERT && -x $IMPORT ]] || { echo "$name: ImageMagick (convert, import) is missing" >&2; return 1; }
}

harness_cleanup() {
    local pid
    for pid in $APP_PID "${HARNESS_PIDS[@]}" $XVFB_PID; do kill "$pid" 2>/dev/null || true; done
    for pid in $APP_PID "${HARNESS_PIDS[@]}" $XVFB_PID; do wait "$pid" 2>/dev/null || true; done
    [[ -n $WORK ]] && rm -rf "$WORK"
}

pass() { passed=$((passed + 1)); echo "PASS: $1"; }
fail() { failed=$((failed + 1)); echo "FAIL: $1"; }

# harness_finish: the final "N passed, N failed" line; exits 1 on any failure.
harness_finish() {
    echo "$passed passed, $failed failed"
    ((failed == 0)) && exit 0
    exit 1
}

# ---------------------------------------------------------------- X server
# harness_x_server own|shared [FIRST LAST]: `shared` keeps the X server in
# $DISPLAY when one answers (Tests/e2e/run shares its Xvfb with the suites it
# runs); otherwise starts Xvfb (XVFB_SCREEN, its output in XVFB_LOG, default
# WORK/xvfb.log) on the highest free display between FIRST and LAST (default
# 69..30) and waits until it answers. Exits 2 when none starts.
harness_x_server() {
    local mode=$1 first=${2:-69} last=${3:-30} n
    unset WAYLAND_DISPLAY SDL_VIDEODRIVER
    if [[ $mode == shared && -n ${DISPLAY:-} ]] && xdpyinfo >/dev/null 2>&1; then
        return 0
    fi
    local log=${XVFB_LOG:-${WORK:+$WORK/xvfb.log}}
    log=${log:-/dev/null}
    for n in $(seq "$first" -1 "$last"); do
        [[ -e /tmp/.X11-unix/X$n || -e /tmp/.X$n-lock ]] && continue
        export DISPLAY=":$n"
        Xvfb "$DISPLAY" -screen 0 "$XVFB_SCREEN" -nolisten tcp >"$log" 2>&1 &
        XVFB_PID=$!
        for _ in $(seq 100); do
            xdpyinfo >/dev/null 2>&1 && return 0
            # Another run took this display between the look and the start: the next one.
            kill -0 "$XVFB_PID" 2>/dev/null || break
            sleep 0.1
        done
        kill "$XVFB_PID" 2>/dev/null || true
        wait "$XVFB_PID" 2>/dev/null || true
        XVFB_PID=""
        echo "${HARNESS_NAME:-e2e}: Xvfb did not start on $DISPLAY: $(tail -c 300 "$log")" >&2
    done
    echo "${HARNESS_NAME:-e2e}: no Xvfb started on a free display between :$last and :$first" >&2
    exit 2
}

# ---------------------------------------------------------------- fourway
# start_app NAME ARGS...: runs BIN --size ${APP_SIZE:-900x600} --events
# WORK/NAME.jsonl ARGS (stderr in WORK/NAME.stderr), waits for its window (WID)
# and first frame, moves the window to 0,0 and focuses it. A start that Xvfb
# dropped is tried again (START_ATTEMPTS). Counts a FAIL and returns 1 when no
# window with a first frame appears.
start_app() {
    local name=$1
    shift
    LOG="$WORK/$name.jsonl"
    ERR="$WORK/$name.stderr"
    : >"$LOG"
    launch_app "$BIN" --size "${APP_SIZE:-900x600}" --events "$LOG" "$@"
    if [[ -z $WID ]] || ! grep -q '"first-frame"' "$LOG"; then
        fail "$name: window appears with a first frame (window '${WID}'; stderr: $(head -c 300 "$ERR"); log: $(head -c 300 "$LOG"))"
        kill "$APP_PID" 2>/dev/null || true
        APP_PID=""
        return 1
    fi
    xdotool windowmove --sync "$WID" 0 0 >/dev/null 2>&1 || true
    xdotool windowfocus --sync "$WID" 2>/dev/null || true
    sleep 0.3
}

# launch_app COMMAND...: runs COMMAND in the background (stderr to ERR), sets
# APP_PID, and waits until its window is found (WID) and LOG has a
# "first-frame" line, or it exits, or WAIT_TIMEOUT passes. When it exited
# saying "could not connect to DISPLAY" (Xvfb was resetting), it is started
# again, START_ATTEMPTS starts in all.
launch_app() {
    local attempt
    for attempt in $(seq "$START_ATTEMPTS"); do
        "$@" 2>"$ERR" &
        APP_PID=$!
        WID=""
        for _ in $(seq $((WAIT_TIMEOUT * 10))); do
            WID=$(xdotool search --pid "$APP_PID" --name "^fourway" 2>/dev/null | head -1 || true)
            [[ -n $WID ]] && grep -q '"first-frame"' "$LOG" 2>/dev/null && break
            kill -0 "$APP_PID" 2>/dev/null || break
            sleep 0.1
        done
        kill -0 "$APP_PID" 2>/dev/null && return 0
        grep -q "could not connect to DISPLAY" "$ERR" || return 0
        ((attempt < START_ATTEMPTS)) &&
            echo "   (Xvfb was resetting as fourway connected; starting it again, attempt $((attempt + 1)))"
    done
    return 0
}

# stop_app: q, then waits for a clean exit; the check is named
# "${QUIT_LABEL}quits on q with exit code 0". Keeps the log and stderr in OUT.
stop_app() {
    local label=${QUIT_LABEL:-}
    [[ -n $APP_PID ]] || return 0
    xdotool windowfocus --sync "$WID" 2>/dev/null || true
    xdotool key --window "$WID" q 2>/dev/null || true
    local status=0
    for _ in $(seq $((WAIT_TIMEOUT * 10))); do
        kill -0 "$APP_PID" 2>/dev/null || break
        sleep 0.1
    done
    if kill -0 "$APP_PID" 2>/dev/null; then
        kill "$APP_PID" 2>/dev/null
        fail "${label}quits on q"
    else
        wait "$APP_PID" || status=$?
        if ((status == 0)); then pass "${label}quits on q with exit code 0"; else fail "${label}quits on q (exit $status; stderr: $(tail -c 400 "$ERR"))"; fi
    fi
    APP_PID=""
    # fourway closes its window on q's press; xdotool, sending the release to
    # that window, then fails and the X server keeps q pressed, which the next
    # fourway would see held. Released here (harness.py's release_stuck_keys).
    xdotool keyup q 2>/dev/null || true
    cp "$LOG" "$ERR" "$OUT/" 2>/dev/null || true
}

# ---------------------------------------------------------------- the event log
# mark: how many lines the event log has now (checks look at what follows).
mark() { wc -l <"$LOG"; }

# wait_event FROM NAME [REST]: waits until an event NAME follows line FROM,
# then REST s more (default 0.25) for the frames that follow it.
wait_event() {
    local from=$1 name=$2 rest=${3:-0.25}
    for _ in $(seq $((WAIT_TIMEOUT * 20))); do
        tail -n +"$((from + 1))" "$LOG" | grep -q "\"$name\"" && break
        sleep 0.05
    done
    sleep "$rest"
}

# settle FROM: waits until a "settled" line follows line FROM (and a little more).
settle() { wait_event "$1" settled 0.25; }

# check DESCRIPTION FROM PYTHON_EXPR: PASS when the expression holds over the
# event log (Tests/e2e/lib/event_check.py names what it may use: `ev`, the
# events after line FROM, `all_ev`, kinds(), changed(), ...).
check() {
    local description=$1 from=$2 expression=$3
    if python3 "$HARNESS_LIB/event_check.py" "$LOG" "$from" "$expression"; then
        pass "$description"
    else
        fail "$description"
    fi
}

# ---------------------------------------------------------------- input and screen
# drag X0 Y0 X1 Y1 STEPS STEP_SLEEP HOLD: a drag with xdotool in WID, STEPS
# moves STEP_SLEEP s apart, holding still HOLD s before the release.
drag() {
    local x0=$1 y0=$2 x1=$3 y1=$4 steps=$5 pause=$6 hold=$7 args=() i
    args+=(mousemove --window "$WID" "$x0" "$y0" mousedown 1)
    for i in $(seq 1 "$steps"); do
        args+=(sleep "$pause" mousemove --window "$WID" $((x0 + (x1 - x0) * i / steps)) $((y0 + (y1 - y0) * i / steps)))
    done
    args+=(sleep "$hold" mouseup 1)
    xdotool "${args[@]}"
}

# shot NAME: a screenshot of WID (of the screen when that fails) to OUT/NAME.png.
shot() { "$IMPORT" -window "$WID" "$OUT/$1.png" 2>/dev/null || "$IMPORT" -window root "$OUT/$1.png" 2>/dev/null || true; }
