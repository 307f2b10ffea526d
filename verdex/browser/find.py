"""Find elements by text across the page's frames: what ``browser_find`` answers.

Each frame's bridge runs ``find`` on its document (bridge/src/find: the matching rules, the
container context, and why); this module asks the frames in order and joins their answers:

- **Frames.** The main frame first, then the others by ordinal (the K of ``f<K>_eN``, as
  :mod:`verdex.browser.describe` walks them). A frame that is not live at that moment (moving
  between processes, navigating) is skipped; the main frame never is. With ``ref``, only the
  document of that element, inside it.
- **Limit.** Matches are listed in that order until ``limit``; every frame still counts its
  matches, so ``total`` is the page's.
- **A role that names nothing.** When ``role`` finds no match, the same query without the role is
  run too and its first matches are reported (``withoutRole``): the text is on the page, on
  elements of other roles.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from verdex.bridge.api import Bridge
from verdex.bridge.client import ContextLostError
from verdex.bridge.models import FindMatch, FindResult
from verdex.browser.page import Frame, Page
from verdex.errors import BridgeCallError, NavigationError, StaleRefError, UsageError

__all__ = ["MAX_LIMIT", "FindAnswer", "WithoutRole", "find_elements", "parse_regex"]

#: Most matches one answer lists.
MAX_LIMIT = 200
#: Matches listed from the query without its role, when the role names nothing.
_WITHOUT_ROLE = 5


class WithoutRole(BaseModel):
    """The same query without ``role``, when the role names nothing."""

    total: int = Field(description="Matches of any role.")
    matches: list[FindMatch] = Field(description="The first 5 of them.")


class FindAnswer(BaseModel):
    """``browser_find``: the elements a text or regular expression names, in page order, with their context."""

    query: str = Field(description='The query as searched: "text" (case-insensitive) or /regex/flags.')
    role: str | None = Field(default=None, description="Only elements with this role.")
    scope: str | None = Field(default=None, description="Only inside the element of this ref.")
    total: int = Field(description="Matches on the page (visible ones unless includeHidden).")
    matches: list[FindMatch] = Field(description="The first limit matches, page order (frames after the page).")
    omitted: int = Field(description="Matches not listed (past limit).")
    hidden: int = Field(default=0, description="Matches left out because they are not visible.")
    withoutRole: WithoutRole | None = Field(
        default=None, description="When role names nothing: the same query without it."
    )


def parse_regex(regex: str) -> tuple[str, str]:
    """``/source/flags`` or a bare ``source`` (case-sensitive) as (source, flags), JavaScript syntax.

    Raises:
        UsageError: the flags are not JavaScript regular expression flags.
    """
    if len(regex) > 1 and regex.startswith("/") and regex.rfind("/") > 0:
        end = regex.rfind("/")
        source, flags = regex[1:end], regex[end + 1 :]
        if not set(flags) <= set("dgimsuvy") or len(set(flags)) != len(flags):
            raise UsageError(f"regex {regex!r}: {flags!r} are not JavaScript flags (use i, s, m, u)")
        return source, flags.replace("g", "").replace("y", "")
    return regex, ""


async def find_elements(
    page: Page,
    *,
    text: str | None,
    regex: str | None,
    role: str | None = None,
    ref: str | None = None,
    limit: int = 10,
    include_hidden: bool = False,
) -> FindAnswer:
    """The elements of ``page`` that ``text`` (or ``regex``) names (module docstring).

    Args:
        text: a case-insensitive substring, whitespace normalized.
        regex: a JavaScript regular expression, ``/source/flags`` or bare (case-sensitive).
        role: only elements with this role (Playwright's roles).
        ref: only inside this element.
        limit: matches listed, at most :data:`MAX_LIMIT`.
        include_hidden: hidden elements match too.

    Raises:
        UsageError: neither or both of text and regex; an invalid regular expression.
        RefError: ``ref`` is malformed, unknown, stale or another role's.
    """
    if (text is None or not text.strip()) == (regex is None or not regex):
        raise UsageError("give text (a case-insensitive substring) or regex (/pattern/flags), one of them")
    source, flags = parse_regex(regex) if regex else (None, "")
    query = f"/{source}/{flags}" if source is not None else _quote(" ".join((text or "").split()))
    limit = max(0, min(limit, MAX_LIMIT))
    result = await _find(page, text, source, flags, role, ref, limit, include_hidden)
    answer = FindAnswer(
        query=query,
        role=role,
        scope=ref,
        total=result.total,
        matches=result.matches,
        omitted=result.total - len(result.matches),
        hidden=result.hidden or 0,
    )
    if role is not None and result.total == 0:
        others = await _find(page, text, source, flags, None, ref, _WITHOUT_ROLE, include_hidden)
        if others.total:
            answer.withoutRole = WithoutRole(total=others.total, matches=others.matches)
    return answer


async def _find(
    page: Page,
    text: str | None,
    source: str | None,
    flags: str,
    role: str | None,
    ref: str | None,
    limit: int,
    include_hidden: bool,
) -> FindResult:
    if ref is not None:
        bridge, number = page.bridge_at(ref)
        return await _call(bridge, text, source, flags, role, number, limit, include_hidden)
    total = hidden = 0
    matches: list[FindMatch] = []
    for frame in _frames(page):
        bridge = page.bridge(frame)
        try:
            found = await _call(bridge, text, source, flags, role, None, limit - len(matches), include_hidden)
        except (ContextLostError, StaleRefError, NavigationError):
            if frame is page.main_frame:
                raise
            continue  # the frame is navigating or gone: not part of the page at this moment
        total += found.total
        hidden += found.hidden or 0
        matches += found.matches
    return FindResult(total=total, matches=matches, hidden=hidden or None)


async def _call(
    bridge: Bridge,
    text: str | None,
    source: str | None,
    flags: str,
    role: str | None,
    root: int | None,
    limit: int,
    include_hidden: bool,
) -> FindResult:
    try:
        return await bridge.find(
            text=text if source is None else None,
            regex=source,
            flags=flags,
            role=role,
            root=root,
            limit=limit,
            include_hidden=include_hidden,
        )
    except BridgeCallError as exc:
        if exc.code in ("bad-locator", "bad-args"):
            raise UsageError(f"browser_find: {exc}") from exc
        raise


def _frames(page: Page) -> list[Frame]:
    """The main frame, then the live others by ordinal."""
    main = page.main_frame
    others = sorted((f for f in page.frames.values() if f is not main), key=lambda f: f.ordinal)
    live = [f for f in others if f.session is not None and f.world is not None and f.target is not None]
    return [main, *(f for f in live if f.target is not None and f.target.ready)]


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'
