# The account switcher (a), run --signed-in and the lock marks following the session; a home
# screen blocked by its pre hook (not shown, Try again, the menu and go-to still working).

# write_account_app DIR: an app written from the SDK documents with real class names: a side
# menu (ZappRoot.ZPSideMenuAdapter), a login of a Zapp class (served by LocalLogin: demo holds
# premium, free holds nothing), Premium behind it with required_entitlements, and home behind a
# stand-in gate (PrehookExample.HookManager, a flow blocker by configuration_json).
write_account_app() {
    local dir=$1
    mkdir -p "$dir"
    cat >"$dir/river.json" <<'JSON'
[{"id": "home", "name": "Home", "home": true,
  "hooks": {"preload_plugins": [{"identifier": "terms_hook", "type": "general"}]},
  "navigations": [{"category": "menu", "navigation_type": "side_menu", "nav_items": [
    {"id": "m-home", "title": "Home", "type": "label", "data": {"target": "home"}},
    {"id": "m-news", "title": "News", "type": "label", "data": {"target": "news"}},
    {"id": "m-premium", "title": "Premium", "type": "label", "data": {"target": "premium"}}]}],
  "ui_components": [{"component_type": "list", "data": {"title": "Welcome aboard", "items": [{"title": "Open Premium", "target": "premium"}]}}]},
 {"id": "news", "name": "News", "ui_components": [{"component_type": "list", "data": {"title": "Headlines", "items": [{"title": "Harbour opens"}]}}]},
 {"id": "premium", "name": "Premium", "general": {"required_entitlements": ["premium"]},
  "hooks": {"preload_plugins": [{"identifier": "zapptv_login", "type": "login"}]},
  "ui_components": [{"component_type": "list", "data": {"title": "Premium films", "items": [{"title": "Solaris"}]}}]}]
JSON
    cat >"$dir/plugin_configurations.json" <<'JSON'
[{"plugin": {"identifier": "side_menu", "name": "Side Menu", "type": "menu", "api": {"class_name": "ZappRoot.ZPSideMenuAdapter"}}, "configuration_json": {}},
 {"plugin": {"identifier": "zapptv_login", "name": "Premium Login", "type": "login",
             "api": {"class_name": "ZappLoginPluginExample_iOS.FacebookLoginPlugin", "require_startup_execution": true}},
  "configuration_json": {"users": [{"username": "demo", "password": "demo", "entitlements": ["premium"]},
                                   {"username": "free", "password": "free", "entitlements": []}],
                         "is_flow_blocker": true}},
 {"plugin": {"identifier": "terms_hook", "name": "Terms Gate", "type": "general", "preload": true,
             "api": {"class_name": "PrehookExample.HookManager"}},
  "configuration_json": {"is_flow_blocker": "1"}}]
JSON
}

# account_menu SESSION: the side menu open (its rows end with Premium).
account_menu() {
    if ! screen_of "$1" | grep -qF " News"; then keys "$1" m; fi
    wait_for "$1" " News"
}

