"""suggest_locator through verdex serve: verified candidates, their facts and flags; code lines in action answers.

Each suggestion the tool returns was verified by verdex on the live page; here the answers are asserted value
by value and every candidate is checked again with verify_locator (real Playwright judges them in
tests/locator/test_suggest_real_pages.py and ``make bench-suggest``).
"""

from __future__ import annotations

from collections.abc import Callable

from tests.e2e.conftest import Serve
from tests.mcp_client import Tools

URL = Callable[[str], str]

CARD = (
    "page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: 'iPhone 15 Pro', exact: true }) })"
    ".getByRole('button', { name: 'Add to Cart' })"
)
CARD_PY = (
    'page.get_by_test_id("product-card").filter(has=page.get_by_role("heading", name="iPhone 15 Pro", exact=True))'
    '.get_by_role("button", name="Add to Cart")'
)


def _ref(snapshot: str, line_start: str, nth: int = 0) -> str:
    """The ref of the ``nth`` snapshot line that starts (after its indent) with ``line_start``."""
    lines = [line for line in snapshot.splitlines() if line.strip().removeprefix("- ").startswith(line_start)]
    return lines[nth].split("[ref=")[1].split("]")[0]


async def _open(tools: Tools, url: str) -> None:
    await tools.ok("browser_navigate", url=url)
    await tools.ok("browser_snapshot")


async def test_a_card_button_is_scoped_by_its_card(tools: Tools, fixture_url: URL) -> None:
    await _open(tools, fixture_url("shop.html"))
    answer = await tools.ok("suggest_locator", ref="e12")
    first = answer.data["candidates"][0]
    assert (first["locator"], first["python"]) == (CARD, CARD_PY)
    assert first["restsOn"] == [
        'test id "product-card" (level 1, 12 alike)',
        'heading "iPhone 15 Pro" (exact)',
        'button "Add to Cart"',
    ]
    assert "flags" not in first
    assert (answer.data["role"], answer.data["name"], answer.data["alike"]) == ("button", "Add to Cart", 12)
    assert answer.text.splitlines()[:4] == [
        'e12 button "Add to Cart", 12 on the page with this role and name. Verified, each matches only e12:',
        f"1. {CARD}",
        f"   py: {CARD_PY}",
        '   rests on: test id "product-card" (level 1, 12 alike); heading "iPhone 15 Pro" (exact); button "Add to Cart"',
    ]
    unique = await tools.ok("suggest_locator", ref="e4")
    assert [c["locator"] for c in unique.data["candidates"]] == ["page.getByRole('link', { name: 'Home' })"]


async def test_every_candidate_is_verified(tools: Tools, fixture_url: URL) -> None:
    """What the tool suggests, verify_locator confirms: one match, the ref's element."""
    await _open(tools, fixture_url("suggest/cards.html"))
    # Links of both menus, the cart button, a card's links and buttons, a deal's button, an article's link, the footer.
    for ref in ("e3", "e7", "e10", "e13", "e16", "e18", "e66", "e69", "e88", "e100"):
        answer = await tools.ok("suggest_locator", ref=ref)
        assert answer.data["candidates"], ref
        for candidate in answer.data["candidates"]:
            checked = await tools.ok("verify_locator", locator=candidate["locator"], ref=ref)
            assert (checked.data["count"], checked.data["matchesTarget"]) == (1, True), candidate["locator"]
            checked = await tools.ok("verify_locator", locator=candidate["python"], ref=ref)
            assert (checked.data["count"], checked.data["matchesTarget"]) == (1, True), candidate["python"]


async def test_lookalike_names_use_the_exact_heading(tools: Tools, fixture_url: URL) -> None:
    """'Walnut Desk Lamp' is inside 'Walnut Desk Lamp Shade': hasText would match both cards."""
    await _open(tools, fixture_url("suggest/cards.html"))
    answer = await tools.ok("suggest_locator", ref="e69")
    assert answer.data["candidates"][0]["locator"] == (
        "page.getByTestId('deal-card').filter({ has: page.getByRole('heading', { name: 'Walnut Desk Lamp', "
        "exact: true }) }).getByRole('button', { name: 'Add to Cart' })"
    )


