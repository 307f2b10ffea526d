"""Which facts change between builds or with the data, by their look (no page needed).

- Generated ids: React's ``useId`` (``:r1:``, ``«r1»``), Ember's ``ember123``, ids with a long run of
  digits or hexadecimal digits (``item-83af02c1``, ``post-1234567``), UUIDs. A build or a reload
  renews them.
- Hashed class names: CSS-module names with a hash suffix (``Card_title__3xYz1``), CSS-in-JS
  (``css-1x2y3z``, ``sc-bdVaJa``, ``jsx-123``, ``emotion-0``), short underscore hashes (``_3fX2a``);
  a rebuild renames them. Utility classes (``mt-4``, ``flex``, ``col-md-6``) and layout words
  (``container``, ``row``, ``wrapper``) say nothing about what an element is.
- Volatile texts: prices, counts and percentages, dates and times change with the data, not with the
  page's design. A year alone (``2014``, 1900-2099) is a label (an archive's year, a season), not a count.
- Volatile URLs (a link's ``href``, an image's ``src``): a session or tracking token in the query
  (``?sid=…``, ``utm_source``, ``;jsessionid=``), a build hash in a path segment or file name
  (``app.3f2a9c1b.js``, ``/static/8c1e0b7a4d/logo.png``), a long run of digits (a record id, a
  timestamp: ``/p/1234567``, ``?v=1700000000``). A deploy, a session or new data renews them.

Each test returns the kind of instability (a short word the answers print) or None.
"""

from __future__ import annotations

import re

__all__ = ["generated_id", "hashed_class", "semantic_class", "url_parts", "volatile_text", "volatile_url"]

_GENERATED_ID = re.compile(
    r"""^(?:
        :r[0-9a-z]*:|«r[0-9a-z]*»|_r_[0-9a-z]*_       # React useId
        |ember\d+|ext-gen\d+|yui_[\w-]*\d{3,}           # Ember, ExtJS, YUI
        |[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}  # UUID
    )$""",
    re.X | re.I,
)
#: A run of 4+ digits, or 6+ hexadecimal characters with both letters and digits.
_LONG_DIGITS = re.compile(r"\d{4,}")
_HEX_RUN = re.compile(r"(?<![0-9a-z])(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{6,}(?![0-9a-z])", re.I)

_HASHED_CLASS = re.compile(
    r"""^(?:
        css-[0-9a-z]{4,}(?:-\w+)?          # emotion
        |sc-[a-z0-9]{4,}                    # styled-components
        |jsx-\d+|emotion-\d+|svelte-[0-9a-z]{5,}|astro-[0-9a-z]{6,}|ng-tns-[\w-]+|_ngcontent-[\w-]+
        |_[0-9a-z]{4,8}                     # underscore hashes (_3fX2a)
        |[a-z0-9]{5,8}                      # short mixed hashes (x7f9a2) checked below
        |[\w-]+__(?=(?-i:[\w-]*[0-9A-Z]))[0-9a-z_-]{5,}  # CSS modules: Card_title__3xYz1 (a BEM
                                            # element, nav__drop-down-item, has no digit or capital)
        |[\w]+_[\w]+_[0-9a-z-]{5,}          # CSS modules (webpack): card_title_3xYz1
    )$""",
    re.X | re.I,
)
_UTILITY_CLASS = re.compile(
    r"""^(?:[a-z]{1,3}:)*(?:                   # tailwind variants sm: md: hover:
        -?(?:m|p)[trblxyse]?-\S+|[wh]-\S+|(?:min|max)-[wh]-\S+|text-\S+|bg-\S+|border(?:-\S+)?|rounded(?:-\S+)?
        |flex(?:-\S+)?|grid(?:-\S+)?|gap-\S+|col(?:-\S+)?|row(?:-\S+)?|items-\S+|justify-\S+|self-\S+|place-\S+
        |font-\S+|leading-\S+|tracking-\S+|shadow(?:-\S+)?|opacity-\S+|z-\S+|(?:top|left|right|bottom|inset)-\S+
        |overflow(?:-\S+)?|cursor-\S+|transition(?:-\S+)?|duration-\S+|ease-\S+|space-[xy]-\S+|order-\S+
        |d-\S+|align-\S+|float-\S+|clearfix|visually-hidden|sr-only|hidden|block|inline(?:-\S+)?|absolute|relative
        |fixed|sticky|static|container(?:-\S+)?|wrapper|inner|outer|content|clear|pull-\S+|offset-\S+|span\d*
        |is-\S+|has-\S+|js-\S+|active|selected|open|show|fade|in|collapse|collapsed|disabled|first|last|odd|even
        |lazy\S*|loaded|animated?\S*|small|large|left|right|center|full|half
    )$""",
    re.X | re.I,
)

