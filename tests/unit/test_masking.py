"""The masking rule for URLs in free text (verdex.masking): passwords of userinfo and secret query values."""

from __future__ import annotations

import random
import re
from urllib.parse import unquote_plus

import pytest

from verdex import masking
from verdex.masking import mask_urls, mask_userinfo

TOKEN_24 = "abcdefghijklmnopqrstuvw1"  # 24 characters, letters and a digit: a token
JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("http://ada:pw@h/x", "http://ada:••••@h/x"),
        ("x http://ada:pw@h/ and ftp://u:p@h2", "x http://ada:••••@h/ and ftp://u:••••@h2"),
        ("wss://:tok@h", "wss://:••••@h"),
        ("_http://u:p@h", "_http://u:••••@h"),  # a URL glued to a word
        ("a1://u:p@h", "a1://u:••••@h"),
        ("9://u:p@h", "9://u:p@h"),  # a scheme starts with a letter
        ("://u:p@h", "://u:p@h"),
        ("http://ada@h/ mail ada@h.org", "http://ada@h/ mail ada@h.org"),  # no password
    ],
)
def test_userinfo_passwords(text: str, masked: str) -> None:
    assert mask_userinfo(text) == masked
    assert mask_urls(text) == masked


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        (
            "see http://a.b/x?token=abcdef&q=1 (http://h/p?session=1)",
            "see http://a.b/x?token=••••&q=1 (http://h/p?session=••••)",
        ),
        (f"http://h/?v={TOKEN_24}&w={TOKEN_24[:-2]}1", "http://h/?v=••••&w=abcdefghijklmnopqrstuv1"),
        (f"http://h/?q={JWT}&x=1", "http://h/?q=••••&x=1"),
        ("http://h/?c=a=1;b=2", "http://h/?c=••••"),  # a cookie
        ("http://h/?c=a%3D1%3B%20b%3D2&d=1", "http://h/?c=••••&d=1"),  # the same, escaped
        ("http://h/?%74oken=abc&api+key=zz", "http://h/?%74oken=••••&api+key=zz"),  # an escaped name
        ("https://h/?page=2#x?token=2", "https://h/?page=2#x?token=2"),  # a fragment is no query
        ("xhttp://a?u=1&token=2 z", "xhttp://a?u=1&token=•••• z"),  # a URL glued to a word
        ("no url here, a?token=1", "no url here, a?token=1"),
    ],
)
def test_secret_query_values(text: str, masked: str) -> None:
    assert mask_urls(text) == masked


def test_a_url_in_a_query_value_is_masked_too() -> None:
    assert mask_urls("https://h/login?next=http://c/x?session=1&page=3") == (
        "https://h/login?next=http://c/x?session=••••&page=3"
    )
    assert mask_urls("xhttp://a?u=http://c?token=2 z") == "xhttp://a?u=http://c?token=•••• z"


def _scanned_reference(text: str, mask: str) -> str:
    """The rule as first written: every match of the URL pattern over the whole text, each query pair read."""

    def url(match: re.Match[str]) -> str:
        found = masking.mask_userinfo(match.group(0))
        start = found.find("?")
        end = found.find("#", start)
        end = len(found) if end < 0 else end

        def pair(item: re.Match[str]) -> str:
            raw_name, raw_value = item.group("name"), item.group("value")
            name, value = unquote_plus(raw_name), unquote_plus(raw_value)
            if value and value != mask and (masking.SECRET_NAME.search(name) or masking.looks_secret(value)):
                return f"{item.group('lead')}{raw_name}={mask}"
            if "://" in raw_value:
                return f"{item.group('lead')}{raw_name}={_scanned_reference(raw_value, mask)}"
            return item.group(0)

        return found[:start] + masking._QUERY_PAIR.sub(pair, found[start:end]) + found[end:]

    text = masking.mask_userinfo(text)
    return masking._URL_WITH_QUERY.sub(url, text) if "://" in text and "?" in text else text


def test_urls_found_from_each_scheme_separator_mask_as_a_scan_of_the_whole_text() -> None:
    """mask_urls looks for URLs from each '://' that a '?' follows and leaves a query with nothing maskable unread: 30,000 texts of
    URL pieces (schemes glued to words, nested URLs, escapes, tokens, cookies, fragments, brackets) are masked
    exactly as a regular-expression scan of the whole text reading every query pair masks them."""
    pieces = [
        "https://",
        "http://",
        "ws://",
        "wss://",
        "xhttp://",
        "s://",
        "://",
        "ttps://",
        "wsss://",
        "h",
        "?",
        "&",
        "=",
        "#",
        "%41",
        " ",
        "\n",
        '"',
        "'",
        "<",
        ">",
        ")",
        "]",
        "a",
        "token",
        "Session",
        "page",
        "b.com/x",
        "@",
        "u:p@",
        TOKEN_24,
        JWT,
        "k=v;x=y",
        "12",
        "••••",
        "x" * 23,
        "a1" * 12,
    ]
    chance = random.Random(20261127)
    texts = ["".join(chance.choice(pieces) for _ in range(chance.randint(1, 16))) for _ in range(30_000)]
    changed = 0
    for text in texts:
        for mask in (masking.MASK, "<masked>"):
            expected = _scanned_reference(text, mask)
            assert mask_urls(text, mask) == expected, text
            changed += expected != text
    assert changed == 5_260
