"""Every key the bridge returns is declared by its model: the bridge's methods on every fixture page.

The suite runs with ``VERDEX_BRIDGE_STRICT=1`` (tests/conftest.py): a model meets an undeclared key
with a validation error. This test calls every query method of the bridge on every fixture page (and
the structural methods on every ref the page's snapshot gives out, in its frames too), so a key a
producer in bridge/src adds without declaring it in verdex/bridge/models.py fails here even when no
other test looks at that key. (The TypeScript types and the models are compared in test_contract.py.)
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pydantic import ValidationError

from tests.support import ROOT
from verdex.bridge.models import BridgeModel
from verdex.browser.page import Page
from verdex.browser.snapshot import take_snapshot
from verdex.errors import ActionError, BridgeCallError, RefError, UsageError, VerdexError

URL = Callable[[str], str]
PAGES = ROOT / "fixtures" / "pages"

#: Pages that wait for an interaction, reload or navigate on their own, or open dialogs at load.
_SKIP = {
    "hostile/dialogs.html",
    "hostile/dialog-frame.html",
    "actions/navigate-away.html",
    "hostile/heavy.html",
    "ticker.html",  # replaces its document every 15 ms
    "late.html",  # replaces its document after 100 ms with one whose HTML arrives 1.5 s late
    "hostile/spin.html",  # its script loops forever 300 ms after load: the calls after that time out
}
#: Refs per page whose structure is read (in snapshot order): enough to meet every kind of element.
_REFS_PER_PAGE = 25


def _fixture_pages() -> list[str]:
    pages = sorted(str(path.relative_to(PAGES)) for path in PAGES.rglob("*.html"))
    return [page for page in pages if page not in _SKIP]


async def _strict(call: object) -> BridgeModel | None:
    """Await one typed call; bridge refusals (a ref that is not actionable ...) are fine, undeclared keys are not."""
    try:
        value = await call  # type: ignore[misc]
    except ValidationError:
        raise
    except (BridgeCallError, ActionError, RefError, UsageError):
        return None
    assert isinstance(value, BridgeModel)
    return value


@pytest.mark.parametrize("name", _fixture_pages())
async def test_every_answer_key_is_declared(page: Page, fixture_url: URL, name: str) -> None:
    try:
        await page.navigate(fixture_url(name))
    except VerdexError as exc:  # a page that needs a server route the fixture server lacks
        pytest.skip(f"{name} does not load: {exc}")
    snapshot = await take_snapshot(page, max_chars=1_000_000)
    bridge = page.bridge()
    await _strict(bridge.snapshot(depth=2, max_chars=500))
    await _strict(bridge.aria_facts("*", attributes=["id"], text_transform=False))
    await _strict(bridge.describe("Add to Cart", "click"))
    await _strict(bridge.describe("input", "type"))
    for kind in ("button", "link", "textbox", "heading"):
        step = {"kind": "role", "at": 0, "role": kind}
        await _strict(bridge.query_locator([step], limit=3))
    await _strict(bridge.hit_target_verdict())
    await _strict(bridge.focused_element())
    button = [{"kind": "role", "at": 0, "role": "button"}]
    await _strict(bridge.count_locators([button, [{"kind": "testId", "at": 0, "testId": {"string": "x"}}]]))
    for steps in (button, [{"kind": "role", "at": 0, "role": "button", "name": {"string": "Add to crat"}}]):
        await _strict(bridge.diagnose_locator(steps))
    await _strict(bridge.find(text="e", limit=50))
    await _strict(bridge.find(text="a", role="button", limit=5))
    await _strict(bridge.find(regex=r"\d", flags="i", include_hidden=True, limit=5))
    refs = [line.split("[ref=", 1)[1].split("]", 1)[0] for line in snapshot.text.splitlines() if "[ref=" in line]
    for ref in refs[:_REFS_PER_PAGE]:
        at, number = page.bridge_at(ref)
        await _strict(at.resolve_container(number))
        for level in (1, 2):
            await _strict(at.inspect_pattern(number, level))
            await _strict(at.extract_anchors(number, level))
        await _strict(at.element_state(number, attribute="id"))
        await _strict(at.suggest_facts(number))
        await _strict(at.find(text="a", root=number, limit=3))
        await _strict(at.element_box(number))
    for ref in [ref for ref in refs if ref.startswith("f")][:3]:
        frame, _ = page.locate(ref)
        await page.owners.frame_path(frame)  # frameOwner in every parent
        async with page.owners.owner_handle(frame) as (parent, handle):
            await _strict(page.bridge(parent).frame_point(handle, 1, 1, hit_test=False))
