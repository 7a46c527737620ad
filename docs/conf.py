"""Sphinx configuration of the algocompare documentation."""

import algocompare

project = "algocompare"
author = "The algocompare developers"
release = algocompare.__version__
extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "sphinx.ext.mathjax",
]
autosummary_generate = True
autodoc_default_options = {"members": True, "undoc-members": False}
autodoc_typehints = "none"
napoleon_numpy_docstring = True
napoleon_google_docstring = False
nb_execution_mode = "off"  # notebooks are executed by the test suite; their stored outputs are shown
exclude_patterns = ["_build", "**.ipynb_checkpoints"]
html_theme = "furo"
html_title = "algocompare"
myst_enable_extensions = ["dollarmath"]
suppress_warnings = ["myst.header"]
