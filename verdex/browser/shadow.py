"""Closed shadow roots: the DevTools protocol tells the bridge which elements host one.

Scripts cannot see into a closed shadow root, not even verdex's isolated world, but
``DOM.describeNode`` reports every shadow root of an element with its ``shadowRootType``. When a
snapshot meets elements that may host one and are not classified yet (``unknownHosts`` in its
result, see ``bridge/src/shadow.ts``), :func:`classify_shadow_hosts` takes them by reference
(``__verdex.shadowCandidates()``), describes them all (concurrently), and hands the answer back
(``__verdex.classifyShadowHosts``). The bridge keeps the answers, so a page pays this once.
"""

from __future__ import annotations

import logging

import trio

from verdex.browser.page import Frame, Page
from verdex.cdp import protocol as cdp
from verdex.errors import CDPError

__all__ = ["classify_shadow_hosts"]

logger = logging.getLogger(__name__)

_GROUP = "verdex-shadow"
_CANDIDATES = "function () { const b = globalThis.__verdex; return b ? b.shadowCandidates() : []; }"
_CLASSIFY = "function (closed) { const b = globalThis.__verdex; return b ? b.classifyShadowHosts(this, closed) : 0; }"


async def classify_shadow_hosts(page: Page, frame: Frame) -> int:
    """Tell ``frame``'s bridge which of its pending candidates host a closed shadow root.

    Returns:
        How many closed hosts were found (0 when the document changed meanwhile: the next
        snapshot asks again).
    """
    session = frame.session
    context = frame.world
    if session is None or context is None:
        return 0
    timeout = page.settings.call_timeout
    try:
        listed = await session.send(
            cdp.Runtime.callFunctionOn(
                {"functionDeclaration": _CANDIDATES, "executionContextId": context, "objectGroup": _GROUP}
            ),
            timeout=timeout,
        )
        array = listed.get("result", {}).get("objectId")
        if not array:
            return 0
        properties = await session.send(
            cdp.Runtime.getProperties({"objectId": array, "ownProperties": True}), timeout=timeout
        )
        elements: dict[int, str] = {}
        for item in properties.get("result", []):
            name, object_id = item.get("name", ""), item.get("value", {}).get("objectId")
            if name.isdigit() and object_id:
                elements[int(name)] = str(object_id)
        closed: list[bool | None] = [None] * (max(elements) + 1 if elements else 0)

        async def describe(index: int, object_id: str) -> None:
            try:
                node = await session.send(cdp.DOM.describeNode({"objectId": object_id}), timeout=timeout)
            except CDPError as exc:  # left unclassified (None): asked again next time
                logger.debug("describing a shadow host candidate: %s", exc)
                return
            roots = node.get("node", {}).get("shadowRoots", [])
            closed[index] = any(root.get("shadowRootType") == "closed" for root in roots)

        async with trio.open_nursery() as nursery:
            for index, object_id in elements.items():
                nursery.start_soon(describe, index, object_id)
        answer = await session.send(
            cdp.Runtime.callFunctionOn(
                {
                    "functionDeclaration": _CLASSIFY,
                    "objectId": array,
                    "arguments": [{"value": closed}],
                    "returnByValue": True,
                }
            ),
            timeout=timeout,
        )
        return int(answer.get("result", {}).get("value") or 0)
    except CDPError as exc:
        # The document went away meanwhile; its next snapshot starts over.
        logger.debug("classifying shadow hosts in %s: %s", frame.label, exc)
        return 0
    finally:
        with trio.CancelScope(shield=True), trio.move_on_after(timeout):
            try:
                await session.send(cdp.Runtime.releaseObjectGroup({"objectGroup": _GROUP}), timeout=timeout)
            except CDPError as exc:
                logger.debug("releasing %s: %s", _GROUP, exc)
