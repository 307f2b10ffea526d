"""What every page verdex opens is made to look like: viewport, device, user agent, certificates.

:class:`Emulation` holds ``--viewport-size``, ``--device``, ``--user-agent`` and
``--ignore-https-errors``; :func:`apply_emulation` applies it to one page's CDP session, once,
when the page is attached (a new page, or a tab a page opened). The overrides last for the
target's life, across its navigations. Without any of the options a page gets exactly what it
got before these options existed: a 1280x720 viewport at device scale factor 1, not mobile.

A device is one of Playwright's device descriptors (:mod:`verdex.browser.devices`, generated from
Playwright's ``deviceDescriptorsSource.json``), applied the way Playwright applies a context's
``viewport``, ``deviceScaleFactor``, ``isMobile``, ``hasTouch`` and ``userAgent`` in Chromium:
``Emulation.setDeviceMetricsOverride``, ``Emulation.setTouchEmulationEnabled``,
``Emulation.setUserAgentOverride`` (https://chromedevtools.github.io/devtools-protocol/tot/Emulation/).
``--viewport-size`` and ``--user-agent`` override the device's own.

Certificate errors are ignored per page (``Security.setIgnoreCertificateErrors`` on the page's
session: it covers the page's frames and subresources) so that a browser shared through
``--cdp-endpoint`` ignores them for verdex's pages only; a browser verdex launches also gets
``--ignore-certificate-errors`` (:mod:`verdex.browser.launcher`), which covers the first request
of a tab a page opens, before verdex has attached to it.

Limits: a tab a page opens is set up when verdex attaches to it, so its first document may have
loaded with the default user agent and viewport; out-of-process iframes get the page's viewport
and device metrics but keep Chromium's user agent (their targets are separate sessions).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from verdex.cdp import protocol as cdp
from verdex.cdp.connection import CDPSession
from verdex.errors import UsageError

__all__ = ["DEFAULT_VIEWPORT", "Emulation", "apply_emulation", "device_named", "parse_viewport_size"]

#: Viewport of pages without ``--viewport-size`` or ``--device``, CSS pixels (Playwright's default).
DEFAULT_VIEWPORT = (1280, 720)


@dataclass(frozen=True)
class Emulation:
    """The page settings of ``--viewport-size``, ``--device``, ``--user-agent``, ``--ignore-https-errors``.

    Attributes:
        viewport: ``(width, height)`` in CSS pixels, or None for the device's (else 1280x720).
        device: a name of :data:`verdex.browser.devices.DEVICES` (checked by :func:`device_named`), or None.
        user_agent: the ``User-Agent`` header and ``navigator.userAgent``, or None for the device's
            (else the browser's own).
        ignore_https_errors: load https pages whose certificate the browser does not trust.
    """

    viewport: tuple[int, int] | None = None
    device: str | None = None
    user_agent: str | None = None
    ignore_https_errors: bool = False


def parse_viewport_size(text: str, source: str = "--viewport-size") -> tuple[int, int]:
    """``"1280x720"`` (or Playwright MCP's ``"1280,720"``) -> ``(1280, 720)``, CSS pixels.

    Raises:
        UsageError: not two positive whole numbers; the message names ``source``.
    """
    width, sep, height = text.strip().lower().replace(",", "x").partition("x")
    if sep and width.strip().isdigit() and height.strip().isdigit() and int(width) > 0 and int(height) > 0:
        return int(width), int(height)
    raise UsageError(f"{source} takes WIDTHxHEIGHT in CSS pixels, such as 1280x720 (got {text!r})")


def device_named(name: str, source: str = "--device") -> str:
    """Check that ``name`` is one of Playwright's device names (exactly, as Playwright's ``devices[name]``).

    Returns:
        The name.

    Raises:
        UsageError: not a device name; the message suggests the closest names.
    """
    from verdex.browser.devices import DEVICES, PLAYWRIGHT_VERSION

    if name in DEVICES:
        return name
    folded = {key.casefold(): key for key in DEVICES}
    close = [folded[key] for key in difflib.get_close_matches(name.casefold(), folded, n=3, cutoff=0.6)]
    hint = f"; did you mean {', '.join(repr(key) for key in close)}?" if close else ""
    raise UsageError(
        f"{source} {name!r} is not one of Playwright's {len(DEVICES)} device names (Playwright "
        f"{PLAYWRIGHT_VERSION}'s deviceDescriptorsSource.json; run `verdex devices` for the list){hint}"
    )


def _metrics(emulation: Emulation) -> cdp.EmulationSetDeviceMetricsOverrideParams:
    """``Emulation.setDeviceMetricsOverride``'s parameters for ``emulation``."""
    if emulation.device is None:
        width, height = emulation.viewport or DEFAULT_VIEWPORT
        return {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}
    from verdex.browser.devices import DEVICES

    device = DEVICES[emulation.device]
    width, height = emulation.viewport or (device.width, device.height)
    landscape = device.screen_width > device.screen_height
    return {
        "width": width,
        "height": height,
        "deviceScaleFactor": device.device_scale_factor,
        "mobile": device.mobile,
        "screenWidth": device.screen_width,
        "screenHeight": device.screen_height,
        "screenOrientation": (
            {"type": "landscapePrimary", "angle": 90} if landscape else {"type": "portraitPrimary", "angle": 0}
        ),
    }


async def apply_emulation(session: CDPSession, emulation: Emulation, *, timeout: float) -> None:
    """Apply ``emulation`` to a page target's session (see the module docstring).

    Sends ``Emulation.setDeviceMetricsOverride`` always, then only what the options ask for:
    ``Emulation.setUserAgentOverride``, ``Emulation.setTouchEmulationEnabled`` (a device with
    touch: ``navigator.maxTouchPoints`` becomes 1), ``Security.setIgnoreCertificateErrors``.

    Args:
        session: the page target's flat session.
        timeout: seconds for each command.

    Raises:
        CDPError: a command failed or timed out.
    """
    await session.send(cdp.Emulation.setDeviceMetricsOverride(_metrics(emulation)), timeout=timeout)
    user_agent = emulation.user_agent
    touch = False
    if emulation.device is not None:
        from verdex.browser.devices import DEVICES

        device = DEVICES[emulation.device]
        user_agent = user_agent or device.user_agent
        touch = device.touch
    if user_agent:
        await session.send(cdp.Emulation.setUserAgentOverride({"userAgent": user_agent}), timeout=timeout)
    if touch:
        await session.send(cdp.Emulation.setTouchEmulationEnabled({"enabled": True}), timeout=timeout)
    if emulation.ignore_https_errors:
        await session.send(cdp.Security.setIgnoreCertificateErrors({"ignore": True}), timeout=timeout)
