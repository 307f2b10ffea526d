"""Compose a container-scoped Playwright locator from the three structural answers.

This is what the skill teaches the model to do, written down for the demo and ``verdex explore``:
the tools themselves return facts only. Order of preference for the container: a test id, an
ARIA role (article, listitem, row ...), then structure (``section > div``). The filter is the
container's heading (or first text) that no sibling container also contains: ``hasText`` when it
is unique as a case-insensitive substring (Playwright's rule), ``has: getByRole('heading', { name,
exact: true })`` when another sibling's text contains it (``iPhone 15 Pro`` vs ``iPhone 15 Pro Max``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field

from verdex.bridge.models import AnchorDescendant, Sibling
from verdex.browser.owners import FrameFacts
from verdex.browser.structure import ExtractAnchorsAnswer, InspectPatternAnswer, ResolveContainerAnswer

__all__ = [
    "TEST_ID_ATTRIBUTES",
    "Composition",
    "Step",
    "compose_locator",
    "container_level_guess",
    "frame_steps",
    "is_repeating",
    "render_js",
    "render_python",
]

#: The test-id family verdex reports (plus the configured attribute).
TEST_ID_ATTRIBUTES = ("data-testid", "data-test", "data-test-id", "data-qa", "data-cy")

#: Tags whose implicit ARIA role makes a good repeated container.
_ROLE_OF_TAG = {"article": "article", "li": "listitem", "tr": "row"}
_REPEAT_ROLES = {"article", "listitem", "row", "gridcell", "option", "tab", "treeitem", "region", "group"}


@dataclass(frozen=True)
class Step:
    """One call in a locator chain: ``getByTestId('card')``, ``filter({ hasText: 'x' })`` ...

    Attributes:
        method: the Playwright JavaScript method name (``getByTestId``, ``getByRole``, ``locator``, ``filter``).
        argument: its positional string argument, if any.
        options: its options object; a value that is a tuple of steps is a nested locator from ``page``.
    """

    method: str
    argument: str | None = None
    options: tuple[tuple[str, object], ...] = ()


@dataclass
class Composition:
    """A locator as steps from ``page``, and the facts it rests on, in the order they were used."""

    steps: list[Step]
    reasons: list[str] = field(default_factory=list)

    @property
    def locator(self) -> str:
        """The locator in TypeScript/JavaScript, as a Playwright test writes it."""
        return render_js(self.steps)

    @property
    def python(self) -> str:
        """The same locator in Playwright's Python API."""
        return render_python(self.steps)


def render_js(steps: list[Step]) -> str:
    """``page.getByTestId('card').filter({ hasText: 'x' })`` ..."""
    out = "page"
    for step in steps:
        parts = [_js(step.argument)] if step.argument is not None else []
        if step.options:
            items = ", ".join(f"{key}: {_js_value(value)}" for key, value in step.options)
            parts.append(f"{{ {items} }}")
        out += f".{step.method}({', '.join(parts)})"
    return out


def render_python(steps: list[Step]) -> str:
    """``page.get_by_test_id("card").filter(has_text="x")`` ... (``contentFrame()`` is the
    ``content_frame`` property in Python)."""
    out = "page"
    for step in steps:
        if step.method in _PYTHON_PROPERTIES:
            out += f".{_snake(step.method)}"
            continue
        parts = [_py_str(step.argument)] if step.argument is not None else []
        parts += [f"{_snake(key)}={_py_value(value)}" for key, value in step.options]
        out += f".{_snake(step.method)}({', '.join(parts)})"
    return out


#: Locator methods that Playwright's Python API has as properties.
_PYTHON_PROPERTIES = {"contentFrame"}


def _py_str(value: str) -> str:
    """A Python string literal: double-quoted, or single-quoted when that avoids escapes (CSS with quotes)."""
    if '"' in value and "'" not in value:
        return repr(value)
    return json.dumps(value, ensure_ascii=False)


