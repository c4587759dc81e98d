#!/usr/bin/env python3
"""Images in real terminals (issues 27 and 33): the built zapp-shell on examples/harbor-tv (a PNG
logo and artwork) in xterm with sixel (DejaVu Sans Mono 9 and 11.5 pt: 7x15 and 9x19 cells, not
10x20), xterm without sixel (TERM=xterm-256color COLORTERM=truecolor), kitty (software GL), mlterm
(sixel), urxvt (its own TERMs and xterm-256color), and kitty and xterm running tmux
(allow-passthrough and focus-events on, the app in the bottom-right pane of three, a second window
switched to and back), each under an Xvfb of its own. Keys go in with xdotool, screenshots come
from ImageMagick's `import`, and they are compared pixel by pixel (a pixel differs when a channel
differs by more than 10%; ALLOWED such pixels are tolerated):

- against the same keys on a copy of harbor-tv whose PNGs are flat magenta (the same layout and
  placements, so whatever leaves its cells differs): every pixel outside the image cells, and every
  pixel of an open pane (help, warnings, details) including where it covers image cells;
- against the same keys with `--images symbols` (text only, nothing can leave its cells), the same,
  while symbols draws the logo (else it lays the screen out otherwise, and is left out);
- against the same keys with `--images off`: the help and details panes' pixels (the warnings
  pane also says, with images, which protocol was chosen and why);
- against the state before: after Esc the screen is the one before the pane opened, after Down x3
  / Up x3 and Shows -> Home the first screen; after moving the focus, navigating and a resize the
  screen matches a fresh draw of the same state (Ctrl-L);
- every image's cells hold a picture;
- `--images auto` draws the logo and each artwork as the terminal's protocol does (their cells
  match the forced protocol's run), so both use the same mode;
- xterm with COLORTERM=truecolor: the logo and the artwork are drawn in their true colours (each
  cell's pixels are its foreground or background colour in `zapp-shell render --format ansi`).

The image cells come from `zapp-shell render --format svg` (each `<image>` is placed on its cell
box). One terminal window per terminal serves all its runs (a small runner inside starts the app
when asked). Every step waits for the screen to settle (the same screenshot three times in a
row), never for a fixed time alone. Screenshots, and a picture of each failed comparison (differing
pixels red, the cells left out grey), stay in $REAL_TERMINALS_OUT (default .build/real-terminals).

Usage: ZAPP_SHELL=.build/debug/zapp-shell python3 Tests/EndToEnd/real-terminals.py [TERMINAL...]
"""
import atexit
import html
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
APP = os.path.join(ROOT, "examples", "harbor-tv")
TOOLS = {"Xvfb": "xvfb", "xterm": "xterm", "kitty": "kitty", "urxvt": "rxvt-unicode", "mlterm": "mlterm",
         "import": "imagemagick", "convert": "imagemagick", "xdotool": "xdotool", "tmux": "tmux"}
COLUMNS, ROWS = 80, 24      # the app's size at the start of every run
RESIZED = (100, 30)         # and after the resize step (tmux: the pane is made smaller instead)
TOLERANCE = 25              # a channel differing by more than this (10%) makes a pixel differ
ALLOWED = 16                # differing pixels tolerated per comparison: xterm draws the anti-aliased
                            # edges of box-drawing glyphs over their neighbours in drawing order
VERBOSE = bool(os.environ.get("REAL_TERMINALS_VERBOSE"))
LOCK = threading.Lock()
RESULTS = []
SAVING = []
STARTED = []   # the Xvfb and terminal processes, ended at the exit whatever happens
SERVERS = []   # the tmux servers' sockets (-S), killed at the exit
SCRATCH = tempfile.mkdtemp(prefix="zapp-realterm-")   # the runs' control files, removed at the exit


@atexit.register
def end_started():
    for socket in SERVERS:
        run(["tmux", "-S", socket, "kill-server"])
    for process in reversed(STARTED):
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=3)
            except subprocess.TimeoutExpired:
                process.kill()
    shutil.rmtree(SCRATCH, ignore_errors=True)


def report(terminal, name, ok, detail=""):
    with LOCK:
        RESULTS.append(ok)
        print(("ok   " if ok else "FAIL ") + f"{terminal}: {name}" + (f" ({detail})" if detail and not ok else ""),
              flush=True)


def note(text):
    if VERBOSE:
        print("  " + text, flush=True)


def run(args, **kwargs):
    return subprocess.run(args, capture_output=True, text=True, **kwargs)


# --- the app's layout, from `render` -----------------------------------------------------------

def image_cells(zapp, columns, rows):
    """The cell boxes (column, row, width, height) of the images of harbor-tv's home screen, the
    bar's logo last."""
    svg = run([zapp, "render", APP, "--screen", "home", "--size", f"{columns}x{rows}", "--format", "svg"]).stdout
    size = re.search(r'<svg[^>]* width="(\d+)" height="(\d+)"', svg)
    cell_w, cell_h = int(size.group(1)) / columns, int(size.group(2)) / rows
    boxes = []
    for m in re.finditer(r'<image x="(\d+)" y="(\d+)" width="(\d+)" height="(\d+)"', svg):
        x, y, w, h = (int(v) for v in m.groups())
        boxes.append((round(x / cell_w), round(y / cell_h), round(w / cell_w), round(h / cell_h)))
    boxes.sort(key=lambda box: box[1] == 0)
    return boxes


def screen_text(zapp, form):
    """The rows of harbor-tv's home screen as `render --format ansi` (symbols) or `html` (images
    as pixels) lays it out, the image cells blanked."""
    text = run([zapp, "render", APP, "--screen", "home", "--size", f"{COLUMNS}x{ROWS}", "--format", form]).stdout
    if form == "html":
        text = text[text.index("<pre"):text.index("</pre>")]
        text = html.unescape(re.sub(r"<[^>]*>", "", text)).lstrip("\n")
    rows = [list(re.sub(r"\x1b\[[0-9;]*m", "", line).ljust(COLUMNS)) for line in text.split("\n")[:ROWS]]
    for x, y, w, h in image_cells(zapp, COLUMNS, ROWS):
        for row in rows[y:y + h]:
            row[x:x + w] = [" "] * w
    return ["".join(row) for row in rows]


