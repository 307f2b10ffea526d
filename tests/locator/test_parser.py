"""The locator parser: one AST from TypeScript and Python, errors that point at the place."""

from __future__ import annotations

from typing import Any

import pytest

from verdex.errors import LocatorError
from verdex.locator import parse_locator
from verdex.locator.render import Step, render_js, render_python


def steps(text: str) -> list[dict[str, Any]]:
    """The bridge JSON of a locator's steps, without the ``at`` numbers."""

    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k != "at"}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return strip(parse_locator(text).to_json()["steps"])  # type: ignore[no-any-return]


def error(text: str) -> str:
    with pytest.raises(LocatorError) as caught:
        parse_locator(text)
    return str(caught.value)


CARD = [
    {"kind": "testId", "testId": {"string": "product-card"}},
    {"kind": "hasText", "text": {"string": "iPhone 15 Pro"}, "negate": False},
    {"kind": "role", "role": "button", "name": {"string": "Add to Cart"}, "exact": False},
]


def test_the_reference_locator_parses_to_the_same_steps_in_typescript_and_python() -> None:
    ts = "page.getByTestId('product-card').filter({ hasText: 'iPhone 15 Pro' }).getByRole('button', { name: 'Add to Cart' })"
    py = (
        'page.get_by_test_id("product-card").filter(has_text="iPhone 15 Pro").get_by_role("button", name="Add to Cart")'
    )
    assert steps(ts) == CARD
    assert steps(py) == CARD
    assert parse_locator(ts).language == "js"
    assert parse_locator(py).language == "python"


def test_role_options_in_both_languages() -> None:
    expected = [
        {
            "kind": "role",
            "role": "checkbox",
            "name": {"string": "Remember me"},
            "exact": True,
            "checked": True,
            "disabled": False,
            "includeHidden": True,
        }
    ]
    assert (
        steps(
            "page.getByRole('checkbox', { name: 'Remember me', exact: true, checked: true, disabled: false, includeHidden: true })"
        )
        == expected
    )
    assert (
        steps(
            'page.get_by_role("checkbox", name="Remember me", exact=True, checked=True, disabled=False, include_hidden=True)'
        )
        == expected
    )
    assert steps("page.getByRole('row', { level: 2, expanded: false })") == [
        {"kind": "role", "role": "row", "expanded": False, "level": 2}
    ]
    assert steps('page.get_by_role("tab", selected=True)') == [{"kind": "role", "role": "tab", "selected": True}]
    assert steps("page.getByRole('button', { pressed: true })") == [{"kind": "role", "role": "button", "pressed": True}]
    # A role is lower-cased, as Playwright's role engine does.
    assert steps("page.getByRole('BUTTON')") == [{"kind": "role", "role": "button"}]
    # exact without a name is no option.
    assert steps("page.getByRole('button', { exact: true })") == [{"kind": "role", "role": "button"}]


def test_regular_expressions_in_both_languages() -> None:
    assert steps("page.getByText(/add\\s+to/i)") == [
        {"kind": "text", "text": {"regex": "add\\s+to", "flags": "i"}, "exact": False}
    ]
    assert steps('page.get_by_text(re.compile(r"add\\s+to", re.IGNORECASE))') == [
        {"kind": "text", "text": {"regex": "add\\s+to", "flags": "i"}, "exact": False}
    ]
    assert steps("page.getByRole('link', { name: new RegExp('^home$', 'im') })")[0]["name"] == {
        "regex": "^home$",
        "flags": "im",
    }
    assert steps('page.get_by_label(re.compile("x", flags=re.M | re.S | re.I))')[0]["text"] == {
        "regex": "x",
        "flags": "ims",
    }
    # A class may hold a slash; the flags follow the closing slash.
    assert steps("page.getByText(/a[/]b/g)")[0]["text"] == {"regex": "a[/]b", "flags": "g"}


def test_strings_quotes_and_escapes() -> None:
    assert steps('page.getByText("it\'s")')[0]["text"] == {"string": "it's"}
    assert steps("page.getByText('say \"hi\"')")[0]["text"] == {"string": 'say "hi"'}
    assert steps("page.getByText(`Pro Max`)")[0]["text"] == {"string": "Pro Max"}
    assert steps("page.getByText('caf\\u00e9 \\x41 \\u{1F389}')")[0]["text"] == {"string": "café A 🎉"}
    # \d is "d" in JavaScript and "\d" in Python.
    assert steps("page.getByText('\\d')")[0]["text"] == {"string": "d"}
    assert steps('page.get_by_text("\\d")')[0]["text"] == {"string": "\\d"}
    assert steps('page.get_by_text(r"\\n")')[0]["text"] == {"string": "\\n"}
    assert steps('page.get_by_text("a" "b")')[0]["text"] == {"string": "ab"}
    assert steps('page.get_by_text("""triple""")')[0]["text"] == {"string": "triple"}


