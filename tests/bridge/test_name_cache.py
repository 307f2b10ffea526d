"""The content cache of the name computation (bridge/src/aria/name.ts, ``accumulate``) changes no name.

Inside one walk the bridge keeps the text of content it has read (a row's cells are read for the
row's name, then again for each cell's). The oracle: every element's name computed in one walk
over the whole page (``ariaFacts`` with ``*``: caches shared) equals its name computed in a walk
of its own (one element per call: nothing cached), with the snapshot's rules and with Playwright's
(``textTransform`` false). Pages: every WPT corpus file, the fixtures with the most content, and a
table whose content reaches across cells with aria-labelledby and aria-owns.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bridge.conftest import URL, LoadHtml, run_in_page
from tests.conformance.corpus import corpus_files, find_corpus
from tests.support import bridge_json
from verdex.browser.page import Page

#: Numbers every element, open shadow roots included, in the order ariaFacts lists them.
_TAG = """(() => {
  let n = 0;
  const roots = [document];
  for (let i = 0; i < roots.length; i++) {
    for (const element of roots[i].querySelectorAll('*')) {
      element.setAttribute('data-verdex-i', String(n++));
      if (element.shadowRoot) roots.push(element.shadowRoot);
    }
  }
  return n;
})()"""

TRICKY = """<main>
<table>
  <caption>Orders <span id="cap">(open)</span></caption>
  <tr id="r1"><td id="c1">One <span id="e2" aria-labelledby="lbl">ignored</span></td><td><span id="lbl">Label</span></td></tr>
  <tr id="r2"><td><span aria-labelledby="e2">by e2</span></td><td id="c2">Two <button>Edit <b>row</b></button></td></tr>
  <tr id="r3" aria-owns="moved"><td>Three</td><td><a href="#x">Open <span id="twice">twice</span></a></td></tr>
  <tr><td id="moved">Moved <span aria-labelledby="twice cap">ref</span></td><td style="visibility: hidden">Hidden
    <span style="visibility: visible">shown</span></td></tr>
  <tr><td><button aria-labelledby="c2 c1">Both</button></td><td><label>Qty <input value="3"></label></td></tr>
</table>
<ul><li id="loop" aria-owns="loop2">Loop <span id="loop2" aria-owns="loop">back</span></li></ul>
<button aria-describedby="c1"><span style="text-transform: uppercase">upper</span> case</button>
</main>"""

#: Where a cached content is read again in another state of the traversal. Row then cell: the
#: cell's own name reads the link's cached content, whose "bold" must count as visited again
#: (the span then falls back to its content, "zed"). Heading then button: the button's first child
#: visits e2x through aria-labelledby before the button reaches the heading it owns, so the
#: heading's cached content (which asked about e2x) must not be used.
REREAD = """<main>
<table><tr><td>X: <a href="#y" id="y">Why <b id="yb">bold</b></a> <span aria-labelledby="yb">zed</span></td></tr></table>
<h3 id="w">Owned <span id="e2x" aria-labelledby="lab2">inner</span></h3>
<span id="lab2">L2</span>
<button aria-owns="w"><span aria-labelledby="e2x">pre</span></button>
</main>"""


async def _names_together_and_alone(page: Page, text_transform: bool) -> tuple[list[str], list[str]]:
    count = await run_in_page(page, _TAG)
    together = await bridge_json(
        page.bridge().aria_facts("[data-verdex-i]", attributes=["data-verdex-i"], text_transform=text_transform)
    )
    facts = together["elements"]
    assert [int(f["attributes"]["data-verdex-i"]) for f in facts] == list(range(count))
    alone: list[str] = []
    for i in range(count):
        answer = await bridge_json(page.bridge().aria_facts(f'[data-verdex-i="{i}"]', text_transform=text_transform))
        alone.append(answer["elements"][0]["name"])
    return [f["name"] for f in facts], alone


async def _differences(page: Page) -> list[str]:
    differences: list[str] = []
    for text_transform in (True, False):
        together, alone = await _names_together_and_alone(page, text_transform)
        differences += [
            f"element {i} (textTransform {text_transform}): one walk {a!r}, alone {b!r}"
            for i, (a, b) in enumerate(zip(together, alone, strict=True))
            if a != b
        ]
    return differences


async def test_tricky_table_names_are_the_same_in_one_walk(page: Page, load_html: LoadHtml) -> None:
    await load_html(TRICKY)
    assert await _differences(page) == []
    facts = await bridge_json(page.bridge().aria_facts("tr, td, button, a"))
    # Cells, buttons and the link as Chromium's own tree names them (Accessibility.getFullAXTree).
    # e2's aria-labelledby is not followed inside another aria-labelledby (accname 2B), and the
    # row that owns the moved cell has already visited "twice" when it reaches it.
    assert [(f["role"], f["name"]) for f in facts["elements"]] == [
        ("row", "One Label"),
        ("cell", "One Label"),
        ("cell", "Label"),
        ("row", "ignored Two Edit row"),
        ("cell", "ignored"),
        ("cell", "Two Edit row"),
        ("button", "Edit row"),
        ("row", "Three Open twice Moved (open)"),
        ("cell", "Three"),
        ("cell", "Open twice"),
        ("link", "Open twice"),
        ("row", "shown"),
        ("cell", "Moved twice (open)"),
        ("cell", ""),
        ("row", "Two Edit row One ignored Qty 3"),
        ("cell", "Two Edit row One ignored"),
        ("button", "Two Edit row One ignored"),
        ("cell", "Qty 3"),
        ("button", "UPPER case"),
    ]


async def test_cached_content_read_again_in_another_state(page: Page, load_html: LoadHtml) -> None:
    await load_html(REREAD)
    assert await _differences(page) == []
    facts = await bridge_json(page.bridge().aria_facts("tr, td, a, h3, button"))
    assert [(f["role"], f["name"]) for f in facts["elements"]] == [
        ("row", "X: Why bold zed"),
        ("cell", "X: Why bold zed"),
        ("link", "Why bold"),
        ("heading", "Owned L2"),
        ("button", "inner Owned"),
    ]


@pytest.mark.parametrize("name", ["shop.html", "storefront.html", "aria.html", "components.html", "checkout.html"])
async def test_fixture_names_are_the_same_in_one_walk(page: Page, fixture_url: URL, name: str) -> None:
    await page.navigate(fixture_url(name))
    assert await _differences(page) == []


async def test_corpus_names_are_the_same_in_one_walk(page: Page) -> None:
    corpus = find_corpus()
    differences: list[str] = []
    for path in corpus_files(corpus):
        await page.navigate(Path(path).as_uri())
        differences += [f"{path.relative_to(corpus)}: {d}" for d in await _differences(page)]
    assert differences == []