async def test_frames_shadow_roots_and_positional_steps(tools: Tools, fixture_url: URL) -> None:
    await _open(tools, fixture_url("suggest/frames.html"))
    snapshot = (await tools.ok("browser_snapshot")).text
    checkout = next(line for line in snapshot.splitlines() if 'button "Checkout"' in line)
    ref = checkout.split("[ref=")[1].rstrip("]")
    answer = await tools.ok("suggest_locator", ref=ref)
    assert answer.data["candidates"][0]["locator"] == (
        "page.frameLocator('iframe[title=\"Basket\"]').getByRole('button', { name: 'Checkout' })"
    )
    assert answer.data["candidates"][0]["restsOn"][0] == 'iframe title "Basket"'
    # The third iframe has no title, name or id: only its position tells it apart, and the answer says so.
    untitled = [line for line in snapshot.splitlines() if line.strip().startswith("- iframe")][-1]
    iframe_ref = untitled.split("[ref=")[1].split("]")[0]
    positional = await tools.ok("suggest_locator", ref=iframe_ref)
    first = positional.data["candidates"][0]
    assert first["locator"] == "page.locator('iframe').last()"
    assert "positional" in first["flags"]
    assert positional.data["note"].startswith("3 elements match page.locator('iframe') and nothing around this one")
    await tools.ok("browser_navigate", url=fixture_url("suggest/shadow.html"))
    tiles = (await tools.ok("browser_snapshot")).text
    shadow = await tools.ok("suggest_locator", ref=_ref(tiles, 'button "Add to Cart"'))
    assert shadow.data["candidates"][0]["locator"] == (
        "page.locator('product-tile').filter({ has: page.getByRole('heading', { name: 'iPhone 15 Pro', exact: true }) })"
        ".getByRole('button', { name: 'Add to Cart' })"
    )


async def test_generated_ids_and_hashed_classes_are_avoided(tools: Tools, fixture_url: URL) -> None:
    await _open(tools, fixture_url("suggest/generated.html"))
    answer = await tools.ok("suggest_locator", ref="e5")
    locators = [candidate["locator"] for candidate in answer.data["candidates"]]
    assert locators[0] == (
        "page.locator('div[class*=\"ProductCard_root__\"]').filter({ has: page.getByText('iPhone 15 Pro', { exact: true }) })"
        ".getByRole('button', { name: 'Add to bag' })"
    )
    assert not any(":r" in locator or "product-48" in locator or "__3xYz1" in locator for locator in locators)


async def test_action_answers_end_with_their_playwright_line(tools: Tools, fixture_url: URL) -> None:
    await _open(tools, fixture_url("shop.html"))
    click = await tools.ok("browser_click", ref="e12")
    assert click.text.splitlines()[-1] == f"await {CARD}.click();"
    assert click.data["code"] == f"await {CARD}.click();"
    typed = await tools.ok("browser_type", ref="e7", text="pixel")
    assert typed.data["code"] == "await page.getByRole('searchbox', { name: 'Search' }).fill('pixel');"
    pressed = await tools.ok("browser_press_key", key="Enter")
    assert pressed.data["code"] == "await page.getByRole('searchbox', { name: 'Search' }).press('Enter');"
    await tools.ok("browser_click", ref="e2")  # focus leaves the field
    await _open(tools, fixture_url("shop.html"))
    nothing_focused = await tools.ok("browser_press_key", key="Tab")
    assert nothing_focused.data["code"] == "await page.keyboard.press('Tab');"


async def test_codegen_python_and_none(serve: Serve, fixture_url: URL) -> None:
    async with serve("--codegen", "python") as tools:
        await _open(tools, fixture_url("shop.html"))
        click = await tools.ok("browser_click", ref="e12")
        assert click.data["code"] == f"{CARD_PY}.click()"
        hover = await tools.ok("browser_hover", ref="e4")
        assert hover.data["code"] == 'page.get_by_role("link", name="Home").hover()'
    async with serve("--codegen", "none") as tools:
        await _open(tools, fixture_url("shop.html"))
        click = await tools.ok("browser_click", ref="e12")
        assert "code" not in click.data
        assert click.text == 'Clicked button "Add to Cart" [ref=e12]. Next: browser_snapshot to see the result.'


async def test_unnamed_elements_by_their_last_words_or_their_missing_name(tools: Tools, fixture_url: URL) -> None:
    """A reading-list item has no name and a title of 100 characters that shares its first words with the next
    item's: its last words set it apart. A table's one header cell without a name (over the row actions) is
    named by having none."""
    await _open(tools, fixture_url("suggest/cards.html"))
    answer = await tools.ok("suggest_locator", ref="e87")
    first = answer.data["candidates"][0]
    assert (first["locator"], first["python"], first["restsOn"]) == (
        "page.getByRole('listitem').filter({ hasText: 'sideboard without stripping the original finish' })",
        'page.get_by_role("listitem").filter(has_text="sideboard without stripping the original finish")',
        ['listitem with text "sideboard without stripping the original finish"'],
    )
    assert "positional" not in first.get("flags", [])
    await tools.ok("browser_navigate", url=fixture_url("suggest/table.html"))
    ref = _ref((await tools.ok("browser_snapshot")).text, "columnheader [ref=", -1)
    header = await tools.ok("suggest_locator", ref=ref)
    first = header.data["candidates"][0]
    assert (first["locator"], first["python"], first["restsOn"]) == (
        "page.getByRole('columnheader', { name: '', exact: true })",
        'page.get_by_role("columnheader", name="", exact=True)',
        ["columnheader without an accessible name"],
    )
    for candidate in header.data["candidates"]:
        checked = await tools.ok("verify_locator", locator=candidate["python"], ref=ref)
        assert (checked.data["count"], checked.data["matchesTarget"]) == (1, True), candidate["python"]
