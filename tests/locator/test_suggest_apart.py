"""suggest_locator for elements whose role, name and containers all repeat (fixtures/pages/suggest/apart.html).

What sets each apart is beside it, not around it: a share button's ``data-action`` or class in a bar that
holds its twin (top and bottom bars alike), a lazy image's ``data-src`` (its ``src`` a ``data:``
placeholder), a figure's ``data-id`` when figures are alike but for it, a year's "►" toggle that is its list item's own child while its months' toggles are further
down, a month's toggle inside its year when every year has that month, a plan card of utility classes
reached by child steps from its section and filtered by its heading, a twin menu told apart by its BEM
class (``account-nav__signed-in``: a BEM element, not a CSS-module hash), cells of nested tables, a carousel's
slide beside its clone (``li.slide:not(.slide-clone)``), a desktop link by its own class and its plain twin by
the class it lacks (``.and(page.locator('a:not(.promo__link--desktop)'))``), a photo without the ``data-zoom``
its twin has, a side rail's link beside its twin in the rail's bottom ad
(``div.rail-ad:not(.rail-ad--bottom)``), a widget's mobile disclosure link beside its desktop twin and the other
widget's pair (``locator('#picks-below').getByRole(...).and(page.locator('.disclosure-mobile'))``), a photo outside
the zoom wrapper its twin is in (``.and(page.locator('img:not([role="button"] img)'))``), a card of atomic
classes by its title (``locator('div.rw > div').filter({ has: getByRole('heading', { name: 'Compost in winter',
exact: true }) })``, flagged), an ad box by the id of the empty slot inside (``filter({ has:
page.locator('#slot-top') })``), a list item's own headline beside its twin in the item's story info
(``.and(page.locator('li.post > a'))``). The
engine reaches most of these only when nothing else is unique, before a position
(:func:`verdex.locator.suggest._before_position`); every answer here is non-positional, and real Playwright
(``benchmarks/suggest``'s judge) finds exactly the intended element with each.
"""

from __future__ import annotations

from collections.abc import Callable

import trio

from benchmarks.suggest.collect import Target, collect, every_ref
from benchmarks.suggest.judge import Group, judge
from verdex.browser.browser import Browser
from verdex.locator.stability import hashed_class, volatile_text

URL = Callable[[str], str]
PAGE = "suggest/apart.html"

#: Two images' alt as the snapshot quotes it (cut): the same first words, unique whole.
_LONG_ALT = (
    "Seedlings of the heritage tomato varieties we sowed this spring under the greenhouse lights, photographed on "
    "the third morning after the first true l…"
)

