"""Tool groups (``--caps``, Playwright MCP's name for them) and what ``tools/list`` publishes.

The tool definitions are paid in tokens on every turn of an assistant's conversation, so the default
group holds only what the main job needs (find an element, act on it, read its structure, check a
locator) and the rest is opt-in. The whole ``tools/list`` of the default group stays within
:data:`TOOLS_LIST_BUDGET` cl100k tokens (a test and ``make bench`` measure it).

What ``tools/list`` publishes is slimmed: input schemas without pydantic's generated ``title`` s and
without ``anyOf [T, null]`` for optional arguments (an optional argument is one not in
``required``), descriptions on one line. Output schemas are published only with
``--output-schemas`` (for clients that validate or consume structured content): they declare every
key an answer carries and cost more than the rest of the list together. The structured content of
an answer goes with them: without ``--output-schemas`` an answer is its text alone (a client has no
schema to read structured content by, and some show it instead of the text: Claude Code,
anthropics/claude-code#54450), which also halves what a big snapshot costs to send.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from verdex.errors import UsageError

__all__ = [
    "DEFAULT_GROUPS",
    "GROUPS",
    "TOOLS_LIST_BUDGET",
    "enabled_tools",
    "parse_caps",
    "slim_description",
    "slim_schema",
]

#: Most cl100k tokens the default group's whole ``tools/list`` may cost.
TOOLS_LIST_BUDGET = 3_000

#: Each group and its tools. ``core`` is the main job; the others are opt-in with ``--caps``.
GROUPS: dict[str, tuple[str, ...]] = {
    "core": (
        "browser_navigate",
        "browser_snapshot",
        "browser_find",
        "suggest_locator",
        "browser_click",
        "browser_type",
        "browser_press_key",
        "browser_select_option",
        "browser_hover",
        "browser_handle_dialog",
        "resolve_container",
        "inspect_pattern",
        "extract_anchors",
        "verify_locator",
    ),
    "browser": ("browser_initialize", "browser_go_back", "browser_reload", "browser_close"),
    "waits": ("wait_for_browser", "wait_for_stable"),
    "tabs": ("browser_tabs",),
    "screenshots": ("browser_take_screenshot",),
    "plans": ("browser_run_plan",),
    "roles": ("select_role", "get_current_role", "list_current_roles", "save_role_state"),
    "compat": ("browser_navigate_back", "browser_wait_for"),
}

#: The groups on without ``--caps`` (``roles`` joins them when ``--role`` is given).
DEFAULT_GROUPS = frozenset({"core"})


def parse_caps(text: str, source: str = "--caps") -> frozenset[str]:
    """The groups of a ``--caps`` value: comma- or space-separated names, or ``all``.

    Raises:
        UsageError: a name that is not a group (the message lists them).
    """
    names = [name for name in re.split(r"[,\s]+", text.strip()) if name]
    return check_caps(names, source)


def check_caps(names: Iterable[str], source: str = "--caps") -> frozenset[str]:
    """The groups named (``all``: every group), checked.

    Raises:
        UsageError: a name that is not a group, or none at all.
    """
    chosen = set(names)
    if "all" in chosen:
        return frozenset(GROUPS)
    unknown = sorted(chosen - set(GROUPS))
    if unknown or not chosen:
        listed = ", ".join(f"{name} ({', '.join(tools)})" for name, tools in GROUPS.items())
        what = f"unknown tool group(s) {', '.join(unknown)}" if unknown else "no tool group given"
        raise UsageError(f"{source}: {what}; the groups are {listed}, or all")
    return frozenset(chosen)


def enabled_tools(caps: frozenset[str], *, roles_given: bool) -> set[str]:
    """The tools of the groups ``caps`` (core is always on; roles too when ``--role`` is given)."""
    groups = set(caps) | {"core"} | ({"roles"} if roles_given else set())
    return {tool for group in groups for tool in GROUPS[group]}


def slim_description(text: str) -> str:
    """A description on one line: the docstring's line breaks and indentation folded to single spaces."""
    return " ".join(text.split())


def slim_schema(schema: Any) -> Any:
    """An input schema without generated noise: no ``title``, no ``default: null``, and an optional
    argument's ``anyOf [T, {"type": "null"}]`` written as ``T`` (absent means null)."""
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "title" or (key == "default" and value is None):
            continue
        if key in ("properties", "$defs", "definitions") and isinstance(value, dict):
            out[key] = {name: slim_schema(item) for name, item in value.items()}
        elif key in ("anyOf", "oneOf", "allOf", "prefixItems") and isinstance(value, list):
            out[key] = [slim_schema(item) for item in value]
        elif key in ("items", "additionalProperties", "not") and isinstance(value, dict):
            out[key] = slim_schema(value)
        else:
            out[key] = value
    options = out.get("anyOf")
    if isinstance(options, list):
        kept = [option for option in options if option != {"type": "null"}]
        if len(kept) == 1 and len(kept) < len(options):
            del out["anyOf"]
            out = {**kept[0], **out}
    return out
