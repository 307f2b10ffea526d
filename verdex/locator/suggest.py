"""Suggest locators for an element: candidates from its facts, counted on the page, each verified.

:func:`suggest_locators` is the engine behind ``suggest_locator``, the codegen line of action answers,
the narrowed locator of ``verify_locator``'s diagnosis, ``verdex locate``, ``verdex explore`` and the
demo. It costs a handful of bridge calls in the element's frame:

1. ``suggestFacts``: the element's own facts and its ancestors' (bridge/src/suggest/facts.ts);
2. ``countLocators``: the candidates of :mod:`verdex.locator.candidates`, cheapest first, counted in
   batches with Playwright's rules (one evaluation per batch) until ``limit`` of them match exactly
   the element;

   these calls share one cache scope (:meth:`verdex.bridge.api.Bridge.scoped`): the roles, names, texts and
   visibility the first one computes serve the next ones (until the document changes);
3. for a frame ref, the iframes on the way (``frameOwner``), each named by its most stable fact that
   selects it alone in its parent (counted there);
4. ``queryLocator`` (:func:`verdex.locator.verify.verify_on_page`) for every suggestion, from the page
   through its frames: the locator text is parsed back (so what is returned is what was checked) and
   must match one element, the element itself. A candidate that fails is dropped, never returned. The
   checks share a cache scope of their own, opened fresh by the first: the suggestions are checked as in one
   evaluation of the page as it is then.

When none of these is unique, what is beside the element (:func:`_before_position`: its ``data-*``
attributes, its attribute or class inside a container that holds a look-alike, being that container's
child ...). A positional step (``nth``, ``first``, ``last``) is used only when no other candidate is unique,
and the suggestion says why. Suggestions are ranked as the skill orders them: chains that name their elements
by test id, role, id or text before chains that need a class or a tag or rest on a flagged fact (when every
chain the search found does, the cheapest chains by role are counted too), then by cost. An element whose
role and name repeat is also named by its own attribute (a link's ``href``, an image's ``src``, a form
control's ``name``: :func:`verdex.locator.candidates.attribute_candidates`): after the chains above and the
class chains that a stable text filters, before the other class or tag chains, far ahead of a position.
"""

from __future__ import annotations

import functools
import json
import uuid
from dataclasses import dataclass, field
from typing import Any

from verdex.bridge.api import Bridge
from verdex.bridge.models import FrameOwnerResult, SuggestFactsResult
from verdex.browser.frames import Frame
from verdex.browser.page import Page
from verdex.browser.refs import parse_ref
from verdex.errors import LocatorError
from verdex.locator.candidates import (
    Candidate,
    absence_candidates,
    child_path_candidates,
    class_candidates,
    container_candidates,
    data_container_candidates,
    more_attribute_candidates,
    named_repeat_candidates,
    nested_candidates,
    outer_candidates,
    own_candidates,
    positional,
    with_inners,
)
from verdex.locator.parser import parse_locator
from verdex.locator.render import Step, render_js, render_python
from verdex.locator.source import Source
from verdex.locator.verify import verify_on_page

__all__ = ["DEFAULT_LIMIT", "Suggestion", "Suggestions", "frame_prefix", "suggest_locators"]

#: Candidates returned at most.
DEFAULT_LIMIT = 3
#: Candidates counted per bridge call, growing: the cheapest first.
_BATCHES = (48, 160, 400, 800)
#: Milliseconds one counting call may spend in the page.
_BUDGET_MS = 4000
#: Candidates costing this much more than the best are left out.
_WORSE = 2.5
#: Own-fact candidates cheaper than this make container chains unnecessary.
_GOOD_ENOUGH = 3.5
#: When every chain found names a container by class or tag: chains by role (or test id) costing at most
#: this much more than the best are counted too (at most ``_ROLE_BATCH`` of them, in one call).
_ROLE_OVER_CSS = 3.0
_ROLE_BATCH = 400
#: A chain that matches the target among at most this many elements is worth narrowing inside.
_CROWDED = 100
#: Crowded chains kept, at most: those with the fewest other matches.
_MAX_CROWDED = 60
#: Crowded chains tried inside an outer container (those with the fewest other matches).
_OUTER_CHAINS = 10


