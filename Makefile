# Banmen's two commands on a fresh Debian 12 or Ubuntu machine with Go and gcc:
#   make run    install what the GUI build needs, build, start the GUI
#   make test   install what the tests need, vet, run every test
# See README.md for what is installed and why.

GO ?= go
BIN := bin
# no_emoji leaves Fyne's bundled colour emoji font (4 MB) out of the GUI: Fyne parses it for every
# text style it draws, about 10 MB of memory that a shogi program has no use for. Emoji in a
# record's comments are still drawn from the system's fonts when it has one.
TAGS := no_emoji

# Debian installs the engines the integration tests use (fairy-stockfish, gpsusi, gnushogi) in
# /usr/games, which root's PATH often lacks.
export PATH := $(PATH):/usr/games

# Debian packages for building and running the GUI: cgo (gcc, pkg-config, and the C library's
# headers, which gcc only recommends), OpenGL and X11/Wayland for Fyne's GLFW driver. The build
# needs no GTK: ui/nativedialog loads GTK 3 with dlopen at the first file dialog (the
# headers it compiles against are Xlib's and dlfcn.h), so only GTK's library is installed, for
# the open/save dialogs and their Xvfb test. A name "a/b" is satisfied by either package
# (Ubuntu 24.04 renamed libgtk-3-0 libgtk-3-0t64); the first is the one installed.
GUI_PKGS := gcc libc6-dev pkg-config libgl-dev libx11-dev libxcursor-dev libxrandr-dev libxinerama-dev \
	libxi-dev libxxf86vm-dev libwayland-dev libxkbcommon-dev libgtk-3-0/libgtk-3-0t64
# Debian packages for the tests: a headless X server for the smoke test (xvfb, xauth), a tool
# to find its window and take a screenshot (xdotool, imagemagick), read its icon (xprop, in
# x11-utils), and the real USI engines of the integration tests (gpsshogi's engine is gpsusi;
# its data is in gpsshogi-data); ALSA's library, which ui/sound.go loads with dlopen as GTK is
# loaded (the sound test plays through ALSA's null device; the GUI runs without it, silent).
TEST_PKGS := xvfb xauth xdotool x11-utils imagemagick fairy-stockfish gpsshogi gpsshogi-data gnushogi openssh-server openssh-client \
	libasound2/libasound2t64

# Installs the packages named in $(1) that are not installed yet, as root or through sudo.
# `apt-get update` runs only when something is missing, so a second run is quick and offline.
define ensure_packages
	@missing=""; \
	for p in $(1); do \
		ok=""; for alt in $$(echo "$$p" | tr / ' '); do \
			dpkg-query -W -f='$${Status}' "$$alt" 2>/dev/null | grep -q 'install ok installed' && ok=1 && break; \
		done; \
		[ -n "$$ok" ] || missing="$$missing $${p%%/*}"; \
	done; \
	if [ -z "$$missing" ]; then echo "deps: all Debian packages present"; exit 0; fi; \
	if ! command -v apt-get >/dev/null 2>&1; then \
		echo "deps: no apt-get here; install these packages (or your system's equivalents) yourself:$$missing" >&2; exit 1; \
	fi; \
	if [ "$$(id -u)" = 0 ]; then sudo=""; \
	elif command -v sudo >/dev/null 2>&1; then sudo="sudo"; \
	else echo "deps: need root or sudo to install:$$missing" >&2; exit 1; fi; \
	echo "deps: installing$$missing"; \
	$$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q && \
	$$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing
endef

.PHONY: all deps test-deps build run test test-core vet bench ladder fuzz clean install uninstall package font

all: build

## deps: the Debian packages and Go modules needed to build and run the GUI
deps:
	$(call ensure_packages,$(GUI_PKGS))
	$(GO) mod download

## test-deps: deps plus what the tests need, in one apt-get run
test-deps:
	$(call ensure_packages,$(GUI_PKGS) $(TEST_PKGS))
	$(GO) mod download

## build: bin/banmen (the GUI), bin/banmen-cli, bin/banmen-engine, bin/banmen-guard (runs each engine)
build:
	$(GO) build -tags $(TAGS) -o $(BIN)/ ./cmd/...