#: The top suggestion of every target whose role and name repeat on the page, in snapshot order.
TOP = {
    "button '⤴' 1": "page.getByRole('banner').locator('button[data-action=\"toggle-share-drawer\"]')",
    "button '⤴' 2": "page.getByRole('banner').locator('button[data-action=\"show-share-popover\"]')",
    "img 'Seed tray' 1": "page.locator('img[data-src=\"/img/trays/early-spring.jpg\"]')",
    "img 'Seed tray' 2": "page.locator('img[data-src=\"/img/trays/late-summer.jpg\"]')",
    # Alts of 232 characters: longer than the facts keep a name whole, so only the src names each.
    f"img {_LONG_ALT!r} 1": "page.locator('img[src=\"/img/greenhouse/tray-1.jpg\"]')",
    f"img {_LONG_ALT!r} 2": "page.locator('img[src=\"/img/greenhouse/tray-2.jpg\"]')",
    "img 'ZoomIn icon' 1": "page.locator('figure[data-id=\"tray-4471\"]').getByRole('img', { name: 'ZoomIn icon' })",
    "img 'ZoomIn icon' 2": "page.locator('figure[data-id=\"tray-4472\"]').getByRole('img', { name: 'ZoomIn icon' })",
    "cell 'Ana Ruiz' 1": "page.getByRole('cell').getByRole('rowgroup').filter({ has: page.getByText('By trays sown', { exact: true }) }).getByRole('cell', { name: 'Ana Ruiz' })",
    "cell '56' 1": "page.getByRole('cell').getByRole('row').filter({ has: page.getByText('Ana Ruiz', { exact: true }) }).locator('td').filter({ hasText: '56' })",
    "cell '14.7%' 1": "page.locator('td > table').filter({ has: page.getByText('By trays sown', { exact: true }) }).getByRole('row').filter({ has: page.getByText('Ana Ruiz', { exact: true }) }).locator('td').filter({ hasText: '14.7%' })",
    "cell '56' 2": "page.getByRole('cell').getByRole('row').filter({ has: page.getByText('Ben Okafor', { exact: true }) }).locator('td').filter({ hasText: '56' })",
    "cell '14.7%' 2": "page.getByRole('cell').getByRole('row').filter({ has: page.getByText('Ben Okafor', { exact: true }) }).locator('td').filter({ hasText: '14.7%' })",
    "cell 'Ana Ruiz' 2": "page.getByRole('cell').getByRole('rowgroup').filter({ has: page.getByText('By seedlings raised', { exact: true }) }).getByRole('cell', { name: 'Ana Ruiz' })",
    "cell '14.7%' 3": "page.locator('td > table').filter({ has: page.getByText('By seedlings raised', { exact: true }) }).locator('td').filter({ hasText: '14.7%' })",
    "button 'SUBSCRIBE' 1": "page.locator('section.newsletter').locator(':scope > div > div').filter({ has: page.getByRole('heading', { name: 'Monthly', exact: true }) }).getByRole('button', { name: 'SUBSCRIBE' })",
    "button 'SUBSCRIBE' 2": "page.locator('section.newsletter').locator(':scope > div > div').filter({ has: page.getByRole('heading', { name: 'Annual', exact: true }) }).getByRole('button', { name: 'SUBSCRIBE' })",
    "link 'Planting garlic in autumn' 1": "page.getByRole('list').filter({ has: page.getByText('Pruning tomatoes', { exact: true }) }).locator('li.slide-clone').getByRole('link', { name: 'Planting garlic in autumn' })",
    "link 'Pruning tomatoes' 1": "page.locator('li.slide:not(.slide-clone)').getByRole('link', { name: 'Pruning tomatoes', exact: true })",
    "link 'Planting garlic in autumn' 2": "page.locator('li.slide:not(.slide-clone)').getByRole('link', { name: 'Planting garlic in autumn', exact: true })",
    "link 'Pruning tomatoes' 2": "page.getByRole('list').filter({ has: page.getByText('Planting garlic in autumn', { exact: true }) }).locator('li.slide-clone').getByRole('link', { name: 'Pruning tomatoes' })",
    "link 'Spring sale' 1": "page.locator('a.promo__link--desktop')",
    "link 'Spring sale' 2": "page.getByRole('link', { name: 'Spring sale', exact: true }).and(page.locator('a:not(.promo__link--desktop)'))",
    "img 'Compost bin' 1": "page.locator('img[data-zoom=\"/img/bin-large.jpg\"]')",
    "img 'Compost bin' 2": "page.getByRole('img', { name: 'Compost bin', exact: true }).and(page.locator('img:not([data-zoom])'))",
    "link 'My details' 1": "page.locator('div.account-nav__signed-in').filter({ has: page.getByText('Log out', { exact: true }) }).getByRole('link', { name: 'My details' })",
    "link 'Log out' 1": "page.locator('div.account-nav__signed-in').filter({ has: page.getByText('My details', { exact: true }) }).getByRole('link', { name: 'Log out' })",
    "link 'My details' 2": "page.locator('div.account-nav__signed-in-subscriber').filter({ has: page.getByText('Log out', { exact: true }) }).getByRole('link', { name: 'My details' })",
    "link 'Log out' 2": "page.locator('div.account-nav__signed-in-subscriber').filter({ has: page.getByText('My details', { exact: true }) }).getByRole('link', { name: 'Log out' })",
    "link '►' 1": "page.getByRole('listitem').filter({ has: page.getByText('2025', { exact: true }) }).locator(':scope > a.toggle')",
    "link '►' 2": "page.getByRole('listitem').filter({ has: page.getByText('2025', { exact: true }) }).getByRole('listitem').filter({ has: page.getByText('May', { exact: true }) }).getByRole('link', { name: '►' })",
    "link 'May' 1": "page.getByRole('listitem').filter({ has: page.getByText('2025', { exact: true }) }).getByRole('link', { name: 'May' })",
    "link '►' 3": "page.getByRole('listitem').filter({ has: page.getByText('2025', { exact: true }) }).getByRole('listitem').filter({ has: page.getByText('March', { exact: true }) }).getByRole('link', { name: '►' })",
    "link 'March' 1": "page.getByRole('listitem').filter({ has: page.getByText('2025', { exact: true }) }).getByRole('link', { name: 'March' })",
    "link '►' 4": "page.getByRole('listitem').filter({ has: page.getByText('2024', { exact: true }) }).locator(':scope > a.toggle')",
    "link '►' 5": "page.getByRole('listitem').filter({ has: page.getByText('2024', { exact: true }) }).getByRole('listitem').filter({ has: page.getByText('May', { exact: true }) }).getByRole('link', { name: '►' })",
    "link 'May' 2": "page.getByRole('listitem').filter({ has: page.getByText('2024', { exact: true }) }).getByRole('link', { name: 'May' })",
    "link '►' 6": "page.getByRole('listitem').filter({ has: page.getByText('2024', { exact: true }) }).getByRole('listitem').filter({ has: page.getByText('March', { exact: true }) }).getByRole('link', { name: '►' })",
    "link 'March' 2": "page.getByRole('listitem').filter({ has: page.getByText('2024', { exact: true }) }).getByRole('link', { name: 'March' })",
    # A side rail's link beside its twin nested in the rail's bottom ad (a class that ad has and its own has not),
    # and the disclosure links of two widgets, a desktop and a mobile one of each name (widget, name and class).
    "link 'Join the club' 1": "page.locator('div.rail-ad:not(.rail-ad--bottom)').getByRole('link', { name: 'Join the club', exact: true })",
    "link 'Join the club' 2": "page.locator('div.ad-frame').filter({ has: page.getByText('Want to see fewer ads?', { exact: true }) }).getByRole('link', { name: 'Join the club' })",
    "link 'Sponsored picks' 1": "page.locator('#picks-below').getByRole('link', { name: 'Sponsored picks', exact: true }).and(page.locator('.disclosure-desktop'))",
    "link 'Sponsored picks' 2": "page.locator('#picks-below').getByRole('link', { name: 'Sponsored picks', exact: true }).and(page.locator('.disclosure-mobile'))",
    "link 'Promoted picks' 1": "page.locator('#picks-below').getByRole('link', { name: 'Promoted picks', exact: true }).and(page.locator('.disclosure-desktop'))",
    "link 'Promoted picks' 2": "page.locator('#picks-below').getByRole('link', { name: 'Promoted picks', exact: true }).and(page.locator('.disclosure-mobile'))",
    "link 'Sponsored picks' 3": "page.locator('#picks-rail').getByRole('link', { name: 'Sponsored picks', exact: true }).and(page.locator('.disclosure-desktop'))",
    "link 'Sponsored picks' 4": "page.locator('#picks-rail').getByRole('link', { name: 'Sponsored picks', exact: true }).and(page.locator('.disclosure-mobile'))",
    "link 'Promoted picks' 3": "page.locator('#picks-rail').getByRole('link', { name: 'Promoted picks', exact: true }).and(page.locator('.disclosure-desktop'))",
    "link 'Promoted picks' 4": "page.locator('#picks-rail').getByRole('link', { name: 'Promoted picks', exact: true }).and(page.locator('.disclosure-mobile'))",
    # A photo inside a zoom wrapper (role="button") and its twin outside one, their other classes all utility.
    "img 'The greenhouse at dawn' 1": "page.locator('div.zoomable').getByRole('img', { name: 'The greenhouse at dawn' })",
    "img 'The greenhouse at dawn' 2": "page.getByRole('img', { name: 'The greenhouse at dawn', exact: true })"
    ".and(page.locator('img:not([role=\"button\"] img)'))",
    # Cards of atomic classes (flagged as hashed) under the same heading: the card that holds its title.
    "heading 'More from the garden' 1": "page.locator('div.rw > div').filter({ has: page.getByRole('heading', { name: "
    "'Compost in winter', exact: true }) }).getByRole('heading', { name: 'More from the garden' })",
    "heading 'More from the garden' 2": "page.locator('div.rw > div').filter({ has: page.getByRole('heading', { name: "
    "'Saving seeds', exact: true }) }).getByRole('heading', { name: 'More from the garden' })",
    # Ad boxes alike but for the id of the empty ad slot inside.
    "link 'Remove ads' 1": "page.locator('div.ad-box').filter({ has: page.locator('#slot-top') })"
    ".getByRole('link', { name: 'Remove ads' })",
    "link 'Remove ads' 2": "page.locator('div.ad-box').filter({ has: page.locator('#slot-bottom') })"
    ".getByRole('link', { name: 'Remove ads' })",
    # A list item's own headline link, its twin one level deeper in the item's story info, and both again in a
    # most-read list.
    "link 'Frost came early' 1": "page.getByRole('listitem').filter({ has: page.getByText('Ada Park', { exact: true }) "
    "}).getByRole('link', { name: 'Frost came early', exact: true }).and(page.locator('li.post > a'))",
    "link 'Frost came early' 2": "page.locator('div.story-info').filter({ has: page.getByText('Ada Park', { exact: "
    "true }) }).getByRole('link', { name: 'Frost came early' })",
    "link 'Bees in November' 1": "page.getByRole('listitem').getByRole('link', { name: 'Bees in November', exact: "
    "true }).and(page.locator('li.post > a'))",
    "link 'Bees in November' 2": "page.locator('div.story-info').filter({ has: page.getByText('Ada Park', { exact: "
    "true }) }).getByRole('link', { name: 'Bees in November' })",
    "link 'Frost came early' 3": "page.locator('div.most-read').getByRole('link', { name: 'Frost came early', exact: "
    "true }).and(page.locator('li.post > a'))",
    "link 'Frost came early' 4": "page.locator('div.most-read').locator('div.story-info').getByRole('link', { name: "
    "'Frost came early' })",
    "button '⤴' 3": "page.getByRole('contentinfo').locator('button[data-action=\"toggle-share-drawer\"]')",
    "button '⤴' 4": "page.getByRole('contentinfo').locator('button[data-action=\"show-share-popover\"]')",
}


