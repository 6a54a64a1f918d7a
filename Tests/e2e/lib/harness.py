"""The one harness of the end-to-end suites (Tests/e2e/*) and of every script
that drives fourway on an X server (Tests/install/run, scripts/soak, the
benchmarks under Benchmarks/): the argument check, the run's time bound, the X server
(the one in $DISPLAY that Tests/e2e/run shares, or an own Xvfb on a free
display: start_xvfb() is the only place that launches Xvfb), a work folder
removed at exit, PASS/FAIL/SKIP counting with the final
"N passed, N failed[, N skipped]" line (a suite that checked nothing fails),
xdotool, screenshots compared region by region (Screen), the event log's
helpers (changed, last_settled, ...), and App: one fourway process, started
again when Xvfb drops it while resetting, with its window, event log and
stderr.

On Wayland (begin(display="wayland")): sway, headless, as user nobody with its
own XDG_RUNTIME_DIR (start_sway() is the only place that launches it), the
pointer injector Tests/e2e/lib/virtual-pointer.c built on first use
(virtual_pointer()) and the key injector Tests/e2e/lib/virtual-keyboard.c
(keys()), grim for screenshots, and WaylandApp:
App on that compositor. A Wayland suite:

    BIN, WORK = harness.begin("wayland", total_timeout=300, display="wayland")
    app = harness.WaylandApp("grid", GRID)
    if app.started:
        m = app.mark()
        app.key("Right")
        check(app.wait_for("page-changed", m) is not None, "Right turns the page")
        app.quit()
    finish()

A suite turns off bytecode files before importing it, so no __pycache__ is
written into the tree:

    import os, sys
    sys.dont_write_bytecode = True
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
    import harness
    from harness import check, finish

    BIN, WORK = harness.begin("overview", total_timeout=240, check_prefix="overview: ")
    app = harness.App("grid", GRID)
    if app.started:
        m = app.mark()
        app.key("Tab")
        check(app.wait_for("overview-opened", m) is not None, "Tab opens the overview")
        app.quit()
    finish()
"""
import atexit
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True

# Upper bound, s, on one start of fourway or one wait on the event log: only
# there so a hang fails instead of stalling CI.
WAIT_TIMEOUT = 15
# Xvfb resets when its last client leaves and drops a client that connects
# meanwhile ("could not connect to DISPLAY"): a start it dropped is tried
# again, this many starts in all.
START_ATTEMPTS = 3
# What fourway says on stderr when the X server dropped it.
DROPPED = "could not connect to DISPLAY"
XVFB_SCREEN = "1280x900x24"
# Displays an own Xvfb may take, the highest free one first.
DISPLAYS = range(69, 29, -1)
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))   # Tests/e2e
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(HERE, "out")
IMPORT = "/usr/bin/import"
CONVERT = "/usr/bin/convert"
# ImageMagick's default font (Ghostscript's) is not installed; DejaVu is.
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

COMPARE = "/usr/bin/compare"
# Helpers an end-to-end suite needs on PATH (ImageMagick is checked above, by path).
TOOLS = ("Xvfb", "xdotool", "xdpyinfo", "xmessage")
# What a Wayland suite needs on PATH besides: the compositor, its IPC client,
# keys, screenshots, and what builds the pointer injector.
WAYLAND_TOOLS = ("sway", "swaymsg", "grim", "wayland-scanner", "cc", "setpriv")
# The headless output's name, and its size in pixels (points at scale 1).
SWAY_OUTPUT = "HEADLESS-1"
SWAY_RESOLUTION = "1280x800"
# The user sway runs as when this runs as root (sway refuses root).
NOBODY = 65534

passed = 0
failed = 0
skipped = 0
# Processes ended at exit: fourway runs, an own Xvfb, an own sway.
children = []
# Folders removed at exit besides WORK: a sway's XDG_RUNTIME_DIR.
_folders = []
BIN = None
WORK = None
_name = "e2e"
_check_prefix = ""
_total_timeout = None


def begin(name, total_timeout, check_prefix="", takes_fourway=True, display="x11", wayland_scale=1,
          xwayland=False, wayland_outputs=1):
    """Checks the one argument (an executable fourway; no argument at all
    when not TAKES_FOURWAY, for a suite that drives another program), bounds
    the run to TOTAL_TIMEOUT s (then one FAIL and the counts), makes sure an
    X server answers (DISPLAY "x11") or starts a headless sway ("wayland":
    at WAYLAND_SCALE, with Xwayland when XWAYLAND, WAYLAND_OUTPUTS outputs;
    see start_sway), makes a
    work folder removed at exit. Returns (BIN, WORK); BIN is None without
    fourway."""
    global BIN, WORK, _name, _check_prefix, _total_timeout
    _name, _check_prefix, _total_timeout = name, check_prefix, total_timeout
    script = os.path.relpath(os.path.abspath(sys.argv[0]), ROOT)
    if not takes_fourway:
        if len(sys.argv) != 1:
            print(f"usage: {script} (no arguments)", file=sys.stderr)
            sys.exit(2)
    elif len(sys.argv) != 2 or not os.access(sys.argv[1], os.X_OK):
        print(f"usage: {script} FOURWAY_BIN (an executable fourway)", file=sys.stderr)
        sys.exit(2)
    BIN = os.path.realpath(sys.argv[1]) if takes_fourway else None
    wayland = display == "wayland"
    if missing_tools(wayland):
        # scripts/lib/install-deps installs what is missing (quick when nothing is).
        subprocess.run(["bash", os.path.join(ROOT, "scripts", "lib", "install-deps")], stdout=subprocess.DEVNULL)
        if missing_tools(wayland):
            print(f"{name}: missing: {', '.join(missing_tools(wayland))}", file=sys.stderr)
            sys.exit(2)
    signal.signal(signal.SIGALRM, _on_timeout)
    signal.signal(signal.SIGTERM, _on_timeout)
    signal.alarm(total_timeout)
    atexit.register(_cleanup)   # also after an unexpected exception
    if wayland:
        if start_sway(scale=wayland_scale, xwayland=xwayland, outputs=wayland_outputs) is None:
            check(False, "sway starts headless")
            finish(2)
    else:
        x_server()
    WORK = tempfile.mkdtemp(prefix=f"fourway-{name}.")
    return BIN, WORK


