"""The answer of every bridge method, typed once: a pydantic model per method result.

These are the Python side of ``bridge/src/contract.ts`` (the producer's contract): field names,
optionality and types match the TypeScript types key by key, which ``tests/bridge/test_contract.py``
checks against ``verdex/bridge/contract.json`` (generated from the TypeScript by ``make bridge``).
The structural tools answer these models as they are (their ``outputSchema``), so every key an
answer carries is declared and described here.

Fields are declared in the order the bridge builds its objects: a model dumped with
``exclude_unset=True`` is the bridge's JSON, key for key and in order.

Unknown keys: ignored in production (an answer never carries a key its schema does not declare);
with ``VERDEX_BRIDGE_STRICT=1`` in the environment (the test suite sets it, for the server processes
it starts too) they are an error, so a key the bridge adds and Python does not declare fails a test.
"""

from __future__ import annotations

import functools
import json
import os
from importlib import resources
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "ActionTargetResult",
    "Ancestor",
    "AncestorAt",
    "AnchorDescendant",
    "Apart",
    "AriaFact",
    "AriaFactsResult",
    "ArmHitTargetResult",
    "BridgeModel",
    "ContainerAt",
    "CountLocatorsResult",
    "CssMatches",
    "DescribeResult",
    "DescribedElement",
    "DiagnoseLocatorResult",
    "ElementBoxResult",
    "ElementStateResult",
    "ElementStates",
    "ExtractAnchorsResult",
    "FindAttribute",
    "FindContainer",
    "FindLandmark",
    "FindMatch",
    "FindResult",
    "FocusedElementResult",
    "FrameOwnerResult",
    "FramePointResult",
    "HitElement",
    "HitTargetVerdictResult",
    "IframeLine",
    "InspectPatternResult",
    "LocatorCount",
    "LocatorMatch",
    "NearMiss",
    "NearMissReason",
    "OthersHave",
    "PaintResult",
    "PrepareTypeResult",
    "QueryFrame",
    "QueryFramesResult",
    "QueryLocatorResult",
    "ResolveContainerResult",
    "ScoredElement",
    "SelectOptionResult",
    "Sibling",
    "SnapshotResult",
    "SnapshotTruncation",
    "StepCount",
    "SuggestAncestor",
    "SuggestFactsResult",
    "SuggestTarget",
    "TargetFacts",
    "TextFact",
    "WaitForStableResult",
    "WarmUpResult",
    "playwright_roles",
]

#: ``VERDEX_BRIDGE_STRICT=1``: keys a model does not declare are an error (tests); else ignored.
STRICT = os.environ.get("VERDEX_BRIDGE_STRICT") == "1"

Attributes = Annotated[
    dict[str, str],
    Field(
        description="The element's locator attributes that it has, in this order: id, class, data-testid, data-test, "
        "data-test-id, data-qa, data-cy, the configured test-id attribute, role, aria-label, name, type, href, title, "
        "placeholder, for, alt. Values at most 80 characters (class: whole class names up to 40), a cut marked …."
    ),
]
Tristate = bool | Literal["mixed"]


class BridgeModel(BaseModel):
    """Base of every bridge answer model (see the module docstring for unknown keys)."""

    model_config = ConfigDict(extra="forbid" if STRICT else "ignore", frozen=False, defer_build=True)


# -- snapshot ----------------------------------------------------------------------------------


class SnapshotTruncation(BridgeModel):
    """How ``maxChars`` cut the text: the whole text's size and the lines kept."""

    totalChars: int = Field(description="Characters of the whole snapshot text.")
    totalLines: int = Field(description="Lines of the whole snapshot text.")
    shownLines: int = Field(description="Lines kept.")


class IframeLine(BridgeModel):
    """An ``iframe`` line of the text: the Python side puts the frame's own snapshot under it."""

    ref: str = Field(description="The iframe element's ref.")
    line: int = Field(description="0-based index of its line in text.")