@dataclass(frozen=True)
class Suggestion:
    """One verified locator.

    Attributes:
        locator: TypeScript/JavaScript, from ``page``.
        python: the same in Playwright's Python API.
        rests_on: the facts it rests on, in words.
        flags: what may change (``volatile: price``, ``generated id``, ``hashed class``, ``positional``).
        positional: why a positional step was needed, when one is used.
        steps: its steps (frame steps first).
    """

    locator: str
    python: str
    rests_on: tuple[str, ...]
    flags: tuple[str, ...] = ()
    positional: str | None = None
    steps: tuple[Step, ...] = ()


@dataclass
class Suggestions:
    """What :func:`suggest_locators` found for one ref.

    Attributes:
        ref: the element's ref.
        role, name, tag_name: the element as Playwright sees it (role and accessible name).
        lookalikes: elements on the page with its role and name (itself included).
        suggestions: at most ``limit``, best first; each matches exactly the element.
        counted: candidates counted on the page.
        note: what the answer should say besides (nothing non-positional was unique ...).
    """

    ref: str
    role: str | None
    name: str | None
    tag_name: str
    lookalikes: int
    suggestions: list[Suggestion] = field(default_factory=list)
    counted: int = 0
    note: str | None = None


async def suggest_locators(
    page: Page, ref: str, *, test_id_attribute: str = "data-testid", limit: int = DEFAULT_LIMIT
) -> Suggestions:
    """Up to ``limit`` locators that match exactly the element of ``ref``, best first (module docstring).

    Raises:
        RefError: ``ref`` is malformed, unknown, stale or another role's.
    """
    frame, number = page.locate(ref)
    # The facts and the counts share one evaluation's caches (roles, names, texts, visibility: on a long page
    # each call computed them again); the answers are checked in a fresh scope of their own (below).
    bridge = page.worlds.bridge(frame, ref=ref).scoped(uuid.uuid4().hex)
    facts = await bridge.suggest_facts(number)
    target = facts.target
    result = Suggestions(ref, target.role, target.name, target.tagName, target.lookalikes)
    prefix, prefix_facts = await frame_prefix(page, frame, test_id_attribute)
    found: list[Candidate] = []
    own = own_candidates(facts, test_id_attribute)
    counts = await _count(bridge, number, own, result)
    found += [candidate for candidate, (count, index) in zip(own, counts, strict=False) if count == 1 and index == 0]
    crowded: list[Candidate] = []
    if not any(candidate.cost < _GOOD_ENOUGH for candidate in found):
        chains, crowded = await _containers(bridge, number, facts, test_id_attribute, limit, result)
        found += chains
    if found:
        found.sort(key=_rank)
    else:
        # The last candidates before a position mostly name the element inside by a class or an attribute:
        # the skill's order has nothing more to say about them than their cost (stable facts first).
        found = await _before_position(bridge, number, facts, crowded, test_id_attribute, limit, result)
        found.sort(key=lambda candidate: (bool(candidate.flags), candidate.cost))
    # Alternatives far worse than the best (a tag and its text beside a role and name) are not worth reading.
    found = [candidate for candidate in found if candidate.cost <= found[0].cost + _WORSE]
    # Beside a best that rests on stable facts, an alternative that rests on a generated id, a hashed
    # class or a volatile text is a worse choice with nothing to make up for it.
    if found and not found[0].flags:
        found = [candidate for candidate in found if not candidate.flags]
    if not found:
        found += _positional(own, counts, result)
    shapes: set[str] = set()
    # The checks run afresh (a scope of their own, opened by the first): together, as one evaluation of the page.
    checks = uuid.uuid4().hex
    for candidate in found:
        if len(result.suggestions) >= limit:
            break
        if candidate.shape in shapes:
            continue
        suggestion = await _verified(page, ref, prefix, prefix_facts, candidate, checks)
        if suggestion is not None:
            shapes.add(candidate.shape)
            result.suggestions.append(suggestion)
    if not result.suggestions:
        result.note = (
            f"no locator matched only {ref}: {result.counted} candidates were counted (its test ids, role and name, "
            "label, text, and chains through its containers); see resolve_container and inspect_pattern"
        )
    elif result.suggestions[0].positional:
        result.note = result.suggestions[0].positional
    return result


