# ZappShell: `make run` opens the bundled demo app, `make test` runs the whole suite: the unit
# tests, then the integration tests in a process of their own (real processes and sockets with
# sub-second timeouts, which CPU-heavy unit suites would otherwise starve), then the tmux suite.
# Both install what is missing first, with apt-get: `make run` only what running needs (RUN_PACKAGES: ncurses,
# libcurl, the image libraries), `make test` also what its suites need (TEST_PACKAGES: tmux, the terminals, X).
#
#   make run ARGS="path/to/app --theme light"   run with arguments
#   make install PREFIX=$$HOME/.local            install elsewhere
#   make readme-pictures                          redraw the README's pictures (docs/*.svg)
#   BUILD_FLAGS="--scratch-path .build-x"        extra flags for every swift build/test
#   RELEASE_FLAGS=                               release build without the static Swift runtime, lld or prespecialization
#   STATIC_C_LIBS=                               release build with the shared libstdc++ and ncurses
#   make fuzz FUZZ_SECONDS=300 FUZZ_TARGETS=FuzzJSON   fuzz longer, or only some targets

SWIFT ?= swift
BUILD_FLAGS ?=
# The release (and installed) binary links the Swift runtime and FoundationEssentials statically (no ICU): no Swift
# shared libraries to find and relocate at start (see docs/performance.md). Nothing links libcurl:
# HTTP opens the runtime library (libcurl.so.4, package libcurl4) on the first request, and images open
# libpng16, libturbojpeg, libwebp and libchafa (with its GLib) on the first image, the same way.
# With glibc 2.36 or later it is linked by the toolchain's lld with packed relative relocations (DT_RELR): the
# loader then applies its 45,000 relative relocations from an 8 KB bitmap instead of a 1 MB table at every start.
RELR_FLAGS := $(shell getconf GNU_LIBC_VERSION 2>/dev/null | awk '{ split($$2, v, "."); if (v[1] > 2 || (v[1] == 2 && v[2] >= 36)) print "-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs" }')
# Its generic types used with concrete arguments get their metadata from the compiler
# (-prespecialize-generic-metadata), and the others from their metadata accessors rather than by
# mangled name (-disable-concrete-type-metadata-mangled-name-accessors): the runtime then builds
# fewer of them at the first use, and none by demangling a name and scanning all 4,000 protocol
# conformances for its requirements (the accessor passes their witness tables); 100 KB more code.
# libgcc is linked statically too, and libstdc++ and ncurses from their archives (STATIC_C_LIBS): the
# loader maps no shared library but glibc's.
# The executable exports none of its own symbols (the static runtime's link file asks for
# --export-dynamic; nothing looks them up, the image and HTTP libraries are opened with their own
# handles): the runtime's backtrace set-up, before `main`, finds its own path with dladdr, which
# reads the whole dynamic symbol table: 400 entries instead of 9,300 (0.1-0.3 ms of every start,
# docs/performance.md).
RELEASE_FLAGS ?= --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -prespecialize-generic-metadata \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors $(RELR_FLAGS) \
	-Xswiftc -Xclang-linker -Xswiftc -static-libgcc -Xlinker --no-export-dynamic
# Runs the release build with libstdc++ and ncurses linked from their static archives when they are there.
STATIC_C_LIBS ?= Scripts/with-static-c-libraries.sh
PREFIX ?= /usr/local
ARGS ?=
# `make fuzz`: how long each fuzz target runs (all at once), and which (empty: all of Fuzz/).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
END_TO_END := Tests/EndToEnd/run.sh
INSTALL_TEST := Tests/EndToEnd/install.sh
# Images in real terminals (xterm, kitty, kitty + tmux under Xvfb, screenshots compared): docs/testing.md.
REAL_TERMINALS := Tests/EndToEnd/real-terminals.py
# Draws the README's pictures of the demo app (docs/*.svg) with `zapp-shell render --format svg`.
PICTURES := Scripts/readme-pictures.sh
PICTURES_DIR ?= docs
# The zapp-shell that draws them: ZAPP_SHELL when given, else the debug build (built first).
PICTURE_SHELL = $(or $(ZAPP_SHELL),$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/zapp-shell)
# Stamps the checkout's `git describe` into the build for `zapp-shell --version`.
STAMP := Scripts/with-git-describe.sh
# Where `make install` puts each piece, under $(DESTDIR)$(PREFIX); the binary finds its themes in
# share/zapp-shell beside its bin/ (the demo app is inside the binary), and each shell finds its
# completions there by default.
BIN_DIR = $(DESTDIR)$(PREFIX)/bin
SHARE_DIR = $(DESTDIR)$(PREFIX)/share/zapp-shell
MAN_DIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASH_COMPLETION_DIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSH_COMPLETION_DIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISH_COMPLETION_DIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

