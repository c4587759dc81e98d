# run --watch reloads on a change to any of the app's files, not only river.json (issue 14,
# point 2): the theme file given with --theme PATH, a local feed, plugin_configurations.json and
# content_types.json. (scenario_watch in run.sh covers river.json, parse errors and `r`.)

WATCH_FILES_THEME="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)/themes/dark.json"

scenario_watch_files() {
    echo "# --watch: theme, local feed, plugin configuration and content types edits reload the app"
    local s=watchfiles app="$WORK/watch-files-app" theme="$WORK/watch-files-theme/mine.json"
    "$ZAPP_SHELL" init "$app" >/dev/null || { check "watch files: init writes an app" false; return; }
    mkdir -p "$(dirname "$theme")"
    sed 's/"name": "dark"/"name": "mine"/' "$WATCH_FILES_THEME" >"$theme"
    check "$s: a shell starts in tmux" new_shell "$s" || return
    launch "$s" "'$app'" --watch --theme "'$theme'" --state-dir "'$WORK/watch-files-state'" --log "'$WORK/watch-files.log'"
    check "watch files: the app opens with rounded borders" wait_for "$s" "╭" 15 || return

    sed -i 's/"border": "rounded"/"border": "double"/' "$theme"
    check "watch files: the theme file's new border style shows" wait_for "$s" "╔" || return

    keys "$s" g
    type_text "$s" "what's on"
    keys "$s" Enter
    check "watch files: What's on shows its local feed" wait_for "$s" "The docks never sleep." || return
    sed -i 's/The docks never sleep\./Edited in the feed file./' "$app/feeds/whats-on.json"
    check "watch files: an edit to the local feed shows" wait_for "$s" "Edited in the feed file." || return

    sed -i 's/"video": {/"video-renamed": {/' "$app/content_types.json"
    check "watch files: the content types edit reloads" wait_for "$s" "Reloaded watch-files-app" || return

    wait_gone "$s" "Reloaded watch-files-app" 10
    sed -i 's/"title": "House rules"/"title": "Rules of the house"/' "$app/plugin_configurations.json"
    check "watch files: the plugin configurations edit reloads" wait_for "$s" "Reloaded watch-files-app" || return
    keys "$s" g
    type_text "$s" community
    keys "$s" Enter
    check "watch files: the gate shows its new title from plugin_configurations.json" \
        wait_for "$s" "Rules of the house" || return
    keys "$s" Escape
    keys "$s" q
    check "watch files: quit" wait_for "$s" "rc=0"
    tm kill-session -t "$s"
}

more_scenarios+=(watch_files)