def test_every_method_maps_to_playwrights_selector_parts() -> None:
    js = (
        "page.locator('article', { hasText: 'x', has: page.getByRole('img') })"
        ".filter({ hasNotText: /y/, hasNot: page.getByText('z'), visible: true })"
        ".getByLabel('Email', { exact: true }).getByPlaceholder('you').getByAltText('logo').getByTitle('t')"
        ".and(page.locator('input')).or(page.getByTestId('id')).first().last().nth(-2)"
        ".locator(page.getByRole('button')).visible()"
    )
    kinds = [step["kind"] for step in steps(js)]
    assert kinds == [
        "css",
        "hasText",
        "has",
        "hasText",
        "has",
        "visible",
        "label",
        "attribute",
        "attribute",
        "attribute",
        "and",
        "or",
        "nth",
        "nth",
        "nth",
        "chain",
        "visible",
    ]
    py = js_to_py = (
        'page.locator("article", has_text="x", has=page.get_by_role("img"))'
        '.filter(has_not_text=re.compile("y"), has_not=page.get_by_text("z"), visible=True)'
        '.get_by_label("Email", exact=True).get_by_placeholder("you").get_by_alt_text("logo").get_by_title("t")'
        '.and_(page.locator("input")).or_(page.get_by_test_id("id")).first.last.nth(-2)'
        '.locator(page.get_by_role("button")).visible'
    )
    assert steps(py) == steps(js)
    del js_to_py


def test_filter_options_become_steps_in_playwrights_order() -> None:
    # Playwright appends hasText, hasNotText, has, hasNot, visible in that order, whatever the object's order.
    assert [
        s["kind"]
        for s in steps("page.locator('li').filter({ visible: false, hasNot: page.getByRole('button'), hasText: 'a' })")
    ] == [
        "css",
        "hasText",
        "has",
        "visible",
    ]


def test_within_and_frame_locators() -> None:
    assert steps("page.getByRole('cell').nth(2).within(page.getByRole('row'))") == [
        {"kind": "role", "role": "row"},
        {
            "kind": "chain",
            "locator": {"steps": [{"kind": "role", "role": "cell"}, {"kind": "nth", "index": 2}]},
        },
    ]
    iframe = {
        "kind": "css",
        "source": "#pay",
        "selector": [{"simples": [{"css": "#pay", "functions": [], "combinator": ""}]}],
    }
    assert steps("page.frameLocator('#pay').first().getByRole('button')") == [
        iframe,
        {"kind": "nth", "index": 0},
        {"kind": "frame"},
        {"kind": "role", "role": "button"},
    ]
    assert steps('page.locator("#pay").content_frame.get_by_role("button")') == [
        iframe,
        {"kind": "frame"},
        {"kind": "role", "role": "button"},
    ]
    assert steps("page.frameLocator('#pay').owner()") == [iframe]


def test_css_with_playwright_pseudo_classes() -> None:
    assert steps('page.locator(\'article:has-text("Pro") > button.primary, :text-is("x")\')')[0]["selector"] == [
        {
            "simples": [
                {"css": "article", "functions": [{"name": "has-text", "args": ["Pro"]}], "combinator": ">"},
                {"css": "button.primary", "functions": [], "combinator": ""},
            ]
        },
        {"simples": [{"css": None, "functions": [{"name": "text-is", "args": ["x"]}], "combinator": ""}]},
    ]
    assert steps("page.locator('li:has(> a[href^=\"/p\"]):nth-child(2n + 1)')")[0]["selector"] == [
        {
            "simples": [
                {
                    "css": "li:nth-child(2n + 1)",
                    "functions": [
                        {
                            "name": "has",
                            "args": [
                                {
                                    "simples": [
                                        {"css": None, "functions": [{"name": "scope", "args": []}], "combinator": ">"},
                                        {"css": 'a[href^="/p"]', "functions": [], "combinator": ""},
                                    ]
                                }
                            ],
                        }
                    ],
                    "combinator": "",
                }
            ]
        }
    ]
    assert steps("page.locator(':nth-match(li, 2):visible')")[0]["selector"][0]["simples"][0]["functions"] == [
        {"name": "nth-match", "args": [{"simples": [{"css": "li", "functions": [], "combinator": ""}]}, 2]},
        {"name": "visible", "args": []},
    ]