class SnapshotResult(BridgeModel):
    """``snapshot``: one document's accessibility snapshot (README: Snapshot format)."""

    text: str = Field(description="The snapshot, one node a line, two spaces of indent a level.")
    refCount: int = Field(description="Lines with a ref in text.")
    nodeCount: int = Field(description="Nodes in the tree before cutting.")
    truncated: SnapshotTruncation | None = Field(description="How maxChars cut text; null when it was not cut.")
    iframes: list[IframeLine] = Field(description="The iframe lines of text, in order.")
    unknownHosts: int = Field(
        description="Rendered elements that may host a closed shadow root and are not classified yet "
        "(Python classifies them with DOM.describeNode and snapshots again)."
    )
    loading: bool = Field(
        description="document.readyState is 'loading': the HTML is not parsed to its end yet, so elements may be "
        "missing (a snapshot of the page waits for DOMContentLoaded, then takes it again)."
    )


class WarmUpResult(BridgeModel):
    """``warmUp``: the document's snapshot and structural calls on some of its elements made and thrown away, so
    that the model's first calls run on code compiled in this isolated world (README: Methods)."""

    complete: bool = Field(
        description="Everything ran within budgetMs: the snapshot's walk reached the end of the document (and was "
        "rendered), then every structural call was made."
    )
    elapsedMs: int = Field(description="Milliseconds it took, measured in the page.")
    structureCalls: int = Field(
        description="Structural calls made (resolveContainer, inspectPattern, extractAnchors: three an element)."
    )


# -- resolveContainer --------------------------------------------------------------------------


class TargetFacts(BridgeModel):
    """The element the ref names."""

    ref: str = Field(description="Its ref.")
    tagName: str = Field(description="Its tag name, lower case.")
    role: str | None = Field(
        default=None, description="Its ARIA role (absent when it is excluded from the accessibility tree)."
    )
    name: str | None = Field(
        default=None, description="Its accessible name (empty for a generic element: naming is prohibited there)."
    )
    ariaHidden: bool | None = Field(
        default=None,
        description="True when it is excluded from the accessibility tree (aria-hidden, inert, outside an open modal): "
        "getByRole cannot find it.",
    )
    text: str = Field(description="Its visible text, whitespace collapsed, at most 100 characters.")
    attributes: dict[str, str] = Field(
        description="Its locator attributes (as an ancestor's), then its other aria-* attributes and its data-* "
        "attributes with values of at most 40 characters, in its attribute order, at most 12 of those."
    )
    closedShadowRoot: bool | None = Field(default=None, description="True when it hosts a closed shadow root.")


class Ancestor(BridgeModel):
    """One ancestor, level 1 being the parent."""

    level: int = Field(description="1 for the parent, 2 for its parent, ... (<body> is not listed).")
    tagName: str = Field(description="Tag name, lower case.")
    attributes: Attributes
    childElements: int = Field(description="Its rendered element children.")
    containsRefs: list[str] = Field(
        description="Refs of the visible interactive elements inside it, in DOM order, at most 8 (none once an inner "
        "ancestor has more than 8: see refsOmitted)."
    )
    refsOmitted: int | None = Field(default=None, description="Interactive elements inside it not listed.")
    shadowHost: bool | None = Field(
        default=None, description="True when the walk came up to it out of its open shadow root."
    )
    closedShadowRoot: bool | None = Field(default=None, description="True when it hosts a closed shadow root.")


class ResolveContainerResult(BridgeModel):
    """``resolveContainer``: the element and its ancestors from the parent (level 1) up to, not including, <body>."""

    target: TargetFacts
    ancestors: list[Ancestor] = Field(description="Level 1 first, at most 25.")
    omitted: int | None = Field(default=None, description="Ancestors above the 25 listed.")


# -- inspectPattern ----------------------------------------------------------------------------


class ContainerAt(BridgeModel):
    """The ancestor whose children are listed."""

    tagName: str = Field(description="Tag name, lower case.")
    attributes: Attributes


