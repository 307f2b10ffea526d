"""storageState files: every bad file has one exact message; good files read and write Playwright's format."""

from __future__ import annotations

import json
import stat
from pathlib import Path
from typing import Any

import pytest

from verdex.browser.storage_state import (
    Cookie,
    OriginStorage,
    StorageState,
    load_storage_state,
    origin_of,
    storage_state_json,
    write_storage_state,
)
from verdex.errors import AuthFileError, UsageError

NOW = 1_800_000_000.0  # 2027-01-15 08:00:00 UTC
SECRET = "s3cr3t-VALUE"


def cookie(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "name": "sid",
        "value": SECRET,
        "domain": "127.0.0.1",
        "path": "/",
        "expires": NOW + 3600,
        "httpOnly": True,
        "secure": False,
        "sameSite": "Lax",
    }
    base.update(fields)
    return {key: value for key, value in base.items() if value is not None}


def state(cookies: list[Any] | None = None, origins: list[Any] | None = None) -> str:
    return json.dumps({"cookies": [cookie()] if cookies is None else cookies, "origins": origins or []})


LOCAL = [{"name": "token", "value": SECRET}]
SHAPE = "is not a Playwright storageState: "

#: (id, file content (None: no file, "<dir>": a directory), the message after "auth file PATH ")
BAD_FILES: list[tuple[str, str | bytes | None, str]] = [
    ("missing", None, "does not exist"),
    ("directory", "<dir>", "cannot be read: Is a directory"),
    ("not-utf8", b'{"cookies": ["\xff"]}', "is not UTF-8 text (bad byte at offset 14)"),
    ("empty", "", "is not JSON: Expecting value (line 1, column 1)"),
    ("not-json", "cookies = []", "is not JSON: Expecting value (line 1, column 1)"),
    ("cut-short", '{"cookies": [\n', "is not JSON: Expecting value (line 2, column 1)"),
    ("top-array", "[]", SHAPE + 'the top level must be an object with "cookies" and "origins" (got an array)'),
    ("cookies-object", '{"cookies": {}}', SHAPE + '"cookies" must be an array (got an object)'),
    ("origins-string", '{"origins": "x"}', SHAPE + '"origins" must be an array (got a string)'),
    (
        "cookie-string",
        json.dumps({"cookies": [f"sid={SECRET}"]}),
        SHAPE + "cookies[0] must be an object (got a string)",
    ),
    ("no-name", state([cookie(name=None)]), SHAPE + 'cookies[0] has no "name"'),
    ("name-number", state([cookie(name=7)]), SHAPE + 'cookies[0] "name" must be a string (got a number)'),
    ("no-value", state([cookie(value=None)]), SHAPE + 'cookies[0] (sid) has no "value"'),
    ("value-number", state([cookie(value=42)]), SHAPE + 'cookies[0] (sid) "value" must be a string (got a number)'),
    ("no-domain", state([cookie(domain=None)]), SHAPE + 'cookies[0] (sid) needs "domain" and "path", or "url"'),
    ("no-path", state([cookie(path=None)]), SHAPE + 'cookies[0] (sid) needs "domain" and "path", or "url"'),
    (
        "url-and-domain",
        state([cookie(url="http://127.0.0.1/")]),
        SHAPE + 'cookies[0] (sid) has "url" and also "domain" or "path": give one or the other',
    ),
    (
        "url-not-http",
        state([cookie(domain=None, path=None, url="about:blank")]),
        SHAPE + 'cookies[0] (sid): "url" must be an http(s) URL (got "about:blank")',
    ),
    (
        "expires-negative",
        state([cookie(expires=-5)]),
        SHAPE + 'cookies[0] (sid): "expires" must be -1 (a session cookie) or a Unix time in seconds up to '
        "253402300799 (got -5)",
    ),
    (
        "expires-year-10000",
        state([cookie(expires=253402300800)]),
        SHAPE + 'cookies[0] (sid): "expires" must be -1 (a session cookie) or a Unix time in seconds up to '
        "253402300799 (got 253402300800)",
    ),
    (
        "expires-text",
        state([cookie(expires="never")]),
        SHAPE + 'cookies[0] (sid): "expires" must be a number (got a string)',
    ),
    (
        "same-site-lowercase",
        state([cookie(sameSite="lax")]),
        SHAPE + 'cookies[0] (sid): "sameSite" must be "Strict", "Lax" or "None" (got "lax")',
    ),
    (
        "http-only-text",
        state([cookie(httpOnly="yes")]),
        SHAPE + 'cookies[0] (sid): "httpOnly" must be true or false (got a string)',
    ),
    (
        "second-cookie",
        state([cookie(), cookie(name="csrf", secure=1)]),
        SHAPE + 'cookies[1] (csrf): "secure" must be true or false (got a number)',
    ),
    ("origin-missing", state(origins=[{"localStorage": []}]), SHAPE + 'origins[0] has no "origin"'),
    (
        "origin-no-scheme",
        state(origins=[{"origin": "example.com", "localStorage": []}]),
        SHAPE + 'origins[0]: "origin" must be an http(s) origin such as https://example.com (got "example.com")',
    ),
    (
        "origin-with-path",
        state(origins=[{"origin": "https://example.com/app", "localStorage": []}]),
        SHAPE
        + 'origins[0]: "origin" must be an http(s) origin such as https://example.com (got "https://example.com/app")',
    ),
    (
        "no-local-storage",
        state(origins=[{"origin": "https://example.com"}]),
        SHAPE + 'origins[0] (https://example.com) has no "localStorage"',
    ),
    (
        "local-storage-pairs",
        state(origins=[{"origin": "https://example.com", "localStorage": [["token", SECRET]]}]),
        SHAPE + 'origins[0] (https://example.com): localStorage[0] must be an object with string "name" and "value"',
    ),
    (
        "origin-twice",
        state(
            origins=[
                {"origin": "https://a.example", "localStorage": LOCAL},
                {"origin": "https://b.example", "localStorage": LOCAL},
                {"origin": "https://a.example/", "localStorage": LOCAL},
            ]
        ),
        SHAPE + "origins[2] repeats the origin of origins[0] (https://a.example)",
    ),
    (
        "expired",
        state([cookie(expires=NOW - 86400)]),
        "holds an expired cookie: sid (127.0.0.1, expired 2027-01-14 08:00:00 UTC); the login it stores is over: "
        "log in again and save a fresh file",
    ),
    (
        "expired-many",
        state([cookie(name=f"c{i}", expires=NOW - i) for i in range(5)] + [cookie(name="fresh")]),
        "holds 5 expired cookies: c0 (127.0.0.1, expired 2027-01-15 08:00:00 UTC), c1 (127.0.0.1, expired "
        "2027-01-15 07:59:59 UTC), c2 (127.0.0.1, expired 2027-01-15 07:59:58 UTC) and 2 more; the login it stores "
        "is over: log in again and save a fresh file",
    ),
]


