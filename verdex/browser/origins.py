"""Which URLs pages may open: ``--allowed-origins``, ``--blocked-origins`` and ``--allow-file-urls``.

The option values follow Playwright MCP's convention: a semicolon-separated list of origins,
the blocklist checked before the allowlist, and no allowlist meaning "every origin not blocked".
Each entry is one of:

- ``SCHEME://HOST[:PORT]``: exactly that origin (RFC 6454: scheme, host and port). SCHEME is
  ``http`` or ``https``; an omitted port is the scheme's default (80, 443), so
  ``http://example.com`` and ``http://example.com:80`` are the same entry. A trailing ``/`` is
  allowed (an origin copied from the address bar); a path, query, fragment or user name is not.
- ``SCHEME://HOST:*``: that scheme and host on any port.
- ``HOST``: that host on http and https, any port (Playwright MCP's host-only form).
- In any form, a HOST that starts with ``*.`` matches every subdomain of the rest (one label
  or more), not the bare domain: ``https://*.example.com`` matches ``https://app.example.com``
  and ``https://a.b.example.com``, not ``https://example.com``.

Hosts compare case-insensitively, internationalized names in their ASCII (punycode) form as
Chromium and the URL standard make it: UTS #46 processing, non-transitional
(https://www.unicode.org/reports/tr46/, https://url.spec.whatwg.org/#concept-domain-to-ascii), so
``faß.de`` is ``xn--fa-hia.de`` (not IDNA 2003's ``fass.de``) and full-width letters are folded; the
same for the entries and for the URLs checked. IPv6 addresses in brackets (``http://[::1]:8000``).
The policy applies to documents: the URLs of pages, tabs and frames, and every hop of their
redirects. ``about:``, ``data:`` and ``blob:`` documents are not fetched from an origin and are not
subject to it. ``file:`` URLs open only with ``--allow-file-urls``. Any other scheme (``chrome:``,
``javascript:`` ...) is refused while a policy is set.
"""

from __future__ import annotations

import contextlib
import ipaddress
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import idna

from verdex.errors import UsageError

__all__ = ["NavigationPolicy", "OriginPattern", "origin_of_url", "parse_origins"]

_DEFAULT_PORTS = {"http": 80, "https": 443}

#: Schemes of documents that are not fetched from an origin (the policy lets them through).
_LOCAL_SCHEMES = frozenset({"about", "data", "blob"})

#: Entries named in a message before "... and N more".
_MAX_LISTED = 5


@dataclass(frozen=True)
class OriginPattern:
    """One entry of ``--allowed-origins`` / ``--blocked-origins``.

    Attributes:
        text: the entry as given.
        scheme: ``http`` or ``https``; None for the host-only form (both schemes).
        host: the host in lower case (ASCII form; IPv6 without brackets), without a leading ``*.``.
        subdomains: the entry's host started with ``*.``: it matches subdomains of ``host`` only.
        port: the port (the scheme's default when omitted); None for any port.
    """

    text: str
    scheme: str | None
    host: str
    subdomains: bool
    port: int | None

    def matches(self, scheme: str, host: str, port: int) -> bool:
        """True if an http(s) URL with this scheme, host (lower case, ASCII) and port is covered."""
        if self.scheme is not None and scheme != self.scheme:
            return False
        if self.port is not None and port != self.port:
            return False
        if self.subdomains:
            return host.endswith("." + self.host)
        return host == self.host


def parse_origins(value: str, option: str) -> tuple[OriginPattern, ...]:
    """Parse a semicolon-separated list of origins (see the module docstring).

    Args:
        value: the option's value, e.g. ``"http://127.0.0.1:8000;https://*.example.com"``.
        option: the option's name for messages, e.g. ``--allowed-origins``.

    Returns:
        The entries in the order given (empty pieces, as from a trailing ``;``, are skipped).

    Raises:
        UsageError: the list is empty, or an entry is malformed (the message names it and says why).
    """
    entries = [piece.strip() for piece in value.split(";")]
    patterns = tuple(_parse_entry(entry, option) for entry in entries if entry)
    if not patterns:
        raise UsageError(
            f"{option} got no origin: give one or more origins separated by ';', e.g. "
            f"{option} 'http://localhost:3000;https://*.example.com'"
        )
    return patterns


def _parse_entry(entry: str, option: str) -> OriginPattern:
    def bad(why: str) -> UsageError:
        return UsageError(
            f"{option}: {entry!r} is not an origin: {why}. Entries look like http://localhost:3000, "
            "https://*.example.com, http://127.0.0.1:* or example.com"
        )

    if "://" not in entry:
        if any(char in entry for char in "/?#@:"):
            raise bad("give a scheme (http:// or https://) with a port, or a bare host name")
        return OriginPattern(entry, None, *_host(entry, bad), None)
    scheme, _, rest = entry.partition("://")
    scheme = scheme.lower()
    if scheme not in _DEFAULT_PORTS:
        raise bad(f"the scheme must be http or https, not {scheme!r}")
    authority = rest.removesuffix("/")
    if not authority:
        raise bad("it has no host")
    if any(char in authority for char in "/?#"):
        raise bad("an origin has no path, query or fragment (the part from the first / after the host)")
    if "@" in authority:
        raise bad("an origin has no user name or password")
    host_text, port = authority, _DEFAULT_PORTS[scheme]
    any_port = False
    colon = authority.rfind(":")
    if colon > authority.rfind("]"):  # a port (an IPv6 address's colons are inside its brackets)
        host_text, port_text = authority[:colon], authority[colon + 1 :]
        if port_text == "*":
            any_port = True
        elif port_text.isdigit() and 0 < int(port_text) < 65536:
            port = int(port_text)
        else:
            raise bad(f"the port must be a number from 1 to 65535, or *, not {port_text!r}")
    return OriginPattern(entry, scheme, *_host(host_text, bad), None if any_port else port)