def check(ok, description, detail=""):
    """Counts and prints one PASS or FAIL line; returns OK."""
    global passed, failed
    if ok:
        passed += 1
        print(f"PASS: {_check_prefix}{description}")
    else:
        failed += 1
        print(f"FAIL: {_check_prefix}{description}" + (f" ({detail})" if detail else ""))
    sys.stdout.flush()
    return ok


def skip(description, reason):
    """Counts and prints one SKIP line: a block that could not run here (say,
    one that needs root), with the reason, so it is never silently left out."""
    global skipped
    skipped += 1
    print(f"SKIP: {_check_prefix}{description} ({reason})")
    sys.stdout.flush()


def counts_line():
    """The final line: "N passed, N failed", and ", N skipped" when any was."""
    return f"{passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else "")


def parse_counts(line):
    """(passed, failed, skipped) from a final line counts_line() printed, or None."""
    words = line.replace(",", "").split()
    if len(words) not in (4, 6) or words[1::2] != ["passed", "failed", "skipped"][:len(words) // 2]:
        return None
    if not all(w.isdigit() for w in words[0::2]):
        return None
    numbers = [int(w) for w in words[0::2]]
    return (numbers + [0])[:3]


def finish(code=None):
    """Ends the fourway runs, prints the counts and exits (CODE, or 1 on any
    failure). A run that checked nothing (0 passed, 0 failed) is a failure:
    whatever it meant to check did not happen."""
    global failed
    _end_children()
    if passed == 0 and failed == 0:
        failed += 1
        print(f"FAIL: {_name}: no check ran")
    print(counts_line())
    sys.stdout.flush()
    sys.exit(code if code is not None else (0 if failed == 0 else 1))


def _on_timeout(signum, frame):
    global failed
    failed += 1
    print(f"FAIL: {_name} test timed out after {_total_timeout} s")
    finish(1)


def _end_children():
    # The last started first: the programs before the X server they draw on.
    for child in reversed(children):
        _end(child)


def _end(process):
    """Ends PROCESS the way a user would (SIGTERM), so an Xvfb removes its
    lock file and socket, and kills it only when it does not go: an Xvfb
    killed outright leaves /tmp/.X{N}-lock behind, and enough of those once
    used up every display a run may take."""
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def display_taken(number):
    """Whether a live X server holds display NUMBER: its lock file names a
    running process. A lock or socket left by a server that was killed does
    not count (the X server replaces a stale lock itself)."""
    try:
        with open(f"/tmp/.X{number}-lock") as lock:
            pid = int(lock.read().strip())
    except (OSError, ValueError):
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True   # alive, another user's
    return True


def _cleanup():
    _end_children()
    for folder in [WORK, *_folders]:
        if folder:
            shutil.rmtree(folder, ignore_errors=True)


def xdotool(*arguments):
    """Runs xdotool; its stdout."""
    return subprocess.run(["xdotool", *map(str, arguments)], capture_output=True, text=True, timeout=30).stdout


# The decoder processes' name (`ps`, /proc/PID/comm): the fourway-decoder
# program beside fourway, or fourway itself started with --decoder-process
# (Sources/IsolatedDecoding/DecoderService.swift).
DECODER_NAME = "fourway-decoder"


def stat_fields(pid):
    """/proc/PID/stat's fields after the name: [state, ppid, …]; None when gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            text = f.read()
    except OSError:
        return None
    return text[text.rindex(")") + 2:].split()


def cpu_ticks(pid):
    """utime + stime of PID, in clock ticks (10 ms), or None when it is gone."""
    fields = stat_fields(pid)
    return int(fields[11]) + int(fields[12]) if fields else None


def decoder_processes(parent):
    """The pids of PARENT's live children named fourway-decoder, sorted."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/comm") as f:
                name = f.read().strip()
        except OSError:
            continue
        fields = stat_fields(entry)
        if name == DECODER_NAME and fields and int(fields[1]) == parent and fields[0] != "Z":
            found.append(int(entry))
    return sorted(found)


def decoders_cpu(parent):
    """CPU ticks used so far by PARENT's decoder processes."""
    return sum(cpu_ticks(pid) or 0 for pid in decoder_processes(parent))


def decoders_quiet(parent, quiet=1.0, seconds=60):
    """Waits until PARENT's decoder processes used no CPU for QUIET s (every
    decode asked for, the prefetch's too, is done), at most SECONDS. The
    prefetch runs at the lowest priority, after the pool's pages: on a loaded
    machine a fixed rest is not enough for it, and nothing in the log says
    that it finished (it is taken at the next wake-up)."""
    end = time.monotonic() + seconds
    last, since = decoders_cpu(parent), time.monotonic()
    while time.monotonic() < end:
        time.sleep(0.1)
        now = decoders_cpu(parent)
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return True
    return False


def decoder_programs(parent, seconds=10.0):
    """The programs (/proc/PID/exe) PARENT's decoder processes run, once
    there is one (waiting up to SECONDS): the fourway-decoder program, or
    fourway itself when none was found beside it. Empty when none started."""
    end = time.monotonic() + seconds
    while True:
        programs = set()
        for pid in decoder_processes(parent):
            try:
                programs.add(os.readlink(f"/proc/{pid}/exe"))
            except OSError:
                pass
        if programs or time.monotonic() > end:
            return programs
        time.sleep(0.1)


def process_tree(pid):
    """PID and every process below it (/proc/PID/task/*/children): a fourway
    started through a prefix (a shell, a pipe) is one of them."""
    found, pending = [], [pid]
    while pending:
        current = pending.pop()
        found.append(current)
        try:
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children") as f:
                    pending += [int(child) for child in f.read().split()]
        except OSError:
            pass
    return found


def window_of(pid):
    """The window named fourway… of PID's process tree, or ""."""
    for member in process_tree(pid):
        # --all: xdotool's default is --any, which took another fourway's window.
        window = xdotool("search", "--all", "--pid", str(member), "--name", "^fourway").split("\n")[0]
        if window:
            return window
    return ""


def release_stuck_keys():
    """fourway closes its window on q's press; xdotool, sending the release to
    that window, then fails (BadWindow) and the X server keeps q pressed. The
    next fourway would see it held (SDL replays held keys on focus: a stray
    press of q, or a real one taken for a repeat). Released here for good."""
    xdotool("keyup", "q")


def display_answers():
    return bool(os.environ.get("DISPLAY")) and subprocess.run(
        ["xdpyinfo"], capture_output=True, timeout=10).returncode == 0


def start_xvfb(screen=XVFB_SCREEN, displays=DISPLAYS, arguments=(), log=None):
    """Starts Xvfb (SCREEN, e.g. "1280x900x24", and any more ARGUMENTS) on the
    highest free display of DISPLAYS, waits until it answers and sets
    $DISPLAY to it; its output goes to LOG (a path) or nowhere. Returns the
    Xvfb process (ended at exit, or by stop_xvfb), or None when none started.
    The only place any suite, script or benchmark launches an X server."""
    os.environ.pop("SDL_VIDEODRIVER", None)
    os.environ.pop("WAYLAND_DISPLAY", None)
    for number in displays:
        if display_taken(number):
            continue
        os.environ["DISPLAY"] = f":{number}"
        output = open(log, "ab") if log else subprocess.DEVNULL
        xvfb = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", screen, "-nolisten", "tcp", *arguments],
                                stdout=output, stderr=output)
        if log:
            output.close()
        children.append(xvfb)
        for _ in range(100):
            if display_answers() and holds_display(xvfb, number):
                return xvfb
            if xvfb.poll() is not None:
                break   # another run took this display between the look and the start
            time.sleep(0.1)
        stop_xvfb(xvfb)
    return None


