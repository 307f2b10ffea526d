"""The accessibility snapshot: exact lines, refs, hidden content, states, limits."""

from __future__ import annotations

import pytest

from tests.bridge.conftest import URL, LoadHtml, ref_number, run_in_page, snapshot_text, stripped_lines
from tests.support import bridge_json
from verdex.browser.page import Page
from verdex.browser.snapshot import take_snapshot
from verdex.errors import BridgeCallError

SHOP_HEAD = """\
- banner [ref=e1]:
  - link "TechShop" [ref=e2]:
    - /url: /
  - navigation "Main" [ref=e3]:
    - link "Home" [ref=e4]:
      - /url: /
    - link "Deals" [ref=e5]:
      - /url: /deals
    - link "Support" [ref=e6]:
      - /url: /support
  - searchbox "Search" [ref=e7]
  - button "Cart (0)" [ref=e8]
- main [ref=e9]:
  - generic:
    - heading "Featured Products" [level=2] [ref=e10]
    - generic:
      - generic:
        - heading "iPhone 15 Pro" [level=3] [ref=e11]
        - paragraph: Titanium design with the A17 Pro chip.
        - text: $999
        - button "Add to Cart" [ref=e12]
      - generic:
        - heading "MacBook Air 13" [level=3] [ref=e13]
        - paragraph: M3 chip, 18 hours of battery life.
        - text: $1,099
        - button "Add to Cart" [ref=e14]
"""

SHOP_TAIL = """\
      - generic:
        - heading "Bose SoundLink Flex" [level=3] [ref=e33]
        - paragraph: Rugged, waterproof Bluetooth speaker.
        - text: $149
        - button "Add to Cart" [ref=e34]
- contentinfo [ref=e35]:
  - link "About us" [ref=e36]:
    - /url: /about
  - link "Privacy" [ref=e37]:
    - /url: /privacy
  - paragraph: © 2026 Example Shop"""


async def test_shop_snapshot_exact_lines(page: Page, fixture_url: URL) -> None:
    await page.navigate(fixture_url("shop.html"))
    value = await bridge_json(page.bridge().snapshot())
    text = value["text"]
    assert text.startswith(SHOP_HEAD)
    assert text.endswith(SHOP_TAIL)
    assert value["refCount"] == 37
    assert value["nodeCount"] == 64
    assert value["truncated"] is None
    assert value["iframes"] == []
    assert text.count('button "Add to Cart"') == 12


async def test_same_page_same_answer_and_refs_are_stable(page: Page, fixture_url: URL) -> None:
    await page.navigate(fixture_url("shop.html"))
    first = await snapshot_text(page)
    second = await snapshot_text(page)
    assert first == second
    # A new element gets a new number above every number given so far; old elements keep theirs.
    await run_in_page(
        page,
        "document.querySelector('[data-testid=product-card]').insertAdjacentHTML("
        "'afterbegin', '<button>Compare</button>')",
    )
    third = await snapshot_text(page)
    assert ref_number(third, 'button "Compare"') == 38
    assert ref_number(third, 'button "Add to Cart"') == 12
    assert ref_number(third, 'link "Privacy"') == 37
    assert third.replace('        - button "Compare" [ref=e38]\n', "") == first


async def test_subtree_snapshot_from_a_ref(page: Page, load_html: LoadHtml) -> None:
    await load_html(
        '<body><p>Outside</p><div tabindex="0" data-testid="card"><h3>Title</h3>'
        "<div><button>Buy</button></div></div></body>"
    )
    text = await snapshot_text(page)
    card = ref_number(text, "generic [ref=")
    sub = await bridge_json(page.bridge().snapshot(root=card))
    assert sub["text"] == '- generic [ref=e1]:\n  - heading "Title" [level=3] [ref=e2]\n  - button "Buy" [ref=e3]'
    shallow = await bridge_json(page.bridge().snapshot(root=card, depth=0))
    assert shallow["text"] == "- generic [ref=e1]:\n  - … 2 more"


