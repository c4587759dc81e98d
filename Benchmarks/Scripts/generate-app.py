#!/usr/bin/env python3
"""Writes a large, valid Zapp app (river.json + plugin_configurations.json) for benchmarks.

Usage: generate-app.py [--screens N] [--seed S] [--dangling] OUT_DIR

The app has the shape of the bundled demo app, scaled up: a home screen with a side menu
(labels, headers, nested menus, EPG, Settings), and N-1 more screens, each with its own nav bar
(cycling through every style, presentation and state), navigation buttons of every type, hero,
list and grid components whose cells target other screens, and pre/post hooks (analytics on
many screens, a sign-in gate on some). Every reference resolves, so `zapp-shell validate` reports
no errors. The output is deterministic for a given --screens and --seed.

With --dangling every screen also has one nav-bar button whose target names no screen: on even
screens its own id in capitals with underscores (so validation suggests the id), on odd screens
an id no screen is near. `zapp-shell validate` then reports exactly one error per screen.
"""
import argparse
import json
import os
import random
import sys

STYLES = ["left", "center"]
PRESENTATIONS = ["logo", "title", "hidden"]
STATES = ["on_top", "overlay", "hidden"]
GENRES = ["Drama", "Comedy", "Thriller", "Documentary", "Kids", "Sports", "News", "Sci-fi"]
WORDS = ["Harbor", "Northern", "Glass", "Ember", "Signal", "Orbit", "Copper", "Quiet", "Paper",
         "River", "Lantern", "Static", "Giants", "Moon", "Ferry", "Canyon", "Salt", "Night"]


def title(rng, words=2):
    return " ".join(rng.choice(WORDS) for _ in range(words))


def nav_item(item_id, item_title, item_type, target=None):
    data = {}
    if target is not None:
        data = {"target": target}
        if target.startswith("http"):
            data.update({"source": "URL", "type": "WEB_URL"})
    return {"id": item_id, "title": item_title, "type": item_type, "data": data,
            "assets": {}, "styles": {}, "nav_items": []}