def holds_display(xvfb, number):
    """Whether the Xvfb process XVFB is the server of display NUMBER (its
    lock file names it): another run's Xvfb that took the display a moment
    before answers too, while this one is about to fail on the lock."""
    try:
        with open(f"/tmp/.X{number}-lock") as lock:
            return int(lock.read().strip()) == xvfb.pid and xvfb.poll() is None
    except (OSError, ValueError):
        return False


def stop_xvfb(xvfb):
    """Ends an Xvfb start_xvfb() started."""
    if xvfb is not None:
        _end(xvfb)


def x_server(share=True, screen=XVFB_SCREEN, displays=DISPLAYS, log=None):
    """Keeps the X server in $DISPLAY when one answers and SHARE (Tests/e2e/run
    shares its Xvfb); otherwise starts Xvfb on the highest free display of
    DISPLAYS (start_xvfb). Counts a FAIL and finishes (exit 2) when none
    starts."""
    os.environ.pop("SDL_VIDEODRIVER", None)
    os.environ.pop("WAYLAND_DISPLAY", None)
    if share and display_answers():
        return None
    xvfb = start_xvfb(screen, displays, log=log)
    if xvfb is None:
        check(False, f"Xvfb starts on a free display of :{min(displays)}..:{max(displays)}")
        finish(2)
    return xvfb


def second_x_server(screen=XVFB_SCREEN, displays=DISPLAYS, log=None):
    """Starts one more Xvfb (start_xvfb, ended at exit) for suites run beside
    the ones on $DISPLAY (Tests/e2e/run runs two queues at once), and leaves
    $DISPLAY as it was. Its display (":N"), or None when none started."""
    current = os.environ.get("DISPLAY")
    display = os.environ.get("DISPLAY") if start_xvfb(screen, displays, log=log) is not None else None
    if current is None:
        os.environ.pop("DISPLAY", None)
    else:
        os.environ["DISPLAY"] = current
    return display


def missing_tools(wayland=False):
    """What an end-to-end run (on WAYLAND: a Wayland one) needs and this
    machine lacks (after scripts/lib/install-deps), named."""
    missing = [tool for tool in TOOLS + (WAYLAND_TOOLS if wayland else ()) if shutil.which(tool) is None]
    if wayland and not os.path.exists("/usr/include/xkbcommon/xkbcommon.h"):
        missing.append("libxkbcommon-dev")
    if not (os.access(CONVERT, os.X_OK) and os.access(IMPORT, os.X_OK) and os.access(COMPARE, os.X_OK)):
        missing.append("ImageMagick (convert, import, compare)")
    return missing


# ---------------------------------------------------------------- Wayland


