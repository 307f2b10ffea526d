"""suggest_locator for elements only their own attribute sets apart (fixtures/pages/suggest/links.html).

Identical links ("link" x3) and images ("An image" x3) on a page with nothing around them but their
``href`` and ``src``: the top suggestion names them by that attribute as authored (``a[href="/x"]``), not by
a position, and real Playwright (``benchmarks/suggest``'s judge) finds exactly the intended element with it,
as loaded and after the change-survival benchmark's changes. A URL that changes with a session, a deploy
or the data is flagged; its stable path is preferred when it is unique.
"""

from __future__ import annotations

from collections.abc import Callable

import trio

from benchmarks.suggest.collect import Line, Target, collect, every_ref
from benchmarks.suggest.judge import Group, judge
from verdex.browser.browser import Browser
from verdex.browser.page import Page
from verdex.browser.snapshot import take_snapshot
from verdex.locator.candidates import attribute_candidates
from verdex.locator.stability import volatile_url
from verdex.locator.suggest import suggest_locators

URL = Callable[[str], str]
PAGE = "suggest/links.html"
#: The survival benchmark's changes that keep each element's attributes. Its ``insert`` copies the first
#: member of a set with new texts but the same href and src, so a copied tile's href is no longer unique
#: there (a real new item links to its own page).
CHANGES = (None, "reorder", "wrap", "rehash", "renew")

#: The top suggestion of every ref of the page, in snapshot order.
TOP = {
    "link 'link' 1": "page.locator('a[href=\"/guides/getting-started\"]')",
    "img 'An image' 1": "page.locator('img[src=\"/img/tiles/start.png\"]')",
    "link 'link' 2": "page.locator('a[href=\"/guides/writing-locators\"]')",
    "img 'An image' 2": "page.locator('img[src=\"/img/tiles/locators.png\"]')",
    "link 'link' 3": "page.locator('a[href=\"/guides/debugging\"]')",
    "img 'An image' 3": "page.locator('img[src=\"/img/tiles/debug.png\"]')",
    "link 'Download' 1": "page.locator('a[href^=\"/files/report.pdf?\"]')",
    "link 'Download' 2": "page.locator('a[href^=\"/files/summary.pdf?\"]')",
    "link 'View' 1": "page.locator('a[href=\"/orders/4481927\"]')",
    "link 'View' 2": "page.locator('a[href=\"/orders/4481928\"]')",
    "img 'Avatar' 1": "page.locator('img[src=\"/static/avatar.3f2a9c1b.png\"]')",
    "img 'Avatar' 2": "page.locator('img[src=\"/static/avatar.9d0e7b42.png\"]')",
    "link 'Docs' 1": "page.locator('a[href*=\"/get-by-role-options\"]')",
    "link 'Docs' 2": "page.locator('a[href*=\"/get-by-text-options\"]')",
    "textbox 'Search' 1": "page.locator('input[name=\"q\"]')",
    "textbox 'Search' 2": "page.locator('input[name=\"site_q\"]')",
    "link 'Same' 1": "page.getByRole('link', { name: 'Same' }).first()",
    "link 'Same' 2": "page.getByRole('link', { name: 'Same' }).last()",
}


def _keys(targets: list[Target]) -> list[str]:
    seen: dict[tuple[str, str | None], int] = {}
    keys = []
    for target in targets:
        seen[(target.role, target.name)] = seen.get((target.role, target.name), 0) + 1
        keys.append(f"{target.role} {target.name!r} {seen[(target.role, target.name)]}")
    return keys