def symbols_lay_out_alike(zapp):
    """Whether `--images symbols` lays the home screen out as the protocols do: a logo too small
    to read in symbols gives its place to the bar's title, and the rows below move."""
    return screen_text(zapp, "ansi") == screen_text(zapp, "html")


def cell_colours(zapp, columns, rows):
    """Each cell's (character, foreground, background RGB) in `render --format ansi`, by (column, row)."""
    text = run([zapp, "render", APP, "--screen", "home", "--size", f"{columns}x{rows}", "--format", "ansi"]).stdout
    colours = {}
    for row, line in enumerate(text.split("\n")[:rows]):
        fg = bg = None
        column = 0
        for sgr, chars in re.findall(r"(?:\x1b\[([0-9;]*)m)?([^\x1b]*)", line):
            parts = [int(p) for p in sgr.split(";") if p]
            i = 0
            while i < len(parts):
                if parts[i] == 0:
                    fg = bg = None
                elif parts[i] in (38, 48) and i + 4 < len(parts) and parts[i + 1] == 2:
                    rgb = tuple(parts[i + 2:i + 5])
                    fg, bg = (rgb, bg) if parts[i] == 38 else (fg, rgb)
                    i += 4
                i += 1
            for char in chars:
                colours[(column, row)] = (char, fg, bg)
                column += 1
    return colours


def flat_twin(directory):
    """A copy of harbor-tv in `directory` whose every PNG is the same size in flat magenta: the
    app lays it out exactly as harbor-tv, and where an image leaves its cells it shows."""
    twin = os.path.join(directory, "harbor-tv-flat")
    if not os.path.isdir(twin):
        shutil.copytree(APP, twin + ".tmp")
        for folder, _, files in os.walk(twin + ".tmp"):
            for name in files:
                if name.endswith(".png"):
                    path = os.path.join(folder, name)
                    size = run(["identify", "-format", "%wx%h", path]).stdout.strip()
                    subprocess.run(["convert", "-size", size, "xc:#ff00ff", "png24:" + path], check=True)
        os.rename(twin + ".tmp", twin)
    return twin


# --- screenshots -----------------------------------------------------------------------------

class Shot:
    """A screenshot: width, height and RGB bytes, saved as PNG at `path`."""

    def __init__(self, width, height, data):
        self.width, self.height, self.data, self.path = width, height, data, None

    def save(self, path):
        self.path = path
        process = subprocess.Popen(["convert", "-size", f"{self.width}x{self.height}", "-depth", "8", "rgb:-", path],
                                   stdin=subprocess.PIPE)
        process.stdin.write(self.data)
        process.stdin.close()
        SAVING.append(process)
        return self


def segments(x0, x1, y, masks):
    """The parts of row y between x0 and x1 that no mask covers."""
    parts = [(x0, x1)]
    for mx0, my0, mx1, my1 in masks:
        if my0 <= y < my1:
            parts = [p for a, b in parts for p in ((a, min(b, mx0)), (max(a, mx1), b)) if p[1] > p[0]]
    return parts


