"""Interactive ipywidgets apps for the notebooks; they display rules, never implement them.

Each app is an ipywidgets container built from piratelib's pure functions. Its callbacks
write results into widget traits (``HTML.value``, ``Image.value``), so an app can be
driven and checked in plain pytest as well as in a browser.
"""

__all__: list[str] = []
