"""The (page, locator) pairs of the differential test, by fixture page.

Every method and option verify_locator supports appears, in TypeScript and in Python, on pages
built for the hard cases: hidden elements (fixtures/pages/locators/hidden.html), labels, roles and
states (forms.html), text edge cases (text.html), ambiguity and containers (ambiguity.html), shadow
DOM (shadow.html), plus the shops the demo walks. Zero-match and many-match locators are as
welcome as unique ones: the count and the elements must agree in every case. A few locators are
ones Playwright itself refuses (an invalid regular expression); both sides must refuse them.
"""

from __future__ import annotations

from itertools import product

from tests.locator.harness import Group

__all__ = ["groups"]


def _js_text(value: str) -> str:
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _py_text(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _by_text(method_js: str, method_py: str, texts: list[str]) -> tuple[list[str], list[str]]:
    """getByX(text) and getByX(text, exact) in both languages, for each text."""
    js, py = [], []
    for text, exact in product(texts, (False, True)):
        js.append(f"page.{method_js}({_js_text(text)}{', { exact: true }' if exact else ''})")
        py.append(f"page.{method_py}({_py_text(text)}{', exact=True' if exact else ''})")
    return js, py


def _roles(pairs: list[tuple[str, str | None, bool]]) -> tuple[list[str], list[str]]:
    """getByRole(role, { name, exact }) in both languages."""
    js, py = [], []
    for role, name, exact in pairs:
        js_options, py_options = [], []
        if name is not None:
            js_options.append(f"name: {_js_text(name)}")
            py_options.append(f"name={_py_text(name)}")
        if exact:
            js_options.append("exact: true")
            py_options.append("exact=True")
        js.append(f"page.getByRole('{role}'" + (f", {{ {', '.join(js_options)} }}" if js_options else "") + ")")
        py.append(f'page.get_by_role("{role}"' + (f", {', '.join(py_options)}" if py_options else "") + ")")
    return js, py


def _forms() -> tuple[list[str], list[str]]:
    js_roles, py_roles = _roles(
        [
            ("button", None, False),
            ("button", "save", False),
            ("button", "Save", True),
            ("button", "save", True),
            ("button", "Add to basket", True),
            ("button", "ADD TO BASKET", True),
            ("button", "Close dialog", False),
            ("button", "Delete item", True),
            ("button", "Launch", True),
            ("button", "Go", True),
            ("button", "Submit form", False),
            ("button", "Reset", True),
            ("button", "Go", False),
            ("button", "Favourite", True),
            ("button", "Print page", True),
            ("textbox", None, False),
            ("textbox", "First name", False),
            ("textbox", "Given name", False),
            ("textbox", "First name Given name", True),
            ("textbox", "Phone (mobile)", True),
            ("textbox", "Nick", False),
            ("textbox", "Blank label", True),
            ("textbox", "Email address", False),
            ("textbox", "Family name", False),
            ("combobox", "Country", True),
            ("listbox", None, False),
            ("option", "Sweden", False),
            ("option", None, False),
            ("slider", "Volume", False),
            ("spinbutton", "Quantity", False),
            ("searchbox", "Search the site", True),
            ("progressbar", "Upload progress", False),
            ("meter", None, False),
            ("status", "Total", False),
            ("checkbox", None, False),
            ("checkbox", "Email me", True),
            ("radio", None, False),
            ("switch", "Dark mode", False),
            ("group", None, False),
            ("group", "Notifications", True),
            ("heading", None, False),
            ("heading", "Custom", False),
            ("link", None, False),
            ("img", None, False),
            ("img", "Company logo", True),
            ("presentation", None, False),
            ("tab", None, False),
            ("treeitem", None, False),
            ("listitem", None, False),
            ("row", None, False),
            ("cell", None, False),
            ("columnheader", None, False),
            ("gridcell", None, False),
            ("region", None, False),
            ("complementary", None, False),
            ("navigation", "Account", True),
            ("form", None, False),
            ("dialog", None, False),
            ("contentinfo", None, False),
            ("banner", None, False),
            ("main", None, False),
            ("table", "Users", True),
            ("menuitemcheckbox", None, False),
            ("list", None, False),
        ]
    )
    js = [
        *js_roles,
        "page.getByRole('checkbox', { checked: true })",
        "page.getByRole('checkbox', { checked: false })",
        "page.getByRole('radio', { checked: true })",
        "page.getByRole('switch', { checked: false })",
        "page.getByRole('button', { pressed: true })",
        "page.getByRole('button', { pressed: false })",
        "page.getByRole('button', { expanded: true })",
        "page.getByRole('button', { expanded: false })",
        "page.getByRole('treeitem', { expanded: true })",
        "page.getByRole('button', { disabled: true })",
        "page.getByRole('button', { disabled: false })",
        "page.getByRole('radio', { disabled: true })",
        "page.getByRole('group', { disabled: true })",
        "page.getByRole('option', { disabled: true })",
        "page.getByRole('textbox', { disabled: false })",
        "page.getByRole('tab', { selected: true })",
        "page.getByRole('tab', { selected: false })",
        "page.getByRole('option', { selected: true })",
        "page.getByRole('row', { selected: true })",
        "page.getByRole('gridcell', { selected: true })",
        "page.getByRole('treeitem', { selected: true })",
        "page.getByRole('heading', { level: 1 })",
        "page.getByRole('heading', { level: 2 })",
        "page.getByRole('heading', { level: 3 })",
        "page.getByRole('heading', { level: 4 })",
        "page.getByRole('heading', { level: 5 })",
        "page.getByRole('listitem', { level: 3 })",
        "page.getByRole('treeitem', { level: 2 })",
        "page.getByRole('heading', { name: /^custom/i })",
        "page.getByRole('button', { name: /save/ })",
        "page.getByRole('button', { name: /^(Bold|Italic)$/ })",
        "page.getByRole('heading', { level: 2, name: 'Headings' })",
        "page.getByRole('button', { checked: true })",
        "page.getByLabel('First name')",
        "page.getByLabel('Email')",
        "page.getByLabel('Email address', { exact: true })",
        "page.getByLabel('Phone')",
        "page.getByLabel('Phone (mobile)', { exact: true })",
        "page.getByLabel('Nickname')",
        "page.getByLabel('Token')",
        "page.getByLabel('Country')",
        "page.getByLabel('Upload progress')",
        "page.getByLabel('Disk usage')",
        "page.getByLabel('Total')",
        "page.getByLabel('Launch')",
        "page.getByLabel('Email me')",
        "page.getByLabel(/name$/)",
        "page.getByLabel('Sections')",
        "page.getByLabel('Given name')",
        "page.getByPlaceholder('Jane')",
        "page.getByPlaceholder('e')",
        "page.getByPlaceholder('you@example.com', { exact: true })",
        "page.getByPlaceholder(/^T/)",
        "page.getByAltText('logo')",
        "page.getByAltText('Go', { exact: true })",
        "page.getByAltText('')",
        "page.getByTitle('Family name')",
        "page.getByTitle('help')",
        "page.getByTitle(/^(Photo|Tooltip)/)",
        "page.getByText('Save')",
        "page.getByText('Email me')",
        "page.getByText('Details')",
        "page.getByText('First step')",
        "page.getByRole('form').getByRole('button', { name: 'Save' })",
        "page.getByRole('dialog').getByRole('button')",
        "page.getByRole('group', { name: 'Locked' }).getByRole('button')",
        "page.getByRole('group', { name: 'Locked' }).getByRole('button', { disabled: true })",
        "page.getByRole('tablist').getByRole('tab').nth(1)",
        "page.locator('fieldset').filter({ hasText: 'Billing' }).getByRole('radio')",
        "page.locator('input[type=checkbox]')",
        "page.locator('input:checked')",
        "page.locator('input:disabled')",
        "page.locator('select option:checked')",
        "page.locator('#first')",
        "page.locator('label:has-text(\"name\")')",
        "page.locator('form >> nth=0').locator('button').last()",
        "page.getByRole('button', { name: '' })",
        "page.getByRole('button', { name: 'Go', exact: true, disabled: false })",
    ]
    py = [
        *py_roles,
        'page.get_by_role("checkbox", checked=True)',
        'page.get_by_role("menuitemcheckbox", checked=True)',
        'page.get_by_role("checkbox", checked=False, include_hidden=True)',
        'page.get_by_role("button", pressed=True)',
        'page.get_by_role("button", expanded=False)',
        'page.get_by_role("button", disabled=True, name="Save")',
        'page.get_by_role("textbox", disabled=True)',
        'page.get_by_role("tab", selected=True)',
        'page.get_by_role("heading", level=6)',
        'page.get_by_role("heading", level=3, name="Native three")',
        'page.get_by_role("heading", level=5)',
        'page.get_by_role("row", level=1)',
        'page.get_by_role("button", name=re.compile("^b", re.IGNORECASE))',
        'page.get_by_role("button", name=re.compile(r"\\bdraft\\b"))',
        'page.get_by_role("link", name=re.compile("help", re.I))',
        'page.get_by_label("Last name")',
        'page.get_by_label("name")',
        'page.get_by_label("Bio", exact=True)',
        'page.get_by_label(re.compile("^Dark"))',
        'page.get_by_label("Volume")',
        'page.get_by_label("Locked")',
        'page.get_by_placeholder("Doe")',
        'page.get_by_placeholder("nick", exact=True)',
        'page.get_by_alt_text("Print")',
        'page.get_by_title("Photo of the team", exact=True)',
        'page.get_by_title("close")',
        'page.get_by_text("Custom on")',
        'page.get_by_text("Partly", exact=True)',
        'page.get_by_role("listbox", name="Colors").get_by_role("option", selected=False)',
        'page.get_by_role("row").filter(has_text="Alice")',
        'page.get_by_role("row").filter(has=page.get_by_role("cell", name="Bob"))',
        'page.locator("button.upper")',
        'page.locator("li:text(\\"step\\")")',
        'page.locator("[role=checkbox][aria-checked=mixed]")',
        'page.get_by_role("button").filter(visible=True).first',
        'page.get_by_role("button").last',
        'page.get_by_role("option", disabled=False)',
    ]
    return js, py


def _hidden() -> tuple[list[str], list[str]]:
    js = [
        "page.getByRole('button')",
        "page.getByRole('button', { includeHidden: true })",
        "page.getByRole('button', { includeHidden: false })",
        "page.getByRole('button', { name: 'Visible' })",
        "page.getByRole('button', { name: 'Visible', exact: true })",
        "page.getByRole('button', { name: 'Display none', includeHidden: true })",
        "page.getByRole('button', { name: 'Named hidden', includeHidden: true })",
        "page.getByRole('button', { name: 'Hidden label text' })",
        "page.getByRole('button', { name: 'Hidden label text', includeHidden: true })",
        "page.getByRole('button', { name: 'Parent visible', exact: true })",
        "page.getByRole('button', { name: 'Parent secret visible', exact: true, includeHidden: true })",
        "page.getByRole('button', { name: 'Inert button' })",
        "page.getByRole('button', { name: 'Transparent' })",
        "page.getByRole('button', { name: 'Zero size' })",
        "page.getByRole('button', { name: 'Off screen' })",
        "page.getByRole('button', { name: 'In contents' })",
        "page.getByRole('button', { name: /details/ })",
        "page.getByRole('button', { name: 'Content hidden' })",
        "page.getByRole('button', { name: 'Aria hidden false' })",
        "page.getByRole('button', { name: 'Visible again' })",
        "page.getByRole('button', { name: 'In closed dialog', includeHidden: true })",
        "page.getByRole('group')",
        "page.getByRole('group', { includeHidden: true })",
        "page.getByRole('link')",
        "page.getByRole('link', { includeHidden: true })",
        "page.getByRole('heading')",
        "page.getByRole('heading', { includeHidden: true })",
        "page.getByRole('listitem')",
        "page.getByRole('option')",
        "page.getByRole('checkbox')",
        "page.getByRole('checkbox', { includeHidden: true, checked: false })",
        "page.getByRole('textbox')",
        "page.getByRole('textbox', { includeHidden: true })",
        "page.getByRole('paragraph')",
        "page.getByRole('img', { includeHidden: true })",
        "page.getByText('Display none')",
        "page.getByText('hidden')",
        "page.getByText('Gone paragraph text')",
        "page.getByText('Visible paragraph text')",
        "page.getByText('Template button')",
        "page.getByText('item')",
        "page.getByTestId('status')",
        "page.getByTestId('status').filter({ visible: true })",
        "page.getByTestId('status').filter({ visible: false })",
        "page.getByRole('button').filter({ visible: true })",
        "page.getByRole('button', { includeHidden: true }).filter({ visible: false })",
        "page.getByRole('button').filter({ visible: false })",
        "page.locator('button:visible')",
        "page.locator('button >> visible=false')",
        "page.locator('a:visible')",
        "page.locator('li:visible')",
        "page.locator('button').visible()",
        "page.getByLabel('Hidden input')",
        "page.getByLabel('Label that is hidden')",
        "page.getByAltText('Hidden image')",
        "page.getByPlaceholder('Hidden field')",
        "page.getByTitle('anything')",
        "page.locator('details').getByRole('button', { includeHidden: true })",
        "page.locator('div').filter({ hasText: 'Gone' })",
        "page.locator('div').filter({ has: page.getByRole('button', { includeHidden: true }) })",
        "page.locator('div').filter({ has: page.getByRole('button') })",
        "page.locator('div').filter({ hasNot: page.getByRole('button') })",
        "page.getByRole('button', { name: 'Still hidden', includeHidden: true }).filter({ visible: true })",
    ]
    py = [
        'page.get_by_role("button", include_hidden=True).first',
        'page.get_by_role("button", include_hidden=True).last',
        'page.get_by_role("button", include_hidden=True).nth(3)',
        'page.get_by_role("button").nth(-2)',
        'page.get_by_role("button", name="Aria hidden", include_hidden=True)',
        'page.get_by_role("button", name="Hidden attribute", include_hidden=True)',
        'page.get_by_role("button", name="Inside aria hidden")',
        'page.get_by_role("button", name="Inside aria hidden", include_hidden=True)',
        'page.get_by_role("heading", name="Hidden heading", include_hidden=True)',
        'page.get_by_role("heading", name="Aria hidden heading")',
        'page.get_by_role("link", name="Collapsed link", include_hidden=True)',
        'page.get_by_role("link", name="Clipped link")',
        'page.get_by_role("listitem", include_hidden=True)',
        'page.get_by_text("In closed details")',
        'page.get_by_text("Closed details")',
        'page.get_by_text("secret")',
        'page.get_by_text("Visible", exact=True)',
        'page.get_by_text(re.compile("^In "))',
        'page.get_by_test_id("status").visible',
        'page.locator("button").filter(visible=False)',
        'page.locator("p").filter(visible=True)',
        'page.locator("text=Hidden")',
        'page.locator(":visible:has-text(\\"link\\")")',
        'page.get_by_label("Shown check")',
        'page.get_by_role("checkbox", checked=True)',
    ]
    return js, py


def _text() -> tuple[list[str], list[str]]:
    texts = [
        "Hello world",
        "hello world",
        "Hello",
        "Zerowidth space",
        "Softhyphen",
        "Lots of whitespace here",
        "mixed case",
        "Split across inline elements",
        "across inline",
        "Pro",
        "Pro Max",
        "Price: $",
        '"double"',
        "'single'",
        "a.b*c+d?(e)[f]{g}|h^i$j\\k",
        "shouted text",
        "SHOUTED TEXT",
        "Prefix Content",
        "Content",
        "Linebreak",
        "🎉",
        "Ünïcödé café",
        "Item 1",
        "Commented text",
        "Outer text",
        "Inner text",
        "Same",
        "Submit",
        "Spaced value",
        "a link",
        "Label text",
        "Title body",
        "apple",
        "Textarea content",
        "1,234.56",
        "Tab separated words",
        "deep text target",
        "Ellipsis…",
        "–",
        "日本語",
        "Hello world in script",
        "Locators: text edge cases",
        "Padded heading",
        "with child",
        "Parent with child text",
        "",
    ]
    js, py = _by_text("getByText", "get_by_text", texts)
    js += [
        "page.getByText(/^Item \\d$/)",
        "page.getByText(/item 1/i)",
        "page.getByText(/Pro$/)",
        "page.getByText(/Hello\\sworld/)",
        "page.getByText(/^\\s+Lots/)",
        "page.getByText(/LINE/i)",
        "page.getByText(/(/)",
        "page.getByText(new RegExp('apple', 'g'))",
        "page.getByText(`Pro Max`)",
        'page.getByText("Ellipsis")',
        "page.locator('.card').filter({ hasText: 'Pro' })",
        "page.locator('.card').filter({ hasText: 'Pro Max' })",
        "page.locator('.card').filter({ hasNotText: 'Max' })",
        "page.locator('.card').filter({ hasText: /^Pro/ })",
        "page.locator('.card').filter({ hasText: /Price: \\$\\d0$/ })",
        "page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Pro', exact: true }) })",
        "page.locator('.card').filter({ hasNot: page.getByText('Max') })",
        "page.locator('.card', { hasText: 'Mini' })",
        "page.locator('.card', { has: page.locator('h3') }).getByRole('paragraph')",
        "page.locator('p:has-text(\"hello world\")')",
        "page.locator('p:text(\"pro\")')",
        "page.locator('div:text(\"Same\")')",
        "page.locator(':text-is(\"Same\")')",
        "page.locator('div:text-is(\"Outer text\")')",
        'page.locator(\'p:text-matches("^item", "i")\')',
        "page.locator('li:text-matches(\"1\")')",
        "page.locator('text=Same')",
        "page.locator('text=\"Same\"')",
        "page.locator('\"Same\"')",
        "page.locator('text=/Item \\\\d+/')",
        "page.locator('.pair').getByText('Same')",
        "page.locator('.pair').filter({ hasText: 'Same' })",
        "page.getByText('Same').first()",
        "page.getByText('Same').last()",
        "page.getByText('Same').nth(1)",
        "page.getByText('Same').nth(5)",
        "page.getByRole('button', { name: 'Close' })",
        "page.getByRole('button', { name: 'X' })",
        "page.getByRole('button', { name: 'BUY NOW', exact: true })",
        "page.getByRole('button', { name: 'buy now', exact: true })",
        "page.getByRole('paragraph').filter({ hasText: /^\\s*$/ })",
        "page.getByRole('heading', { name: 'Padded heading', exact: true })",
        "page.getByRole('textbox', { name: 'Notes' })",
        "page.getByLabel('Label text')",
        "page.getByLabel('Notes')",
        "page.getByAltText('alt text')",
        "page.getByTitle('Title attr', { exact: true })",
        "page.getByRole('listitem').filter({ hasText: 'Item 1' })",
        "page.getByRole('listitem').and(page.getByText('Item 1', { exact: true }))",
        "page.getByRole('listitem').or(page.getByRole('heading'))",
        "page.getByRole('heading').or(page.getByText('Same'))",
        "page.getByText('Item').and(page.getByText('2'))",
    ]
    py += [
        'page.get_by_text(re.compile(r"^Item \\d+$"))',
        'page.get_by_text(re.compile("hello", re.IGNORECASE | re.MULTILINE))',
        'page.get_by_text(re.compile("^whitespace", re.M))',
        'page.get_by_text(re.compile("Line.break", re.S))',
        'page.get_by_text(re.compile(r"\\$\\d+"))',
        'page.get_by_text("Pro", exact=True).first',
        'page.locator(".card").filter(has_text="Pro")',
        'page.locator(".card").filter(has_text=re.compile("Max"))',
        'page.locator(".card").filter(has_not_text="Pro")',
        'page.locator(".card").filter(has=page.get_by_text("Mini"))',
        'page.locator(".card", has_text="Max").get_by_role("heading")',
        'page.locator(".card", has_not_text="Mini")',
        'page.locator(".card", has=page.get_by_role("heading", name="Pro"))',
        'page.locator(".card", has_not=page.get_by_role("heading", name="Pro"))',
        'page.locator("section").get_by_text("deep")',
        "page.locator('p:has-text(\"Case\")')",
        'page.locator("p").filter(has_text="Apple")',
        'page.locator("p").filter(has_text="apple apple")',
        'page.get_by_text("Same").and_(page.locator("span"))',
        'page.get_by_text("Same").or_(page.get_by_text("Mini"))',
        'page.get_by_role("listitem").filter(has_text=re.compile("1$"))',
        'page.get_by_role("button", name=re.compile("^submit$", re.I))',
        'page.get_by_role("paragraph").filter(has_text="Emoji")',
        'page.get_by_text("Ünïcödé")',
        'page.get_by_text("Dash \\u2013 and")',
        'page.get_by_text("Hello\\u00a0world", exact=True)',
        'page.locator("li").nth(-1)',
        'page.locator("li").nth(10)',
    ]
    return js, py


def _ambiguity() -> tuple[list[str], list[str]]:
    js = [
        "page.getByRole('button', { name: 'Add to Cart' })",
        "page.getByRole('button', { name: 'Add to Cart', exact: true })",
        "page.getByTestId('card')",
        "page.getByTestId('Card')",
        "page.getByTestId('car')",
        "page.getByTestId(/card/i)",
        "page.getByTestId('card').filter({ hasText: 'iPhone 15 Pro' })",
        "page.getByTestId('card').filter({ hasText: 'iPhone 15 Pro' }).getByRole('button', { name: 'Add to Cart' })",
        "page.getByTestId('card').filter({ has: page.getByRole('heading', { name: 'iPhone 15 Pro', exact: true }) }).getByRole('button', { name: 'Add to Cart' })",
        "page.getByTestId('card').filter({ hasText: 'iPhone 15' }).getByRole('button', { name: 'Add to Cart' })",
        "page.getByTestId('card').filter({ hasText: /iPhone 15$/ })",
        "page.getByTestId('card').filter({ hasNotText: 'Pro' }).getByRole('button')",
        "page.getByTestId('card').filter({ has: page.getByRole('button', { disabled: true }) })",
        "page.getByTestId('card').filter({ hasNot: page.getByRole('button', { disabled: true }) })",
        "page.getByTestId('card').nth(1).getByRole('link')",
        "page.getByTestId('card').first().getByRole('heading')",
        "page.getByTestId('card').last()",
        "page.getByTestId('card').getByRole('button').first()",
        "page.getByTestId('card').getByRole('button').nth(3)",
        "page.getByRole('article').filter({ hasText: 'iPhone 15 Pro' })",
        "page.getByRole('article').filter({ hasText: 'Pixel' }).getByRole('button', { name: 'Add to cart', exact: true })",
        "page.getByRole('row').filter({ hasText: 'Alice' })",
        "page.getByRole('row').filter({ hasText: 'Alice' }).getByRole('button', { name: 'Edit' })",
        "page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Alice', exact: true }) }).getByRole('button', { name: 'Delete' })",
        "page.getByRole('row', { name: 'Bob' })",
        "page.getByRole('row', { name: /^Alice Admin/ })",
        "page.getByRole('cell', { name: 'Alice' })",
        "page.getByRole('columnheader')",
        "page.getByRole('table').getByRole('button')",
        "page.locator('tr[data-test=row]').nth(2).getByRole('button').last()",
        "page.locator('[data-test=row]:has-text(\"Bob\") button')",
        "page.locator('tbody tr:nth-child(2) td:first-child')",
        "page.locator('tbody tr >> nth=1').getByRole('cell').first()",
        "page.getByTestId('todo').filter({ hasText: 'Buy milk' })",
        "page.getByTestId('todo').filter({ has: page.getByRole('checkbox', { checked: true }) })",
        "page.getByTestId('todo').filter({ hasText: 'Buy milk' }).getByRole('button', { name: 'Remove' })",
        "page.getByRole('checkbox', { name: 'Done: Buy milk' })",
        "page.getByRole('checkbox', { name: 'Done: Buy milk', exact: true })",
        "page.getByLabel('Done: Buy milk', { exact: true })",
        "page.getByTestId('panel')",
        "page.getByTestId('panel').getByRole('button', { name: 'Save' })",
        "page.getByTestId('panel').getByTestId('panel')",
        "page.getByTestId('panel').filter({ hasText: 'Inner' })",
        "page.getByTestId('panel').filter({ has: page.getByRole('heading', { name: 'Inner panel' }) }).last()",
        "page.getByRole('link', { name: 'Home' })",
        "page.getByRole('link', { name: 'Home', exact: true })",
        "page.getByRole('navigation').getByRole('link', { name: 'Home', exact: true })",
        "page.getByRole('contentinfo').getByRole('link')",
        "page.getByRole('banner')",
        "page.getByRole('complementary')",
        "page.getByRole('region', { name: 'Products' })",
        "page.getByRole('region')",
        "page.getByRole('form', { name: 'Login' }).getByLabel('Email')",
        "page.getByLabel('Email')",
        "page.getByLabel('Email').first()",
        "page.getByRole('form').filter({ hasText: 'Subscribe' }).getByRole('textbox')",
        "page.getByRole('article').getByRole('button', { name: 'Reply' })",
        "page.getByRole('article').filter({ hasText: 'Ben' }).getByRole('button', { name: 'Reply' })",
        "page.getByRole('toolbar').getByRole('button', { pressed: true })",
        "page.getByRole('heading', { level: 3 })",
        "page.getByRole('heading', { level: 4 }).last()",
        "page.locator('article').locator(page.getByRole('button'))",
        "page.locator('article').locator(page.getByText('$'))",
        "page.locator('section').locator('article >> h3')",
        "page.locator('article:has(button:disabled)')",
        "page.locator('article:not(:has(button:disabled)) h3')",
        "page.locator('article:is([data-qa=featured], [data-testid=Card])')",
        "page.locator('h3:nth-match(article h3, 2)')",
        "page.locator(':nth-match(article, 3)')",
        "page.locator('article >> button >> nth=-1')",
        "page.locator('main section:first-of-type > article')",
        "page.locator('article ~ article')",
        "page.locator('article + article h3')",
        "page.locator('article').locator('> h3')",
        "page.locator('article').locator(':scope > p')",
        "page.locator('article:has(> a)')",
        "page.locator('id=nl-email')",
        "page.locator('data-testid=card >> h3')",
        "page.locator('data-test=row')",
        "page.getByRole('button', { name: 'Add to Cart' }).and(page.locator('article:has-text(\"Max\") button'))",
        "page.getByRole('button', { name: 'Edit' }).or(page.getByRole('button', { name: 'Reply' }))",
        "page.getByRole('link', { name: 'Details' }).or(page.getByRole('heading', { level: 3 })).nth(3)",
        "page.getByTestId('card').getByRole('heading').within(page.getByRole('region'))",
        "page.getByRole('cell').nth(1).within(page.getByRole('row'))",
        "page.getByRole('button').describe('every button').filter({ hasText: 'Sign' })",
        "page.getByRole('button', { name: 'Nothing here' })",
        "page.getByTestId('nothing')",
        "page.locator('video')",
    ]
    py = [
        'page.get_by_test_id("card").filter(has_text="iPhone 15 Pro").get_by_role("button", name="Add to Cart")',
        'page.get_by_test_id("card").filter(has=page.get_by_role("heading", name="iPhone 15 Pro", exact=True)).get_by_role("button", name="Add to Cart")',
        'page.get_by_test_id("card").filter(has_text="Max")',
        'page.get_by_test_id(re.compile("^c"))',
        'page.get_by_test_id("card").nth(2).get_by_role("button", disabled=True)',
        'page.get_by_test_id("card").get_by_role("link", name="Details").last',
        'page.get_by_role("row").filter(has_text="Alice").nth(1).get_by_role("button", name="Delete")',
        'page.get_by_role("row").filter(has_not_text="Alice")',
        'page.get_by_role("row").filter(has_not=page.get_by_role("button"))',
        'page.get_by_role("button", name="Edit").and_(page.locator("tr:has-text(\\"Bob\\") *"))',
        'page.get_by_role("button", name="Edit").or_(page.get_by_role("button", name="Delete")).nth(2)',
        'page.get_by_test_id("todo").filter(has=page.get_by_role("checkbox", checked=False)).get_by_role("button")',
        'page.get_by_label("Done: Walk dog")',
        'page.get_by_role("link").filter(has_text="Home")',
        'page.get_by_role("navigation").get_by_role("link").first',
        'page.locator("article").filter(has=page.locator("a"))',
        'page.locator("article", has_text="Pixel").locator("button")',
        'page.locator("article").locator(page.get_by_role("heading"))',
        'page.get_by_role("heading").within(page.get_by_test_id("card"))',
        'page.get_by_role("article").get_by_role("heading", level=3)',
        'page.locator("tr").filter(has_text="Editor").get_by_role("button").first',
        'page.locator("[data-testid=panel] [data-testid=panel] button")',
        'page.locator("[data-testid=panel] > button")',
        'page.locator("button").filter(has_text="Save").last',
        'page.get_by_role("button", name="Subscribe").or_(page.get_by_role("button", name="Sign in"))',
    ]
    return js, py


def _shadow() -> tuple[list[str], list[str]]:
    js = [
        "page.getByRole('button')",
        "page.getByRole('button').first()",
        "page.getByRole('button').last()",
        "page.getByRole('button').nth(2)",
        "page.getByRole('button', { name: 'Shadow button' })",
        "page.getByRole('button', { name: 'Deep button' })",
        "page.getByRole('button', { name: 'Closed button' })",
        "page.getByRole('button', { name: 'Unslotted light button' })",
        "page.getByRole('button', { name: 'Unslotted light button', includeHidden: true })",
        "page.getByRole('heading')",
        "page.getByRole('spinbutton', { name: 'Shadow quantity' })",
        "page.getByRole('textbox', { name: 'Shadow labelled' })",
        "page.getByRole('paragraph')",
        "page.getByText('Shadow')",
        "page.getByText('Deep text')",
        "page.getByText('Closed text')",
        "page.getByText('text from shadow')",
        "page.getByText('light text')",
        "page.getByText('$99')",
        "page.getByText('Slotted')",
        "page.getByLabel('Shadow quantity')",
        "page.getByLabel('Shadow labelled')",
        "page.getByPlaceholder('Shadow')",
        "page.getByAltText('Shadow image')",
        "page.getByTitle('Shadow title attr')",
        "page.getByTestId('shadow-card')",
        "page.getByTestId('deep')",
        "page.getByTestId('shadow-card').getByRole('button')",
        "page.getByTestId('shadow-card').first().getByRole('button')",
        "page.getByTestId('shadow-card').filter({ hasText: 'Second' })",
        "page.getByTestId('shadow-card').filter({ hasText: 'Slotted paragraph' })",
        "page.getByTestId('shadow-card').filter({ has: page.getByRole('button', { name: 'Deep button' }) })",
        "page.getByTestId('shadow-card').filter({ hasText: 'Deep text' })",
        "page.locator('x-card').getByRole('heading', { name: 'Shadow title' })",
        "page.locator('button')",
        "page.locator('x-card button')",
        "page.locator('x-card > button')",
        "page.locator('x-inner button')",
        "page.locator('x-card h3')",
        "page.locator('x-card:has-text(\"Deep\")')",
        "page.locator('x-card :text(\"Shadow\")')",
        "page.locator('span')",
        "page.locator('.inner-wrap span')",
        "page.locator('x-card .inner-wrap > span')",
        "page.locator(':light(button)')",
        "page.locator(':light(x-card button)')",
        "page.locator('x-card.second').locator('button')",
        "page.locator('x-card').nth(1).getByRole('button')",
        "page.locator('slot')",
        "page.locator('x-unslotted').getByRole('button', { includeHidden: true })",
        "page.locator('div.host-text').filter({ hasText: 'text from shadow' })",
        "page.getByRole('button').or(page.getByRole('heading'))",
        "page.getByRole('button', { name: /button/ }).and(page.locator('x-card *'))",
        "page.getByRole('main').getByText('Light')",
    ]
    py = [
        'page.get_by_role("button").nth(4)',
        'page.get_by_role("button", name="Slotted button")',
        'page.get_by_role("button", name=re.compile("^Light"))',
        'page.get_by_text("Shadow", exact=True)',
        'page.get_by_text("Shadow span text", exact=True)',
        'page.get_by_test_id("shadow-card").nth(1).get_by_text("Slotted paragraph")',
        'page.get_by_test_id("shadow-card").get_by_test_id("deep")',
        'page.locator("x-card").filter(has=page.locator("p"))',
        'page.locator("x-card").filter(has_text="$99")',
        'page.locator("h3").last',
        'page.locator("input")',
        'page.get_by_role("textbox")',
        'page.get_by_role("heading").and_(page.get_by_text("Second"))',
        'page.get_by_role("button").filter(visible=False)',
    ]
    return js, py


def _shop() -> tuple[list[str], list[str]]:
    js = [
        "page.getByTestId('product-card').filter({ hasText: 'iPhone 15 Pro' }).getByRole('button', { name: 'Add to Cart' })",
        "page.getByRole('button', { name: 'Add to Cart' })",
        "page.getByRole('button', { name: 'Add to Cart' }).nth(8)",
        "page.getByTestId('product-grid').getByTestId('product-card')",
        "page.getByTestId('product-card').filter({ hasText: '$399' })",
        "page.getByRole('heading', { level: 3 })",
        "page.getByRole('link')",
        "page.getByRole('navigation', { name: 'Main' }).getByRole('link')",
        "page.getByRole('searchbox', { name: 'Search' })",
        "page.getByPlaceholder('Search products')",
        "page.getByRole('status')",
        "page.getByText('noise')",
        "page.locator('.price')",
        "page.locator('[data-testid=product-card]:has-text(\"Pixel\") .btn-primary')",
    ]
    py = [
        'page.get_by_test_id("product-card").filter(has_text="iPhone 15 Pro").get_by_role("button", name="Add to Cart")',
        'page.get_by_test_id("product-card").filter(has=page.get_by_role("heading", name="Pixel 8")).get_by_role("button")',
        'page.get_by_role("button", name="Cart")',
        'page.get_by_text(re.compile(r"\\$\\d{3}$"))',
        'page.get_by_role("contentinfo").get_by_role("link")',
        'page.locator("footer p")',
    ]
    return js, py


def _storefront() -> tuple[list[str], list[str]]:
    js = [
        "page.getByRole('button', { name: 'Add to Cart' })",
        "page.getByRole('article').filter({ hasText: 'iPhone 15 Pro' })",
        "page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'iPhone 15 Pro', exact: true }) }).getByRole('button', { name: 'Add to Cart' })",
        "page.getByRole('link', { name: /iPhone/ })",
        "page.getByRole('navigation')",
        "page.getByRole('heading', { level: 2 })",
        "page.getByText('Free shipping')",
        "page.getByRole('img')",
        "page.locator('article').first().getByRole('link').first()",
    ]
    py = [
        'page.get_by_role("button", name="Add to Cart").first',
        'page.get_by_role("listitem").filter(has_text="Accessories")',
        'page.get_by_role("textbox")',
        'page.get_by_label(re.compile("search", re.I))',
    ]
    return js, py


def _test_ids() -> tuple[list[str], list[str]]:
    """The same ambiguity page with --test-id-attribute data-qa."""
    js = [
        "page.getByTestId('phone')",
        "page.getByTestId('featured').getByRole('button')",
        "page.getByTestId('card')",
        "page.getByTestId(/^ph/)",
    ]
    py = [
        'page.get_by_test_id("phone").filter(has_text="Max")',
        'page.get_by_test_id("featured")',
    ]
    return js, py


def _frames() -> tuple[list[str], list[str]]:
    """frameLocator and contentFrame: same-origin, nested, in a shadow root, hidden, several matches."""
    js = [
        "page.frameLocator('iframe[name=pay]').getByRole('button', { name: 'Pay' })",
        "page.frameLocator('iframe[name=pay]').getByLabel('Card number')",
        "page.frameLocator('.pay').getByRole('textbox')",
        "page.frameLocator('.pay').first().getByPlaceholder('MM/YY')",
        "page.frameLocator('.pay').last().getByRole('button')",
        "page.frameLocator('.pay').nth(1).getByTestId('cancel')",
        "page.frameLocator('iframe').getByRole('button')",
        "page.frameLocator('iframe').nth(2).getByRole('heading')",
        "page.frameLocator('[name=outer]').frameLocator('[name=inner]').getByRole('button')",
        "page.frameLocator('[name=outer]').getByRole('button')",
        "page.frameLocator('[name=outer]').locator('iframe').contentFrame().getByText('Inner text')",
        "page.locator('iframe[name=pay]').contentFrame().getByRole('form').getByRole('button', { name: 'Cancel' })",
        "page.getByTitle('Payment', { exact: true }).contentFrame().getByText('Secured')",
        "page.getByTestId('pay-frame').contentFrame().locator('input').filter({ hasNot: page.getByText('x') })",
        "page.frameLocator('x-host iframe').getByRole('button', { name: 'Pay' })",
        "page.frameLocator('iframe[name=hidden-frame]').getByRole('button')",
        "page.frameLocator('iframe[name=hidden-frame]').getByRole('button', { includeHidden: true })",
        "page.frameLocator('iframe[name=hidden-frame]').getByText('Pay')",
        "page.frameLocator('iframe[name=missing]').getByRole('button')",
        "page.frameLocator('.pay').owner()",
        "page.frameLocator('iframe').first().owner().and(page.getByTitle('Payment'))",
        "page.frameLocator('iframe[name=pay] >> nth=0').getByRole('button').first()",
        "page.getByRole('button')",
        "page.frameLocator('.not-a-frame').getByRole('button')",
    ]
    py = [
        'page.frame_locator("iframe[name=pay]").get_by_role("button", name="Pay")',
        'page.frame_locator(".pay").last.get_by_label("Expiry")',
        'page.locator("iframe").nth(1).content_frame.get_by_role("button", name="Cancel")',
        'page.frame_locator("[name=outer]").frame_locator("iframe").get_by_text("Inner")',
        'page.get_by_title("Outer").content_frame.get_by_role("heading", name="Outer frame")',
        'page.frame_locator("x-host iframe").get_by_label("Card number")',
        'page.frame_locator(".pay").owner',
    ]
    return js, py


def _checkout() -> tuple[list[str], list[str]]:
    """A card form in a cross-origin (out-of-process) iframe, and frames nested three deep."""
    js = [
        "page.frameLocator('[data-testid=card-frame]').getByLabel('Card number')",
        "page.frameLocator('#card-frame').getByRole('button', { name: /^Pay/ })",
        "page.getByTitle('Card details').contentFrame().getByRole('textbox')",
        "page.frameLocator('iframe').getByTestId('card-form').getByRole('textbox', { name: 'CVC' })",
        "page.frameLocator('iframe').getByRole('status')",
        "page.getByRole('region', { name: 'Payment' }).locator('iframe').contentFrame().getByText('Expiry')",
        "page.getByRole('textbox')",
    ]
    py = [
        'page.frame_locator("#card-frame").get_by_label("Expiry (MM/YY)", exact=True)',
        'page.locator("iframe").content_frame.get_by_role("button")',
    ]
    return js, py


def _nested() -> tuple[list[str], list[str]]:
    js = [
        "page.frameLocator('#level-1').getByRole('button')",
        "page.frameLocator('#level-1').frameLocator('#level-2').getByRole('heading')",
        "page.frameLocator('#level-1').frameLocator('#level-2').frameLocator('#level-3').getByRole('button', { name: 'Confirm' })",
        "page.frameLocator('iframe').first().frameLocator('iframe').frameLocator('iframe').getByText('Level 3')",
        "page.getByTitle('Level 1').contentFrame().getByTitle('Level 2').contentFrame().locator('iframe').contentFrame().getByRole('heading', { level: 4 })",
    ]
    py = [
        'page.frame_locator("#level-1").frame_locator("#level-2").get_by_role("heading", level=3)',
    ]
    return js, py


def _rejected() -> tuple[list[str], list[str]]:
    """Locators Playwright refuses when they run; verdex must refuse them too."""
    js = [
        "page.getByText(/(unclosed/)",
        "page.getByRole('button', { name: /[z-a]/ })",
        "page.locator('div:nth-child(')",
        "page.locator('button:unknown-pseudo')",
        "page.locator('h1').contentFrame().getByRole('button')",
    ]
    py = [
        'page.get_by_text(re.compile("(?P<name>x)"))',
    ]
    return js, py


def groups(base: str) -> list[Group]:
    """All groups, with URLs under the fixture server's ``base``."""
    pages = base + "locators/"
    made = [
        ("forms", pages + "forms.html", _forms(), "data-testid"),
        ("hidden", pages + "hidden.html", _hidden(), "data-testid"),
        ("text", pages + "text.html", _text(), "data-testid"),
        ("ambiguity", pages + "ambiguity.html", _ambiguity(), "data-testid"),
        ("test-id-attribute", pages + "ambiguity.html", _test_ids(), "data-qa"),
        ("shadow", pages + "shadow.html", _shadow(), "data-testid"),
        ("shop", base + "shop.html", _shop(), "data-testid"),
        ("storefront", base + "storefront.html", _storefront(), "data-testid"),
        ("frames", pages + "frames.html", _frames(), "data-testid"),
        ("checkout", base + "checkout.html", _checkout(), "data-testid"),
        ("nested", base + "nested.html", _nested(), "data-testid"),
        ("rejected", pages + "forms.html", _rejected(), "data-testid"),
    ]
    frames = {"frames", "checkout", "nested"}
    return [
        Group(name, url, tuple(js), tuple(py), attribute, frames=name in frames)
        for name, url, (js, py), attribute in made
    ]
