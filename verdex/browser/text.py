"""The rendered text of a page: what ``wait_for_browser(text=...)`` and a plan's text conditions read.

One ``innerText`` of ``<body>`` per document, read in verdex's isolated world of the main frame and of
every live frame, joined by newlines.
"""

from __future__ import annotations

from verdex.bridge.api import PAGE_TEXT
from verdex.bridge.client import ContextLostError
from verdex.browser.page import Page
from verdex.cdp import protocol as cdp
from verdex.errors import NavigationError, ProtocolError, StaleRefError

__all__ = ["page_text"]


async def page_text(page: Page) -> str:
    """The rendered text of the page and of every frame in it (one ``innerText`` per document).

    Frames that are loading or moving between processes are left out (a poll reads them next time);
    a frame that is not live never holds up the others. Empty for a crashed page (the caller sees
    ``page.crashed``).
    """
    texts: list[str] = []
    if page.crashed:
        return ""
    for frame in list(page.frames.values()):
        live = frame.world is not None and frame.target is not None and frame.target.ready
        if frame is not page.main_frame and not live:
            continue
        try:
            # A document that goes away (it navigates, its process crashes) cancels the read.
            async with page.worlds.in_world(frame) as world:
                answer = await world.session.send(
                    cdp.Runtime.evaluate(
                        {"expression": PAGE_TEXT, "contextId": world.context_id, "returnByValue": True}
                    ),
                    timeout=page.settings.call_timeout,
                )
        except (ContextLostError, StaleRefError, NavigationError, ProtocolError):
            continue  # the frame is navigating or gone: the next poll reads its new document
        value = answer["result"].get("value")
        if isinstance(value, str):
            texts.append(value)
    return "\n".join(texts)