class Sibling(BridgeModel):
    """One child of the container: the target's container or one of its siblings."""

    index: int = Field(description="Its index among the container's element children (0-based).")
    tagName: str = Field(description="Tag name, lower case.")
    attributes: Attributes
    containsText: list[str] = Field(
        description="Distinct texts inside it in page order (a heading's whole text, else each run of text between "
        "elements): its first 3, then for each listed sibling it is not yet told apart from, its first text that "
        "sibling lacks (case-insensitive, as hasText compares); at most 8, each at most 60 characters."
    )
    outline: list[str] | Literal["same"] = Field(
        description="Its child shape (tag chains such as 'div>h3'), at most 6; 'same' when it equals the previous "
        "listed sibling's."
    )
    containsRefs: list[str] = Field(description="Refs of the interactive elements inside it, at most 8.")
    refsOmitted: int | None = Field(default=None, description="Interactive elements inside it not listed.")


class InspectPatternResult(BridgeModel):
    """``inspectPattern``: the children of the ancestor at ancestorLevel, to see whether they repeat."""

    ancestorLevel: int = Field(description="The level asked for (1 = the parent).")
    containerAt: ContainerAt
    targetSiblingIndex: int = Field(description="The index of the child that holds the target.")
    siblings: list[Sibling] = Field(description="The first 30 children (the target's always among them).")
    omitted: int | None = Field(default=None, description="Children not listed.")


# -- extractAnchors ----------------------------------------------------------------------------


class AncestorAt(BridgeModel):
    """The ancestor whose content is listed."""

    level: int = Field(description="Its level (1 = the target's parent).")
    tagName: str = Field(description="Tag name, lower case.")
    attributes: Attributes
    directText: str | None = Field(
        default=None, description="The text directly inside it (between its child elements), at most 80 characters."
    )


class AnchorDescendant(BridgeModel):
    """One rendered descendant, pre-order."""

    depth: int = Field(description="1 for a child of the container, 2 for a grandchild, ... (at most 4).")
    index: int = Field(description="Its index among its parent's rendered element children.")
    tagName: str = Field(description="Tag name, lower case.")
    attributes: Attributes
    closedShadowRoot: bool | None = Field(default=None, description="True when it hosts a closed shadow root.")
    ref: str | None = Field(
        default=None, description="Its ref, when it is interactive or has one already (the target, a heading ...)."
    )
    ariaHidden: bool | None = Field(
        default=None,
        description="True on the topmost listed element of a subtree excluded from the accessibility tree.",
    )
    role: str | None = Field(default=None, description="Its ARIA role (not generic, none or presentation).")
    name: str | None = Field(default=None, description="Its accessible name, at most 150 characters.")
    directText: str | None = Field(default=None, description="Text directly inside it, at most 80 characters.")
    fullText: str | None = Field(
        default=None,
        description="Its whole visible text (headings, labels, buttons, cells ...), at most 80 characters.",
    )
    slotted: bool | None = Field(
        default=None,
        description="Rendered here through the slot above it; in the DOM (and for locators) a child of the host.",
    )
    count: int | None = Field(
        default=None,
        description="This entry stands for count consecutive identical leaf siblings (index is the first).",
    )


class ExtractAnchorsResult(BridgeModel):
    """``extractAnchors``: the descendants of the ancestor at ancestorLevel, pre-order, with their text."""

    ancestorAt: AncestorAt
    descendants: list[AnchorDescendant] = Field(
        description="At most 40, depth at most 4; the target and its ancestors below the container are always listed."
    )
    omitted: int | None = Field(default=None, description="Descendants not listed (deeper, or past 40).")


# -- actions -----------------------------------------------------------------------------------


class ActionTargetResult(BridgeModel):
    """``actionTarget``: where to press, after the actionability checks passed."""

    x: float = Field(description="X of the point, CSS pixels in the frame's viewport.")
    y: float = Field(description="Y of the point, CSS pixels in the frame's viewport.")
    tagName: str = Field(description="The element's tag name.")
    role: str = Field(description="Its ARIA role.")
    name: str = Field(description="Its accessible name.")


class ArmHitTargetResult(BridgeModel):
    """``armHitTarget``: the press guard is armed."""

    armed: Literal[True] = Field(description="Always true.")


class HitElement(BridgeModel):
    """An element that got an event instead of the target."""

    tagName: str = Field(description="Tag name, lower case.")
    attributes: Attributes
    text: str = Field(description="Its visible text, at most 100 characters.")
    ref: str | None = Field(default=None, description="Its ref, when it is interactive.")


