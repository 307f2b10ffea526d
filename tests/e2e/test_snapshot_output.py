"""browser_snapshot on big pages, modal dialogs and hidden pages, and browser_find's answer text, over MCP.

- A cut snapshot says where it was cut (the lines above the first line left out, with their refs)
  and how to go on: browser_find, a narrower snapshot, a file.
- ``filename`` writes the whole snapshot to a file in ``--output-dir``; a name leading outside it is
  refused.
- ``behindModal`` shows the page behind a real modal dialog.
- browser_find's text: one line a match, grouped under named landmarks; with a role that names
  nothing, what the text names without it.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path

from tests.e2e.conftest import Tools

URL = Callable[[str], str]
Serve = Callable[..., AbstractAsyncContextManager[Tools]]


async def test_a_cut_snapshot_says_where_and_how_to_go_on(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("shop.html"))
    whole = await tools.ok("browser_snapshot")
    cut = await tools.ok("browser_snapshot", maxChars=800)
    lines = whole.data["snapshot"].splitlines()
    shown = cut.data["snapshot"].splitlines()
    assert shown == lines[: len(shown)]
    total = len(whole.data["snapshot"])
    assert cut.data["truncated"] == {"totalChars": total, "totalLines": len(lines), "shownLines": len(shown)}
    assert cut.data["cutInside"] == ["main [ref=e9]", "generic", "generic"]
    assert cut.text.splitlines()[-1] == (
        f"[snapshot cut after line {len(shown)} of {len(lines)} ({total} characters in all), inside main [ref=e9] > "
        "generic > generic. To go on: browser_find(text=...) finds an element and its ref without the whole page; "
        "browser_snapshot(ref=<a container's ref>, depth=N) shows one part; filename=... writes the whole snapshot "
        f"to a file; maxChars={total + 100} shows it all here]"
    )


async def test_filename_writes_the_whole_snapshot_in_the_output_dir(
    serve: Serve, fixture_url: URL, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    async with serve("--output-dir", out) as tools:
        await tools.ok("browser_navigate", url=fixture_url("shop.html"))
        whole = await tools.ok("browser_snapshot")
        written = await tools.ok("browser_snapshot", filename="pages/shop.md", maxChars=300)
        path = out / "pages" / "shop.md"
        text = path.read_text(encoding="utf-8")
        assert text == f'Page: "TechShop: featured products" ({fixture_url("shop.html")})\n{whole.data["snapshot"]}\n'
        lines = whole.data["snapshot"].count("\n") + 1
        assert written.text == (
            f"Wrote the snapshot of {fixture_url('shop.html')} to {path}: {lines} lines, {len(text)} characters, "
            f"{whole.data['refCount']} refs. Read the parts you need from it (search it for a name); its refs work "
            "with every tool."
        )
        assert (written.data["file"], written.data["chars"], written.data["snapshot"]) == (str(path), len(text), "")
        for name in ("../escape.md", str(tmp_path / "elsewhere.md"), "pages/../../escape.md"):
            refused = await tools.call("browser_snapshot", filename=name)
            assert refused.is_error
            assert f"filename {name!r} is outside the output folder {out.resolve()} (--output-dir)" in refused.text
        assert _markdown_files(tmp_path) == ["shop.md"]


def _markdown_files(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.rglob("*.md"))


async def test_behind_modal_shows_the_page_behind_a_real_modal(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("find.html"))
    await tools.ok("browser_snapshot")
    # A cookie dialog as real pages have it: aria-modal, with a box and buttons.
    await tools.ok("browser_click", element="Cookie settings")
    limited = await tools.ok("browser_snapshot")
    assert limited.data["snapshot"].splitlines() == [
        '- … modal dialog "Cookies" [ref=e68] hides 88 elements of the page (22 interactive); behindModal: true shows '
        "them",
        '- dialog "Cookies" [ref=e68]:',
        "  - paragraph: We use cookies to remember your cart.",
        '  - button "Accept all" [active] [ref=e69]',
        '  - button "Reject all" [ref=e70]',
    ]
    behind = await tools.ok("browser_snapshot", behindModal=True)
    assert behind.data["snapshot"].startswith("- banner [ref=e1]:")
    assert '- dialog "Cookies" [ref=e68]:' in behind.data["snapshot"]
    assert behind.data["snapshot"].count("\n") > 60


async def test_find_answers_one_line_a_match(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("find.html"))
    found = await tools.ok("browser_find", text="add to cart", limit=4)
    assert found.text.splitlines() == [
        'Found 6 matches for "add to cart"; 4 listed, 2 more: raise limit, or narrow with role or ref. 1 hidden '
        "element(s) match too (includeHidden=true lists them).",
        '- region "Desk & Floor Lamps" [ref=e3]:',
        '  - button "Add to cart" [ref=e1] in li.card.product[data-testid="product-card"] [ref=e2] (1 of 4) '
        '"Walnut Desk Lamp"',
        '  - button "Add to cart" [ref=e4] in li.card.product[data-testid="product-card"] [ref=e5] (2 of 4) "$129"',
        '  - button "Add to cart" [ref=e6] in li.card.product[data-testid="product-card"] [ref=e7] (3 of 4) '
        '"Arc Floor Lamp XL"',
        '  - button "Add to cart" [ref=e8] in li.card.product[data-testid="product-card"] [ref=e9] (4 of 4) '
        '"Globe Pendant"',
    ]
    assert (found.data["total"], found.data["omitted"], found.data["hidden"]) == (6, 2, 1)
    rows = await tools.ok("browser_find", text="Jonas")
    assert rows.text.splitlines()[1:3] == [
        '- row "#1001 Jonas Becker $49 Edit" [ref=e10] is tr (1 of 3) "#1001"',
        '- cell "Jonas Becker" [ref=e11] in [ref=e10]',
    ]
    # A later snapshot shows the refs find gave out: the card, the row.
    snapshot = (await tools.ok("browser_snapshot")).data["snapshot"]
    assert "- listitem [ref=e2]:" in snapshot
    assert "- row [ref=e10]:" in snapshot
    none = await tools.ok("browser_find", text="Walnut Desk Lamp", role="button")
    assert none.text.splitlines()[0] == (
        'No element matches "Walnut Desk Lamp" (role button). Without the role, 5 element(s) match:'
    )
    empty = await tools.ok("browser_find", text="no such text anywhere")
    assert empty.text == 'No element matches "no such text anywhere".'
    for arguments, message in [
        ({}, "give text (a case-insensitive substring) or regex (/pattern/flags), one of them"),
        ({"text": "a", "regex": "b"}, "give text (a case-insensitive substring) or regex"),
        ({"regex": "/(/"}, "invalid regular expression"),
        ({"text": "a", "role": "buton"}, "role 'buton' is not an ARIA role getByRole takes"),
    ]:
        failed = await tools.call("browser_find", **arguments)
        assert failed.is_error
        assert message in failed.text, failed.text