def frame_steps(frames: Sequence[FrameFacts], test_id_attribute: str = "data-testid") -> list[Step]:
    """The steps from ``page`` into the frame of an element, one per iframe on the way.

    Args:
        frames: the ``frames`` of a structural answer for a frame ref, outermost first.
        test_id_attribute: the attribute ``getByTestId`` reads.

    Each iframe is named by the most stable fact it has: the test id
    (``getByTestId('x').contentFrame()``), else ``frameLocator(...)`` by ``title``, ``name``,
    ``id`` or ``src``, in that order; an iframe with none of them (a ``srcdoc`` frame) by its tag
    inside the previous frame (``frameLocator('iframe')``), which is exact only when it is the
    only iframe there.
    """
    steps: list[Step] = []
    for frame in frames:
        attributes = frame.iframe.attributes
        tag = frame.iframe.tagName
        if test_id_attribute in attributes:
            steps += [Step("getByTestId", attributes[test_id_attribute]), Step("contentFrame")]
            continue
        for name in ("title", "name", "id", "src"):
            if name in attributes and not attributes[name].endswith("…"):
                value = attributes[name]
                selector = f"#{value}" if name == "id" and _is_css_ident(value) else f"{tag}[{name}={_css_str(value)}]"
                steps.append(Step("frameLocator", selector))
                break
        else:
            steps.append(Step("frameLocator", tag))
    return steps


