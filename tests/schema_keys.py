"""Keys of a tool's structured content that its ``outputSchema`` does not declare (the drift check).

Every answer the end-to-end tests get through :class:`tests.mcp_client.Tools` is checked with it: a
key an answer carries must be a property the tool's published outputSchema declares, at every depth
(``$ref``/``$defs``, ``anyOf``, arrays and maps resolved as JSON Schema does).
"""

from __future__ import annotations

from typing import Any

__all__ = ["undeclared_keys"]


def undeclared_keys(value: Any, schema: dict[str, Any], path: str = "$") -> list[str]:
    """The paths (``$.ancestors[].shadowHost``) of keys in ``value`` that ``schema`` does not declare."""
    return _walk(value, schema, schema, path)


def _resolve(schema: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        schema = (root.get("$defs") or root.get("definitions") or {})[name]
    return schema


def _walk(value: Any, schema: dict[str, Any], root: dict[str, Any], path: str) -> list[str]:
    schema = _resolve(schema, root)
    options = schema.get("anyOf") or schema.get("oneOf")
    if options:
        fits = [_walk(value, option, root, path) for option in options if _kind_fits(value, _resolve(option, root))]
        return min(fits, key=len) if fits else []
    if isinstance(value, dict):
        properties = schema.get("properties")
        if properties is None:
            extra = schema.get("additionalProperties")
            if isinstance(extra, dict):
                return [found for key, item in value.items() for found in _walk(item, extra, root, f"{path}.{key}")]
            return []
        found = [f"{path}.{key}" for key in value if key not in properties]
        for key, item in value.items():
            if key in properties:
                found += _walk(item, properties[key], root, f"{path}.{key}")
        return found
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        return [found for item in value for found in _walk(item, schema["items"], root, f"{path}[]")]
    return []


def _kind_fits(value: Any, schema: dict[str, Any]) -> bool:
    kind = schema.get("type")
    if kind is None:
        return True
    kinds = kind if isinstance(kind, list) else [kind]
    checks = {
        "object": isinstance(value, dict),
        "array": isinstance(value, list),
        "string": isinstance(value, str),
        "null": value is None,
        "boolean": isinstance(value, bool),
        "integer": isinstance(value, int) and not isinstance(value, bool),
        "number": isinstance(value, int | float) and not isinstance(value, bool),
    }
    return any(checks.get(k, True) for k in kinds)
