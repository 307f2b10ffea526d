"""``verdex serve --trace`` records a session on the marketplace; ``verdex replay`` reproduces it."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import trio

from tests.e2e.conftest import Serve
from tests.e2e.snapshots import ref
from tests.support import Marketplace


async def _replay(trace: Path, cdp_endpoint: str, *extra: str) -> tuple[int, str]:
    with trio.fail_after(120):
        result = await trio.run_process(
            [sys.executable, "-m", "verdex", "replay", str(trace), "--cdp-endpoint", cdp_endpoint, *extra],
            capture_stdout=True,
            capture_stderr=True,
            check=False,
        )
    return result.returncode, result.stdout.decode()


async def test_trace_then_replay(serve: Serve, marketplace: Marketplace, tmp_path: Path, cdp_endpoint: str) -> None:
    url = marketplace.url
    trace = tmp_path / "trace.jsonl"
    async with serve("--trace", trace, "--timeout-action", "1000") as tools:
        await tools.ok("browser_navigate", url=url + "login")
        page = (await tools.ok("browser_snapshot")).text
        await tools.ok("browser_type", ref=ref(page, '- textbox "Email"'), text="customer@market.test")
        await tools.ok("browser_type", ref=ref(page, '- textbox "Password"'), text="customer-pass")
        await tools.ok("browser_click", ref=ref(page, '- button "Sign in"'))
        page = (await tools.ok("browser_snapshot")).text
        add = ref(page, '- button "Add to cart"')
        await tools.ok("resolve_container", ref=add)
        await tools.ok("inspect_pattern", ref=add, ancestorLevel=2)
        await tools.error("browser_click", ref="e999")
        await tools.ok("browser_click", ref=add)

    text = trace.read_text(encoding="utf-8")
    assert "customer-pass" not in text
    entries = [json.loads(line) for line in text.splitlines()]
    assert [e["tool"] for e in entries] == [
        "browser_navigate",
        "browser_snapshot",
        "browser_type",
        "browser_type",
        "browser_click",
        "browser_snapshot",
        "resolve_container",
        "inspect_pattern",
        "browser_click",
        "browser_click",
    ]
    assert [e["outcome"] for e in entries] == ["ok"] * 8 + ["error", "ok"]
    password = entries[3]
    assert password["arguments"] == {"ref": "e8", "text": "<masked>"}
    assert password["masked"] == [{"path": "text", "reason": "password field", "field": "Password"}]
    assert entries[2]["arguments"] == {"ref": "e7", "text": "customer@market.test"}
    assert "masked" not in entries[2]
    sign_in = entries[4]
    assert (sign_in["role"], sign_in["urlBefore"], sign_in["urlAfter"]) == ("default", url + "login", url + "products")
    assert sign_in["refs"] == [{"ref": "e9", "role": "button", "name": "Sign in"}]
    assert entries[1]["snapshotRefs"] == [
        ["e1", "banner", ""],
        ["e2", "link", "Market"],
        ["e3", "complementary", "Tips"],
        ["e4", "button", "Dismiss tips"],
        ["e5", "main", ""],
        ["e6", "heading", "Sign in"],
        ["e7", "textbox", "Email"],
        ["e8", "textbox", "Password"],
        ["e9", "button", "Sign in"],
    ]
    assert entries[6]["refs"] == [{"ref": "e21", "role": "button", "name": "Add to cart"}]
    assert entries[8]["error"] == (
        "Error executing tool browser_click: ref e999 was never given out in this session; "
        "call browser_snapshot and use a ref it prints"
    )
    assert entries[0]["urlBefore"] is None
    assert all(isinstance(e["durationMs"], int) and e["time"].endswith("+00:00") for e in entries)

    code, out = await _replay(trace, cdp_endpoint, "--secret", "Password=customer-pass")
    assert out.splitlines() == [
        f'[0] browser_navigate(url="{url}login"): ok (trace: ok) same',
        "[1] browser_snapshot(): ok (trace: ok) same",
        '[2] browser_type(ref="e7", text="customer@market.test"): ok (trace: ok) same',
        '[3] browser_type(ref="e8", text="<masked>"): ok (trace: ok) same',
        '[4] browser_click(ref="e9"): ok (trace: ok) same',
        "[5] browser_snapshot(): ok (trace: ok) same",
        '[6] resolve_container(ref="e21"): ok (trace: ok) same',
        '[7] inspect_pattern(ref="e21", ancestorLevel=2): ok (trace: ok) same',
        '[8] browser_click(ref="e999"): error (trace: error) same',
        '[9] browser_click(ref="e21"): ok (trace: ok) same',
        "replayed 10 call(s): 10 same, 0 differ",
    ]
    assert code == 0

    # Without the password the sign-in fails: the replay says where it diverged and exits 1.
    code, out = await _replay(trace, cdp_endpoint)
    lines = out.splitlines()
    assert lines[4] == (f'[4] browser_click(ref="e9"): ok (trace: ok) DIFFERS: URL {url}login, trace {url}products')
    assert lines[-1].startswith("replayed 10 call(s): ")
    assert code == 1


async def test_trace_masks_text_typed_by_description(
    serve: Serve, fixture_url: Callable[[str], str], tmp_path: Path
) -> None:
    trace = tmp_path / "trace.jsonl"
    async with serve("--trace", trace, "--timeout-action", "1000") as tools:
        await tools.ok("browser_navigate", url=fixture_url("login.html"))
        await tools.ok("browser_type", element="Email", text="ada@example.com")
        secret = await tools.ok("browser_type", element="Password", text="hunter2-secret")
        assert secret.data["secret"] is True
        await tools.error("browser_type", element="Shoe size", text="forty-two")
    text = trace.read_text(encoding="utf-8")
    assert "hunter2-secret" not in text
    assert "forty-two" not in text
    entries = [json.loads(line) for line in text.splitlines()]
    email, password, failed = entries[1:]
    # The field is known only from the answer: a normal field's text stays, a secret one's is masked,
    # and when the call failed (no field was found) the text is masked too.
    assert email["arguments"] == {"element": "Email", "text": "ada@example.com"}
    assert "masked" not in email
    assert email["refs"] == [{"ref": "e1", "role": "textbox", "name": "Email"}]
    assert password["arguments"] == {"element": "Password", "text": "<masked>"}
    assert password["masked"] == [{"path": "text", "reason": "password field", "field": "Password"}]
    assert failed["arguments"] == {"element": "Shoe size", "text": "<masked>"}
    assert failed["masked"] == [{"path": "text", "reason": "typed text of a failed call by description", "field": ""}]
