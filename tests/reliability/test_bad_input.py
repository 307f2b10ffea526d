"""Bad input across every tool, through one MCP client: each row gives its exact answer and the session goes on.

One server runs the whole table (rows in order, on one page): four roles (``shopper`` current,
``admin`` for another role's refs, ``broken`` and ``missing`` whose auth files go bad after the
server started), actions retried 0.5 s, navigations limited to 1.5 s. After each row a follow-up
call must give its exact answer: by default ``resolve_container`` of the shop's first Add to Cart
button, as it answered before the table; rows that move the page name their own follow-up.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import trio

from tests.mcp_client import Tools
from tests.support import unused_port

URL = Callable[[str], str]
Serve = Callable[..., AbstractAsyncContextManager[Tools]]

#: Characters of the oversized inputs.
BIG = 2_000_000

REF_FORMS = "refs look like e12 (main frame) or f1_e12 (inside a frame), as printed by browser_snapshot in [ref=...]"


@dataclass(frozen=True)
class Row:
    """One bad input: the call, its exact answer (after ``Error executing tool NAME: `` for errors).

    ``{base}``, ``{target}``, ``{stale}``, ``{admin_ref}``, ``{dead}``, ``{broken}``, ``{missing}`` in
    arguments and texts are filled in from the session. ``then``: the follow-up call and its exact
    text, when the row moves the page (default: resolve_container of ``{target}``, as before).
    """

    tool: str
    arguments: dict[str, Any]
    answer: str
    error: bool = True
    then: tuple[str, dict[str, Any], str] | None = field(default=None)


STALE = (
    "ref {stale} is stale: it belonged to {base}login.html, a document the page has left (now at {base}shop.html); "
    "call browser_snapshot for fresh refs"
)
CROSS_ROLE = (
    "ref {admin_ref} belongs to role 'admin', but the current role is 'shopper'; call select_role('admin') to use it, "
    "or browser_snapshot for this role's refs"
)
LEVEL = "{tool}: ancestorLevel: {why}. It takes: ref (string), ancestorLevel (integer 1..10000)."
SNAPSHOT_ARGS = (
    "ref (string, optional), depth (integer 1..1000, optional), maxChars (integer 200..1000000, optional), "
    "behindModal (boolean, optional), filename (string, optional)"
)
WAIT_ARGS = (
    "milliseconds (integer 0..60000, optional), text (string, optional), textGone (string, optional), "
    "timeoutMs (integer 0..60000, optional)"
)
AUTH_HINT = (
    "Nothing of it was applied and the role has no browser context. Fix the file (Playwright's storageState JSON: "
    "context.storage_state(path=...) or verdex's save_role_state writes one), then call the tool again; the other "
    "roles are not affected"
)
SHOP = 'Navigated to {base}shop.html (HTTP 200 OK). Title: "TechShop: featured products". Next: browser_snapshot.'


ROWS: list[Row] = [
    # refs: unknown, malformed, another frame's prefix, stale, another role's
    Row(
        "resolve_container",
        {"ref": "e999"},
        "ref e999 was never given out in this session; call browser_snapshot and use a ref it prints",
    ),
    Row("resolve_container", {"ref": "button"}, f"'button' is not a ref: {REF_FORMS}."),
    Row(
        "resolve_container",
        {"ref": "[ref={target}]"},
        f"'[ref={{target}}]' is not a ref: {REF_FORMS}. Did you mean '{{target}}'?",
    ),
    Row(
        "resolve_container",
        {"ref": "f3_{target}"},
        "ref f3_{target} does not exist; number {number} was given out as {target}",
    ),
    Row("resolve_container", {"ref": "{stale}"}, STALE),
    Row("resolve_container", {"ref": "{admin_ref}"}, CROSS_ROLE),
    Row("browser_click", {"ref": "{stale}"}, STALE),
    Row("browser_hover", {"ref": "{admin_ref}"}, CROSS_ROLE),
    Row("browser_type", {"ref": "e0", "text": "x"}, f"'e0' is not a ref: {REF_FORMS}."),
    Row(
        "browser_type",
        {"ref": "{target}", "text": "x"},
        'cannot type {target} (button "Add to Cart") after 0.5 s of retries: it does not take text (not an input, '
        "textarea or contenteditable element, or read-only); type into a textbox ref instead.",
    ),
    Row(
        "browser_select_option",
        {"ref": "{target}", "values": ["x"]},
        'cannot select {target} (button "Add to Cart"): it is not a <select>; for a custom dropdown, click it, then '
        "click the option.",
    ),
    Row(
        "browser_click",
        {},
        "give the element to act on: ref (from browser_snapshot, e.g. e12) or element (its text or label, e.g. "
        "'Sign in', or a CSS selector)",
    ),
    # ancestorLevel: 0, negative, fractional, huge, past <body>, missing, a word
    Row(
        "inspect_pattern",
        {"ref": "{target}", "ancestorLevel": 0},
        LEVEL.format(tool="inspect_pattern", why="input should be greater than or equal to 1 (got 0)"),
    ),
    Row(
        "inspect_pattern",
        {"ref": "{target}", "ancestorLevel": -3},
        LEVEL.format(tool="inspect_pattern", why="input should be greater than or equal to 1 (got -3)"),
    ),
    Row(
        "extract_anchors",
        {"ref": "{target}", "ancestorLevel": 1.5},
        LEVEL.format(tool="extract_anchors", why="input should be a valid integer (got 1.5)"),
    ),
    Row(
        "extract_anchors",
        {"ref": "{target}", "ancestorLevel": 10**9},
        LEVEL.format(tool="extract_anchors", why="input should be less than or equal to 10000 (got 1000000000)"),
    ),
    Row(
        "inspect_pattern",
        {"ref": "{target}", "ancestorLevel": 99},
        "ancestorLevel is out of range for {target}: valid levels are 1..4 (1 = parent; <body> is not counted). "
        "resolve_container lists them.",
    ),
    Row(
        "inspect_pattern",
        {"ref": "{target}"},
        "inspect_pattern: ancestorLevel is required. It takes: ref (string), ancestorLevel (integer 1..10000).",
    ),
    Row(
        "extract_anchors",
        {"ref": "{target}", "ancestorLevel": "two"},
        LEVEL.format(tool="extract_anchors", why="input should be a valid integer (got 'two')"),
    ),
    # snapshot and initialize arguments
    Row(
        "browser_snapshot",
        {"maxchars": 100},
        f"browser_snapshot got unknown argument(s) maxchars; it takes: {SNAPSHOT_ARGS}",
    ),
    Row(
        "browser_snapshot",
        {"maxChars": 10},
        f"browser_snapshot: maxChars: input should be greater than or equal to 200 (got 10). It takes: {SNAPSHOT_ARGS}.",
    ),
    Row(
        "browser_snapshot",
        {"depth": 0},
        f"browser_snapshot: depth: input should be greater than or equal to 1 (got 0). It takes: {SNAPSHOT_ARGS}.",
    ),
    Row(
        "browser_initialize",
        {"headless": False},
        "browser_initialize got unknown argument(s) headless; it takes: no arguments",
    ),
    # URLs: empty, relative, javascript:, chrome://, slower than --timeout-navigation (the page stays)
    Row("browser_navigate", {"url": ""}, "url is empty: pass an absolute URL such as https://example.com/"),
    Row(
        "browser_navigate",
        {"url": "shop.html"},
        "url 'shop.html' is relative: pass an absolute URL with its scheme, such as http://localhost:3000/shop.html",
    ),
    Row(
        "browser_navigate",
        {"url": "localhost:3000/shop.html"},
        "url 'localhost:3000/shop.html' has no scheme: pass an absolute URL such as http://localhost:3000/shop.html",
    ),
    Row(
        "browser_navigate",
        {"url": "data:text/html,<h1>Mine</h1>"},
        "data: URLs are not opened: a data URL carries its own page and scripts, and verdex runs no JavaScript you "
        "write; serve the page over http (or use --allow-file-urls and a file: URL)",
    ),
    Row(
        "browser_navigate",
        {"url": "javascript:alert(document.cookie)"},
        "javascript: URLs are not navigations; verdex does not run page JavaScript through browser_navigate",
    ),
    Row(
        "browser_navigate",
        {"url": "chrome://settings"},
        "url 'chrome://settings' has scheme 'chrome'; verdex opens http, https and about URLs (file URLs with "
        "--allow-file-urls)",
    ),
    Row(
        "browser_navigate",
        {"url": "{base}slow?ms=4000"},
        "navigating to {base}slow?ms=4000 did not start within 1.5 s; the page stays at {base}shop.html. Check that the "
        "server answers, then call browser_navigate again (or raise --timeout-navigation for slow pages).",
    ),
    # Inputs past their size limits (issue 19, item 8): refused by the schema, and the error quotes 200 characters
    Row(
        "browser_navigate",
        {"url": "http://127.0.0.1/" + "a" * BIG},
        "browser_navigate: url: string should have at most 8192 characters (got 'http://127.0.0.1/"
        + "a" * 183
        + f"…' ({BIG + 17} characters)). It takes: url (string).",
    ),
    Row(
        "resolve_container",
        {"ref": "e" * BIG},
        f"resolve_container: ref: string should have at most 32 characters (got '{'e' * 200}…' ({BIG} characters)). "
        "It takes: ref (string).",
    ),
    Row(
        "browser_click",
        {"element": "x" * BIG},
        f"browser_click: element: string should have at most 500 characters (got '{'x' * 200}…' ({BIG} characters)). "
        "It takes: ref (string, optional), element (string, optional).",
    ),
    Row(
        "browser_type",
        {"ref": "{target}", "text": "t" * BIG},
        f"browser_type: text: string should have at most 10000 characters (got '{'t' * 200}…' ({BIG} characters)). "
        "It takes: text (string), ref (string, optional), element (string, optional), submit (boolean, optional).",
    ),
    Row(
        "verify_locator",
        {"locator": "page.getByText('" + "y" * 5000 + "')"},
        "verify_locator: locator: string should have at most 4000 characters (got \"page.getByText('"
        + "y" * 184
        + '…" (5018 characters)). It takes: locator (string), ref (string, optional), role (string, optional).',
    ),
    Row(
        "browser_select_option",
        {"ref": "{target}", "values": ["v"] * 1000},
        "browser_select_option: values: list should have at most 100 items after validation, not 1000 (got "
        + repr(["v"] * 1000)[:200]
        + "… (5000 characters)). It takes: values (array), ref (string, optional), element (string, optional).",
    ),
    Row(
        "wait_for_browser",
        {"text": "w" * BIG, "timeoutMs": 100},
        f"wait_for_browser: text: string should have at most 10000 characters (got '{'w' * 200}…' ({BIG} characters)). "
        f"It takes: {WAIT_ARGS}.",
    ),
    Row(
        "browser_snapshot",
        {"z" * BIG: 1},
        f"browser_snapshot got unknown argument(s) {'z' * 200}… ({BIG} characters); it takes: {SNAPSHOT_ARGS}",
    ),
    # Inputs of the wrong type or shape (issue 19, item 9): strict types, bounded chords, URLs the parser refuses
    Row(
        "browser_snapshot",
        {"depth": True},
        f"browser_snapshot: depth: input should be a valid integer (got True). It takes: {SNAPSHOT_ARGS}.",
    ),
    Row(
        "browser_run_plan",
        {"steps": [{"action": "waitFor", "ms": True}]},
        "browser_run_plan: steps.0.waitFor.ms: input should be a valid integer (got True). It takes: steps (array).",
    ),
    Row(
        "browser_press_key",
        {"key": "Shift+" * 5000 + "a"},
        "browser_press_key: key: string should have at most 64 characters (got '"
        + ("Shift+" * 34)[:200]
        + "…' (30001 characters)). It takes: key (string).",
    ),
    Row(
        "browser_press_key",
        {"key": "Shift+Control+Alt+Meta+Shift+a"},
        "key 'Shift+Control+Alt+Meta+Shift+a' has 5 modifiers: a chord is at most the 4 modifiers (Shift, Control, "
        "Alt, Meta, each once) and one key, e.g. Control+Shift+ArrowLeft",
    ),
    Row(
        "browser_navigate",
        {"url": "http://[::1/"},
        "url 'http://[::1/' is not a valid URL: its IPv6 address has no closing ]; pass an absolute URL such as "
        "http://[::1]:8000/",
    ),
    Row(
        "browser_navigate",
        {"url": "http://127.0.0.1/a\x00b"},
        "url 'http://127.0.0.1/a\\x00b' is not a valid URL: it holds the control character U+0000 at position 18; "
        "percent-encode it (%00) if the server expects it",
    ),
    Row(
        "browser_navigate",
        {"url": "http://127.0.0.1:99999/"},
        "url 'http://127.0.0.1:99999/' is not a valid URL: its port 99999 is not a number from 0 to 65535",
    ),
    Row(
        "browser_navigate",
        {"url": "http:///shop.html"},
        "url 'http:///shop.html' is not a valid URL: it has no host; pass an absolute URL such as "
        "http://localhost:3000/shop.html",
    ),
    Row(
        "browser_navigate",
        {"url": "http://[::1]x/"},
        "url 'http://[::1]x/' is not a valid URL: after the ] of its IPv6 address comes 'x', not a port (:8000) or a "
        "path",
    ),
    # keys and waits
    Row(
        "browser_press_key",
        {"key": "Hyper+a"},
        "unknown modifier 'Hyper' in 'Hyper+a': use Shift, Control, Alt or Meta, e.g. Shift+Tab",
    ),
    Row(
        "browser_press_key",
        {"key": ""},
        "key is empty: pass a key name such as Enter, Tab, Escape, ArrowDown or a single character",
    ),
    Row(
        "wait_for_browser",
        {"milliseconds": 10, "text": "x"},
        "give exactly one of milliseconds, text, textGone (got milliseconds, text)",
    ),
    Row("wait_for_browser", {}, "give exactly one of milliseconds, text, textGone (got none)"),
    Row(
        "wait_for_browser",
        {"milliseconds": -5},
        f"wait_for_browser: milliseconds: input should be greater than or equal to 0 (got -5). It takes: {WAIT_ARGS}.",
    ),
    Row(
        "wait_for_browser",
        {"text": "Never on this page", "timeoutMs": 300},
        "timed out after 300 ms waiting for text 'Never on this page' to appear; call browser_snapshot to see the page",
    ),
    # locators: unparsable, not a locator, a bad regular expression, an option Playwright rejects
    Row(
        "verify_locator",
        {"locator": "page.getByRole('button'"},
        "expected ',' or ')' to close getByRole(, but the locator ends here (line 1, column 24):\n"
        "  page.getByRole('button'\n"
        "                         ^",
    ),
    Row(
        "verify_locator",
        {"locator": "page.$('button')"},
        "$() acts on or reads the element; it is not part of a locator. Pass only the locator (drop .$(...)) "
        "(line 1, column 6):\n  page.$('button')\n       ^",
    ),
    Row(
        "verify_locator",
        {"locator": "page.getByText(/(unclosed/)"},
        "Playwright would fail on this locator: invalid regular expression /(unclosed/: Invalid regular expression: "
        "/(unclosed/: Unterminated group (line 1, column 6):\n  page.getByText(/(unclosed/)\n       ^^^^^^^^^^^^^^^^^^^^^^",
    ),
    Row(
        "verify_locator",
        {"locator": "page.getByRole('button', { nme: 'Add' })"},
        "getByRole() has no option 'nme'; it takes role, options (checked, disabled, expanded, includeHidden, level, "
        "name, pressed, selected, exact) (line 1, column 28):\n  page.getByRole('button', { nme: 'Add' })\n"
        "                             ^^^",
    ),
    # roles: unknown, auth files gone bad after the start
    Row(
        "select_role",
        {"role": "nobody"},
        "there is no role 'nobody'; the roles are shopper, admin, broken, missing (set with verdex serve --role NAME "
        "AUTH_FILE [DEFAULT_URL])",
    ),
    Row(
        "select_role",
        {"role": "broken"},
        "role 'broken' could not start: auth file {broken} is not JSON: Expecting property name enclosed in double "
        f"quotes (line 1, column 2). {AUTH_HINT}",
    ),
    Row(
        "select_role",
        {"role": "missing"},
        f"role 'missing' could not start: auth file {{missing}} does not exist. {AUTH_HINT}",
    ),
    Row(
        "save_role_state",
        {"path": ""},
        "path is empty: pass a file name such as playwright/.auth/admin.json, or leave it out",
    ),
    # dialogs, tabs, plans
    Row("browser_handle_dialog", {"accept": True}, "no dialog is open in role 'shopper'; there is nothing to answer"),
    Row(
        "browser_tabs",
        {"action": "select", "index": 9},
        "there is no tab [9]: role 'shopper' has 1 tab (0..0); browser_tabs list shows them",
    ),
    Row(
        "browser_tabs",
        {"action": "close"},
        "tab [0] is the only tab of role 'shopper'; navigate it elsewhere instead of closing it",
    ),
    Row(
        "browser_run_plan",
        {"steps": []},
        "browser_run_plan: steps: list should have at least 1 item after validation, not 0 (got []). It takes: steps "
        "(array).",
    ),
    Row(
        "browser_run_plan",
        {"steps": [{"action": "fly"}]},
        "browser_run_plan: steps.0: input tag 'fly' found using 'action' does not match any of the expected tags: "
        "'navigate', 'click', 'type', 'select', 'press', 'waitFor' (got {'action': 'fly'}). It takes: steps (array).",
    ),
    # URLs that move the page: unreachable (an error), 404 and 500 (pages that load: their status is reported)
    Row(
        "browser_navigate",
        {"url": "{dead}"},
        "could not open {dead}: net::ERR_CONNECTION_REFUSED (nothing is listening there; start the server or fix the "
        "port). The tab now shows the browser's error page (it was at {base}shop.html); call browser_navigate with a "
        "working URL.",
        then=("browser_navigate", {"url": "{base}shop.html"}, SHOP),
    ),
    Row(
        "browser_navigate",
        {"url": "{base}status/404"},
        'Navigated to {base}status/404 (HTTP 404 Not Found). Title: "404 Not Found". Next: browser_snapshot.',
        error=False,
        then=(
            "browser_snapshot",
            {},
            'Page: "404 Not Found" ({base}status/404)\n- heading "Not Found" [level=1] [ref=e85]',
        ),
    ),
    Row(
        "browser_navigate",
        {"url": "{base}status/500"},
        'Navigated to {base}status/500 (HTTP 500 Internal Server Error). Title: "500 Internal Server Error". Next: '
        "browser_snapshot.",
        error=False,
        then=(
            "browser_snapshot",
            {},
            'Page: "500 Internal Server Error" ({base}status/500)\n- heading "Internal Server Error" [level=1] [ref=e86]',
        ),
    ),
]


def _fill(value: Any, names: dict[str, str]) -> Any:
    """``value`` with each ``{name}`` of ``names`` replaced (other braces, as in JSON, stay)."""
    if isinstance(value, str):
        return re.sub(r"\{(\w+)\}", lambda match: names.get(match.group(1), match.group(0)), value)
    if isinstance(value, dict):
        return {key: _fill(item, names) for key, item in value.items()}
    if isinstance(value, list):
        return [_fill(item, names) for item in value]
    return value


def _ref(snapshot: str, line_start: str) -> str:
    for line in snapshot.splitlines():
        if line.lstrip().removeprefix("- ").startswith(line_start):
            match = re.search(r"\[ref=([a-z0-9_]+)\]", line)
            assert match, line
            return match.group(1)
    raise AssertionError(f"no line {line_start!r} in\n{snapshot}")


async def test_bad_inputs_give_exact_errors_and_the_session_goes_on(
    serve: Serve, fixture_url: URL, tmp_path: Path
) -> None:
    broken, missing = tmp_path / "broken.json", tmp_path / "missing.json"
    for path in (broken, missing):
        path.write_text(json.dumps({"cookies": [], "origins": []}))
    roles = ["--role", "shopper", "none", "--role", "admin", "none"]
    roles += ["--role", "broken", str(broken), "--role", "missing", str(missing)]
    async with serve(*roles, "--timeout-navigation", "1500", "--timeout-action", "500") as tools:
        await tools.ok("browser_navigate", url=fixture_url("login.html"))
        stale = _ref((await tools.ok("browser_snapshot")).text, 'textbox "Email"')
        await tools.ok("select_role", role="admin")
        await tools.ok("browser_navigate", url=fixture_url("shop.html"))
        admin_ref = _ref((await tools.ok("browser_snapshot")).text, 'button "Add to Cart"')
        await tools.ok("select_role", role="shopper")
        await tools.ok("browser_navigate", url=fixture_url("shop.html"))
        target = _ref((await tools.ok("browser_snapshot")).text, 'button "Add to Cart"')
        baseline = (await tools.ok("resolve_container", ref=target)).text
        broken.write_text("{not json")
        missing.unlink()
        names = {
            "base": fixture_url(""),
            "target": target,
            "stale": stale,
            "admin_ref": admin_ref,
            "dead": f"http://127.0.0.1:{unused_port()}/",
            "broken": str(broken),
            "missing": str(missing),
            "number": target.removeprefix("e"),
        }
        failures: list[str] = []
        for index, row in enumerate(ROWS):
            arguments = _fill(row.arguments, names)
            answer = await tools.call(row.tool, **arguments)
            expected = _fill(row.answer, names)
            # Argument validation answers name the tool themselves; the tools' own errors get the SDK's prefix.
            if row.error and not expected.startswith(row.tool):
                expected = f"Error executing tool {row.tool}: {expected}"
            if (answer.is_error, answer.text) != (row.error, expected):
                shown = str(arguments)[:300]  # an oversized argument is not printed whole
                failures.append(f"[{index}] {row.tool}({shown}) -> isError={answer.is_error}\n{answer.text[:1000]}")
            tool, follow_args, follow_text = row.then or ("resolve_container", {"ref": target}, baseline)
            after = await tools.call(tool, **_fill(follow_args, names))
            if after.is_error or after.text != _fill(follow_text, names):
                failures.append(f"[{index}] follow-up {tool} -> isError={after.is_error}\n{after.text}")
        assert failures == [], "\n\n".join(failures)
    assert len(ROWS) >= 30


async def test_a_catastrophic_url_pattern_runs_in_linear_time(tools: Tools, fixture_url: URL) -> None:
    """A plan's urlMatches pattern runs in the server's process: a linear-time engine (RE2), so (a+)+$ on a URL
    ending in 40 a's and ! answers at once (issue 19, item 1); a pattern RE2 cannot take is a validation error."""
    url = fixture_url("shop.html?" + "a" * 40 + "!")
    with trio.fail_after(30):  # before the fix the server never answered again
        failed = await tools.error(
            "browser_run_plan",
            steps=[
                {"action": "navigate", "url": url},
                {"action": "press", "key": "Tab", "preconditions": [{"type": "urlMatches", "pattern": "(a+)+$"}]},
            ],
        )
    assert failed.splitlines()[0] == (
        f"Error executing tool browser_run_plan: Plan failed at step [1] press Tab: precondition urlMatches('(a+)+$') "
        f"failed: the URL is {url}."
    )
    assert (await tools.ok("get_current_role")).text == f"Current role: default, started, page at {url}."
    matched = await tools.ok(
        "browser_run_plan",
        steps=[{"action": "press", "key": "Tab", "preconditions": [{"type": "urlMatches", "pattern": r"\?a{40}!$"}]}],
    )
    assert matched.text.startswith("Plan done: 1 step(s) in ")
    refused = await tools.error(
        "browser_run_plan",
        steps=[{"action": "press", "key": "Tab", "preconditions": [{"type": "urlMatches", "pattern": r"(a)\1"}]}],
    )
    assert refused == (
        "browser_run_plan: steps.0.press.preconditions.0.urlMatches.pattern: value error, not a regular expression "
        "verdex can run: invalid escape sequence: \\1 (patterns are RE2 syntax, matched in linear time: no "
        "backreferences or lookaround) (got '(a)\\\\1'). It takes: steps (array)."
    )