async def _count(
    bridge: Bridge, number: int, candidates: list[Candidate], result: Suggestions
) -> list[tuple[int, int | None]]:
    """Playwright's count of each candidate and the target's index in its matches ((0, None) when not counted)."""
    if not candidates:
        return []
    locators = [_steps_json(candidate) for candidate in candidates]
    answer = await bridge.count_locators(locators, target=number, budget_ms=_BUDGET_MS)
    result.counted += len(answer.results)
    counts = [(item.count, item.targetIndex) for item in answer.results]
    return counts + [(0, None)] * (len(candidates) - len(counts))


async def _containers(
    bridge: Bridge, number: int, facts: SuggestFactsResult, test_id_attribute: str, limit: int, result: Suggestions
) -> tuple[list[Candidate], list[Candidate]]:
    """The cheapest container chains that match exactly the target, counted in growing batches: chains through
    one container and through two, merged by cost, each with the element's cheapest inner locator; then,
    for the chains whose container holds the element and another like it, the other inner locators. Also
    the chains that match the target among a few others (for :func:`_before_position`)."""
    candidates = sorted(
        [*container_candidates(facts, test_id_attribute), *nested_candidates(facts, test_id_attribute)],
        key=lambda candidate: candidate.cost,
    )
    found, crowded, counted = await _search(bridge, number, candidates, limit, result)
    if found and all(candidate.css or candidate.flags for candidate in found):
        # The skill names containers by role before class: chains without a class or tag that the search
        # stopped short of, when one is unique, rank first (_rank).
        best = min(candidate.cost for candidate in found)
        roles = [c for c in candidates[counted:] if not c.css and c.cost <= best + _ROLE_OVER_CSS][:_ROLE_BATCH]
        more, _, _ = await _search(bridge, number, roles, 1, result, batches=(len(roles),))
        found += more
    if not found and crowded:
        widened = sorted(
            (variant for candidate in crowded for variant in with_inners(candidate, facts, test_id_attribute)),
            key=lambda candidate: candidate.cost,
        )
        found, _, _ = await _search(bridge, number, widened, limit, result)
    return found, crowded


async def _before_position(
    bridge: Bridge,
    number: int,
    facts: SuggestFactsResult,
    crowded: list[Candidate],
    test_id_attribute: str,
    limit: int,
    result: Suggestions,
) -> list[Candidate]:
    """When nothing above is unique, the last candidates before a position, counted in growing batches:
    the element by its other attributes (a lazy image's ``data-src``) or a class of its own (a desktop link
    beside its mobile twin: ``locator('a.trc_desktop_disclosure_link')``) or what every other element like
    it has and it has not (a carousel's slide beside its clones: ``:not(.ndn_carousel-clone)``); the chains
    whose container holds it and a few look-alikes, naming it inside by what sets it apart from them (an
    attribute, a class, being the container's child: ``getByRole('listitem').filter({ has:
    getByText('2015', { exact: true }) }).locator(':scope > a.toggle')``); chains through a repeating
    container named by its whole name (a row of a nested table); chains through a container named by a
    ``data-*`` attribute (a figure's ``data-id``); the crowded chains inside an outer container that holds
    none of their other matches (a month's toggle inside its year), or narrowed by child steps to the
    repeating element below their container that holds the target, filtered by its text (a plan card of
    utility classes)."""
    target = facts.target
    candidates = sorted(
        [
            *more_attribute_candidates(target),
            *class_candidates(target),
            *absence_candidates(facts),
            *(variant for chain in crowded for variant in with_inners(chain, facts, test_id_attribute, distinct=True)),
            *named_repeat_candidates(facts, test_id_attribute),
            *data_container_candidates(facts, test_id_attribute),
            *(
                outer
                for chain in crowded[:_OUTER_CHAINS]
                for outer in outer_candidates(chain, facts, test_id_attribute)
            ),
            *(path for chain in crowded[:_OUTER_CHAINS] for path in child_path_candidates(chain, facts)),
        ],
        key=lambda candidate: candidate.cost,
    )
    found, narrowed, _ = await _search(bridge, number, candidates, limit, result)
    if found:
        return found
    # Two of those steps at once: a chain that what sets the element apart inside its container narrowed to a
    # few (a headline as its list item's own link, in every section that lists it), inside an outer container
    # that holds none of its other matches (the section by its heading).
    distinct = [chain for chain in narrowed if chain.level and chain not in crowded][:_OUTER_CHAINS]
    outer = sorted(
        (candidate for chain in distinct for candidate in outer_candidates(chain, facts, test_id_attribute)),
        key=lambda candidate: candidate.cost,
    )
    found, _, _ = await _search(bridge, number, outer, limit, result)
    return found