class HitTargetVerdictResult(BridgeModel):
    """``hitTargetVerdict``: what the armed press hit so far."""

    events: int = Field(description="Trusted events of the press seen so far in this document.")
    landed: Literal["target", "other", "none", "gone"] = Field(
        description="target: the element got the first event; other: another element did (hitBy); none: no event "
        "reached this document; gone: no guard here (a new document)."
    )
    hitBy: HitElement | None = Field(
        default=None, description="With landed 'other': the element that got the first event (null when it is gone)."
    )


class PrepareTypeResult(BridgeModel):
    """``prepareType``: the field is focused and its content selected."""

    focused: bool = Field(description="The element has focus.")


class SelectOptionResult(BridgeModel):
    """``selectOption``: the options selected now."""

    selected: list[str] = Field(description="Values of the selected options.")


class ElementStates(BridgeModel):
    """ARIA states as the snapshot computes them."""

    checked: Tristate = Field(description="aria-checked / checked: true, false or 'mixed'.")
    disabled: bool = Field(description="Disabled (natively or aria-disabled).")
    expanded: bool | None = Field(description="aria-expanded; null when the element has no such state.")
    pressed: Tristate = Field(description="aria-pressed: true, false or 'mixed'.")
    selected: bool = Field(description="aria-selected / selected.")


class ElementStateResult(BridgeModel):
    """``elementState``: the live facts a plan's conditions check."""

    tagName: str = Field(description="Tag name, lower case.")
    role: str = Field(description="Its ARIA role.")
    name: str = Field(description="Its accessible name.")
    visible: bool = Field(description="Rendered, visibility visible, with a non-empty box.")
    inViewport: bool = Field(description="Its box intersects its frame's viewport.")
    scrolled: bool = Field(description="It was scrolled into view by this call (scroll: true).")
    enabled: bool = Field(description="Not disabled.")
    text: str = Field(description="Its innerText, whitespace collapsed, at most 4000 characters.")
    value: str | None = Field(default=None, description="An input's, textarea's or select's value (4000 at most).")
    attribute: str | None = Field(
        default=None, description="The value of the attribute asked for; null when the element does not have it."
    )
    secret: bool = Field(description="A password or credential field: its value is never shown.")
    states: ElementStates


class FrameOwnerResult(BridgeModel):
    """``frameOwner``: the iframe element that shows a frame."""

    ref: str = Field(description="Its ref in its own document.")
    tagName: str = Field(description="iframe or frame.")
    attributes: Attributes = Field(description="Its locator attributes, plus src and srcdoc (cut like the others).")


class FramePointResult(BridgeModel):
    """``framePoint``: a point of a frame's viewport carried into its parent's viewport."""

    x: float = Field(description="X in the parent document's viewport, CSS pixels.")
    y: float = Field(description="Y in the parent document's viewport, CSS pixels.")
    inView: bool = Field(description="The point is inside this document's viewport.")


class DescribedElement(BridgeModel):
    """An element a description's CSS selector matched."""

    ref: str = Field(description="Its ref (given one if it had none).")
    tagName: str = Field(description="Tag name, lower case.")
    role: str = Field(description="Its ARIA role.")
    name: str = Field(description="Its accessible name.")


class CssMatches(BridgeModel):
    """The description read as a CSS selector."""

    valid: bool = Field(description="The description parses as a CSS selector.")
    count: int = Field(description="Visible elements it matches.")
    hidden: int = Field(description="Hidden elements it matches.")
    matches: list[DescribedElement] = Field(description="The first 5 visible matches.")


class ScoredElement(BridgeModel):
    """A candidate the description's words matched."""

    ref: str = Field(description="Its ref (given one if it had none).")
    tagName: str = Field(description="Tag name, lower case.")
    role: str = Field(description="Its ARIA role.")
    name: str = Field(description="Its accessible name.")
    reason: Literal["exact", "contains", "contained", "words"] = Field(
        description="exact: name or text equals the description; contains: the description is inside it (3); "
        "contained: it is inside the description (2); words: the share of the description's words (score)."
    )
    score: float = Field(description="The score of reason.")