def start_sway(scale=1, resolution=SWAY_RESOLUTION, xwayland=False, log=None, outputs=1):
    """Starts sway headless (no GPU, no input devices: pixman renderer) with
    one output SWAY_OUTPUT of RESOLUTION pixels at SCALE (OUTPUTS > 1: more,
    HEADLESS-2 and on, right of it, as sway sets them), no bar, no borders,
    Xwayland only when XWAYLAND; as user nobody when this runs as root (sway
    refuses root), in its own XDG_RUNTIME_DIR (a 0700 folder of that user,
    removed at exit). Waits until its socket answers, then sets
    WAYLAND_DISPLAY, XDG_RUNTIME_DIR and SWAYSOCK for the clients started
    after (root may connect to nobody's socket) and unsets DISPLAY (and sets
    it to Xwayland's when XWAYLAND). Its output goes to LOG (a path) or
    WORK/sway.log. Returns the sway process (ended at exit, or by
    stop_sway), or None when it did not come up. The only place any suite
    launches a Wayland compositor."""
    runtime = tempfile.mkdtemp(prefix="fourway-sway.")
    _folders.append(runtime)
    as_root = os.geteuid() == 0
    if as_root:
        os.chown(runtime, NOBODY, NOBODY)
    os.chmod(runtime, 0o700)
    config = os.path.join(runtime, "config")
    with open(config, "w") as f:
        f.write(f"output {SWAY_OUTPUT} resolution {resolution} scale {scale}\n"
                f"xwayland {'force' if xwayland else 'disable'}\n"
                "default_border none\ndefault_floating_border none\n"
                "focus_follows_mouse no\nseat * hide_cursor 0\n")
    os.chmod(config, 0o644)
    env = {key: value for key, value in os.environ.items()
           if key not in ("DISPLAY", "WAYLAND_DISPLAY", "SWAYSOCK", "SDL_VIDEODRIVER")}
    env.update(XDG_RUNTIME_DIR=runtime, HOME=runtime, WLR_BACKENDS="headless", WLR_LIBINPUT_NO_DEVICES="1",
               WLR_RENDERER="pixman", WLR_HEADLESS_OUTPUTS=str(outputs))
    prefix = as_sway_user()
    log = log or os.path.join(runtime, "sway.log")
    output = open(log, "ab")
    sway = subprocess.Popen([*prefix, "sway", "-c", config], env=env, stdout=output, stderr=output,
                            stdin=subprocess.DEVNULL)
    output.close()
    children.append(sway)
    for _ in range(100):
        sockets = [n for n in os.listdir(runtime) if n.startswith("sway-ipc.")]
        displays = [n for n in os.listdir(runtime) if n.startswith("wayland-") and not n.endswith(".lock")]
        if sockets and displays:
            os.environ.pop("SDL_VIDEODRIVER", None)
            os.environ.pop("DISPLAY", None)
            os.environ.update(XDG_RUNTIME_DIR=runtime, WAYLAND_DISPLAY=displays[0],
                              SWAYSOCK=os.path.join(runtime, sockets[0]))
            if swaymsg("-t", "get_outputs") is not None:
                if xwayland and not _wait_for_xwayland(sway):
                    break
                return sway
        if sway.poll() is not None:
            break
        time.sleep(0.1)
    stop_sway(sway)
    return None


def _wait_for_xwayland(sway):
    """Sets DISPLAY to the Xwayland SWAY started: the display whose lock
    file (/tmp/.XN-lock, which wlroots writes) holds sway's pid; whether
    one came up in time. Its X clients must run as sway's user (root gets
    "Authorization required"): prefix them with as_sway_user()."""
    for _ in range(100):
        for name in os.listdir("/tmp"):
            if not (name.startswith(".X") and name.endswith("-lock") and name[2:-5].isdigit()):
                continue
            try:
                with open(os.path.join("/tmp", name)) as lock:
                    holder = int(lock.read().strip(" \n\0") or 0)
            except (OSError, ValueError):
                continue
            if holder == sway.pid:
                os.environ["DISPLAY"] = f":{name[2:-5]}"
                return True
        if sway.poll() is not None:
            return False
        time.sleep(0.1)
    return False


def as_sway_user():
    """The command prefix that runs a program as sway's user (nobody, when
    this runs as root; nothing otherwise): what Xwayland's clients need."""
    return ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"] if os.geteuid() == 0 else []


def stop_sway(sway):
    """Ends a sway start_sway() started: `swaymsg exit`, then SIGTERM."""
    if sway is None or sway.poll() is not None:
        return
    swaymsg("exit")
    try:
        sway.wait(timeout=5)
    except subprocess.TimeoutExpired:
        _end(sway)


def swaymsg(*arguments):
    """Runs swaymsg on the sway in SWAYSOCK; its stdout, or None when it failed."""
    try:
        done = subprocess.run(["swaymsg", *map(str, arguments)], capture_output=True, text=True, timeout=10)
    except subprocess.TimeoutExpired:
        return None
    return done.stdout if done.returncode == 0 else None


def set_output(scale=None, resolution=None, output=SWAY_OUTPUT):
    """Sets the headless OUTPUT's SCALE (2 for HiDPI) and/or RESOLUTION
    ("2560x1600", pixels). Whether sway took it. (SDL 2.26 takes an
    output's scale when a window enters it: a window already on it keeps
    its old one; move it to another output to see a change.)"""
    arguments = (["resolution", resolution] if resolution else []) + (["scale", scale] if scale else [])
    return swaymsg("output", output, *arguments) is not None


def add_output(scale=1, resolution=SWAY_RESOLUTION):
    """Adds a headless output (HEADLESS-2, ...) right of the others at SCALE
    and RESOLUTION; its name, or None. With two outputs pointer positions
    span both: the pointer injector's extent is only the first's, so move
    windows with move_to_output and drive them with keys."""
    before = {o["name"] for o in json.loads(swaymsg("-t", "get_outputs") or "[]")}
    if swaymsg("create_output") is None:
        return None
    added = [o["name"] for o in json.loads(swaymsg("-t", "get_outputs") or "[]") if o["name"] not in before]
    if not added or not set_output(scale=scale, resolution=resolution, output=added[0]):
        return None
    return added[0]


def move_to_output(process, output):
    """Moves the window of PROCESS (a Popen) to OUTPUT and keeps it focused,
    as a user dragging it to another monitor; whether sway did."""
    return (swaymsg(f"[pid={process.pid}]", "move", "container", "to", "output", output) is not None
            and swaymsg(f"[pid={process.pid}]", "focus") is not None)


def output_points():
    """The output's size in points (its pixels over its scale): what
    virtual_pointer's motion coordinates are taken in."""
    outputs = json.loads(swaymsg("-t", "get_outputs") or "[]")
    rect = outputs[0]["rect"] if outputs else {"width": 0, "height": 0}
    return rect["width"], rect["height"]


_injectors = {}


