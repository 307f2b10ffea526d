"""Response models: the structured content of each tool (and its MCP ``outputSchema``).

Field names are the wire names (camelCase, as in the tool contract of DESIGN.md). Structural
results mirror the bridge's JSON (bridge/README.md); unknown extra fields are kept.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

__all__ = [
    "ActionResult",
    "Ancestor",
    "AnchorDescendant",
    "BrowserInfoResult",
    "CloseResult",
    "ExtractAnchorsResult",
    "InspectPatternResult",
    "LocatorMatch",
    "NavigateResult",
    "ResolveContainerResult",
    "RoleVerification",
    "Sibling",
    "SnapshotResult",
    "VerifyLocatorResult",
    "WaitResult",
]


class _Facts(BaseModel):
    model_config = ConfigDict(extra="allow")


class NavigateResult(BaseModel):
    """Where the page is after a navigation. ``status`` is the HTTP status (absent for non-HTTP)."""

    url: str
    title: str
    status: int | None = None
    statusText: str | None = None
    loadPending: bool | None = None
    sameDocument: bool | None = None


class Truncation(BaseModel):
    totalChars: int
    totalLines: int
    shownLines: int


class SnapshotResult(BaseModel):
    """An accessibility snapshot: one node a line, refs on interactive elements."""

    url: str
    title: str
    snapshot: str
    refCount: int
    truncated: Truncation | None = None


class ActionResult(BaseModel):
    """What an action did: the element it acted on and the navigation it caused, if any."""

    action: str
    ref: str | None = None
    role: str | None = None
    name: str | None = None
    url: str
    navigated: bool = False
    status: int | None = None


class WaitResult(BaseModel):
    """How long a wait took (milliseconds) and what it waited for."""

    waitedMs: int
    condition: str


class BrowserInfoResult(BaseModel):
    """The browser verdex drives and the roles it has."""

    browser: str
    protocolVersion: str
    headless: bool
    cdpEndpoint: str | None = None
    roles: list[str]
    currentRole: str
    testIdAttribute: str


class CloseResult(BaseModel):
    closed: bool


class TargetFacts(_Facts):
    ref: str
    tagName: str
    role: str | None = None
    name: str | None = None
    text: str | None = None


class Ancestor(_Facts):
    level: int
    tagName: str
    attributes: dict[str, str]
    childElements: int
    containsRefs: list[str]
    refsOmitted: int | None = None
    shadowHost: bool | None = None


class ResolveContainerResult(_Facts):
    """The target and its ancestors from the parent (level 1) up to, not including, ``<body>``."""

    target: TargetFacts
    ancestors: list[Ancestor]
    omitted: int | None = None


class ContainerFacts(_Facts):
    tagName: str
    attributes: dict[str, str]


class Sibling(_Facts):
    index: int
    tagName: str
    attributes: dict[str, str]
    containsText: list[str]
    outline: list[str]
    containsRefs: list[str]
    refsOmitted: int | None = None


class InspectPatternResult(_Facts):
    """The children of the ancestor at ``ancestorLevel``: repeating cards, rows, items."""

    ancestorLevel: int
    containerAt: ContainerFacts
    targetSiblingIndex: int | None
    siblings: list[Sibling]
    omitted: int | None = None


class AncestorFacts(_Facts):
    level: int
    tagName: str
    attributes: dict[str, str]


class AnchorDescendant(_Facts):
    depth: int
    index: int
    tagName: str
    attributes: dict[str, str]
    ref: str | None = None
    role: str | None = None
    name: str | None = None
    directText: str | None = None
    fullText: str | None = None


class ExtractAnchorsResult(_Facts):
    """The descendants of the ancestor at ``ancestorLevel``, pre-order, with their text."""

    ancestorAt: AncestorFacts
    descendants: list[AnchorDescendant]
    omitted: int | None = None


class LocatorMatch(_Facts):
    """One element a locator matches. ``name``: the accessible name as getByRole matches it;
    ``text``: its text when that differs from the name; ``visible: false`` when Playwright would
    not call it visible (actions would wait for it)."""

    ref: str
    tagName: str
    role: str | None = None
    name: str | None = None
    text: str | None = None
    visible: bool | None = None


class RoleVerification(BaseModel):
    """What the locator matches in one role's page."""

    role: str
    url: str
    count: int
    unique: bool
    matches: list[LocatorMatch]
    omitted: int | None = None
    matchesTarget: bool | None = None
    targetIndex: int | None = None
    frameUrl: str | None = None


class VerifyLocatorResult(BaseModel):
    """What a Playwright locator matches on the live page: ``count`` (Playwright's ``locator.count()``),
    ``unique`` (exactly one), the matches in Playwright's order (first 10; ``omitted`` counts the rest),
    and with a ref, ``matchesTarget`` (the locator resolves to exactly that element) and
    ``targetIndex`` (its index among the matches, when it is one). With ``role: "all"``, ``roles``
    holds the same per role, with the URL of each role's page."""

    count: int | None = None
    unique: bool | None = None
    matches: list[LocatorMatch] | None = None
    omitted: int | None = None
    matchesTarget: bool | None = None
    targetIndex: int | None = None
    role: str | None = None
    url: str | None = None
    frameUrl: str | None = None
    roles: list[RoleVerification] | None = None
