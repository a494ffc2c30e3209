# Two commands for a fresh machine with only Python: `make play` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint typecheck unit bench golden clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)  ## play Le Chocolat in the terminal against a bot (GAME=..., e.g. make play GAME=bonbons)
	$(BIN)/sweettooth play $(or $(GAME),lechocolat)

test: lint typecheck unit  ## everything CI runs

lint: $(STAMP)
	$(BIN)/ruff check src tests

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest -n auto

bench: $(STAMP)  ## throughput figures (not a test)
	$(BIN)/sweettooth bench

golden: $(STAMP)  ## rewrite the golden playthroughs after an intended rules change
	$(BIN)/python -m tests.conformance.golden

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
