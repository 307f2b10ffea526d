"""Playwright's storageState file: read, check, write.

A storageState is the JSON Playwright writes with ``context.storage_state(path=...)`` and reads
with ``browser.new_context(storage_state=...)``::

    {"cookies": [{"name", "value", "domain", "path", "expires", "httpOnly", "secure", "sameSite"}],
     "origins": [{"origin": "https://example.com", "localStorage": [{"name", "value"}]}]}

The rules follow Playwright's own (protocol ``SetNetworkCookie`` / ``SetOriginStorage`` and
``rewriteCookies`` in playwright-core's ``server/network.ts``): both top-level arrays are
optional; a cookie has ``name`` and ``value`` strings and either ``url`` or ``domain`` + ``path``;
``expires`` is -1 (a session cookie) or a Unix time in seconds up to 253402300799;
``sameSite`` is ``Strict``, ``Lax`` or ``None``. verdex is stricter in two places, because a role
is meant to start logged in: a cookie that has already expired is an error (Chromium would drop
it silently and the role would start logged out), and so is an origin listed twice.

Nothing here ever puts a cookie or storage value into a message, a ``repr`` or a log: errors name
the file, the entry (``cookies[2] (session_id)``) and what is wrong with it.
"""

from __future__ import annotations

import json
import math
import os
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, cast
from urllib.parse import urlsplit

from verdex.errors import AuthFileError, UsageError

__all__ = [
    "MAX_EXPIRES",
    "Cookie",
    "OriginStorage",
    "SameSite",
    "StorageState",
    "load_storage_state",
    "origin_of",
    "parse_storage_state",
    "storage_state_json",
    "write_storage_state",
]

SameSite = Literal["Strict", "Lax", "None"]
_SAME_SITE: tuple[SameSite, ...] = ("Strict", "Lax", "None")

#: The latest ``expires`` Playwright accepts: 9999-12-31T23:59:59Z, in seconds since the epoch.
MAX_EXPIRES = 253402300799

#: Expired cookies named in one message at most.
_EXPIRED_SHOWN = 3


@dataclass(frozen=True)
class Cookie:
    """One cookie, in Playwright's terms.

    Attributes:
        name: the cookie's name.
        value: its value (never shown: ``repr`` leaves it out).
        domain: ``example.com`` for a host-only cookie, ``.example.com`` for a domain cookie.
        path: the cookie's path, e.g. ``/``.
        expires: seconds since the Unix epoch, or -1 for a session cookie.
        http_only: not readable from page scripts.
        secure: sent over https only.
        same_site: ``Strict``, ``Lax`` or ``None``; None when the file leaves it out (Chromium's default).
        partition_key: top-level site of a partitioned (CHIPS) cookie.
        cross_site_ancestor: Chromium's ``hasCrossSiteAncestor`` of a partitioned cookie
            (Playwright's ``_crHasCrossSiteAncestor``).
    """

    name: str
    value: str = field(repr=False)
    domain: str
    path: str
    expires: float = -1
    http_only: bool = False
    secure: bool = False
    same_site: SameSite | None = None
    partition_key: str | None = None
    cross_site_ancestor: bool | None = None


@dataclass(frozen=True)
class OriginStorage:
    """The localStorage of one origin.

    Attributes:
        origin: ``scheme://host[:port]``, as ``URL.origin`` gives it.
        local_storage: ``(name, value)`` pairs in the file's order (values never shown).
    """

    origin: str
    local_storage: tuple[tuple[str, str], ...] = field(repr=False, default=())


@dataclass(frozen=True)
class StorageState:
    """A checked storageState.

    Attributes:
        source: where it came from (the file's absolute path, or a description).
        cookies: every cookie.
        origins: localStorage per origin, each origin once.
        not_applied: parts of the file verdex does not restore (IndexedDB or OPFS of an origin,
            WebAuthn credentials), described for the model, e.g. ``"IndexedDB of https://a.test"``.
    """

    source: str
    cookies: tuple[Cookie, ...] = ()
    origins: tuple[OriginStorage, ...] = ()
    not_applied: tuple[str, ...] = ()


