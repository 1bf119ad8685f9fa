"""Interactive ipywidgets apps for the notebooks; they display rules, never implement them.

Each app is an ipywidgets container built from piratelib's pure functions. Its callbacks
write results into widget traits (``HTML.value``, ``Image.value``), so an app can be
driven and checked in plain pytest as well as in a browser. When the rules refuse what a
learner asked for, the app shows the message (:func:`refusal`) instead of a traceback.
"""

from __future__ import annotations

import html

from piratelib.errors import PiratelibError

__all__ = ["refusal"]


def refusal(error: PiratelibError) -> str:
    """Return HTML showing a rule's refusal to the learner.

    Examples
    --------
    >>> refusal(PiratelibError("no <b>way</b>"))
    "<p class='piratelib-error' style='color:#a00'>Not allowed: no &lt;b&gt;way&lt;/b&gt;</p>"
    """
    return (
        f"<p class='piratelib-error' style='color:#a00'>Not allowed: {html.escape(str(error))}</p>"
    )