def differing(a, b, masks=(), crop=None, picture=None):
    """How many pixels of `a` and `b` differ, outside `masks` and inside `crop` (pixel rectangles
    x0, y0, x1, y1); with `picture`, a PNG of `a` dimmed with those pixels red, the masks grey."""
    if (a.width, a.height) != (b.width, b.height):
        return -1
    x0, y0, x1, y1 = crop or (0, 0, a.width, a.height)
    stride, count, red = a.width * 3, 0, []
    for y in range(y0, y1):
        for s0, s1 in segments(x0, x1, y, masks):
            i0, i1 = y * stride + s0 * 3, y * stride + s1 * 3
            if a.data[i0:i1] == b.data[i0:i1]:
                continue
            pa, pb = a.data, b.data
            for i in range(i0, i1, 3):
                if (abs(pa[i] - pb[i]) > TOLERANCE or abs(pa[i + 1] - pb[i + 1]) > TOLERANCE
                        or abs(pa[i + 2] - pb[i + 2]) > TOLERANCE):
                    count += 1
                    red.append(i)
    if picture and count:
        out = bytearray(v // 3 for v in a.data)
        for mx0, my0, mx1, my1 in masks:
            for y in range(max(my0, 0), min(my1, a.height)):
                out[y * stride + mx0 * 3:y * stride + mx1 * 3] = b"\x60" * (3 * (mx1 - mx0))
        for i in red:
            out[i:i + 3] = b"\xff\x00\x00"
        Shot(a.width, a.height, bytes(out)).save(picture)
    return count


def changed_box(a, b, cell):
    """The box of whole cells where a pane opened: the tallest run of consecutive cell rows that
    differ between a (before) and b (with the pane), from their first to their last differing
    column. The key hints on the last row change too, but apart from the pane."""
    cw, ch, ox, oy = cell
    stride = a.width * 3
    changed = [y for y in range(a.height) if a.data[y * stride:(y + 1) * stride] != b.data[y * stride:(y + 1) * stride]]
    cell_rows = sorted({(y - oy) // ch for y in changed if y >= oy})
    if not cell_rows:
        return None
    runs, run = [], [cell_rows[0]]
    for r in cell_rows[1:]:
        if r == run[-1] + 1:
            run.append(r)
        else:
            runs.append(run)
            run = [r]
    runs.append(run)
    top, bottom = max(runs, key=len)[0], max(runs, key=len)[-1]
    left, right = a.width, 0
    for y in changed:
        if not top <= (y - oy) // ch <= bottom:
            continue
        ra, rb = a.data[y * stride:(y + 1) * stride], b.data[y * stride:(y + 1) * stride]
        first = next(i for i in range(0, stride, 3) if ra[i:i + 3] != rb[i:i + 3]) // 3
        last = next(i for i in range(stride - 3, -1, -3) if ra[i:i + 3] != rb[i:i + 3]) // 3
        left, right = min(left, first), max(right, last + 1)
    x0, x1 = ox + (left - ox) // cw * cw, ox - (-(right - ox) // cw) * cw
    return (x0, oy + top * ch, x1, oy + (bottom + 1) * ch)


def distinct_colours(shot, box):
    """How many different colours the pixel rectangle `box` of `shot` holds."""
    x0, y0, x1, y1 = box
    stride, seen = shot.width * 3, set()
    for y in range(y0, min(y1, shot.height)):
        row = shot.data[y * stride + x0 * 3:y * stride + min(x1, shot.width) * 3]
        seen.update(row[i:i + 3] for i in range(0, len(row), 3))
    return len(seen)


def image_masks(flat, boxes, cell):
    """The pixel rectangles the images own in `flat` (a screenshot of the flat magenta copy): for
    each image box from `render` (whose cells are 10x20 pixels), the whole cells holding magenta
    within 4 columns and a row of it, since a real cell of another shape gives the image a few
    columns more or fewer (mlterm's 8x19 cells: 3 more each side) and may give it a row more (the
    logo at 10x19 in a 20-row pane). Magenta anywhere else stays unmasked: it left its cells."""
    cw, ch, ox, oy = cell
    masks = []
    for x, y, w, h in boxes:
        ax0, ay0 = ox + max(0, x - 4) * cw, oy + max(0, y - 1) * ch
        ax1, ay1 = min(flat.width, ox + (x + w + 4) * cw), min(flat.height, oy + (y + h + 1) * ch)
        found = None
        for py in range(ay0, ay1):
            row = flat.data[py * flat.width * 3 + ax0 * 3:py * flat.width * 3 + ax1 * 3]
            hits = [i // 3 for i in range(0, len(row), 3) if row[i] > 230 and row[i + 1] < 30 and row[i + 2] > 230]
            if hits:
                x0, x1 = ax0 + hits[0], ax0 + hits[-1] + 1
                found = (x0, py, x1, py + 1) if not found else (
                    min(found[0], x0), found[1], max(found[2], x1), py + 1)
        if not found:
            masks.append((ox + x * cw, oy + y * ch, ox + (x + w) * cw, oy + (y + h) * ch))
            continue
        x0, y0, x1, y1 = found
        masks.append((ox + (x0 - ox) // cw * cw, oy + (y0 - oy) // ch * ch,
                      ox - (-(x1 - ox) // cw) * cw, oy - (-(y1 - oy) // ch) * ch))
    return masks


def subtract(box, hole):
    """The parts of pixel rectangle `box` outside `hole`."""
    x0, y0, x1, y1 = box
    hx0, hy0, hx1, hy1 = hole
    if hx0 >= x1 or hx1 <= x0 or hy0 >= y1 or hy1 <= y0:
        return [box]
    parts = [(x0, y0, x1, hy0), (x0, hy1, x1, y1), (x0, max(y0, hy0), hx0, min(y1, hy1)),
             (hx1, max(y0, hy0), x1, min(y1, hy1))]
    return [p for p in parts if p[2] > p[0] and p[3] > p[1]]


# --- X, terminals and the runner inside them ---------------------------------------------------

class Display:
    """An Xvfb of its own, on a free display number from 100 up (other programs' Xvfb usually take
    the low ones; REAL_TERMINALS_DISPLAYS=FIRST-LAST picks among those instead), ended with the run;
    ready once a client can connect."""

    def __init__(self):
        first, last = (int(v) for v in os.environ.get("REAL_TERMINALS_DISPLAYS", "100-999").split("-"))
        for number in random.sample(range(first, last + 1), min(40, last + 1 - first)):
            if os.path.exists(f"/tmp/.X{number}-lock") or os.path.exists(f"/tmp/.X11-unix/X{number}"):
                continue
            read, write = os.pipe()
            self.process = subprocess.Popen(
                ["Xvfb", f":{number}", "-displayfd", str(write), "-screen", "0", "2048x1280x24", "-dpi", "96",
                 "+extension", "GLX", "-nolisten", "tcp"], pass_fds=(write,),
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            STARTED.append(self.process)
            os.close(write)
            answer = b""
            while not answer.endswith(b"\n"):
                chunk = os.read(read, 16)
                if not chunk:
                    break
                answer += chunk
            os.close(read)
            self.name = f":{number}"
            deadline = time.time() + 10
            while answer and self.process.poll() is None and time.time() < deadline:
                if self.tool("xdotool", "getdisplaygeometry").returncode == 0:
                    return
                time.sleep(0.05)
            self.close()
        raise RuntimeError("no Xvfb started (40 display numbers tried)")

    def env(self, **extra):
        env = {k: v for k, v in os.environ.items() if k not in (
            "TMUX", "TMUX_PANE", "KITTY_WINDOW_ID", "TERM_PROGRAM", "COLORTERM", "WINDOWID", "NO_COLOR", "STY")}
        env.update(DISPLAY=self.name, LC_ALL="C.UTF-8", LANG="C.UTF-8", **extra)
        return env

    def tool(self, *args):
        return run(list(args), env=self.env())

    def grab(self, window):
        data = subprocess.run(["import", "-silent", "-window", window, "-depth", "8", "ppm:-"], env=self.env(),
                              capture_output=True).stdout
        m = re.match(rb"P6\s+(\d+)\s+(\d+)\s+255\s", data)
        if not m:
            return None
        shot = Shot(int(m.group(1)), int(m.group(2)), data[m.end():])
        return shot if len(shot.data) == shot.width * shot.height * 3 else None

    def close(self):
        self.process.terminate()
        self.process.wait()


# Runs inside the terminal: waits for control/run-N (the app's argument list as JSON; [] ends),
# writes control/size-N (TIOCGWINSZ) and runs it, clears the screen, then control/done-N.
RUNNER = r"""
import fcntl, json, os, struct, subprocess, sys, termios, time
control, n = sys.argv[1], 0
while True:
    n += 1
    request = os.path.join(control, "run-%d" % n)
    while not os.path.exists(request):
        time.sleep(0.02)
    args = json.load(open(request))
    if not args:
        break
    size = struct.unpack("HHHH", fcntl.ioctl(0, termios.TIOCGWINSZ, b"\0" * 8))
    open(os.path.join(control, "size.tmp"), "w").write(" ".join(map(str, size)))
    os.rename(os.path.join(control, "size.tmp"), os.path.join(control, "size-%d" % n))
    subprocess.run(args)
    sys.stdout.write("\x1b[H\x1b[2J")
    sys.stdout.flush()
    open(os.path.join(control, "done-%d" % n), "w").close()
"""


def wait_file(path, timeout=20):
    deadline = time.time() + timeout
    while not os.path.exists(path):
        if time.time() > deadline:
            raise RuntimeError(f"waited {timeout} s for {os.path.basename(path)}")
        time.sleep(0.02)


class Terminal:
    """How to open one terminal (`command`), where the app's cells are in it, how to resize it."""
    columns, rows = COLUMNS, ROWS   # of the window
    bordered = False                # a border of its own around the cells (app_cells)
    switches = False                # tmux windows to switch between (InTmux)
    auto_is_protocol = True         # --images auto finds the protocol (not xterm's sixel inside tmux)
    found_by = "--classname"        # how xdotool finds its window named "realterm"
    symbols_mode = "auto"           # the --images of a "symbols" terminal's true-colour check

    def __init__(self, name, protocol):
        self.name, self.protocol = name, protocol

    def command(self, control, runner):
        raise NotImplementedError

    def app_cells(self, control, n, shot):
        """(cell width, cell height, x offset, y offset, columns, rows) of the app in the window:
        the cells fill it, or (a terminal with a border of its own: urxvt, mlterm) sit centred in
        it, as big as TIOCGWINSZ's pixels say."""
        rows, columns, width, height = (int(v) for v in open(os.path.join(control, f"size-{n}")).read().split())
        if self.bordered and width and height:
            cw, ch = width // columns, height // rows
            return (cw, ch, (shot.width - columns * cw) // 2, (shot.height - rows * ch) // 2, columns, rows)
        return (shot.width // self.columns, shot.height // self.rows, 0, 0, columns, rows)

    def resize(self, display, window, cells):
        cw, ch, ox, oy = cells[:4]
        display.tool("xdotool", "windowsize", window, str(RESIZED[0] * cw + 2 * ox), str(RESIZED[1] * ch + 2 * oy))
        return (cw, ch, ox, oy) + RESIZED

    def restore(self, display, window, shot):
        display.tool("xdotool", "windowsize", window, str(shot.width), str(shot.height))

    def app_prefix(self):
        """What goes before the app's command line in this terminal."""
        return []

    def close(self):
        pass


class XTerm(Terminal):
    def __init__(self, name, protocol, points, sixel, colorterm=None):
        super().__init__(name, protocol)
        self.points, self.sixel, self.colorterm = points, sixel, colorterm

    def command(self, control, runner):
        args = ["xterm", "-name", "realterm", "-tn", "xterm-256color", "-fa", "DejaVu Sans Mono", "-fs", str(self.points),
                "-b", "0", "-bw", "0", "-bg", "black", "-fg", "white", "-geometry", f"{self.columns}x{self.rows}+0+0"]
        if self.sixel:
            args += ["-ti", "vt340", "-xrm", "XTerm*decTerminalID: vt340", "-xrm", "XTerm*numColorRegisters: 256"]
        return args + ["-e"] + runner, {}

    def app_prefix(self):
        # xterm takes COLORTERM out of its children's environment: the app gets it from `env`.
        return ["env", "COLORTERM=" + self.colorterm] if self.colorterm else []


class Kitty(Terminal):
    options = ["font_family=DejaVu Sans Mono", "font_size=10", "remember_window_size=no", "placement_strategy=top-left",
               "window_padding_width=0", "cursor_blink_interval=0", "enable_audio_bell=no", "confirm_os_window_close=0"]

    def kitty(self):
        args = ["kitty", "--config", "NONE", "--name", "realterm"]
        for option in self.options + [f"initial_window_width={self.columns}c", f"initial_window_height={self.rows}c"]:
            args += ["-o", option]
        return args

    def command(self, control, runner):
        return self.kitty() + runner, {"LIBGL_ALWAYS_SOFTWARE": "1"}


class URxvt(Terminal):
    """rxvt-unicode (urxvt): no image protocol, and it prints control strings it does not know
    (APC, DCS, OSC 1337); `TERM` is set per run (`term_env`), urxvt's own COLORTERM=rxvt-xpm kept."""
    bordered = True

    def command(self, control, runner):
        return ["urxvt", "-name", "realterm", "-fn", "xft:DejaVu Sans Mono:size=10", "+sb", "-b", "0", "-bg", "black",
                "-fg", "white", "-geometry", f"{COLUMNS}x{ROWS}+0+0", "-e"] + runner, {}


class MLTerm(Terminal):
    """mlterm with sixel (TERM=mlterm, MLTERM set: `--images auto` chooses sixel), 8x19 cells."""
    bordered = True
    found_by = "--name"             # -N names the window (its title), not its class

    def command(self, control, runner):
        return ["mlterm", "-N", "realterm", "-w", "14", "--aa=true", "--sb=false", "-g", f"{COLUMNS}x{ROWS}+0+0",
                "-e"] + runner, {}


class MLTermTrueColour(MLTerm):
    """mlterm as xterm-256color with COLORTERM=truecolor, images as symbols: mlterm reads at most
    10 parameters of an SGR (a bold colour pair in 24 bits is 11; the bar was drawn white)."""
    symbols_mode = "symbols"

    def app_prefix(self):
        return ["env", "TERM=xterm-256color", "COLORTERM=truecolor"]


class InTmux:
    """Mixin: the terminal runs tmux (allow-passthrough on, focus-events on), the app in the
    bottom-right pane of three in window "images"; window "other" holds one plain pane, shown
    by `switch` (tmux select-window, as a user's prefix + n does)."""
    columns, rows = 2 * COLUMNS + 1, 2 * ROWS + 2
    pane_id = "rt:images.2"
    switches = True

    def command(self, control, runner):
        self.socket = os.path.join(control, "tmux.socket")
        SERVERS.append(self.socket)
        conf = os.path.join(control, "tmux.conf")
        with open(conf, "w") as f:
            f.write("set -g allow-passthrough on\nset -g focus-events on\nset -g escape-time 10\n"
                    "set -g status-left '[realterm] '\nset -g status-right ''\nset -g default-terminal tmux-256color\n"
                    "setw -g automatic-rename off\n")
        quoted = " ".join("'" + a.replace("'", "'\\''") + "'" for a in runner)
        tmux = ["tmux", "-S", self.socket, "-f", conf, "new-session", "-s", "rt", "-n", "images", "sleep 86400", ";",
                "split-window", "-h", "-l", str(COLUMNS), "sleep 86400", ";", "split-window", "-v", "-l", str(ROWS), quoted,
                ";", "new-window", "-d", "-n", "other", "printf 'another tmux window\\n'; sleep 86400"]
        return super().command(control, tmux)

    def switch(self, away):
        """Shows the other tmux window (away) or the app's again."""
        run(["tmux", "-S", self.socket, "select-window", "-t", "rt:other" if away else "rt:images"])

    def pane(self):
        out = run(["tmux", "-S", self.socket, "display", "-p", "-t", self.pane_id,
                   "#{pane_left} #{pane_top} #{pane_width} #{pane_height}"]).stdout.split()
        return tuple(int(v) for v in out)

    def app_cells(self, control, n, shot):
        left, top, columns, rows = self.pane()
        cw, ch = shot.width // self.columns, shot.height // self.rows
        return (cw, ch, left * cw, top * ch, columns, rows)

    def resize(self, display, window, cells):
        run(["tmux", "-S", self.socket, "resize-pane", "-t", self.pane_id, "-x", str(COLUMNS - 10), "-y", str(ROWS - 4)])
        left, top, columns, rows = self.pane()
        return (cells[0], cells[1], left * cells[0], top * cells[1], columns, rows)

    def restore(self, display, window, shot):
        run(["tmux", "-S", self.socket, "resize-pane", "-t", self.pane_id, "-x", str(COLUMNS), "-y", str(ROWS)])

    def close(self):
        run(["tmux", "-S", self.socket, "kill-server"])


class KittyTmux(InTmux, Kitty):
    pass


class XTermTmux(InTmux, XTerm):
    # Only a query finds xterm's sixel, and inside tmux none is made: auto draws symbols.
    auto_is_protocol = False


TERMINALS = {
    "xterm-sixel-9pt": XTerm("xterm-sixel-9pt", "sixel", 9, sixel=True),
    "xterm-sixel-9x19": XTerm("xterm-sixel-9x19", "sixel", 11.5, sixel=True),
    "xterm-truecolor": XTerm("xterm-truecolor", "symbols", 10, sixel=False, colorterm="truecolor"),
    "kitty": Kitty("kitty", "kitty"),
    "kitty-tmux": KittyTmux("kitty-tmux", "kitty"),
    "xterm-tmux": XTermTmux("xterm-tmux", "sixel", 12, sixel=True),
    "mlterm": MLTerm("mlterm", "sixel"),
    "mlterm-truecolor": MLTermTrueColour("mlterm-truecolor", "symbols"),
    "urxvt": URxvt("urxvt", "urxvt"),
}


class Window:
    """One terminal window on its own display, running the app once per `session`."""

    def __init__(self, terminal, out):
        self.terminal, self.out, self.n = terminal, out, 0
        for attempt in (1, 2):
            problem = self.open()
            if not problem:
                return
            if attempt == 1:
                print(f"note {terminal.name}: {problem}; once more on another display", flush=True)
            self.terminal.close()
            if self.process.poll() is None:
                self.process.terminate()
                self.process.wait()
            self.display.close()
        raise RuntimeError(problem)

    def open(self):
        """Starts the display and the terminal; what went wrong, or None once its window shows."""
        terminal = self.terminal
        self.display = Display()
        self.control = tempfile.mkdtemp(prefix=terminal.name + "-", dir=self.out["tmp"])
        runner = ["python3", "-c", RUNNER, self.control]
        command, env = terminal.command(self.control, runner)
        self.stderr = os.path.join(self.out["dir"], terminal.name + ".stderr")
        with open(self.stderr, "w") as stderr:
            self.process = subprocess.Popen(command, env=self.display.env(**env), stdout=subprocess.DEVNULL, stderr=stderr)
        STARTED.append(self.process)
        deadline, self.window = time.time() + 60, ""
        while not self.window and time.time() < deadline and self.process.poll() is None:
            self.window = self.display.tool("xdotool", "search", "--onlyvisible", terminal.found_by, "realterm").stdout.split("\n")[0]
            time.sleep(0.05)
        if not self.window:
            with open(self.stderr) as f:
                said = " ".join(f.read().split())[-200:]
            return (f"no {terminal.name} window appeared (exit status {self.process.poll()}; "
                    f"{os.path.basename(self.stderr)}: {said})")
        self.display.tool("xdotool", "windowfocus", "--sync", self.window)
        if terminal.switches:
            # What the other tmux window shows with no app running: what it must show with one.
            blank = self.settle()
            terminal.switch(away=True)
            self.other = self.settle(before=blank).save(os.path.join(self.out["dir"], f"{terminal.name}-other-window.png"))
            terminal.switch(away=False)
        return None

    def settle(self, before=None, polls=2, interval=0.1, timeout=10.0):
        """The screenshot once the screen has changed from `before` (when given; for at most a
        third of the timeout) and then stayed the same for `polls` more screenshots."""
        started = time.time()
        last, same = None, 0
        while time.time() < started + timeout:
            shot = self.display.grab(self.window)
            if shot and before is not None and shot.data == before.data and time.time() < started + timeout / 3:
                time.sleep(interval)
                continue
            before = None
            if shot and last and shot.data == last.data:
                same += 1
                if same >= polls:
                    return shot
            else:
                same = 0
            last = shot
            time.sleep(interval)
        return last

    def session(self, zapp, mode, steps, images=APP, tag=None, env=None):
        """Runs the app with `--images mode` (and the environment variables `env`) and takes the
        steps: (name, keys, whether the screen must change first). Returns each step's screenshot
        ("start" first) and the app's cells at the start and after a resize."""
        self.n += 1
        n, tag = self.n, f"{self.terminal.name}-{tag or mode}"
        blank = self.settle()
        # Every run of this window shows the app from one path (the warnings pane names it), with
        # the PNGs of `images` (harbor-tv's or the flat copy's).
        app = os.path.join(self.control, "harbor-tv")
        shutil.rmtree(app, ignore_errors=True)
        shutil.copytree(images, app)
        variables = ["env"] + [f"{k}={v}" for k, v in env.items()] if env else []
        args = self.terminal.app_prefix() + variables + [zapp, app, "--images", mode, "--state-dir", os.path.join(self.control, f"state-{n}"),
                "--log", os.path.join(self.out["dir"], tag + ".log")]
        self.request(n, args)
        wait_file(os.path.join(self.control, f"size-{n}"))
        started = time.time()
        shot = self.settle(before=blank, polls=4, interval=0.15, timeout=15)
        note(f"{tag}: first screen settled in {time.time() - started:.1f} s")
        cells = {"start": self.terminal.app_cells(self.control, n, shot)}
        shots = {"start": shot.save(os.path.join(self.out["dir"], f"{tag}-start.png"))}
        for name, keys, must_change in steps:
            before = shot
            for key in keys:
                if key == "resize":
                    cells["resize"] = self.terminal.resize(self.display, self.window, cells["start"])
                elif key in ("switch-away", "switch-back"):
                    self.terminal.switch(away=key == "switch-away")
                elif isinstance(key, tuple):
                    self.display.tool("xdotool", "type", "--delay", "20", key[1])
                else:
                    self.display.tool("xdotool", "key", key)
            started = time.time()
            shot = self.settle(before=before if must_change else None)
            note(f"{tag} {name}: settled in {time.time() - started:.1f} s")
            shots[name] = shot.save(os.path.join(self.out["dir"], f"{tag}-{name}.png"))
        self.display.tool("xdotool", "key", "q")
        wait_file(os.path.join(self.control, f"done-{n}"), timeout=10)
        if "resize" in cells:
            self.terminal.restore(self.display, self.window, shots["start"])
        return shots, cells

    def request(self, n, args):
        """Asks the runner for run N, whole: written aside and renamed (the runner polls for the
        name; a list read half-written would end it: the likely cause of runs that waited for
        size-N under load)."""
        with open(os.path.join(self.control, "run.tmp"), "w") as f:
            json.dump(args, f)
        os.rename(os.path.join(self.control, "run.tmp"), os.path.join(self.control, f"run-{n}"))

    def close(self):
        try:
            self.request(self.n + 1, [])
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        finally:
            self.terminal.close()
            if self.process.poll() is None:
                self.process.terminate()
                self.process.wait()
            self.display.close()


# --- the checks ------------------------------------------------------------------------------

# Keys are xdotool key names; ("type", TEXT) types TEXT; "resize" resizes the app's terminal.
FULL_STEPS = [
    ("help", ["question"], True), ("help-esc", ["Escape"], True),
    ("warnings", ["w"], True), ("warnings-esc", ["Escape"], True),
    ("details", ["Return"], True), ("details-esc", ["Escape"], True),
    ("down1", ["Down"], True), ("down1-redraw", ["ctrl+l"], False),
    ("down3", ["Down", "Down"], False), ("down3-redraw", ["ctrl+l"], False),
    ("up3", ["Up", "Up", "Up"], True),
    ("shows", ["g", ("type", "Shows"), "Return"], True),
    ("shows-home", ["g", ("type", "Home"), "Return"], True),
    ("shows-home-redraw", ["ctrl+l"], False),
    ("resize", ["resize"], True), ("resize-redraw", ["ctrl+l"], False),
]
PANE_STEPS = FULL_STEPS[:6]
# Inside tmux: another window shown and the app's again, at the start and after Down x3.
SWITCH_STEPS = [("away", ["switch-away"], True), ("back", ["switch-back"], True)]
TMUX_STEPS = SWITCH_STEPS + FULL_STEPS[:10] + [
    ("down3-away", ["switch-away"], True), ("down3-back", ["switch-back"], True)] + FULL_STEPS[10:]
# urxvt, under each TERM: focus moves (highlighted rows: REP's gaps would show) and a pane.
URXVT_STEPS = [("down1", ["Down"], True), ("down3", ["Down", "Down"], False), ("help", ["question"], True),
               ("help-esc", ["Escape"], True)]


def check_terminal(terminal, zapp, out):
    t = terminal.name
    window = Window(terminal, out)
    started = time.time()
    try:
        if terminal.protocol == "symbols":
            shots, cells = window.session(zapp, terminal.symbols_mode, [])
            check_true_colours(t, zapp, shots["start"], cells["start"], terminal.symbols_mode)
            return
        if terminal.protocol == "urxvt":
            check_urxvt(t, window, zapp, out)
            return
        p = terminal.protocol
        steps = TMUX_STEPS if terminal.switches else FULL_STEPS
        ref, cells = window.session(zapp, p, steps, images=out["twin"], tag=p + "-flat")
        img, _ = window.session(zapp, p, steps)
        # Without images only the panes and the switches are compared (the reference checks of
        # the rest showed the harness deterministic in every terminal; each step costs a second).
        off, _ = window.session(zapp, "off", (SWITCH_STEPS if terminal.switches else []) + PANE_STEPS)
        symbols_fit = symbols_lay_out_alike(zapp)
        text = window.session(zapp, "symbols", PANE_STEPS)[0] if symbols_fit else None
        auto = window.session(zapp, "auto", [])[0] if terminal.auto_is_protocol else None
    finally:
        window.close()
        note(f"{t}: runs took {time.time() - started:.1f} s")
    cw, ch, ox, oy, columns, rows = cells["start"]
    cell = (cw, ch, ox, oy)
    report(t, f"the app has {columns}x{rows} cells of {cw}x{ch} pixels at +{ox}+{oy} (not 10x20)",
           (cw, ch) != (10, 20) and (columns, rows) == (COLUMNS, ROWS))
    boxes = image_masks(ref["start"], image_cells(zapp, columns, rows), cell)
    numbered = [0]

    def same(name, a, b, masks=(), crop=None, reference=False):
        numbered[0] += 1
        picture = f"{t}-diff-{numbered[0]:02d}.png"
        n = differing(a, b, masks, crop, os.path.join(out["dir"], picture))
        detail = (f"{n} pixels differ, {picture}: {os.path.basename(a.path)} vs {os.path.basename(b.path)}"
                  if n >= 0 else f"sizes differ: {a.width}x{a.height} vs {b.width}x{b.height}")
        report(t, ("(reference) " if reference else "") + name, 0 <= n <= ALLOWED, detail)

    p = terminal.protocol
    for i, box in enumerate(boxes):
        colours = distinct_colours(img["start"], box)
        report(t, f"{p}: {'the logo' if i == len(boxes) - 1 else f'artwork {i + 1}'} is drawn in its cells "
               f"({colours} colours)", colours >= 16, f"want 16 or more; {os.path.basename(img['start'].path)}")
    flat = "the same keys with flat images"
    if not symbols_fit:
        print(f"note {t}: --images symbols lays the screen out otherwise than {p} (the bar's title for a "
              f"logo too small for symbols): the comparisons with it are left out", flush=True)
    same(f"{p}: outside the image cells, the first screen matches {flat}", img["start"], ref["start"], boxes)
    if symbols_fit:
        same(f"{p}: outside the image cells, the first screen matches --images symbols", img["start"], text["start"], boxes)
    for pane in ("help", "warnings", "details"):
        box = changed_box(off["start"], off[pane], cell)
        masks = [part for b in boxes for part in subtract(b, box)] if box else boxes
        same(f"{p}: the {pane} pane, and all outside the image cells, match {flat}", img[pane], ref[pane], masks)
        if symbols_fit:
            same(f"{p}: the {pane} pane, and all outside the image cells, match --images symbols",
                 img[pane], text[pane], masks)
        if box and pane != "warnings":  # with images, `w` also says which protocol was chosen and why
            same(f"{p}: the {pane} pane's pixels match --images off", img[pane], off[pane], crop=box)
        same(f"{p}: after Esc on the {pane} pane, the screen is the one before it", img[f"{pane}-esc"], img["start"])
        same(f"after Esc on the {pane} pane, the screen is the one before it", off[f"{pane}-esc"], off["start"],
             reference=True)
    check_visible_parts(t, p, img, off, boxes, cell, same)
    same(f"{p}: after Down (focus and scroll), the screen matches a fresh draw (Ctrl-L)", img["down1"], img["down1-redraw"])
    same(f"{p}: after Down x3, the screen matches a fresh draw (Ctrl-L)", img["down3"], img["down3-redraw"])
    same(f"{p}: after Down x3 / Up x3, the screen is the first one", img["up3"], img["start"])
    same(f"{p}: after Shows -> Home, the screen matches a fresh draw (Ctrl-L)", img["shows-home"], img["shows-home-redraw"])
    same(f"{p}: after Shows -> Home, the screen is the first one", img["shows-home"], img["start"])
    rcw, rch, rox, roy, rcolumns, rrows = cells["resize"]
    same(f"{p}: after a resize to {rcolumns}x{rrows}, the screen matches a fresh draw (Ctrl-L)",
         img["resize"], img["resize-redraw"])
    resized = image_masks(ref["resize"], image_cells(zapp, rcolumns, rrows), (rcw, rch, rox, roy))
    same(f"{p}: after a resize to {rcolumns}x{rrows}, outside the image cells matches {flat}",
         img["resize"], ref["resize"], resized)
    if terminal.switches:
        other = window.other
        for run_shots, mode, reference in ((img, p, False), (off, "off", True)):
            same(f"--images {mode}: another tmux window shows nothing of the app", run_shots["away"], other,
                 reference=reference)
            same(f"--images {mode}: back in its tmux window, the screen is the one before the switch", run_shots["back"],
                 run_shots["start"], reference=reference)
        same(f"--images {p}: after Down x3, another tmux window shows nothing of the app", img["down3-away"], other)
        same(f"--images {p}: after Down x3, back in its tmux window, the screen is the one before the switch",
             img["down3-back"], img["down3-redraw"])
    if not auto:
        return
    logo, artwork = boxes[-1], boxes[:-1]
    same(f"--images auto draws the logo as --images {p} does", auto["start"], img["start"], crop=logo)
    for i, box in enumerate(artwork):
        same(f"--images auto draws artwork {i + 1} as --images {p} does", auto["start"], img["start"], crop=box)


def check_urxvt(t, window, zapp, out):
    """urxvt under its own TERMs and as xterm-256color: colours from terminfo (rxvt-unicode-256color
    writes `colors#0x100` and every colour as `38;5;N`; rxvt-unicode has 88), and the screen as
    xterm-256color is pixel for pixel the one as rxvt-unicode-256color: no query printed as text
    (`Gi=…`), nothing shifted, no gaps where REP (which urxvt lacks) would have repeated a cell."""
    runs = {}
    for term in ("rxvt-unicode-256color", "xterm-256color", "rxvt-unicode"):
        steps = URXVT_STEPS if term != "rxvt-unicode" else []
        runs[term] = window.session(zapp, "auto", steps, tag=f"auto-{term}", env={"TERM": term})[0]
    for term, wanted, least in (("rxvt-unicode-256color", 256, 32), ("xterm-256color", 256, 32), ("rxvt-unicode", 8, 8)):
        with open(os.path.join(out["dir"], f"{t}-auto-{term}.log")) as f:
            said = re.search(r"colours (\d+)", f.read())
        shot = runs[term]["start"]
        colours = distinct_colours(shot, (0, 0, shot.width, shot.height))
        report(t, f"TERM={term}: colours {wanted} ({said.group(0) if said else 'no colours line'} in the log), "
               f"{colours} colours on screen", bool(said) and int(said.group(1)) == wanted and colours >= least,
               f"want colours {wanted} and {least} or more on screen; {os.path.basename(shot.path)}")
    own, xterm = runs["rxvt-unicode-256color"], runs["xterm-256color"]
    for name in ["start"] + [step[0] for step in URXVT_STEPS]:
        n = differing(xterm[name], own[name], picture=os.path.join(out["dir"], f"{t}-diff-{name}.png"))
        report(t, f"TERM=xterm-256color draws {name} as TERM=rxvt-unicode-256color does (no query text, no REP gaps)",
               0 <= n <= ALLOWED, f"{n} pixels differ, {t}-diff-{name}.png: {os.path.basename(xterm[name].path)} vs "
               f"{os.path.basename(own[name].path)}")


def check_true_colours(t, zapp, shot, cells, mode="auto"):
    """The images' symbol cells (block elements in `render --format ansi`, 24-bit) and the bar's
    first row: 90% of each group's pixels are (within 10%) their cell's foreground or background."""
    cw, ch, ox, oy, columns, rows = cells
    colours = cell_colours(zapp, columns, rows)
    groups = {"the images' symbols": [k for k, v in colours.items() if "\u2580" <= v[0] <= "\u259f"],
              "the bar's background": [k for k, v in colours.items() if k[1] == 0 and v[0] == " " and v[2]]}
    for label, chosen in groups.items():
        near = total = 0
        for column, row in chosen:
            wanted = [c for c in colours[(column, row)][1:] if c]
            for py in range(oy + row * ch, oy + (row + 1) * ch):
                for px in range(ox + column * cw, ox + (column + 1) * cw):
                    i = (py * shot.width + px) * 3
                    pixel = shot.data[i:i + 3]
                    total += 1
                    near += any(max(abs(pixel[k] - c[k]) for k in range(3)) <= TOLERANCE for c in wanted)
        share = near / total if total else 0
        report(t, f"--images {mode} draws {label} in true colours ({len(chosen)} cells, {share:.0%} of their pixels)",
               share >= 0.9, f"want 90%; {os.path.basename(shot.path)}")


# --- images covered in part, and the logo's shape at other cells (issue 33) ---------------------

def check_visible_parts(t, p, img, off, boxes, cell, same):
    """A pane over part of an image leaves the rest of it pixel for pixel as before the pane: the
    part of each image box outside the pane's box (whole cells) matches the first screen."""
    for pane in ("help", "warnings", "details"):
        box = changed_box(off["start"], off[pane], cell)
        if not box:
            continue
        for i, image in enumerate(boxes):
            parts = subtract(image, box)
            if parts == [image]:
                continue  # the pane does not reach this image
            name = "the logo" if i == len(boxes) - 1 else f"artwork {i + 1}"
            for part in parts:
                same(f"{p}: under the {pane} pane, the visible part of {name} {part} is pixel for pixel as before",
                     img[pane], img["start"], crop=part)


class LogoShape(XTerm):
    """xterm with sixel at a cell size of its own (DejaVu Sans Mono at `points`, lines scaled by
    `scale`): the flat copy's logo (380x96, flat magenta) is drawn 3.96:1 within 3%."""

    def __init__(self, name, points, scale, cell):
        super().__init__(name, "sixel", points, sixel=True)
        self.scale, self.cell = scale, cell

    def command(self, control, runner):
        args, env = super().command(control, runner)
        at = args.index("-e")
        return args[:at] + ["-xrm", f"XTerm*scaleHeight: {self.scale}"] + args[at:], env

    def check(self, zapp, out):
        window = Window(self, out)
        try:
            shots, cells = window.session(zapp, "sixel", [], images=out["twin"], tag="logo-flat")
        finally:
            window.close()
        cw, ch, ox, oy, _, _ = cells["start"]
        report(self.name, f"cells are {self.cell[0]}x{self.cell[1]} pixels", (cw, ch) == self.cell, f"{cw}x{ch}")
        shot = shots["start"]
        xs, ys = [], []
        for y in range(oy, min(shot.height, oy + 3 * ch)):   # the bar's three rows
            row = shot.data[y * shot.width * 3:(y + 1) * shot.width * 3]
            hits = [i // 3 for i in range(0, len(row), 3) if row[i] > 230 and row[i + 1] < 30 and row[i + 2] > 230]
            if hits:
                xs += [hits[0], hits[-1]]
                ys.append(y)
        if not xs:
            report(self.name, "the logo is drawn", False, os.path.basename(shot.path))
            return
        width, height = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
        ratio = width / height / (380 / 96)
        report(self.name, f"the logo keeps its shape: {width}x{height} pixels, {width / height:.2f}:1 for 3.96:1",
               abs(ratio - 1) <= 0.03, os.path.basename(shot.path))


LOGO_SHAPES = {
    "xterm-logo-9x19": LogoShape("xterm-logo-9x19", 11, 1.05, (9, 19)),
    "xterm-logo-10x22": LogoShape("xterm-logo-10x22", 12, 1.15, (10, 22)),
    "xterm-logo-12x24": LogoShape("xterm-logo-12x24", 15, 1.0, (12, 24)),
}
TERMINALS.update(LOGO_SHAPES)


def main():
    zapp = os.environ.get("ZAPP_SHELL", "")
    if not zapp or not os.access(zapp, os.X_OK):
        print(f"real terminals: set ZAPP_SHELL to the built zapp-shell binary (got '{zapp}')", file=sys.stderr)
        return 2
    zapp = os.path.abspath(zapp)
    missing = sorted({package for tool, package in TOOLS.items() if not shutil.which(tool)})
    if missing:
        print("SKIPPED: the real-terminal tests need " + ", ".join(missing) + " (make test-deps installs them)")
        return 0
    names = sys.argv[1:] or list(TERMINALS)
    unknown = [n for n in names if n not in TERMINALS]
    if unknown:
        print(f"real terminals: unknown {', '.join(unknown)} (known: {', '.join(TERMINALS)})", file=sys.stderr)
        return 2
    out_dir = os.environ.get("REAL_TERMINALS_OUT", os.path.join(ROOT, ".build", "real-terminals"))
    os.makedirs(out_dir, exist_ok=True)
    for old in os.listdir(out_dir):
        if old.endswith((".png", ".log", ".stderr")):
            os.remove(os.path.join(out_dir, old))
    out = {"dir": out_dir, "tmp": SCRATCH, "twin": flat_twin(SCRATCH)}
    started = time.time()

    def one(name):
        try:
            terminal = TERMINALS[name]
            (terminal.check if hasattr(terminal, "check") else lambda z, o: check_terminal(terminal, z, o))(zapp, out)
        except Exception as error:  # a terminal that cannot be driven is a failure, named
            report(name, "runs", False, f"{type(error).__name__}: {error}")

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    threads = [threading.Thread(target=one, args=(n,), daemon=True) for n in names]
    try:
        for thread in threads:   # two terminals at a time, each under its own Xvfb
            while sum(t.is_alive() for t in threads) >= 2:
                time.sleep(0.1)
            thread.start()
        for thread in threads:
            thread.join()
    except KeyboardInterrupt:
        print("real terminals: interrupted")
        return 130
    for process in SAVING:
        process.wait()
    print(f"real terminals: {time.time() - started:.0f} s; screenshots in {out_dir}")
    print(f"{RESULTS.count(True)} passed, {RESULTS.count(False)} failed")
    return 0 if RESULTS and all(RESULTS) else 1


if __name__ == "__main__":
    sys.exit(main())
