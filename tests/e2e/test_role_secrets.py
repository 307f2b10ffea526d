"""Cookie and storage values never appear in a tool answer (text or structured content) or in the logs."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest
from mcp import Client

from tests.mcp_client import Tools
from tests.support import Marketplace
from verdex.browser.launcher import BrowserOptions
from verdex.server.app import build_server
from verdex.server.config import RoleConfig, ServerConfig
from verdex.server.session import open_session

COOKIE_VALUE = "cookie-VALUE-7f3a9"
LOCAL_VALUE = "local-VALUE-91c2e"


async def test_values_stay_out_of_answers_and_logs(
    marketplace: Marketplace, cdp_endpoint: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    admin = json.loads(marketplace.auth["admin"].read_text())
    token = admin["cookies"][0]["value"]
    admin["cookies"].append({**admin["cookies"][0], "name": "pref", "value": COOKIE_VALUE, "httpOnly": False})
    admin["origins"] = [{"origin": marketplace.origin, "localStorage": [{"name": "draft", "value": LOCAL_VALUE}]}]
    good = tmp_path / "admin.json"
    good.write_text(json.dumps(admin))
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"cookies": [{"name": "sid", "value": COOKIE_VALUE, "expires": "soon"}]}))
    expired = tmp_path / "expired.json"
    expired.write_text(json.dumps({"cookies": [{**admin["cookies"][1], "expires": 1}]}))
    config = ServerConfig(
        browser=BrowserOptions(cdp_endpoint=cdp_endpoint),
        roles=(
            RoleConfig("admin", good, marketplace.url + "products"),
            RoleConfig("broken", broken),
            RoleConfig("expired", expired),
        ),
        output_schemas=True,
    )
    answers: list[str] = []
    async with open_session(config) as session, Client(build_server(session)) as client:
        tools = Tools(client)
        for tool, arguments in [
            ("select_role", {"role": "admin"}),
            ("get_current_role", {}),
            ("list_current_roles", {}),
            ("browser_snapshot", {}),
            ("save_role_state", {"path": str(tmp_path / "saved.json")}),
            ("select_role", {"role": "broken"}),
            ("select_role", {"role": "expired"}),
        ]:
            answer = await tools.call(tool, **arguments)
            answers += [answer.text, json.dumps(answer.data)]
    saved = json.loads((tmp_path / "saved.json").read_text())
    assert {cookie["value"] for cookie in saved["cookies"]} == {token, COOKIE_VALUE}
    assert saved["origins"] == [
        {"origin": marketplace.origin, "localStorage": [{"name": "draft", "value": LOCAL_VALUE}]}
    ]
    assert answers[10].startswith(
        "Error executing tool select_role: role 'broken' could not start: auth file"
    )  # the errors were reached
    assert answers[12].startswith("Error executing tool select_role: role 'expired' could not start: auth file")
    everything = "\n".join([*answers, caplog.text])
    for secret in (token, COOKIE_VALUE, LOCAL_VALUE):
        assert secret not in everything
    assert "applied 2 cookie(s) and localStorage of 1 origin(s)" in caplog.text
