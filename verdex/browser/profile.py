"""A persistent profile (``--user-data-dir``): which role keeps it.

Without ``--user-data-dir`` every role is an incognito browser context
(``Target.createBrowserContext``) in a fresh temporary profile, and nothing outlives the server.

With it, the rule is: the role ``default`` (the one a server has when no ``--role`` is given) is
the profile's own browser context, Chromium's default context, whose cookies, localStorage,
IndexedDB and cache are saved in the folder and found again by the next ``verdex serve`` on it, as
in Playwright MCP's persistent mode (``launchPersistentContext``). Roles named with ``--role``
stay incognito contexts inside that browser: a role is a login of its own, started from its auth
file, and two roles sharing the profile's cookies would be one user. To keep a named role's
login between runs, save it with ``save_role_state`` and pass the file as its AUTH_FILE.

The profile's context cannot be disposed (Chromium owns it), so closing it
(:class:`ProfileContext`) closes its pages instead. ``--user-data-dir`` applies to a browser
verdex launches; a browser attached with ``--cdp-endpoint`` has its own profile.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from verdex.browser.context import BrowserContext
from verdex.browser.page import PageSettings
from verdex.cdp import protocol as cdp

if TYPE_CHECKING:
    from verdex.browser.browser import Browser

__all__ = ["PROFILE_ROLE", "ProfileContext", "profile_context"]

logger = logging.getLogger(__name__)

#: The role that gets the profile's own browser context (the role of a server without ``--role``).
PROFILE_ROLE = "default"


class ProfileContext(BrowserContext):
    """Chromium's default browser context of a persistent profile, as one role's context."""

    async def close(self) -> None:
        """Close the context's pages (``Target.closeTarget``); the context and its storage stay. Idempotent."""
        if self.closed:
            return
        self.closed = True
        pages = self.pages
        self.browser.forget(self)
        for page in pages:
            await page.close()  # marks it closed; the target is closed while the browser is connected


async def profile_context(browser: Browser, settings: PageSettings) -> BrowserContext | None:
    """The profile's own context for the role of ``settings``, or None when that role gets an incognito one.

    It is the profile's context when the browser was launched on a ``--user-data-dir``, the role is
    :data:`PROFILE_ROLE`, and no open context of this browser is the profile's already.

    Raises:
        CDPError: ``Target.getBrowserContexts`` failed.
    """
    launched = browser.launched
    if launched is None or not launched.persistent or settings.role != PROFILE_ROLE:
        return None
    if any(isinstance(context, ProfileContext) and not context.closed for context in browser.contexts):
        return None
    answer = await browser.session.send(cdp.Target.getBrowserContexts(), timeout=settings.call_timeout)
    default_id = answer.get("defaultBrowserContextId")
    if not default_id:
        logger.warning("this browser does not name its default context; role %r gets an incognito one", settings.role)
        return None
    context = ProfileContext(browser, str(default_id), settings)
    browser.contexts.append(context)
    if browser.downloads is not None:
        await browser.downloads.enable(context)
    return context
