"""actionTarget, prepareType, selectOption: actionability checks and their reasons."""

from __future__ import annotations

import pytest

from tests.bridge.conftest import LoadHtml, ref_number, run_in_page, snapshot_text
from tests.support import bridge_json
from verdex.bridge.api import Action
from verdex.browser.page import Page
from verdex.errors import BridgeCallError

PAGE = """
<body style="margin:0">
<button id="ok" style="position:absolute; left:10px; top:20px; width:100px; height:40px">Click me</button>
<button id="gone" style="position:absolute; left:10px; top:80px">Soon hidden</button>
<button id="off" disabled style="position:absolute; left:10px; top:120px">Off</button>
<button id="under" style="position:absolute; left:10px; top:160px; width:80px; height:30px">Under</button>
<input id="name" value="old value" style="position:absolute; left:10px; top:220px">
<input id="ro" readonly value="fixed" style="position:absolute; left:10px; top:260px">
<select id="size" style="position:absolute; left:10px; top:300px">
  <option value="s">Small</option><option value="m">Medium</option><option value="l" disabled>Large</option>
</select>
<div id="edit" contenteditable="true" style="position:absolute; left:200px; top:20px">Edit <b>me</b></div>
<button id="far" style="position:absolute; left:10px; top:3000px">Far below</button>
<button id="moving" style="position:absolute; left:10px; top:340px; animation: slide 0.5s linear infinite">
  Moving</button>
<div style="height:4000px"></div>
</body>
"""

ANIMATION = (
    "const s = document.createElement('style');"
    "s.textContent = '@keyframes slide { from { left: 10px } to { left: 400px } }';"
    "document.head.appendChild(s);"
)


async def refs_by_name(page: Page) -> dict[str, int]:
    text = await snapshot_text(page)
    names = ["Click me", "Soon hidden", "Off", "Under", "Far below", "Moving"]
    result = {name: ref_number(text, f'button "{name}"') for name in names}
    result["name"] = ref_number(text, "textbox [ref=", 0)
    result["ro"] = ref_number(text, "textbox [ref=", 1)
    result["size"] = ref_number(text, "combobox")
    result["edit"] = ref_number(text, "generic [ref=")
    return result


async def reason_of(page: Page, ref: int, action: Action) -> tuple[str, dict[str, object]]:
    with pytest.raises(BridgeCallError) as caught:
        await bridge_json(page.bridge().action_target(ref, action))
    assert caught.value.code == "not-actionable"
    details = dict(caught.value.details)
    target = (details.pop("tagName"), details.pop("role"), details.pop("name"))
    assert target[0] in ("button", "input", "select"), target
    return str(details.pop("reason")), details


async def test_action_target_gives_the_centre_of_the_visible_box(page: Page, load_html: LoadHtml) -> None:
    await load_html(PAGE)
    await run_in_page(page, ANIMATION)
    refs = await refs_by_name(page)
    point = await bridge_json(page.bridge().action_target(refs["Click me"], "click"))
    assert point == {"x": 60, "y": 40, "tagName": "button", "role": "button", "name": "Click me"}
    hover = await bridge_json(page.bridge().action_target(refs["Off"], "hover"))
    assert hover["name"] == "Off"


async def test_action_target_scrolls_into_view(page: Page, load_html: LoadHtml) -> None:
    await load_html(PAGE)
    refs = await refs_by_name(page)
    point = await bridge_json(page.bridge().action_target(refs["Far below"], "click"))
    height = await run_in_page(page, "innerHeight")
    assert 0 < point["y"] < height
    assert await run_in_page(page, "scrollY") > 2000


async def test_not_actionable_reasons(page: Page, load_html: LoadHtml) -> None:
    await load_html(PAGE)
    await run_in_page(page, ANIMATION)
    refs = await refs_by_name(page)
    await run_in_page(page, "document.getElementById('gone').style.display = 'none'")
    await run_in_page(
        page,
        "document.body.insertAdjacentHTML('beforeend', '<div class=\"overlay\" style=\"position:fixed; left:0; "
        "top:150px; width:300px; height:50px; background:white\">Subscribe to our newsletter</div>')",
    )
    assert await reason_of(page, refs["Soon hidden"], "click") == ("hidden", {})
    with pytest.raises(BridgeCallError) as caught:
        await bridge_json(page.bridge().action_target(refs["Off"], "click"))
    assert caught.value.details == {"reason": "disabled", "tagName": "button", "role": "button", "name": "Off"}
    assert await reason_of(page, refs["Under"], "click") == (
        "covered",
        {"coveredBy": {"tagName": "div", "attributes": {"class": "overlay"}, "text": "Subscribe to our newsletter"}},
    )
    assert await reason_of(page, refs["Click me"], "type") == ("not-editable", {})
    assert await reason_of(page, refs["ro"], "type") == ("not-editable", {})
    assert await reason_of(page, refs["Click me"], "select") == ("not-selectable", {})
    assert await reason_of(page, refs["Moving"], "click") == ("not-stable", {})
    editable = await bridge_json(page.bridge().action_target(refs["edit"], "type"))
    assert editable["tagName"] == "div"
    with pytest.raises(BridgeCallError) as caught:
        await page.worlds.call(page.main_frame, "actionTarget", {"ref": refs["Click me"], "action": "dance"})
    assert caught.value.code == "bad-args"


async def test_prepare_type_focuses_and_selects_the_value(page: Page, load_html: LoadHtml) -> None:
    await load_html(PAGE)
    refs = await refs_by_name(page)
    assert await bridge_json(page.bridge().prepare_type(refs["name"])) == {"focused": True}
    selection = await run_in_page(page, "const e = document.getElementById('name'); [e.selectionStart, e.selectionEnd]")
    assert selection == [0, len("old value")]
    assert await bridge_json(page.bridge().prepare_type(refs["edit"])) == {"focused": True}
    assert await run_in_page(page, "String(getSelection())") == "Edit me"
    text = await snapshot_text(page)
    assert "[active]" in next(line for line in text.splitlines() if line.strip().startswith("- generic [active]"))


async def test_select_option_by_value_or_label(page: Page, load_html: LoadHtml) -> None:
    await load_html(PAGE)
    await run_in_page(
        page,
        "window.changes = [];"
        "document.getElementById('size').addEventListener('change', e => changes.push(e.target.value))",
    )
    refs = await refs_by_name(page)
    assert await bridge_json(page.bridge().select_option(refs["size"], ["Medium"])) == {"selected": ["m"]}
    assert await bridge_json(page.bridge().select_option(refs["size"], ["s"])) == {"selected": ["s"]}
    assert await run_in_page(page, "changes") == ["m", "s"]
    with pytest.raises(BridgeCallError) as caught:
        await bridge_json(page.bridge().select_option(refs["size"], ["Huge"]))
    assert (caught.value.code, caught.value.details) == (
        "not-actionable",
        {
            "reason": "no-option",
            "tagName": "select",
            "role": "combobox",
            "name": "",
            "available": ["Small", "Medium", "Large"],
        },
    )
    with pytest.raises(BridgeCallError) as caught:
        await bridge_json(page.bridge().select_option(refs["size"], ["Large"]))
    assert caught.value.details["reason"] == "disabled"
    with pytest.raises(BridgeCallError) as caught:
        await bridge_json(page.bridge().select_option(refs["Click me"], ["s"]))
    assert caught.value.details == {
        "reason": "not-selectable",
        "tagName": "button",
        "role": "button",
        "name": "Click me",
    }