scenario_account() {
    echo "# the account switcher: a lists the login's users; switching moves the lock marks and the status line"
    local s=account dir="$WORK/account-app"
    write_account_app "$dir"
    check "$s: a shell starts in tmux" new_shell "$s" || return
    launch "$s" "'$dir'" --state-dir "'$WORK/account-state'" --log "'$WORK/account.log'"
    check "account: the stand-in gate on home asks" wait_for "$s" "Stand-in: Terms Gate" 15 || return
    keys "$s" Enter
    check "account: home opens after Continue" wait_for "$s" "Welcome aboard" || return
    check "account: the status line says nobody is signed in" wait_for "$s" "a account: signed out" || return
    account_menu "$s" || return
    check "account: Premium is locked signed out" wait_for "$s" "Premium ◘" || return
    keys "$s" Escape
    keys "$s" a
    check "account: a opens the Account pane" wait_for "$s" "Premium Login (zapptv_login)" || return
    check "account: it lists demo with its entitlement" wait_for "$s" "Sign in as demo (premium)" || return
    check "account: and free with none" wait_for "$s" "Sign in as free (no entitlements)" || return
    keys "$s" Enter
    check "account: Enter signs in as demo without a pane" wait_for "$s" "a account: demo" || return
    account_menu "$s" || return
    check "account: Premium's lock goes once demo (premium) is signed in" wait_gone "$s" "Premium ◘" || return
    keys "$s" Escape
    keys "$s" a
    wait_for "$s" "Sign in as free" || return
    keys "$s" Down Enter
    check "account: switching to free" wait_for "$s" "a account: free" || return
    account_menu "$s" || return
    check "account: Premium is locked again for free" wait_for "$s" "Premium ◘" || return
    keys "$s" Escape
    keys "$s" a
    check "account: Sign out is offered when signed in" wait_for "$s" "Sign out" || return
    keys "$s" Down Down Enter
    check "account: signed out" wait_for "$s" "a account: signed out" || return
    keys "$s" q
    check "account: quit" wait_for "$s" "rc=0" || return

    launch "$s" "'$dir'" --signed-in demo --state-dir "'$WORK/account-state'" --log "'$WORK/account2.log'"
    wait_for "$s" "Stand-in: Terms Gate" 15 || return
    keys "$s" Enter
    check "account: run --signed-in demo starts signed in" wait_for "$s" "a account: demo" || return
    account_menu "$s" || return
    check "account: with no lock on Premium" not_on_screen "$s" "Premium ◘" || return
    keys "$s" Escape q
    check "account: quit the signed-in run" wait_for "$s" "rc=0" || return
    tm kill-session -t "$s"
}

scenario_blocked_home() {
    echo "# a home screen whose flow-blocking pre hook fails is not shown: Blocked by, Try again, menu and go-to"
    local s=blockedhome dir="$WORK/blocked-home-app"
    write_account_app "$dir"
    check "$s: a shell starts in tmux" new_shell "$s" || return
    launch "$s" "'$dir'" --state-dir "'$WORK/blocked-state'" --log "'$WORK/blocked.log'"
    check "blocked home: the gate asks" wait_for "$s" "Stand-in: Terms Gate" 15 || return
    keys "$s" Right Enter
    check "blocked home: Fail blocks home, which says who blocked it" wait_for "$s" "(terms_hook): " || return
    check "blocked home: with Try again" wait_for "$s" "Try again" || return
    check "blocked home: home's content is not shown" not_on_screen "$s" "Welcome aboard" || return
    account_menu "$s" || return
    keys "$s" Home Down Enter
    check "blocked home: the menu still opens News" wait_for "$s" "Headlines" || return
    keys "$s" g
    check "blocked home: go-to still opens" wait_for "$s" "Go to screen" || return
    type_text "$s" home
    keys "$s" Enter
    check "blocked home: going home asks again" wait_for "$s" "Stand-in: Terms Gate" || return
    keys "$s" Enter
    check "blocked home: Continue shows home" wait_for "$s" "Welcome aboard" || return
    keys "$s" q
    check "blocked home: quit" wait_for "$s" "rc=0" || return

    launch "$s" "'$dir'" --state-dir "'$WORK/blocked-state'" --log "'$WORK/blocked2.log'"
    wait_for "$s" "Stand-in: Terms Gate" 15 || return
    keys "$s" Right Enter
    wait_for "$s" "Try again" || return
    keys "$s" Enter
    check "blocked home: Enter on Try again asks again" wait_for "$s" "Stand-in: Terms Gate" || return
    keys "$s" Enter
    check "blocked home: and home is shown" wait_for "$s" "Welcome aboard" || return
    keys "$s" q
    check "blocked home: quit again" wait_for "$s" "rc=0" || return
    tm kill-session -t "$s"
}

more_scenarios+=(account blocked_home)
