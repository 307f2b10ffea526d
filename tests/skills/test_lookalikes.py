"""Every locator the skill quotes follows its own rule: a hasText filter must survive a lookalike.

``hasText`` is a case-insensitive substring of a container's text, so ``filter({ hasText: 'Walnut Desk
Lamp' })`` also matches the card of "Walnut Desk Lamp Shade" the day it is listed (issue 18: a test
written from the multi-role guide broke that way). For every locator quoted in ``skills/`` (code fences,
and the calls of example blocks whose answer is one match) that filters with ``hasText``/``has_text``, the
fixture page of its example is loaded in real Playwright, the container the filter keeps is copied next
to itself with each filter text ``X`` turned into ``X Deluxe``, and the locator must still match exactly
one element. Locators quoted as broken (a line marked ``✗``, or an example whose answer is not one
match) are left out.
"""

from __future__ import annotations

import html
import json
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from tests.support import ROOT, fixture_server
from verdex.browser.launcher import BASE_FLAGS, find_browser
from verdex.errors import LocatorError
from verdex.locator import parse_locator
from verdex.locator.ast import HasTextStep

SKILLS = ROOT / "skills"
_BLOCK = re.compile(r"<!-- example (?P<attrs>[^\n]*?) -->\n```[a-z]*\n(?P<body>.*?)```", re.DOTALL)
_FENCE = re.compile(r"^```(?:ts|typescript|js|python|py)\n(?P<body>.*?)^```$", re.DOTALL | re.MULTILINE)
_ATTR = re.compile(r'(\w+)="([^"]*)"')
#: A locator expression in a fence: from `page.` to the end of its statement (calls may span lines).
_LOCATOR = re.compile(
    r"page\.(?:get_?[bB]y|locator|frame)[^;]*?(?=\.(?:click|fill|hover|press|check)\(|;|\n\n|$)", re.S
)
_ACTIONS = re.compile(r"\.(?:click|fill|hover|press|check|select_option|selectOption)\([^)]*\)\s*;?\s*$")


@dataclass(frozen=True)
class Quoted:
    """A quoted locator, the fixture page it was written for, and where it is."""

    locator: str
    page: str
    where: str


def _quoted() -> list[Quoted]:
    found: list[Quoted] = []
    for path in sorted(SKILLS.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        page = ""
        events: list[tuple[int, str, str]] = []
        for block in _BLOCK.finditer(text):
            attrs = dict(_ATTR.findall(block["attrs"]))
            events.append((block.start(), "block", json.dumps([attrs, block["body"]])))
        for fence in _FENCE.finditer(text):
            events.append((fence.start(), "fence", fence["body"]))
        for start, kind, payload in sorted(events):
            where = f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, start) + 1}"
            if kind == "block":
                attrs, body = json.loads(payload)
                page = attrs.get("page", page) if "app" not in attrs and "session" not in attrs else ""
                call = html.unescape(attrs.get("call", ""))
                match = re.match(r"verify_locator\(locator=(\"(?:[^\"\\]|\\.)*\")", call)
                if match and body.startswith('{"count":1,') and page:
                    found.append(Quoted(json.loads(match[1]), page, where))
                continue
            if not page:
                continue
            kept = "\n".join(line for line in payload.splitlines() if "✗" not in line)
            for locator in _LOCATOR.finditer(kept):
                expression = _ACTIONS.sub("", " ".join(locator.group(0).split()))
                found.append(Quoted(expression, page, where))
    return found


def _filter_texts(locator: str) -> list[str]:
    try:
        parsed = parse_locator(locator)
    except LocatorError:
        return []
    return [step.text.value for step in parsed.steps if isinstance(step, HasTextStep) and not step.text.regex]


def _counts_with_lookalikes(base: str, items: list[tuple[Quoted, list[str]]]) -> list[str | None]:
    """For each quoted locator: None when it still matches one element once its kept container has a
    lookalike beside it, else what happened (``lookalike.cjs``, real Playwright's JavaScript API; Python
    locators are written in TypeScript for it by :func:`_as_js`)."""
    from playwright._impl._driver import compute_driver_executable

    node, cli = compute_driver_executable()
    request = {
        "executable": find_browser(),
        "args": [flag for flag in BASE_FLAGS if flag not in ("--no-startup-window", "--window-size=1280,720")],
        "items": [
            {
                "url": base + quoted.page,
                "locator": _as_js(quoted.locator),
                "container": _as_js(quoted.locator[: quoted.locator.index(".filter(")]),
                "texts": texts,
            }
            for quoted, texts in items
        ],
    }
    done = subprocess.run(
        [str(node), str(Path(__file__).with_name("lookalike.cjs")), str(Path(cli).parent)],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    out: list[str | None] = []
    for answer in json.loads(done.stdout):
        if "error" in answer:
            out.append(str(answer["error"]))
        else:
            out.append(None if answer["count"] == 1 else f"{answer['count']} matches once a lookalike is listed")
    return out


def _as_js(locator: str) -> str:
    """A quoted Python locator in TypeScript (the skill's Python quotes use get_by_*, filter(has_text=...))."""
    if "get_by_" not in locator and "has_text=" not in locator:
        return locator
    text = re.sub(r"get_by_(\w+)", lambda m: "getBy" + "".join(p.title() for p in m[1].split("_")), locator)
    text = re.sub(r"filter\(has_text=(\"[^\"]*\")\)", r"filter({ hasText: \1 })", text)
    text = re.sub(r"filter\(has=(.*)\)$", r"filter({ has: \1 })", text)
    text = re.sub(r", (name|exact)=([^,)]+)", lambda m: f", {{ {m[1]}: {m[2].replace('True', 'true')} }}", text)
    return text


def test_quoted_hastext_filters_survive_a_lookalike() -> None:
    quoted = _quoted()
    assert len(quoted) >= 8, "the skill quotes its locators in fences and example blocks"
    checked = [(item, texts) for item in quoted if (texts := _filter_texts(item.locator))]
    with fixture_server() as base:
        verdicts = _counts_with_lookalikes(base, checked) if checked else []
    failures = [f"{item.where}: {item.locator}: {why}" for (item, _), why in zip(checked, verdicts, strict=True) if why]
    assert failures == []


def test_the_check_finds_the_substring_pattern() -> None:
    """The pattern the issue found in the multi-role guide fails the check (the check bites)."""
    bad = Quoted(
        "page.getByTestId('product-card').filter({ hasText: 'iPhone 15 Pro' }).getByRole('button', "
        "{ name: 'Add to Cart' })",
        "shop.html",
        "here",
    )
    assert _filter_texts(bad.locator) == ["iPhone 15 Pro"]
    with fixture_server() as base:
        verdicts = _counts_with_lookalikes(base, [(bad, ["iPhone 15 Pro"])])
    assert verdicts == ["2 matches once a lookalike is listed"]


def test_the_pages_exist() -> None:
    for quoted in _quoted():
        assert (ROOT / "fixtures" / "pages" / quoted.page).is_file(), quoted