class DescribeResult(BridgeModel):
    """``describe``: the elements a description may name (verdex/browser/describe.py ranks them)."""

    css: CssMatches
    candidates: list[ScoredElement] = Field(description="The best 5 with an exact match or a score above 0.")


class ElementBoxResult(BridgeModel):
    """``elementBox``: the element's border box for a screenshot, after scrolling it into view."""

    x: float = Field(description="Left, CSS pixels in the frame's viewport.")
    y: float = Field(description="Top, CSS pixels in the frame's viewport.")
    width: float = Field(description="Width, CSS pixels.")
    height: float = Field(description="Height, CSS pixels.")
    tagName: str = Field(description="Tag name, lower case.")
    role: str = Field(description="Its ARIA role.")
    name: str = Field(description="Its accessible name.")


class WaitForStableResult(BridgeModel):
    """``waitForStable``: how a wait for a quiet DOM ended."""

    stable: bool = Field(description="Nothing changed for quietMs (false: timeoutMs passed first).")
    waitedMs: int = Field(description="Milliseconds from the start of the wait to its end, measured in the page.")
    mutations: int = Field(description="MutationRecords seen (child list, subtree, character data, attributes).")
    longestQuietMs: int = Field(description="The longest spell without a change, milliseconds.")
    documents: int = Field(description="Documents watched (the page's and its same-origin frames').")


class PaintResult(BridgeModel):
    """``paint``: the document produced its animation frames (what it showed before was painted)."""

    frames: int = Field(description="Animation frames that ran (the rest fell back to 100 ms each).")
    waitedMs: int = Field(description="Milliseconds the wait took, measured in the page.")


# -- conformance and locators ------------------------------------------------------------------


class AriaFact(BridgeModel):
    """One element's computed role and accessible name."""

    tagName: str = Field(description="Tag name, lower case.")
    role: str = Field(description="The computed role; generic for an element without one, none for none/presentation.")
    name: str = Field(description="The accessible name, whitespace collapsed, at most 150 characters.")
    hidden: bool | None = Field(
        default=None, description="Excluded from the accessibility tree (hidden, aria-hidden, inert, ...)."
    )
    ref: str | None = Field(default=None, description="The element's ref, when a snapshot or structural call gave one.")
    attributes: dict[str, str] | None = Field(
        default=None, description="The values of the requested attributes the element has (not cut)."
    )


class AriaFactsResult(BridgeModel):
    """``ariaFacts``: role and name of every element a selector matches (conformance tests)."""

    elements: list[AriaFact] = Field(description="At most 5,000, document order, then open shadow roots.")
    omitted: int | None = Field(default=None, description="Elements past 5,000.")


class LocatorMatch(BridgeModel):
    """One element a locator matches, as Playwright sees it."""

    ref: str = Field(description="Its ref (given one if it had none).")
    tagName: str = Field(description="Tag name, lower case.")
    role: str | None = Field(default=None, description="The role getByRole matches it by.")
    name: str | None = Field(default=None, description="The accessible name getByRole matches, at most 100 characters.")
    text: str | None = Field(
        default=None, description="Its normalized text, when it differs from the name, at most 80 characters."
    )
    visible: Literal[False] | None = Field(
        default=None, description="false when Playwright would not call it visible (actions would wait for it)."
    )
    attribute: str | None = Field(
        default=None, description="The value of the caller's attribute, when asked (tests compare by a stamp)."
    )


class QueryLocatorResult(BridgeModel):
    """``queryLocator``: what a locator matches in one document."""

    count: int = Field(description="What Playwright's locator.count() gives.")
    matches: list[LocatorMatch] = Field(description="The first matches, in Playwright's order.")
    omitted: int | None = Field(default=None, description="Matches not listed.")
    targetIndex: int | None = Field(
        default=None, description="With target: the target's index among all matches, or null when it is not one."
    )


class QueryFrame(BridgeModel):
    """An iframe the steps before a frame step select."""

    ref: str = Field(description="Its ref.")
    number: int = Field(description="The number of its ref.")


class QueryFramesResult(BridgeModel):
    """``queryFrames``: the iframes the steps before a frame step select."""

    frames: list[QueryFrame] = Field(description="In Playwright's order.")