def nav_bar(index, screen_ids, rng):
    sid = screen_ids[index]
    combo = index % (len(STYLES) * len(PRESENTATIONS) * len(STATES))
    style = STYLES[combo % 2]
    presentation = PRESENTATIONS[(combo // 2) % 3]
    state = STATES[(combo // 6) % 3]
    buttons = [
        nav_item(f"{sid}-nav-next", "Next", "button", screen_ids[(index + 1) % len(screen_ids)]),
        nav_item(f"{sid}-nav-web", "Web", "button", f"https://example.com/{sid}"),
        nav_item(f"{sid}-nav-live", "Live", "live_drawer"),
    ]
    if index % 4 == 0:
        buttons += [nav_item(f"{sid}-nav-friends", "Friends", "applicaster_crossmates"),
                    nav_item(f"{sid}-nav-feed", "Feed", "applicaster_feed"),
                    nav_item(f"{sid}-nav-cast", "Cast", "chromecast")]
    return {
        "id": f"{sid}-bar", "category": "nav_bar", "navigation_type": "bench_nav_bar", "rules": {},
        "nav_items": buttons,
        "styles": {"background_color": "#FF%06X" % rng.randrange(0x1000000), "title_color": "#FFF5F5F5",
                   "title_size": "17", "presentation_style": presentation, "style": style, "state": state},
        "assets": {"app_logo": "https://example.com/logo.png"},
    }


def component(sid, kind, position, screen_ids, rng, count):
    cid = f"{sid}-{kind}"
    items = []
    for n in range(count):
        items.append({"id": f"{cid}-{n}", "title": title(rng, 3),
                      "subtitle": f"{rng.choice(GENRES)} - {rng.randrange(20, 140)} min",
                      "target": rng.choice(screen_ids)})
    return {"id": cid, "component_type": kind, "position": position, "styles": {}, "rules": {},
            "data": {"title": f"{rng.choice(GENRES)} picks", "items": items}}


def menu(screen_ids, rng):
    items = [nav_item("menu-header-browse", "Browse", "header")]
    items[0].pop("nav_items")
    labels = screen_ids[1:41]
    for n, target in enumerate(labels[:20]):
        items.append(nav_item(f"menu-label-{n}", title(rng), "label", target))
    for group in range(4):
        children = [nav_item(f"menu-nested-{group}-{n}", title(rng), "label", target)
                    for n, target in enumerate(labels[20 + group * 5:25 + group * 5])]
        nested = nav_item(f"menu-nested-{group}", f"More {group + 1}", "nested_menu")
        nested["nav_items"] = children
        items.append(nested)
    items.append(nav_item("menu-guide", "TV Guide", "applicaster_epg"))
    items.append(nav_item("menu-settings", "Settings", "applicaster_settings"))
    return {"id": "main-menu", "category": "menu", "navigation_type": "bench_side_menu",
            "rules": {}, "styles": {}, "assets": {}, "nav_items": items}


def dangling_button(index, sid):
    target = sid.upper().replace("-", "_") if index % 2 == 0 else f"{sid}-gone"
    return nav_item(f"{sid}-nav-dangling", "Gone", "button", target)


def river(count, rng, dangling=False):
    screen_ids = ["home"] + [f"screen-{n:05d}" for n in range(1, count - 1)] + ["sign-in"]
    screens = []
    for index, sid in enumerate(screen_ids[:-1]):
        hooks = {"preload_plugins": [], "postload_plugins": []}
        general = {}
        if index % 3 == 1:
            hooks["preload_plugins"].append({"identifier": "bench_analytics", "type": "general"})
        if index % 10 == 5:
            hooks["preload_plugins"].append({"identifier": "bench_login", "type": "login", "screen_id": "sign-in"})
            general["required_entitlements"] = ["premium"]
        if index % 7 == 2:
            hooks["postload_plugins"].append({"identifier": "bench_analytics", "type": "general"})
        navigations = [nav_bar(index, screen_ids[:-1], rng)]
        if dangling:
            navigations[0]["nav_items"].append(dangling_button(index, sid))
        if index == 0:
            navigations.insert(0, menu(screen_ids[:-1], rng))
        screens.append({
            "id": sid, "name": "Home" if index == 0 else title(rng), "type": "general_content",
            **({"home": True} if index == 0 else {}),
            "navigations": navigations,
            "hooks": hooks,
            "ui_components": [
                component(sid, "hero", 0, screen_ids[:-1], rng, 1),
                component(sid, "list", 1, screen_ids[:-1], rng, 3),
                component(sid, "grid", 2, screen_ids[:-1], rng, 4),
            ],
            "styles": {}, "general": general,
        })
    sign_in_navigations = []
    if dangling:
        sign_in_navigations = [{"id": "sign-in-bar", "category": "nav_bar", "navigation_type": "bench_nav_bar",
                                "nav_items": [dangling_button(len(screen_ids) - 1, "sign-in")]}]
    screens.append({"id": "sign-in", "name": "Sign in", "type": "bench_login", "navigations": sign_in_navigations,
                    "hooks": {"preload_plugins": [], "postload_plugins": []}, "ui_components": [],
                    "styles": {"presentation": "present"},
                    "general": {"is_flow_blocker": True, "allow_screen_plugin_presentation": True}})
    return screens


def plugins():
    def manifest(identifier, name, kind, class_name, **extra):
        m = {"api": {"require_startup_execution": extra.pop("startup", False), "class_name": class_name},
             "identifier": identifier, "name": name, "type": kind, "platform": "ios",
             "manifest_version": "1.0.0"}
        m.update(extra)
        return m
    blocker = {"fields": [{"key": "is_flow_blocker", "type": "switch", "initial_value": True}]}
    return [
        {"plugin": manifest("bench_side_menu", "Side menu", "menu", "ZappShell.SideMenu"), "configuration_json": {}},
        {"plugin": manifest("bench_nav_bar", "Nav bar", "nav_bar", "ZappShell.NavigationBar"), "configuration_json": {}},
        {"plugin": manifest("bench_analytics", "Analytics", "general", "ZappShell.Analytics", startup=True, preload=True),
         "configuration_json": {}},
        {"plugin": manifest("bench_login", "Sign in", "login", "ZappShell.LocalLogin", screen=True, preload=True,
                            general=blocker),
         "configuration_json": {"users": [{"username": "demo", "password": "demo", "entitlements": ["premium"]}]}},
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="folder to write river.json and plugin_configurations.json into")
    parser.add_argument("--screens", type=int, default=5000, help="number of screens (at least 50)")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--dangling", action="store_true", help="give every screen one dangling nav-bar target")
    args = parser.parse_args()
    if args.screens < 50:
        parser.error("--screens must be at least 50")
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    for name, content in (("river.json", river(args.screens, rng, args.dangling)), ("plugin_configurations.json", plugins())):
        path = os.path.join(args.out, name)
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(content, handle, indent=1)
            handle.write("\n")
    size = os.path.getsize(os.path.join(args.out, "river.json"))
    print(f"wrote {args.out}: {args.screens} screens, river.json {size / 1e6:.1f} MB", file=sys.stderr)


if __name__ == "__main__":
    main()
