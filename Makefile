# The two commands: `make run` and `make test`. Both create .venv when it is
# missing and install what they need; nothing else is required but Python 3.11+.
PYTHON ?= python3
SERVE_OPTIONS ?=
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint typecheck unit bench clean

run: $(VENV)/.installed-run
	$(BIN)/hilo serve $(SERVE_OPTIONS)

test: $(VENV)/.installed-dev lint typecheck unit

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy

unit: $(VENV)/.installed-dev
	$(BIN)/pytest -n 2 --durations=25

bench: $(VENV)/.installed-dev
	$(BIN)/python -m benchmarks.bench_hands
	$(BIN)/python -m benchmarks.bench_referee
	$(BIN)/python -m benchmarks.bench_engine
	$(BIN)/python -m benchmarks.bench_batch
	$(BIN)/python -m benchmarks.bench_wild --hands 20000
	$(BIN)/python -m benchmarks.bench_equity --spots 6 --rounds 2 --pokerkit-spots 0
	$(BIN)/python -m benchmarks.bench_home --samples 4000

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "hilo needs Python 3.11 or newer; set PYTHON=python3.11")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed-run: $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e ".[web,sim]"
	@touch $@

$(VENV)/.installed-dev: $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	@touch $@ $(VENV)/.installed-run

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
