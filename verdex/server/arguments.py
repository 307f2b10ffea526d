"""The argument types the tools share, with the short descriptions ``tools/list`` publishes.

Descriptions are paid on every turn of a conversation: a few words each; what an argument means in
depth is in the skill (skills/verdex-playwright) and the README.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

__all__ = ["AncestorLevel", "Element", "OptionalRef", "Ref"]

#: Longest ref text accepted (``f999999_e9999999999``).
MAX_REF = 32

Ref = Annotated[str, Field(max_length=MAX_REF, description="Element ref, e.g. e12 (f1_e3 inside a frame).")]
OptionalRef = Annotated[
    str | None, Field(max_length=MAX_REF, description="Element ref, e.g. e12 (f1_e3 inside a frame).")
]
Element = Annotated[
    str | None,
    Field(max_length=500, description="Instead of ref: the element's text or label, or a CSS selector."),
]
AncestorLevel = Annotated[int, Field(ge=1, le=10_000, description="Levels up from the element: 1 = parent.")]
