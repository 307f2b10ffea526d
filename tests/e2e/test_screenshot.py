"""``browser_take_screenshot`` through a real MCP client: the viewport, elements (through frames), errors."""

from __future__ import annotations

import base64
import io
from collections.abc import Callable
from typing import Any

from mcp_types import ImageContent, TextContent
from PIL import Image

from tests.e2e.conftest import Tools

URL = Callable[[str], str]


async def screenshot(tools: Tools, **arguments: Any) -> tuple[str, dict[str, Any], Image.Image]:
    """The answer's text, structured content and decoded PNG (exactly one text and one image block)."""
    result = await tools.client.call_tool("browser_take_screenshot", arguments)
    assert not result.is_error, result.content
    texts = [block.text for block in result.content if isinstance(block, TextContent)]
    images = [block for block in result.content if isinstance(block, ImageContent)]
    assert len(texts) == 1
    assert len(images) == 1
    assert images[0].mime_type == "image/png"
    png = base64.b64decode(images[0].data)
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return texts[0], result.structured_content or {}, image.convert("RGB")


def colours(image: Image.Image) -> set[tuple[int, int, int]]:
    return {image.getpixel((x, y)) for x in range(image.width) for y in range(image.height)}


async def test_viewport_and_element_screenshots(tools: Tools, fixture_url: URL) -> None:
    url = fixture_url("actions/screenshot.html")
    await tools.ok("browser_navigate", url=url)
    snapshot = (await tools.ok("browser_snapshot")).text.splitlines()
    # The page writes its own innerWidth x innerHeight: the independent measure of the viewport.
    assert snapshot[1:6] == [
        '- paragraph: "Viewport: 1280x720"',
        '- button "Vanish" [ref=e1]',
        "- iframe [ref=e2]:",
        '  - button "Green box" [ref=f1_e4]',
        '- button "Red box" [ref=e3]',
    ]

    text, data, image = await screenshot(tools)
    assert image.size == (1280, 720)
    assert data == {"captured": "viewport", "url": url, "width": 1280, "height": 720}
    assert text == f"Screenshot of the viewport of {url}: 1280x720 CSS px (PNG)."

    # A 120x40 red box 1500 px down the page: scrolled into view, clipped to its border box exactly
    # (every pixel red: an offset of one pixel would show the white page).
    text, data, image = await screenshot(tools, ref="e3")
    assert image.size == (120, 40)
    assert colours(image) == {(255, 0, 0)}
    assert data == {
        "captured": "element",
        "url": url,
        "width": 120,
        "height": 40,
        "ref": "e3",
        "role": "button",
        "name": "Red box",
    }
    assert text == 'Screenshot of button "Red box" [ref=e3]: 120x40 CSS px (PNG).'

    # An 80x30 green box in a cross-origin frame (now scrolled out of view): the frame's offset
    # (its border and padding included) carries the clip out to the page.
    text, _, image = await screenshot(tools, ref="f1_e4")
    assert image.size == (80, 30)
    assert colours(image) == {(0, 128, 0)}
    assert text == 'Screenshot of button "Green box" [ref=f1_e4]: 80x30 CSS px (PNG).'

    # The iframe element itself: 300x150 content + 2 x 4 padding + 2 x 5 border.
    text, _, image = await screenshot(tools, ref="e2")
    assert image.size == (318, 168)
    assert image.getpixel((0, 0)) == (136, 136, 136)  # its #888 border
    assert image.getpixel((9 + 23, 9 + 11)) == (0, 128, 0)  # the green box at its offset in the frame
    assert text == 'Screenshot of iframe "Frame" [ref=e2]: 318x168 CSS px (PNG).'


async def test_screenshot_errors(tools: Tools, fixture_url: URL) -> None:
    await tools.ok("browser_navigate", url=fixture_url("actions/screenshot.html"))
    await tools.ok("browser_snapshot")
    await tools.ok("browser_click", ref="e1")  # "Vanish" hides itself (a hidden element has no accessible name)
    assert await tools.error("browser_take_screenshot", ref="e1") == (
        "Error executing tool browser_take_screenshot: cannot take a screenshot of e1 (button): it is hidden "
        "or has no size; open the menu, tab or section that shows it, or call browser_snapshot to see what is visible."
    )
    assert await tools.error("browser_take_screenshot", ref="e99") == (
        "Error executing tool browser_take_screenshot: ref e99 was never given out in this session; call "
        "browser_snapshot and use a ref it prints"
    )
    await tools.ok("browser_navigate", url=fixture_url("describe.html"))
    assert await tools.error("browser_take_screenshot", ref="e3") == (
        "Error executing tool browser_take_screenshot: ref e3 is stale: it belonged to "
        f"{fixture_url('actions/screenshot.html')}, a document the page has left (now at "
        f"{fixture_url('describe.html')}); call browser_snapshot for fresh refs"
    )
