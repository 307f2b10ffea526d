"""The steps of ``browser_run_plan``: a JSON-Schema-typed list of actions with conditions.

Each step is one action (``navigate``, ``click``, ``type``, ``select``, ``press``, ``waitFor``),
chosen by its ``action`` field (a discriminated union, so the tool's ``inputSchema`` lists every
shape). A step that acts on an element names it by ``ref`` (from the latest ``browser_snapshot``)
or by ``locator`` (a Playwright locator, resolved when the step runs and required to match exactly
one element, as Playwright's strict mode does: the way to reach elements of pages the plan itself
opens). Preconditions (``type``: ``exists``, ``visible``, ``enabled``, ``urlMatches``,
``attrEquals``) are checked before acting, postconditions (``urlChanges``,
``elementTextContains``, ``ariaState``, ``networkIdle``) after, polled until ``timeoutMs``.

Regular expressions (``urlMatches``) run in verdex's own process, so in linear time: RE2 syntax
(https://github.com/google/re2/wiki/Syntax: Python's ``re`` without backreferences and lookaround),
searched in the URL (:func:`url_matches`); a pattern RE2 cannot run is a validation error.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Any, Literal, Self

import re2
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

__all__ = [
    "AriaState",
    "AttrEquals",
    "Click",
    "ElementTextContains",
    "Enabled",
    "Exists",
    "Navigate",
    "NetworkIdle",
    "Postcondition",
    "Precondition",
    "Press",
    "Select",
    "Step",
    "Type",
    "UrlChanges",
    "UrlMatches",
    "Visible",
    "WaitFor",
    "describe_condition",
    "describe_step",
    "url_matches",
]

#: Longest time one step may wait (actionability, conditions), milliseconds.
MAX_STEP_MS = 60_000
#: Default time one step may wait, milliseconds.
DEFAULT_STEP_MS = 5_000

#: Characters of a text in a step (typed, waited for, compared), of a URL, of a ref, of a key or chord.
MAX_TEXT = 10_000
MAX_URL = 8192
MAX_REF = 32
MAX_KEY = 64
#: Conditions of one kind on one step; options of one select.
MAX_CONDITIONS = 20
MAX_VALUES = 100

_RefField = Annotated[
    str | None,
    Field(max_length=MAX_REF, description="A ref from the latest browser_snapshot, e.g. e12 (f1_e3 inside a frame)."),
]
_Text = Annotated[str, Field(max_length=MAX_TEXT)]
_LocatorField = Annotated[
    str | None,
    Field(
        max_length=4000,
        description="Instead of ref: a Playwright locator (TypeScript or Python), resolved when the step runs; it "
        "must match exactly one element. Use it for elements of pages the plan itself opens.",
    ),
]


class _Strict(BaseModel):
    # strict: no coercion (true is not 1, "2" is not 2), as the tools' own arguments (verdex.server.app).
    model_config = ConfigDict(extra="forbid", strict=True)


# -- preconditions ---------------------------------------------------------------------------


class Exists(_Strict):
    """The step's element is in the document (a re-rendered element is found again by role and name)."""

    type: Literal["exists"]


class Visible(_Strict):
    """The step's element is visible (scrolled into view if it is outside the viewport)."""

    type: Literal["visible"]


class Enabled(_Strict):
    """The step's element is enabled (waited for until timeoutMs)."""

    type: Literal["enabled"]


@lru_cache(maxsize=64)
def _compiled(pattern: str) -> Any:
    """``pattern`` compiled by RE2 (linear time, bounded memory), quietly (RE2 logs parse errors by default).

    Raises:
        ValueError: RE2 cannot run it; the message says why.
    """
    options = re2.Options()
    options.log_errors = False
    try:
        return re2.compile(pattern, options)
    except re2.error as exc:
        detail = exc.args[0].decode(errors="replace") if exc.args and isinstance(exc.args[0], bytes) else str(exc)
        raise ValueError(
            f"not a regular expression verdex can run: {detail} (patterns are RE2 syntax, matched in linear time: "
            "no backreferences or lookaround)"
        ) from None


def url_matches(pattern: str, url: str) -> bool:
    """True if the RE2 ``pattern`` is found in ``url`` (a search, as Python's ``re.search``); linear in both."""
    return _compiled(pattern).search(url) is not None


class UrlMatches(_Strict):
    """The page's URL matches a regular expression (RE2 syntax, searched in linear time)."""

    type: Literal["urlMatches"]
    pattern: Annotated[
        str,
        Field(
            min_length=1,
            max_length=1000,
            description="Regular expression (RE2 syntax: no backreferences or lookaround) searched in the page URL.",
        ),
    ]

    @field_validator("pattern")
    @classmethod
    def _compiles(cls, value: str) -> str:
        _compiled(value)
        return value


class AttrEquals(_Strict):
    """An attribute of the step's element has exactly this value."""

    type: Literal["attrEquals"]
    name: Annotated[
        str, Field(min_length=1, max_length=200, description="Attribute name, e.g. aria-label or data-state.")
    ]
    value: _Text


Precondition = Annotated[Exists | Visible | Enabled | UrlMatches | AttrEquals, Field(discriminator="type")]

# -- postconditions --------------------------------------------------------------------------


class UrlChanges(_Strict):
    """The page's URL differs from what it was before the step."""

    type: Literal["urlChanges"]


