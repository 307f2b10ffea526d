"""The drift check finds undeclared keys at every depth, through $ref, anyOf, arrays and maps (no browser)."""

from __future__ import annotations

from tests.schema_keys import undeclared_keys
from verdex.browser.structure import ResolveContainerAnswer


def test_undeclared_keys_at_every_depth() -> None:
    schema = ResolveContainerAnswer.model_json_schema(mode="serialization")
    answer = {
        "target": {"ref": "e1", "tagName": "button", "text": "Go", "surprise": 1},
        "ancestors": [
            {"level": 1, "tagName": "div", "attributes": {"id": "x"}, "childElements": 1, "containsRefs": []},
            {"level": 2, "tagName": "main", "attributes": {}, "childElements": 1, "containsRefs": [], "new": True},
        ],
        "frames": [
            {"prefix": "f1_", "url": "u", "iframe": {"ref": "e2", "tagName": "iframe", "attributes": {}, "x": 0}}
        ],
        "extra": None,
    }
    assert undeclared_keys(answer, schema) == [
        "$.extra",
        "$.target.surprise",
        "$.ancestors[].new",
        "$.frames[].iframe.x",
    ]
    clean = {k: v for k, v in answer.items() if k not in ("extra", "frames")}
    clean["target"] = {"ref": "e1", "tagName": "button", "text": "Go"}
    clean["ancestors"] = answer["ancestors"][:1]
    assert undeclared_keys(clean, schema) == []