class TextFact(BridgeModel):
    """A text an ancestor holds that a filter can use (``suggestFacts``)."""

    text: str = Field(
        description="A visible text, an image's alt, a control's name (normalized, at most 300 characters), "
        "or the id of an element inside (at most 60 characters, a CSS identifier)."
    )
    kind: Literal["heading", "text", "alt", "named", "id"] = Field(
        description="What it is: a heading's text, a text node, an image's alt, a control's accessible name, an "
        "element's id (shown or not: has: locator('#id') matches it either way)."
    )
    role: str | None = Field(default=None, description="For named: the control's role.")
    name: str | None = Field(default=None, description="For a heading: its accessible name (getByRole's).")
    cut: Literal[True] | None = Field(default=None, description="The text is longer: these are its first words.")
    occurrences: int = Field(
        description="Times it occurs in the page's text, case-insensitive as hasText compares (0 for an alt)."
    )


class _OwnFacts(BridgeModel):
    tagName: str = Field(description="Tag name, lower case.")
    role: str | None = Field(default=None, description="Playwright's role (getByRole).")
    name: str | None = Field(default=None, description="Playwright's accessible name, normalized, at most 200.")
    nameCut: Literal[True] | None = Field(default=None, description="The name is longer than 200 and cut here.")
    testId: str | None = Field(default=None, description="The configured test-id attribute's value.")
    otherTestIds: dict[str, str] | None = Field(
        default=None, description="Values of the other test-id attributes of the family."
    )
    id: str | None = Field(default=None, description="Its id.")
    classes: list[str] | None = Field(default=None, description="Its class names, at most 12.")


class ScopedAbsence(BridgeModel):
    """Classes that set the others' ancestors of one class apart from the target's (``div.siderail-ad`` without
    ``siderail-bottom-ad``)."""

    scope: str = Field(description="A class of one of its ancestors.")
    classes: list[str] = Field(
        description="Classes on every ancestor of the others that has the scope class, not on its own, at most 4."
    )


class OthersHave(BridgeModel):
    """What every other element like the target has and the target has not."""

    classes: list[str] | None = Field(default=None, description="Classes on each of them, not on it, at most 4.")
    attributes: list[str] | None = Field(
        default=None, description="Attribute names (not class, style, id) on each of them, not on it, at most 4."
    )
    containerClasses: list[str] | None = Field(
        default=None,
        description="Classes on an ancestor of each of them and on none of its ancestors nor itself, at most 4.",
    )
    containerRoles: list[str] | None = Field(
        default=None,
        description=(
            "role attribute values on an ancestor of each of them and on none of its ancestors nor itself, at most 4."
        ),
    )
    scoped: list[ScopedAbsence] | None = Field(
        default=None,
        description=(
            "For a class of one of its 6 nearest ancestors that an ancestor of some of the others has too: the "
            "classes on every such ancestor of theirs and not on its own; at most 4, nearest ancestor first."
        ),
    )


class SuggestTarget(_OwnFacts):
    """The element a locator is wanted for, as Playwright's locators see it."""

    ref: str = Field(description="Its ref.")
    labels: list[str] | None = Field(default=None, description="The texts getByLabel compares, at most 3.")
    placeholder: str | None = Field(default=None, description="Its placeholder.")
    alt: str | None = Field(default=None, description="Its alt text.")
    title: str | None = Field(default=None, description="Its title.")
    text: str | None = Field(default=None, description="Its text as hasText/getByText read it, at most 200.")
    textSelf: Literal[True] | None = Field(default=None, description="getByText with its whole text picks it.")
    hiddenForRole: Literal[True] | None = Field(default=None, description="getByRole leaves it out.")
    hidden: Literal[True] | None = Field(default=None, description="Playwright would not call it visible.")
    inputType: str | None = Field(default=None, description="An input's type.")
    href: str | None = Field(default=None, description="A link's href attribute as authored, at most 300.")
    src: str | None = Field(default=None, description="An image's src attribute as authored (not data:), at most 300.")
    nameAttribute: str | None = Field(default=None, description="A form control's name attribute, at most 200.")
    attributes: dict[str, str] | None = Field(
        default=None,
        description="Its other attributes a CSS attribute selector can name it by (data-* but the test-id family, "
        "srcset, aria-controls, rel, target, action, for), at most 6, values of at most 300 characters.",
    )
    lookalikes: int = Field(
        description="Elements on the page like it (its role and name; role and text when unnamed), itself included."
    )
    othersHave: OthersHave | None = Field(
        default=None,
        description="What every other element like it (with its exact name) has and it has not (2 to 49 of them): "
        "a :not(...) selector excludes them all.",
    )
    onlyItHas: list[str] | None = Field(
        default=None,
        description="Attribute names it has and none of the others like it has (2 to 49 of them), at most 4.",
    )
    parts: list[TextFact] | None = Field(
        default=None,
        description="Texts inside it (headings, text nodes, alts, named controls), when it has any: with "
        "more than one, its name or text is made of these parts in document order.",
    )


