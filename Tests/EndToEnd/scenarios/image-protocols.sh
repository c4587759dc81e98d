# Protocol images byte by byte (issue 22): the real terminal layer run in a pseudo-terminal (not
# tmux, which would swallow the sequences) on examples/harbor-tv, its bytes read as the terminal
# would get them: kitty's graphics (each image transmitted once with a=t and an id, base64 PNG in
# chunks of at most 4096, m=1 until the last, then shown by a=p placements over its cell box; a
# pane over an image deletes or crops its placements and closing it places them again; all deleted
# at the exit and on a resize, then placed again), iTerm2's inline images (OSC 1337 with the PNG's
# size, BEL-terminated), sixels (DCS … q … ST, sized for the cell the window size reports), and
# inside tmux every sequence wrapped in passthrough with ESC doubled, placements with the cursor
# saved, moved and restored inside it. Every step waits for bytes, never a time.
# Sourced by ../run.sh, which provides the helpers.

write_pty_probe() {
    cat >"$1" <<'EOF'
import base64, fcntl, os, pty, re, select, signal, struct, sys, termios, time
binary, app, mode, state = sys.argv[1:5]
tmux = len(sys.argv) > 5 and sys.argv[5] == "tmux"
# sixel in a window that reports no pixels and a terminal that answers no query: symbols.
blind = len(sys.argv) > 5 and sys.argv[5] == "blind"
cell = (0, 0) if blind else (8, 17) if mode == "sixel" else (10, 20)
env = {k: v for k, v in os.environ.items() if k not in ("TMUX", "KITTY_WINDOW_ID", "TERM_PROGRAM")}
env.update(TERM="xterm-256color", COLORTERM="truecolor", LC_ALL="C.UTF-8")
if tmux:
    env["TMUX"] = "/tmp/e2e-fake-tmux,1,0"
pid, fd = pty.fork()
if pid == 0:
    os.execve(binary, [binary, app, "--images", mode, "--state-dir", state], env)
def size(rows, columns):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, columns * cell[0], rows * cell[1]))
size(30, 100)
out = b""
def read_until(pattern, start=0, timeout=20):
    global out
    deadline = time.time() + timeout
    while time.time() < deadline:
        if re.search(pattern, out[start:], re.S):
            return True
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return bool(re.search(pattern, out[start:], re.S))
            if not chunk:
                break
            out += chunk
    return bool(re.search(pattern, out[start:], re.S))
failures = []
def check(name, ok):
    print(("PASS " if ok else "FAIL ") + "image protocols (%s%s): %s" % (mode, ", tmux" if tmux else ", no cell size" if blind else "", name))
    if not ok:
        failures.append(name)
ESC = b"\x1b\x1b" if tmux else b"\x1b"
first = {"kitty": ESC + rb"_Ga=p.*?" + ESC + rb"\\", "iterm": ESC + rb"\]1337;File=.*?\x07", "sixel": ESC + rb"P[0-9;]*q.*?" + ESC + rb"\\"}[mode]
if blind:
    check("the one query asks for the cell size", read_until(rb"\x1b\[16t\x1b\[14t\x1b\[c"))
    check("and nothing a terminal might print (no APC, DCS or OSC: issue 33)", not re.search(rb"\x1b[_P\]]", out))
    check("no answer: the frame is drawn, with symbols", read_until("Harbor".encode()) and read_until("▀|▄|█".encode()))
    # The terminal answers at last, after the wait: its reply is no keys (t would switch the theme).
    mark = len(out)
    os.write(fd, b"\x1b[6;17;8t\x1b[4;408;640t\x1b[?63;4c")
    os.write(fd, b"?")
    check("a late reply is not taken for keys", read_until(b"Keys", mark) and b"Theme:" not in out[mark:])
    os.write(fd, b"\x1bq")
    read_until(rb"$^", timeout=10)
    os.waitpid(pid, 0)
    check("and no sixel is ever written", b"\x1bP" not in out)
    sys.exit(1 if failures else 0)
check("an image is written", read_until(first))
if mode == "kitty" and not tmux:
    # The details pane of the focused entry (Enter) covers the artwork in part; the help pane,
    # since it wraps its descriptions, covers all of it (every image deleted with its data). First
    # every image of the home screen is placed: the logo, the hero's artwork, three in the grid.
    read_until(rb"(\x1b_Ga=p.*?){5}")
    mark = len(out)
    os.write(fd, b"\r")
    check("a pane over the artwork deletes or crops its placements", read_until(rb"\x1b_Ga=d,d=i,i=\d+,p=\d+,q=2\x1b\\", mark))
    mark = len(out)
    os.write(fd, b"\x1b")
    check("closing the pane places the whole images again, not transmitted again",
          read_until(rb"\x1b_Ga=p,i=\d+,p=\d+,c=\d+,r=\d+,C=1,q=2\x1b\\", mark) and b"_Ga=t" not in out[mark:])
    mark = len(out)
    size(24, 80)
    os.kill(pid, signal.SIGWINCH)
    check("a resize deletes every image", read_until(rb"\x1b_Ga=d,d=A,q=2\x1b\\", mark))
    after = out.index(b"\x1b_Ga=d,d=A", mark)
    check("and places them again", read_until(rb"\x1b_Ga=t.*\x1b_Ga=p", after))
