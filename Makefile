# ZappShell: `make run` opens the bundled demo app, `make test` runs the whole suite.
# Both install what is missing first (libncurses-dev, pkg-config, tmux and ncurses-term for the truecolor e2e, with apt-get).
#
#   make run ARGS="path/to/app --theme light"   run with arguments
#   make install PREFIX=$$HOME/.local            install elsewhere
#   BUILD_FLAGS="--scratch-path .build-x"        extra flags for every swift build/test
#   RELEASE_FLAGS=                               release build without the static Swift runtime

SWIFT ?= swift
BUILD_FLAGS ?=
# The release (and installed) binary links the Swift runtime and Foundation statically: no Swift
# shared libraries to find and relocate at start (see README, "Performance"). Foundation's URL
# loading still links the system's libcurl, whose development package the static link needs.
RELEASE_FLAGS ?= --static-swift-stdlib
PREFIX ?= /usr/local
ARGS ?=
END_TO_END := Tests/EndToEnd/run.sh
# SwiftPM's resource bundle for the zapp-shell target (holds the demo app); zapp-shell finds it
# beside its executable.
RESOURCE_BUNDLE := ZappShell_zapp-shell.resources

.PHONY: all run test build release install deps release-deps bench bench-data clean

all: build

deps:
	@missing=""; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	pkg-config --exists ncursesw 2>/dev/null || missing="$$missing libncurses-dev"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	infocmp xterm-direct >/dev/null 2>&1 || missing="$$missing ncurses-term"; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		SUDO=""; [ "$$(id -u)" = 0 ] || SUDO="sudo"; \
		$$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
	@command -v $(SWIFT) >/dev/null 2>&1 || { \
		echo "error: '$(SWIFT)' not found; install a Swift 6 toolchain (https://www.swift.org/install/)"; \
		exit 1; }

# What a static release link needs beyond `deps`: libcurl's development files (-lcurl).
release-deps: deps
	@if [ -n "$(RELEASE_FLAGS)" ] && ! pkg-config --exists libcurl 2>/dev/null; then \
		echo "Installing: libcurl4-openssl-dev"; \
		SUDO=""; [ "$$(id -u)" = 0 ] || SUDO="sudo"; \
		$$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libcurl4-openssl-dev; \
	fi

build: deps
	$(SWIFT) build $(BUILD_FLAGS)

release: release-deps
	$(SWIFT) build -c release $(RELEASE_FLAGS) $(BUILD_FLAGS)

run: build
	"$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/zapp-shell" $(ARGS)

test: deps
	$(SWIFT) build $(BUILD_FLAGS) --build-tests
	$(SWIFT) test $(BUILD_FLAGS) --skip-build
	@if [ -f $(END_TO_END) ]; then \
		echo "ZAPP_SHELL=$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/zapp-shell bash $(END_TO_END)"; \
		ZAPP_SHELL="$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/zapp-shell" bash $(END_TO_END); \
	else \
		echo "SKIPPED: end-to-end tests ($(END_TO_END) does not exist)"; \
	fi

install: release
	@bin="$$($(SWIFT) build -c release $(RELEASE_FLAGS) $(BUILD_FLAGS) --show-bin-path)"; \
	set -e; \
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/zapp-shell"; \
	install -m 0755 "$$bin/zapp-shell" "$(DESTDIR)$(PREFIX)/bin/zapp-shell"; \
	rm -rf "$(DESTDIR)$(PREFIX)/bin/$(RESOURCE_BUNDLE)"; \
	cp -R "$$bin/$(RESOURCE_BUNDLE)" "$(DESTDIR)$(PREFIX)/bin/$(RESOURCE_BUNDLE)"; \
	rm -rf "$(DESTDIR)$(PREFIX)/share/zapp-shell/themes"; \
	cp -R themes "$(DESTDIR)$(PREFIX)/share/zapp-shell/themes"; \
	echo "Installed $(DESTDIR)$(PREFIX)/bin/zapp-shell (demo app in $(PREFIX)/bin/$(RESOURCE_BUNDLE), themes in $(PREFIX)/share/zapp-shell/themes)"

bench-data:
	$(MAKE) -C Benchmarks data

# Builds zapp-shell in release, generates bench-data/ when missing, then prints the results table.
bench: release
	$(MAKE) -C Benchmarks bench ZAPP_SHELL="$$($(SWIFT) build -c release $(RELEASE_FLAGS) $(BUILD_FLAGS) --show-bin-path)/zapp-shell"

clean:
	rm -rf .build