def _injector(name, libraries):
    """The path of the injector Tests/e2e/lib/NAME.c, built once a run with
    wayland-scanner (its protocol XML beside it) and cc into Tests/e2e/out/bin
    (rebuilt when its source is newer); None with the build's error on
    stderr when it cannot be built."""
    if name in _injectors:
        return _injectors[name]
    lib = os.path.join(HERE, "lib")
    protocol = {"virtual-pointer": "wlr-virtual-pointer-unstable-v1",
                "virtual-keyboard": "virtual-keyboard-unstable-v1"}[name]
    source, xml = os.path.join(lib, f"{name}.c"), os.path.join(lib, f"{protocol}.xml")
    build = os.path.join(OUT, "bin")
    binary = os.path.join(build, name)
    newest = max(os.path.getmtime(source), os.path.getmtime(xml))
    if not (os.path.exists(binary) and os.path.getmtime(binary) >= newest):
        os.makedirs(build, exist_ok=True)
        header = os.path.join(build, f"{protocol}-client-protocol.h")
        code = os.path.join(build, f"{protocol}-protocol.c")
        for command in (["wayland-scanner", "client-header", xml, header],
                        ["wayland-scanner", "private-code", xml, code],
                        ["cc", "-O1", "-Wall", "-I", build, "-o", binary, source, code, "-lwayland-client",
                         *libraries]):
            done = subprocess.run(command, capture_output=True, text=True, timeout=120)
            if done.returncode != 0:
                print(f"{name}: {' '.join(command[:2])} failed: {done.stderr.strip()[:500]}", file=sys.stderr)
                return None
    _injectors[name] = binary
    return binary


def virtual_pointer():
    """The pointer injector (Tests/e2e/lib/virtual-pointer.c), built on first use; None when it cannot be."""
    return _injector("virtual-pointer", [])


def virtual_keyboard():
    """The key injector (Tests/e2e/lib/virtual-keyboard.c), built on first use; None when it cannot be."""
    return _injector("virtual-keyboard", ["-lxkbcommon"])