HIDDEN_AND_STATES = """
<body>
<a href="/x"><span style="display:none">hidden </span>Visible link</a>
<button><span aria-hidden="true">★</span> Star</button>
<p aria-hidden="true">Not shown</p>
<p hidden>Hidden attribute</p>
<p style="visibility:hidden">Invisible <span style="visibility:visible">but this</span></p>
<div inert><button>Inert button</button></div>
<details><summary>More</summary><p>Secret details</p></details>
<details open><summary>Open one</summary><p>Shown details</p></details>
<div style="content-visibility:hidden"><p>Skipped content</p></div>
<script>document.title = "script text is never shown"</script>
<h4 role="heading" aria-level="5">Custom level</h4>
<div role="heading">Default level</div>
<button aria-pressed="true">Bold</button><button aria-pressed="mixed">Italic</button>
<button aria-expanded="true">Menu</button><button aria-expanded="false">Closed menu</button>
<input type="checkbox" id="mixed"><label for="mixed">Mixed</label>
<label><input type="radio" checked> Radio on</label>
<button disabled>Disabled</button>
<fieldset disabled><input type="text" aria-label="In disabled fieldset"></fieldset>
<div role="tab" aria-selected="true">Tab one</div>
<select aria-label="Size"><option>S</option><option selected>M</option></select>
<ul><li>One</li><li>Two</li></ul>
<div style="pointer-events:none"><button>No pointer</button></div>
</body>
"""

HIDDEN_AND_STATES_SNAPSHOT = """\
- link "Visible link" [ref=e1]:
  - /url: /x
- button "Star" [ref=e2]
- text: but this
- group:
  - generic [ref=e3]: More
- group [expanded]:
  - generic [ref=e4]: Open one
  - paragraph: Shown details
- heading "Custom level" [level=5] [ref=e5]
- heading "Default level" [level=2] [ref=e6]
- button "Bold" [pressed] [ref=e7]
- button "Italic" [pressed=mixed] [ref=e8]
- button "Menu" [expanded] [ref=e9]
- button "Closed menu" [ref=e10]
- checkbox "Mixed" [checked=mixed] [ref=e11]
- text: Mixed
- generic [ref=e12]:
  - radio "Radio on" [checked] [ref=e13]
  - text: Radio on
- button "Disabled" [disabled] [ref=e14]
- group [disabled]:
  - textbox "In disabled fieldset" [disabled] [ref=e15]
- tab "Tab one" [selected] [ref=e16]
- combobox "Size" [ref=e17]:
  - option "S"
  - option "M" [selected]
- list:
  - listitem [ref=e18]: One
  - listitem [ref=e19]: Two
- button "No pointer\""""


async def test_hidden_content_is_left_out_and_states_are_shown(page: Page, load_html: LoadHtml) -> None:
    await load_html(HIDDEN_AND_STATES)
    await run_in_page(page, "document.getElementById('mixed').indeterminate = true")
    assert await snapshot_text(page) == HIDDEN_AND_STATES_SNAPSHOT


NAMES = """
<body>
<label for="email">Email</label><input id="email" type="email" value="a@b.c">
<label>Password <input type="password" value="secret"></label>
<input type="text" placeholder="Search here">
<input type="text" title="Title wins" placeholder="Placeholder">
<span id="lb1">First</span><span id="lb2" hidden>Hidden part</span>
<input aria-labelledby="lb1 lb2">
<div id="self" role="textbox" aria-labelledby="self lb1" aria-label="Own"></div>
<div id="loop-a" role="button" aria-labelledby="loop-b">A</div>
<div id="loop-b" role="button" aria-labelledby="loop-a">B</div>
<fieldset><legend>Shipping</legend></fieldset>
<table><caption>Prices</caption><tr><td>Pen</td></tr></table>
<figure><img src="x.png" alt="A cat"><figcaption>Our cat</figcaption></figure>
<img src="y.png" title="Tooltip only">
<input type="submit"><input type="reset"><input type="button" value="Go">
<button aria-label="Close">×</button>
<label><input type="checkbox"> Send <select><option>3</option><option selected>5</option></select> copies</label>
<label><input type="checkbox"> Ship to <input type="text" value="Paris"> now</label>
<label>Volume <input type="range" min="0" max="10" value="7"></label>
<a href="/a"><img src="z.png" alt="Logo"> Home</a>
<button style="text-transform: uppercase">buy now</button>
</body>
"""


