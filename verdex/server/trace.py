"""``verdex serve --trace FILE``: one JSON line per tool call, for review and ``verdex replay``.

Each line (UTF-8 JSON, in the order calls finish; the file is created anew at server start)::

    {"time": "2025-01-31T12:00:00.123+00:00", "role": "default", "tool": "browser_type",
     "arguments": {"ref": "e3", "text": "<masked>"}, "masked": [{"path": "text", "reason": "password field",
     "field": "Password"}], "outcome": "ok" | "error", "error"?: "...", "durationMs": 12,
     "urlBefore": "http://.../login" | null, "urlAfter": "...", "refs": [{"ref": "e3", "role": "textbox",
     "name": "Password"}], "snapshotRefs"?: [["e1", "link", "Market"], ...]}

``refs``: the refs the call touched: those in its arguments, and the element its answer names
(the element acted on, a structural call's target, a plan step's element), with role and name
when the answer gives them. ``snapshotRefs``: for ``browser_snapshot``, every ref line's ref, role
and name in order (``verdex replay`` maps refs by them). ``urlBefore``/``urlAfter``: the current
role's page (null before it has one).

Masking (the rule; a masked value is replaced by ``"<masked>"`` and listed in ``masked``):

1. Text typed into a secret field: an ``<input type=password>``, or a field whose ``autocomplete``
   is ``current-password``, ``new-password``, ``one-time-code``, ``cc-number``, ``cc-csc`` or
   ``cc-exp`` (``-month``, ``-year``) (``browser_type``'s ``text``: the field of a ref is looked up
   before the call, and masked if it cannot be; a field given by description (``element``) is known
   only from the answer's ``secret``, and the text is masked when the call fails; a plan's ``type``
   steps: from the plan's answer, and every one of them when the plan fails).
2. Any string argument whose name looks secret: ``password``, ``passwd``, ``secret``, ``token``,
   ``cookie``, ``session``, ``auth``, ``credential``, ``api_key``/``apikey``.
3. Any string that looks like a cookie or storage value: a JWT (three base64url parts), a cookie
   header (``a=b; c=d``), or a token (24 or more characters of ``[A-Za-z0-9+/_=-]`` mixing
   letters and digits, no spaces).
4. In URLs (arguments, ``urlBefore``/``urlAfter``, error texts): the value of a query parameter
   whose name looks secret (2.) or whose value looks like a token (3.): the rule of every answer and log
   line too (:func:`verdex.masking.mask_url`), written ``<masked>`` here.
5. The password of a URL's userinfo: ``http://ada:••••@host/`` (:func:`verdex.masking.mask_userinfo`).
6. Every secret value the session has seen (:class:`verdex.masking.SecretValues`), anywhere in the
   line; and the ``value`` of a plan's ``attrEquals`` condition on a secret field (on any element when
   the plan failed), as for typed text (1.).

Answers are not recorded (a snapshot can hold anything the page shows), only their refs.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

import trio
from mcp_types import CallToolResult, TextContent

from verdex import masking
from verdex.errors import VerdexError
from verdex.masking import SECRET_NAME as _SECRET_NAME
from verdex.masking import looks_secret
from verdex.safe_text import clean_data
from verdex.server.session import Session

__all__ = ["MASK", "TraceWriter", "mask_text", "snapshot_refs"]

logger = logging.getLogger(__name__)

MASK = "<masked>"

_REF_KEYS = ("ref",)
#: ``- role "name" ... [ref=e5]`` lines of a snapshot.
_SNAPSHOT_REF = re.compile(r'^\s*- (?P<role>[\w-]+)(?: "(?P<name>(?:[^"\\]|\\.)*)")?.*\[ref=(?P<ref>(?:f\d+_)?e\d+)\]')


def mask_url(url: str) -> str:
    """``url`` with secret query parameter values masked (rule 4), and the password of its userinfo (rule 5)."""
    return masking.mask_url(url, MASK)


def mask_text(text: str) -> str:
    """A free text (an error message) with its URLs masked (rules 4 and 5)."""
    return masking.mask_urls(text, MASK)


def snapshot_refs(text: str) -> list[list[str]]:
    """``[[ref, role, name], ...]`` of a snapshot's ref lines, in order."""
    refs = []
    for line in text.splitlines():
        match = _SNAPSHOT_REF.match(line)
        if match:
            name = (match.group("name") or "").replace('\\"', '"')
            refs.append([match.group("ref"), match.group("role"), name])
    return refs


@dataclass
class _Call:
    tool: str
    role: str
    arguments: dict[str, Any]
    masked: list[dict[str, str]] = field(default_factory=list)
    started: float = 0.0
    time: str = ""
    url_before: str | None = None


