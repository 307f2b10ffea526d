"""The one masking rule for secrets, applied to every answer, error, log line and trace record.

What is masked (README, Security: Secrets):

- The value of a secret field (a password, a one-time code, card data; see
  :func:`verdex.bridge.api.Bridge.element_state`'s ``secret``) wherever it appears: the values the
  server typed into such a field or compared with one are remembered (:meth:`SecretValues.remember`)
  and replaced by ``••••`` in every text that leaves the server; the bridge does the same in the
  page for the values it finds there (``bridge/src/secrets.ts``).
- The password of a URL's userinfo: ``http://user:pass@host/`` is written ``http://user:••••@host/``.
- In every URL (``http``, ``https``, ``ws``, ``wss``): the value of a query parameter whose name looks secret
  (:data:`SECRET_NAME`: ``password``, ``token``, ``secret``, ``session``, ``auth``, ``api_key`` ...) or whose
  value looks like a token (:func:`looks_secret`): ``?token=abc`` is written ``?token=••••`` (:func:`mask_url`).
  The trace applies the same rule with its own mark (``<masked>``, :mod:`verdex.server.trace`).

:class:`SecretValues` belongs to the server session; :class:`MaskingFilter` applies it to log records.
"""

from __future__ import annotations

import logging
import re
from typing import Any
from urllib.parse import unquote_plus

__all__ = [
    "MASK",
    "SECRET_NAME",
    "MaskingFilter",
    "SecretValues",
    "looks_secret",
    "mask_url",
    "mask_urls",
    "mask_userinfo",
]

MASK = "••••"

#: Secret values shorter than this are masked only where a whole string equals them.
_MIN_SUBSTRING = 4

#: ``://user:password@``: what follows a URL's scheme when it has a password, up to the ``@`` before the host
#: (searched from its literal ``://``: a pattern that starts with the scheme is tried at every position of a long
#: text, and costs half a millisecond on a snapshot). :func:`mask_userinfo` checks the scheme before it.
_USERINFO = re.compile(r"://(?P<user>[^/?#\s:@]*):[^/?#\s@]*@")
#: The characters of a URL scheme (RFC 3986: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )), run back from ``://``.
_SCHEME_TAIL = re.compile(r"[A-Za-z0-9+.-]{1,64}$")


#: Names that look secret: of query parameters here, of arguments in the trace.
SECRET_NAME = re.compile(r"pass(word|wd|phrase)?|secret|token|cookie|session|auth|credential|api_?key", re.I)
_JWT = re.compile(r"[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}")
_COOKIE = re.compile(r"\s*[^=;\s]+=[^;]*(;\s*[^=;\s]+=[^;]*)+;?\s*")
_TOKEN = re.compile(r"[A-Za-z0-9+/_=-]{24,}")
#: An absolute URL with a query in a free text (up to a space, quote or angle bracket): the URLs
#: :func:`mask_urls` may change after :func:`mask_userinfo` (a snapshot's links are mostly without one). No word
#: boundary before it: Python's ``re`` tries one at every position (five times slower), and a URL glued to a word
#: is masked too.
_URL_WITH_QUERY = re.compile(r"(?:https?|wss?)://[^\s\"'<>?]*\?[^\s\"'<>]*")
#: The ``://`` of a URL with a query, up to its ``?``: where :data:`_URL_WITH_QUERY` can match (from the scheme).
_QUERY_AFTER = re.compile(r"://[^\s\"'<>?]*\?")
#: ``?name=value`` or ``&name=value`` of a query; the value stops at ``)`` and ``]`` too, which close the
#: brackets answers put around URLs (``Page: "Shop" (http://...?token=abc)``).
#: A raw query value that :func:`looks_secret` can never call secret, even unescaped: under 24 characters (a token
#: has 24, a JWT 26), no ``=`` (a cookie has one) and no ``%`` (an escape could hide either).
_PLAIN_VALUE = re.compile(r"[^=%]{0,23}")
_QUERY_PAIR = re.compile(r"(?P<lead>[?&])(?P<name>[^=&#\s\"'<>]+)=(?P<value>[^&#\s\"'<>)\]]*)")


def mask_userinfo(text: str) -> str:
    """``text`` with the password of every URL's userinfo as ``••••`` (``http://ada:••••@host/``)."""
    if "@" not in text or "://" not in text:
        return text

    def masked(match: re.Match[str]) -> str:
        scheme = _SCHEME_TAIL.search(text, max(0, match.start() - 64), match.start())
        if scheme is None or not any(char.isalpha() for char in scheme.group(0)):
            return match.group(0)  # no scheme before it (a scheme starts with a letter)
        return f"://{match.group('user')}:{MASK}@"

    return _USERINFO.sub(masked, text)


def looks_secret(value: str) -> bool:
    """A JWT, a cookie header, or a token (24 or more characters of ``[A-Za-z0-9+/_=-]`` mixing letters and digits)."""
    if _JWT.fullmatch(value) or _COOKIE.fullmatch(value):
        return True
    return bool(_TOKEN.fullmatch(value)) and any(c.isdigit() for c in value) and any(c.isalpha() for c in value)


