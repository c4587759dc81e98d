#!/usr/bin/env bash
# Writes zapp-shell(1) in troff from the commands' own help: `zapp-shell --help` and
# `zapp-shell help SUBCOMMAND` for each subcommand, so the manual never drifts from the binary.
#   Scripts/make-manpage.sh path/to/zapp-shell > zapp-shell.1
set -euo pipefail
bin="$1"
escape() { sed -e 's/\\/\\e/g' -e 's/^\([.'"'"']\)/\\\&\1/'; }
version="$("$bin" --version)"
cat <<HEADER
.TH ZAPP-SHELL 1 "" "zapp-shell $version" "User Commands"
.SH NAME
zapp-shell \\- run a Zapp app configuration (river.json + plugin_configurations.json) in the terminal
.SH SYNOPSIS
.B zapp-shell
[\\fISUBCOMMAND\\fR] [\\fIOPTIONS\\fR]
.SH DESCRIPTION
.nf
HEADER
"$bin" --help | escape
echo ".fi"
subcommands="$("$bin" --help | awk '/^SUBCOMMANDS:/{on=1; next} on && /^  [a-z]/{print $1} on && /^$/{if (seen) exit} on{seen=1}')"
for sub in $subcommands; do
	echo ".SH \"zapp-shell $sub\""
	echo ".nf"
	"$bin" help "$sub" | escape
	echo ".fi"
done
cat <<FOOTER
.SH FILES
.TP
.I PREFIX/share/zapp-shell/themes
the shipped themes
.TP
.I PREFIX/share/zapp-shell/DemoApp
the demo app opened when no APP is given
.SH SEE ALSO
README.md, docs/commands/ (a page per command) and ARCHITECTURE.md in the ZappShell source tree.
FOOTER
