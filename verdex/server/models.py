"""Response models: the structured content of each tool (and its MCP ``outputSchema``).

Field names are the wire names (camelCase, as in the tool contract of DESIGN.md). The structural
tools answer the bridge's own models with the frames on the way (:mod:`verdex.browser.structure`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from verdex.bridge.models import Apart, LocatorMatch, NearMiss, SnapshotTruncation

__all__ = [
    "ActionResult",
    "BrowserInfoResult",
    "CloseResult",
    "DescriptionFacts",
    "DiagnosisFix",
    "DiagnosisStep",
    "LocatorDiagnosis",
    "NavigateResult",
    "OtherFrame",
    "RoleInfo",
    "RoleVerification",
    "RolesResult",
    "RunnerUp",
    "SaveRoleStateResult",
    "ScreenshotResult",
    "SelectRoleResult",
    "SnapshotResult",
    "StableResult",
    "SuggestLocatorResult",
    "SuggestedLocator",
    "VerifyLocatorResult",
    "WaitResult",
]


class _Answer(BaseModel):
    """Base of the answer models: each is built (its pydantic validator and schema) when first used, not at import
    (most calls of a session use few of them; a server's start builds none)."""

    model_config = ConfigDict(defer_build=True)


class NavigateResult(_Answer):
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


class SnapshotResult(_Answer):
    """An accessibility snapshot: one node a line, refs on interactive elements. ``cutInside``: when cut, the
    lines the first line left out is under (outermost first). ``file``/``chars``: with ``filename``, where the
    whole snapshot was written and its size (``snapshot`` is then empty). ``loading``: true when the page's
    HTML was still being parsed after the snapshot waited for it (elements may be missing)."""

    url: str
    title: str
    snapshot: str
    refCount: int
    truncated: SnapshotTruncation | None = None
    cutInside: list[str] | None = None
    file: str | None = None
    chars: int | None = None
    lines: int | None = None
    loading: bool | None = None


class RunnerUp(_Answer):
    """A candidate a description also matched, not chosen: ``match`` ``exact`` or ``score`` (with ``score``)."""

    ref: str
    role: str
    name: str
    match: Literal["exact", "score"]
    score: float | None = None


class DescriptionFacts(_Answer):
    """How an action's ``element`` description was resolved (verdex/browser/describe.py).

    ``match``: ``css`` (the only visible element the selector matches), ``exact`` (accessible name
    or text equals the description) or ``score`` (``score``: 3 description inside, 2 inside the
    description, else the fraction of its words, at least 0.5). ``runnersUp``: the next best, up to 3.
    """

    description: str
    match: Literal["css", "exact", "score"]
    score: float | None = None
    runnersUp: list[RunnerUp]


class ActionResult(_Answer):
    """What an action did: the element it acted on and the navigation it caused, if any.

    ``selected``: the values selected after ``browser_select_option``. ``frameUrl``: where the
    element's frame went when the action navigated that frame (not the page). ``described``: how an
    ``element`` description became the element (absent when a ref was given). ``secret``: true
    when ``browser_type`` by description typed into a password or credential field. ``code``: the
    Playwright code of the action on the element's best verified locator (``--codegen``).
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
    code: str | None = None


class WaitResult(_Answer):
    """How long a wait took (milliseconds) and what it waited for."""

    waitedMs: int
    condition: str


class StableResult(_Answer):
    """A quiet DOM: how long ``wait_for_stable`` waited (milliseconds), the mutations it saw, and how
    many documents it watched (the page's and its same-origin frames')."""

    waitedMs: int
    mutations: int
    quietMs: int
    documents: int


class ScreenshotResult(_Answer):
    """What ``browser_take_screenshot`` captured: ``viewport`` or an ``element`` (``ref``, ``role``, ``name``);
    ``width``/``height`` in CSS pixels; ``url`` the page's."""

    captured: Literal["viewport", "element"]
    url: str
    width: int
    height: int
    ref: str | None = None
    role: str | None = None
    name: str | None = None


class BrowserInfoResult(_Answer):
    """The browser verdex drives and the roles it has."""

    browser: str
    protocolVersion: str
    headless: bool
    cdpEndpoint: str | None = None
    roles: list[str]
    currentRole: str
    testIdAttribute: str


class CloseResult(_Answer):
    closed: bool


class RoleInfo(_Answer):
    """One configured role: whether it is current and started, its auth file, default URL and page URL."""

    name: str
    current: bool
    active: bool
    authFile: str | None = None
    defaultUrl: str | None = None
    url: str | None = None


class RolesResult(_Answer):
    """The current role and every configured role (``select_role``, ``get_current_role``, ``list_current_roles``)."""

    currentRole: str
    roles: list[RoleInfo]


class SelectRoleResult(_Answer):
    """The role now current, the one before it, and where the new role's page is."""

    role: str
    previousRole: str
    url: str
    title: str


class SaveRoleStateResult(_Answer):
    """Where ``save_role_state`` wrote the role's storageState and what it holds (counts, never values)."""

    role: str
    path: str
    cookies: int
    origins: list[str]


class RoleVerification(_Answer):
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


class DiagnosisStep(_Answer):
    """One call of the locator as written and Playwright's count() of the locator up to it; a call that
    enters a frame has no count (a FrameLocator), but ``iframes``: how many iframes it selects."""

    step: str
    count: int | None = None
    iframes: int | None = None


class DiagnosisFix(_Answer):
    """The locator with one near miss put in, verified: it matches one element (``ref``)."""

    locator: str
    ref: str | None = None


class OtherFrame(_Answer):
    """A frame where the locator matches when it is entered first."""

    frame: str
    count: int
    locator: str


class LocatorDiagnosis(_Answer):
    """Why a locator does not match exactly its element (verdex/locator/diagnose.py).

    ``steps``: the count after each call; ``lostAt``: the index of the call after which nothing matched;
    ``nearMisses``: elements that nearly matched it (``reason``: case, exact, spacing, edit, hidden, state,
    role, attribute, not-text, elsewhere); ``fixes``: the locator fixed by a near miss, verified unique;
    ``frames``: frames where it matches; ``apart``: with several matches, each one's container and the
    text that sets it apart; ``narrowed``: with a ref, a locator verified to match only that element.
    """

    steps: list[DiagnosisStep]
    lostAt: int | None = None
    nearMisses: list[NearMiss] | None = None
    fixes: list[DiagnosisFix] | None = None
    frames: list[OtherFrame] | None = None
    apart: list[Apart] | None = None
    narrowed: str | None = None
    narrowedPython: str | None = None


class VerifyLocatorResult(_Answer):
    """What a Playwright locator matches on the live page: ``count`` (Playwright's ``locator.count()``),
    ``unique`` (exactly one), the matches in Playwright's order (first 10; ``omitted`` counts the rest),
    and with a ref, ``matchesTarget`` (the locator resolves to exactly that element) and
    ``targetIndex`` (its index among the matches, when it is one). With ``role: "all"``, ``roles``
    holds the same per role, with the URL of each role's page. ``leftAside``: what a pasted test line had
    around the locator (``await``, ``.click()``, ``expect(...).toBeVisible()``), not run. ``diagnosis``: when
    the locator matches no element, several, or not the ref's."""

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
    leftAside: list[str] | None = None
    diagnosis: LocatorDiagnosis | None = None


class SuggestedLocator(_Answer):
    """One locator ``suggest_locator`` verified: it matches exactly the element on the live page.

    ``restsOn``: the facts it rests on, in the order of its steps; ``flags``: what may change
    (``volatile: price``, ``generated id``, ``hashed class``, ``positional``); ``positional``: why a
    positional step was needed, when one is used.
    """

    locator: str
    python: str
    restsOn: list[str]
    flags: list[str] | None = None
    positional: str | None = None


class SuggestLocatorResult(_Answer):
    """``suggest_locator``: up to 3 locators for a ref, best first, each verified (count 1, the element).

    ``role``/``name``: the element as Playwright's getByRole sees it; ``alike``: elements on the page with
    that role and name (with that role and text when it has no name, that tag and text when it has no role;
    itself included); ``note``: why there is none, or why the best is positional.
    """

    ref: str
    tagName: str
    role: str | None = None
    name: str | None = None
    alike: int
    candidates: list[SuggestedLocator]
    note: str | None = None