async def test_secret_values_are_masked_longest_first_then_in_document_order(page: Page, load_html: LoadHtml) -> None:
    """Two secret values of one length that overlap in a text: the field first in the document is masked first (a
    one-time-code textarea before a password input), whatever kind of field it is; a longer value goes before both."""
    await load_html(
        "<h1>xabcdey</h1><p>longsecret!</p>"
        '<textarea autocomplete="one-time-code" aria-label="Code"></textarea>'
        '<input type="password" aria-label="Password">'
        '<input type="password" aria-label="Other">'
    )
    await run_in_page(
        page,
        "const [code, password, other] = document.querySelectorAll('textarea, input');"
        "code.value = 'bcde'; password.value = 'abcd'; other.value = 'longsecret'; true",
    )
    assert stripped_lines(await snapshot_text(page))[:2] == [
        '- heading "xa••••y" [level=1] [ref=e1]',
        "- paragraph: ••••!",
    ]


async def test_accessible_names_for_label_cases(page: Page, load_html: LoadHtml) -> None:
    await load_html(NAMES)
    await run_in_page(page, "document.getElementById('email').focus()")
    lines = stripped_lines(await snapshot_text(page))
    expected = [
        '- textbox "Email" [active] [ref=e1]: a@b.c',  # label[for]; the focused element is [active]
        '- textbox "Password" [ref=e3]: ••••',  # wrapping label; a password value is masked
        '- textbox "Search here" [ref=e4]',  # placeholder
        '- textbox "Title wins" [ref=e5]',  # title before placeholder
        '- textbox "First Hidden part" [ref=e6]',  # aria-labelledby includes hidden referenced nodes
        '- textbox "Own First" [ref=e7]',  # self-reference: aria-label, then the other node
        '- button "B" [ref=e8]: A',  # labelledby does not recurse into labelledby
        '- button "A" [ref=e9]: B',
        '- group "Shipping"',  # fieldset / legend
        '- table "Prices":',  # caption
        '- figure "Our cat":',  # figcaption
        '- img "A cat" [ref=e12]',  # alt
        '- img "Tooltip only" [ref=e13]',  # title
        '- button "Submit" [ref=e14]',  # input type=submit default
        '- button "Reset" [ref=e15]',
        '- button "Go" [ref=e16]',  # button value
        '- button "Close" [ref=e17]: ×',  # aria-label over content
        '- checkbox "Send 5 copies" [ref=e19]',  # embedded select gives its selected option
        '- checkbox "Ship to Paris now" [ref=e22]',  # embedded textbox gives its value
        '- slider "Volume" [ref=e25]: "7"',  # range value
        "- link [ref=e26]:",  # its name (from content, the alt included) only repeats its lines
        '- button "BUY NOW" [ref=e28]',  # as rendered: text-transform
    ]
    positions = [lines.index(line) for line in expected]
    assert positions == sorted(positions)
    facts = await bridge_json(page.bridge().aria_facts("a"))
    assert facts["elements"][0]["name"] == "Logo Home"  # name from content includes the image's alt


async def test_depth_cuts_deeper_lines_and_counts_them(page: Page, fixture_url: URL) -> None:
    await page.navigate(fixture_url("shop.html"))
    value = await bridge_json(page.bridge().snapshot(depth=1))
    assert value["text"] == "\n".join(
        [
            "- banner [ref=e1]:",
            "  - … 11 more",
            "- main [ref=e9]:",
            "  - … 63 more",
            "- contentinfo [ref=e35]:",
            "  - … 5 more",
        ]
    )
    assert value["refCount"] == 3
    assert value["nodeCount"] == 3


async def test_max_chars_cuts_at_the_last_whole_line(page: Page, fixture_url: URL) -> None:
    await page.navigate(fixture_url("shop.html"))
    full = await bridge_json(page.bridge().snapshot())
    cut = await bridge_json(page.bridge().snapshot(max_chars=100))
    lines = full["text"].splitlines()
    assert cut["text"] == "\n".join(lines[:4])
    assert len(cut["text"]) <= 100 < len("\n".join(lines[:5]))
    assert cut["truncated"] == {
        "totalChars": len(full["text"]),
        "totalLines": len(lines),
        "shownLines": 4,
    }
    assert cut["refCount"] == 3


async def test_iframes_are_listed_with_their_line(page: Page, load_html: LoadHtml) -> None:
    await load_html('<body><h1>Top</h1><iframe src="about:blank" title="Embedded"></iframe><p>After</p></body>')
    value = await bridge_json(page.bridge().snapshot())
    assert value["text"] == '- heading "Top" [level=1] [ref=e1]\n- iframe [ref=e2]\n- paragraph: After'
    assert value["iframes"] == [{"ref": "e2", "line": 1}]