.PHONY: all run test build release install install-files uninstall deps test-deps bench bench-data fuzz clean readme-pictures check-readme-pictures

all: build

# What building and running need: the compiler's C headers (ncurses), libcurl for HTTP and the
# image libraries (opened on first use). `deps` installs them when missing.
RUN_PACKAGES := pkg-config:pkg-config ncursesw:libncurses-dev libcurl.so.4:libcurl4 libpng16.so.16:libpng16-16 \
	libturbojpeg.so.0:libturbojpeg0 libwebp.so.7:libwebp7 libchafa.so.0:libchafa0
# What `make test` needs besides: tmux, strace and ncurses-term (xterm-direct, rxvt-unicode) for the tmux suite,
# python3-jsonschema for the schema tests, and for the real-terminal suite Xvfb, xterm, kitty, urxvt, mlterm,
# ImageMagick, xdotool, Mesa's software GL and the DejaVu fonts.
TEST_PACKAGES := tmux:tmux strace:strace xterm-direct:ncurses-term jsonschema:python3-jsonschema Xvfb:xvfb xterm:xterm \
	kitty:kitty urxvt:rxvt-unicode mlterm:mlterm import:imagemagick xdotool:xdotool swrast_dri.so:libgl1-mesa-dri \
	DejaVuSansMono.ttf:fonts-dejavu-core