def _host(text: str, bad: Callable[[str], UsageError]) -> tuple[str, bool]:
    """The host in comparable form and whether it had a ``*.`` prefix."""
    subdomains = text.startswith("*.")
    host = text[2:] if subdomains else text
    if not host:
        raise bad("it has no host")
    if host.startswith("[") and host.endswith("]"):
        try:
            address = ipaddress.IPv6Address(host[1:-1])
        except ValueError:
            raise bad(f"{host} is not an IPv6 address") from None
        if subdomains:
            raise bad("*. goes before a host name, not an IP address")
        return address.compressed, False
    if "*" in host:
        raise bad("* stands for a whole port (:*) or for the subdomains before a host name (*.example.com)")
    ascii_host = _ascii_host(host)
    if ascii_host is None:
        raise bad(f"{host!r} is not a valid host name")
    if not all(label and all(c.isalnum() or c in "-_" for c in label) for label in ascii_host.split(".")):
        raise bad(f"{host!r} is not a valid host name")
    return ascii_host, subdomains


def _ascii_host(host: str) -> str | None:
    """``host`` in lower case ASCII as Chromium names it (UTS #46, non-transitional), or None if it cannot be.

    An ASCII host is only lower-cased (``my_host.local`` stays valid, as in Chromium); a host with
    another character goes through ``idna.encode(uts46=True)``.
    """
    if host.isascii():
        return host.lower()
    try:
        return idna.encode(host, uts46=True, transitional=False).decode("ascii")
    except (idna.IDNAError, UnicodeError):
        return None


def origin_of_url(url: str) -> tuple[str, str, int] | None:
    """``(scheme, host, port)`` of an http(s) URL (host lower case, ASCII, IPv6 without brackets), else None."""
    try:
        parts = urlsplit(url)
        scheme = parts.scheme.lower()
        if scheme not in _DEFAULT_PORTS or not parts.hostname:
            return None
        port = parts.port or _DEFAULT_PORTS[scheme]
    except ValueError:
        return None
    host = _ascii_host(parts.hostname)
    if host is None:
        return None
    with contextlib.suppress(ValueError):
        host = ipaddress.IPv6Address(host).compressed
    return scheme, host, port


def _format_origin(scheme: str, host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"{scheme}://{shown}" + ("" if _DEFAULT_PORTS[scheme] == port else f":{port}")


def _listed(patterns: Iterable[OriginPattern]) -> str:
    texts = [pattern.text for pattern in patterns]
    more = len(texts) - _MAX_LISTED
    return "; ".join(texts[:_MAX_LISTED]) + (f" and {more} more" if more > 0 else "")


@dataclass(frozen=True)
class NavigationPolicy:
    """What documents the pages may load.

    Attributes:
        allowed: ``--allowed-origins``; empty: every origin that is not blocked.
        blocked: ``--blocked-origins``, checked first.
        allow_file_urls: ``--allow-file-urls``: ``file:`` documents may open.
    """

    allowed: tuple[OriginPattern, ...] = field(default=())
    blocked: tuple[OriginPattern, ...] = field(default=())
    allow_file_urls: bool = False

    @property
    def filters_origins(self) -> bool:
        """True when an origin list is set (the browser must check every document request)."""
        return bool(self.allowed or self.blocked)

    def refusal(self, url: str) -> str | None:
        """Why a document at ``url`` may not load (a sentence naming the origin and the option), or None.

        Only the origin lists and ``file:`` are checked here; :func:`verdex.browser.navigation.check_url`
        rejects malformed URLs and schemes verdex never opens.
        """
        scheme = url.split(":", 1)[0].lower() if ":" in url else ""
        if scheme == "file":
            if self.allow_file_urls:
                return None
            return "file: URLs are off; start verdex serve with --allow-file-urls to open local files"
        origin = origin_of_url(url)
        if origin is None:
            if scheme in _LOCAL_SCHEMES or not self.filters_origins:
                return None
            return f"its scheme {scheme or '(none)'!r} is not http or https, and an origin policy is set"
        shown = _format_origin(*origin)
        for pattern in self.blocked:
            if pattern.matches(*origin):
                return f"origin {shown} is blocked by --blocked-origins (entry {pattern.text!r})"
        if self.allowed and not any(pattern.matches(*origin) for pattern in self.allowed):
            return f"origin {shown} is not in --allowed-origins ({_listed(self.allowed)})"
        return None