async def test_closed_roots_on_built_in_elements_are_candidates_only_when_a_light_child_has_no_box(
    page: Page, fixture_url: URL
) -> None:
    """The tell of a closed root on a built-in element (shadow.ts): its first light child has a display but no box.
    A root that slots that child leaves no tell; content skipped by ``content-visibility: hidden`` is not one."""
    await page.navigate(fixture_url("closed-builtin.html"))
    snapshot = await page.bridge().snapshot()
    assert snapshot.unknownHosts == 1  # the vault, not the slotted section nor the skipped div
    assert snapshot.text == (
        "- main [ref=e1]:\n"
        '  - heading "Closed roots on built-in elements" [level=1] [ref=e2]\n'
        "  - paragraph: Slotted light text\n"
        "  - paragraph: After"
    )


async def test_shadow_content_in_render_order_and_aria_owns(page: Page, load_html: LoadHtml) -> None:
    await load_html(
        '<body><div id="host"><span slot="title">Slotted title</span><button>Light button</button>'
        '<em slot="nowhere">unslotted</em></div>'
        '<ul aria-owns="owned"><li>First</li></ul><div><li id="owned">Owned item</li></div><p>After</p></body>'
    )
    await run_in_page(
        page,
        "document.getElementById('host').attachShadow({mode: 'open'}).innerHTML = "
        '\'<h2><slot name="title"></slot></h2>'
        '<nav aria-label="Inner"><slot></slot><a href="/in">Inside</a></nav>\'',
    )
    assert await snapshot_text(page) == "\n".join(
        [
            "- generic:",
            '  - heading "Slotted title" [level=2] [ref=e1]',
            '  - navigation "Inner" [ref=e2]:',
            '    - button "Light button" [ref=e3]',
            '    - link "Inside" [ref=e4]:',
            "      - /url: /in",
            "- list:",
            "  - listitem [ref=e5]: First",
            "  - listitem [ref=e6]: Owned item",
            "- paragraph: After",
        ]
    )


async def test_long_names_texts_and_urls_are_cut(page: Page, load_html: LoadHtml) -> None:
    await load_html(f'<body><button>{"x" * 300}</button><p>{"y" * 300}</p><a href="/{"u" * 300}">Link</a></body>')
    lines = (await snapshot_text(page)).splitlines()
    assert lines[0] == f'- button "{"x" * 149}…" [ref=e1]'
    assert lines[1] == f"- paragraph: {'y' * 99}…"
    assert lines[3] == f"  - /url: /{'u' * 98}…"


@pytest.mark.parametrize(
    ("args", "code"),
    [({"root": 999}, "ref-unknown"), ({"depth": "two"}, "bad-args"), ({"maxChars": 1.5}, "bad-args")],
)
async def test_snapshot_argument_errors(page: Page, fixture_url: URL, args: dict[str, object], code: str) -> None:
    await page.navigate(fixture_url("shop.html"))
    with pytest.raises(BridgeCallError) as caught:
        await page.worlds.call(page.main_frame, "snapshot", args)  # malformed on purpose: the raw call
    assert caught.value.code == code


async def test_css_generated_content_in_text_and_names(page: Page, load_html: LoadHtml) -> None:
    await load_html(
        "<head><style>.req::after { content: ' *' } .icon::before { content: '→ ' }"
        " .alt::before { content: url(x.png) / 'Download ' } section > ::after { content: '!' }</style></head>"
        '<body><label class="req" for="n">Name</label><input id="n"><button class="icon">Next</button>'
        '<a href="/d" class="alt">file</a><section><p>Hey</p></section><p>plain</p></body>'
    )
    assert await snapshot_text(page) == "\n".join(
        [
            "- text: Name *",
            '- textbox "Name *" [ref=e1]',
            '- button "→ Next" [ref=e2]',
            '- link "Download file" [ref=e3]:',
            "  - /url: /d",
            "- paragraph: Hey!",
            "- paragraph: plain",
        ]
    )


