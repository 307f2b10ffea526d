"""Progress notifications and MCP log messages during tool calls, with the SDK's client over stdio.

Heartbeats come every second, so how many arrive depends on the machine's speed; what each says,
its order and that progress only grows do not.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest
from mcp import Client
from mcp_types import LoggingMessageNotificationParams

from tests.mcp_client import serve_parameters


class Heard:
    def __init__(self) -> None:
        self.progress: list[tuple[float, float | None, str | None]] = []
        self.logs: list[LoggingMessageNotificationParams] = []

    async def on_progress(self, progress: float, total: float | None, message: str | None) -> None:
        self.progress.append((progress, total, message))

    async def on_log(self, params: LoggingMessageNotificationParams) -> None:
        self.logs.append(params)

    def messages(self) -> list[str]:
        """Progress messages without their elapsed seconds, repeats folded."""
        folded: list[str] = []
        for _, _, message in self.progress:
            assert message is not None
            text = re.sub(r" \(\d+ s\)$", "", message)
            if not folded or folded[-1] != text:
                folded.append(text)
        return folded


def _grows(heard: Heard) -> bool:
    values = [progress for progress, _, _ in heard.progress]
    return all(later > earlier for earlier, later in itertools.pairwise(values))


async def _call(client: Client, heard: Heard, tool: str, **arguments: Any) -> str:
    result = await client.call_tool(tool, arguments, progress_callback=heard.on_progress)
    assert not result.is_error, result.content
    return result.content[0].text  # type: ignore[union-attr]


async def test_a_wait_reports_progress_every_second(cdp_endpoint: str) -> None:
    heard = Heard()
    async with Client(serve_parameters("--cdp-endpoint", cdp_endpoint)) as client:
        await _call(client, heard, "wait_for_browser", milliseconds=2500)
    assert heard.messages() == ["wait_for_browser: waiting 2500 ms"]
    assert heard.progress[0][1:] == (None, "wait_for_browser: waiting 2500 ms (0 s)")
    assert len(heard.progress) >= 3  # the stage at once, then at least two heartbeats in 2.5 s
    assert _grows(heard)


async def test_navigation_and_plan_steps_are_reported(cdp_endpoint: str, fixture_url) -> None:
    heard = Heard()
    async with Client(serve_parameters("--cdp-endpoint", cdp_endpoint)) as client:
        await _call(client, heard, "browser_navigate", url=fixture_url("login.html"))
        assert heard.messages()[-1] == f"browser_navigate: loading {fixture_url('login.html')}"
        heard.progress.clear()
        await _call(
            client,
            heard,
            "browser_run_plan",
            steps=[
                {"action": "navigate", "url": fixture_url("shop.html")},
                {"action": "waitFor", "text": "iPhone 15 Pro"},
                {"action": "navigate", "url": fixture_url("login.html")},
            ],
        )
    assert heard.messages() == [
        f"browser_run_plan: step 1 of 3: navigate {fixture_url('shop.html')}",
        "browser_run_plan: step 2 of 3: waitFor text 'iPhone 15 Pro'",
        f"browser_run_plan: step 3 of 3: navigate {fixture_url('login.html')}",
    ]
    assert _grows(heard)


async def test_without_a_progress_token_nothing_is_sent(cdp_endpoint: str) -> None:
    heard = Heard()
    async with Client(serve_parameters("--cdp-endpoint", cdp_endpoint)) as client:
        result = await client.call_tool("wait_for_browser", {"milliseconds": 1500})
    assert not result.is_error
    assert heard.progress == []


async def test_log_messages_reach_a_client_that_asks_for_them_in_the_request(cdp_endpoint: str) -> None:
    heard = Heard()
    async with Client(
        serve_parameters("--cdp-endpoint", cdp_endpoint), logging_callback=heard.on_log, log_level="info"
    ) as client:
        assert client.protocol_version == "2026-07-28"
        await client.call_tool("browser_initialize", {})
    ready = [log for log in heard.logs if log.logger == "verdex.browser.browser"]
    assert [(log.level, str(log.data).split("/")[0]) for log in ready] == [("info", "browser ready: Chrome")]


@pytest.mark.filterwarnings("ignore:The logging capability is deprecated")
async def test_log_messages_follow_logging_set_level_on_a_handshake_client(cdp_endpoint: str) -> None:
    heard = Heard()
    async with Client(
        serve_parameters("--cdp-endpoint", cdp_endpoint), logging_callback=heard.on_log, mode="legacy"
    ) as client:
        assert client.server_capabilities.logging is not None
        await client.call_tool("browser_initialize", {})
        assert heard.logs == []  # the default is warning: "browser ready" is info
        await client.call_tool("browser_close", {})
        await client.set_logging_level("info")
        await client.call_tool("browser_initialize", {})
    ready = [log for log in heard.logs if log.logger == "verdex.browser.browser"]
    assert [(log.level, str(log.data).split("/")[0]) for log in ready] == [("info", "browser ready: Chrome")]


async def test_without_a_level_a_modern_client_gets_no_log_messages(cdp_endpoint: str) -> None:
    heard = Heard()
    async with Client(serve_parameters("--cdp-endpoint", cdp_endpoint), logging_callback=heard.on_log) as client:
        await client.call_tool("browser_initialize", {})
    assert heard.logs == []
