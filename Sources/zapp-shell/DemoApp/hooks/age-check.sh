#!/bin/sh
# ZappTV example ExternalHook: an age check that runs before the Late Night screen.
#
# ZappShell runs the configured command (no shell involved) from the app folder's plugin
# configuration, writes one JSON object to its standard input and closes it:
#   {"hook": ..., "screen": ..., "dataDict": {...}, "configuration": {...}}
# and reads one JSON object from its standard output:
#   {"success": true|false, "error": "why it failed", "dataDict": {...}}
# The returned dataDict is what the next hook (or the screen) receives. A non-zero exit,
# output that is not JSON, or running longer than timeout_seconds counts as a failure.
# Anything written to standard error goes to ZappShell's log.
#
# This example needs nothing but /bin/sh. It refuses when the environment variable
# ZAPPTV_PARENTAL_LOCK is 1 (try `ZAPPTV_PARENTAL_LOCK=1 zapp-shell`); otherwise it lets the
# viewer through and hands its verdict on.
set -eu

input=$(cat)

# The minimum age comes from configuration_json (`"minimum_age": 18`); 18 when absent.
minimum_age=$(printf '%s\n' "$input" \
    | sed -n 's/.*"minimum_age"[[:space:]]*:[[:space:]]*\([0-9][0-9]*\).*/\1/p' \
    | head -n 1)
minimum_age=${minimum_age:-18}

if [ "${ZAPPTV_PARENTAL_LOCK:-0}" = "1" ]; then
    echo "age-check: parental lock is on, refusing ${minimum_age}+ content" >&2
    printf '{"success": false, "error": "Parental lock is on: this screen is rated %s+"}\n' "$minimum_age"
    exit 0
fi

printf '{"success": true, "dataDict": {"age_check": "passed", "minimum_age": %s}}\n' "$minimum_age"