async def test_generated_content_beside_rules_that_only_style_pseudo_elements(page: Page, load_html: LoadHtml) -> None:
    """Only rules that declare ``content`` can give a ``::before``/``::after`` a box, so the elements whose
    pseudo styles are read are the subjects of those rules: a reset that styles every pseudo element (Tailwind's
    preflight, Bootstrap's reboot) or a hover colour makes no element a candidate, and the content rules still
    name and space what they reach (an empty block ``::after`` parts two words)."""
    await load_html(
        "<head><style>*, ::before, ::after { box-sizing: border-box; border: 0 solid }"
        " a:hover::after { color: red } .icon::before { content: '→ ' }"
        " .split::after { content: ''; display: table }</style></head>"
        '<body><button class="icon">Next</button><a href="/f">foo<span class="split"></span>bar</a>'
        '<a href="/g">plain</a></body>'
    )
    assert await snapshot_text(page) == "\n".join(
        [
            '- button "→ Next" [ref=e1]',
            '- link "foo bar" [ref=e2]:',
            "  - /url: /f",
            "  - text: foobar",
            '- link "plain" [ref=e3]:',
            "  - /url: /g",
        ]
    )


async def test_a_list_item_that_only_wraps_a_link_or_button_has_no_ref_of_its_own(
    page: Page, load_html: LoadHtml
) -> None:
    """A menu's ``<li><a href>`` item: the link is the target and has the ref. An item with text of its own,
    a second element, a non-interactive child, or a ref given before (here by find) keeps its ref."""
    await load_html(
        "<body><ul>"
        '<li> <a href="/a">Alpha</a> </li>'
        "<li><button>Beta</button></li>"
        '<li><a href="/c">Gamma</a> (new)</li>'
        '<li><a href="/d">Delta</a><a href="/e">Epsilon</a></li>'
        "<li><span>Zeta</span></li>"
        '<li id="eta"><a href="/h">Eta</a></li>'
        "</ul></body>"
    )
    assert await snapshot_text(page) == (
        "- list:\n"
        "  - listitem:\n"
        '    - link "Alpha" [ref=e1]:\n'
        "      - /url: /a\n"
        "  - listitem:\n"
        '    - button "Beta" [ref=e2]\n'
        "  - listitem [ref=e3]:\n"
        '    - link "Gamma" [ref=e4]:\n'
        "      - /url: /c\n"
        "    - text: (new)\n"
        "  - listitem [ref=e5]:\n"
        '    - link "Delta" [ref=e6]:\n'
        "      - /url: /d\n"
        '    - link "Epsilon" [ref=e7]:\n'
        "      - /url: /e\n"
        "  - listitem [ref=e8]: Zeta\n"
        "  - listitem:\n"
        '    - link "Eta" [ref=e9]:\n'
        "      - /url: /h"
    )
    # find reports the item of Eta as the container of its link; from then on it shows its ref.
    found = await page.bridge().find(text="Eta", role="link")
    assert [match.container.ref for match in found.matches if match.container is not None] == ["e10"]
    assert (await snapshot_text(page)).splitlines()[-3:] == [
        "  - listitem [ref=e10]:",
        '    - link "Eta" [ref=e9]:',
        "      - /url: /h",
    ]


async def test_generated_content_from_a_sheet_of_another_origin(
    page: Page, load_html: LoadHtml, fixture_url: URL
) -> None:
    """A style sheet from another origin cannot be read (its ``cssRules`` throw a SecurityError): every element may
    have ``::before``/``::after`` content then, and its text is still found; a second snapshot (which no longer asks
    that sheet) says the same."""
    sheet = fixture_url("styles/cross.css").replace("127.0.0.1", "localhost")
    await load_html(
        f'<head><link rel="stylesheet" href="{sheet}"></head><body><button class="cross">one</button></body>'
    )
    await run_in_page(
        page,
        "new Promise(resolve => { const link = document.querySelector('link');"
        " if (link.sheet) resolve(1); else link.onload = () => resolve(1); })",
    )
    unreadable = await run_in_page(
        page, "(() => { try { document.styleSheets[0].cssRules; return false; } catch (e) { return e.name; } })()"
    )
    assert unreadable == "SecurityError"
    assert await snapshot_text(page) == '- button "Cross one" [ref=e1]'
    assert await snapshot_text(page) == '- button "Cross one" [ref=e1]'


