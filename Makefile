# The two commands of the README: `make run` and `make test`. Each creates its own
# virtual environment (.venv) with Python 3.11+ on a fresh machine.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
ARGS   ?= serve

.PHONY: run test lint typecheck unit web-unit browser-deps engines-deps lexicon bot-tables bench clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@

run: $(BIN)/.installed
	$(BIN)/wordarena $(ARGS)

test: lint typecheck browser-deps engines-deps unit web-unit

# The browser tests drive the system's Chromium (never a downloaded build).
browser-deps:
	@command -v chromium >/dev/null || sh tools/ensure-chromium.sh

# The tests start their own PostgreSQL and Redis from the system's server packages.
engines-deps:
	@sh tools/ensure-engines.sh

lint: $(BIN)/.installed
	$(BIN)/ruff check src tests testkit tools bench
	$(BIN)/ruff format --check src tests testkit tools bench
	$(BIN)/lint-imports

typecheck: $(BIN)/.installed
	$(BIN)/mypy

unit: $(BIN)/.installed
	$(BIN)/pytest

# The web client's pure modules (keyboard mapping, Korean syllables, share text...), with node's own runner.
# The client's unit tests run on the system's Node.js (installed when missing; never skipped).
web-unit:
	@sh tools/ensure-node.sh
	node --test tests/web/

# Rebuild the committed word lists from their pinned sources (tools/lexicon/README.md).
LANGS ?=
.venv-tools/.installed: tools/lexicon/requirements.txt
	$(PYTHON) -m venv .venv-tools
	.venv-tools/bin/python -m pip install -q -r tools/lexicon/requirements.txt
	touch $@

lexicon: .venv-tools/.installed
	PYTHONPATH=src:. .venv-tools/bin/python -m tools.lexicon.build $(LANGS)

# Only the bots' guess trees of the committed lists (a minute or so per list; no registry needed).
bot-tables: $(BIN)/.installed
	PYTHONPATH=. $(BIN)/python -m tools.lexicon.bot_tables $(LANGS)

bench: $(BIN)/.installed
	$(BIN)/python -m bench.feedback_batch
	$(BIN)/python -m bench.lexicon_load

clean:
	rm -rf $(VENV) .venv-tools .lexicon-work
