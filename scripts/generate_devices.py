"""Write ``verdex/browser/devices.py``: Playwright's device descriptors, only the fields verdex emulates.

Run with the dev dependencies installed (``make install``)::

    .venv/bin/python scripts/generate_devices.py

The source is Python Playwright's ``playwright.devices``: its driver's copy of Playwright's
``deviceDescriptorsSource.json`` (packages/playwright-core/src/server/deviceDescriptorsSource.json,
Apache-2.0, Copyright Microsoft Corporation), bundled into the driver since Playwright 1.5x. Only
the driver is started (no browser). verdex does not depend on Playwright at run time, so the
table is generated into a module rather than read from an installed Playwright.
"""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parents[1] / "verdex" / "browser" / "devices.py"

HEADER = '''"""Playwright's device descriptors: the fields verdex emulates (generated; do not edit by hand).

Source: Playwright {version}'s ``deviceDescriptorsSource.json`` (packages/playwright-core/src/server/
deviceDescriptorsSource.json in microsoft/playwright, Apache-2.0, Copyright Microsoft Corporation),
as Python Playwright's driver hands it out (``playwright.devices``). Regenerate with
``python scripts/generate_devices.py``; the names are Playwright's, so ``--device 'iPhone 15'``
means what it means to Playwright (``devices['iPhone 15']``). Left out: ``defaultBrowserType``
(verdex always drives Chromium).
"""

# ruff: noqa: E501

from __future__ import annotations

from typing import NamedTuple

__all__ = ["DEVICES", "PLAYWRIGHT_VERSION", "Device"]

#: The Playwright release the table was taken from.
PLAYWRIGHT_VERSION = "{version}"


class Device(NamedTuple):
    """One device descriptor.

    Attributes:
        user_agent: ``navigator.userAgent`` and the ``User-Agent`` header.
        width, height: the viewport, CSS pixels.
        screen_width, screen_height: ``screen.width``/``screen.height``, CSS pixels.
        device_scale_factor: device pixels per CSS pixel (``devicePixelRatio``).
        mobile: mobile emulation (meta viewport, overlay scrollbars, text autosizing).
        touch: touch events are supported (``navigator.maxTouchPoints`` > 0).
    """

    user_agent: str
    width: int
    height: int
    screen_width: int
    screen_height: int
    device_scale_factor: float
    mobile: bool
    touch: bool


_UA = (
{agents})

#: Every descriptor by Playwright's device name, in Playwright's order.
DEVICES: dict[str, Device] = {{
{rows}}}
'''


def main() -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        devices: dict[str, Any] = dict(playwright.devices)
    agents: list[str] = []
    rows = []
    for name, device in devices.items():
        agent = device["user_agent"]
        if agent not in agents:
            agents.append(agent)
        viewport, screen = device["viewport"], device.get("screen") or device["viewport"]
        fields = [
            f"_UA[{agents.index(agent)}]",
            viewport["width"],
            viewport["height"],
            screen["width"],
            screen["height"],
            device["device_scale_factor"],
            bool(device["is_mobile"]),
            bool(device["has_touch"]),
        ]
        rows.append(f"    {name!r}: Device({', '.join(str(field) for field in fields)}),\n")
    text = HEADER.format(
        version=version("playwright"),
        agents="".join(f"    {agent!r},\n" for agent in agents),
        rows="".join(rows),
    )
    OUT.write_text(text)
    subprocess.run([sys.executable, "-m", "ruff", "format", "--quiet", str(OUT)], check=True)
    print(f"{OUT}: {len(devices)} devices, {len(agents)} user agents, Playwright {version('playwright')}")


if __name__ == "__main__":
    main()
