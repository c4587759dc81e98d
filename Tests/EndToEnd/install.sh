#!/usr/bin/env bash
# Installs a built zapp-shell into a temporary prefix (`make install-files`), then uses the installed
# copy from an unrelated working directory: version, the demo app, themes, manual and completions,
# and `make uninstall` removes it all.
#   ZAPP_SHELL=.build/debug/zapp-shell bash Tests/EndToEnd/install.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
zapp="$(cd "$(dirname "$ZAPP_SHELL")" && pwd)/$(basename "$ZAPP_SHELL")"
prefix="$(mktemp -d)"
elsewhere="$(mktemp -d)"
trap 'rm -rf "$prefix" "$elsewhere"' EXIT
failures=0
check() { # check DESCRIPTION COMMAND...
	local what="$1"; shift
	if "$@" >/dev/null 2>&1; then echo "ok   install: $what"; else echo "FAIL install: $what"; failures=$((failures + 1)); fi
}

make -C "$root" --no-print-directory install-files ZAPP_SHELL="$zapp" PREFIX="$prefix" >/dev/null
installed="$prefix/bin/zapp-shell"
cd "$elsewhere"

check "--version prints the release" bash -c "'$installed' --version | grep -Eq '^[0-9]+\.[0-9]+\.[0-9]+'"
release="$(sed -n 's/^## \([0-9][0-9.]*\).*/\1/p' "$root/CHANGELOG.md" | head -1)"
check "--version is CHANGELOG.md's newest release ($release)" bash -c "'$installed' --version | grep -q '^$release'"
check "LICENSE is MIT" grep -q '^MIT License' "$root/LICENSE"
if describe="$(git -C "$root" describe --tags --always --dirty 2>/dev/null)"; then
	version_file="$root/Sources/zapp-shell/Support/BuildVersion.swift"
	before="$(mktemp)"
	cp "$version_file" "$before"
	check "make's stamp puts git describe ($describe) into the build's version" \
		"$root/Scripts/with-git-describe.sh" grep -qF "gitDescribe: String? = \"$describe\"" "$version_file"
	check "the stamp puts BuildVersion.swift back as it was" cmp -s "$before" "$version_file"
	rm -f "$before"
fi
check "no resource bundle or themes in bin/" bash -c "[ \"\$(ls '$prefix/bin')\" = zapp-shell ]"
# The demo app is inside the binary (issue 34: a share/ folder beside a copied binary could be planted).
check "no demo app folder installed" test ! -e "$prefix/share/zapp-shell/DemoApp"
check "validate with no APP finds the embedded demo app" "$installed" validate
home_screen="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[0]["id"])' "$root/Sources/zapp-shell/DemoApp/river.json")"
check "render of the demo app from elsewhere" bash -c "'$installed' render --screen '$home_screen' --size 80x24 --theme light | grep -q ."
check "themes lists the installed themes" bash -c "'$installed' themes | grep -q '$prefix/share/zapp-shell/themes'"
check "man page installed and readable" bash -c "grep -q '^.TH ZAPP-SHELL 1' '$prefix/share/man/man1/zapp-shell.1' && grep -q 'zapp-shell render' '$prefix/share/man/man1/zapp-shell.1'"
if command -v man >/dev/null 2>&1; then
	check "man renders zapp-shell(1)" bash -c "MANPAGER=cat man -l '$prefix/share/man/man1/zapp-shell.1' | grep -q render"
fi
check "bash completion" bash -c "bash -n '$prefix/share/bash-completion/completions/zapp-shell' && grep -q zapp-shell '$prefix/share/bash-completion/completions/zapp-shell'"
check "zsh completion" grep -q '^#compdef zapp-shell' "$prefix/share/zsh/site-functions/_zapp-shell"
check "fish completion" grep -q "complete -c 'zapp-shell'" "$prefix/share/fish/vendor_completions.d/zapp-shell.fish"

make -C "$root" --no-print-directory uninstall PREFIX="$prefix" >/dev/null
check "uninstall leaves nothing behind" bash -c "[ -z \"\$(find '$prefix' -type f)\" ]"

if [ "$failures" -ne 0 ]; then echo "$failures install check(s) failed"; exit 1; fi
echo "install: all checks passed"
