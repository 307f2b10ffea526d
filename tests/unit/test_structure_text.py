"""The text of a structural answer (verdex.server.tools_structure.shown_facts) and its inverse."""

from __future__ import annotations

from typing import Any

from verdex.server.tooling import compact_json
from verdex.server.tools_structure import facts_from_shown, shown_facts

CARD = {"data-testid": "product-card"}


def _sibling(index: int, attributes: dict[str, str], refs: list[str]) -> dict[str, Any]:
    return {
        "index": index,
        "tagName": "div",
        "attributes": attributes,
        "containsText": [f"Item {index}"],
        "outline": ["h3", "button"] if index == 0 else "same",
        "containsRefs": refs,
    }


PATTERN: dict[str, Any] = {
    "ancestorLevel": 2,
    "containerAt": {"tagName": "div", "attributes": {}},
    "targetSiblingIndex": 1,
    "siblings": [
        _sibling(0, CARD, ["e1"]),
        _sibling(1, dict(CARD), ["e2"]),
        _sibling(2, {"data-testid": "promo"}, []),
        _sibling(3, {}, ["e4"]),
        _sibling(4, {}, []),
        _sibling(5, CARD, ["e6"]),
        _sibling(6, CARD, ["e7"]),
    ],
}


def test_a_sibling_with_the_attributes_of_the_one_before_says_same() -> None:
    text = compact_json(shown_facts(PATTERN))
    assert text == (
        '{"ancestorLevel":2,"containerAt":{"tagName":"div"},"targetSiblingIndex":1,"siblings":['
        '{"index":0,"tagName":"div","attributes":{"data-testid":"product-card"},"containsText":["Item 0"],'
        '"outline":["h3","button"],"containsRefs":["e1"]},'
        '{"index":1,"tagName":"div","attributes":"same","containsText":["Item 1"],"outline":"same",'
        '"containsRefs":["e2"]},'
        '{"index":2,"tagName":"div","attributes":{"data-testid":"promo"},"containsText":["Item 2"],"outline":"same"},'
        '{"index":3,"tagName":"div","containsText":["Item 3"],"outline":"same","containsRefs":["e4"]},'
        '{"index":4,"tagName":"div","containsText":["Item 4"],"outline":"same"},'
        '{"index":5,"tagName":"div","attributes":{"data-testid":"product-card"},"containsText":["Item 5"],'
        '"outline":"same","containsRefs":["e6"]},'
        '{"index":6,"tagName":"div","attributes":"same","containsText":["Item 6"],"outline":"same",'
        '"containsRefs":["e7"]}]}'
    )
    assert PATTERN["siblings"][1]["attributes"] == CARD  # the answer itself is unchanged


def test_the_text_reads_back_as_the_answer() -> None:
    assert facts_from_shown(shown_facts(PATTERN)) == PATTERN