async def test_identical_links_and_images_are_named_by_href_and_src(browser: Browser, fixture_url: URL) -> None:
    """Every target's top suggestion, exactly; Playwright finds the intended element with each, and with
    each non-positional one after the survival benchmark's changes that keep attributes (``CHANGES``)."""
    url = fixture_url(PAGE)
    targets = await collect(browser, [(PAGE, url)], every_ref)
    assert dict(zip(_keys(targets), (t.locators[0] for t in targets), strict=True)) == TOP
    assert [t.positional for t in targets].count(True) == 2
    groups = [Group(url, tuple(t.locators[0] for t in targets), change) for change in CHANGES]
    verdicts = await trio.to_thread.run_sync(judge, groups)
    for change, answers in zip(CHANGES, verdicts, strict=True):
        missed = [
            f"{t.ref} {t.locators[0]} -> {v}"
            for t, v in zip(targets, answers, strict=True)
            if not v.finds(t.stamp) and not t.positional
        ]
        assert missed == [], change


async def _suggest(page: Page, fixture_url: URL, role: str, name: str, index: int) -> list[tuple[str, tuple[str, ...]]]:
    await page.navigate(fixture_url(PAGE))
    snapshot = await take_snapshot(page, max_chars=100_000)
    lines = [line for line in every_ref_lines(snapshot.text) if (line.role, line.name) == (role, name)]
    found = await suggest_locators(page, lines[index].ref)
    return [(suggestion.locator, suggestion.flags) for suggestion in found.suggestions]


def every_ref_lines(text: str) -> list[Line]:
    from benchmarks.suggest.collect import lines_of

    return every_ref(lines_of(text))


async def test_a_record_id_href_is_flagged(page: Page, fixture_url: URL) -> None:
    """Two "View" links that only their record ids set apart: the href, flagged, rather than a position."""
    assert await _suggest(page, fixture_url, "link", "View", 1) == [
        ("page.locator('a[href=\"/orders/4481928\"]')", ("volatile: url id",)),
    ]


async def test_a_session_token_is_left_out_when_the_path_is_unique(page: Page, fixture_url: URL) -> None:
    """The download link's path sets it apart; its whole href (a session id in the query) is flagged and so
    left out beside the unflagged path."""
    assert await _suggest(page, fixture_url, "link", "Download", 0) == [
        ("page.locator('a[href^=\"/files/report.pdf?\"]')", ()),
    ]


async def test_a_hashed_image_name_is_flagged(page: Page, fixture_url: URL) -> None:
    assert await _suggest(page, fixture_url, "img", "Avatar", 0) == [
        ("page.locator('img[src=\"/static/avatar.3f2a9c1b.png\"]')", ("volatile: url hash",)),
    ]


def test_volatile_urls() -> None:
    """The kinds of URL that change, and the ones that do not (years, sizes, plain slugs and queries)."""
    assert {
        url: volatile_url(url)
        for url in (
            "/guides/getting-started",
            "/2024/05/spring-sale",
            "/search?q=shoes&page=2",
            "/cart?sid=8f3a9c2e71b4d5e6",
            "/shop?utm_source=newsletter",
            "/account;jsessionid=A1B2C3",
            "/static/app.3f2a9c1b.png",
            "https://cdn.example.com/i/9d0e7b42aa/photo.jpg",
            "/orders/4481927",
            "/img/logo@2x.png",
        )
    } == {
        "/guides/getting-started": None,
        "/2024/05/spring-sale": None,
        "/search?q=shoes&page=2": None,
        "/cart?sid=8f3a9c2e71b4d5e6": "url token",
        "/shop?utm_source=newsletter": "url token",
        "/account;jsessionid=A1B2C3": "url token",
        "/static/app.3f2a9c1b.png": "url hash",
        "https://cdn.example.com/i/9d0e7b42aa/photo.jpg": "url hash",
        "/orders/4481927": "url id",
        "/img/logo@2x.png": None,
    }


def test_no_attribute_candidate_for_an_element_whose_role_and_name_are_unique() -> None:
    from verdex.bridge.models import SuggestTarget

    unique = SuggestTarget(ref="e1", tagName="a", role="link", name="Home", href="/", lookalikes=1)
    repeated = unique.model_copy(update={"lookalikes": 2})
    assert attribute_candidates(unique) == []
    assert [c.locator for c in attribute_candidates(repeated)] == ["page.locator('a[href=\"/\"]')"]
