#!/usr/bin/env bash
# Checks that ARCHITECTURE.md is a true map and that the loop keeps its shape (issue 29):
# - every `Sources/...` path it names exists, every file name it gives in backticks
#   (`Name.swift`, `Folder/Name.swift`) is a file of the repository, and every type it names in
#   backticks (`ShellModel`, `ShellRuntime.perform`) is declared in the package (names of other
#   libraries it mentions are listed below);
# - no Swift file in Sources/ is over 400 lines, but the JSON parser; ARCHITECTURE.md and README.md
#   are at most 400 lines each;
# - the hook core (ZappCore Hooks, Gates, Startup) names no plugin class.
# - Sources/zapp-shell/Support/EmbeddedDemoApp.swift is what Scripts/generate-demo-app.py makes of
#   Sources/zapp-shell/DemoApp.
# The core's purity (no Foundation, Dispatch, Glibc, Synchronization, Logging or ZappPlugins in
# Sources/ShellCore) is the compiler's: ShellCore depends on neither (Package.swift).
# Run by `make test`; exits 1 naming each claim that is not true.
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - "$@" <<'PYTHON'
import os, re, sys

# Names ARCHITECTURE.md gives that belong to other libraries or tools, not to this package.
EXTERNAL = {
    "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationXML", "FoundationNetworking",
    "Process", "Thread", "FileHandle", "URLSession", "XMLParser", "JSONDecoder", "Glibc", "Synchronization",
    "AsyncParsableCommand", "TestClock", "DispatchQueue", "AsyncHTTPClient", "ICU", "SIGPIPE", "SIGHUP",
    "Foundation.Process", "DispatchQueue.global", "LLVMFuzzerTestOneInput", "MemberImportVisibility",
}
# Placeholders of the "How to add…" recipes.
PLACEHOLDERS = {"Canvas+FORMAT.swift", "Fuzz/Sources/FuzzThing/FuzzThing.swift", "FuzzThing"}
LINE_LIMIT = 400
LINE_LIMIT_EXCEPTIONS = {"Sources/ZappModel/JSON/JSONParser.swift"}

problems = []
roots = ["Sources", "Tests", "Fuzz", "Benchmarks", "Scripts"]
files = []
for root in roots:
    for folder, dirs, names in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d != "__Snapshots__"]
        files += [os.path.join(folder, name) for name in names]
swift = [f for f in files if f.endswith(".swift")]
sources = {}
for path in swift:
    with open(path, encoding="utf-8") as handle:
        sources[path] = handle.read()

# Targets and folders count as names too (`ModelTestFixtures`, `FuzzJSON`, `Layout`).
declared = set()
for root in roots:
    for folder, dirs, names in os.walk(root):
        declared.update(dirs)
declaration = re.compile(r"\b(?:struct|class|enum|protocol|actor|typealias|extension|func|case|var|let)\s+([A-Za-z_][A-Za-z0-9_]*)")
for text in sources.values():
    declared.update(declaration.findall(text))

with open("ARCHITECTURE.md", encoding="utf-8") as handle:
    architecture = handle.read()
lines = architecture.splitlines()
# A map a newcomer reads in an hour, and a front door for users (issue 29): at most 400 lines each.
for document in ("ARCHITECTURE.md", "README.md"):
    with open(document, encoding="utf-8") as handle:
        count = len(handle.read().splitlines())
    if count > 400:
        problems.append(f"{document} has {count} lines, over 400: move reference material to docs/")

def line_of(token):
    for number, line in enumerate(lines, 1):
        if token in line:
            return number
    return 0

for token in sorted(set(re.findall(r"`([^`\n]+)`", architecture))):
    where = f"ARCHITECTURE.md:{line_of('`' + token + '`')}"
    if token in PLACEHOLDERS:
        continue
    if os.path.exists(token.rstrip("/")) and "/" in token:
        continue
    if token.startswith("Sources/") or token.startswith("Tests/"):
        path = token.rstrip("/")
        if "<" in path or "*" in path:
            continue
        if not os.path.exists(path) and not os.path.exists(path + ".swift"):
            problems.append(f"{where}: {token} does not exist")
        continue
    match = re.fullmatch(r"([A-Za-z0-9_+./-]*?)([A-Za-z0-9_+-]+\.swift)", token)
    if match:
        if not any(f.endswith("/" + token) or f.endswith("/" + match.group(2)) and token == match.group(2) for f in files):
            problems.append(f"{where}: no file {token}")
        continue
    if re.fullmatch(r"[A-Z][A-Za-z0-9]+(\.[A-Za-z][A-Za-z0-9]*)*", token) and token not in EXTERNAL:
        first = token.split(".")[0]
        if first in EXTERNAL or token.isupper():
            continue
        if first not in declared:
            problems.append(f"{where}: no type {first} (`{token}`)")

for path, text in sorted(sources.items()):
    if path.startswith("Sources/") and path not in LINE_LIMIT_EXCEPTIONS:
        count = text.count("\n")
        if count > LINE_LIMIT:
            problems.append(f"{path}: {count} lines, over {LINE_LIMIT}")

# The hook core names no plugin class (issue 32): what a hook is comes from its factory's
# HookTraits, so the interpreter, the gates report and the lock marks never test a class name.
HOOK_CORE = ("Sources/ZappCore/Hooks/", "Sources/ZappCore/Gates/", "Sources/ZappCore/Startup/")
class_name = re.compile(r"BuiltInPluginClass|\"ZappShell\.[A-Za-z]+\"|standInClassName")
for path, text in sorted(sources.items()):
    if path.startswith(HOOK_CORE):
        for number, line in enumerate(text.splitlines(), 1):
            if not line.lstrip().startswith("///") and class_name.search(line):
                problems.append(f"{path}:{number}: the hook core names a plugin class; declare it in the factory's HookTraits")
# The demo app inside the binary is generated from its folder (issue 34): they must not drift.
import subprocess
check = subprocess.run([sys.executable, "Scripts/generate-demo-app.py", "--check"], capture_output=True, text=True)
if check.returncode != 0:
    problems.append(check.stdout.strip() or check.stderr.strip())

for problem in problems:
    print(problem, file=sys.stderr)
if problems:
    print(f"check-architecture: {len(problems)} claims are not true", file=sys.stderr)
    sys.exit(1)
print("check-architecture: ARCHITECTURE.md's names exist; files within 400 lines")
PYTHON
