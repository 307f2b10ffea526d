"""Size limits of the tools' arguments (issue 19: no input is taken, or echoed, whole when it is huge).

Each string argument declares ``maxLength`` and each list ``maxItems`` in its schema (pydantic
``Field(max_length=...)``); :data:`MAX_ANY_CHARS` and :data:`MAX_ANY_ITEMS` bound whatever a schema does not
name (nested values), checked before validation (:mod:`verdex.server.app`). Errors quote at most
:data:`verdex.safe_text.EXCERPT_CHARS` characters of what they refuse.
"""

from __future__ import annotations

__all__ = [
    "MAX_ANY_CHARS",
    "MAX_ANY_ITEMS",
    "MAX_KEY_CHARS",
    "MAX_NAME_CHARS",
    "MAX_PATH_CHARS",
    "MAX_REF_CHARS",
    "MAX_TEXT_CHARS",
    "MAX_URL_CHARS",
    "MAX_VALUES",
]

#: A URL, characters (browsers take longer ones; no page verdex is for needs them).
MAX_URL_CHARS = 8192
#: A ref: ``f<K>_e<N>`` is at most 19 characters.
MAX_REF_CHARS = 32
#: Text typed, waited for, or answered to a prompt, characters.
MAX_TEXT_CHARS = 10_000
#: A key or chord (``Control+Shift+ArrowLeft``), characters.
MAX_KEY_CHARS = 64
#: A role name, characters.
MAX_NAME_CHARS = 200
#: A file path, characters (Linux PATH_MAX).
MAX_PATH_CHARS = 4096
#: Options given to one select.
MAX_VALUES = 100
#: Any string anywhere in the arguments, characters (the largest declared limit is smaller).
MAX_ANY_CHARS = 100_000
#: Any list anywhere in the arguments, items.
MAX_ANY_ITEMS = 1000