# Installs the packages of a list of what:package pairs (a command, library, file or check) that are missing, with apt-get.
define install_missing
	@missing=""; \
	for pair in $(1); do \
		what="$${pair%%:*}"; package="$${pair##*:}"; \
		case "$$what" in \
			ncursesw) pkg-config --exists ncursesw 2>/dev/null ;; \
			*.so*) { ldconfig -p 2>/dev/null || /sbin/ldconfig -p; } | grep -q "$$what " || ls /usr/lib/*/dri/$$what >/dev/null 2>&1 ;; \
			xterm-direct) infocmp xterm-direct >/dev/null 2>&1 && infocmp rxvt-unicode-256color >/dev/null 2>&1 ;; \
			jsonschema) python3 -c 'import jsonschema' >/dev/null 2>&1 ;; \
			*.ttf) [ -f /usr/share/fonts/truetype/dejavu/$$what ] ;; \
			*) command -v "$$what" >/dev/null 2>&1 ;; \
		esac || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		SUDO=""; [ "$$(id -u)" = 0 ] || SUDO="sudo"; \
		$$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
endef

deps:
	$(call install_missing,$(RUN_PACKAGES))
	@command -v $(SWIFT) >/dev/null 2>&1 || { \
		echo "error: '$(SWIFT)' not found; install a Swift 6 toolchain (https://www.swift.org/install/)"; \
		exit 1; }

test-deps: deps
	$(call install_missing,$(TEST_PACKAGES))

build: deps
	$(STAMP) $(SWIFT) build $(BUILD_FLAGS)

release: deps
	$(STAMP) $(STATIC_C_LIBS) $(SWIFT) build -c release $(RELEASE_FLAGS) $(BUILD_FLAGS)

run: build
	"$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/zapp-shell" $(ARGS)

test: test-deps
	Scripts/check-architecture.sh
	$(STAMP) $(SWIFT) build $(BUILD_FLAGS) --build-tests
	$(SWIFT) test $(BUILD_FLAGS) --skip-build --skip IntegrationTests
	$(SWIFT) test $(BUILD_FLAGS) --skip-build --filter IntegrationTests
	@if [ -f $(END_TO_END) ]; then \
		echo "ZAPP_SHELL=$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/zapp-shell bash $(END_TO_END)"; \
		ZAPP_SHELL="$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/zapp-shell" bash $(END_TO_END); \
	else \
		echo "SKIPPED: end-to-end tests ($(END_TO_END) does not exist)"; \
	fi
	ZAPP_SHELL="$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/zapp-shell" python3 $(REAL_TERMINALS)
	ZAPP_SHELL="$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/zapp-shell" bash $(INSTALL_TEST)
	@$(MAKE) --no-print-directory check-readme-pictures ZAPP_SHELL="$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/zapp-shell"

# Redraws docs/demo-app.svg and docs/demo-app-pushed.svg from the bundled demo app; commit them.
readme-pictures: $(if $(ZAPP_SHELL),,build)
	@$(PICTURES) write "$(PICTURE_SHELL)" $(PICTURES_DIR)

# Fails, naming the picture, when a committed README picture is not what the code draws now.
check-readme-pictures: $(if $(ZAPP_SHELL),,build)
	@$(PICTURES) check "$(PICTURE_SHELL)" $(PICTURES_DIR)

install: release
	@$(MAKE) --no-print-directory install-files ZAPP_SHELL="$$($(SWIFT) build -c release $(RELEASE_FLAGS) $(BUILD_FLAGS) --show-bin-path)/zapp-shell"

# Installs an already built binary (ZAPP_SHELL=path) with its themes, manual and completions.
install-files:
	@test -x "$(ZAPP_SHELL)" || { echo "error: ZAPP_SHELL='$(ZAPP_SHELL)' is not a built zapp-shell"; exit 1; }
	@set -e; \
	install -d "$(BIN_DIR)" "$(SHARE_DIR)" "$(MAN_DIR)" "$(BASH_COMPLETION_DIR)" "$(ZSH_COMPLETION_DIR)" "$(FISH_COMPLETION_DIR)"; \
	install -m 0755 "$(ZAPP_SHELL)" "$(BIN_DIR)/zapp-shell"; \
	rm -rf "$(SHARE_DIR)/themes" "$(SHARE_DIR)/DemoApp"; \
	cp -R themes "$(SHARE_DIR)/themes"; \
	Scripts/make-manpage.sh "$(ZAPP_SHELL)" > "$(MAN_DIR)/zapp-shell.1"; \
	"$(ZAPP_SHELL)" --generate-completion-script bash > "$(BASH_COMPLETION_DIR)/zapp-shell"; \
	"$(ZAPP_SHELL)" --generate-completion-script zsh > "$(ZSH_COMPLETION_DIR)/_zapp-shell"; \
	"$(ZAPP_SHELL)" --generate-completion-script fish > "$(FISH_COMPLETION_DIR)/zapp-shell.fish"; \
	echo "Installed $(BIN_DIR)/zapp-shell, its themes in $(SHARE_DIR), zapp-shell(1) in $(MAN_DIR), completions for bash, zsh and fish"

uninstall:
	rm -f "$(BIN_DIR)/zapp-shell" "$(MAN_DIR)/zapp-shell.1" "$(BASH_COMPLETION_DIR)/zapp-shell" \
		"$(ZSH_COMPLETION_DIR)/_zapp-shell" "$(FISH_COMPLETION_DIR)/zapp-shell.fish"
	rm -rf "$(SHARE_DIR)"

bench-data:
	$(MAKE) -C Benchmarks data

# Builds zapp-shell in release, generates bench-data/ when missing, then prints the results table.
bench: release
	$(MAKE) -C Benchmarks bench ZAPP_SHELL="$$($(SWIFT) build -c release $(RELEASE_FLAGS) $(BUILD_FLAGS) --show-bin-path)/zapp-shell"

# Builds the fuzz targets of Fuzz/ (libFuzzer + address sanitizer, in .build-fuzz) and runs them
# all at once, FUZZ_SECONDS each; one line per target, a crash fails with its reproducer (docs/testing.md,
# "Fuzzing").
fuzz: deps
	Scripts/fuzz.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

clean:
	rm -rf .build .build-fuzz