def _repeated(targets: list[Target]) -> dict[str, Target]:
    """The targets whose role and name repeat, keyed ``role 'name' n`` (n-th of them in snapshot order)."""
    counts: dict[tuple[str, str | None], int] = {}
    for target in targets:
        counts[(target.role, target.name)] = counts.get((target.role, target.name), 0) + 1
    seen: dict[tuple[str, str | None], int] = {}
    keyed = {}
    for target in targets:
        key = (target.role, target.name)
        if target.name is None or counts[key] < 2:
            continue
        seen[key] = seen.get(key, 0) + 1
        keyed[f"{target.role} {target.name!r} {seen[key]}"] = target
    return keyed


async def test_elements_set_apart_by_what_is_beside_them_get_no_position(browser: Browser, fixture_url: URL) -> None:
    """Every repeated target's top suggestion, exactly; none is positional; Playwright finds the intended
    element with each."""
    url = fixture_url(PAGE)
    targets = await collect(browser, [(PAGE, url)], every_ref)
    repeated = _repeated(targets)
    assert {key: target.locators[0] for key, target in repeated.items()} == TOP
    assert [target.positional for target in targets].count(True) == 0
    [verdicts] = await trio.to_thread.run_sync(judge, [Group(url, tuple(t.locators[0] for t in targets), None)])
    missed = [f"{t.ref} {t.locators[0]} -> {v}" for t, v in zip(targets, verdicts, strict=True) if not v.finds(t.stamp)]
    assert missed == []


def test_a_year_alone_is_a_label_not_a_count() -> None:
    """An archive's "2025" names its year (a filter by it is stable); a number in brackets, a bare count, a year
    beside other words, and a number outside 1900-2099 are still volatile."""
    texts = ["2025", " 1999 ", "(2025)", "2025 results", "12", "2150", "May 2025", "(73)"]
    assert [volatile_text(text) for text in texts] == [None, None, "count", "count", "count", "count", None, "count"]


def test_atomic_classes_are_hashed_and_short_words_are_not() -> None:
    """One or two lowercase characters are an atomic-CSS build's class (flagged when a locator uses one); a
    utility (``in``) or a word of three letters or more is not."""
    assert [hashed_class(name) for name in ("qc", "px", "r", "a1")] == ["hashed class"] * 4
    assert [hashed_class(name) for name in ("in", "nav", "card", "footer", "Qc")] == [None] * 5