async def test_sheets_that_did_not_load_hold_no_rules(page: Page, load_html: LoadHtml, fixture_url: URL) -> None:
    """A stylesheet whose load failed (refused connection) or answered 404 is in ``document.styleSheets`` and, from
    another origin, throws like one that loaded; the page knows them from the Network domain and names them in every
    bridge call (``failedSheets``), so they do not make every element's content worth reading. The sheet that loaded
    is still read, and a sheet named there is taken as holding no rules."""
    loaded = fixture_url("styles/cross.css").replace("127.0.0.1", "localhost")
    missing = fixture_url("styles/missing.css").replace("127.0.0.1", "localhost")
    refused = "http://127.0.0.1:9/refused.css"
    links = "".join(f'<link rel="stylesheet" href="{href}">' for href in (loaded, missing, refused))
    await load_html(f'<head>{links}</head><body><button class="cross">one</button></body>')
    # Every link has its sheet once its load ended, loaded or not (polled: a load event may have fired already).
    await run_in_page(
        page,
        "new Promise(resolve => { const check = () => [...document.querySelectorAll('link')].every(link => link.sheet)"
        " ? resolve(1) : setTimeout(check, 10); check(); })",
    )
    thrown = await run_in_page(
        page,
        "[...document.styleSheets].map(sheet => { try { return sheet.cssRules.length; } catch (e) { return e.name; } })",
    )
    assert thrown == ["SecurityError", "SecurityError", "SecurityError"]
    assert await page.wait_until(lambda: len(page.main_frame.sheets_without_rules) == 2, timeout=5)
    assert page.main_frame.sheets_without_rules == sorted([missing, refused])
    assert await snapshot_text(page) == '- button "Cross one" [ref=e1]'
    page.main_frame.loaded_sheets.discard(loaded)
    page.main_frame.failed_sheets.add(loaded)
    assert await snapshot_text(page) == '- button "one" [ref=e1]'


async def test_generated_content_from_a_sheet_imported_from_another_origin(
    page: Page, load_html: LoadHtml, fixture_url: URL
) -> None:
    """A readable sheet that imports one from another origin: the imported rules cannot be read (a SecurityError);
    its content is still found."""
    imported = fixture_url("styles/cross.css").replace("127.0.0.1", "localhost")
    await load_html(
        f'<head><style>@import url("{imported}");</style></head><body><button class="cross">one</button></body>'
    )
    await run_in_page(
        page,
        "new Promise(resolve => { const check = () => document.styleSheets[0].cssRules[0].styleSheet"
        " ? resolve(1) : setTimeout(check, 10); check(); })",
    )
    assert await snapshot_text(page) == '- button "Cross one" [ref=e1]'


async def test_warm_up_runs_once_a_document_and_gives_out_no_ref(page: Page, fixture_url: URL) -> None:
    await page.navigate(fixture_url("shop.html"))
    main = page.main_frame
    loader = main.loader_id
    assert page.cold_frames() == [main]
    warmed = await page.warm_up(main, 5_000, 3)
    # Each pass: the snapshot, then resolveContainer, inspectPattern and extractAnchors on ten of its elements (the
    # first, the <header> banner right under <body>, has no ancestor to inspect: resolveContainer alone).
    assert [(result.complete, result.structureCalls) for result in warmed] == [(True, 28)] * 3
    assert main.warm_loader == loader
    assert page.cold_frames() == []
    assert page.ledger.next_number == 1  # the warm-up's refs were its own
    assert await page.warm_up(main, 5_000, 3) == []  # this document has been warmed up
    value = await bridge_json(page.bridge().snapshot())
    assert value["text"].startswith(SHOP_HEAD)
    assert value["text"].endswith(SHOP_TAIL)
    assert page.ledger.next_number == 38
    # A new document is warmed up again, a snapshot of it (the tool's) or not: the structural code has not run.
    await page.navigate(fixture_url("shop.html"))
    assert page.cold_frames() == [main]
    await take_snapshot(page, max_chars=None)
    assert page.cold_frames() == [main]
    assert [result.complete for result in await page.warm_up(main, 5_000, 1)] == [True]
    assert main.warm_loader == main.loader_id != loader


async def test_warm_up_stops_at_its_budget(page: Page, load_html: LoadHtml) -> None:
    await load_html("<main>" + "<div><p>text <a href='/x'>link</a></p></div>" * 2_000 + "</main>")
    page.main_frame.warm_loader = None
    warmed = await page.warm_up(page.main_frame, 0, 3)
    # A pass stopped at its budget is the last; a walk stopped makes no structural call.
    assert [(result.complete, result.structureCalls) for result in warmed] == [(False, 0)]
    # The stopped walk left nothing behind: the next snapshot is whole, refs from e1.
    text = await snapshot_text(page)
    assert text.count('link "link"') == 2_000
    assert ref_number(text, "main") == 1
    assert ref_number(text, 'link "link"', 1_999) == 2_001