async def _search(
    bridge: Bridge,
    number: int,
    candidates: list[Candidate],
    limit: int,
    result: Suggestions,
    batches: tuple[int, ...] = (),
) -> tuple[list[Candidate], list[Candidate], int]:
    """Count ``candidates`` in growing batches (``_BATCHES`` unless given) until ``limit`` match exactly the
    target: those, the ones that match the target among a few others (at most ``_CROWDED``: a container
    that holds a look-alike; the ``_MAX_CROWDED`` with the fewest matches), and how many of ``candidates``
    were counted (the first ones)."""
    found: list[Candidate] = []
    crowded: list[tuple[int, int, Candidate]] = []
    start = 0
    for size in batches or _BATCHES:
        batch = candidates[start : start + size]
        if not batch:
            break
        counts = await _count(bridge, number, batch, result)
        for candidate, (count, index) in zip(batch, counts, strict=True):
            if index is not None and count == 1:
                found.append(candidate)
            elif index is not None and count <= _CROWDED:
                crowded.append((count, len(crowded), candidate))
        start += size
        if len(found) >= limit:
            break
    # The chains with the fewest other matches first (the cheapest of those): the easiest to narrow.
    fewest = [candidate for _, _, candidate in sorted(crowded)[:_MAX_CROWDED]]
    return found, fewest, min(start, len(candidates))


def _rank(candidate: Candidate) -> tuple[int, float]:
    """The order of suggestions: the skill's (role, test id, text before class and tag), then cost. A chain
    that rests on a generated id or a volatile text (flagged) does not get ahead of a class chain by it. An
    element's own attribute (a link's href) comes after the class chains that a stable text filters (a
    container by its heading) and before the others."""
    if not (candidate.css or candidate.flags):
        return 0, candidate.cost
    if candidate.attribute and not candidate.flags:
        return 2, candidate.cost
    if not candidate.flags and _filtered_by_text(candidate):
        return 1, candidate.cost
    return 3, candidate.cost


def _filtered_by_text(candidate: Candidate) -> bool:
    """A container of the chain is filtered by a text or by what it holds (``hasText``, ``has``), not only by
    an element's id inside (``has: locator('#Content_Mid')``: a CSS fact like the class it filters)."""
    return any(step.method == "filter" and not _by_css(step) for step in candidate.steps[: candidate.scope])


def _by_css(step: Step) -> bool:
    """A ``filter({ has: locator(css) })`` step."""
    return all(
        key == "has"
        and isinstance(value, tuple)
        and all(isinstance(inner, Step) and inner.method == "locator" for inner in value)
        for key, value in step.options
    )


def _positional(own: list[Candidate], counts: list[tuple[int, int | None]], result: Suggestions) -> list[Candidate]:
    """The own locator that matches the target among the fewest others (the cheapest of those), narrowed by
    position: ``getByRole('link', { name: 'home page' }).first()`` of 2 rather than a shared test id's
    ``nth(11)`` of 54, which every new item before it shifts."""
    among = [
        (count, candidate.cost, position, candidate, index)
        for position, (candidate, (count, index)) in enumerate(zip(own, counts, strict=False))
        if index is not None and count > 1 and "positional" not in candidate.flags
    ]
    if not among:
        return []
    count, _, _, candidate, index = min(among, key=lambda item: item[:3])
    return [positional(candidate, index, count)]


def _steps_json(candidate: Candidate) -> list[dict[str, Any]]:
    """The bridge's steps of a candidate: each of its steps written in TypeScript and parsed back (once per
    distinct step), so what is counted is what is shown."""
    return [item for step in candidate.steps for item in _step_json(step)]