## run: install what is missing, build, start the GUI
run: deps build
	./$(BIN)/banmen

## test: install what is missing, vet, and run every test: unit, integration, headless UI, Xvfb smoke test
test: test-deps
	$(GO) vet -tags $(TAGS) ./...
	$(GO) test -tags $(TAGS) -count=1 -timeout 12m ./...

## test-core: the packages below ui, without cgo; needs nothing but Go, runs in seconds
test-core:
	CGO_ENABLED=0 $(GO) test ./board/... ./kifu/... ./usiclient/... ./engine/...

vet:
	$(GO) vet -tags $(TAGS) ./...

## bench: every benchmark, including the long ones (perft to depth 5 and beyond), the
## memory and the time to the first frame of the real GUI under Xvfb beside an empty Fyne
## window (BENCH_RUNS starts of each, default 5), and banmen-engine bench (the bundled
## engine's nodes and nps at a fixed depth). Not here, for they take
## hours: the bundled engine's strength runs against the Debian engines,
## BANMEN_STRENGTH=1 go test -run Strength -v -timeout 4h ./internal/bundledengine/
BENCH_RUNS ?= 5
bench:
	$(GO) test -tags $(TAGS) -run '^$$' -bench . -benchmem ./...
	BANMEN_MEMORY=1 $(GO) test -tags $(TAGS) -count=1 -run Memory -v ./cmd/banmen
	BANMEN_FIRSTFRAME=1 BANMEN_FIRSTFRAME_RUNS=$(BENCH_RUNS) $(GO) test -tags $(TAGS) -count=1 -run FirstFrame -v ./cmd/banmen
	CGO_ENABLED=0 $(GO) run ./cmd/banmen-engine bench

## ladder: the bundled engine's SkillLevel ladder measured (issue 16; not in make test or bench:
## 1-2 hours of CPU): SkillLevel L against L+1 (0 to 18) in self-play, 40 games each, the anchors
## against Fairy-Stockfish's Skill Level, and the table of Elo by level (tools/ladder/ladder.sh;
## LADDER_ARGS, e.g. LADDER_ARGS="-g 20 0 10" for levels 0 to 10 only, 20 games a step)
LADDER_ARGS ?= -a
ladder:
	$(GO) build -o $(BIN)/ ./cmd/banmen-cli ./cmd/banmen-engine
	sh tools/ladder/ladder.sh $(LADDER_ARGS)

## font: remake assets/fonts/NotoSansCJKjp-Banmen.otf from Debian's fonts-noto-cjk (assets/README.md)
font:
	$(call ensure_packages,fonts-noto-cjk python3-fonttools)
	sh assets/fonts/mkfont.sh

## fuzz: fuzz every Fuzz target for FUZZTIME each (default 30s). Minimising each new
## interesting input is capped at FUZZMINIMIZETIME runs: with Go's default (60s each) the
## record readers spent their whole time minimising and ran a few dozen inputs.
FUZZTIME ?= 30s
FUZZMINIMIZETIME ?= 10x
fuzz:
	@set -e; for pkg in $$($(GO) list ./...); do \
		for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
			echo "fuzz: $$pkg $$f"; \
			$(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZETIME) $$pkg; \
		done; \
	done

clean:
	rm -rf $(BIN)

## install: the four programs into $(PREFIX)/bin (default ~/.local), and the desktop entry, the
## icon and the record types (.kif .kifu .ki2 .ki2u .csa .jkf), so that Banmen shows among the
## applications and a double click on a record opens it; the licence notices of what the
## programs link (internal/tools/licenses) into share/doc/banmen. DESTDIR is prepended, for packagers.
## uninstall removes exactly the files install put there.
PREFIX ?= $(HOME)/.local
APP_ID := io.banmen.app
PROGRAMS := banmen banmen-cli banmen-engine banmen-guard
INSTALLED := $(addprefix $(PREFIX)/bin/,$(PROGRAMS)) \
	$(PREFIX)/share/doc/banmen/THIRD_PARTY_LICENSES.txt \
	$(PREFIX)/share/applications/$(APP_ID).desktop \
	$(PREFIX)/share/icons/hicolor/256x256/apps/$(APP_ID).png \
	$(PREFIX)/share/icons/hicolor/scalable/apps/$(APP_ID).svg \
	$(PREFIX)/share/mime/packages/$(APP_ID).xml
