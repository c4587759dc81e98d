# Trust in the running app (issue 28): an untrusted app's external hook is a stand-in pane that
# says its command was not run and names `zapp-shell trust`; once trusted the command runs, and
# after its script changes it stops running again.

scenario_trust() {
    echo "# trust: the not-run pane of an untrusted app, the hook running once trusted, a changed script"
    local s=trust dir="$WORK/trust"
    "$ZAPP_SHELL" init "$dir/app" >/dev/null
    # init trusted the folder; revoked, its hook does not run.
    "$ZAPP_SHELL" trust --revoke "$dir/app" >/dev/null
    check "$s: a shell starts in tmux" new_shell "$s" || return
    launch "$s" "'$dir/app'" --state-dir "'$dir/state'" --log "'$dir/run.log'" --open zapp://screen/late-night
    check "trust: the untrusted hook is a stand-in pane" wait_for "$s" "Not run: ZappTV Age Check" 15 || return
    check "trust: the pane says the command was NOT run" wait_for_wrapped "$s" "hooks/age-check.sh. It was NOT run" || return
    check "trust: the pane names zapp-shell trust APP" wait_for "$s" "(zapp-shell trust" || return
    keys "$s" Enter
    check "trust: Continue opens Late Night" wait_for "$s" "After hours" || return
    keys "$s" '`'
    check "trust: the trace panel has the not-run line" wait_for "$s" "warning: not run: " || return
    keys "$s" q
    check "trust: quit" wait_for "$s" "rc=0" || return

    "$ZAPP_SHELL" trust "$dir/app" >"$dir/trust.txt"
    check "trust: trust lists the program in the folder" grep -qF "program: hooks/age-check.sh (in the app folder: covered)" "$dir/trust.txt"
    check "trust: trust says what it covers" grep -qF "Covers every file in " "$dir/trust.txt"
    launch "$s" "'$dir/app'" --state-dir "'$dir/state'" --log "'$dir/run.log'" --open zapp://screen/late-night
    check "trust: the trusted hook runs and Late Night opens" wait_for "$s" "After hours" 15 || return
    keys "$s" '`'
    check "trust: the hook ran and handed its dataDict on" wait_for "$s" "dataDict handed on: keys age_check, minimum_age" || return
    check "trust: no stand-in pane" not_on_screen "$s" "Not run:" || return
    keys "$s" q
    check "trust: quit the trusted app" wait_for "$s" "rc=0" || return

    echo "# edited after trust" >>"$dir/app/hooks/age-check.sh"
    launch "$s" "'$dir/app'" --state-dir "'$dir/state'" --log "'$dir/run.log'" --open zapp://screen/late-night
    check "trust: a changed script is not run" wait_for "$s" "Not run: ZappTV Age Check" 15 || return
    check "trust: the pane says it changed" wait_for "$s" "changed since it" || return
    keys "$s" Escape
    check "trust: Esc closes the pane" wait_gone "$s" "Not run: ZappTV Age Check" || return
    keys "$s" w
    check "trust: the warnings list says the commands will not run" wait_for "$s" "warning: external hook commands not run:" || return
    keys "$s" Escape
    keys "$s" q
    check "trust: quit the changed app" wait_for "$s" "rc=0" || return
    tm kill-session -t "$s"
}

more_scenarios+=(trust)
