"""Differential test: the bridge's roles and names against Chromium's own accessibility tree.

For every page of ``fixtures/pages``: a snapshot gives refs, ``ariaFacts`` gives the bridge's role
and name of every element, CDP ``Accessibility.getFullAXTree`` gives Chromium's, matched through
``backendDOMNodeId``. Every element with a ref must agree on role and name; every element both
trees include must agree on role. Where we differ on purpose the difference is listed below with
the section of the standard that makes ours right; a listed difference that no longer occurs fails
too, so the list stays true.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from tests.support import FIXTURES, bridge_json
from verdex.browser.page import Page
from verdex.cdp import protocol as cdp

URL = Callable[[str], str]
# ticker.html and late.html replace their own document (every 15 ms; after 100 ms): the two trees would be of
# different documents.
PAGES = sorted(
    path.name for path in (FIXTURES / "pages").glob("*.html") if path.name not in ("ticker.html", "late.html")
)

# Chromium's CDP role tokens that are ARIA synonyms of ours (WAI-ARIA 1.3 `image` is `img`).
SYNONYMS = {"image": "img"}

# (tag, our role, Chromium's role or "ignored") -> why ours is right. "ignored": Chromium leaves the
# element out of its tree while we give it a role.
ROLE_DIFFERENCES = {
    ("summary", "generic", "DisclosureTriangle"): (
        "ARIA in HTML #el-summary: no corresponding ARIA role (DisclosureTriangle is Chromium-internal, "
        "with no ARIA token); Playwright's getByRole has no role for summary either"
    ),
    (
        "label",
        "generic",
        "LabelText",
    ): "HTML-AAM #el-label: no corresponding ARIA role (LabelText is Chromium-internal)",
    ("label", "generic", "ignored"): (
        "HTML-AAM #el-label: no corresponding ARIA role; Chromium prunes a label that holds its control, verdex "
        "gives it a ref as an element a locator may target (getByText)"
    ),
    ("abbr", "generic", "Abbr"): "HTML-AAM #el-abbr: no corresponding ARIA role (Abbr is Chromium-internal)",
    ("legend", "generic", "Legend"): "HTML-AAM #el-legend: no corresponding ARIA role (Legend is Chromium-internal)",
    ("figcaption", "generic", "Figcaption"): "HTML-AAM #el-figcaption: no corresponding ARIA role",
    ("form", "generic", "form"): (
        "HTML-AAM #el-form: a form is a form landmark only with an accessible name (w3c/html-aam#107); "
        "Playwright's getByRole('form') agrees"
    ),
    ("iframe", "generic", "Iframe"): "HTML-AAM #el-iframe: no corresponding ARIA role (Iframe is Chromium-internal)",
    ("header", "generic", "sectionheader"): (
        "HTML-AAM #el-header: generic when scoped to article, aside, main, nav or section (sectionheader is "
        "WAI-ARIA 1.3, a draft); Playwright's getByRole gives it no role either"
    ),
    ("footer", "generic", "sectionfooter"): (
        "HTML-AAM #el-footer: generic when scoped to article, aside, main, nav or section (sectionfooter is "
        "WAI-ARIA 1.3, a draft); Playwright's getByRole gives it no role either"
    ),
    ("tbody", "rowgroup", "ignored"): (
        "HTML-AAM #el-tbody: rowgroup, as WPT html-aam/table-roles.html expects; Chromium prunes it from its tree"
    ),
}

_ROW_NAME = (
    "WAI-ARIA 1.2 #row: Name From: contents (Chromium leaves a data table's row unnamed); Playwright's "
    "getByRole('row', { name }) matches the cells' text, as ours"
)

# (page, tag, role, our name, Chromium's name) -> why ours is right.
NAME_DIFFERENCES = {
    ("aria.html", "tr", "row", "#1001 $20 View order #1001", ""): _ROW_NAME,
    ("aria.html", "tr", "row", "#1002 $35 Reorder #1002", ""): _ROW_NAME,
    ("aria.html", "tr", "row", "Order Total Action", ""): _ROW_NAME,
    ("find.html", "tr", "row", "#1001 Jonas Becker $49 Edit", ""): _ROW_NAME,
    ("find.html", "tr", "row", "#1002 Priya Nair $178 Edit", ""): _ROW_NAME,
    ("find.html", "tr", "row", "#1003 Jonas Becker $129 Edit", ""): _ROW_NAME,
    ("find.html", "tr", "row", "Order Customer Total", ""): _ROW_NAME,
    ("aria.html", "div", "generic", "", "Focusable div"): (
        "WAI-ARIA 1.2 #generic: Name From: prohibited (Chromium names a focusable generic from its title); "
        "Playwright's getByRole cannot find a generic element by name"
    ),
}

_WHITESPACE = re.compile(r"[\t\n\f\r ]+")

# Resolves once the document has been loaded and its DOM has not changed for QUIET_MS (storage.html,
# for one, fills its list only when IndexedDB answers): both trees must be read of the same DOM.
QUIET_MS = 300
_SETTLE = f"""new Promise((resolve, reject) => {{
  const give_up = setTimeout(() => reject(new Error("the DOM kept changing for 10 s")), 10000);
  let quiet;
  const observer = new MutationObserver(() => restart());
  const restart = () => {{
    clearTimeout(quiet);
    quiet = setTimeout(() => {{ observer.disconnect(); clearTimeout(give_up); resolve(true); }}, {QUIET_MS});
  }};
  const start = () => {{
    observer.observe(document, {{ subtree: true, childList: true, attributes: true, characterData: true }});
    restart();
  }};
  if (document.readyState === "complete") start(); else addEventListener("load", start, {{ once: true }});
}})"""


@dataclass
class Pair:
    """One element as the bridge and Chromium see it (``chromium`` None: no AX node)."""

    fact: dict[str, Any]
    chromium: dict[str, Any] | None

    @property
    def chromium_role(self) -> str:
        if self.chromium is None or self.chromium.get("ignored"):
            return "ignored"
        role = str(self.chromium["role"]["value"])
        return SYNONYMS.get(role, role)

    @property
    def chromium_name(self) -> str:
        value = (self.chromium or {}).get("name", {}).get("value", "")
        return _WHITESPACE.sub(" ", str(value)).strip(" ")


def _elements_in_order(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Element nodes of one tree scope of a pierced ``DOM.getDocument`` tree, in tree order.

    Shadow roots and frame documents are other scopes: not entered (as ``querySelectorAll('*')``).
    """
    stack = [node]
    while stack:
        current = stack.pop()
        if current.get("nodeType") == 1:
            yield current
        stack.extend(reversed(current.get("children", [])))