def mask_url(url: str, mask: str = MASK) -> str:
    """``url`` with the value of each secret query parameter (its name looks secret, or its value looks like a
    token) and the password of its userinfo as ``mask``; the rest of the URL is left as it was written."""
    url = mask_userinfo(url)
    start = url.find("?")
    if start < 0:
        return url
    end = url.find("#", start)
    end = len(url) if end < 0 else end
    if _plain_query(url[start:end]):
        return url

    def pair(match: re.Match[str]) -> str:
        raw_name, raw_value = match.group("name"), match.group("value")
        if _PLAIN_VALUE.fullmatch(raw_value) and "%" not in raw_name and not SECRET_NAME.search(raw_name):
            # Most pairs: too short for a token, no '=' for a cookie, nothing escaped, a plain name.
            return match.group(0)
        name, value = unquote_plus(raw_name), unquote_plus(raw_value)
        if value and value != mask and (SECRET_NAME.search(name) or looks_secret(value)):
            return f"{match.group('lead')}{raw_name}={mask}"
        if "://" in raw_value:  # a URL in the value (a redirect target): its own query's secrets
            return f"{match.group('lead')}{raw_name}={mask_urls(raw_value, mask)}"
        return match.group(0)

    return url[:start] + _QUERY_PAIR.sub(pair, url[start:end]) + url[end:]


def mask_urls(text: str, mask: str = MASK) -> str:
    """A free text with every URL in it masked as :func:`mask_url` does.

    The URLs are found from each ``://`` followed by a ``?`` (:data:`_QUERY_AFTER`, a pattern that starts with a
    literal, which Python's ``re`` looks for as a substring): the matches :data:`_URL_WITH_QUERY` would find scanning
    the whole text, which ``re`` tries at every position (about half a millisecond on a snapshot). A link without a
    query costs nothing here.
    """
    text = mask_userinfo(text)
    if "://" not in text or "?" not in text:
        return text
    parts: list[str] = []
    done = 0  # text[:done] is in parts
    scanned = 0  # the end of the last URL found: the next starts after it
    found = _QUERY_AFTER.search(text)
    while found is not None:
        at = found.start()
        start = _scheme_start(text, at)
        match = _URL_WITH_QUERY.match(text, start) if start >= scanned else None
        if match is None:
            found = _QUERY_AFTER.search(text, at + 3)
            continue
        url, scanned = match.group(0), match.end()
        if "@" in url or not _plain_query(url[url.index("?") :]):  # else: nothing in it to mask (the usual link)
            parts += (text[done:start], mask_url(url, mask))
            done = scanned
        found = _QUERY_AFTER.search(text, scanned)
    if not parts:
        return text
    parts.append(text[done:])
    return "".join(parts)


#: The schemes :data:`_URL_WITH_QUERY` takes, longest first where one ends another (``https``, ``http``).
_SCHEMES = ("https", "http", "wss", "ws")


def _scheme_start(text: str, at: int) -> int:
    """Where the scheme of the ``://`` at ``at`` starts (-1: none of :data:`_SCHEMES` ends there)."""
    for scheme in _SCHEMES:
        start = at - len(scheme)
        if start >= 0 and text.startswith(scheme, start):
            return start
    return -1


#: In a query: a value with an ``=`` in it, or of 24 characters or more (a value :func:`looks_secret` may call secret).
_QUERY_VALUE_TO_READ = re.compile(r"=[^&#\s\"'<>)\]]*=|=[^&#\s\"'<>)\]]{24,}")


def _plain_query(query: str) -> bool:
    """Nothing of ``query`` (from its ``?``) can be masked: no escape, no secret-looking name or long value, no URL
    in it. Most queries of a page's links; the others are read pair by pair."""
    return (
        "%" not in query
        and "://" not in query
        and SECRET_NAME.search(query) is None
        and _QUERY_VALUE_TO_READ.search(query) is None
    )


class SecretValues:
    """Secret values the server has seen, and the masking of texts and JSON values with them."""

    def __init__(self) -> None:
        self._values: set[str] = set()
        self._ordered: list[str] = []

    def remember(self, value: str) -> None:
        """Note a secret value (typed into a secret field, or compared with one); empty values are ignored."""
        if value and value not in self._values:
            self._values.add(value)
            self._ordered = sorted(self._values, key=len, reverse=True)

    def mask(self, text: str) -> str:
        """``text`` with every remembered value, every URL password and every secret query value as ``••••``."""
        for value in self._ordered:
            if len(value) < _MIN_SUBSTRING:
                if text == value:
                    return MASK
            elif value in text:
                text = text.replace(value, MASK)
        return mask_urls(text)

    def mask_data(self, value: Any) -> Any:
        """A JSON value with :meth:`mask` applied to every string in it."""
        if isinstance(value, str):
            return self.mask(value)
        if isinstance(value, dict):
            return {key: self.mask_data(item) for key, item in value.items()}
        if isinstance(value, list):
            return [self.mask_data(item) for item in value]
        return value


class MaskingFilter(logging.Filter):
    """Masks each log record's message (arguments formatted in) with a session's :class:`SecretValues`."""

    def __init__(self, secrets: SecretValues) -> None:
        super().__init__()
        self.secrets = secrets

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = self.secrets.mask(message)
        if masked != message:
            record.msg, record.args = masked, None
        if record.exc_info and not record.exc_text:
            record.exc_text = self.secrets.mask(logging.Formatter().formatException(record.exc_info))
        return True
