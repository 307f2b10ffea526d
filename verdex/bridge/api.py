"""The bridge's methods as typed Python calls: the one place a bridge method is named.

:class:`Bridge` wraps a :class:`Caller` (how to reach one frame's isolated world: the browser
layer's :meth:`verdex.browser.worlds.IsolatedWorlds.caller`) and gives each method of
``bridge/src/contract.ts`` a Python function with typed arguments that answers its model from
:mod:`verdex.bridge.models`. Ref arguments are ref *numbers* (the N of ``eN``: the caller has found
the frame); an element argument is a remote object id in that frame's isolated world.

The functions ``__verdex`` exposes besides ``call`` (taken by reference, without ``returnByValue``)
are here too, as the function declarations :mod:`verdex.browser.worlds` and
:mod:`verdex.browser.shadow` run: :data:`ELEMENT_OF_REF`, :data:`SHADOW_CANDIDATES`,
:data:`CLASSIFY_SHADOW_HOSTS`.
"""

from __future__ import annotations

from typing import Any, Literal, Protocol, TypeVar

from verdex.bridge.models import (
    ActionTargetResult,
    AriaFactsResult,
    ArmHitTargetResult,
    BridgeModel,
    CountLocatorsResult,
    DescribeResult,
    DiagnoseLocatorResult,
    ElementBoxResult,
    ElementStateResult,
    ExtractAnchorsResult,
    FindResult,
    FocusedElementResult,
    FrameOwnerResult,
    FramePointResult,
    HitTargetVerdictResult,
    InspectPatternResult,
    PaintResult,
    PrepareTypeResult,
    QueryFramesResult,
    QueryLocatorResult,
    ResolveContainerResult,
    SelectOptionResult,
    SnapshotResult,
    SuggestFactsResult,
    WaitForStableResult,
    WarmUpResult,
)

__all__ = [
    "CLASSIFY_SHADOW_HOSTS",
    "ELEMENT_OF_REF",
    "METHODS",
    "PAGE_TEXT",
    "SHADOW_CANDIDATES",
    "Action",
    "Bridge",
    "Caller",
]

M = TypeVar("M", bound=BridgeModel)

#: What an action needs of its target (``actionTarget``, ``describe``).
Action = Literal["click", "hover", "type", "select"]

#: Every bridge method and the model of its answer (tests/bridge/test_contract.py compares them with
#: the TypeScript contract).
METHODS: dict[str, type[BridgeModel]] = {
    "snapshot": SnapshotResult,
    "warmUp": WarmUpResult,
    "resolveContainer": ResolveContainerResult,
    "inspectPattern": InspectPatternResult,
    "extractAnchors": ExtractAnchorsResult,
    "actionTarget": ActionTargetResult,
    "armHitTarget": ArmHitTargetResult,
    "hitTargetVerdict": HitTargetVerdictResult,
    "prepareType": PrepareTypeResult,
    "elementState": ElementStateResult,
    "selectOption": SelectOptionResult,
    "frameOwner": FrameOwnerResult,
    "framePoint": FramePointResult,
    "describe": DescribeResult,
    "elementBox": ElementBoxResult,
    "waitForStable": WaitForStableResult,
    "paint": PaintResult,
    "ariaFacts": AriaFactsResult,
    "queryLocator": QueryLocatorResult,
    "queryFrames": QueryFramesResult,
    "suggestFacts": SuggestFactsResult,
    "countLocators": CountLocatorsResult,
    "diagnoseLocator": DiagnoseLocatorResult,
    "focusedElement": FocusedElementResult,
    "find": FindResult,
}

