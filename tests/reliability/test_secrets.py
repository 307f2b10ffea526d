"""Secrets stay out of answers and logs: typed passwords, secret fields, an auth file's cookies and storage.

One ``verdex serve --log-level debug`` subprocess, its stderr in a file: a role logs in with an
auth file holding a cookie and a localStorage item, secret values are typed into every kind of
secret field, a plan types a password and fails a condition on it, the role's state is saved.
No answer (text or structured content) and no line of stderr holds any of the values; the
snapshot shows every secret field as ``••••`` and the other fields as typed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mcp import Client
from mcp.client.stdio import stdio_client

from tests.mcp_client import Tools, serve_parameters

URL = Callable[[str], str]

COOKIE_VALUE = "ck-7f3a9b1c2d"
LOCAL_VALUE = "ls-91c2e4f5a6"
PASSWORD = "pw-hunter2-x9"

#: Field (its ref on secret-fields.html) -> the value typed; the secret ones are masked in snapshots.
TYPED = {
    "e4": "ada@example.com",
    "e6": PASSWORD,
    "e8": "pw-current-77",
    "e10": "pw-new-88",
    "e12": "otp-424242",
    "e14": "cc-4242424242424242",
    "e16": "csc-737",
    "e18": "exp-12/29",
    "e20": "month-12",
    "e22": "Ada Lovelace",
    "e24": "note-otp-99",
}
SHOWN = {"e4", "e22"}


def _auth_file(path: Path, origin: str) -> Path:
    host = origin.split("//", 1)[1].split(":", 1)[0]
    state = {
        "cookies": [
            {
                "name": "sid",
                "value": COOKIE_VALUE,
                "domain": host,
                "path": "/",
                "expires": -1,
                "httpOnly": True,
                "secure": False,
                "sameSite": "Lax",
            }
        ],
        "origins": [{"origin": origin, "localStorage": [{"name": "draft", "value": LOCAL_VALUE}]}],
    }
    path.write_text(json.dumps(state))
    return path


async def test_secrets_stay_out_of_answers_and_debug_logs(cdp_endpoint: str, fixture_url: URL, tmp_path: Path) -> None:
    page = fixture_url("secret-fields.html")
    auth = _auth_file(tmp_path / "member.json", fixture_url("").rstrip("/"))
    answers: list[str] = []

    async def call(tools: Tools, tool: str, **arguments: Any) -> str:
        answer = await tools.call(tool, **arguments)
        answers.extend([answer.text, json.dumps(answer.data)])
        return answer.text

    parameters = serve_parameters(
        "--cdp-endpoint",
        cdp_endpoint,
        "--log-level",
        "debug",
        "--timeout-action",
        "500",
        "--role",
        "member",
        str(auth),
        page,
    )
    parameters.cwd = tmp_path
    stderr = tmp_path / "stderr.log"
    with stderr.open("w") as errlog:
        async with Client(stdio_client(parameters, errlog=errlog)) as client:
            tools = Tools(client)
            await call(tools, "browser_snapshot")
            for ref, value in TYPED.items():
                typed = await call(tools, "browser_type", ref=ref, text=value)
                assert typed.startswith("Typed into textbox"), typed
            snapshot = (await call(tools, "browser_snapshot")).splitlines()
            assert [line.strip() for line in snapshot if "textbox" in line] == [
                '- textbox "Email" [ref=e4]: ada@example.com',
                '- textbox "Password" [ref=e6]: ••••',
                '- textbox "Current password (shown)" [ref=e8]: ••••',
                '- textbox "New password" [ref=e10]: ••••',
                '- textbox "One-time code" [ref=e12]: ••••',
                '- textbox "Card number" [ref=e14]: ••••',
                '- textbox "Security code" [ref=e16]: ••••',
                '- textbox "Expiry" [ref=e18]: ••••',
                '- textbox "Expiry month" [ref=e20]: ••••',
                '- textbox "Name on card" [ref=e22]: Ada Lovelace',
                '- textbox "Recovery note" [active] [ref=e24]: ••••',
            ]
            # A plan types the password, then a condition on the field fails: the error shows no value.
            failed = await call(
                tools,
                "browser_run_plan",
                steps=[
                    {
                        "action": "type",
                        "ref": "e6",
                        "text": PASSWORD,
                        "timeoutMs": 300,
                        "postconditions": [{"type": "elementTextContains", "ref": "e6", "text": "something else"}],
                    }
                ],
            )
            assert failed.splitlines()[0] == (
                "Error executing tool browser_run_plan: Plan failed at step [0] type e6: postcondition "
                'elementTextContains(\'something else\', e6) failed: e6 (textbox "Password") has value "••••" '
                "(checked for 300 ms)."
            )
            for tool, arguments in [
                ("resolve_container", {"ref": "e6"}),
                ("extract_anchors", {"ref": "e6", "ancestorLevel": 2}),
                ("verify_locator", {"locator": "page.getByLabel('Password', { exact: true })", "ref": "e6"}),
                ("get_current_role", {}),
                ("list_current_roles", {}),
                ("save_role_state", {"path": "saved.json"}),
            ]:
                await call(tools, tool, **arguments)
    saved = json.loads((tmp_path / "saved.json").read_text())
    assert [cookie["value"] for cookie in saved["cookies"]] == [COOKIE_VALUE]  # the state was really applied
    assert saved["origins"][0]["localStorage"] == [{"name": "draft", "value": LOCAL_VALUE}]
    log = stderr.read_text()
    assert "applied 1 cookie(s) and localStorage of 1 origin(s)" in log  # debug logging was on
    everything = "\n".join(answers)
    for secret in [COOKIE_VALUE, LOCAL_VALUE, *(value for ref, value in TYPED.items() if ref not in SHOWN)]:
        assert secret not in everything, secret
        assert secret not in log, secret


HOSTILE_SECRET = "pw-mirrored-4471"
PREFILLED = "pw-prefilled-6620"  # the page's own: the server never typed it
URL_SECRET = "url-pass-9913"
QUERY_SECRET = "q-token-5580"  # a query parameter named token


async def test_one_masking_rule_covers_conditions_mirrors_revealed_fields_urls_logs_and_the_trace(
    cdp_endpoint: str, fixture_url: URL, tmp_path: Path
) -> None:
    """Issue 19, item 6: a secret field's value never leaves the server, wherever it shows up: a plan's attrEquals
    on it (the error, the trace, the debug log), a field the page switches to type=text ("show password"), the
    attributes and text the page mirrors it into (extract_anchors, snapshot); and URL credentials
    (http://user:••••@host/) and secret query parameters (?token=••••) in every answer, the log and the trace."""
    page = fixture_url("hostile/secrets.html")
    with_credentials = page.replace("http://", f"http://ada:{URL_SECRET}@")
    masked_url = page.replace("http://", "http://ada:••••@")
    trace = tmp_path / "trace.jsonl"
    answers: list[str] = []

    async def call(tools: Tools, tool: str, **arguments: Any) -> str:
        answer = await tools.call(tool, **arguments)
        answers.extend([answer.text, json.dumps(answer.data, ensure_ascii=False)])
        return answer.text

    parameters = serve_parameters(
        "--cdp-endpoint", cdp_endpoint, "--log-level", "debug", "--timeout-action", "500", "--trace", str(trace)
    )
    stderr = tmp_path / "stderr.log"
    with stderr.open("w") as errlog:
        async with Client(stdio_client(parameters, errlog=errlog)) as client:
            tools = Tools(client)
            navigated = await call(tools, "browser_navigate", url=with_credentials)
            assert navigated.startswith(f"Navigated to {masked_url} (HTTP 200 OK).")
            assert (await call(tools, "get_current_role")).startswith("Current role: default, started, page at http")
            assert URL_SECRET not in await call(tools, "list_current_roles")
            await call(tools, "browser_navigate", url=page)
            await call(tools, "browser_snapshot")
            typed = await call(tools, "browser_type", ref="e3", text=HOSTILE_SECRET)
            assert typed.startswith('Typed into textbox "Password" [ref=e3].')
            # The page mirrors the value into a title, a value attribute and a text.
            snapshot = (await call(tools, "browser_snapshot")).splitlines()
            assert snapshot[1:] == [
                "- main [ref=e1]:",
                '  - heading "Sign in" [level=1] [ref=e2]',
                "  - generic:",
                "    - text: Password",
                '    - textbox "Password" [active] [ref=e3]: ••••',
                "    - text: Saved password",
                '    - textbox "Saved password" [ref=e4]: ••••',
                '    - button "Show passwords" [ref=e5]',
                "    - text: Strength",
                "    - paragraph: You typed ••••",
            ]
            anchors = await call(tools, "extract_anchors", ref="e3", ancestorLevel=1)
            assert '"title":"••••"' in anchors
            # "Show passwords": the fields are type=text now, and stay masked (the bridge remembers them).
            await call(tools, "browser_click", ref="e5")
            shown = (await call(tools, "browser_snapshot")).splitlines()
            assert '    - textbox "Password" [ref=e3]: ••••' in shown
            assert '    - textbox "Saved password" [ref=e4]: ••••' in shown
            failed = await call(
                tools,
                "browser_run_plan",
                steps=[
                    {
                        "action": "click",
                        "ref": "e3",
                        "preconditions": [{"type": "attrEquals", "name": "value", "value": HOSTILE_SECRET + "x"}],
                    }
                ],
            )
            assert failed.splitlines()[0] == (
                "Error executing tool browser_run_plan: Plan failed at step [0] click e3: precondition "
                'attrEquals(value="••••") failed: e3 (textbox "Password"): value is "••••".'
            )
            await call(
                tools,
                "browser_run_plan",
                steps=[
                    {
                        "action": "click",
                        "ref": "e3",
                        "preconditions": [{"type": "attrEquals", "name": "value", "value": HOSTILE_SECRET}],
                    }
                ],
            )
            # A secret query parameter: masked in the navigation's answer, the role tools, the tab list, the
            # snapshot and an error that quotes the URL.
            with_token, masked_token = f"{page}?token={QUERY_SECRET}&step=2", f"{page}?token=••••&step=2"
            navigated = await call(tools, "browser_navigate", url=with_token)
            assert navigated == f'Navigated to {masked_token} (HTTP 200 OK). Title: "Sign in". Next: browser_snapshot.'
            role = await call(tools, "get_current_role")
            assert role == f"Current role: default, started, page at {masked_token}."
            roles = await call(tools, "list_current_roles")
            assert roles.splitlines()[1] == f"- default (current): started, page at {masked_token}; no auth file"
            tabs = await call(tools, "browser_tabs", action="list")
            assert tabs == f"Tabs of role 'default':\n- [0] \"Sign in\": {masked_token} (selected)"
            assert (await call(tools, "browser_snapshot")).splitlines()[0] == f'Page: "Sign in" ({masked_token})'
            unmatched = await call(
                tools,
                "browser_run_plan",
                steps=[{"action": "press", "key": "Tab", "preconditions": [{"type": "urlMatches", "pattern": "x$"}]}],
            )
            assert unmatched.splitlines()[0] == (
                "Error executing tool browser_run_plan: Plan failed at step [0] press Tab: precondition "
                f"urlMatches('x$') failed: the URL is {masked_token}."
            )
    log = stderr.read_text()
    assert "Tool 'browser_run_plan' failed" in log  # debug logging was on, errors logged
    recorded = trace.read_text(encoding="utf-8")
    assert "ada:••••@" in recorded
    assert "?token=<masked>&step=2" in recorded
    everything = "\n".join(answers)
    for secret in (HOSTILE_SECRET, PREFILLED, URL_SECRET, QUERY_SECRET):
        assert secret not in everything, secret
        assert secret not in log, secret
        assert secret not in recorded, secret
