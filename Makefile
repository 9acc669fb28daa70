# The two commands of the README: `make serve` and `make test`. Everything they need is set up here.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup serve test test-fast browser bench lint

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

serve: setup
	$(BIN)/judge serve

browser:
	bash scripts/install-browser.sh

lint: setup
	$(BIN)/ruff check judge_app tests bench
	$(BIN)/lint-imports
	$(BIN)/mypy

test: setup browser lint
	$(BIN)/pytest

test-fast: setup
	$(BIN)/pytest -m "not browser and not slow"

bench: setup
	$(BIN)/judge bench