def write_bad(tmp_path: Path, content: str | bytes | None) -> Path:
    path = tmp_path / "auth.json"
    if content == "<dir>":
        path.mkdir()
    elif isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    return path


@pytest.mark.parametrize(("content", "problem"), [case[1:] for case in BAD_FILES], ids=[case[0] for case in BAD_FILES])
def test_bad_auth_file_message(tmp_path: Path, content: str | bytes | None, problem: str) -> None:
    path = write_bad(tmp_path, content)
    with pytest.raises(AuthFileError) as caught:
        load_storage_state(path, now=NOW)
    assert str(caught.value) == f"auth file {path} {problem}"
    assert caught.value.path == str(path)
    assert SECRET not in str(caught.value)


def test_good_file_reads_every_field(tmp_path: Path) -> None:
    path = tmp_path / "auth.json"
    path.write_text(
        json.dumps(
            {
                "cookies": [
                    cookie(),
                    cookie(name="pref", expires=-1, httpOnly=False, sameSite=None, domain=".example.com", path="/app"),
                    {"name": "u", "value": SECRET, "url": "https://shop.example/account/settings"},
                    cookie(name="chip", secure=True, sameSite="None", partitionKey="https://top.example"),
                ],
                "origins": [
                    {"origin": "http://127.0.0.1:8000", "localStorage": [{"name": "a", "value": "1"}]},
                    {"origin": "https://shop.example:443", "localStorage": [], "indexedDB": [{"name": "db"}]},
                ],
                "credentials": [{"id": "x"}],
            }
        )
    )
    loaded = load_storage_state(path, now=NOW)
    assert loaded.cookies == (
        Cookie("sid", SECRET, "127.0.0.1", "/", NOW + 3600, http_only=True, secure=False, same_site="Lax"),
        Cookie("pref", SECRET, ".example.com", "/app", -1, http_only=False, secure=False, same_site=None),
        Cookie("u", SECRET, "shop.example", "/account/", -1, secure=True),
        Cookie("chip", SECRET, "127.0.0.1", "/", NOW + 3600, True, True, "None", partition_key="https://top.example"),
    )
    assert loaded.origins == (
        OriginStorage("http://127.0.0.1:8000", (("a", "1"),)),
        OriginStorage("https://shop.example", ()),
    )
    assert loaded.not_applied == ("IndexedDB of https://shop.example", "1 WebAuthn credential(s)")
    assert loaded.source == str(path)
    assert SECRET not in repr(loaded)