def load_storage_state(path: Path, *, now: float | None = None) -> StorageState:
    """Read and check a storageState file.

    Args:
        path: the file (made absolute for messages).
        now: the current time in seconds since the epoch, for the expiry check (default: now).

    Raises:
        AuthFileError: the file does not exist, cannot be read, is not UTF-8 JSON, does not have
            storageState's shape, or holds a cookie that has expired.
    """
    where = str(path.absolute())
    try:
        raw = path.read_bytes()
    except FileNotFoundError as exc:
        raise AuthFileError(where, "does not exist") from exc
    except OSError as exc:
        raise AuthFileError(where, f"cannot be read: {exc.strerror or type(exc).__name__}") from exc
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise AuthFileError(where, f"is not UTF-8 text (bad byte at offset {exc.start})") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise AuthFileError(where, f"is not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from exc
    return parse_storage_state(data, where, now=now)


def parse_storage_state(data: object, source: str, *, now: float | None = None) -> StorageState:
    """Check parsed JSON against storageState's shape; see the module docstring for the rules.

    Raises:
        AuthFileError: what is wrong and where (``cookies[1] (sid): "sameSite" must be ...``).
    """
    if not isinstance(data, dict):
        raise _shape(source, f'the top level must be an object with "cookies" and "origins" (got {_kind(data)})')
    cookies_data = data.get("cookies", [])
    if not isinstance(cookies_data, list):
        raise _shape(source, f'"cookies" must be an array (got {_kind(cookies_data)})')
    origins_data = data.get("origins", [])
    if not isinstance(origins_data, list):
        raise _shape(source, f'"origins" must be an array (got {_kind(origins_data)})')
    cookies = tuple(_cookie(item, index, source) for index, item in enumerate(cookies_data))
    origins: list[OriginStorage] = []
    not_applied: list[str] = []
    seen: dict[str, int] = {}
    for index, item in enumerate(origins_data):
        origin, extras = _origin(item, index, source)
        if origin.origin in seen:
            first = seen[origin.origin]
            raise _shape(source, f"origins[{index}] repeats the origin of origins[{first}] ({origin.origin})")
        seen[origin.origin] = index
        origins.append(origin)
        not_applied += extras
    credentials = data.get("credentials")
    if isinstance(credentials, list) and credentials:
        not_applied.append(f"{len(credentials)} WebAuthn credential(s)")
    _check_expiry(cookies, source, time.time() if now is None else now)
    return StorageState(source, cookies, tuple(origins), tuple(not_applied))


def storage_state_json(state: StorageState) -> dict[str, Any]:
    """The state as Playwright writes it (field names, order and semantics of ``storageState()``).

    ``sameSite`` is always present (Playwright reports ``Lax`` when Chromium has none); the
    partition fields appear only on partitioned cookies.
    """
    cookies = []
    for cookie in state.cookies:
        entry: dict[str, Any] = {
            "name": cookie.name,
            "value": cookie.value,
            "domain": cookie.domain,
            "path": cookie.path,
            "expires": _number(cookie.expires),
            "httpOnly": cookie.http_only,
            "secure": cookie.secure,
            "sameSite": cookie.same_site or "Lax",
        }
        if cookie.partition_key is not None:
            entry["partitionKey"] = cookie.partition_key
            if cookie.cross_site_ancestor is not None:
                entry["_crHasCrossSiteAncestor"] = cookie.cross_site_ancestor
        cookies.append(entry)
    origins = [
        {"origin": item.origin, "localStorage": [{"name": name, "value": value} for name, value in item.local_storage]}
        for item in state.origins
    ]
    return {"cookies": cookies, "origins": origins}


def write_storage_state(path: Path, state: StorageState) -> Path:
    """Write ``state`` as Playwright's storageState JSON (2-space indent, as Playwright writes it).

    The parent directories are created. The file is written to a temporary file beside it and
    renamed into place, so it is never seen half-written, and is readable by its owner only
    (mode 0600: it holds logins).

    Returns:
        The absolute path written.

    Raises:
        UsageError: the file or its directory cannot be written (the message says why).
    """
    target = path.expanduser().absolute()
    text = json.dumps(storage_state_json(state), indent=2, ensure_ascii=False)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise UsageError(f"cannot write {target}: {exc.strerror or type(exc).__name__}; pass another path") from exc
    return target


def origin_of(url: str) -> str | None:
    """``scheme://host[:port]`` of an http(s) URL (default ports left out), None for other URLs."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https") or not parts.hostname:
        return None
    host = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    if port is not None and port != {"http": 80, "https": 443}[scheme]:
        return f"{scheme}://{host}:{port}"
    return f"{scheme}://{host}"


# -- checks ---------------------------------------------------------------------------------------


def _cookie(item: object, index: int, source: str) -> Cookie:
    if not isinstance(item, dict):
        raise _shape(source, f"cookies[{index}] must be an object (got {_kind(item)})")
    name = item.get("name")
    if not isinstance(name, str):
        problem = 'has no "name"' if name is None else f'"name" must be a string (got {_kind(name)})'
        raise _shape(source, f"cookies[{index}] {problem}")
    where = f"cookies[{index}] ({name})"
    if not isinstance(item.get("value"), str):
        problem = 'has no "value"' if "value" not in item else f'"value" must be a string (got {_kind(item["value"])})'
        raise _shape(source, f"{where} {problem}")
    for key in ("url", "domain", "path", "partitionKey"):
        if key in item and not isinstance(item[key], str):
            raise _shape(source, f'{where}: "{key}" must be a string (got {_kind(item[key])})')
    for key in ("httpOnly", "secure", "_crHasCrossSiteAncestor"):
        if key in item and not isinstance(item[key], bool):
            raise _shape(source, f'{where}: "{key}" must be true or false (got {_kind(item[key])})')
    same_site = item.get("sameSite")
    if same_site is not None and same_site not in _SAME_SITE:
        shown = json.dumps(same_site) if isinstance(same_site, str) and len(same_site) <= 20 else _kind(same_site)
        raise _shape(source, f'{where}: "sameSite" must be "Strict", "Lax" or "None" (got {shown})')
    expires = item.get("expires", -1)
    if isinstance(expires, bool) or not isinstance(expires, int | float) or not math.isfinite(expires):
        raise _shape(source, f'{where}: "expires" must be a number (got {_kind(expires)})')
    if (expires < 0 and expires != -1) or expires > MAX_EXPIRES:
        raise _shape(
            source,
            f'{where}: "expires" must be -1 (a session cookie) or a Unix time in seconds up to {MAX_EXPIRES} '
            f"(got {_number(expires)})",
        )
    domain, path, secure = _place(item, where, source)
    return Cookie(
        name=name,
        value=cast(str, item["value"]),
        domain=domain,
        path=path,
        expires=float(expires),
        http_only=bool(item.get("httpOnly", False)),
        secure=secure,
        same_site=cast(SameSite | None, same_site),
        partition_key=cast(str | None, item.get("partitionKey")),
        cross_site_ancestor=cast(bool | None, item.get("_crHasCrossSiteAncestor")),
    )


def _place(item: Mapping[str, Any], where: str, source: str) -> tuple[str, str, bool]:
    """``(domain, path, secure)`` from ``domain`` + ``path``, or from ``url`` as Playwright derives them."""
    url = item.get("url")
    if url is None:
        if not item.get("domain") or "path" not in item:
            raise _shape(source, f'{where} needs "domain" and "path", or "url"')
        return str(item["domain"]), str(item["path"]), bool(item.get("secure", False))
    if "domain" in item or "path" in item:
        raise _shape(source, f'{where} has "url" and also "domain" or "path": give one or the other')
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise _shape(source, f'{where}: "url" must be an http(s) URL (got {json.dumps(url[:80])})')
    path = parts.path[: parts.path.rfind("/") + 1] or "/"
    return parts.hostname, path, parts.scheme == "https"


def _origin(item: object, index: int, source: str) -> tuple[OriginStorage, list[str]]:
    if not isinstance(item, dict):
        raise _shape(source, f"origins[{index}] must be an object (got {_kind(item)})")
    value = item.get("origin")
    if not isinstance(value, str):
        problem = 'has no "origin"' if value is None else f'"origin" must be a string (got {_kind(value)})'
        raise _shape(source, f"origins[{index}] {problem}")
    origin = origin_of(value)
    parts = urlsplit(value)
    if origin is None or parts.path not in ("", "/") or parts.query or parts.fragment:
        raise _shape(
            source,
            f'origins[{index}]: "origin" must be an http(s) origin such as https://example.com '
            f"(got {json.dumps(value[:80])})",
        )
    where = f"origins[{index}] ({origin})"
    entries = item.get("localStorage")
    if not isinstance(entries, list):
        problem = (
            'has no "localStorage"' if entries is None else f'"localStorage" must be an array (got {_kind(entries)})'
        )
        raise _shape(source, f"{where} {problem}")
    pairs: list[tuple[str, str]] = []
    for position, entry in enumerate(entries):
        if not (isinstance(entry, dict) and isinstance(entry.get("name"), str) and isinstance(entry.get("value"), str)):
            raise _shape(source, f'{where}: localStorage[{position}] must be an object with string "name" and "value"')
        pairs.append((entry["name"], entry["value"]))
    extras = [
        f"{label} of {origin}"
        for key, label in (("indexedDB", "IndexedDB"), ("opfs", "OPFS files"))
        if isinstance(item.get(key), list) and item[key]
    ]
    return OriginStorage(origin, tuple(pairs)), extras


def _check_expiry(cookies: tuple[Cookie, ...], source: str, now: float) -> None:
    expired = [cookie for cookie in cookies if cookie.expires != -1 and cookie.expires <= now]
    if not expired:
        return
    shown = ", ".join(
        f"{cookie.name} ({cookie.domain}, expired {_utc(cookie.expires)})" for cookie in expired[:_EXPIRED_SHOWN]
    )
    more = f" and {len(expired) - _EXPIRED_SHOWN} more" if len(expired) > _EXPIRED_SHOWN else ""
    noun = "an expired cookie" if len(expired) == 1 else f"{len(expired)} expired cookies"
    raise AuthFileError(
        source, f"holds {noun}: {shown}{more}; the login it stores is over: log in again and save a fresh file"
    )


def _shape(source: str, problem: str) -> AuthFileError:
    return AuthFileError(source, f"is not a Playwright storageState: {problem}")


def _kind(value: object) -> str:
    """The JSON type of a value, with an article ("an object"), never the value itself."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


def _number(value: float) -> int | float:
    """JSON number as JavaScript writes it: integral values without ``.0``."""
    return int(value) if float(value).is_integer() else value


def _utc(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
