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

.PHONY: run test bench lint clean missing-debs check-offscreen-libs check-window-libs render-docs \
	package

run: $(STAMP) check-window-libs
	$(BIN)/tactical

test: $(STAMP) check-offscreen-libs
	$(BIN)/ruff check tactical tests scripts packaging
	$(BIN)/mypy
	$(BIN)/lint-imports
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -p no:cacheprovider -n 2 --dist loadfile

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

# The standalone app (dist/tactical/): PyInstaller, with the window libraries installed.
package: $(STAMP) check-window-libs
	$(BIN)/python -m pip install --quiet -e '.[package]'
	$(BIN)/pyinstaller --noconfirm --log-level WARN packaging/tactical.spec

render-docs: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python scripts/render_docs.py

clean:
	rm -rf $(VENV) build dist *.egg-info