# Refreshes the desktop's caches of record types, applications and icons where the tools are
# installed; a desktop without them reads the files directly.
define refresh_caches
	@if command -v update-mime-database >/dev/null 2>&1 && [ -d "$(DESTDIR)$(PREFIX)/share/mime/packages" ]; then \
		update-mime-database "$(DESTDIR)$(PREFIX)/share/mime" || true; fi
	@if command -v update-desktop-database >/dev/null 2>&1 && [ -d "$(DESTDIR)$(PREFIX)/share/applications" ]; then \
		update-desktop-database -q "$(DESTDIR)$(PREFIX)/share/applications" || true; fi
	@if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$(DESTDIR)$(PREFIX)/share/icons/hicolor/index.theme" ]; then \
		gtk-update-icon-cache -q -t "$(DESTDIR)$(PREFIX)/share/icons/hicolor" || true; fi
endef

install: build
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/applications" \
		"$(DESTDIR)$(PREFIX)/share/icons/hicolor/256x256/apps" "$(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps" \
		"$(DESTDIR)$(PREFIX)/share/mime/packages" "$(DESTDIR)$(PREFIX)/share/doc/banmen"
	install -m 755 $(addprefix $(BIN)/,$(PROGRAMS)) "$(DESTDIR)$(PREFIX)/bin/"
	$(GO) run ./internal/tools/licenses -tags $(TAGS) -o "$(DESTDIR)$(PREFIX)/share/doc/banmen/THIRD_PARTY_LICENSES.txt" ./cmd/...
	chmod 644 "$(DESTDIR)$(PREFIX)/share/doc/banmen/THIRD_PARTY_LICENSES.txt"
	sed 's|@BINDIR@|$(PREFIX)/bin|g' assets/desktop/$(APP_ID).desktop.in > "$(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop"
	chmod 644 "$(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop"
	install -m 644 assets/icon/banmen.png "$(DESTDIR)$(PREFIX)/share/icons/hicolor/256x256/apps/$(APP_ID).png"
	install -m 644 assets/icon/banmen.svg "$(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/$(APP_ID).svg"
	install -m 644 assets/desktop/$(APP_ID).xml "$(DESTDIR)$(PREFIX)/share/mime/packages/$(APP_ID).xml"
	$(call refresh_caches)
	@echo "install: Banmen is in $(PREFIX)/bin; make sure it is on your PATH"

uninstall:
	rm -f $(addprefix "$(DESTDIR),$(addsuffix ",$(INSTALLED)))
	$(call refresh_caches)

## package: a Linux tarball made by `fyne package` (fyne.io/tools, run at the version pinned
## here, not a dependency of the module): banmen, and beside it banmen-cli, banmen-engine and
## banmen-guard, the desktop entry with the record types, the icon, and a Makefile whose
## install / user-install put them all in place (assets/package/repack.sh adds what fyne
## leaves out). Out: $(PACKAGE). Checked by BANMEN_PACKAGE=1 go test -run Package ./assets
## (not part of make test: it builds everything).
FYNE_TOOLS ?= fyne.io/tools/cmd/fyne@v1.7.4
APP_VERSION := $(shell sed -n 's/^ *Version *= *"\(.*\)"/\1/p' FyneApp.toml)
PACKAGE ?= $(BIN)/banmen-$(APP_VERSION)-linux-$(shell $(GO) env GOARCH).tar.xz
package: build
	rm -f cmd/banmen/Banmen.tar.xz
	cd cmd/banmen && $(GO) run $(FYNE_TOOLS) package --os linux --release --exe "$(abspath $(BIN))/banmen" \
		--name Banmen --app-id $(APP_ID) --app-version $(APP_VERSION) --icon ../../assets/icon/banmen.png
	$(GO) run ./internal/tools/licenses -tags $(TAGS) -o $(BIN)/THIRD_PARTY_LICENSES.txt ./cmd/...
	sh assets/package/repack.sh cmd/banmen/Banmen.tar.xz $(BIN) $(PACKAGE); st=$$?; rm -f cmd/banmen/Banmen.tar.xz; exit $$st
