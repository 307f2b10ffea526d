"""Hypothesis strategies from the tools' JSON Schemas (``inputSchema``), plus junk that breaks them.

Only the JSON Schema keywords pydantic writes for verdex's tools are read: ``type`` (object,
string, integer, number, boolean, array, null), ``properties``/``required``/``additionalProperties``,
``items``/``minItems``/``maxItems``, ``minLength``/``maxLength``/``pattern``,
``minimum``/``maximum``, ``enum``, ``const``, ``anyOf``/``oneOf`` and ``$ref`` into ``$defs``. An
unknown keyword fails loudly (the translation must not quietly widen or narrow what it generates).
hypothesis-jsonschema would do this, but its last release (0.23.1) does not run on current
Hypothesis.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

__all__ = ["arguments", "junk_value"]

JSON = dict[str, Any]

_IGNORED = {"title", "description", "default", "discriminator", "$defs"}
_KNOWN = _IGNORED | {
    "type",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "minItems",
    "maxItems",
    "minLength",
    "maxLength",
    "pattern",
    "minimum",
    "maximum",
    "enum",
    "const",
    "anyOf",
    "oneOf",
    "$ref",
}

#: Longest valid string generated (characters); junk adds huge ones on purpose.
_MAX_TEXT = 40


def _text(min_size: int = 0, max_size: int = _MAX_TEXT) -> st.SearchStrategy[str]:
    return st.text(min_size=min_size, max_size=max_size)


def valid(schema: JSON, root: JSON) -> st.SearchStrategy[Any]:
    """Values ``schema`` accepts (``root`` holds the ``$defs`` its ``$ref`` point into)."""
    unknown = set(schema) - _KNOWN
    if unknown:
        raise ValueError(f"schema keywords not translated: {sorted(unknown)}")
    if "$ref" in schema:
        name = schema["$ref"].removeprefix("#/$defs/")
        return st.deferred(lambda: valid(root["$defs"][name], root))
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return st.one_of([valid(option, root) for option in schema[key]])
    kind = schema.get("type")
    if kind == "object":
        properties: dict[str, JSON] = schema.get("properties", {})
        required = set(schema.get("required", []))
        fixed = {name: valid(sub, root) for name, sub in properties.items() if name in required}
        optional = {name: valid(sub, root) for name, sub in properties.items() if name not in required}
        return st.fixed_dictionaries(fixed, optional=optional)
    if kind == "array":
        return st.lists(
            valid(schema.get("items", {}), root),
            min_size=schema.get("minItems", 0),
            max_size=min(schema.get("maxItems", 4), 4),
        )
    if kind == "string":
        if "pattern" in schema:
            return st.from_regex(schema["pattern"], fullmatch=True)
        return _text(schema.get("minLength", 0), max(schema.get("minLength", 0), min(schema.get("maxLength", 40), 40)))
    if kind == "integer":
        return st.integers(min_value=schema.get("minimum"), max_value=schema.get("maximum"))
    if kind == "number":
        return st.floats(
            min_value=schema.get("minimum"), max_value=schema.get("maximum"), allow_nan=False, allow_infinity=False
        )
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    if not schema:
        return junk_value()
    raise ValueError(f"schema not translated: {schema}")


def junk_value() -> st.SearchStrategy[Any]:
    """Any JSON value, with what breaks careless code: wrong types, huge and odd strings, extreme numbers."""
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(2**63), max_value=2**63),
        st.sampled_from([0, -1, -(10**9), 10**9, 2**53 + 1]),
        st.floats(allow_nan=False, allow_infinity=False),
        _text(),
        # huge strings, built rather than drawn character by character
        st.builds(lambda char, n: char * n, st.characters(), st.integers(min_value=1_000, max_value=200_000)),
        st.sampled_from(["", " ", "\x00", "e", "e-1", "f0_e", "e1e1", "\u202e", "👍🏽", "../../etc/passwd", "%00"]),
    )
    return st.recursive(
        scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_text(), inner, max_size=3), max_leaves=6
    )


def arguments(schema: JSON, overrides: dict[str, st.SearchStrategy[Any]]) -> st.SearchStrategy[JSON]:
    """A tool's arguments: valid ones (``overrides`` replaces the strategy of a named property), or junk:
    properties with values of any type, missing required ones, unknown names."""
    properties = dict(schema.get("properties", {}))
    required = set(schema.get("required", []))
    strategies = {
        name: overrides[name] if name in overrides else valid(sub, schema) for name, sub in properties.items()
    }
    fixed = {name: strategy for name, strategy in strategies.items() if name in required}
    optional = {name: strategy for name, strategy in strategies.items() if name not in required}
    well_formed = st.fixed_dictionaries(fixed, optional=optional)
    names = st.sampled_from([*properties, "junk", "Ref", ""]) if properties else st.sampled_from(["junk", ""])
    broken = st.dictionaries(names, junk_value() | st.one_of(*overrides.values(), junk_value()), max_size=4)
    # Two draws in three are well formed: those reach the page; junk mostly stops at argument validation.
    return st.one_of(well_formed, well_formed, broken)
