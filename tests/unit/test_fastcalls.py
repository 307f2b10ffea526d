"""Which tools/call requests verdex.server.fastcalls answers itself, and which it leaves to the SDK: decided on
the parsed message, with no browser (the answers themselves are compared with the SDK's in
tests/e2e/test_fastcalls.py)."""

from __future__ import annotations

import json
from typing import Any

import trio

from verdex.server.app import build_server
from verdex.server.config import ServerConfig
from verdex.server.fastcalls import FastCalls
from verdex.server.session import Session

_ENVELOPE = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": {"name": "test", "version": "0"},
    "io.modelcontextprotocol/clientCapabilities": {},
}


def _line(message: dict[str, Any]) -> bytes:
    return json.dumps(message).encode() + b"\n"


def _call(request_id: Any = 1, **params: Any) -> dict[str, Any]:
    return {
        "jsonrpc": "2.0",
        "id": request_id,
        "method": "tools/call",
        "params": {"name": "get_current_role", **params},
    }


def _initialize(revision: str) -> dict[str, Any]:
    params = {"protocolVersion": revision, "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}
    return {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": params}


async def _decisions(lines: list[dict[str, Any]], calls: list[dict[str, Any]]) -> list[str | None]:
    """After ``lines`` went to the SDK, the revision each of ``calls`` would be served at here (None: the SDK's)."""
    async with trio.open_nursery() as nursery:
        server = build_server(Session(ServerConfig(), nursery))
        fast = FastCalls(server, None, None, nursery)  # type: ignore[arg-type]  # no stream is read here
        for message in lines:
            assert not fast._taken(_line(message))
        decided = []
        for message in calls:
            call = fast._call(message)
            decided.append(call[2] if call is not None else None)
        nursery.cancel_scope.cancel()
    return decided


async def test_a_handshake_connection_is_served_after_initialize_at_the_negotiated_revision() -> None:
    assert await _decisions([], [_call()]) == [None]  # before any request: the SDK decides the era
    assert await _decisions([_initialize("2025-06-18")], [_call()]) == ["2025-06-18"]
    assert await _decisions([_initialize("2024-11-05")], [_call()]) == ["2024-11-05"]
    assert await _decisions([_initialize("1999-01-01")], [_call()]) == ["2025-11-25"]  # the SDK's latest
    refused = _initialize("2025-06-18")
    del refused["params"]["clientInfo"]  # the SDK refuses it: no call is served
    assert await _decisions([refused], [_call()]) == [None]


async def test_a_modern_connection_is_served_when_the_envelope_passes_the_sdks_checks() -> None:
    opening = {"jsonrpc": "2.0", "id": 0, "method": "tools/list", "params": {"_meta": _ENVELOPE}}
    calls = [
        _call(_meta=_ENVELOPE),
        _call(_meta={**_ENVELOPE, "progressToken": "p1", "io.modelcontextprotocol/logLevel": "info"}),
        _call(),  # no envelope: the SDK refuses it
        _call(_meta={**_ENVELOPE, "io.modelcontextprotocol/protocolVersion": "2025-11-25"}),
        _call(_meta={**_ENVELOPE, "io.modelcontextprotocol/logLevel": "loud"}),
        _call(_meta={k: v for k, v in _ENVELOPE.items() if not k.endswith("clientCapabilities")}),
    ]
    assert await _decisions([opening], calls) == ["2026-07-28", "2026-07-28", None, None, None, None]
    # An envelope on a handshake connection is the SDK's to refuse.
    assert await _decisions([_initialize("2025-11-25")], [_call(_meta=_ENVELOPE)]) == [None]


async def test_requests_of_unusual_shape_are_left_to_the_sdk() -> None:
    handshake = [_initialize("2025-11-25")]
    calls = [
        _call(arguments={"x": 1}),
        _call(True),  # a boolean id
        _call(None),
        _call("a"),
        _call(arguments=None),
        _call(requestState="opaque"),
        _call(_meta={"progressToken": True}),
        _call(_meta={"progressToken": 1.5}),
        _call(_meta={"progressToken": 7}),
        _call(_meta=[]),
        {**_call(), "extra": 1},
        {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": 3}},
    ]
    assert await _decisions(handshake, calls) == [
        "2025-11-25",
        None,
        None,
        "2025-11-25",
        None,
        None,
        None,
        None,
        "2025-11-25",
        None,
        None,
        None,
    ]


async def test_envelopes_are_remembered_up_to_a_bound() -> None:
    async with trio.open_nursery() as nursery:
        server = build_server(Session(ServerConfig(), nursery))
        fast = FastCalls(server, None, None, nursery)  # type: ignore[arg-type]
        fast._taken(_line({"jsonrpc": "2.0", "id": 0, "method": "tools/list", "params": {"_meta": _ENVELOPE}}))
        served = [fast._call(_call(_meta={**_ENVELOPE, "traceparent": f"00-{n:032x}-01"})) for n in range(600)]
        assert [call[2] if call else None for call in served] == ["2026-07-28"] * 600
        assert len(fast._envelopes) == 600 % 256
        nursery.cancel_scope.cancel()