def _elements_as_aria_facts(document: dict[str, Any]) -> list[dict[str, Any]]:
    """Elements in ``ariaFacts``' order: the document's, then each open shadow root's, breadth first by host."""
    elements = list(_elements_in_order(document))
    hosts = [e for e in elements if any(r.get("shadowRootType") == "open" for r in e.get("shadowRoots", []))]
    for host in hosts:  # grows while it is walked: nested roots' hosts are queued after their root
        for root in host["shadowRoots"]:
            if root.get("shadowRootType") != "open":
                continue
            inner = list(_elements_in_order(root))
            elements.extend(inner)
            hosts.extend(e for e in inner if any(r.get("shadowRootType") == "open" for r in e.get("shadowRoots", [])))
    return elements


async def settle(page: Page) -> None:
    """Wait until the page is loaded and its DOM has been quiet for ``QUIET_MS``."""
    settled = await page.session.send(cdp.Runtime.evaluate({"expression": _SETTLE, "awaitPromise": True}), timeout=15)
    assert "exceptionDetails" not in settled, settled


async def pairs_of(page: Page) -> list[Pair]:
    """Every element of the page with its bridge facts and its Chromium AX node (call :func:`settle` first)."""
    facts = (await bridge_json(page.bridge().aria_facts("*")))["elements"]
    document = await page.session.send(cdp.DOM.getDocument({"depth": -1, "pierce": True}))
    elements = _elements_as_aria_facts(document["root"])
    assert [e["localName"].lower() for e in elements] == [f["tagName"] for f in facts]
    await page.session.send(cdp.untyped("Accessibility.enable")({}))
    try:
        tree = await page.session.send(cdp.untyped("Accessibility.getFullAXTree")({}))
    finally:
        await page.session.send(cdp.untyped("Accessibility.disable")({}))
    by_node = {node["backendDOMNodeId"]: node for node in tree["nodes"] if "backendDOMNodeId" in node}
    return [Pair(fact, by_node.get(element["backendNodeId"])) for fact, element in zip(facts, elements, strict=True)]


