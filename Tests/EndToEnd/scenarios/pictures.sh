# Pictures (issue 14): `render --format svg|html` gives documents a real XML parser reads, an
# unknown format is a usage error, and `make check-readme-pictures` fails on a stale README
# picture with a message saying how to redraw it. Needs python3 (its xml.dom.minidom) and make.

# well_formed FILE: python3's XML parser reads FILE.
well_formed() {
    python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$1" 2>"$WORK/xml.err" && return
    LAST_SCREEN="$(cat "$WORK/xml.err")"
    return 1
}

scenario_pictures() {
    echo "# render --format svg|html and the README pictures"
    local root rc
    root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
    "$ZAPP_SHELL" render --screen home --size 100x30 --theme "$root/themes/dark.json" --format svg >"$WORK/home.svg"
    check "render --format svg: a well-formed SVG document" well_formed "$WORK/home.svg"
    check "render --format svg: in the theme's colours" grep -qF 'fill="#1B1F27"' "$WORK/home.svg"
    check "render --format svg: the theme's box drawing" grep -q '╭' "$WORK/home.svg"
    check "render --format svg: spaces inside text are &#160;, which no browser collapses" grep -qF 'Tonight&#160;on&#160;ZappTV' "$WORK/home.svg"
    "$ZAPP_SHELL" render --screen home --size 100x30 --format html >"$WORK/home.html"
    check "render --format html: a page with a doctype, UTF-8 and a pre" \
        bash -c "head -1 '$WORK/home.html' | grep -qx '<!DOCTYPE html>' && grep -qF '<meta charset=\"utf-8\"/>' '$WORK/home.html' && grep -qF '<pre class=\"zapp-shell\"' '$WORK/home.html'"
    check "render --format html: well-formed" well_formed "$WORK/home.html"
    check "render --format html: the frame's text" grep -q 'Tonight on ZappTV' "$WORK/home.html"

    "$ZAPP_SHELL" render --screen home --format png >"$WORK/png.out" 2>"$WORK/png.err"
    rc=$?
    check "render --format png: a usage error (exit 64)" test "$rc" = 64
    check "render --format png: the message lists the formats" grep -q 'expected one of text, ansi, svg, html' "$WORK/png.err"

    local pictures="$WORK/pictures"
    mkdir -p "$pictures"
    cp "$root"/docs/*.svg "$pictures/"
    make -C "$root" --no-print-directory check-readme-pictures ZAPP_SHELL="$ZAPP_SHELL" PICTURES_DIR="$pictures" \
        >"$WORK/current.out" 2>&1
    rc=$?
    check "the committed README pictures are current" test "$rc" = 0
    sed -i 's/Tonight&#160;on&#160;ZappTV/Tonight\&#160;on\&#160;ZappTV!/' "$pictures/demo-app.svg"
    make -C "$root" --no-print-directory check-readme-pictures ZAPP_SHELL="$ZAPP_SHELL" PICTURES_DIR="$pictures" \
        >"$WORK/stale.out" 2>&1
    rc=$?
    check "a stale README picture fails the check" test "$rc" != 0
    check "the failure names the picture and the fix" \
        grep -qF "$pictures/demo-app.svg is out of date: run make readme-pictures" "$WORK/stale.out"
    check "the README shows the pictures" grep -qF '](docs/demo-app.svg)' "$root/README.md"
}
more_scenarios+=(pictures)
