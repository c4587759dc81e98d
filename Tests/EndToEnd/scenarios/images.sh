# Images (issue 22): an image logo that gives its place to the title as symbols (issue 27), artwork in a hero and a grid from a Pipes2 feed
# whose images a loopback server serves, keys answered while an image is slow, broken images
# of each kind named in the warnings, and --images off as before images existed.
# Sourced by ../run.sh, which provides the helpers. The server listens on a port of
# 18400-18499 (the range of this area).

# write_image_server DIR: a loopback HTTP server for DIR with the broken answers images meet.
write_image_server() {
    cat >"$1/server.py" <<'EOF'
import http.server, os, sys, time
os.chdir(os.path.dirname(os.path.abspath(__file__)))
class Handler(http.server.SimpleHTTPRequestHandler):
    def do_GET(self):
        if self.path.startswith('/slow.png'):
            time.sleep(6)
            self.path = '/glass-harbor.png'
        elif self.path.startswith('/stall.png'):
            time.sleep(15)
            self.path = '/glass-harbor.png'
        elif self.path.startswith('/html.png'):
            body = b'<!DOCTYPE html><html><body>Sign in to see this image</body></html>'
            self.send_response(200)
            self.send_header('Content-Type', 'image/png')
            self.send_header('Content-Length', str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        return super().do_GET()
    def log_message(self, *args): pass
for port in range(18400, 18500):
    try:
        server = http.server.ThreadingHTTPServer(('127.0.0.1', port), Handler)
        break
    except OSError:
        continue
with open(sys.argv[1] + '.tmp', 'w') as f: f.write(str(server.server_address[1]))
os.rename(sys.argv[1] + '.tmp', sys.argv[1])
server.serve_forever()
EOF
}

# write_broken_images DIR: a truncated PNG, a file of no known format, and a PNG whose header
# claims 40000x40000 pixels (a decompression bomb).
write_broken_images() {
    head -c 2000 "$1/glass-harbor.png" >"$1/truncated.png"
    printf 'BM\x36\x00\x0c\x00\x00\x00\x00\x00this is no image format ZappShell reads\n' >"$1/unknown.png"
    python3 - "$1/bomb.png" <<'EOF'
import struct, sys, zlib
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
header = struct.pack(">IIBBBBB", 40000, 40000, 8, 6, 0, 0, 0)
with open(sys.argv[1], "wb") as f:
    f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 4096)) + chunk(b"IEND", b""))
EOF
}

# distinct_colours TEXT: how many different SGR colours (38;… or 48;…) TEXT holds.
distinct_colours() {
    grep -oE '[34]8;(5;[0-9]+|2;[0-9]+;[0-9]+;[0-9]+)' <<<"$1" | sort -u | wc -l
}

# has_symbols TEXT: TEXT holds the block and quadrant characters images are drawn with.
has_symbols() {
    grep -qE '[▀▁▂▃▄▅▆▇█▉▊▋▌▍▎▏▐▔▕▖▗▘▙▚▛▜▝▞▟]' <<<"$1"
}

# rows_of SESSION FIRST LAST: those rows of the screen with their colours (capture-pane -e).
rows_of() {
    tm capture-pane -p -e -t "$1" | sed -n "$2,$3p"
}