class SuggestAncestor(_OwnFacts):
    """One ancestor of the element, from the parent (level 1) up to <body>."""

    level: int = Field(description="1 = the parent.")
    shadowHost: Literal[True] | None = Field(default=None, description="Reached by leaving an open shadow root.")
    attributes: dict[str, str] | None = Field(
        default=None,
        description="Its data-* attributes (not the test-id family), at most 3, values of 1-300 characters without "
        "line breaks: a figure's data-id, a widget's data-component.",
    )
    lookalikes: int = Field(description="Elements like the target inside it, the target included.")
    like: int = Field(description="Its parent's children like it (tag, test id, role, classes), itself included.")
    texts: list[TextFact] = Field(description="Texts in it and not in the level below.")


class SuggestFactsResult(BridgeModel):
    """``suggestFacts``: what a locator for an element can rest on."""

    target: SuggestTarget
    ancestors: list[SuggestAncestor] = Field(description="From the parent up to <body>, at most 60.")
    omitted: int | None = Field(default=None, description="Ancestors past 60.")


class LocatorCount(BridgeModel):
    """One locator's count (``countLocators``)."""

    count: int = Field(description="Playwright's count().")
    targetIndex: int | None = Field(description="The target's index among the matches, or null.")
    error: str | None = Field(default=None, description="Why it could not be counted.")


class CountLocatorsResult(BridgeModel):
    """``countLocators``: many locators counted in one evaluation."""

    results: list[LocatorCount] = Field(description="In the order of the locators.")
    omitted: int | None = Field(default=None, description="Locators not counted (the time budget ran out).")


NearMissReason = Literal[
    "case",
    "exact",
    "spacing",
    "edit",
    "hidden",
    "state",
    "role",
    "attribute",
    "not-text",
    "elsewhere",
    "index",
    "visibility",
]


class NearMiss(BridgeModel):
    """An element that nearly matched the step that lost every match (``diagnoseLocator``)."""

    ref: str = Field(description="Its ref.")
    tagName: str = Field(description="Tag name, lower case.")
    role: str | None = Field(default=None, description="Its role (Playwright's).")
    name: str | None = Field(default=None, description="Its accessible name (Playwright's).")
    reason: NearMissReason = Field(description="Why the step did not match it (bridge README: diagnoseLocator).")
    value: str | None = Field(default=None, description="The value it has where the step wanted another.")
    detail: str | None = Field(default=None, description="The role, state option, attribute or count the reason names.")
    more: int | None = Field(default=None, description="Elements like it (same role, name, reason) besides it.")


class StepCount(BridgeModel):
    """The count after one step."""

    at: int = Field(description="The step's number.")
    count: int = Field(description="Playwright's count() of the locator up to this step.")


class Apart(BridgeModel):
    """What sets one of several matches apart."""

    ref: str = Field(description="The match's ref.")
    container: ContainerAt = Field(description="Its nearest container that holds no other match.")
    text: str | None = Field(default=None, description="A text of that container no other match's container has.")


