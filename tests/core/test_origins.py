"""The origin policy's parsing and matching (verdex.browser.origins), without a browser."""

from __future__ import annotations

import pytest

from verdex.browser.origins import NavigationPolicy, OriginPattern, parse_origins
from verdex.errors import UsageError


def test_entries_parse_to_scheme_host_and_port() -> None:
    assert parse_origins("http://127.0.0.1:8000; https://*.Example.com/;localhost;http://[::1]:*", "--o") == (
        OriginPattern("http://127.0.0.1:8000", "http", "127.0.0.1", False, 8000),
        OriginPattern("https://*.Example.com/", "https", "example.com", True, 443),
        OriginPattern("localhost", None, "localhost", False, None),
        OriginPattern("http://[::1]:*", "http", "::1", False, None),
    )
    assert parse_origins("bücher.de", "--o")[0].host == "xn--bcher-kva.de"
    # UTS #46 (as Chromium and the URL standard), not IDNA 2003: ß stays ß, it is not "ss" (issue 19, item 5).
    assert [p.host for p in parse_origins("faß.de;http://*.FAß.de;ＥＸＡＭＰＬＥ.com;my_host.local", "--o")] == [
        "xn--fa-hia.de",
        "xn--fa-hia.de",
        "example.com",
        "my_host.local",
    ]


MATCHES = [
    # (entries, url, matched?)
    ("http://127.0.0.1:8000", "http://127.0.0.1:8000/login?next=/", True),
    ("http://127.0.0.1:8000", "http://127.0.0.1:8001/", False),
    ("http://127.0.0.1:8000", "https://127.0.0.1:8000/", False),
    ("http://example.com", "http://example.com:80/", True),
    ("https://example.com", "https://example.com:8443/", False),
    ("http://localhost:*", "http://localhost:3000/", True),
    ("http://localhost:*", "https://localhost:3000/", False),
    ("localhost", "https://localhost:3000/", True),
    ("localhost", "http://localhost.example.com/", False),
    ("https://*.example.com", "https://app.example.com/", True),
    ("https://*.example.com", "https://a.b.example.com/", True),
    ("https://*.example.com", "https://example.com/", False),
    ("https://*.example.com", "https://badexample.com/", False),
    ("HTTP://EXAMPLE.com", "http://example.COM/", True),
    ("http://[::1]:8000", "http://[0:0::1]:8000/", True),
    ("bücher.de", "https://xn--bcher-kva.de/", True),
    ("faß.de", "http://xn--fa-hia.de/", True),
    ("faß.de", "http://faß.de/", True),
    ("faß.de", "http://FAß.DE:8080/", True),
    ("faß.de", "http://fass.de/", False),
    ("https://*.faß.de", "https://shop.xn--fa-hia.de/", True),
    ("xn--fa-hia.de", "http://faß.de/", True),
    ("例え.テスト", "http://xn--r8jz45g.xn--zckzah/", True),
    ("http://ＥＸＡＭＰＬＥ.com", "http://example.com/", True),
]


@pytest.mark.parametrize(("entries", "url", "matched"), MATCHES)
def test_allowed_origins_match_exactly_what_they_say(entries: str, url: str, matched: bool) -> None:
    policy = NavigationPolicy(allowed=parse_origins(entries, "--allowed-origins"))
    assert (policy.refusal(url) is None) is matched


@pytest.mark.parametrize(("entries", "url", "matched"), MATCHES)
def test_blocked_origins_match_exactly_what_they_say(entries: str, url: str, matched: bool) -> None:
    policy = NavigationPolicy(blocked=parse_origins(entries, "--blocked-origins"))
    assert (policy.refusal(url) is not None) is matched


def test_a_refusal_names_the_origin_as_the_browser_does() -> None:
    policy = NavigationPolicy(blocked=parse_origins("faß.de", "--blocked-origins"))
    assert policy.refusal("http://faß.de:8000/x") == (
        "origin http://xn--fa-hia.de:8000 is blocked by --blocked-origins (entry 'faß.de')"
    )


def test_blocked_origins_come_first_and_name_their_entry() -> None:
    policy = NavigationPolicy(
        allowed=parse_origins("*.example.com", "--allowed-origins"),
        blocked=parse_origins("https://ads.example.com", "--blocked-origins"),
    )
    assert policy.refusal("https://app.example.com/") is None
    assert policy.refusal("https://ads.example.com/x") == (
        "origin https://ads.example.com is blocked by --blocked-origins (entry 'https://ads.example.com')"
    )
    assert (
        policy.refusal("http://other.test:81/")
        == "origin http://other.test:81 is not in --allowed-origins (*.example.com)"
    )
    assert policy.refusal("about:blank") is None
    assert policy.refusal("data:text/html,<p>x") is None
    assert (
        policy.refusal("chrome://version/") == "its scheme 'chrome' is not http or https, and an origin policy is set"
    )
    assert policy.refusal("file:///etc/passwd") == (
        "file: URLs are off; start verdex serve with --allow-file-urls to open local files"
    )


def test_without_lists_only_file_urls_are_refused() -> None:
    assert NavigationPolicy().refusal("chrome://version/") is None
    assert NavigationPolicy().refusal("http://anything.test/") is None
    assert NavigationPolicy(allow_file_urls=True).refusal("file:///tmp/a.html") is None
    assert not NavigationPolicy().filters_origins


def test_a_long_allowlist_is_listed_in_part() -> None:
    policy = NavigationPolicy(allowed=parse_origins(";".join(f"http://h{i}.test" for i in range(8)), "--a"))
    assert policy.refusal("http://x.test/") == (
        "origin http://x.test is not in --allowed-origins "
        "(http://h0.test; http://h1.test; http://h2.test; http://h3.test; http://h4.test and 3 more)"
    )


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("http://a.test?x=1", "an origin has no path, query or fragment (the part from the first / after the host)"),
        ("http://user@a.test", "an origin has no user name or password"),
        ("http://", "it has no host"),
        ("http://[::g]", "[::g] is not an IPv6 address"),
        ("https://*.[::1]", "*. goes before a host name, not an IP address"),
        ("http://a*.test", "* stands for a whole port (:*) or for the subdomains before a host name (*.example.com)"),
        ("http://a..test", "'a..test' is not a valid host name"),
        ("http://a.test:-1", "the port must be a number from 1 to 65535, or *, not '-1'"),
    ],
)
def test_malformed_entries_say_why(value: str, why: str) -> None:
    with pytest.raises(UsageError) as raised:
        parse_origins(value, "--blocked-origins")
    assert str(raised.value) == (
        f"--blocked-origins: {value!r} is not an origin: {why}. Entries look like http://localhost:3000, "
        "https://*.example.com, http://127.0.0.1:* or example.com"
    )
