#!/usr/bin/env bash
# Runs a command (a swift build) with Sources/zapp-shell/Support/BuildVersion.swift stamped with
# this checkout's `git describe`, then puts the file back as it was, so the tree stays clean.
# Without git or outside a checkout (a tarball), the command runs on the file as it is.
set -euo pipefail
file="$(dirname "$0")/../Sources/zapp-shell/Support/BuildVersion.swift"
describe="$(git -C "$(dirname "$0")/.." describe --tags --always --dirty 2>/dev/null || true)"
if [ -z "$describe" ]; then
	exec "$@"
fi
original="$(mktemp)"
cp -p "$file" "$original"
restore() { cp -p "$original" "$file"; rm -f "$original"; }
trap restore EXIT
sed -i.bak "s|static let gitDescribe: String? = nil|static let gitDescribe: String? = \"$describe\"|" "$file"
rm -f "$file.bak"
"$@"
