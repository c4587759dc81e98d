#!/usr/bin/env bash
# Runs a command (the release `swift build`) so that the C and C++ libraries the binary needs besides
# glibc are linked from their static archives: libstdc++ (which the static Swift runtime needs) and
# ncurses (libncursesw, libtinfo). The loader then maps and relocates no shared library but glibc's at
# every start, which is about a millisecond of the first frame (docs/performance.md).
#
# How: a directory with links to the three archives and an `ncursesw.pc` whose `Libs` name that
# directory first; SwiftPM reads it through PKG_CONFIG_PATH and puts its `-L` before every other, so
# `-lncursesw -ltinfo` (the CNCurses target) and `-lstdc++` (the Swift runtime's link flags) find the
# archives. libgcc is the `-static-libgcc` in the Makefile's RELEASE_FLAGS. (No `Cflags`: SwiftPM
# drops the system file's `-D` flags anyway, with a warning.)
#
# When an archive is missing (libstdc++-dev or libncurses-dev without them), the command runs as it
# is and links the shared libraries, with a note on stderr.
set -euo pipefail
swift="$(command -v "$1" || true)"
dir="$(cd "$(dirname "$0")/.." && pwd)/.build/static-c-libraries"
clang="$(dirname "$(readlink -f "${swift:-swift}")")/clang"
stdcxx="$("$clang" -print-file-name=libstdc++.a 2>/dev/null || true)"
libdir="$(pkg-config --variable=libdir ncursesw 2>/dev/null || true)"
missing=""
for archive in "$stdcxx" "$libdir/libncursesw.a" "$libdir/libtinfo.a"; do
	case "$archive" in
	/*) [ -f "$archive" ] || missing="$missing $archive" ;;
	*) missing="$missing ${archive:-libstdc++.a}" ;;
	esac
done
if [ -n "$missing" ]; then
	echo "note: linking the shared C libraries: no static archive at$missing" >&2
	exec "$@"
fi
mkdir -p "$dir"
ln -sf "$stdcxx" "$dir/libstdc++.a"
ln -sf "$libdir/libncursesw.a" "$dir/libncursesw.a"
ln -sf "$libdir/libtinfo.a" "$dir/libtinfo.a"
cat >"$dir/ncursesw.pc" <<EOF
Name: ncursesw
Description: ncurses, linked from its static archives (Scripts/with-static-c-libraries.sh)
Version: $(pkg-config --modversion ncursesw)
Libs: -L$dir -lncursesw -ltinfo
Cflags:
EOF
export PKG_CONFIG_PATH="$dir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
exec "$@"