def test_selector_strings_with_engines() -> None:
    assert [s["kind"] for s in steps("page.locator('ul >> li >> nth=1 >> visible=true >> text=Buy')")] == [
        "css",
        "css",
        "nth",
        "visible",
        "legacyText",
    ]
    assert steps("page.locator('data-testid=card')")[0]["source"] == '[data-testid="card"]'
    assert steps("page.locator('\"Buy now\"')") == [{"kind": "legacyText", "selector": '"Buy now"'}]


def test_syntax_errors_point_at_the_place() -> None:
    assert error("page.getByRole('button', { name: 'Add' }") == (
        "expected ',' or ')' to close getByRole(, but the locator ends here (line 1, column 41):\n"
        "  page.getByRole('button', { name: 'Add' }\n"
        "                                          ^"
    )
    assert error("page.getByRole('button', {\n  name: 'Add',\n  exact: tru\n})") == (
        "expected a value (a string, a regular expression, true/false, a number or a locator), found 'tru' "
        "(line 3, column 10):\n"
        "    exact: tru\n"
        "           ^^^"
    )
    assert error("page.getByText('unterminated)") == (
        "unterminated string: the closing quote is missing (line 1, column 16):\n"
        "  page.getByText('unterminated)\n"
        "                 ^^^^^^^^^^^^^^"
    )
    assert error("page.getByText('one\nline')") == (
        "unterminated string: the line ends before the closing quote (line 1, column 16):\n"
        "  page.getByText('one\n"
        "                 ^^^^"
    )


def test_unsupported_and_unknown_methods_are_named() -> None:
    assert error("page.getByFoo('x')").startswith(
        "getByFoo is not a Playwright locator method that verify_locator evaluates; supported: and, contentFrame,"
    )
    assert error("page.getByRole('row').filter({ has: page.getByRole('button').click() })").startswith(
        "click() acts on or reads the element; it is not part of a locator. Pass only the locator (drop .click(...))"
    )
    assert error("page.getByRole('button', { description: 'x' })").startswith(
        "the description option is not supported by verify_locator (line 1, column 28)"
    )
    assert error("page.locator('xpath=//div')").startswith("XPath is not supported by verify_locator")
    assert error("page.locator('div:near(button)')").startswith(":near() (a layout pseudo-class) is not supported")
    assert error("page.locator('role=button')").startswith("use getByRole(...) instead of a role= selector")


def test_language_mistakes_are_explained() -> None:
    assert error("page.get_by_role('button', { name: 'x' })") == (
        "this locator mixes languages: an options object { ... } is TypeScript/JavaScript, but get_by_role() "
        "(line 1, column 6) is Python; write it in one (line 1, column 28):\n"
        "  page.get_by_role('button', { name: 'x' })\n"
        "                             ^"
    )
    assert error('page.get_by_role("button").first()').startswith(
        "in Python, first is a property: write .first (no parentheses)"
    )
    assert error("page.getByRole('button').first").startswith("first is a method: call it, .first()")
    assert error("page.getByRole('button').and_(page.getByText('x'))").startswith(
        "this locator mixes languages: and_() is Python, but getByRole() (line 1, column 6) is TypeScript/JavaScript"
    )
    # Only undecided text reaches the method table: a Python spelling alone is Python.
    assert steps("page.locator('a').and_(page.locator('b'))")[1]["kind"] == "and"


def test_what_playwright_rejects_is_rejected_with_its_reason() -> None:
    assert error("page.getByRole('button', { checked: true })").startswith(
        'Playwright rejects this: "checked" is only supported for roles: "checkbox", "menuitemcheckbox", '
        '"menuitemradio", "option", "radio", "switch", "treeitem"'
    )
    assert error('page.get_by_role("link", level=2)').startswith('Playwright rejects this: "level" is only supported')
    assert error('page.get_by_text(re.compile("x", re.VERBOSE))').startswith("Playwright rejects re.VERBOSE")
    assert error("page.getByRole('row').filter({ has: page.frameLocator('f').getByText('x') })").startswith(
        "Playwright rejects this: frame locators are not allowed inside composite locators (has)"
    )
    assert error("page.locator('div::before')").startswith("pseudo-elements (::before, ::after ...) select no element")