def _css_str(value: str) -> str:
    """A CSS string in double quotes."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _is_css_ident(value: str) -> bool:
    return bool(value) and (value[0].isalpha() or value[0] == "_") and all(c.isalnum() or c in "-_" for c in value)


def _js_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return render_js(list(value))
    return _js(str(value))


def _py_value(value: object) -> str:
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, tuple):
        return render_python(list(value))
    return json.dumps(value, ensure_ascii=False)


def _snake(name: str) -> str:
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in name)


def container_level_guess(resolve: ResolveContainerAnswer, test_id_attribute: str = "data-testid") -> int:
    """First guess of the container level: the nearest ancestor with a test id, else with a repeat role.

    Returns 1 (the parent) when nothing marks a container; :func:`is_repeating` then decides.
    """
    names = _test_id_names(test_id_attribute)
    for ancestor in resolve.ancestors:
        attributes = ancestor.attributes
        if any(name in attributes for name in names):
            return ancestor.level
        if _role(ancestor.tagName, attributes) in _REPEAT_ROLES:
            return ancestor.level
    return 1


def is_repeating(pattern: InspectPatternAnswer) -> bool:
    """True when the target's sibling has at least one look-alike: same tag, same attribute
    names and values (except id), same outline of child tags."""
    index = pattern.targetSiblingIndex
    shapes: dict[int, tuple[str, tuple[tuple[str, str], ...], tuple[str, ...]]] = {}
    outline: tuple[str, ...] = ()
    for sibling in pattern.siblings:
        # "same": the outline of the sibling listed before it.
        if sibling.outline != "same":
            outline = tuple(sibling.outline)
        shapes[sibling.index] = _shape(sibling, outline)
    mine = shapes.get(index)
    if mine is None:
        return False
    return any(shape == mine for other, shape in shapes.items() if other != index)


def compose_locator(
    resolve: ResolveContainerAnswer,
    pattern: InspectPatternAnswer,
    anchors: ExtractAnchorsAnswer,
    test_id_attribute: str = "data-testid",
) -> Composition:
    """Build ``container.filter(...).getByRole(role, { name })`` from the three answers.

    Args:
        resolve: resolve_container(ref).
        pattern: inspect_pattern(ref, L + 1), where L is the container's level.
        anchors: extract_anchors(ref, L).
        test_id_attribute: the attribute ``getByTestId`` reads.
    """
    reasons: list[str] = []
    frames = resolve.frames or []
    steps: list[Step] = frame_steps(frames, test_id_attribute)
    for frame in frames:
        reasons.append(f"the element is in frame {frame.prefix} ({frame.url}), shown by iframe {frame.iframe.ref}")
    container = anchors.ancestorAt
    level = container.level
    attributes = container.attributes
    names = _test_id_names(test_id_attribute)
    test_id_attr = next((name for name in names if name in attributes), None)
    role = _role(container.tagName, attributes)
    if test_id_attr == test_id_attribute:
        steps.append(Step("getByTestId", attributes[test_id_attr]))
        reasons.append(f"container (level {level}) has {test_id_attr}={attributes[test_id_attr]!r}")
    elif test_id_attr is not None:
        steps.append(Step("locator", f"[{test_id_attr}={json.dumps(attributes[test_id_attr])}]"))
        reasons.append(f"container (level {level}) has {test_id_attr}={attributes[test_id_attr]!r}")
    elif role is not None and role in _REPEAT_ROLES:
        steps.append(Step("getByRole", role))
        reasons.append(f"container (level {level}) is a <{container.tagName}> with role {role!r}")
    else:
        structure = f"{pattern.containerAt.tagName} > {container.tagName}"
        steps.append(Step("locator", structure))
        reasons.append(f"container (level {level}) has no test id or role: structure {structure}")

    steps += _filter(pattern, anchors, reasons)
    target = resolve.target
    target_role, target_name = target.role, target.name
    if target_role and target_name:
        steps.append(Step("getByRole", target_role, (("name", target_name),)))
        reasons.append(f"target is {target_role} {target_name!r}")
    elif target_role:
        steps.append(Step("getByRole", target_role))
        reasons.append(f"target is an unnamed {target_role}")
    else:
        steps.append(Step("locator", target.tagName))
        reasons.append(f"target has no role: tag {target.tagName}")
    return Composition(steps, reasons)


def _filter(pattern: InspectPatternAnswer, anchors: ExtractAnchorsAnswer, reasons: list[str]) -> list[Step]:
    mine = pattern.targetSiblingIndex
    others_listed = [s for s in pattern.siblings if s.index != mine]
    if not others_listed:
        reasons.append("the container has no siblings: no filter needed")
        return []
    others = [text.casefold() for s in others_listed for text in s.containsText]
    descendants: list[AnchorDescendant] = anchors.descendants
    headings = [d for d in descendants if d.role == "heading" or d.tagName in _HEADINGS]
    candidates = headings + [d for d in descendants if d not in headings]
    for descendant in candidates:
        text = _text_of(descendant)
        if not text:
            continue
        if not any(text.casefold() in other for other in others):
            reasons.append(f"{text!r} is in no sibling container's text: hasText is unique")
            return [Step("filter", options=(("hasText", text),))]
        if descendant in headings:
            reasons.append(
                f"{text!r} is also part of a sibling's text (hasText is a substring match): filter by the exact heading"
            )
            heading = (Step("getByRole", "heading", (("name", text), ("exact", True))),)
            return [Step("filter", options=(("has", heading),))]
    reasons.append("no distinct text found in the container")
    return []


_HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
#: Roles whose accessible name comes from their content (WAI-ARIA 1.2 "name from: contents").
_NAME_FROM_CONTENT = frozenset(
    {
        "button",
        "cell",
        "checkbox",
        "columnheader",
        "gridcell",
        "heading",
        "link",
        "menuitem",
        "menuitemcheckbox",
        "menuitemradio",
        "option",
        "radio",
        "row",
        "rowheader",
        "switch",
        "tab",
        "tooltip",
        "treeitem",
    }
)


def _text_of(descendant: AnchorDescendant) -> str | None:
    """The text ``filter({ hasText })`` can match for a descendant: its text, or its name when that is its text
    (extract_anchors leaves the text out when it equals the name). A name from ``alt``, ``aria-label`` or
    ``title`` (an image, an icon button) is no text: hasText would not find it."""
    if descendant.fullText or descendant.directText:
        return descendant.fullText or descendant.directText
    name = descendant.name
    if not name or descendant.role not in _NAME_FROM_CONTENT:
        return None
    if name in (descendant.attributes.get(key) for key in ("aria-label", "alt", "title")):
        return None
    return name


def _shape(sibling: Sibling, outline: tuple[str, ...]) -> tuple[str, tuple[tuple[str, str], ...], tuple[str, ...]]:
    attributes = tuple(sorted((k, v) for k, v in sibling.attributes.items() if k != "id"))
    return sibling.tagName, attributes, outline


def _role(tag: str, attributes: dict[str, str]) -> str | None:
    explicit = attributes.get("role")
    if explicit:
        return explicit.split()[0]
    return _ROLE_OF_TAG.get(tag)


def _test_id_names(configured: str) -> tuple[str, ...]:
    return (configured, *(name for name in TEST_ID_ATTRIBUTES if name != configured))


def _js(value: str) -> str:
    """A JavaScript single-quoted string literal."""
    escaped = value.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n")
    return f"'{escaped}'"
