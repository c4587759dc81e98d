#!/usr/bin/env bash
# The README's pictures of the demo app and of the example app with images (examples/harbor-tv), drawn by the project's own `zapp-shell render --format svg`
# (the bundled demo app, the shipped dark theme, fixed sizes: the same code always draws the same
# bytes). `write` (re)draws them; `check` draws them into a temporary folder and fails, naming each
# picture, when a committed one differs (`make test` runs it).
#   Scripts/readme-pictures.sh write|check path/to/zapp-shell [DIR]   (DIR: docs)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
mode="${1:-}"
zapp="${2:-}"
dir="${3:-docs}"
if [ "$mode" != write ] && [ "$mode" != check ] || [ -z "$zapp" ]; then
	echo "usage: $0 write|check path/to/zapp-shell [DIR]" >&2
	exit 64
fi
if [ ! -x "$zapp" ]; then
	echo "error: '$zapp' is not a built zapp-shell (run make build first)" >&2
	exit 2
fi

# Each picture: its file name, then the app, screen and size arguments of `render`.
pictures=(
	"demo-app.svg|Sources/zapp-shell/DemoApp --screen home --size 100x30"
	"demo-app-pushed.svg|Sources/zapp-shell/DemoApp --screen show-detail --as pushed --size 100x20"
	"harbor-tv.svg|examples/harbor-tv --screen home --size 100x30"
)

draw() { # draw ARGUMENTS OUTPUT
	# shellcheck disable=SC2086 # the arguments are word lists
	(cd "$root" && "$zapp" render --theme themes/dark.json --format svg $1) >"$2"
}

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
stale=0
for picture in "${pictures[@]}"; do
	name="${picture%%|*}"
	arguments="${picture#*|}"
	draw "$arguments" "$scratch/$name"
	if [ "$mode" = write ]; then
		mkdir -p "$dir"
		cp "$scratch/$name" "$dir/$name"
		echo "wrote $dir/$name (zapp-shell render $arguments --format svg)"
	elif [ ! -f "$dir/$name" ]; then
		echo "$dir/$name is missing: run make readme-pictures" >&2
		stale=1
	elif ! cmp -s "$scratch/$name" "$dir/$name"; then
		echo "$dir/$name is out of date: run make readme-pictures" >&2
		diff "$dir/$name" "$scratch/$name" | head -6 | cut -c1-160 | sed 's/^/    /' >&2 || true
		stale=1
	fi
done
if [ "$mode" = check ] && [ "$stale" = 0 ]; then
	echo "README pictures are current (${#pictures[@]} in $dir)"
fi
exit "$stale"
