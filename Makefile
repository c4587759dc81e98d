# ZappShell: `make run` opens the bundled demo app, `make test` runs the whole suite.
# Both install what is missing first (libncurses-dev and tmux, with apt-get).

SWIFT ?= swift
BUILD_FLAGS ?=
PREFIX ?= /usr/local
BIN_DIR = $(shell $(SWIFT) build $(BUILD_FLAGS) --show-bin-path 2>/dev/null)

.PHONY: all run test build release install deps bench bench-data clean

all: build

deps:
	@missing=""; \
	pkg-config --exists ncursesw 2>/dev/null || missing="$$missing libncurses-dev"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		SUDO=""; [ "$$(id -u)" = 0 ] || SUDO="sudo"; \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build $(BUILD_FLAGS)

release: deps
	$(SWIFT) build -c release

run: build
	$(BIN_DIR)/zapp-shell $(ARGS)

test: deps
	$(SWIFT) build $(BUILD_FLAGS) --build-tests
	$(SWIFT) test $(BUILD_FLAGS) --skip-build
	ZAPP_SHELL=$(BIN_DIR)/zapp-shell bash Tests/EndToEnd/run.sh

install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/zapp-shell
	install -m 0755 .build/release/zapp-shell $(DESTDIR)$(PREFIX)/bin/zapp-shell
	cp -R .build/release/zapp-shell_zapp-shell.resources $(DESTDIR)$(PREFIX)/bin/ 2>/dev/null || true
	cp -R themes $(DESTDIR)$(PREFIX)/share/zapp-shell/

bench-data: release
	$(MAKE) -C Benchmarks data

bench: release
	$(MAKE) -C Benchmarks bench

clean:
	rm -rf .build