class ElementTextContains(_Strict):
    """An element's text (a field's value) contains ``text``; without ref/locator, the page's text."""

    type: Literal["elementTextContains"]
    text: Annotated[str, Field(min_length=1, max_length=MAX_TEXT)]
    ref: _RefField = None
    locator: _LocatorField = None

    @model_validator(mode="after")
    def _one_target(self) -> Self:
        if self.ref is not None and self.locator is not None:
            raise ValueError("give ref or locator, not both")
        return self


class AriaState(_Strict):
    """An ARIA state of an element (default: the step's element) has this value."""

    type: Literal["ariaState"]
    state: Literal["checked", "disabled", "expanded", "pressed", "selected"]
    value: bool | Literal["mixed"]
    ref: _RefField = None
    locator: _LocatorField = None

    @model_validator(mode="after")
    def _one_target(self) -> Self:
        if self.ref is not None and self.locator is not None:
            raise ValueError("give ref or locator, not both")
        return self


class NetworkIdle(_Strict):
    """No request of the page is in flight for ``quietMs`` (requests the step started included)."""

    type: Literal["networkIdle"]
    quietMs: Annotated[int, Field(ge=0, le=MAX_STEP_MS)] = 500


Postcondition = Annotated[UrlChanges | ElementTextContains | AriaState | NetworkIdle, Field(discriminator="type")]

# -- steps -----------------------------------------------------------------------------------


class _Step(_Strict):
    preconditions: list[Precondition] = Field(default_factory=list, max_length=MAX_CONDITIONS)
    postconditions: list[Postcondition] = Field(default_factory=list, max_length=MAX_CONDITIONS)
    timeoutMs: Annotated[
        int, Field(ge=0, le=MAX_STEP_MS, description="How long the step may wait (checks, conditions), ms.")
    ] = DEFAULT_STEP_MS

    @model_validator(mode="after")
    def _conditions_fit(self) -> Self:
        if not isinstance(self, _ElementStep):
            element = [c.type for c in self.preconditions if c.type in ("exists", "visible", "enabled", "attrEquals")]
            if element:
                raise ValueError(f"precondition {element[0]} needs a step that acts on an element (ref or locator)")
            if any(c.type == "ariaState" and c.ref is None and c.locator is None for c in self.postconditions):
                raise ValueError("ariaState needs ref or locator on a step without an element")
        return self


class _ElementStep(_Step):
    ref: _RefField = None
    locator: _LocatorField = None

    @model_validator(mode="after")
    def _one_target(self) -> Self:
        if (self.ref is None) == (self.locator is None):
            raise ValueError("give exactly one of ref and locator")
        return self


class Navigate(_Step):
    """Open a URL and wait for it to load."""

    action: Literal["navigate"]
    url: Annotated[str, Field(min_length=1, max_length=MAX_URL, description="Absolute URL.")]


class Click(_ElementStep):
    """Click an element."""

    action: Literal["click"]


class Type(_ElementStep):
    """Replace a field's content with text; submit presses Enter."""

    action: Literal["type"]
    text: _Text
    submit: bool = False


class Select(_ElementStep):
    """Choose options of a <select> by value or label."""

    action: Literal["select"]
    values: Annotated[list[_Text], Field(min_length=1, max_length=MAX_VALUES)]


class Press(_Step):
    """Press a key (Enter, Tab, Control+a ...) at the focus."""

    action: Literal["press"]
    key: Annotated[str, Field(min_length=1, max_length=MAX_KEY)]


class WaitFor(_Step):
    """Wait for a text to appear (text) or go (textGone), or for time (ms)."""

    action: Literal["waitFor"]
    text: _Text | None = None
    textGone: _Text | None = None
    ms: Annotated[int | None, Field(ge=0, le=MAX_STEP_MS)] = None

    @model_validator(mode="after")
    def _one_kind(self) -> Self:
        given = [k for k in ("text", "textGone", "ms") if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError(f"give exactly one of text, textGone, ms (got {', '.join(given) or 'none'})")
        return self


Step = Annotated[Navigate | Click | Type | Select | Press | WaitFor, Field(discriminator="action")]


def describe_step(step: Navigate | Click | Type | Select | Press | WaitFor) -> str:
    """A short description of a step for answers: ``click e5``, ``navigate http://...``."""
    if isinstance(step, Navigate):
        return f"navigate {step.url}"
    if isinstance(step, Press):
        return f"press {step.key}"
    if isinstance(step, WaitFor):
        if step.ms is not None:
            return f"waitFor {step.ms} ms"
        return f"waitFor text {step.text!r}" if step.text is not None else f"waitFor textGone {step.textGone!r}"
    return f"{step.action} {step.ref if step.ref is not None else step.locator}"


def describe_condition(condition: Exists | Visible | Enabled | UrlMatches | AttrEquals | Postcondition) -> str:
    """The condition as the model wrote it, compactly: ``attrEquals(aria-pressed="true")``."""
    if isinstance(condition, UrlMatches):
        return f"urlMatches({condition.pattern!r})"
    if isinstance(condition, AttrEquals):
        return f'attrEquals({condition.name}="{condition.value}")'
    if isinstance(condition, ElementTextContains):
        where = condition.ref or condition.locator
        return f"elementTextContains({condition.text!r}{', ' + where if where else ''})"
    if isinstance(condition, AriaState):
        where = condition.ref or condition.locator
        value = str(condition.value).lower() if isinstance(condition.value, bool) else condition.value
        return f"ariaState({condition.state}={value}{', ' + where if where else ''})"
    if isinstance(condition, NetworkIdle):
        return f"networkIdle({condition.quietMs} ms)"
    return condition.type
