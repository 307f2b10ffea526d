"""Candidate locators for one element, composed from the bridge's ``suggestFacts``, cheapest first.

Nothing here touches a page: :func:`own_candidates` and :func:`container_candidates` turn facts into
:class:`Candidate` s, each with a cost (lower is better), the facts it rests on and its stability
flags; :mod:`verdex.locator.suggest` counts them on the page and verifies the ones it returns.

The order of preference is the skill's (skills/verdex-playwright/SKILL.md):

1. the element's own test id (``getByTestId``);
2. its role and accessible name (``getByRole(role, { name })``, ``exact`` when a longer name contains it);
   for a row, an item, a region ... whose name is made of several parts (its cells, its title and its
   controls), first its role and one exact part (``getByRole('row').filter({ has: getByRole('cell',
   { name: 'Alice', exact: true }) })``): the whole name changes when the parts are reordered, one part does not;
3. its label, placeholder, alt text, title (``getByLabel`` ...), then its text (``getByText``);
4. a container-scoped chain: an ancestor that holds it and nothing like it (``lookalikes`` 1), named by
   a test id, a role (a named region, landmark, list item, row, article ...), an id, a custom element
   tag, a class that says what it is, or, last, its tag under its parent's; filtered, when that ancestor
   repeats, by a heading or text in it (``hasText``: Playwright's case-insensitive substring of the text
   content, never an alt or an aria-label) or by its exact heading (``has: getByRole('heading', { name,
   exact: true })``), or an image's alt (``has: getByAltText(...)``); then the element inside by role and
   name (or its other facts);
5. the element's own distinguishing attribute, when its role and name are not unique: a link's ``href``
   and an image's ``src`` as authored (``locator('a[href="/docs/intro"]')``), a form control's ``name``
   (:func:`attribute_candidates`); a volatile URL (a session token, a build hash, a record id:
   :func:`verdex.locator.stability.volatile_url`) costs more and is flagged, and its stable part alone
   (``a[href^="/cart?"]``) is tried first; a long URL is also tried by its last path segment
   (``a[href*="/how-to-write-locators"]``), verified unique like every candidate;
6. when nothing above is unique, what is beside the element: its other attributes (``data-*``, ``srcset``:
   :func:`more_attribute_candidates`), a container that holds it and a look-alike with the element named
   inside by an attribute, a class or being the container's child (:func:`with_inners` with ``distinct``),
   such a chain inside an outer container (:func:`outer_candidates`), a repeating container by its whole
   name (:func:`named_repeat_candidates`);
7. a positional step (``nth``) only when nothing above is unique (:func:`positional`).

A chain that names a container by class or tag (a CSS ``locator`` step: :attr:`Candidate.css`) ranks after
one that names its containers by test id, role, id or text, whatever their costs
(:func:`verdex.locator.suggest.suggest_locators`). A text made of several parts costs more as a whole.

Facts that change between builds or with the data (generated ids, hashed classes, prices, counts,
dates, times: :mod:`verdex.locator.stability`) cost more and are flagged when used.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

from verdex.bridge.models import ScopedAbsence, SuggestAncestor, SuggestFactsResult, SuggestTarget, TextFact
from verdex.locator.render import Step, render_js
from verdex.locator.stability import (
    generated_id,
    hashed_class,
    semantic_class,
    url_parts,
    utility_class,
    volatile_text,
    volatile_url,
)

__all__ = [
    "Candidate",
    "attribute_candidates",
    "child_path_candidates",
    "container_candidates",
    "data_container_candidates",
    "lookalike_levels",
    "more_attribute_candidates",
    "named_repeat_candidates",
    "nested_candidates",
    "outer_candidates",
    "own_candidates",
    "positional",
    "with_inners",
]

#: Roles whose elements repeat as units (cards, rows, items): a container handle by role alone.
REPEAT_ROLES = frozenset(
    {"listitem", "row", "article", "option", "tab", "treeitem", "gridcell", "cell", "figure", "menuitem", "group"}
)
#: Roles that name a part of the page: a container handle by role (and name, when it has one).
REGION_ROLES = frozenset(
    {
        "navigation",
        "banner",
        "contentinfo",
        "main",
        "complementary",
        "region",
        "form",
        "search",
        "dialog",
        "alertdialog",
        "list",
        "table",
        "grid",
        "menu",
        "menubar",
        "tablist",
        "tabpanel",
        "toolbar",
        "tree",
        "listbox",
        "radiogroup",
        "group",
        "rowgroup",
        "figure",
        "article",
    }
)
#: Tags too common to be a container alone, under a parent of the same kind.
_PLAIN_TAGS = frozenset({"div", "span"})
#: Filter texts tried per container, at most.
MAX_TEXTS = 10
#: Cost added by a fact that changes with the data or between builds.
UNSTABLE = 2.0


@dataclass(frozen=True)
class Candidate:
    """A locator to count and maybe suggest.

    Attributes:
        steps: its steps from the page (or from the element's frame: the frame steps come first later).
        cost: lower is better (module docstring).
        rests_on: the facts it rests on, in words, in the order of its steps.
        flags: what may change (``volatile: price``, ``generated id``, ``hashed class``).
        positional: why it is positional, when it is.
    """

    steps: tuple[Step, ...]
    cost: float
    rests_on: tuple[str, ...]
    flags: tuple[str, ...] = ()
    positional: str | None = None
    #: For a container chain: how many of its steps name the container(s); the rest name the element.
    scope: int = 0
    #: It names the element by its own attribute (a link's href ...: :func:`attribute_candidates`).
    attribute: bool = False
    #: For a container chain: the level of its innermost container (1: the element's parent).
    level: int = 0

    @property
    def locator(self) -> str:
        """The locator in TypeScript."""
        return render_js(list(self.steps))

    @property
    def css(self) -> bool:
        """It names an element by a class or a tag (a CSS ``locator`` step other than a test id or an id):
        the skill ranks such a chain after one that names its elements by role, test id or text."""
        return any(_css_step(step) for step in self.steps)

    @property
    def shape(self) -> str:
        """The locator without ``exact`` and without its filters: two candidates of one shape (the same
        container and element, told apart by another text) are one suggestion, not two."""
        steps = [step for step in self.steps if step.method != "filter"]
        return _EXACT.sub("", render_js(steps))


_EXACT = re.compile(r",? exact: true")
#: A test id (``[data-qa="x"]``) or an id (``#x``) as a CSS selector: as stable as its ``getBy`` form.
_NOT_CLASS_OR_TAG = re.compile(r'^(?:\[data-[\w-]+="(?:[^"\\]|\\.)*"\]|#-?[A-Za-z_][\w-]*)$')


def _css_step(step: Step) -> bool:
    if step.method == "locator" and isinstance(step.argument, str):
        return not _NOT_CLASS_OR_TAG.match(step.argument)
    nested = [value for _, value in step.options if isinstance(value, tuple)]
    if isinstance(step.argument, tuple):
        nested.append(step.argument)
    return any(_css_step(inner) for value in nested for inner in value)


def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _role_steps(role: str, name: str | None, exact: bool = False) -> Step:
    options: tuple[tuple[str, object], ...] = ()
    if name:
        options = (("name", name),) + ((("exact", True),) if exact else ())
    return Step("getByRole", role, options)


def _text_step(method: str, text: str, exact: bool) -> Step:
    return Step(method, text, (("exact", True),) if exact else ())


@dataclass(frozen=True)
class _Inner:
    """One way to name the element: as the whole locator, or inside a container."""

    steps: tuple[Step, ...]
    cost: float
    fact: str
    flags: tuple[str, ...] = ()
    #: What it rests on: testId, role-name, label, text, role, id, tag ... (its cost inside a container).
    kind: str = ""
    #: Added to its kind's cost inside a container (which of several parts comes first).
    rank: float = 0.0


#: The cost of each kind of inner locator inside a container (the container already sets it apart).
_INSIDE_COST = {
    "testId": 0.0,
    "role-name": 0.0,
    "role-name-exact": 0.1,
    "role-part": 0.2,
    "role": 0.3,
    "role-name-text": 0.5,
    "role-unnamed": 0.5,
    "label": 0.6,
    "placeholder": 0.7,
    "alt": 0.7,
    "title": 0.9,
    "text": 1.0,
    "id": 1.5,
    "tag": 2.0,
}


def _attribute_words(attribute: str, configured: str) -> str:
    return "test id" if attribute == configured else attribute


def _test_id_steps(attribute: str, value: str, configured: str) -> tuple[Step, ...]:
    if attribute == configured:
        return (Step("getByTestId", value),)
    return (Step("locator", f"[{attribute}={_quoted_css(value)}]"),)


def _inners(target: SuggestTarget, configured: str) -> list[_Inner]:
    """Every way to name the element by its own facts, cheapest first."""
    found: list[_Inner] = []
    test_ids = ([(configured, target.testId)] if target.testId else []) + sorted((target.otherTestIds or {}).items())
    for i, (attribute, value) in enumerate(test_ids):
        flag = generated_id(value)
        found.append(
            _Inner(
                _test_id_steps(attribute, value, configured),
                0.3 * i + (UNSTABLE if flag else 0),
                f"{_attribute_words(attribute, configured)} {_quoted(value)}",
                (flag,) if flag else (),
                "testId",
            )
        )
    role, name = target.role, target.name
    if role and not target.hiddenForRole and name and not target.nameCut:
        flag = volatile_text(name)
        flags = (f"volatile: {flag}",) if flag else ()
        extra = UNSTABLE if flag else 0.0
        found.append(_Inner((_role_steps(role, name),), 1.0 + extra, f"{role} {_quoted(name)}", flags, "role-name"))
        found.append(
            _Inner(
                (_role_steps(role, name, True),),
                1.1 + extra,
                f"{role} {_quoted(name)} (exact)",
                flags,
                "role-name-exact",
            )
        )
        text = target.text
        if text and len(text) <= 80:
            found.append(
                _Inner(
                    (_role_steps(role, name), Step("filter", options=(("hasText", text),))),
                    1.5 + extra,
                    f"{role} {_quoted(name)} with text {_quoted(text)}",
                    flags,
                    "role-name-text",
                )
            )
    found += _part_inners(target)
    for label in (target.labels or [])[:1]:
        if len(label) <= 80:
            for exact in (False, True):
                found.append(
                    _Inner(
                        (_text_step("getByLabel", label, exact),),
                        2.0 + 0.1 * exact,
                        f"label {_quoted(label)}",
                        (),
                        "label",
                    )
                )
    attributes: tuple[tuple[str, str | None, float], ...] = (
        ("getByPlaceholder", target.placeholder, 2.2),
        ("getByAltText", target.alt, 2.2),
        ("getByTitle", target.title, 2.6),
    )
    for method, given, base in attributes:
        if given and len(given) <= 80:
            value = given
            what = {"getByPlaceholder": "placeholder", "getByAltText": "alt text", "getByTitle": "title"}[method]
            for exact in (False, True):
                kind = what.split()[0]
                found.append(
                    _Inner(
                        (_text_step(method, value, exact),), base + 0.1 * exact, f"{what} {_quoted(value)}", (), kind
                    )
                )
    text = target.text
    # getByText for an element that has a role and a name is the skill's anti-pattern.
    named = bool(role and name and not target.hiddenForRole)
    if text and target.textSelf and len(text) <= 80 and not named:
        flag = volatile_text(text)
        # A text made of its children's texts changes when they are reordered: a role or a part is steadier.
        extra = (0.5 if role else 0.0) + (UNSTABLE if flag else 0.0) + (_COMPOSITE if composite(target) else 0.0)
        for exact in (False, True):
            found.append(
                _Inner(
                    (_text_step("getByText", text, exact),),
                    3.0 + 0.1 * exact + extra,
                    f"text {_quoted(text)}",
                    (f"volatile: {flag}",) if flag else (),
                    "text",
                )
            )
    if role and not target.hiddenForRole:
        found.append(_Inner((_role_steps(role, None),), 3.6, f"role {role}", (), "role"))
        if not name and not target.nameCut:
            # The one element of its role without a name (a table's empty header over its row actions), after its
            # parts, its id and its text: ``getByRole('columnheader', { name: '', exact: true })``.
            unnamed = Step("getByRole", role, (("name", ""), ("exact", True)))
            found.append(_Inner((unnamed,), 4.7, f"{role} without an accessible name", (), "role-unnamed"))
    if target.id:
        flag = generated_id(target.id)
        if _css_ident(target.id):
            found.append(
                _Inner(
                    (Step("locator", f"#{target.id}"),),
                    3.8 + (UNSTABLE if flag else 0),
                    f"id {_quoted(target.id)}",
                    (flag,) if flag else (),
                    "id",
                )
            )
    if target.inputType and _css_ident(target.inputType):
        found.append(
            _Inner(
                (Step("locator", f'input[type="{target.inputType}"]'),),
                3.8,
                f"an input of type {target.inputType}",
                (),
                "tag",
            )
        )
    if (
        text
        and target.textSelf
        and len(text) <= 40
        and target.tagName not in ("div", "span")
        and _css_ident(target.tagName)
    ):
        found.append(
            _Inner(
                (Step("locator", target.tagName), Step("filter", options=(("hasText", text),))),
                3.9,
                f"a <{target.tagName}> with text {_quoted(text)}",
                (),
                "tag",
            )
        )
    custom = "-" in target.tagName and _css_ident(target.tagName)
    found.append(_Inner((Step("locator", target.tagName),), 3.0 if custom else 4.5, f"tag {target.tagName}", (), "tag"))
    return found


#: Roles that hold other content as a unit (a row's cells, an item's title and controls): their name, made
#: of their parts, is best replaced by a filter on one part (the brief of issue 18: a row by one cell).
PART_ROLES = REPEAT_ROLES | REGION_ROLES | {"row", "rowheader", "columnheader", "treeitem", "listbox"}
#: Parts tried per element, at most.
MAX_PARTS = 6
#: Cost added to a name or text made of several parts (it changes when they are reordered).
_COMPOSITE = 1.0


def composite(target: SuggestTarget) -> bool:
    """Its content has several distinct texts (``target.parts``, alts aside): its name and text follow their order."""
    texts = {part.text.lower() for part in target.parts or () if part.kind != "alt"}
    return len(texts) > 1


def _part_inners(target: SuggestTarget) -> list[_Inner]:
    """The element by its role and one exact part of its content: ``getByRole('row').filter({ has:
    getByRole('cell', { name: 'Alice', exact: true }) })`` (a named control or cell, a heading, a text node,
    an image's alt). For a named element, only when its content has several parts (:func:`composite`): its
    whole name or text then depends on their order, one part does not; an unnamed one is named by a part.
    Cheaper than the whole name for the roles of :data:`PART_ROLES`, a little dearer for the others (a
    button's or a link's name is what a reader knows); for an element without a name, dearer than its role
    alone (``getByRole('main')``). A control named by several of the texts comes after them."""
    role = target.role
    named = bool(target.name and not target.nameCut)
    if not role or target.hiddenForRole or not target.parts or (named and not composite(target)):
        return []
    # Named: before (or, for a control, just after) its whole name; unnamed: after its role alone.
    base = (0.9 if role in PART_ROLES else 1.2) if named else 3.7
    found: list[_Inner] = []
    own_name = (target.name or "").lower()
    texts = {part.text.lower() for part in target.parts if part.kind == "text"}

    def add(option: tuple[str, object], fact: str, rank: float, text: str | None) -> None:
        """``getByRole(role).filter({ option })``, ranked ``rank`` among the parts; ``text`` flagged if volatile."""
        flag = volatile_text(text) if text else None
        found.append(
            _Inner(
                (_role_steps(role, None), Step("filter", options=(option,))),
                base + rank + (UNSTABLE if flag else 0.0),
                f"{role} with {fact}",
                (f"volatile: {flag}",) if flag else (),
                "role-part",
                rank,
            )
        )

    for index, part in enumerate(target.parts):
        if len(found) >= MAX_PARTS:
            break
        if part.kind == "text" and (part.cut or len(part.text) > 80) and not named:
            # A long text of an unnamed element (a card's title of 100 characters): its first or its last
            # words, each a substring of its text (two titles that share their first words differ by their last).
            for window, (_, words, _) in enumerate(_windows([part])):
                add(("hasText", words), f"text {_quoted(words)}", 0.15 + 0.05 * window + 0.01 * index, words)
            continue
        if part.cut or len(part.text) > 80 or part.text.lower() == own_name:
            continue
        if part.kind == "named" and part.role:
            inner: tuple[Step, ...] = (_role_steps(part.role, part.text, True),)
            # A control named by several of the texts (a link "5 stars 58%" of two spans) is itself in parts.
            held = sum(text in part.text.lower() for text in texts if text != part.text.lower())
            fact, order = f"{part.role} {_quoted(part.text)} (exact)", 0.3 if held > 1 else 0.0
        elif part.kind == "heading" and part.name and part.name.lower() != own_name:
            inner = (_role_steps("heading", part.name, True),)
            fact, order = f"heading {_quoted(part.name)} (exact)", 0.0
        elif part.kind == "text":
            inner = (Step("getByText", part.text, (("exact", True),)),)
            fact, order = f"text {_quoted(part.text)} (exact)", 0.05
        elif part.kind == "alt":
            inner = (Step("getByAltText", part.text, (("exact", True),)),)
            fact, order = f"alt {_quoted(part.text)} (exact)", 0.1
        else:
            continue
        add(("has", inner), fact, order + 0.01 * index, part.text if part.kind != "alt" else None)
    return found


def own_candidates(facts: SuggestFactsResult, test_id_attribute: str = "data-testid") -> list[Candidate]:
    """The element named by its own facts alone, cheapest first (the tag alone is left out)."""
    own = [
        Candidate(inner.steps, inner.cost, (inner.fact,), inner.flags)
        for inner in _inners(facts.target, test_id_attribute)
    ]
    return sorted([*own, *attribute_candidates(facts.target)], key=lambda candidate: candidate.cost)


#: The cost of a candidate by an attribute (a link's href ...): above the own facts that make container
#: chains unnecessary (``suggest._GOOD_ENOUGH``), so the containers are searched too. It ranks after every
#: chain that names its elements by test id, role, id or text and after a class chain filtered by a stable
#: text, before a class or tag chain without one, and far before a position (``suggest._rank``).
ATTRIBUTE_COST = 4.2
#: The cost of a candidate by a class of the element's own (:func:`class_candidates`): after its attributes.
CLASS_COST = ATTRIBUTE_COST + 0.4
#: A URL longer than this is also tried by its last path segment (``*=``).
_LONG_URL = 60


def attribute_candidates(target: SuggestTarget) -> list[Candidate]:
    """The element by its own distinguishing attribute, for when its role and name are not unique (it has
    ``lookalikes``): a link's ``href``, an image's ``src`` (as authored: what a CSS attribute selector
    compares, not the resolved URL), a form control's ``name``. A volatile URL is flagged and costs more; its
    stable part (the path before a volatile query: ``a[href^="/cart?"]``) is a candidate of its own. A name cut
    in the facts (longer than 200 characters) cannot be used whole, so such an element is named by its
    attributes even when its name is unique."""
    tag = target.tagName
    if not _named_by_attributes(target) or not _css_ident(tag):
        return []
    found: list[Candidate] = []
    for attribute, value in (("href", target.href), ("src", target.src)):
        if value:
            found += _url_candidates(tag, attribute, value)
    if target.nameAttribute:
        value = target.nameAttribute
        flag = generated_id(value)
        found.append(
            Candidate(
                (Step("locator", f"{tag}[name={_quoted_css(value)}]"),),
                ATTRIBUTE_COST - 0.1 + (UNSTABLE if flag else 0.0),
                (f"<{tag}> name {_quoted(value)}",),
                (flag,) if flag else (),
                attribute=True,
            )
        )
    return found


def _named_by_attributes(target: SuggestTarget) -> bool:
    """Whether the element's own attributes are worth a candidate: its role and name repeat, or its name is cut
    in the facts (longer than 200 characters), so no locator can use it whole."""
    return target.lookalikes > 1 or bool(target.nameCut)


def _value_flag(value: str) -> str | None:
    """What may change in an attribute value that is not a URL: ``generated id``, ``volatile: count`` ..."""
    kind = volatile_text(value)
    return generated_id(value) or (f"volatile: {kind}" if kind else None)


def _url_candidates(tag: str, attribute: str, value: str) -> list[Candidate]:
    """``tag[attribute="value"]``, and its shorter forms: the stable part of a volatile URL (``^=``), the last
    path segment of a long one (``*=``)."""
    flag = volatile_url(value)
    flags = (f"volatile: {flag}",) if flag else ()
    long = len(value) > _LONG_URL
    found = [
        Candidate(
            (Step("locator", f"{tag}[{attribute}={_quoted_css(value)}]"),),
            ATTRIBUTE_COST + (UNSTABLE if flag else 0.0) + (0.2 if long else 0.0),
            (f"<{tag}> {attribute} {_quoted(value)}",),
            flags,
            attribute=True,
        )
    ]
    path, query, _ = url_parts(value)

    def part(operator: str, text: str, phrase: str) -> Candidate:
        return Candidate(
            (Step("locator", f"{tag}[{attribute}{operator}={_quoted_css(text)}]"),),
            ATTRIBUTE_COST + 0.1,
            (f"<{tag}> {attribute} {phrase} {_quoted(text)}",),
            attribute=True,
        )

    if flag and query and path and not volatile_url(path):
        # The path without its volatile query: a session token changes, the page it points to does not.
        found.append(part("^", f"{path}?", "starting"))
    segments = [segment for segment in path.split("/") if segment]
    if long and segments and len(segments[-1]) >= 4 and not volatile_url(segments[-1]):
        # The last segment of a long URL (its slug, its file name) reads better than the whole, when unique.
        found.append(part("*", "/" + segments[-1], "containing"))
    return found


def _quoted_css(value: str) -> str:
    """A CSS attribute value in double quotes (a backslash and a quote escaped)."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def lookalike_levels(facts: SuggestFactsResult) -> int:
    """The highest ancestor level that holds no element like the target but the target (0: none does)."""
    top = 0
    for ancestor in facts.ancestors:
        if ancestor.lookalikes > 1:
            break
        top = ancestor.level
    return top


@dataclass(frozen=True)
class _Handle:
    """One way to name an ancestor."""

    steps: tuple[Step, ...]
    cost: float
    fact: str
    flags: tuple[str, ...] = ()


_CSS_IDENT = re.compile(r"-?[A-Za-z_][\w-]*")


def _css_ident(value: str) -> bool:
    return bool(_CSS_IDENT.fullmatch(value))


def _handles(ancestor: SuggestAncestor, parent: SuggestAncestor | None, configured: str) -> list[_Handle]:
    found: list[_Handle] = []
    level = ancestor.level
    where = f"(level {level}{f', {ancestor.like} alike' if ancestor.like > 1 else ''})"
    test_ids = ([(configured, ancestor.testId)] if ancestor.testId else []) + sorted(
        (ancestor.otherTestIds or {}).items()
    )
    for attribute, value in test_ids:
        flag = generated_id(value)
        found.append(
            _Handle(
                _test_id_steps(attribute, value, configured),
                (0.0 if attribute == configured else 0.1) + (UNSTABLE if flag else 0),
                f"{_attribute_words(attribute, configured)} {_quoted(value)} {where}",
                (flag,) if flag else (),
            )
        )
    role = ancestor.role
    if role and (role in REGION_ROLES or role in REPEAT_ROLES):
        name = ancestor.name if ancestor.name and not ancestor.nameCut and len(ancestor.name) <= 60 else None
        if name and role not in REPEAT_ROLES:
            flag = volatile_text(name)
            found.append(
                _Handle(
                    (_role_steps(role, name),),
                    0.2 + (UNSTABLE if flag else 0),
                    f"{role} {_quoted(name)} {where}",
                    (f"volatile: {flag}",) if flag else (),
                )
            )
        found.append(_Handle((_role_steps(role, None),), 0.4 if role in REPEAT_ROLES else 0.45, f"{role} {where}"))
    if ancestor.id and _css_ident(ancestor.id):
        flag = generated_id(ancestor.id)
        found.append(
            _Handle(
                (Step("locator", f"#{ancestor.id}"),),
                0.6 + (UNSTABLE if flag else 0),
                f"id {_quoted(ancestor.id)} {where}",
                (flag,) if flag else (),
            )
        )
    tag = ancestor.tagName
    if "-" in tag and _css_ident(tag):
        found.append(_Handle((Step("locator", tag),), 0.7, f"<{tag}> {where}"))
    for css, cost, fact, flags in _css_handles(ancestor, configured):
        # Its test ids and id are handles above already (getByTestId ...); a class or module prefix is new.
        if css != tag and not css.startswith(("[", "#")):
            found.append(_Handle((Step("locator", css),), cost, f"{fact} {where}", flags))
    if parent is not None and not ancestor.shadowHost:
        for css, cost, fact, flags in _css_handles(parent, configured)[:2]:
            if tag in _PLAIN_TAGS and css in _PLAIN_TAGS:
                continue
            found.append(
                _Handle((Step("locator", f"{css} > {tag}"),), 1.2 + cost / 2, f"<{tag}> in {fact} {where}", flags)
            )
    elif parent is None and tag not in _PLAIN_TAGS:
        found.append(_Handle((Step("locator", f"body > {tag}"),), 1.5, f"<{tag}> in <body> {where}"))
    return found


#: A CSS-module class: a stable name, then a build hash (``ProductCard_root__3xYz1``, ``card_title_a7Bc2``).
_MODULE_CLASS = re.compile(r"^([A-Za-z][A-Za-z0-9]*_[A-Za-z0-9]+_{1,2})[A-Za-z0-9_-]{5,}$")


def _css_handles(element: SuggestAncestor, configured: str) -> list[tuple[str, float, str, tuple[str, ...]]]:
    """CSS selectors for one element, best first: (selector, cost, fact, flags), its tag alone last."""
    tag = element.tagName
    out: list[tuple[str, float, str, tuple[str, ...]]] = [(tag, 1.4, f"<{tag}>", ())]
    if element.id and _css_ident(element.id) and not generated_id(element.id):
        out.insert(0, (f"#{element.id}", 0.6, f"id {_quoted(element.id)}", ()))
    test_ids = [(configured, element.testId), *(element.otherTestIds or {}).items()]
    for attribute, value in test_ids:
        if value and not generated_id(value):
            out.insert(0, (f"[{attribute}={_quoted_css(value)}]", 0.1, f"{attribute} {_quoted(value)}", ()))
            break
    classes = [name for name in element.classes or [] if semantic_class(name) and _css_ident(name)]
    for name in classes[:2]:
        out.append((f"{tag}.{name}", 0.9, f"class {name}", ()))
    if not classes:
        for name in element.classes or []:
            module = _MODULE_CLASS.match(name)
            if module and hashed_class(name):
                out.append((f'{tag}[class*="{module.group(1)}"]', 1.0, f"class {module.group(1)}…", ()))
                break
        else:
            hashed = [name for name in element.classes or [] if hashed_class(name) and _css_ident(name)]
            if hashed:
                out.append((f"{tag}.{hashed[0]}", 0.9 + UNSTABLE, f"class {hashed[0]}", ("hashed class",)))
    out.sort(key=lambda item: item[1])
    return out


@dataclass(frozen=True)
class _Filter:
    steps: tuple[Step, ...]
    cost: float
    fact: str | None
    flags: tuple[str, ...] = ()


def _filters(texts: Sequence[TextFact], target: SuggestTarget) -> list[_Filter]:
    own = " ".join(filter(None, [target.name, target.text])).lower()
    found = [_Filter((), 0.0, None)]
    for index, (fact, text, cut) in enumerate(_windows(texts)):
        if fact.kind == "id":
            # An element inside by its id (an ad slot's empty <div id="Content_Mid">): after the texts.
            flag = generated_id(text)
            step = Step("filter", options=(("has", (Step("locator", f"#{text}"),)),))
            cost = 0.5 + 0.02 * index + (UNSTABLE if flag else 0.0)
            found.append(_Filter((step,), cost, f"an element with id {_quoted(text)} inside", (flag,) if flag else ()))
            continue
        if len(text) < 2 or text.lower() in own:
            continue
        flag = volatile_text(text)
        # A text the page has several times sets a container apart less often (hasText is a substring match).
        repeats = min(max(fact.occurrences - 1, 0), 6)
        extra = (UNSTABLE if flag else 0.0) + (0.1 if cut else 0.0) + 0.02 * index + 0.2 * repeats
        # An exact filter is not fooled by a longer text holding this one: occurrences do not count against it.
        exact_extra = extra - 0.2 * repeats
        flags = (f"volatile: {flag}",) if flag else ()
        if fact.kind == "alt":
            step = Step("filter", options=(("has", (Step("getByAltText", text, (("exact", True),)),)),))
            found.append(_Filter((step,), 0.4 + extra, f"img alt {_quoted(text)}", flags))
            continue
        if fact.kind == "named":
            if cut or not fact.role:
                continue
            control = (_role_steps(fact.role, text, True),)
            step = Step("filter", options=(("has", control),))
            found.append(_Filter((step,), 0.3 + extra, f"{fact.role} {_quoted(text)} (exact)", flags))
            continue
        kind = "heading" if fact.kind == "heading" else "text"
        found.append(
            _Filter(
                (Step("filter", options=(("hasText", text),)),),
                (0.25 if kind == "heading" else 0.32) + extra,
                f"{kind} {_quoted(text)}",
                flags,
            )
        )
        if fact.kind == "text" and not cut:
            exact = (Step("getByText", text, (("exact", True),)),)
            found.append(
                _Filter(
                    (Step("filter", options=(("has", exact),)),),
                    0.3 + exact_extra,
                    f"text {_quoted(text)} (exact)",
                    flags,
                )
            )
        if fact.kind == "heading" and fact.name and not cut and len(fact.name) <= 80:
            heading = (_role_steps("heading", fact.name, True),)
            found.append(
                _Filter(
                    (Step("filter", options=(("has", heading),)),),
                    0.2 + exact_extra,
                    f"heading {_quoted(fact.name)} (exact)",
                    flags,
                )
            )
    return found


#: Longest filter text, characters: a longer text gives its first and its last words.
MAX_FILTER_TEXT = 60


def _windows(texts: Sequence[TextFact]) -> list[tuple[TextFact, str, bool]]:
    """Each text as filters use it: whole when short, else its first and its last words (each a substring
    of it, so of its container's text too), ``True`` for a part."""
    out: list[tuple[TextFact, str, bool]] = []
    for fact in texts:
        text = fact.text
        if len(text) <= MAX_FILTER_TEXT and not fact.cut:
            out.append((fact, text, False))
            continue
        words = text.split(" ")
        head: list[str] = []
        for word in words:
            if len(" ".join([*head, word])) > MAX_FILTER_TEXT - 10:
                break
            head.append(word)
        tail: list[str] = []
        for word in reversed(words if not fact.cut else words[:-1]):
            if len(" ".join([word, *tail])) > MAX_FILTER_TEXT - 10:
                break
            tail.insert(0, word)
        for part in (" ".join(head), " ".join(tail)):
            if part and all(part != seen for _, seen, _ in out):
                out.append((fact, part, True))
    return out


def _inside(target: SuggestTarget, configured: str, count: int) -> list[_Inner]:
    """The ``count`` cheapest ways to name the element inside a container."""
    # A name made of parts (a cell of two buttons: "Edit Delete") comes after one part inside a container too.
    several = composite(target) and target.role in PART_ROLES
    inners = (
        _Inner(
            inner.steps,
            _INSIDE_COST[inner.kind]
            + inner.rank
            + (UNSTABLE if inner.flags else 0.0)
            + (0.3 if several and inner.kind.startswith("role-name") else 0.0),
            inner.fact,
            inner.flags,
        )
        for inner in _inners(target, configured)
    )
    return sorted(inners, key=lambda inner: inner.cost)[:count]


def container_candidates(
    facts: SuggestFactsResult, test_id_attribute: str = "data-testid", *, limit: int = 2000, inners: int = 1
) -> list[Candidate]:
    """Container-scoped chains through one container, cheapest first (at most ``limit``), each with the
    ``inners`` cheapest ways to name the element inside (:func:`with_inners` adds the others)."""
    target = facts.target
    inside = _inside(target, test_id_attribute, inners)
    ancestors = facts.ancestors
    top = lookalike_levels(facts)
    last = min(len(ancestors), max(top, 1) + 2)
    texts: list[TextFact] = []
    found: dict[tuple[Step, ...], Candidate] = {}
    for index in range(last):
        ancestor = ancestors[index]
        parent = ancestors[index + 1] if index + 1 < len(ancestors) else None
        texts = _merge_texts(texts, ancestor.texts)
        beyond = 0.3 if ancestor.level > max(top, 1) else 0.0
        repeats = ancestor.like > 1
        filters = _filters(texts, target)
        for handle in _handles(ancestor, parent, test_id_attribute):
            for filter_ in filters:
                # A repeating container needs a filter; one that does not repeat needs none.
                shape = 0.0 if (filter_.fact is not None) == repeats else 0.15
                for inner in inside:
                    cost = 4.0 + handle.cost + filter_.cost + inner.cost + 0.02 * ancestor.level + beyond + shape
                    _keep(found, (handle, filter_), inner, cost, ancestor.level)
    return sorted(found.values(), key=lambda c: (c.cost, len(c.steps)))[:limit]


def nested_candidates(
    facts: SuggestFactsResult, test_id_attribute: str = "data-testid", *, limit: int = 3000, inners: int = 1
) -> list[Candidate]:
    """Chains through two containers, cheapest first: an outer one above the lowest level that holds a
    look-alike (a menu's department), filtered by its own texts, then an inner one that holds only the
    element (a column), filtered by its texts (``Women`` > ``Shoes`` > ``Sneakers``)."""
    target = facts.target
    inside = _inside(target, test_id_attribute, inners)
    ancestors = facts.ancestors
    top = lookalike_levels(facts)
    if top < 1:
        return []
    found: dict[tuple[Step, ...], Candidate] = {}
    inner_texts: list[TextFact] = []
    inner_parts: list[tuple[_Handle, _Filter, int]] = []
    for index in range(top):
        ancestor = ancestors[index]
        parent = ancestors[index + 1] if index + 1 < len(ancestors) else None
        inner_texts = _merge_texts(inner_texts, ancestor.texts)
        handles = sorted(_handles(ancestor, parent, test_id_attribute), key=lambda h: h.cost)[:3]
        filters = sorted(_filters(inner_texts, target), key=lambda f: f.cost)[:5]
        inner_parts += [(handle, filter_, ancestor.level) for handle in handles for filter_ in filters]
    outer_texts: list[TextFact] = []
    for index in range(top, min(len(ancestors), top + 5)):
        ancestor = ancestors[index]
        parent = ancestors[index + 1] if index + 1 < len(ancestors) else None
        outer_texts = _merge_texts(outer_texts, ancestor.texts)
        handles = sorted(_handles(ancestor, parent, test_id_attribute), key=lambda h: h.cost)[:3]
        filters = sorted(_filters(outer_texts, target), key=lambda f: f.cost)[:5]
        for handle in handles:
            for filter_ in filters:
                for inner_handle, inner_filter, level in inner_parts:
                    for inner in inside:
                        cost = (
                            6.0
                            + handle.cost
                            + filter_.cost
                            + inner_handle.cost
                            + inner_filter.cost
                            + inner.cost
                            + 0.02 * (ancestor.level + level)
                        )
                        _keep(found, (handle, filter_, inner_handle, inner_filter), inner, cost, level)
    return sorted(found.values(), key=lambda c: (c.cost, len(c.steps)))[:limit]


def _keep(
    found: dict[tuple[Step, ...], Candidate],
    parts: tuple[_Handle | _Filter, ...],
    inner: _Inner,
    cost: float,
    level: int = 0,
) -> None:
    """Add the chain of ``parts`` then ``inner`` to ``found`` (the cheaper one of two equal locators)."""
    steps: tuple[Step, ...] = ()
    facts: list[str] = []
    flags: tuple[str, ...] = ()
    for part in parts:
        steps += part.steps
        flags += part.flags
        if part.fact:
            facts.append(part.fact)
    key = steps + inner.steps
    if key not in found or found[key].cost > cost:
        found[key] = Candidate(key, cost, (*facts, inner.fact), flags + inner.flags, scope=len(steps), level=level)


def with_inners(
    candidate: Candidate, facts: SuggestFactsResult, test_id_attribute: str = "data-testid", *, distinct: bool = False
) -> list[Candidate]:
    """``candidate``'s container with the other ways to name the element inside (an exact name, its text,
    its label ...): for a container that holds the element and one like it. With ``distinct``, instead, by
    what sets it apart from a look-alike beside it (:func:`_distinct_inners`: an attribute, a class, being
    the container's child)."""
    first, *others = _inside(facts.target, test_id_attribute, 5)
    if distinct:
        others = _distinct_inners(facts.target, candidate.level, facts.ancestors[0] if facts.ancestors else None)
    base = candidate.cost - first.cost
    scope = candidate.steps[: candidate.scope]
    facts_before = candidate.rests_on[:-1]
    flags = candidate.flags[: len(candidate.flags) - len(first.flags)] if first.flags else candidate.flags
    return [
        Candidate(
            scope + inner.steps,
            base + inner.cost,
            (*facts_before, inner.fact),
            flags + inner.flags,
            scope=candidate.scope,
            level=candidate.level,
        )
        for inner in others
    ]


#: The cost inside a container of the inners of :func:`_distinct_inners`, by kind.
_DISTINCT_COST = {"attr": 1.7, "class": 1.9, "child-class": 2.0, "class-named": 2.1, "parent-named": 2.15, "child": 2.2}
#: Classes of the element tried as inners, at most.
_MAX_CLASSES = 3


def _distinct_inners(target: SuggestTarget, level: int, parent: SuggestAncestor | None = None) -> list[_Inner]:
    """Ways to name the element inside a container that holds a look-alike too (a share button in a bar of
    two, a year's "►" toggle above its months' toggles), each with its cost inside the container: its own
    attributes (``locator('a[href="#section-5"]')``, a ``data-*`` attribute), its classes that say what it is
    (``locator('button.share-popover')``; with its role and exact name where the container holds other
    elements of the class: ``getByRole('link', { name, exact: true }).and(page.locator('.trc_mobile_disclosure_link'))``
    for a widget's "Sponsored Links" beside its "Promoted Links"), and, for a container that is its parent, being
    its child (``locator(':scope > a.toggle')``): the look-alikes below are not."""
    tag = target.tagName
    if not _css_ident(tag):
        return []
    # The attribute candidates of the whole page (href, src, name, data-* ...), here inside the container.
    found = [
        _Inner(
            attribute.steps,
            _DISTINCT_COST["attr"] + 0.01 * index + (UNSTABLE if attribute.flags else 0.0),
            attribute.rests_on[-1],
            attribute.flags,
            "attr",
        )
        for index, attribute in enumerate([*attribute_candidates(target), *more_attribute_candidates(target)])
    ]
    classes = [name for name in target.classes or [] if semantic_class(name) and _css_ident(name)][:_MAX_CLASSES]
    named = _named(target)
    for index, name in enumerate(classes):
        found.append(
            _Inner((Step("locator", f"{tag}.{name}"),), _DISTINCT_COST["class"] + 0.01 * index, f"<{tag}> class {name}")
        )
        if named is not None:
            # The class and its role and exact name: the container also holds other elements of the class (a
            # widget's "Sponsored Links" and "Promoted Links", each a mobile twin of a desktop link).
            anded = named.anded(f".{name}", _DISTINCT_COST["class-named"] + 0.01 * index, f"class {name}")
            found.append(_Inner(anded.steps, anded.cost, " and ".join(anded.rests_on), anded.flags, "class-named"))
    if named is not None and parent is not None and _css_ident(parent.tagName):
        parent_classes = [name for name in parent.classes or [] if semantic_class(name) and _css_ident(name)][:2]
        for index, name in enumerate(parent_classes):
            css, fact = f"{parent.tagName}.{name} > {tag}", f"child of <{parent.tagName}> class {name}"
            anded = named.anded(css, _DISTINCT_COST["parent-named"] + 0.01 * index, fact)
            found.append(_Inner(anded.steps, anded.cost, " and ".join(anded.rests_on), anded.flags, "parent-named"))
    if level == 1:
        for index, name in enumerate(classes[:2]):
            found.append(
                _Inner(
                    (Step("locator", f":scope > {tag}.{name}"),),
                    _DISTINCT_COST["child-class"] + 0.01 * index,
                    f"the container's child <{tag}> class {name}",
                )
            )
        found.append(
            _Inner((Step("locator", f":scope > {tag}"),), _DISTINCT_COST["child"], f"the container's child <{tag}>")
        )
    return found


def outer_candidates(
    chain: Candidate, facts: SuggestFactsResult, test_id_attribute: str = "data-testid", *, levels: int = 4
) -> list[Candidate]:
    """``chain`` (which matches the target among a few others) inside an outer container above its own,
    filtered by the outer container's texts: a month's toggle in its year (``getByRole('listitem').filter({
    has: getByText('2015', { exact: true }) })`` before ``getByRole('listitem').filter({ has:
    getByText('December', { exact: true }) }).getByRole('link', { name: '►' })``), when every year has a
    December. The outer containers are the ``levels`` ancestors above the chain's innermost one."""
    target = facts.target
    ancestors = facts.ancestors
    found: list[Candidate] = []
    texts: list[TextFact] = []
    for index in range(chain.level, min(len(ancestors), chain.level + levels)):
        ancestor = ancestors[index]
        parent = ancestors[index + 1] if index + 1 < len(ancestors) else None
        texts = _merge_texts(texts, ancestor.texts)
        handles = sorted(_handles(ancestor, parent, test_id_attribute), key=lambda h: h.cost)[:3]
        for handle in handles:
            for filter_ in _text_filters(texts, target):
                found.append(
                    Candidate(
                        handle.steps + filter_.steps + chain.steps,
                        chain.cost + 2.0 + handle.cost + filter_.cost + 0.02 * ancestor.level,
                        (handle.fact, filter_.fact or "", *chain.rests_on),
                        handle.flags + filter_.flags + chain.flags,
                        scope=len(handle.steps) + len(filter_.steps) + chain.scope,
                        level=chain.level,
                    )
                )
    return found


def _text_filters(texts: Sequence[TextFact], target: SuggestTarget, count: int = 5) -> list[_Filter]:
    """The ``count`` cheapest filters by one of ``texts`` (the no-filter option left out)."""
    return sorted((f for f in _filters(texts, target) if f.fact is not None), key=lambda f: f.cost)[:count]


#: Child steps in a path from a container down to a repeating element, at most (:func:`child_path_candidates`).
_MAX_PATH = 4


def child_path_candidates(chain: Candidate, facts: SuggestFactsResult) -> list[Candidate]:
    """``chain``'s container (which holds the target and a few look-alikes), then the repeating element below
    it that holds the target, reached by child steps and filtered by its texts, then the element inside:
    ``locator('div.newsletter-wrapper').locator(':scope > div > div').filter({ has: getByText('Monthly', {
    exact: true }) }).getByRole('button', { name: 'SUBSCRIBE' })`` for plan cards whose classes are all
    utilities. A descendant step filtered by the text would also match every ancestor that holds it; the child
    steps stop at the card."""
    target = facts.target
    ancestors = facts.ancestors
    if chain.level < 2 or chain.level > len(ancestors):
        return []
    scope, inner = chain.steps[: chain.scope], chain.steps[chain.scope :]
    inner_facts = chain.rests_on[-1:]
    found: list[Candidate] = []
    texts: list[TextFact] = []
    for index in range(chain.level - 1):
        ancestor = ancestors[index]
        texts = _merge_texts(texts, ancestor.texts)
        depth = chain.level - 1 - index
        if ancestor.like < 2 or depth > _MAX_PATH:
            continue
        tags = [ancestors[i].tagName for i in range(chain.level - 2, index - 1, -1)]
        if not all(_css_ident(tag) for tag in tags):
            continue
        path = Step("locator", ":scope > " + " > ".join(tags))
        for filter_ in _text_filters(texts, target):
            found.append(
                Candidate(
                    (*scope, path, *filter_.steps, *inner),
                    chain.cost + 1.5 + 0.2 * depth + filter_.cost,
                    (
                        *chain.rests_on[:-1],
                        f"<{tags[-1]}> {depth} level(s) below (level {ancestor.level}, {ancestor.like} alike)",
                        filter_.fact or "",
                        *inner_facts,
                    ),
                    chain.flags + filter_.flags,
                    scope=len(scope) + 1 + len(filter_.steps),
                    level=ancestor.level,
                )
            )
    return found


def named_repeat_candidates(
    facts: SuggestFactsResult, test_id_attribute: str = "data-testid", *, levels: int = 8
) -> list[Candidate]:
    """Chains through a repeating container named by its whole accessible name, exactly (``getByRole('row',
    { name: 'Armin Le Grand 56 14.7%', exact: true }).getByRole('cell', { name: '14.7%' })``): for a row of a
    table nested in a layout table, where a filter by one cell also holds the outer rows. Its name changes
    with any of its parts, so these come after every other chain, before a position."""
    inside = _inside(facts.target, test_id_attribute, 3)
    found: list[Candidate] = []
    for ancestor in facts.ancestors[:levels]:
        role, name = ancestor.role, ancestor.name
        if not role or role not in REPEAT_ROLES or not name or ancestor.nameCut or len(name) > 100:
            continue
        flag = volatile_text(name)
        flags = (f"volatile: {flag}",) if flag else ()
        handle = _Handle(
            (_role_steps(role, name, True),),
            1.5 + (UNSTABLE if flag else 0.0),
            f"{role} {_quoted(name)} (exact, level {ancestor.level})",
            flags,
        )
        for inner in inside:
            cost = 4.0 + handle.cost + inner.cost + 0.02 * ancestor.level
            steps = handle.steps + inner.steps
            found.append(
                Candidate(steps, cost, (handle.fact, inner.fact), flags + inner.flags, scope=1, level=ancestor.level)
            )
    return sorted(found, key=lambda candidate: candidate.cost)


def data_container_candidates(
    facts: SuggestFactsResult, test_id_attribute: str = "data-testid", *, levels: int = 8
) -> list[Candidate]:
    """Chains through a container named by one of its ``data-*`` attributes (``SuggestAncestor.attributes``:
    ``locator('figure[data-id="18zqgqj9kac9hjpg"]').getByRole('img', { name: 'ZoomIn icon' })``), for figures
    or widgets that nothing else names (their classes hashed or shared, no role, no text of their own). A
    record id is data, not design: these cost more than every other candidate before a position (so a page
    with ``data-*`` on every container does not crowd the others out of the counted batches), at most
    :data:`_MAX_DATA_CONTAINERS` of them; a value that looks generated is flagged."""
    inside = _inside(facts.target, test_id_attribute, 2)
    found: list[Candidate] = []
    for ancestor in facts.ancestors[:levels]:
        tag = ancestor.tagName
        if not _css_ident(tag):
            continue
        for index, (attribute, value) in enumerate((ancestor.attributes or {}).items()):
            if not _css_ident(attribute):
                continue
            flag = _value_flag(value)
            handle = _Handle(
                (Step("locator", f"{tag}[{attribute}={_quoted_css(value)}]"),),
                2.0 + 0.05 * index + (UNSTABLE if flag else 0.0),
                f"<{tag}> {attribute} {_quoted(value)} (level {ancestor.level})",
                (flag,) if flag else (),
            )
            for inner in inside:
                cost = 8.0 + handle.cost + inner.cost + 0.02 * ancestor.level
                found.append(
                    Candidate(
                        handle.steps + inner.steps,
                        cost,
                        (handle.fact, inner.fact),
                        handle.flags + inner.flags,
                        scope=1,
                        level=ancestor.level,
                    )
                )
    return sorted(found, key=lambda candidate: candidate.cost)[:_MAX_DATA_CONTAINERS]


#: Chains through a container named by a ``data-*`` attribute, at most (:func:`data_container_candidates`).
_MAX_DATA_CONTAINERS = 24


def more_attribute_candidates(target: SuggestTarget) -> list[Candidate]:
    """The element by one of its other attributes (``target.attributes``: a lazy image's ``data-src``, a
    button's ``data-action``), for when its role and name repeat and nothing else is unique. A URL-like
    value is tried whole and by its shorter forms (:func:`_url_candidates`)."""
    tag = target.tagName
    if not _named_by_attributes(target) or not _css_ident(tag):
        return []
    found: list[Candidate] = []
    for attribute, value in (target.attributes or {}).items():
        if not _css_ident(attribute):
            continue
        if "/" in value and " " not in value.strip():
            found += [
                Candidate(c.steps, c.cost + 0.2, c.rests_on, c.flags, attribute=True)
                for c in _url_candidates(tag, attribute, value)
            ]
            continue
        flag = _value_flag(value)
        found.append(
            Candidate(
                (Step("locator", f"{tag}[{attribute}={_quoted_css(value)}]"),),
                ATTRIBUTE_COST + 0.2 + (UNSTABLE if flag else 0.0),
                (f"<{tag}> {attribute} {_quoted(value)}",),
                (flag,) if flag else (),
                attribute=True,
            )
        )
    return found


def class_candidates(target: SuggestTarget) -> list[Candidate]:
    """The element by a class of its own that says what it is, for when its role and name repeat and nothing
    else is unique: a desktop link and its mobile twin (``locator('a.trc_desktop_disclosure_link')``), a
    link shown only from tablet width up. The class alone, then with the element's role and exact name
    (``getByRole('link', { name: 'Vox Media', exact: true }).and(page.locator('.u-block'))``) or its text
    (``filter({ hasText })``) where other elements share the class."""
    tag = target.tagName
    if target.lookalikes < 2 or not _css_ident(tag):
        return []
    classes = [name for name in target.classes or [] if semantic_class(name) and _css_ident(name)][:_MAX_CLASSES]
    text = target.text if target.text and len(target.text) <= 80 else None
    text_flag = volatile_text(text) if text else None
    named = _named(target)
    found: list[Candidate] = []
    for index, class_name in enumerate(classes):
        css = Step("locator", f"{tag}.{class_name}")
        fact = f"<{tag}> class {class_name}"
        found.append(Candidate((css,), CLASS_COST + 0.01 * index, (fact,)))
        if named is not None:
            # Its role and exact name, and the class: a text filter would also take a longer name that holds it.
            found.append(named.anded(f".{class_name}", CLASS_COST + 0.2 + 0.01 * index, f"class {class_name}"))
        if text:
            found.append(
                Candidate(
                    (css, Step("filter", options=(("hasText", text),))),
                    CLASS_COST + 0.3 + 0.01 * index + (UNSTABLE if text_flag else 0.0),
                    (fact, f"text {_quoted(text)}"),
                    (f"volatile: {text_flag}",) if text_flag else (),
                )
            )
    return found


@dataclass(frozen=True)
class _Named:
    """The element's role and exact name as a step, what it rests on, and its flags (a volatile name)."""

    step: Step
    fact: str
    flags: tuple[str, ...]

    def anded(self, css: str, cost: float, fact: str, flag: str | None = None) -> Candidate:
        """``getByRole(role, { name, exact: true }).and(page.locator(css))``; a volatile name or ``flag`` costs
        more and is flagged."""
        flags = (*self.flags, flag) if flag else self.flags
        return Candidate(
            (self.step, Step("and", (Step("locator", css),))),
            cost + (UNSTABLE if flags else 0.0),
            (self.fact, fact),
            flags,
        )

    def inside_without(
        self, ancestor: SuggestAncestor, handle: str, absent: str, cost: float, fact: str, flag: str | None
    ) -> Candidate:
        """``locator('{handle}:not(.{absent})')`` (``ancestor``, named ``fact``), then the element by its role and
        exact name; a deeper ancestor costs more, a volatile name or ``flag`` more still (and is flagged)."""
        flags = (*self.flags, flag) if flag else self.flags
        return Candidate(
            (Step("locator", f"{handle}:not(.{absent})"), self.step),
            cost + 0.02 * ancestor.level + (UNSTABLE if flags else 0.0),
            (f"{fact} without class {absent} (level {ancestor.level})", self.fact),
            flags,
            scope=1,
            level=ancestor.level,
        )


def _named(target: SuggestTarget) -> _Named | None:
    """The element's role and exact name, when getByRole can name it whole (None otherwise)."""
    role, name = target.role, target.name
    if not role or not name or target.nameCut or target.hiddenForRole:
        return None
    kind = volatile_text(name)
    return _Named(
        _role_steps(role, name, True), f"{role} {_quoted(name)} (exact)", (f"volatile: {kind}",) if kind else ()
    )


def _absent_class_flag(name: str) -> str | None:
    """How far a class that the look-alikes have can be trusted to tell them apart: None for a class that says
    what they are (a carousel's ``ndn_carousel-clone``), ``utility class`` for one that says how they look (not
    used: a restyling moves it), ``hashed class`` for the rest (a build's atomic ``ie``: a rebuild renames it)."""
    if semantic_class(name):
        return None
    return "utility class" if utility_class(name) else "hashed class"


#: Ancestors tried as the container that the look-alikes' class is not on (:func:`absence_candidates`).
_ABSENCE_LEVELS = 6


def absence_candidates(facts: SuggestFactsResult) -> list[Candidate]:
    """The element by its role and exact name and an attribute only it has (``target.onlyItHas``:
    ``.and(page.locator('img[data-srcset]'))``), or by what every other element like it has and it has not
    (``target.othersHave``): its role and exact name and no such class or attribute of its own
    (``.and(page.locator('img:not([data-srcset])'))``), or inside an ancestor that the class the others'
    containers have is not on: a carousel's slide beside its clones
    (``locator('li.ndn_selectableVideo:not(.ndn_carousel-clone)').getByRole('link', { name, exact: true })``),
    or outside the role every other's ancestors have (``.and(page.locator('img:not([role="button"] img)'))``)."""
    target = facts.target
    unlike = target.othersHave
    tag = target.tagName
    named = _named(target)
    if named is None or not _css_ident(tag):
        return []
    found = [
        named.anded(
            f"{tag}[{item}]", CLASS_COST + 0.25 + 0.01 * index, f"attribute {item} (the others like it have none)"
        )
        for index, item in enumerate(target.onlyItHas or [])
    ]
    if unlike is None:
        return found
    own = [(f".{item}", f"class {item}", _absent_class_flag(item)) for item in unlike.classes or []]
    own += [(f"[{item}]", f"attribute {item}", None) for item in unlike.attributes or []]
    for index, (selector, what, flag) in enumerate(own):
        if flag != "utility class":
            cost = CLASS_COST + 0.3 + 0.01 * index
            found.append(named.anded(f"{tag}:not({selector})", cost, f"no {what} (the others like it have it)", flag))
    for index, role in enumerate(unlike.containerRoles or []):
        # Not inside what each other element like it is inside: a twin in a zoom wrapper of utility classes.
        cost = CLASS_COST + 0.45 + 0.01 * index
        outside = f'{tag}:not([role="{role}"] {tag})'
        found.append(named.anded(outside, cost, f'not inside role="{role}" (the others like it are)'))
    found += _scoped_absences(unlike.scoped or [], facts.ancestors, named)
    for index, absent in enumerate(unlike.containerClasses or []):
        flag = _absent_class_flag(absent)
        if flag == "utility class":
            continue
        for ancestor in facts.ancestors[:_ABSENCE_LEVELS]:
            if not _css_ident(ancestor.tagName):
                continue
            classes = [item for item in ancestor.classes or [] if semantic_class(item) and _css_ident(item)][:2]
            handles = [(f"{ancestor.tagName}.{item}", f"<{ancestor.tagName}> class {item}") for item in classes]
            if ancestor.tagName not in _PLAIN_TAGS:
                handles.append((ancestor.tagName, f"<{ancestor.tagName}>"))
            for handle, fact in handles:
                found.append(
                    named.inside_without(ancestor, handle, absent, CLASS_COST + 0.5 + 0.01 * index, fact, flag)
                )
    return found


def _scoped_absences(
    scoped: Sequence[ScopedAbsence], ancestors: Sequence[SuggestAncestor], named: _Named
) -> list[Candidate]:
    """The element by its role and exact name inside its ancestor of a class, where the others' ancestors of that
    class all have another: ``locator('div.siderail-ad:not(.siderail-bottom-ad)').getByRole('link', { name,
    exact: true })`` (``othersHave.scoped``; the others without such an ancestor are outside it already)."""
    found: list[Candidate] = []
    for index, entry in enumerate(scoped):
        ancestor = next((item for item in ancestors if entry.scope in (item.classes or [])), None)
        if ancestor is None or not _css_ident(ancestor.tagName) or not semantic_class(entry.scope):
            continue
        handle, fact = f"{ancestor.tagName}.{entry.scope}", f"<{ancestor.tagName}> class {entry.scope}"
        for absent in entry.classes:
            flag = _absent_class_flag(absent)
            if flag != "utility class":
                found.append(
                    named.inside_without(ancestor, handle, absent, CLASS_COST + 0.55 + 0.01 * index, fact, flag)
                )
    return found


def _merge_texts(texts: list[TextFact], more: Sequence[TextFact]) -> list[TextFact]:
    """The texts of a container one level up: headings first, then texts, then alts; within each kind the
    new level's own first (in a repeating structure the texts beside the element, in the level below,
    are often the ones every sibling has; the container's own title is what tells it apart)."""
    merged = list(more) + list(texts)
    order = {"heading": 0, "text": 1, "named": 2, "alt": 3, "id": 4}
    merged.sort(key=lambda fact: order[fact.kind])
    return merged[: MAX_TEXTS * 2]


def positional(candidate: Candidate, index: int, count: int) -> Candidate:
    """``candidate`` (which matches ``count`` elements, the target at ``index``) narrowed by position:
    ``first()``, ``last()`` or ``nth(index)``; for when nothing else is unique, saying why."""
    if index == 0:
        step, which = Step("first"), "first"
    elif index == count - 1:
        step, which = Step("last"), "last"
    else:
        step, which = Step("nth", index), f"number {index + 1}"
    why = (
        f"{count} elements match {candidate.locator} and nothing around this one sets it apart "
        f"(no test id, role, id, class or distinct text in its containers): it is the {which} of them"
    )
    return Candidate(
        (*candidate.steps, step),
        10.0 + candidate.cost,
        (*candidate.rests_on, f"position {index} of {count}"),
        (*candidate.flags, "positional"),
        why,
    )