class DiagnoseLocatorResult(BridgeModel):
    """``diagnoseLocator``: the count after each step, near misses, what sets the matches apart."""

    steps: list[StepCount] = Field(description="One per top-level step.")
    lostAt: int | None = Field(default=None, description="The step after which nothing matched.")
    nearMisses: list[NearMiss] | None = Field(default=None, description="Elements that nearly matched that step.")
    apart: list[Apart] | None = Field(default=None, description="With several matches: what sets each apart.")


class FocusedElementResult(BridgeModel):
    """``focusedElement``: the element that has focus in one document."""

    ref: str | None = Field(description="Its ref, or null when the body (or nothing) has focus.")
    number: int | None = Field(description="The number of that ref.")
    frame: bool = Field(description="It is an iframe: the focus is inside the frame it shows.")


# -- find --------------------------------------------------------------------------------------

MatchKind = Literal["name", "text", "label", "placeholder", "alt", "title", "testId"]


class FindAttribute(BridgeModel):
    """The attribute whose value matched."""

    name: str = Field(description="placeholder, alt, title or the test-id attribute.")
    value: str = Field(description="Its value, at most 100 characters.")


class FindContainer(BridgeModel):
    """The match's nearest repeating container: an ancestor (or the match, for a list item, row, article or
    tree item) with like siblings under the same parent (same tag, and the same test id, or a class in common,
    or neither with a class); cells are passed over."""

    ref: str = Field(description="Its ref.")
    tagName: str = Field(description="Tag name, lower case.")
    attributes: Attributes
    level: int = Field(description="Its ancestor level above the match (0: the match itself, 1: its parent).")
    index: int = Field(description="Its 1-based index among its like siblings.")
    count: int = Field(description="Its like siblings, itself included (at least 2).")
    text: str | None = Field(
        description="A text inside it that no like sibling contains (case-insensitive, as filter({ hasText }) "
        "compares), headings first, at most 60 characters; null when every text is shared."
    )


class FindLandmark(BridgeModel):
    """The nearest named landmark, region or dialog above the container."""

    ref: str = Field(description="Its ref.")
    role: str = Field(description="Its role (region, navigation, form, dialog ...).")
    name: str = Field(description="Its accessible name, at most 80 characters.")


class FindMatch(BridgeModel):
    """One element the query names."""

    ref: str = Field(description="Its ref (given one if it had none).")
    tagName: str = Field(description="Tag name, lower case.")
    role: str = Field(description="The role getByRole matches it by; generic when it has none.")
    name: str | None = Field(default=None, description="Its accessible name as getByRole compares it, at most 100.")
    matchedBy: list[MatchKind] = Field(
        description="How the query names it: name (getByRole name), text (getByText, or hasText with a role), "
        "label, placeholder, alt, title (getByLabel/Placeholder/AltText/Title), testId (the test-id value)."
    )
    text: str | None = Field(
        default=None, description="Its text around the match (at most 80 characters), when it matched by text."
    )
    attribute: FindAttribute | None = Field(default=None, description="The attribute whose value matched.")
    ariaHidden: Literal[True] | None = Field(
        default=None, description="Visible but inside aria-hidden: getByRole skips it unless includeHidden."
    )
    visible: Literal[False] | None = Field(default=None, description="Not visible (listed with includeHidden).")
    container: FindContainer | None = Field(default=None, description="Its nearest repeating container.")
    landmark: FindLandmark | None = Field(default=None, description="The nearest named landmark above it.")


class FindResult(BridgeModel):
    """``find``: the elements of one document a text or regular expression names, document order."""

    total: int = Field(description="Matches (visible ones, unless includeHidden).")
    matches: list[FindMatch] = Field(description="The first limit matches.")
    omitted: int | None = Field(default=None, description="Matches not listed (past limit).")
    hidden: int | None = Field(default=None, description="Matches left out because they are not visible.")


@functools.cache
def playwright_roles() -> frozenset[str]:
    """The ARIA roles ``getByRole`` takes, as the bridge declares them (``PlaywrightRole`` in
    bridge/src/locator/playwright-role.ts, the type of ``FindArgs.role``), read from contract.json."""
    contract = json.loads(resources.files("verdex.bridge").joinpath("contract.json").read_text(encoding="utf-8"))
    return frozenset(contract["definitions"]["PlaywrightRole"]["enum"])
