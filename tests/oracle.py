"""Real Playwright (Python, sync API) as the independent judge of locators.

Playwright launches the same Chromium (``executable_path``) with its own automation; verdex's
locators, built as :class:`verdex.locator.compose.Step` chains, are applied with Playwright's own methods,
so "matches exactly one element, the intended one" is Playwright's answer, not ours.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import Browser, Locator, Page, sync_playwright

from verdex.browser.launcher import BASE_FLAGS, find_browser
from verdex.locator.compose import Step
from verdex.locator.render import python_method

_SKIP = {"--no-startup-window", "--window-size=1280,720"}


@contextmanager
def playwright_browser() -> Iterator[Browser]:
    """Playwright's Chromium on the machine's browser binary (Playwright cannot download its own here)."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=find_browser(), args=[flag for flag in BASE_FLAGS if flag not in _SKIP]
        )
        try:
            yield browser
        finally:
            browser.close()


def locate(page: Page, steps: list[Step]) -> Locator:
    """Apply verdex's steps with Playwright's Python API (``getByRole`` -> ``get_by_role``,
    ``frameLocator`` -> ``frame_locator``, ``contentFrame()`` -> ``content_frame`` ...)."""
    target: Any = page
    for step in steps:
        if step.method == "contentFrame":  # a property in the Python API
            target = target.content_frame
            continue
        method = getattr(target, python_method(step.method))
        options = {_snake(key): _value(page, value) for key, value in step.options}
        argument = _value(page, step.argument)
        target = method(argument, **options) if argument is not None else method(**options)
    assert isinstance(target, Locator)
    return target


def _value(page: Page, value: object) -> object:
    if isinstance(value, tuple):
        return locate(page, list(value))
    return value


def _snake(name: str) -> str:
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in name)