def differences(page_name: str, pairs: list[Pair]) -> tuple[set[tuple[Any, ...]], set[tuple[Any, ...]]]:
    """(role differences, name differences) in the keys of ROLE_DIFFERENCES and NAME_DIFFERENCES."""
    roles: set[tuple[Any, ...]] = set()
    names: set[tuple[Any, ...]] = set()
    for pair in pairs:
        fact = pair.fact
        # The html element: Chromium's document node (RootWebArea) stands for the document.
        if fact.get("hidden") or fact["tagName"] == "html":
            continue
        ours, theirs = fact["role"], pair.chromium_role
        has_ref = "ref" in fact
        # A role-less element Chromium prunes is the same answer; anything else must agree.
        unexposed = theirs == "ignored" and not has_ref and ours in ("generic", "none")
        if ours != theirs and not unexposed:
            roles.add((fact["tagName"], ours, theirs))
        if has_ref and fact["name"] != pair.chromium_name:
            names.add((page_name, fact["tagName"], ours, fact["name"], pair.chromium_name))
    return roles, names


async def test_roles_and_names_agree_with_chromium(page: Page, fixture_url: URL) -> None:
    seen_roles: set[tuple[Any, ...]] = set()
    seen_names: set[tuple[Any, ...]] = set()
    without_refs: list[str] = []
    for page_name in PAGES:
        await page.navigate(fixture_url(page_name))
        await settle(page)
        snapshot = await bridge_json(page.bridge().snapshot())
        pairs = await pairs_of(page)
        assert snapshot["refCount"] == len([pair for pair in pairs if "ref" in pair.fact]), page_name
        if snapshot["refCount"] == 0:
            without_refs.append(page_name)
        roles, names = differences(page_name, pairs)
        seen_roles |= roles
        seen_names |= names
    # Every page has an element a locator may target (a page that failed to load would show up here).
    assert without_refs == []
    assert sorted(seen_roles - ROLE_DIFFERENCES.keys()) == [], "role differences without a reason"
    assert sorted(seen_names - NAME_DIFFERENCES.keys()) == [], "name differences without a reason"
    # Every listed difference still occurs (the list stays true).
    assert seen_roles == ROLE_DIFFERENCES.keys()
    assert seen_names == NAME_DIFFERENCES.keys()


async def test_a_modal_dialog_hides_what_chromium_hides(page: Page, fixture_url: URL) -> None:
    await page.navigate(fixture_url("aria.html"))
    before = await bridge_json(page.bridge().snapshot())
    assert before["refCount"] == 75
    await page.session.send(
        cdp.Runtime.evaluate({"expression": "document.getElementById('confirm').showModal()", "awaitPromise": True})
    )
    await settle(page)
    after = await bridge_json(page.bridge().snapshot())
    # Everything but the dialog is inert, its ancestors too (HTML "blocked by a modal dialog").
    assert after["text"] == (
        '- … modal dialog "Confirm changes" [ref=e76] hides 116 elements of the page (46 interactive); '
        "behindModal: true shows them\n"
        '- dialog "Confirm changes" [ref=e76]:\n'
        '  - heading "Confirm changes" [level=2] [ref=e77]\n'
        '  - button "Confirm" [active] [ref=e78]\n'
        '  - button "Cancel" [ref=e79]'
    )
    # Every element with a ref is in Chromium's tree exactly when it is in ours.
    pairs = [pair for pair in await pairs_of(page) if "ref" in pair.fact]
    assert len(pairs) == 79
    # Chromium keeps the dialog's ancestor `main` (e6) as an ignored node that holds it; it is not inert
    # (HTML), and structural answers keep it as a container.
    assert [pair.fact["ref"] for pair in pairs if pair.chromium_role == "ignored" and pair.fact["ref"] != "e6"] == [
        pair.fact["ref"] for pair in pairs if pair.fact.get("hidden")
    ]
    # The dialog's ancestor `main` (e6) holds it: not inert, in both trees.
    assert [pair.fact["ref"] for pair in pairs if not pair.fact.get("hidden")] == ["e6", "e76", "e77", "e78", "e79"]