scenario_images() {
    echo "# images: logo, hero and grid artwork from a loopback server, a slow image, broken images, --images off"
    local s=images app="$WORK/images-app" served="$WORK/images-served" examples
    has_python3 images || return 0
    examples="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)/examples/harbor-tv"
    mkdir -p "$app" "$served"
    cp "$examples/assets/logo.png" "$examples"/images/*.png "$served/"
    write_broken_images "$served"
    write_image_server "$served"
    python3 "$served/server.py" "$WORK/images-port" >/dev/null 2>&1 &
    local server=$!
    check "images: the loopback server starts" wait_file "$WORK/images-port" || { kill "$server"; return; }
    local base="http://127.0.0.1:$(cat "$WORK/images-port")"
    sed "s|\.\./images/|$base/|g" "$examples/feeds/shows.json" >"$served/shows.json"
    cat >"$served/broken.json" <<EOF
{"title": "Broken", "entry": [
  {"title": "Missing art", "media_group": [{"type": "image", "media_item": [{"key": "image_base", "src": "$base/missing.png"}]}]},
  {"title": "Stalled art", "media_group": [{"type": "image", "media_item": [{"key": "image_base", "src": "$base/stall.png"}]}]},
  {"title": "Cut art", "media_group": [{"type": "image", "media_item": [{"key": "image_base", "src": "$base/truncated.png"}]}]},
  {"title": "Page art", "media_group": [{"type": "image", "media_item": [{"key": "image_base", "src": "$base/html.png"}]}]},
  {"title": "Odd art", "media_group": [{"type": "image", "media_item": [{"key": "image_base", "src": "$base/unknown.png"}]}]},
  {"title": "Bomb art", "media_group": [{"type": "image", "media_item": [{"key": "image_base", "src": "$base/bomb.png"}]}]}]}
EOF
    cat >"$served/slow.json" <<EOF
{"title": "Slow", "entry": [{"title": "Slow art", "summary": "Its image takes 6 s.",
  "media_group": [{"type": "image", "media_item": [{"key": "image_base", "src": "$base/slow.png"}]}]}]}
EOF
    cp "$examples/plugin_configurations.json" "$app/"
    python3 - "$examples/river.json" "$app/river.json" "$base" <<'EOF'
import json, sys
river = json.load(open(sys.argv[1]))
base = sys.argv[3]
for screen in river:
    for navigation in screen.get("navigations", []):
        if navigation.get("assets", {}).get("app_logo"):
            navigation["assets"]["app_logo"] = base + "/logo.png"
    for component in screen.get("ui_components", []):
        component["data"]["source"] = base + "/shows.json"
river.append({"id": "broken", "name": "Broken", "type": "general_content",
              "ui_components": [{"id": "broken-grid", "component_type": "grid", "data": {"title": "Broken art", "source": base + "/broken.json"}}]})
river.append({"id": "slow", "name": "Slow", "type": "general_content",
              "ui_components": [{"id": "slow-hero", "component_type": "hero", "data": {"source": base + "/slow.json"}}]})
json.dump(river, open(sys.argv[2], "w"), indent=1)
EOF
    check "images: the app validates" "$ZAPP_SHELL" validate "$app" || { kill "$server"; return; }

    check "$s: a shell starts in tmux" new_shell "$s" 100 30 || { kill "$server"; return; }
    launch "$s" "'$app'" --images symbols --state-dir "'$WORK/images-state'" --log "'$WORK/images.log'"
    check "images: the feed's entries are drawn" wait_for "$s" "Derby Day" 15 || { kill "$server"; return; }
    local top hero grid
    # The bar's logo box (24x3) is too small for the logo's text to read as symbols
    # (docs/symbols.md): the bar keeps its title on one row, and the content starts under it.
    top=$(screen_of "$s" | sed -n 1p)
    LAST_SCREEN=$top
    check "images: the bar shows the title, not an unreadable logo" grep -qF "Home" <<<"$top"
    no_symbols() { ! has_symbols "$1"; }
    check "images: no symbols in the bar" no_symbols "$top"
    colourful() { test "$(distinct_colours "$(rows_of "$s" "$1" "$2")")" -ge 6; }
    check "images: the hero shows its artwork (image_base) in colour" retry_until 15 colourful 3 10
    hero=$(rows_of "$s" 3 10)
    LAST_SCREEN=$hero
    check "images: the hero's artwork is drawn in symbols" has_symbols "$hero"
    check "images: the grid's thumbnails are in colour, above their titles" retry_until 15 colourful 17 20
    grid=$(rows_of "$s" 17 20)
    LAST_SCREEN=$grid
    check "images: the grid cells' artwork is drawn in symbols" has_symbols "$grid"

    goto() { keys "$s" g; type_text "$s" "$1"; keys "$s" Enter; }
    goto slow
    check "images: the slow image's entry is drawn at once, its image pending" wait_for "$s" "Its image takes 6 s."
    local started answered
    started=$(now_ms)
    keys "$s" "?"
    check "images: a key is answered while a 6-second image is pending" wait_for "$s" "Keys" 3
    answered=$(($(now_ms) - started))
    echo "     key answered in ${answered} ms with the image pending"
    keys "$s" Escape
    wait_slow() { has_symbols "$(rows_of "$s" 3 10)"; }
    check "images: the slow image arrives in its own cells" retry_until 15 wait_slow

    goto broken
    check "images: broken images leave their titles" wait_for "$s" "Bomb art" &&
        check "images: each broken image is a warning" wait_for "$s" "8 warnings (w)" 25
    keys "$s" w
    check "images: the warnings pane opens" wait_for "$s" "8 warnings (↑↓ scroll"
    local pane
    # Only what is inside the pane's borders: the screen beside it (a box corner in column 0) is not the pane's.
    pane=$(screen_of "$s" | python3 -c 'import sys
lines = sys.stdin.read().split("\n")
top = next(line for line in lines if "warnings (" in line)
left, right = top.index("╭") + 1, top.rindex("╮")
print("".join(line[left:right] for line in lines).replace(" ", "").replace("│", ""))')
    LAST_SCREEN=$(screen_of "$s")
    check "images: the warnings pane names the JSON path, the address and the reason of a 404" \
        grep -qF "broken.json\$.entry[0].media_group[0].media_item[0].src:image$base/missing.pngcannotbeshown:HTTP404" <<<"$pane"
    for kind in missing stall truncated html unknown bomb; do
        check "images: the warnings pane names $kind.png" grep -qF "$kind.png" <<<"$pane"
    done
    check "images: the bomb is refused by its pixel cap" grep -qiE "40000.?x.?40000|pixels" <<<"$pane"
    keys "$s" Escape
    check "images: the log names the failures with their JSON paths" grep -qF "broken.json \$.entry[5]" "$WORK/images.log"
    keys "$s" q
    check "images: quit" wait_for "$s" "rc=0"

    run_line "$s" "clear"
    launch "$s" "'$app'" --images off --state-dir "'$WORK/images-state'" --log "'$WORK/images-off.log'"
    check "images off: the feed is drawn" wait_for "$s" "Derby Day" 15
    check "images off: the bar shows the title, as before images" wait_for "$s" "Home"
    check "images off: no symbols anywhere" bash -c "! grep -qE '[▀▄▖▗▘▝]' <<<\"\$(tmux -L '$SOCKET' capture-pane -p -t '$s')\""
    keys "$s" q
    check "images off: quit" wait_for "$s" "rc=0"
    tm kill-session -t "$s"
    kill "$server"
}

# retry_until SECONDS COMMAND...: runs COMMAND until it succeeds or SECONDS pass.
retry_until() {
    local timeout=$1
    shift
    local deadline=$(($(now_ms) + timeout * 1000))
    until "$@"; do
        (($(now_ms) > deadline)) && return 1
        sleep 0.1
    done
}

more_scenarios+=(images)
