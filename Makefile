# The two commands of the README: `make serve` and `make test`. Everything they need is set up here.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
WARM := $(addprefix tests/scenarios/,bss/answer-from-wrong-player.scn bss/instead-count-holds.scn bs-standard/battle-equal-bp.scn \
	ws/auto-cost-and-salvage.scn monster/awakening.scn)

.PHONY: setup serve test test-fast browser proxy bench lint search-record

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	# A first command writes per-user caches (card-text parse tables, dataclass code, kept regexes); write
	# them now, as pip writes .pyc files, so that a user's first `judge check` is not the slow one.
	for f in $(WARM); do $(BIN)/judge check $$f >/dev/null; done
	touch $(STAMP)

setup: $(STAMP)

serve: setup
	$(BIN)/judge serve

browser:
	bash scripts/install-browser.sh

proxy:  # nginx-light for the tested reverse-proxy example (docs/deploy.md)
	bash scripts/install-nginx.sh

# No function above 25 anywhere: the games' rule procedures, exempt from 15 in pyproject.toml, are not
# exempt from this cap (a second pass with no per-file exemptions).

lint: setup
	$(BIN)/ruff check judge_app tests bench
	$(BIN)/ruff check judge_app --select C901 --config 'lint.mccabe.max-complexity=25' \
		--config 'lint.per-file-ignores={}'
	$(BIN)/lint-imports
	$(BIN)/mypy

test: setup browser proxy lint
	$(BIN)/pytest

test-fast: setup
	$(BIN)/pytest -m "not browser and not slow"

bench: setup
	$(BIN)/judge bench

# The search equivalence record (tests/search/test_equivalence.py reads the highest SESSION), again after a
# ranking change: weights, signals, vocabularies, player words (judge_app/search/rule_words/), rules texts.
# It runs every graded query, test halves included: the coordinator's step. Then `git rm` the older record.
search-record: setup
	@test -n "$(SESSION)" || { echo "usage: make search-record SESSION=N"; exit 2; }
	$(BIN)/python scripts/search_equivalence.py record tests/search/equivalence/session$(SESSION).json.gz
