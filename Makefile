# The README's two commands. Each creates .venv on first use, installs piratelib (and the
# test group of tools) with the exact pins of binder/requirements.txt as constraints, and
# then runs. make test lints, type-checks (mypy --strict, see pyproject.toml) and tests.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SITE_VENV := .venv-site
SITE_STAMP := $(SITE_VENV)/.installed
# make site PYODIDE=DIR takes the Pyodide core from DIR (e.g. the npm package) instead of the CDN.
PYODIDE ?=
LAB_PORT ?= 8888
LAB_ARGS ?=
# JupyterLab refuses to run as root without this flag (containers, CI machines).
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)

.PHONY: lab test lint outputs pins site clean

lab: $(STAMP)
	$(BIN)/jupyter lab --port=$(LAB_PORT) $(ALLOW_ROOT) $(LAB_ARGS) notebooks/00_start_here.ipynb

test: $(STAMP) $(SITE_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/python -m pytest -n auto --dist loadfile --nbval-lax --nbval-current-env piratelib tests notebooks README.md

# Run every notebook and store what GitHub, nbviewer and a closed notebook show: the outputs
# of the cells tagged keep_output, each app as its static first view. Commit the result.
outputs: $(STAMP)
	$(BIN)/python tests/notebook_outputs.py notebooks/*.ipynb

# The lessons, apps and JupyterLite as static files in site/: serve with python -m http.server -d site.
site: $(SITE_STAMP)
	$(SITE_VENV)/bin/python lite/build.py --output site $(if $(PYODIDE),--pyodide $(PYODIDE))

lint: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

$(STAMP): pyproject.toml binder/requirements.txt binder/voila.json
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	# pip 25.1 reads pyproject.toml's [dependency-groups] (PEP 735): the test tools.
	$(BIN)/python -m pip install --quiet 'pip>=25.1'
	$(BIN)/python -m pip install --quiet --constraint binder/requirements.txt --group test --editable '.[notebook,scale]'
	# Voila reads this from the environment: it hides cells tagged test or api.
	mkdir -p $(VENV)/etc/jupyter && cp binder/voila.json $(VENV)/etc/jupyter/voila.json
	touch $(STAMP)

# The site's tools live apart from .venv: JupyterLite's kernel extension is not for JupyterLab.
$(SITE_STAMP): lite/requirements.txt
	test -x $(SITE_VENV)/bin/python || $(PYTHON) -m venv $(SITE_VENV)
	$(SITE_VENV)/bin/python -m pip install --quiet 'pip>=25.1'
	$(SITE_VENV)/bin/python -m pip install --quiet --requirement lite/requirements.txt
	touch $(SITE_STAMP)

# Re-pin every dependency from a clean environment; review the diff before committing.
pins:
	rm -rf .venv-pins
	$(PYTHON) -m venv .venv-pins
	.venv-pins/bin/python -m pip install --quiet 'pip>=25.1'
	.venv-pins/bin/python -m pip install --quiet --group test '.[notebook,scale]'
	{ sed -n '1,2p' binder/requirements.txt; .venv-pins/bin/python -m pip freeze --exclude piratelib; } > binder/requirements.new
	mv binder/requirements.new binder/requirements.txt
	rm -rf .venv-pins

clean:
	rm -rf $(VENV) $(SITE_VENV) site