def test_empty_object_is_a_valid_state(tmp_path: Path) -> None:
    path = tmp_path / "auth.json"
    path.write_text("{}")
    assert load_storage_state(path, now=NOW) == StorageState(str(path))


def test_written_file_is_playwrights_format(tmp_path: Path) -> None:
    written = StorageState(
        "test",
        (
            Cookie("sid", "v1", "127.0.0.1", "/", 1_800_000_000.5, True, False, "Strict"),
            Cookie("pref", "v2", ".example.com", "/", -1, False, True, None),
            Cookie("chip", "v3", "127.0.0.1", "/", 1_800_000_000, False, True, "None", "https://top.example", True),
        ),
        (OriginStorage("http://127.0.0.1:8000", (("a", "1"), ("b", "ü"))),),
    )
    path = write_storage_state(tmp_path / "deep" / "dir" / "state.json", written)
    assert path == tmp_path / "deep" / "dir" / "state.json"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in path.parent.iterdir()] == ["state.json"]  # no temporary file left
    text = path.read_text(encoding="utf-8")
    assert text == json.dumps(storage_state_json(written), indent=2, ensure_ascii=False)
    assert json.loads(text) == {
        "cookies": [
            {
                "name": "sid",
                "value": "v1",
                "domain": "127.0.0.1",
                "path": "/",
                "expires": 1800000000.5,
                "httpOnly": True,
                "secure": False,
                "sameSite": "Strict",
            },
            {
                "name": "pref",
                "value": "v2",
                "domain": ".example.com",
                "path": "/",
                "expires": -1,
                "httpOnly": False,
                "secure": True,
                "sameSite": "Lax",
            },
            {
                "name": "chip",
                "value": "v3",
                "domain": "127.0.0.1",
                "path": "/",
                "expires": 1800000000,
                "httpOnly": False,
                "secure": True,
                "sameSite": "None",
                "partitionKey": "https://top.example",
                "_crHasCrossSiteAncestor": True,
            },
        ],
        "origins": [
            {
                "origin": "http://127.0.0.1:8000",
                "localStorage": [{"name": "a", "value": "1"}, {"name": "b", "value": "ü"}],
            }
        ],
    }
    assert '"expires": 1800000000,' in text
    assert '"expires": -1,' in text
    again = load_storage_state(path, now=NOW - 10)
    assert again.cookies[0] == written.cookies[0]
    assert again.origins == written.origins


def test_write_into_a_directory_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError) as caught:
        write_storage_state(tmp_path, StorageState("test"))
    assert str(caught.value) == f"cannot write {tmp_path}: Is a directory; pass another path"


@pytest.mark.parametrize(
    ("url", "origin"),
    [
        ("http://127.0.0.1:8000/a?b#c", "http://127.0.0.1:8000"),
        ("https://Shop.Example:443/", "https://shop.example"),
        ("http://example.com:80", "http://example.com"),
        ("http://[::1]:3000/", "http://[::1]:3000"),
        ("about:blank", None),
        ("file:///tmp/a.html", None),
        ("data:text/html,x", None),
        ("http://host:notaport/", None),
    ],
)
def test_origin_of(url: str, origin: str | None) -> None:
    assert origin_of(url) == origin