#: Returns the live element of a ref number by reference (``Runtime.callFunctionOn`` without ``returnByValue``).
ELEMENT_OF_REF = "function (n) { const b = globalThis.__verdex; return b ? b.element(n) : null; }"
#: Returns the elements the last snapshot met that may host a closed shadow root (an array, by reference).
SHADOW_CANDIDATES = "function () { const b = globalThis.__verdex; return b ? b.shadowCandidates() : []; }"
#: Hands the bridge Python's answer for them (``this`` is the array above); returns the closed hosts' count.
CLASSIFY_SHADOW_HOSTS = (
    "function (closed) { const b = globalThis.__verdex; return b ? b.classifyShadowHosts(this, closed) : 0; }"
)
#: The rendered text of a document's body (``innerText``), evaluated in verdex's isolated world.
PAGE_TEXT = "document.body ? document.body.innerText : ''"


class Caller(Protocol):
    """Calls one bridge method in one frame's isolated world and returns the envelope's value.

    Raises what :meth:`verdex.browser.worlds.IsolatedWorlds.call` raises (BridgeCallError for an
    ``ok: false`` answer, ContextLostError, CDPError ...).
    """

    async def __call__(
        self,
        method: str,
        args: dict[str, Any],
        *,
        element: str | None = None,
        timeout: float | None = None,
        once: bool = False,
    ) -> Any: ...