os.write(fd, b"q")
read_until(rb"$^", timeout=10)
os.waitpid(pid, 0)
if mode == "kitty":
    chunks = re.findall(ESC + rb"_G([^;\x1b]*);?([A-Za-z0-9+/=]*)" + ESC + rb"\\", out)
    images = [c for c in chunks if c[0].startswith(b"a=t")]
    places = [c[0] for c in chunks if c[0].startswith(b"a=p")]
    check("every chunk is an APC ended by ST", len(chunks) == out.count(ESC + b"_G") and len(chunks) > 0)
    check("first chunks carry a=t, PNG, an id, q=2", len(images) > 0 and
          all(re.fullmatch(rb"a=t,f=100,t=d,i=\d+,q=2,m=[01]", h) for h, _ in images))
    check("placements carry ids, an optional source crop, the cell box, C=1, q=2", len(places) > 0 and
          all(re.fullmatch(rb"a=p,i=\d+,p=\d+(,x=\d+,y=\d+,w=\d+,h=\d+)?,c=\d+,r=\d+,C=1,q=2", h) for h in places))
    transmitted = set(re.findall(rb"a=t,f=100,t=d,i=(\d+)", out))
    check("every placement shows a transmitted image", all(re.match(rb"a=p,i=(\d+)", h).group(1) in transmitted for h in places))
    check("payloads are base64 of at most 4096 bytes", all(len(p) <= 4096 and len(p) % 4 == 0 for h, p in chunks if p))
    heads = [h for h, _ in chunks if not h.startswith(b"a=d") and not h.startswith(b"a=p")]
    more = [h.endswith(b"m=1") for h in heads]
    check("m=1 on every chunk but an image's last", all(more[i] == (i + 1 < len(heads) and not heads[i + 1].startswith(b"a=t")) for i in range(len(heads))))
    payload, pngs = b"", []
    for h, p in chunks:
        if h.startswith(b"a=d") or h.startswith(b"a=p"):
            continue
        if h.startswith(b"a=t") and payload:
            pngs.append(base64.b64decode(payload)); payload = b""
        payload += p
    pngs.append(base64.b64decode(payload))
    check("each image is a PNG", all(p.startswith(b"\x89PNG\r\n\x1a\n") for p in pngs))
    check("the exit deletes every image", out.rfind(ESC + b"_Ga=d,d=A,q=2" + ESC + b"\\") > out.rfind(ESC + b"_Ga=p"))
    if tmux:
        check("every sequence is in tmux passthrough", len(re.findall(rb"(?<!\x1b)\x1b_G", out)) == 0
              and out.count(b"\x1bPtmux;\x1b\x1b_G") + out.count(b"\x1bPtmux;\x1b\x1b7") == len(chunks))
        check("placements move the outer cursor inside the passthrough, saved and restored",
              len(re.findall(rb"\x1bPtmux;\x1b\x1b7\x1b\x1b\[\d+(;\d+)?H\x1b\x1b_Ga=p", out)) == len(places) > 0
              and out.count(b"\x1bPtmux;\x1b\x1b8\x1b\\") == len(places))
if mode == "iterm":
    images = re.findall(rb"\x1b\]1337;File=inline=1;size=(\d+);width=\d+;height=\d+;preserveAspectRatio=1:([A-Za-z0-9+/=]*)\x07", out)
    check("OSC 1337 File, its size the PNG's, BEL-terminated",
          len(images) > 0 and len(images) == out.count(b"\x1b]1337;") and all(int(n) == len(base64.b64decode(p)) for n, p in images))
if mode == "sixel":
    sixels = re.findall(rb"\x1bP[0-9;]*q\"1;1;(\d+);(\d+)[^\x1b]*\x1b\\", out)
    check("every sixel image is a DCS ended by ST", len(sixels) == out.count(b"\x1bP") and len(sixels) > 0)
    # Fitted to the pixel with the source's aspect (ImageFit, its unit tests hold "never past
    # the cells"): whole 6-pixel bands high, at most the window's 100x30 cells of 8x17 pixels.
    check("sixels in whole 6-pixel bands, inside the window's 8x17-pixel cells",
          all(int(h) % 6 == 0 and 0 < int(w) <= 800 and 0 < int(h) <= 510 for w, h in sixels))
sys.exit(1 if failures else 0)
EOF
}

scenario_image_protocols() {
    local probe="$WORK/pty-probe.py" app
    app="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)/examples/harbor-tv"
    write_pty_probe "$probe"
    for mode in kitty iterm sixel "kitty tmux" "sixel blind"; do
        # shellcheck disable=SC2086
        while IFS= read -r line; do
            case "$line" in
            PASS*) passed=$((passed + 1)); echo "$line" ;;
            FAIL*) failed=$((failed + 1)); echo "$line" ;;
            esac
        done < <(python3 "$probe" "$ZAPP_SHELL" "$app" ${mode% *} "$WORK/protocol-state" ${mode#* })
    done
}
more_scenarios+=(image_protocols)
