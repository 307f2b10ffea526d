"""The rendered text of a page: what ``wait_for_browser(text=...)`` and a plan's text conditions read.

One ``innerText`` of ``<body>`` per document, read in verdex's isolated world of the main frame and of
every live frame, joined by newlines.
"""

from __future__ import annotations

from verdex.bridge.client import ContextLostError
from verdex.browser.page import Page
from verdex.cdp import protocol as cdp
from verdex.errors import NavigationError, ProtocolError, StaleRefError

__all__ = ["page_text"]

_BODY_TEXT = "document.body ? document.body.innerText : ''"


async def page_text(page: Page) -> str:
    """The rendered text of the page and of every frame in it (one ``innerText`` per document)."""
    texts: list[str] = []
    if page.crashed:
        return ""  # the caller sees page.crashed
    for frame in list(page.frames.values()):
        # Frames that are loading or moving between processes are read at the next poll; a
        # frame that is not live never holds up the others.
        session, context = frame.session, frame.world
        live = session is not None and context is not None and frame.target is not None and frame.target.ready
        if frame is not page.main_frame and not live:
            continue
        try:
            if frame is page.main_frame:
                context = await page.world_of(frame)
                session = frame.session
            if session is None or context is None:
                continue
            answer = None
            # A document that goes away (it navigates, its process crashes) cancels the read.
            with frame.guard():
                answer = await session.send(
                    cdp.Runtime.evaluate({"expression": _BODY_TEXT, "contextId": context, "returnByValue": True}),
                    timeout=page.settings.call_timeout,
                )
        except (ContextLostError, StaleRefError, NavigationError, ProtocolError):
            continue  # the frame is navigating or gone: the next poll reads its new document
        value = answer["result"].get("value") if answer is not None else None
        if isinstance(value, str):
            texts.append(value)
    return "\n".join(texts)