_MONTHS = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?"
    r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
)
_VOLATILE = (
    ("price", re.compile(r"[$€£¥₹]\s?\d|\d\s?[$€£¥₹]|\b\d+[.,]\d{2}\b|\b(?:usd|eur|gbp)\b", re.I)),
    (
        "date",
        re.compile(
            rf"\b\d{{1,2}}[/.-]\d{{1,2}}[/.-]\d{{2,4}}\b|\b\d{{4}}-\d{{2}}-\d{{2}}\b|\b(?:{_MONTHS})\.?\s+\d{{1,2}}\b|\b\d{{1,2}}\s+(?:{_MONTHS})\b|\b(?:yesterday|today|tomorrow)\b",
            re.I,
        ),
    ),
    (
        "time",
        re.compile(
            r"\b\d{1,2}:\d{2}(?::\d{2})?\s?(?:am|pm)?\b"
            r"|\b\d+\s*(?:s|sec|min|minutes?|h|hours?|days?|weeks?|months?|years?)\s+ago\b|\bjust now\b",
            re.I,
        ),
    ),
    (
        "count",
        re.compile(
            r"^\(?\d[\d,. ]*\)?$|\(\d+\)|\b\d+(?:[.,]\d+)?\s?%"
            r"|\b\d+\s+(?:items?|results?|reviews?|comments?|replies|votes?|likes?|views?|points?|stars?|ratings?|products?|notifications?|messages?|new)\b",
            re.I,
        ),
    ),
)

#: A year alone, as an archive or a season names it.
_YEAR = re.compile(r"^\s*(?:19|20)\d{2}\s*$")


def generated_id(value: str) -> str | None:
    """``"generated id"`` when ``value`` (an id or test id) looks generated, else None."""
    if _GENERATED_ID.match(value) or _LONG_DIGITS.search(value) or _HEX_RUN.search(value):
        return "generated id"
    return None


#: An atomic-CSS class: one or two lowercase letters or digits (Medium's ``px``, ``qc``), each a single declaration.
_ATOMIC_CLASS = re.compile(r"[a-z][a-z0-9]?")


def hashed_class(name: str) -> str | None:
    """``"hashed class"`` for a class name a build generates (a hash or an atomic-CSS name), else None."""
    if _ATOMIC_CLASS.fullmatch(name) and not _UTILITY_CLASS.match(name):
        return "hashed class"
    if not _HASHED_CLASS.match(name):
        return None
    # A short word is a word (``footer``, ``banner``); a mix of letters and digits is a hash.
    if re.fullmatch(r"[a-z0-9]{5,8}", name, re.I) and not (re.search(r"\d", name) and re.search(r"[a-z]", name, re.I)):
        return None
    return "hashed class"


def utility_class(name: str) -> bool:
    """A class that says how the element looks, not what it is (``flex-0``, ``mt-4``, ``hidden``, ``sr-only``)."""
    return bool(_UTILITY_CLASS.match(name))


def semantic_class(name: str) -> bool:
    """A class that names what the element is (``product-card``, ``comment``): neither hashed nor a utility."""
    if len(name) < 3 or not re.fullmatch(r"-?[A-Za-z_][\w-]*", name):
        return False
    return not (hashed_class(name) or _UTILITY_CLASS.match(name) or generated_id(name))


def volatile_text(text: str) -> str | None:
    """The kind of data ``text`` holds that changes over time (price, date, time, count), or None."""
    if _YEAR.match(text):
        return None
    for kind, pattern in _VOLATILE:
        if pattern.search(text):
            return kind
    return None


#: Query parameters that carry a session, a signature, a cache buster or a tracking id.
_TOKEN_PARAMS = re.compile(
    r"^(?:sid|session(?:id)?|phpsessid|jsessionid|token|auth|key|sig|signature|nonce|ts|timestamp|cb|_|t|v|ver"
    r"|utm_\w+|fbclid|gclid|dclid|msclkid|mc_[ce]id|_ga|_gl|ved|ei|usg|sa|sxsrf|oq|gs_\w+|ref_?|trk\w*|tracking\w*"
    r"|expires|x-amz-[\w-]+|x-goog-[\w-]+)$",
    re.I,
)
#: A run of 5+ digits in a URL (a record id, a timestamp); shorter runs are years, sizes, page numbers.
_URL_DIGITS = re.compile(r"\d{5,}")
#: A hash in a URL: 8+ hexadecimal characters with letters and digits, or a UUID.
_URL_HASH = re.compile(r"(?<![0-9a-z])(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}(?![0-9a-z])", re.I)
#: A build hash in a file name: ``name.3f2a9c.ext``, ``name-3f2a9c1b.ext``, ``name_Ab3xYz12.ext``.
_FILE_HASH = re.compile(r"[.\-_](?=[0-9a-z]*\d)(?=[0-9a-z]*[a-z])[0-9a-z]{6,}\.[a-z0-9]{2,5}$", re.I)


def url_parts(value: str) -> tuple[str, str, str]:
    """``(path, query, fragment)`` of a URL as authored (the path keeps its scheme and host, if any)."""
    rest, _, fragment = value.partition("#")
    path, _, query = rest.partition("?")
    return path, query, fragment


def volatile_url(value: str) -> str | None:
    """What in a link's ``href`` or an image's ``src`` (as authored) changes with a session, a deploy or the
    data: ``"url token"`` (a session, tracking or cache-busting query parameter, ``;jsessionid=``), ``"url
    hash"`` (a build hash in a path segment or file name), ``"url id"`` (a long run of digits), or None."""
    path, query, _ = url_parts(value)
    if ";jsessionid=" in path.lower():
        return "url token"
    for item in filter(None, query.split("&")):
        name, _, param = item.partition("=")
        if _TOKEN_PARAMS.match(name) or _URL_HASH.search(param) or len(param) >= 24:
            return "url token"
        if _URL_DIGITS.search(param):
            return "url id"
    if _URL_HASH.search(path) or _FILE_HASH.search(path):
        return "url hash"
    if _URL_DIGITS.search(path):
        return "url id"
    return None
