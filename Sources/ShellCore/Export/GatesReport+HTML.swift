import ZappCore
import ZappModel

extension GatesReport {
    /// The report as one self-contained HTML page (inline CSS, no scripts, nothing fetched): a
    /// summary, a table with a row per screen (how it is reached, its hooks with their kind and
    /// flow-blocker answer, the outcome signed out and signed in), and the unreachable screens.
    /// Text is escaped with `MarkupText`.
    public var html: String {
        let counts = self.counts
        let e = MarkupText.escaped
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Gates of \(e(app))</title>
            <style>
            body { font: 14px/1.45 system-ui, -apple-system, 'Segoe UI', sans-serif; margin: 2rem; color: #1d2430; background: #f7f8fa; }
            h1 { font-size: 1.5rem; margin: 0 0 .5rem; }
            .summary span { display: inline-block; margin: 0 .5rem .5rem 0; padding: .2rem .6rem; border-radius: 1rem; background: #e6e9ef; }
            table { border-collapse: collapse; width: 100%; background: #fff; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
            th, td { text-align: left; vertical-align: top; padding: .5rem .7rem; border-bottom: 1px solid #e3e6eb; }
            th { background: #2b3445; color: #fff; font-weight: 600; position: sticky; top: 0; }
            tr.gated td:first-child { border-left: 4px solid #c0392b; }
            tr.asks td:first-child { border-left: 4px solid #d68910; }
            tr.open td:first-child { border-left: 4px solid #27ae60; }
            code { font-family: \(MarkupText.monospaceFonts); font-size: .92em; }
            ol { margin: 0; padding-left: 1.3rem; }
            ul { margin: 0; padding-left: 1.1rem; }
            .badge { display: inline-block; padding: 0 .45rem; border-radius: .6rem; font-size: .8em; background: #e6e9ef; margin-right: .25rem; }
            .kind-login { background: #d6e4ff; } .kind-gate { background: #fde2c8; } .kind-stand-in { background: #f5d0f0; }
            .kind-external { background: #d4f2e6; } .kind-analytics { background: #ececec; }
            .blocker { background: #c0392b; color: #fff; } .skipped { background: #999; color: #fff; }
            .outcome-gated { color: #c0392b; font-weight: 600; } .outcome-asks { color: #b9770e; font-weight: 600; } .outcome-open { color: #1e8449; font-weight: 600; }
            .dim { color: #667085; }
            .summary .gated-count { background: #c0392b; color: #fff; }
            .unreachable { color: #c0392b; }
            </style>
            </head>
            <body>
            <h1>Gates of \(e(app))</h1>

            """
        page += "<p class=\"summary\"><span>\(screens.count) screens</span><span class=\"gated-count\">\(counts.gated) gated</span>"
            + "<span>\(counts.asks) asking without blocking</span><span>\(counts.open) open</span>"
            + "<span>\(counts.unreachable) unreachable</span></p>\n"
        if let session { page += "<p class=\"dim\">\(e(session))</p>\n" }
        page += "<table>\n<thead><tr><th>Screen</th><th>Reached by</th><th>Pre hooks</th><th>Signed out</th>"
        if let signedInUser { page += "<th>Signed in as \(e(signedInUser))</th>" }
        page += "</tr></thead>\n<tbody>\n"
        for screen in screens {
            page += "<tr class=\"\(screen.signedOut.outcome.rawValue)\" id=\"screen-\(e(screen.id))\">"
            page += "<td><code>\(e(screen.id))</code>\(screen.isGated ? " <span class=\"badge blocker\">gated</span>" : "")<br>\(e(screen.name))"
            page += "<br><a class=\"dim\" href=\"\(e(screen.deepLink))\">\(e(screen.deepLink))</a></td>"
            page += "<td>" + Self.reachesHTML(screen) + "</td>"
            page += "<td>" + Self.hooksHTML(screen.preHooks)
            if !screen.postHooks.isEmpty {
                page += "<div class=\"dim\">post hooks (cannot stop it):</div>" + Self.hooksHTML(screen.postHooks)
            }
            page += "</td><td>" + Self.sessionHTML(screen.signedOut) + "</td>"
            if signedInUser != nil { page += "<td>" + (screen.signedIn.map(Self.sessionHTML) ?? "") + "</td>" }
            page += "</tr>\n"
        }
        page += "</tbody>\n</table>\n"
        let unreachable = screens.filter { !$0.isReachable }
        page += unreachable.isEmpty
            ? "<p>Every screen is reachable.</p>\n"
            : "<p class=\"unreachable\">Unreachable (deep link or go-to only): "
                + unreachable.map { "<code>\(e($0.id))</code>" }.joined(separator: ", ") + "</p>\n"
        page += "</body>\n</html>"
        return page
    }

    private static func reachesHTML(_ screen: Screen) -> String {
        var items = screen.reaches.map { "<li>\(MarkupText.escaped($0.line))</li>" }
        if !screen.isReachable { items.append("<li class=\"unreachable\">unreachable</li>") }
        return "<ul>" + items.joined() + "</ul>"
    }

    private static func hooksHTML(_ hooks: [HookGate]) -> String {
        guard !hooks.isEmpty else { return "<span class=\"dim\">none</span>" }
        let e = MarkupText.escaped
        let items = hooks.map { hook in
            var item = "<li><code>\(e(hook.identifier))</code> <span class=\"badge kind-\(hook.kind.rawValue)\">\(hook.kind.rawValue)</span>"
            if let skipReason = hook.skipReason {
                item += "<span class=\"badge skipped\">skipped</span> <span class=\"dim\">\(e(skipReason))</span>"
            } else {
                item += hook.isFlowBlocker
                    ? "<span class=\"badge blocker\">flow blocker</span>" : "<span class=\"badge\">not a flow blocker</span>"
                item += " <span class=\"dim\">\(e(hook.flowBlockerSource))"
                if let className = hook.className { item += "; \(e(className))" }
                item += "</span>"
            }
            return item + "</li>"
        }
        return "<ol>" + items.joined() + "</ol>"
    }

    private static func sessionHTML(_ session: Session) -> String {
        let e = MarkupText.escaped
        var html = "<span class=\"outcome-\(session.outcome.rawValue)\">\(session.outcome.rawValue)</span>"
        let asking = session.steps.filter { $0.decision == .asks }
        if !asking.isEmpty {
            html += "<ul>" + asking.map { "<li><code>\(e($0.identifier))</code> asks: \(e($0.why))</li>" }.joined() + "</ul>"
            html += "accepted: \(e(session.whenAccepted))<br>declined: \(e(session.whenDeclined))"
        } else {
            html += "<br>\(e(session.whenAccepted))"
        }
        return html
    }
}