def pointer(*commands):
    """One gesture with the injector: COMMANDS as virtual-pointer.c reads
    them ("motion 10 20", "button left down", "scroll-finger 0 -8", "stop",
    "wheel 1", "sleep 16"), `extent` (the output in points) put first. One
    process a gesture, so the compositor sees one device come and go.
    Whether it ran without error."""
    binary = virtual_pointer()
    if binary is None:
        return False
    width, height = output_points()
    done = subprocess.run([binary], input="".join(f"{c}\n" for c in (f"extent {width} {height}", *commands)),
                          capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        print(f"   virtual-pointer: {done.stderr.strip()}", flush=True)
    return done.returncode == 0


def pointer_while_stopped(pids, *commands, start=(0, 0)):
    """One gesture with the injector, COMMANDS as pointer() takes them, made
    while the processes PIDS are stopped (SIGSTOP), as a busy client would
    be; they continue (SIGCONT) once it is done, and read it in one batch.
    The injector's pointer first moves to START and waits 0.8 s: the seat
    gains its pointer only with the injector's device, and a stopped client
    could not bind it. Whether the injector ran without error."""
    binary = virtual_pointer()
    if binary is None:
        return False
    width, height = output_points()
    injector = subprocess.Popen([binary], stdin=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    injector.stdin.write(f"extent {width} {height}\nmotion {start[0]} {start[1]}\n")
    injector.stdin.flush()
    time.sleep(0.8)
    for pid in pids:
        os.kill(pid, signal.SIGSTOP)
    try:
        injector.stdin.write("".join(f"{c}\n" for c in commands))
        injector.stdin.close()
        injector.wait(timeout=60)
        time.sleep(0.1)
    finally:
        for pid in pids:
            os.kill(pid, signal.SIGCONT)
    return injector.returncode == 0


def process_name(pid):
    """/proc/PID/comm: the process's name ("fourway", "fourway-decoder"), or
    None when it is gone."""
    try:
        with open(f"/proc/{pid}/comm") as f:
            return f.read().strip()
    except OSError:
        return None


def keys(*names):
    """Presses and releases each key of NAMES (X keysym names as xdotool takes
    them: "Right", "q", "ctrl+Home"; or "sleep MS") on the focused window,
    with the key injector: real evdev codes under the us keymap, so SDL sees
    the keys a real keyboard gives (wtype's own keymap turns the arrows into
    other keys for SDL; see Tests/e2e/lib/virtual-keyboard.c). Whether it
    ran without error."""
    binary = virtual_keyboard()
    if binary is None:
        return False
    done = subprocess.run([binary, *names], capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        print(f"   virtual-keyboard: {done.stderr.strip()}", flush=True)
    return done.returncode == 0


def grim_screen(name=None, output=SWAY_OUTPUT):
    """A Screen of OUTPUT, in device pixels (grim), kept as OUT/NAME.png too
    when NAME is given and OUT exists."""
    shot = subprocess.run(["grim", "-o", output, "-t", "ppm", "-"], capture_output=True, timeout=30).stdout
    return Screen.from_ppm(shot, name)


def events(path):
    """The events of a --events log so far (a line being written is skipped)."""
    out = []
    try:
        with open(path) as f:
            for line in f:
                try:
                    out.append(json.loads(line))
                except ValueError:
                    pass   # a line being written
    except OSError:
        pass
    return out


def kinds_in(evs, kind):
    """The events of EVS named KIND."""
    return [e for e in evs if e.get("event") == kind]


def changed(evs):
    """The pages (`to`) of the page-changed events in EVS."""
    return [e["to"] for e in kinds_in(evs, "page-changed")]


def last_settled(evs):
    """The page of the last settled event in EVS, or None."""
    return ([e["page"] for e in kinds_in(evs, "settled")] or [None])[-1]


def index_of(evs, kind, **fields):
    """Where in EVS the first event KIND with those FIELDS is, or None."""
    for i, e in enumerate(evs):
        if e.get("event") == kind and all(e.get(k) == v for k, v in fields.items()):
            return i
    return None


def zooms(evs):
    """(scale, fit) of each zoom-changed event in EVS."""
    return [(e["scale"], e["fit"]) for e in kinds_in(evs, "zoom-changed")]


# Left out of the events a failed check prints: frequent and rarely the point.
QUIET_EVENTS = ("slots-recycled", "page-ready", "frame")


def brief(evs, limit=1500):
    """EVS as JSON for a failure's detail, without the frequent kinds."""
    return json.dumps([e for e in evs if e.get("event") not in QUIET_EVENTS])[:limit]


class Screen:
    """A screenshot of a window as RGB bytes (ImageMagick's import), kept as
    OUT/NAME.png too when NAME is given and OUT exists. Regions are
    (x, y, width, height) in window pixels."""

    def __init__(self, window, name=None):
        self.name = name
        shot = subprocess.run([IMPORT, "-window", str(window), "-depth", "8", "rgb:-"],
                              capture_output=True, timeout=30)
        size = subprocess.run(["xdotool", "getwindowgeometry", str(window)], capture_output=True, text=True,
                              timeout=30).stdout
        self.width = self.height = 0
        for line in size.splitlines():
            if "Geometry:" in line:
                self.width, self.height = (int(n) for n in line.split()[-1].split("x"))
        self.rgb = shot.stdout
        if len(self.rgb) != self.width * self.height * 3:
            self.width = self.height = 0   # the window changed size, or import failed
            self.rgb = b""
        if name and os.path.isdir(OUT) and self.rgb:
            subprocess.run([CONVERT, "-size", f"{self.width}x{self.height}", "-depth", "8", "rgb:-",
                            os.path.join(OUT, f"{name}.png")], input=self.rgb, timeout=30)

    @classmethod
    def from_ppm(cls, data, name=None):
        """A Screen of a binary PPM (P6, 8 bits: what grim -t ppm writes);
        an empty one (0x0) when DATA is not one."""
        screen = cls.__new__(cls)
        screen.name, screen.width, screen.height, screen.rgb = name, 0, 0, b""
        fields, at = [], 0
        while len(fields) < 4 and at < len(data):
            while at < len(data) and data[at:at + 1].isspace():
                at += 1
            if data[at:at + 1] == b"#":
                at = data.index(b"\n", at)
                continue
            end = at
            while end < len(data) and not data[end:end + 1].isspace():
                end += 1
            fields.append(data[at:end])
            at = end
        if len(fields) == 4 and fields[0] == b"P6" and fields[3] == b"255":
            width, height = int(fields[1]), int(fields[2])
            rgb = data[at + 1:]
            if len(rgb) == width * height * 3:
                screen.width, screen.height, screen.rgb = width, height, rgb
        if name and os.path.isdir(OUT) and screen.rgb:
            subprocess.run([CONVERT, "-size", f"{screen.width}x{screen.height}", "-depth", "8", "rgb:-",
                            os.path.join(OUT, f"{name}.png")], input=screen.rgb, timeout=30)
        return screen

    def pixel(self, x, y):
        """(r, g, b) at X, Y."""
        i = (y * self.width + x) * 3
        return tuple(self.rgb[i:i + 3])

    def differing(self, other, region=None, tolerance=0):
        """How many pixels of REGION (default: the whole window) differ
        between this screenshot and OTHER by more than TOLERANCE in some
        channel; None when the two are not the same size (nothing compared)."""
        if not self.rgb or (self.width, self.height) != (other.width, other.height):
            return None
        x, y, w, h = region or (0, 0, self.width, self.height)
        x, y = max(0, x), max(0, y)
        w, h = min(w, self.width - x), min(h, self.height - y)
        count = 0
        for row in range(y, y + h):
            start = (row * self.width + x) * 3
            a, b = self.rgb[start:start + w * 3], other.rgb[start:start + w * 3]
            if a == b:
                continue
            for i in range(0, w * 3, 3):
                if (abs(a[i] - b[i]) > tolerance or abs(a[i + 1] - b[i + 1]) > tolerance
                        or abs(a[i + 2] - b[i + 2]) > tolerance):
                    count += 1
        return count


class App:
    """One fourway process with its window, event log (WORK/NAME.jsonl) and
    stderr (WORK/NAME.stderr).

    Runs `[*prefix] BINARY --size SIZE --events LOG ARGUMENTS` (BINARY
    defaults to BIN, LOG and stderr go to WORK: both set by begin(), or by a
    script that sets them itself), waits up to START_TIMEOUT s for its window
    and first frame, starting it again when Xvfb dropped it (START_ATTEMPTS in
    all), moves the window to 0,0 and focuses it. `started`
    says whether it came up; the check "NAME: window appears with a first
    frame" is counted unless `start_check` is False. With `keep_log`, quit()
    copies the log into Tests/e2e/out/ when that folder exists.
    """

    def __init__(self, name, *arguments, size="900x600", env=None, prefix=(), binary=None,
                 start_check=True, keep_log=True, start_timeout=WAIT_TIMEOUT):
        self.name = name
        self.keep_log = keep_log
        self.width, self.height = (int(n) for n in size.split("x"))
        self.log = os.path.join(WORK, f"{name}.jsonl")
        self.err = os.path.join(WORK, f"{name}.stderr")
        open(self.log, "w").close()
        os.chmod(self.log, 0o666)   # writable by another user (prefix setpriv)
        command = [*prefix, binary or BIN, "--size", size, "--events", self.log, *arguments]
        self.attempts = 0
        for self.attempts in range(1, START_ATTEMPTS + 1):
            with open(self.err, "w") as err:
                self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=err, env=env)
            children.append(self.process)
            self.window = ""
            for _ in range(int(start_timeout * 10)):
                self.window = window_of(self.process.pid)
                if self.window and self.kinds("first-frame") or self.process.poll() is not None:
                    break
                time.sleep(0.1)
            if not (self.process.poll() is not None and DROPPED in self.stderr()):
                break
            if self.attempts < START_ATTEMPTS:
                print("   (Xvfb was resetting as fourway connected; starting it again)", flush=True)
        self.started = bool(self.window) and bool(self.kinds("first-frame"))
        if start_check:
            check(self.started, f"{name}: window appears with a first frame",
                  "" if self.started else self.start_failure(start_timeout))
        if self.started:
            xdotool("windowmove", "--sync", self.window, "0", "0")
            xdotool("windowfocus", "--sync", self.window)
            time.sleep(0.3)

    def start_failure(self, start_timeout):
        """How a start that did not come up ended, for the check's detail:
        its exit code or signal (a process killed by a signal writes no
        stderr of its own), or what was still missing, then its stderr."""
        code = self.process.poll()
        if code is None:
            how = f"still running after {start_timeout} s with " + (
                "its window but no first-frame line" if self.window else "no window")
        elif code < 0:
            how = f"killed by {signal.Signals(-code).name}"
        else:
            how = f"exit code {code}"
        return f"{how}, {self.attempts} start(s); stderr: {self.stderr()[:300]!r}"

    def events(self):
        return events(self.log)

    def kinds(self, kind, since=0):
        """The events named KIND after line SINCE."""
        return [e for e in self.events()[since:] if e.get("event") == kind]

    def mark(self):
        """How many events the log has now (waits and checks look at what follows)."""
        return len(self.events())

    def stderr(self):
        with open(self.err, "rb") as f:
            return f.read().decode("utf-8", "replace")

    def alive(self):
        return self.process.poll() is None

    def key(self, *names, pause=0.0):
        """Presses each key in the window, PAUSE s apart."""
        for name in names:
            xdotool("key", "--window", self.window, name)
            if pause:
                time.sleep(pause)

    def wait_for(self, kind, since=0, predicate=lambda e: True):
        """The first event KIND after line SINCE that meets PREDICATE, or None
        when the process ends or WAIT_TIMEOUT passes first."""
        for _ in range(WAIT_TIMEOUT * 20):
            found = [e for e in self.kinds(kind, since) if predicate(e)]
            if found:
                return found[0]
            if self.process.poll() is not None:
                return None
            time.sleep(0.05)
        return None

    def settle(self, since, rest=0.25):
        """Waits for a settled event after line SINCE, then REST s more for
        the frames that follow it; the events after SINCE."""
        self.wait_for("settled", since)
        time.sleep(rest)
        return self.events()[since:]

    def drag(self, x0, y0, x1, y1, steps, pause, hold):
        """A drag with xdotool in the window: STEPS moves PAUSE s apart,
        holding still HOLD s before the release."""
        arguments = ["mousemove", "--window", self.window, x0, y0, "mousedown", "1"]
        for i in range(1, steps + 1):
            arguments += ["sleep", pause, "mousemove", "--window", self.window,
                          x0 + (x1 - x0) * i // steps, y0 + (y1 - y0) * i // steps]
        xdotool(*arguments, "sleep", hold, "mouseup", "1")

    def screen(self, name=None):
        """A Screen of the window (kept as Tests/e2e/out/NAME.png when NAME)."""
        return Screen(self.window, name)

    def screen_until(self, predicate, seconds=5.0, name=None):
        """Screenshots until PREDICATE(screen) holds or SECONDS pass; the last one
        and whether it held."""
        end = time.monotonic() + seconds
        while True:
            screen = self.screen(name)
            if predicate(screen):
                return screen, True
            if time.monotonic() > end:
                return screen, False
            time.sleep(0.1)

    def screen_at_rest(self, name=None, seconds=WAIT_TIMEOUT, gap=0.3):
        """Screenshots GAP s apart until one equals the one before it (what
        was arriving is drawn) or SECONDS pass; the last one and whether it
        did."""
        end = time.monotonic() + seconds
        previous = self.screen()
        while True:
            time.sleep(gap)
            screen = self.screen(name)
            if screen.rgb and screen.differing(previous) == 0:
                return screen, True
            if time.monotonic() > end:
                return screen, False
            previous = screen

    def wait_for_colour(self, wanted, x=None, y=None, seconds=WAIT_TIMEOUT):
        """Reads the pixel at X, Y (default: the centre; see pixel()) until
        it is WANTED (a "#RRGGBB", or a predicate on one) or SECONDS pass:
        a state may reach the screen a frame after the event that announced
        it. (The last colour read, whether it was wanted.)"""
        matches = wanted if callable(wanted) else (lambda colour: colour == wanted.upper())
        end = time.monotonic() + seconds
        while True:
            colour = self.pixel(x, y)
            if colour is not None and matches(colour):
                return colour, True
            if time.monotonic() > end or not self.alive():
                return colour, False
            time.sleep(0.05)

    def peak_rss_kb(self):
        """VmHWM of the running process, kB, or None."""
        try:
            with open(f"/proc/{self.process.pid}/status") as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1])
        except OSError:
            pass
        return None

    def pixel(self, x=None, y=None):
        """The window's pixel at X, Y (default: its centre) as "#RRGGBB", or None."""
        x = self.width // 2 if x is None else x
        y = self.height // 2 if y is None else y
        out = subprocess.run([IMPORT, "-window", self.window, "-crop", f"1x1+{x}+{y}", "-depth", "8", "txt:-"],
                             capture_output=True, text=True, timeout=30).stdout
        for token in out.split():
            if token.startswith("#") and len(token) == 7:
                return token.upper()
        return None

    def quit(self):
        """q; the check "NAME: quits on q with exit code 0". Returns it."""
        self.key("q")
        try:
            code = self.process.wait(timeout=WAIT_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return check(False, f"{self.name}: quits on q", "still running")
        self.after_exit()
        if self.keep_log and os.path.isdir(OUT):
            shutil.copy(self.log, os.path.join(OUT, f"{self.name}.jsonl"))
        return check(code == 0, f"{self.name}: quits on q with exit code 0", f"exit {code}; {self.stderr()[-300:]}")

    def after_exit(self):
        """What fourway's exit leaves to tidy: keys XTest may still hold down."""
        release_stuck_keys()


def window_pixel(window, x, y):
    """WINDOW's pixel at X, Y as "#RRGGBB", or None (not mapped yet, gone)."""
    out = subprocess.run([IMPORT, "-window", str(window), "-crop", f"1x1+{x}+{y}", "-depth", "8", "txt:-"],
                         capture_output=True, text=True, timeout=30).stdout
    return next((token.upper() for token in out.split() if token.startswith("#") and len(token) == 7), None)


def start_watched(name, until, *arguments, point=None, size="900x600", **options):
    """Starts App NAME (ARGUMENTS, SIZE, OPTIONS as App) while a thread reads
    its window's pixel at POINT (default: the centre) over and over, from
    before its first frame until its log has an UNTIL line: App returns
    only after `first-frame`, by when a first picture (an embedded
    thumbnail) may be gone. Returns (app, samples, thread): each sample a
    colour and whether the log had the UNTIL line when it was read (read
    after the pixel: a sample with False was on screen before that line).
    The window is found among fourway's by its process's parent: this one.
    No other fourway of this run may be open meanwhile."""
    import threading
    width, height = (int(n) for n in size.split("x"))
    x, y = point or (width // 2, height // 2)
    log = os.path.join(WORK, f"{name}.jsonl")
    samples, done = [], threading.Event()

    def logged():
        try:
            with open(log) as f:
                return f'"event":"{until}"' in f.read()
        except OSError:
            return False

    def own_window():
        """The fourway window of a process this one started (the display
        may be shared): the one App is starting, the earlier ones quit."""
        for window in xdotool("search", "--name", "^fourway").split():
            pid = xdotool("getwindowpid", window).strip()
            try:
                with open(f"/proc/{pid}/stat") as stat:
                    if int(stat.read().rsplit(")", 1)[1].split()[1]) == os.getpid():
                        return window
            except (OSError, ValueError, IndexError):
                continue
        return None

    def watch():
        end = time.monotonic() + 240
        while not done.is_set() and time.monotonic() < end:
            window = own_window()
            colour = window_pixel(window, x, y) if window else None
            seen = logged()
            if colour is not None:
                samples.append((colour, seen))
            if seen:
                return
            time.sleep(0.02)

    if os.path.exists(log):
        os.remove(log)   # a log of an earlier run by this name is not this one's
    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    app = App(name, *arguments, size=size, **options)
    if not app.started:
        done.set()
    return app, samples, watcher


class WaylandApp(App):
    """One fourway process on the sway start_sway() started, as a native
    Wayland client: App's event log, stderr, waits and quit, with keys by
    the key injector, drags by the pointer injector and screenshots by grim. sway tiles
    the one window over the whole output, so the window is the output:
    regions and pointer positions are in its points, screenshots in its
    device pixels (2x at scale 2). Keys go to the focused window: sway
    focuses the newest. ARGUMENTS and ENV as App; the video
    driver is fourway's own choice unless ARGUMENTS say (--video)."""

    def __init__(self, name, *arguments, size="900x600", env=None, prefix=(), binary=None,
                 start_check=True, keep_log=True, start_timeout=WAIT_TIMEOUT):
        self.name = name
        self.keep_log = keep_log
        self.log = os.path.join(WORK, f"{name}.jsonl")
        self.err = os.path.join(WORK, f"{name}.stderr")
        open(self.log, "w").close()
        os.chmod(self.log, 0o666)   # writable by another user (prefix as_sway_user())
        self.window = ""
        command = [*prefix, binary or BIN, "--size", size, "--events", self.log, *arguments]
        with open(self.err, "w") as err:
            self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=err, env=env)
        children.append(self.process)
        for _ in range(int(start_timeout * 10)):
            if self.kinds("first-frame") or self.process.poll() is not None:
                break
            time.sleep(0.1)
        self.started = bool(self.kinds("first-frame")) and self.process.poll() is None
        self.width, self.height = output_points()
        if start_check:
            check(self.started, f"{name}: window appears with a first frame", self.stderr()[:300])
        if self.started:
            time.sleep(0.3)

    def key(self, *names, pause=0.0):
        """Presses each key with the key injector (the window has the focus), PAUSE s apart."""
        chords = []
        for name in names:
            chords += [name, f"sleep {int(pause * 1000)}"] if pause else [name]
        keys(*chords)

    def drag(self, x0, y0, x1, y1, steps, pause, hold):
        """A drag with the injector, in points: STEPS moves PAUSE s apart,
        holding still HOLD s before the release."""
        commands = [f"motion {x0} {y0}", "button left down"]
        for i in range(1, steps + 1):
            commands += [f"sleep {int(pause * 1000)}", f"motion {x0 + (x1 - x0) * i // steps} {y0 + (y1 - y0) * i // steps}"]
        pointer(*commands, f"sleep {int(hold * 1000)}", "button left up")

    def screen(self, name=None):
        """A Screen of the window (the output) in device pixels."""
        return grim_screen(name)

    def pixel(self, x=None, y=None):
        """The window's pixel at X, Y in device pixels (default: its centre) as "#RRGGBB", or None."""
        screen = self.screen()
        if not screen.rgb:
            return None
        x = screen.width // 2 if x is None else x
        y = screen.height // 2 if y is None else y
        return "#%02X%02X%02X" % screen.pixel(x, y)

    def after_exit(self):
        """App.quit's tidying on sway: its window gone from sway's tree."""
        self.wait_gone()

    def wait_gone(self):
        """Waits (at most WAIT_TIMEOUT s) until sway has no window of this
        process: the next window then gets the whole output, not half of it
        while this one is still being closed."""
        for _ in range(WAIT_TIMEOUT * 10):
            if f'"pid": {self.process.pid},' not in (swaymsg("-t", "get_tree") or ""):
                return
            time.sleep(0.1)
