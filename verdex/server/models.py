"""Response models: the structured content of each tool (and its MCP ``outputSchema``).

Field names are the wire names (camelCase, as in the tool contract of DESIGN.md). Structural
results mirror the bridge's JSON (bridge/README.md); unknown extra fields are kept.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

__all__ = [
    "ActionResult",
    "Ancestor",
    "AnchorDescendant",
    "BrowserInfoResult",
    "CloseResult",
    "DescriptionFacts",
    "ExtractAnchorsResult",
    "FrameFacts",
    "InspectPatternResult",
    "LocatorMatch",
    "NavigateResult",
    "ResolveContainerResult",
    "RoleInfo",
    "RoleVerification",
    "RolesResult",
    "RunnerUp",
    "SaveRoleStateResult",
    "ScreenshotResult",
    "SelectRoleResult",
    "Sibling",
    "SnapshotResult",
    "StableResult",
    "Truncation",
    "VerifyLocatorResult",
    "WaitResult",
]


class _Facts(BaseModel):
    model_config = ConfigDict(extra="allow")


class NavigateResult(BaseModel):
    """Where the page is after a navigation. ``status`` is the HTTP status (absent for non-HTTP).

    ``frame`` and ``frameUrl``: when going back moved a frame rather than the page, which frame
    (``f3``) and where it went (``url`` stays the page's).
    """

    url: str
    frame: str | None = None
    frameUrl: str | None = None
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


class RunnerUp(BaseModel):
    """A candidate a description also matched, not chosen: ``match`` ``exact`` or ``score`` (with ``score``)."""

    ref: str
    role: str
    name: str
    match: Literal["exact", "score"]
    score: float | None = None


class DescriptionFacts(BaseModel):
    """How an action's ``element`` description was resolved (verdex/browser/describe.py).

    ``match``: ``css`` (the only visible element the selector matches), ``exact`` (accessible name
    or text equals the description) or ``score`` (``score``: 3 description inside, 2 inside the
    description, else the fraction of its words, at least 0.5). ``runnersUp``: the next best, up to 3.
    """

    description: str
    match: Literal["css", "exact", "score"]
    score: float | None = None
    runnersUp: list[RunnerUp]


class ActionResult(BaseModel):
    """What an action did: the element it acted on and the navigation it caused, if any.

    ``selected``: the values selected after ``browser_select_option``. ``frameUrl``: where the
    element's frame went when the action navigated that frame (not the page). ``described``: how an
    ``element`` description became the element (absent when a ref was given). ``secret``: true
    when ``browser_type`` by description typed into a password or credential field.
    """

    action: str
    ref: str | None = None
    role: str | None = None
    name: str | None = None
    url: str
    navigated: bool = False
    status: int | None = None
    selected: list[str] | None = None
    frameUrl: str | None = None
    described: DescriptionFacts | None = None
    secret: bool | None = None


class WaitResult(BaseModel):
    """How long a wait took (milliseconds) and what it waited for."""

    waitedMs: int
    condition: str


class StableResult(BaseModel):
    """A quiet DOM: how long ``wait_for_stable`` waited (milliseconds), the mutations it saw, and how
    many documents it watched (the page's and its same-origin frames')."""

    waitedMs: int
    mutations: int
    quietMs: int
    documents: int


class ScreenshotResult(BaseModel):
    """What ``browser_take_screenshot`` captured: ``viewport`` or an ``element`` (``ref``, ``role``, ``name``);
    ``width``/``height`` in CSS pixels; ``url`` the page's."""

    captured: Literal["viewport", "element"]
    url: str
    width: int
    height: int
    ref: str | None = None
    role: str | None = None
    name: str | None = None


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


class IframeFacts(BaseModel):
    ref: str
    tagName: str
    attributes: dict[str, str]


class FrameFacts(BaseModel):
    """One frame on the way to an element: its ref prefix (``f2_``), URL and iframe element."""

    prefix: str
    url: str
    iframe: IframeFacts


class RoleInfo(BaseModel):
    """One configured role: whether it is current and started, its auth file, default URL and page URL."""

    name: str
    current: bool
    active: bool
    authFile: str | None = None
    defaultUrl: str | None = None
    url: str | None = None


class RolesResult(BaseModel):
    """The current role and every configured role (``select_role``, ``get_current_role``, ``list_current_roles``)."""

    currentRole: str
    roles: list[RoleInfo]


class SelectRoleResult(BaseModel):
    """The role now current, the one before it, and where the new role's page is."""

    role: str
    previousRole: str
    url: str
    title: str


class SaveRoleStateResult(BaseModel):
    """Where ``save_role_state`` wrote the role's storageState and what it holds (counts, never values)."""

    role: str
    path: str
    cookies: int
    origins: list[str]


class TargetFacts(_Facts):
    ref: str
    tagName: str
    role: str | None = None
    name: str | None = None
    ariaHidden: bool | None = None
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
    frames: list[FrameFacts] | None = None


class ContainerFacts(_Facts):
    tagName: str
    attributes: dict[str, str]


class Sibling(_Facts):
    index: int
    tagName: str
    attributes: dict[str, str]
    containsText: list[str]
    outline: list[str] | Literal["same"]
    containsRefs: list[str]
    refsOmitted: int | None = None


class InspectPatternResult(_Facts):
    """The children of the ancestor at ``ancestorLevel``: repeating cards, rows, items."""

    ancestorLevel: int
    containerAt: ContainerFacts
    targetSiblingIndex: int | None
    siblings: list[Sibling]
    omitted: int | None = None
    frames: list[FrameFacts] | None = None


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
    ariaHidden: bool | None = None
    directText: str | None = None
    fullText: str | None = None
    count: int | None = None


class ExtractAnchorsResult(_Facts):
    """The descendants of the ancestor at ``ancestorLevel``, pre-order, with their text."""

    ancestorAt: AncestorFacts
    descendants: list[AnchorDescendant]
    omitted: int | None = None
    frames: list[FrameFacts] | None = None


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