@functools.lru_cache(maxsize=4096)
def _step_json(step: Step) -> tuple[dict[str, Any], ...]:
    """The bridge's steps for one locator step, parsed from its TypeScript after a placeholder first step."""
    parsed: list[dict[str, Any]] = parse_locator(render_js([_PLACEHOLDER, step])).to_json()["steps"]
    return tuple(parsed[1:])


_PLACEHOLDER = Step("locator", "*")


async def _verified(
    page: Page, ref: str, prefix: list[Step], prefix_facts: list[str], candidate: Candidate, cache_scope: str
) -> Suggestion | None:
    """The candidate from ``page`` (through its frames), if it matches exactly ``ref``'s element there; checked in
    the bridge's ``cache_scope`` (the checks of one call share it)."""
    steps = [*prefix, *candidate.steps]
    text = render_js(steps)
    try:
        parsed = parse_locator(text)
        verification = await verify_on_page(page, parsed, Source(text), target=ref, limit=2, cache_scope=cache_scope)
    except LocatorError:
        return None
    if verification.count != 1 or verification.target_index != 0:
        return None
    return Suggestion(
        locator=text,
        python=render_python(steps),
        rests_on=(*prefix_facts, *candidate.rests_on),
        flags=candidate.flags,
        positional=candidate.positional,
        steps=tuple(steps),
    )


# -- frames -----------------------------------------------------------------------------------------


async def frame_prefix(
    page: Page, frame: Frame, test_id_attribute: str = "data-testid"
) -> tuple[list[Step], list[str]]:
    """The steps from the page into ``frame`` (one per iframe on the way) and the facts they rest on.

    Each iframe is named by its first option (:func:`_frame_options`) that selects it alone in its parent;
    when none does, by the first that selects it among others, with its position.
    """
    if frame.parent_id is None:
        return [], []
    steps: list[Step] = []
    facts: list[str] = []
    for owner in await page.owners.frame_path(frame):
        options = _frame_options(owner.element, test_id_attribute)
        _, number = parse_ref(owner.element.ref)
        bridge = page.worlds.bridge(owner.parent)
        counted = await bridge.count_locators(
            [[item for step in select for item in _step_json(step)] for select, _, _ in options], target=number
        )
        results = list(zip(options, counted.results, strict=False))
        unique = [option for option, item in results if item.count == 1 and item.targetIndex == 0]
        if unique:
            _, enter, fact = unique[0]
            steps += enter
            facts.append(fact)
            continue
        among = [(option, item) for option, item in results if item.targetIndex is not None]
        if not among:
            _, enter, fact = options[0]
            steps += enter
            facts.append(fact)
            continue
        (select, _, fact), item = among[0]
        index = item.targetIndex or 0
        position = Step("first") if index == 0 else Step("last") if index == item.count - 1 else Step("nth", index)
        steps += [*select, position, Step("contentFrame")]
        facts.append(f"{fact}, position {index} of {item.count} (positional)")
    return steps, facts


def _frame_options(iframe: FrameOwnerResult, test_id_attribute: str) -> list[tuple[tuple[Step, ...], list[Step], str]]:
    """Ways to name an iframe: (the steps that select it, the steps that enter it, the fact), best first."""
    attributes = iframe.attributes
    tag = iframe.tagName
    options: list[tuple[tuple[Step, ...], list[Step], str]] = []
    if test_id_attribute in attributes:
        value = attributes[test_id_attribute]
        select = (Step("getByTestId", value),)
        options.append((select, [*select, Step("contentFrame")], f"iframe test id {json.dumps(value)}"))
    for name in ("title", "name", "id", "src"):
        found = attributes.get(name)
        if not found or found.endswith("…"):
            continue
        value = found
        selector = f'{tag}[{name}="{_css_escape(value)}"]'
        options.append(
            ((Step("locator", selector),), [Step("frameLocator", selector)], f"iframe {name} {json.dumps(value)}")
        )
    options.append(((Step("locator", tag),), [Step("frameLocator", tag)], f"the {tag}"))
    return options


def _css_escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')