def test_what_is_not_a_locator_is_said() -> None:
    assert error("expect(page.getByRole('button'))").startswith(
        "expected an assertion after expect(...), e.g. .toBeVisible(), but the locator ends here"
    )
    assert error("await page.getByRole('button').click().then(done)").startswith("unexpected '.' after .click()")
    assert error("page.getByRole('row').filter({ has: await page.getByText('x') })").startswith(
        "expected a value (a string, a regular expression, true/false, a number or a locator), found 'await'"
    )
    assert error("getByRole('button')").startswith("getByRole() needs a receiver: start the locator from page")
    assert error("card.getByRole('button')").startswith("verify_locator cannot know what 'card' holds")
    assert error("page.frameLocator('iframe')").startswith("this is a FrameLocator, not a locator")
    assert error("page.getByText(`a${x}`)").startswith("template literal substitutions (${...}) are not supported")
    assert error("page.getByRole('button');;").startswith("unexpected ';' after the locator")


def test_a_pasted_test_line_gives_its_locator_and_what_was_left_aside() -> None:
    """Issue 18 item 4: await, the action after the locator, and expect(...) with its assertion are set aside."""
    cases = {
        "await page.getByRole('button', { name: 'Add to Cart' }).first().click();": (
            "await page.getByRole('button', { name: 'Add to Cart' }).first()",
            ("await", ".click()"),
        ),
        "await expect(page.getByText('x')).toBeVisible();": (
            "page.getByText('x')",
            ("await", "expect(...).toBeVisible()"),
        ),
        'page.get_by_role("button").click()': ('page.get_by_role("button")', (".click()",)),
        'expect(page.get_by_text("x")).to_be_visible()': ('page.get_by_text("x")', ("expect(...).to_be_visible()",)),
        "await expect(page.getByTestId('cart')).not.toHaveText(['a'], { timeout: 5 });": (
            "page.getByTestId('cart')",
            ("await", "expect(...).not.toHaveText(['a'], { timeout: 5 })"),
        ),
        'await page.get_by_label("Email").fill("a@b.c")': ('page.get_by_label("Email")', ("await", '.fill("a@b.c")')),
        "page.getByRole('button').first().click();": ("page.getByRole('button').first()", (".click()",)),
    }
    for text, (alone, aside) in cases.items():
        pasted = parse_locator(text)
        assert pasted.left_aside == aside
        assert pasted.steps == parse_locator(alone.removeprefix("await ")).steps


def test_receivers_and_trailing_punctuation() -> None:
    for text in (
        "this.page.getByRole('button');",
        "self.page.get_by_role('button')",
        "adminPage.getByRole('button')  // the admin's page",
        "page.get_by_role('button')  # comment",
    ):
        assert steps(text) == [{"kind": "role", "role": "button"}]


def test_error_positions_inside_selector_strings() -> None:
    # The caret lands on the character of the CSS selector, escapes in the string accounted for.
    assert error("page.locator('a\\u0020b::after')") == (
        "pseudo-elements (::before, ::after ...) select no element: Playwright rejects them (line 1, column 23):\n"
        "  page.locator('a\\u0020b::after')\n"
        "                        ^^"
    )


def test_an_and_step_is_written_in_both_languages_and_reads_back_the_same() -> None:
    """``and`` takes a locator from ``page``: TypeScript writes ``.and(page.locator(...))``, Python ``.and_(...)``
    (``and`` is a keyword there); both parse to one step list."""
    chain = [
        Step("getByRole", "link", (("name", "Spring sale"), ("exact", True))),
        Step("and", (Step("locator", "a:not(.promo__link--desktop)"),)),
    ]
    ts, py = render_js(chain), render_python(chain)
    assert (
        ts
        == "page.getByRole('link', { name: 'Spring sale', exact: true }).and(page.locator('a:not(.promo__link--desktop)'))"
    )
    assert (
        py
        == 'page.get_by_role("link", name="Spring sale", exact=True).and_(page.locator("a:not(.promo__link--desktop)"))'
    )
    assert steps(ts) == steps(py)
    assert steps(ts)[1]["kind"] == "and"
