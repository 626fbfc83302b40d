# Tactical: the two commands of the README are `make run` and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

# Debian packages Qt 6 needs: to import PySide6 and render offscreen (tests) ...
QT_DEBS_OFFSCREEN := libglib2.0-0 libgl1 libegl1 libx11-6 libdbus-1-3 libfontconfig1 \
	libfreetype6 libxkbcommon0
# ... and to open a real X11 window (make run) or run under Xvfb.
QT_DEBS_WINDOW := libx11-xcb1 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 \
	libxcb-randr0 libxcb-render-util0 libxcb-shape0 libxcb-xkb1 libxcb-xinerama0 \
	libxcb-xfixes0 libxkbcommon-x11-0

# Prints the Debian packages from LIST that are not installed (nothing off Debian).
missing = $(shell command -v dpkg-query >/dev/null 2>&1 && for p in $(1); do \
	dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done)

.PHONY: run test test-fast test-browser goldens bench lint clean missing-debs check-offscreen-libs check-window-libs render-docs \
	package dist test-dist check-dist-tools check-nsis

run: $(STAMP) check-window-libs
	$(BIN)/tactical

test: lint check-offscreen-libs
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -p no:cacheprovider -n 2 --dist loadfile --max-worker-restart=0

# The inner loop: the same suite without the kill, fuzz and whole-process tests (marked slow).
test-fast: lint check-offscreen-libs
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -p no:cacheprovider -n 2 --dist loadfile --max-worker-restart=0 -m "not slow"

# The stream overlays in headless Chromium (issue 28; `make test` runs them too, skipped with
# the reason when Chromium is missing: sudo apt-get install chromium).
test-browser: $(STAMP) check-offscreen-libs
	@command -v chromium >/dev/null || { echo "test-browser needs: sudo apt-get install chromium"; exit 1; }
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -p no:cacheprovider -m browser tests/overlay

# Re-records tests/scenarios/*.jsonl from the scenarios and prints the diff to read.
goldens: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python scripts/goldens.py $(SCENARIO)

bench: $(STAMP) check-offscreen-libs
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -s -p no:cacheprovider tests/bench

lint: $(STAMP)
	$(BIN)/ruff check tactical tests scripts packaging
	$(BIN)/mypy
	$(BIN)/lint-imports

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Tactical needs Python 3.11 or newer"' \
		|| (echo "Python 3.11 is needed: sudo apt-get install python3.11"; exit 1)
	@$(PYTHON) -c 'import ensurepip' 2>/dev/null \
		|| (echo "Python's venv module is missing: sudo apt-get install python3-venv"; exit 1)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $(STAMP)

# The package names CI installs with apt-get (see .ci/run).
missing-debs:
	@echo $(call missing,$(QT_DEBS_OFFSCREEN) $(QT_DEBS_WINDOW))

check-offscreen-libs:
	@m="$(call missing,$(QT_DEBS_OFFSCREEN))"; if [ -n "$$m" ]; then \
		echo "Qt needs these Debian packages: sudo apt-get install $$m"; exit 1; fi

check-window-libs:
	@m="$(call missing,$(QT_DEBS_OFFSCREEN) $(QT_DEBS_WINDOW))"; if [ -n "$$m" ]; then \
		echo "Qt needs these Debian packages to open a window: sudo apt-get install $$m"; exit 1; fi

# --- Installers (issue 17; packaging/README.md). Not part of `make test`: they need the
# packaging tools below, a C compiler and a few minutes.
VERSION := $(shell sed -n 's/^__version__ = "\(.*\)"/\1/p' tactical/__init__.py)
DIST_TAR := dist/tactical-$(VERSION)-linux-x86_64.tar.gz
DIST_DEB := dist/tactical_$(VERSION)_amd64.deb
DEBROOT_CACHE ?= build/debroot-cache.tar.gz
DIST_TOOLS := cc:gcc strip:binutils readelf:binutils dpkg-deb:dpkg xz:xz-utils

check-dist-tools:
	@for t in $(DIST_TOOLS); do command -v $${t%%:*} >/dev/null || m="$$m $${t#*:}"; done; \
	if [ -n "$$m" ]; then echo "Building the installers needs: sudo apt-get install$$m"; exit 1; fi

# The standalone app (dist/tactical/): PyInstaller, checked (every library it links is in
# it or comes from a Depends package; it fails when the xcb libraries are missing here)
# and smoke-tested offscreen.
package: $(STAMP) check-window-libs check-dist-tools
	$(BIN)/python -m pip install --quiet -e '.[package]'
	rm -rf dist/tactical
	$(BIN)/pyinstaller --noconfirm --log-level WARN packaging/tactical.spec
	$(BIN)/python packaging/linux/bundle_check.py dist/tactical packaging/linux/depends.txt >/dev/null
	env -u DISPLAY -u WAYLAND_DISPLAY QT_QPA_PLATFORM=offscreen dist/tactical/tactical --smoke-test

# The bundle, a .tar.gz of it and a .deb; fails over the size or cold-start budget.
dist: package
	rm -f $(DIST_TAR) $(DIST_DEB)
	tar -C dist --owner=0 --group=0 --numeric-owner -czf $(DIST_TAR) tactical
	PYTHON=$(BIN)/python packaging/linux/build_deb.sh dist/tactical $(VERSION) $(DIST_DEB)
	@$(BIN)/python packaging/size_check.py dist/tactical $(DIST_TAR) $(DIST_DEB) >dist/summary.txt; \
		rc=$$?; cat dist/summary.txt; exit $$rc
	@$(BIN)/python packaging/coldstart.py dist/tactical/tactical >>dist/summary.txt; \
		rc=$$?; tail -1 dist/summary.txt; exit $$rc

# The .deb installed into a fresh minimal Debian 12 root (debootstrap, cached in
# $(DEBROOT_CACHE)) and smoke-tested there; then an upgrade that keeps the user's files.
test-dist:
	@test -f $(DIST_DEB) || { echo "No $(DIST_DEB): run make dist first"; exit 1; }
	@command -v debootstrap >/dev/null || { echo "test-dist needs: sudo apt-get install debootstrap"; exit 1; }
	packaging/linux/test_deb.sh $(DIST_DEB) $(DEBROOT_CACHE)
	@echo; cat dist/summary.txt

# The Windows installer script compiled against a stub payload (proves it is valid).
check-nsis:
	@command -v makensis >/dev/null || { echo "check-nsis needs: sudo apt-get install nsis"; exit 1; }
	packaging/windows/check_nsis.sh $(VERSION)

render-docs: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python scripts/render_docs.py

clean:
	rm -rf $(VENV) build dist *.egg-info
