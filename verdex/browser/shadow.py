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

from verdex.bridge.api import CLASSIFY_SHADOW_HOSTS, SHADOW_CANDIDATES
from verdex.bridge.client import ContextLostError
from verdex.browser.page import Frame, Page
from verdex.cdp import protocol as cdp
from verdex.cdp.connection import CDPSession
from verdex.errors import CDPError, VerdexError

__all__ = ["classify_shadow_hosts"]

logger = logging.getLogger(__name__)

_GROUP = "verdex-shadow"


async def classify_shadow_hosts(page: Page, frame: Frame) -> int:
    """Tell ``frame``'s bridge which of its pending candidates host a closed shadow root.

    Returns:
        How many closed hosts were found (0 when the document changed meanwhile: the next
        snapshot asks again).
    """
    timeout = page.settings.call_timeout
    try:
        async with page.worlds.in_world(frame) as world:
            session = world.session
            try:
                return await _classify(session, world.context_id, timeout)
            finally:
                await page.worlds.release_group(session, _GROUP)
    except (ContextLostError, CDPError) as exc:
        # The document went away meanwhile; its next snapshot starts over.
        logger.debug("classifying shadow hosts in %s: %s", frame.label, exc)
        return 0
    except VerdexError as exc:  # the frame is gone or unreachable now: nothing to classify
        logger.debug("classifying shadow hosts in %s: %s", frame.label, exc)
        return 0


async def _classify(session: CDPSession, context: int, timeout: float) -> int:
    listed = await session.send(
        cdp.Runtime.callFunctionOn(
            {"functionDeclaration": SHADOW_CANDIDATES, "executionContextId": context, "objectGroup": _GROUP}
        ),
        timeout=timeout,
    )
    array = listed["result"].get("objectId")
    if not array:
        return 0
    properties = await session.send(
        cdp.Runtime.getProperties({"objectId": array, "ownProperties": True}), timeout=timeout
    )
    elements: dict[int, str] = {}
    for item in properties["result"]:
        name, object_id = item.get("name", ""), item.get("value", {}).get("objectId")
        if name.isdigit() and object_id:
            elements[int(name)] = object_id
    closed: list[bool | None] = [None] * (max(elements) + 1 if elements else 0)

    async def describe(index: int, object_id: str) -> None:
        try:
            node = await session.send(cdp.DOM.describeNode({"objectId": object_id}), timeout=timeout)
        except CDPError as exc:  # left unclassified (None): asked again next time
            logger.debug("describing a shadow host candidate: %s", exc)
            return
        roots = node["node"].get("shadowRoots", [])
        closed[index] = any(root.get("shadowRootType") == "closed" for root in roots)

    async with trio.open_nursery() as nursery:
        for index, object_id in elements.items():
            nursery.start_soon(describe, index, object_id)
    answer = await session.send(
        cdp.Runtime.callFunctionOn(
            {
                "functionDeclaration": CLASSIFY_SHADOW_HOSTS,
                "objectId": array,
                "arguments": [{"value": closed}],
                "returnByValue": True,
            }
        ),
        timeout=timeout,
    )
    return int(answer["result"].get("value") or 0)