class Bridge:
    """Typed calls of the bridge in one frame (see the module docstring and bridge/README.md)."""

    def __init__(self, call: Caller) -> None:
        self._call = call

    def scoped(self, token: str) -> Bridge:
        """This bridge, with every call in the cache scope ``token``: the calls share the caches of one
        evaluation (styles, roles, names, visibility, texts) until a call in this document with another token
        or none, or a change to the document (bridge README: Cache scopes). For the calls of one operation,
        milliseconds apart, on a page that does not change meanwhile."""

        async def call(method: str, args: dict[str, Any], **options: Any) -> Any:
            return await self._call(method, {**args, "cacheScope": token}, **options)

        return Bridge(call)

    async def _answer(
        self,
        model: type[M],
        method: str,
        args: dict[str, Any],
        *,
        element: str | None = None,
        timeout: float | None = None,
        once: bool = False,
    ) -> M:
        value = await self._call(method, args, element=element, timeout=timeout, once=once)
        return model.model_validate(value)

    async def snapshot(
        self,
        *,
        root: int | None = None,
        depth: int | None = None,
        max_chars: int | None = None,
        behind_modal: bool = False,
    ) -> SnapshotResult:
        """The document's snapshot, or the subtree of ref number ``root``.

        Args:
            depth: lines deeper than this are cut (the root's children are depth 1).
            max_chars: the text is cut at its last whole line within this many characters.
            behind_modal: show the page behind an open modal dialog (no dialog limits the snapshot).
        """
        args: dict[str, object] = {"root": root, "depth": depth, "maxChars": max_chars}
        if behind_modal:
            args["behindModal"] = True
        return await self._answer(SnapshotResult, "snapshot", {k: v for k, v in args.items() if v is not None})

    async def warm_up(self, budget_ms: int, *, timeout: float) -> WarmUpResult:
        """Take the document's snapshot in the page, then make the structural calls on up to ten of its elements,
        and throw the answers away (with refs of their own: no ref is given out), so that the next calls run on
        code compiled in this document's isolated world; the pass stops after ``budget_ms`` milliseconds in the
        page. ``timeout``: seconds the CDP call may take (past it the script running in the page is stopped, as for
        every bridge call). Not repeated in a new document."""
        return await self._answer(WarmUpResult, "warmUp", {"budgetMs": budget_ms}, timeout=timeout, once=True)

    async def resolve_container(self, ref: int) -> ResolveContainerResult:
        """The element of ``ref`` and its ancestors up to <body>."""
        return await self._answer(ResolveContainerResult, "resolveContainer", {"ref": ref})

    async def inspect_pattern(self, ref: int, ancestor_level: int) -> InspectPatternResult:
        """The children of the ancestor at ``ancestor_level`` (1 = the parent)."""
        args = {"ref": ref, "ancestorLevel": ancestor_level}
        return await self._answer(InspectPatternResult, "inspectPattern", args)

    async def extract_anchors(self, ref: int, ancestor_level: int) -> ExtractAnchorsResult:
        """The descendants of the ancestor at ``ancestor_level``."""
        args = {"ref": ref, "ancestorLevel": ancestor_level}
        return await self._answer(ExtractAnchorsResult, "extractAnchors", args)

    async def action_target(self, ref: int, action: Action, *, scroll: bool = False) -> ActionTargetResult:
        """Check the element for ``action`` (visible, enabled, stable, not covered ...) and give the point to press.

        Waits two animation frames in the page (the element must not move between them).
        """
        args = {"ref": ref, "action": action, "scroll": scroll}
        return await self._answer(ActionTargetResult, "actionTarget", args)

    async def arm_hit_target(self, ref: int) -> ArmHitTargetResult:
        """Arm the press guard for the element (README: armHitTarget)."""
        return await self._answer(ArmHitTargetResult, "armHitTarget", {"ref": ref})

    async def hit_target_verdict(self, *, disarm: bool = True) -> HitTargetVerdictResult:
        """What the armed press hit so far; ``disarm`` removes the guard."""
        return await self._answer(HitTargetVerdictResult, "hitTargetVerdict", {"disarm": disarm})

    async def prepare_type(self, ref: int) -> PrepareTypeResult:
        """Focus the field and select its content, so typed text replaces it."""
        return await self._answer(PrepareTypeResult, "prepareType", {"ref": ref})

    async def element_state(
        self, ref: int, *, attribute: str | None = None, scroll: bool = False
    ) -> ElementStateResult:
        """The element's live state (visible, enabled, text, value, ARIA states, one attribute)."""
        args: dict[str, Any] = {"ref": ref, "scroll": scroll}
        if attribute is not None:
            args["attribute"] = attribute
        return await self._answer(ElementStateResult, "elementState", args)

    async def select_option(self, ref: int, values: list[str]) -> SelectOptionResult:
        """Select the options of a <select> by value or label; input and change fire."""
        return await self._answer(SelectOptionResult, "selectOption", {"ref": ref, "values": values})

    async def frame_owner(self, element: str) -> FrameOwnerResult:
        """Facts of an iframe element given as a remote object id in this world."""
        return await self._answer(FrameOwnerResult, "frameOwner", {}, element=element)

    async def frame_point(self, element: str, x: float, y: float, *, hit_test: bool = True) -> FramePointResult:
        """Carry a point (CSS pixels) of the frame an iframe element shows into this document's viewport."""
        args = {"x": x, "y": y, "hitTest": hit_test}
        return await self._answer(FramePointResult, "framePoint", args, element=element)

    async def describe(self, description: str, action: Action) -> DescribeResult:
        """The elements a description may name, for ``action``."""
        args = {"description": description, "action": action}
        return await self._answer(DescribeResult, "describe", args)

    async def element_box(self, ref: int, *, scroll: bool = False) -> ElementBoxResult:
        """The element's border box, scrolled into view (for a screenshot)."""
        return await self._answer(ElementBoxResult, "elementBox", {"ref": ref, "scroll": scroll})

    async def wait_for_stable(self, quiet_ms: int, timeout_ms: int, *, timeout: float) -> WaitForStableResult:
        """Wait in the page until no DOM mutation for ``quiet_ms``, at most ``timeout_ms`` (milliseconds);
        ``timeout``: seconds the CDP call may take. Called once: a wait is never carried over to a new
        document (ContextLostError when the document goes away during it)."""
        args = {"quietMs": quiet_ms, "timeoutMs": timeout_ms}
        return await self._answer(WaitForStableResult, "waitForStable", args, timeout=timeout, once=True)

    async def paint(self, frames: int = 2) -> PaintResult:
        """Wait in the page until it has produced ``frames`` animation frames (what it showed before is painted;
        100 ms a frame when frames do not run). Not repeated in a new document."""
        return await self._answer(PaintResult, "paint", {"frames": frames}, once=True)

    async def aria_facts(
        self, selector: str, *, attributes: list[str] | None = None, text_transform: bool | None = None
    ) -> AriaFactsResult:
        """Role and accessible name of every element the CSS ``selector`` matches (conformance tests)."""
        args: dict[str, Any] = {"selector": selector}
        if attributes is not None:
            args["attributes"] = attributes
        if text_transform is not None:
            args["textTransform"] = text_transform
        return await self._answer(AriaFactsResult, "ariaFacts", args)

    async def query_locator(
        self,
        steps: list[dict[str, Any]],
        *,
        limit: int = 10,
        target: int | None = None,
        attribute: str | None = None,
    ) -> QueryLocatorResult:
        """What a locator (its steps, bridge README: queryLocator) matches in this document."""
        args: dict[str, Any] = {"locator": {"steps": steps}, "limit": limit}
        if target is not None:
            args["target"] = target
        if attribute is not None:
            args["attribute"] = attribute
        return await self._answer(QueryLocatorResult, "queryLocator", args)

    async def find(
        self,
        *,
        text: str | None = None,
        regex: str | None = None,
        flags: str = "",
        role: str | None = None,
        root: int | None = None,
        limit: int = 10,
        include_hidden: bool = False,
    ) -> FindResult:
        """The elements of this document that ``text`` (or the JavaScript ``regex`` with ``flags``) names:
        accessible name, text, label, placeholder, alt, title, test id (bridge README: find).

        Args:
            role: only elements with this role.
            root: only inside the element of this ref number.
            limit: matches listed (the rest counted in ``omitted``).
            include_hidden: hidden elements match too.
        """
        args: dict[str, Any] = {"limit": limit}
        if regex is not None:
            args["regex"], args["flags"] = regex, flags
        else:
            args["text"] = text
        if role is not None:
            args["role"] = role
        if root is not None:
            args["root"] = root
        if include_hidden:
            args["includeHidden"] = True
        return await self._answer(FindResult, "find", args)

    async def query_frames(self, steps: list[dict[str, Any]]) -> QueryFramesResult:
        """The iframes the steps before a frame step select."""
        return await self._answer(QueryFramesResult, "queryFrames", {"locator": {"steps": steps}})

    async def suggest_facts(self, ref: int) -> SuggestFactsResult:
        """What a locator for the element of ``ref`` can rest on: its own facts, its ancestors' (bridge
        README: suggestFacts)."""
        return await self._answer(SuggestFactsResult, "suggestFacts", {"ref": ref})

    async def count_locators(
        self, locators: list[list[dict[str, Any]]], *, target: int | None = None, budget_ms: int = 5000
    ) -> CountLocatorsResult:
        """Playwright's count() of each locator (its steps) in this document, in one evaluation; with
        ``target`` (a ref number), the target's index among each one's matches. Stops counting after
        ``budget_ms`` milliseconds (``omitted``)."""
        args: dict[str, Any] = {"locators": [{"steps": steps} for steps in locators], "budgetMs": budget_ms}
        if target is not None:
            args["target"] = target
        return await self._answer(CountLocatorsResult, "countLocators", args)

    async def diagnose_locator(self, steps: list[dict[str, Any]]) -> DiagnoseLocatorResult:
        """The count after each step of a locator in this document, and why it lost its matches or
        what sets its matches apart (bridge README: diagnoseLocator)."""
        return await self._answer(DiagnoseLocatorResult, "diagnoseLocator", {"locator": {"steps": steps}})

    async def focused_element(self) -> FocusedElementResult:
        """The element that has focus in this document (given a ref), or none; ``frame`` when it is an iframe."""
        return await self._answer(FocusedElementResult, "focusedElement", {})