class TraceWriter:
    """Writes the trace file; owned by the server for its lifetime (:meth:`close` at the end)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: IO[str] = path.open("w", encoding="utf-8")

    def close(self) -> None:
        self._file.close()

    async def begin(self, session: Session, tool: str, arguments: dict[str, Any]) -> _Call:
        """Note the call's start: time, role, URL, masked arguments (rule 1 looks the field up)."""
        call = _Call(tool, session.current_role, {}, started=trio.current_time())
        call.time = datetime.now(UTC).isoformat(timespec="milliseconds")
        call.url_before = _page_url(session)
        secret_field: str | None = None
        if tool == "browser_type" and isinstance(arguments.get("ref"), str):
            async with session.lock:  # not while another call acts on the page
                secret_field = await _secret_field(session, str(arguments["ref"]))
        call.arguments = _mask_value(arguments, "", call.masked)
        if secret_field is not None and isinstance(call.arguments.get("text"), str):
            _mask_at(call, "text", "password field", secret_field)
        return call

    def end(self, call: _Call, session: Session, result: CallToolResult | None, error: str | None) -> None:
        """Write the call's line."""
        structured: dict[str, Any] = (result.structured_content or {}) if result is not None else {}
        if error is None and result is not None and result.is_error:
            error = "\n".join(b.text for b in result.content if isinstance(b, TextContent))
        if call.tool == "browser_run_plan":
            _mask_plan(call, structured if error is None else None)
        if call.tool == "browser_type" and not isinstance(call.arguments.get("ref"), str):
            _mask_described(call, structured if error is None else None)
        url_after = _page_url(session)
        entry: dict[str, Any] = {
            "time": call.time,
            "role": call.role,
            "tool": call.tool,
            "arguments": call.arguments,
        }
        if call.masked:
            entry["masked"] = call.masked
        entry["outcome"] = "error" if error is not None else "ok"
        if error is not None:
            entry["error"] = mask_text(error)
        entry["durationMs"] = round((trio.current_time() - call.started) * 1000)
        entry["urlBefore"] = mask_url(call.url_before) if call.url_before else None
        entry["urlAfter"] = mask_url(url_after) if url_after else None
        entry["refs"] = _refs_touched(call.arguments, structured)
        if call.tool == "browser_snapshot" and error is None:
            entry["snapshotRefs"] = snapshot_refs(str(structured.get("snapshot", "")))
        entry = session.secrets.mask_data(clean_data(entry))  # rule 6
        self._file.write(json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + "\n")
        self._file.flush()


def _page_url(session: Session) -> str | None:
    role = session.roles.get(session.current_role)
    page = role.page if role is not None and role.active else None
    try:
        return page.url if page is not None else None
    except AssertionError:  # a page without a main frame yet
        return None


async def _secret_field(session: Session, ref: str) -> str | None:
    """The accessible name (or "") of ``ref``'s field if it is secret, None if not; secret if unknown."""
    role = session.roles.get(session.current_role)
    page = role.page if role is not None and role.active else None
    if page is None:
        return ""
    try:
        bridge, number = page.bridge_at(ref)
        state = await bridge.element_state(number)
    except VerdexError:
        return ""  # cannot tell: mask (fail closed)
    return state.name if state.secret else None


def _mask_value(value: Any, path: str, masked: list[dict[str, str]]) -> Any:
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            sub = f"{path}.{key}" if path else str(key)
            if isinstance(item, str) and _SECRET_NAME.search(str(key)):
                masked.append({"path": sub, "reason": "secret name"})
                out[key] = MASK
            else:
                out[key] = _mask_value(item, sub, masked)
        return out
    if isinstance(value, list):
        return [_mask_value(item, f"{path}.{i}", masked) for i, item in enumerate(value)]
    if isinstance(value, str):
        if looks_secret(value):
            masked.append({"path": path, "reason": "looks like a cookie or token"})
            return MASK
        if "://" in value:
            return mask_text(value)
    return value


def _mask_at(call: _Call, path: str, reason: str, field_name: str) -> None:
    container: Any = call.arguments
    *parents, last = path.split(".")
    for part in parents:
        container = container[int(part)] if isinstance(container, list) else container[part]
    if container.get(last) != MASK:
        container[last] = MASK
        call.masked.append({"path": path, "reason": reason, "field": field_name})


def _mask_plan(call: _Call, structured: dict[str, Any] | None) -> None:
    """Rule 1 for plans: type steps into secret fields (all type steps when the plan failed)."""
    steps = call.arguments.get("steps")
    if not isinstance(steps, list):
        return
    done = {int(s["index"]): s for s in (structured or {}).get("steps", []) if isinstance(s, dict)}
    for index, step in enumerate(steps):
        if not isinstance(step, dict):
            continue
        outcome = done.get(index)
        for number, condition in enumerate(step.get("preconditions") or []):
            if not isinstance(condition, dict) or condition.get("type") != "attrEquals":
                continue
            if structured is None or outcome is None or outcome.get("secret"):
                _mask_at(call, f"steps.{index}.preconditions.{number}.value", "attrEquals on a secret field", "")
        if step.get("action") != "type" or not isinstance(step.get("text"), str):
            continue
        if structured is None or outcome is None:
            _mask_at(call, f"steps.{index}.text", "typed text of a failed plan", "")
        elif outcome.get("secret"):
            _mask_at(call, f"steps.{index}.text", "password field", str(outcome.get("name") or ""))


def _mask_described(call: _Call, structured: dict[str, Any] | None) -> None:
    """Rule 1 for ``browser_type(element=...)``: the answer says whether the field was secret (unknown on error)."""
    if not isinstance(call.arguments.get("text"), str):
        return
    if structured is None:
        _mask_at(call, "text", "typed text of a failed call by description", "")
    elif structured.get("secret"):
        _mask_at(call, "text", "password field", str(structured.get("name") or ""))


def _refs_touched(arguments: dict[str, Any], structured: dict[str, Any]) -> list[dict[str, str]]:
    found: dict[str, dict[str, str]] = {}

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            ref = value.get("ref")
            if isinstance(ref, str):
                entry = found.setdefault(ref, {"ref": ref})
                for key in ("role", "name"):
                    if isinstance(value.get(key), str) and key not in entry:
                        entry[key] = value[key]
            for key, item in value.items():
                if key in ("steps", "target", "preconditions", "postconditions") or isinstance(item, list):
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(arguments)
    walk({k: v for k, v in structured.items() if k in ("ref", "role", "name", "target", "steps")})
    return list(found.values())
