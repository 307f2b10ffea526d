"""Find and launch Chromium with a CDP pipe.

Search order for the executable (:func:`find_browser`): the explicit ``--browser PATH`` (or the
config file's ``executablePath``), the ``VERDEX_BROWSER`` environment variable, the names
``chromium``, ``chromium-browser``, ``google-chrome``, ``google-chrome-stable``, ``chrome`` on
``PATH``, the usual install locations on Linux and macOS, then Playwright's browser cache
(``$PLAYWRIGHT_BROWSERS_PATH``, else ``~/.cache/ms-playwright`` on Linux and
``~/Library/Caches/ms-playwright`` on macOS): its full Chromium builds (``chromium-<revision>``),
newest revision first. Playwright's ``chromium_headless_shell-*`` builds are not used: the
headless shell is Chromium's old headless mode, a different browser without ``--headed``.

:func:`launch_chromium` starts it with ``--remote-debugging-pipe``: the browser's fd 3 and fd 4
are two pipes whose other ends only this process holds, so the browser exits when we do, even
when we are killed with SIGKILL (it reads EOF on fd 3). The profile is a fresh temporary
``--user-data-dir``, removed on exit, unless ``--user-data-dir`` names one to keep (a persistent
profile; see :mod:`verdex.browser.profile`). ``XDG_CONFIG_HOME`` and ``XDG_CACHE_HOME`` point into
the temporary folder either way, so crash reports and caches stay out of the user's home. A
temporary profile's preferences turn page preloading off (:data:`PROFILE_PREFERENCES`); a persistent
one gets that preference too while an origin policy is set.

Flags beyond :data:`BASE_FLAGS` (:func:`chromium_args`): ``--no-sandbox`` unless the sandbox is
on (:func:`sandbox_on`: on, unless verdex runs as root, where Chromium refuses to start with it,
or ``--no-sandbox`` asks), the proxy (``--proxy-server``, ``--proxy-bypass-list``),
``--ignore-certificate-errors``, headless, then ``--browser-arg`` flags last (Chromium takes the
last of a repeated switch).
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar, cast

import trio

from verdex.browser.emulation import DEFAULT_VIEWPORT, Emulation
from verdex.browser.origins import NavigationPolicy
from verdex.cdp import protocol as cdp
from verdex.cdp.transport import PipeTransport, Transport
from verdex.errors import BrowserClosedError, BrowserLaunchError

__all__ = [
    "BASE_FLAGS",
    "DOWNLOADS_PREFIX",
    "FIRST_WINDOW",
    "PROFILE_PREFERENCES",
    "BrowserOptions",
    "HeadStart",
    "LaunchedBrowser",
    "SpareTab",
    "chromium_args",
    "find_browser",
    "launch_chromium",
    "playwright_browsers",
    "prepare_profile",
    "remove_orphan_folders",
    "sandbox_on",
]

logger = logging.getLogger(__name__)

R = TypeVar("R")

_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
_LOCATIONS = (
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
    "/usr/bin/google-chrome-stable",
    "/opt/google/chrome/chrome",
    "/snap/bin/chromium",
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
)

#: The size of a browser context's first window, CSS pixels: the default viewport (``--window-size`` too).
FIRST_WINDOW = DEFAULT_VIEWPORT

#: Flags for every launch: quiet on a closed network, no first-run UI, no background work.
#: (``--no-sandbox`` is not one of them: see :func:`sandbox_on`.)
BASE_FLAGS: tuple[str, ...] = (
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-extensions",
    "--disable-breakpad",
    "--disable-crash-reporter",
    "--disable-client-side-phishing-detection",
    # WebUIOmniboxPopup, WebUIOmniboxAimPopup: each window of Chromium 156 preloads its address bar's popups as
    # WebUI pages (chrome://omnibox-popup.top-chrome) in a renderer of their own, started beside the first page.
    "--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider,WebUIOmniboxPopup,"
    "WebUIOmniboxAimPopup",
    "--disable-background-timer-throttling",
    "--disable-backgrounding-occluded-windows",
    "--disable-renderer-backgrounding",
    "--disable-hang-monitor",
    "--disable-popup-blocking",
    "--disable-prompt-on-repost",
    "--metrics-recording-only",
    "--password-store=basic",
    "--use-mock-keychain",
    "--mute-audio",
    "--no-startup-window",
    f"--window-size={FIRST_WINDOW[0]},{FIRST_WINDOW[1]}",
)


_EXEC_WITH_PIPE = (
    "import os, sys\n"
    "r, w = int(sys.argv[1]), int(sys.argv[2])\n"
    "os.dup2(r, 3)\n"
    "os.dup2(w, 4)\n"
    "os.close(r)\n"
    "os.close(w)\n"
    "os.execv(sys.argv[3], sys.argv[3:])\n"
)


@dataclass(frozen=True)
class BrowserOptions:
    """How to get a browser.

    Attributes:
        executable: path of Chrome/Chromium (``--browser``); found by :func:`find_browser` if None.
        executable_source: where ``executable`` came from, for error messages (``--browser``, or the
            config file's key).
        headless: run without a window (``--headed`` sets False).
        cdp_endpoint: ``ws://...`` of a running browser to attach to instead of launching one.
        cdp_headers: HTTP headers of the ``cdp_endpoint`` websocket handshake (``--cdp-header``),
            as ``(name, value)`` pairs: a cloud browser's token.
        extra_args: more command-line flags for a launched browser (``--browser-arg``), after verdex's own.
        launch_timeout: seconds to wait for the browser's first CDP answer.
        policy: what documents pages may load (``--allowed-origins``, ``--blocked-origins``,
            ``--allow-file-urls``; see :mod:`verdex.browser.origins`).
        user_data_dir: a profile folder to keep between runs (``--user-data-dir``), or None for a
            fresh temporary one.
        sandbox: Chromium's sandbox on or off (``--sandbox``/``--no-sandbox``); None: :func:`sandbox_on`.
        proxy_server: ``--proxy-server`` for a launched browser (``http://host:3128``,
            ``socks5://host:1080``), or None for a direct connection.
        proxy_bypass: hosts that do not go through the proxy, comma- or semicolon-separated
            (Chromium's ``--proxy-bypass-list`` rules: ``.example.com``, ``*.test``, ``10.0.0.0/8``,
            ``<-loopback>``), or None.
        emulation: what every page is made to look like (viewport, device, user agent, certificate
            errors; :mod:`verdex.browser.emulation`).
    """

    executable: str | None = None
    executable_source: str = "--browser"
    headless: bool = True
    cdp_endpoint: str | None = None
    cdp_headers: tuple[tuple[str, str], ...] = ()
    extra_args: tuple[str, ...] = field(default_factory=tuple)
    launch_timeout: float = 30.0
    policy: NavigationPolicy = field(default_factory=NavigationPolicy)
    user_data_dir: Path | None = None
    sandbox: bool | None = None
    proxy_server: str | None = None
    proxy_bypass: str | None = None
    emulation: Emulation = field(default_factory=Emulation)


@dataclass(frozen=True)
class SpareTab:
    """A browser context and its blank first tab, made by a :class:`HeadStart` while the server was importing.

    Attributes:
        context_id: the incognito browser context (``Target.createBrowserContext``, disposed on detach).
        target_id: its page target, at ``about:blank`` in a window of :data:`FIRST_WINDOW` (``Target.createTarget``).
    """

    context_id: str
    target_id: str


@dataclass
class LaunchedBrowser:
    """A running browser process and our ends of its pipes.

    Attributes:
        user_data_dir: the profile folder (temporary, or the one ``--user-data-dir`` named).
        persistent: the profile is the user's (``--user-data-dir``): kept on exit, and the browser's
            default context is the profile's own (see :mod:`verdex.browser.profile`).
        stderr_path: the browser's stderr, in verdex's temporary folder.
        run_dir: verdex's temporary folder of this launch (deleted on exit).
        spare_tab: the first browser context and tab, made ahead (:class:`HeadStart`), until the first
            new context takes it (:meth:`verdex.browser.browser.Browser.new_context`).
    """

    executable: str
    process: trio.Process
    transport: PipeTransport
    user_data_dir: Path
    stderr_path: Path
    run_dir: Path
    persistent: bool = False
    spare_tab: SpareTab | None = None

    def stderr_tail(self, lines: int = 12) -> str:
        """The last lines the browser wrote to stderr (for launch-failure messages), and what to do
        when they say the sandbox could not start."""
        try:
            text = self.stderr_path.read_text(errors="replace")
        except OSError:
            return ""
        tail = "\n".join(text.strip().splitlines()[-lines:])
        if _SANDBOX_FAILURE.search(text):
            tail += (
                "\nverdex: Chromium's sandbox could not start here (running as root, or in a container or "
                "system without unprivileged user namespaces); start verdex with --no-sandbox (or "
                "VERDEX_SANDBOX=false) if you trust the pages you open"
            )
        return tail


#: What Chromium writes to stderr when its sandbox cannot start.
_SANDBOX_FAILURE = re.compile(r"without --no-sandbox is not supported|No usable sandbox|zygote_host_impl_linux")


def find_browser(explicit: str | None = None, source: str = "--browser") -> str:
    """Return the path of the Chrome/Chromium executable to use (the order is in the module docstring).

    Args:
        explicit: a path or a name on ``PATH`` given by the user; it must exist.
        source: where ``explicit`` came from, for the error (``--browser``, a config file's key).

    Raises:
        BrowserLaunchError: nothing usable found; the message lists what was tried.
    """
    if explicit:
        return _checked(explicit, source)
    from_env = os.environ.get("VERDEX_BROWSER")
    if from_env:
        return _checked(from_env, "VERDEX_BROWSER")
    for name in _NAMES:
        found = shutil.which(name)
        if found:
            return found
    for location in _LOCATIONS:
        if os.access(location, os.X_OK):
            return location
    cache = _playwright_cache()
    for path in playwright_browsers(cache):
        return str(path)
    shells = sorted(cache.glob("chromium_headless_shell-*")) if cache is not None else []
    shell_note = (
        f" ({shells[-1]} is Playwright's headless shell, which verdex does not use: run `playwright install "
        "chromium` for the full Chromium)"
        if shells
        else ""
    )
    raise BrowserLaunchError(
        "no Chrome or Chromium found (looked for --browser, VERDEX_BROWSER, "
        f"{', '.join(_NAMES)} on PATH, {', '.join(_LOCATIONS)}, and Playwright's browsers in "
        f"{cache or '$PLAYWRIGHT_BROWSERS_PATH'}{shell_note}). Install one "
        "(Debian/Ubuntu: apt-get install chromium; with Playwright: playwright install chromium) "
        "or pass --browser /path/to/chrome."
    )


#: Where a Playwright ``chromium-<revision>`` folder keeps the executable, by platform and age
#: (Chrome for Testing builds since Playwright 1.49; Chromium builds before).
_PLAYWRIGHT_EXECUTABLES = (
    "chrome-linux64/chrome",
    "chrome-linux-arm64/chrome",
    "chrome-linux/chrome",
    "chrome-mac-arm64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing",
    "chrome-mac-x64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing",
    "chrome-mac/Chromium.app/Contents/MacOS/Chromium",
)


def _playwright_cache() -> Path | None:
    """Playwright's browser folder: ``$PLAYWRIGHT_BROWSERS_PATH``, else the platform's cache folder.

    ``PLAYWRIGHT_BROWSERS_PATH=0`` (browsers inside the Playwright package) is not searched: verdex
    does not know where that package is.
    """
    from_env = os.environ.get("PLAYWRIGHT_BROWSERS_PATH")
    if from_env == "0":
        return None
    if from_env:
        return Path(from_env).expanduser()
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "ms-playwright"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "ms-playwright"


def playwright_browsers(cache: Path | None = None) -> Iterator[Path]:
    """The Chromium executables in Playwright's browser folder, newest revision first.

    Args:
        cache: the folder; default :func:`_playwright_cache` (``$PLAYWRIGHT_BROWSERS_PATH`` ...).
    """
    cache = cache if cache is not None else _playwright_cache()
    if cache is None or not cache.is_dir():
        return
    revisions = []
    for folder in cache.glob("chromium-*"):
        revision = folder.name.removeprefix("chromium-")
        if revision.isdigit():
            revisions.append((int(revision), folder))
    for _, folder in sorted(revisions, reverse=True):
        for relative in _PLAYWRIGHT_EXECUTABLES:
            path = folder / relative
            if os.access(path, os.X_OK) and path.is_file():
                yield path
                break


def sandbox_on(sandbox: bool | None) -> bool:
    """Whether Chromium runs with its sandbox: as asked, else on unless verdex runs as root.

    Chromium refuses to start as root with its sandbox ("Running as root without --no-sandbox is
    not supported"), so root gets ``--no-sandbox``, as before this option existed. Elsewhere the
    sandbox needs unprivileged user namespaces (or Chrome's setuid helper): some containers and
    systems lack them, and the launch error then says to pass ``--no-sandbox``.
    """
    if sandbox is not None:
        return sandbox
    return os.geteuid() != 0


def _checked(path: str, source: str) -> str:
    resolved = shutil.which(path) or path
    if not os.access(resolved, os.X_OK) or os.path.isdir(resolved):
        raise BrowserLaunchError(f"{source} names {path!r}, which is not an executable file")
    return resolved


_PROFILE_PREFIX = "verdex-profile-"
#: Prefix of a browser's downloads folder (:mod:`verdex.browser.downloads`), before the owner's pid.
DOWNLOADS_PREFIX = "verdex-downloads-"


def remove_orphan_folders() -> None:
    """Delete the temporary folders (profiles, downloads) of verdex processes that were killed.

    Each folder is named ``<prefix><pid>-<random>`` in the temporary directory, the pid of the
    verdex process that made it; a folder whose process is gone is removed (a live process's never).
    """
    for prefix in (_PROFILE_PREFIX, DOWNLOADS_PREFIX):
        for path in Path(tempfile.gettempdir()).glob(f"{prefix}*-*"):
            pid_text = path.name.removeprefix(prefix).split("-", 1)[0]
            if not pid_text.isdigit() or _pid_alive(int(pid_text)):
                continue
            logger.info("removing a temporary folder of a verdex process that is gone: %s", path)
            shutil.rmtree(path, ignore_errors=True)


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _above(fd: int, lowest: int) -> int:
    moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, lowest)
    os.close(fd)
    return moved


#: Preferences of every profile verdex launches a browser with: "Preload pages" off
#: (``net.network_prediction_options`` 2, NETWORK_PREDICTION_NEVER), so speculation rules (prefetch,
#: prerender) load nothing: the browser makes those requests outside the DevTools interception that
#: enforces the origin policy (:mod:`verdex.browser.guard`), and Chromium 156 has no flag or CDP
#: command that turns them off (``--disable-features=Prerender2,...`` and ``Page.setPrerenderingAllowed``
#: leave them on).
PROFILE_PREFERENCES: dict[str, object] = {"net": {"network_prediction_options": 2}}


def prepare_profile(user_data_dir: Path) -> None:
    """Merge :data:`PROFILE_PREFERENCES` into a profile's ``Default/Preferences``, before the browser starts
    (the other preferences of a persistent profile are kept; an unreadable file is replaced)."""
    default = user_data_dir / "Default"
    default.mkdir(parents=True, exist_ok=True)
    path = default / "Preferences"
    try:
        current = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    except (OSError, ValueError):
        current = {}
    if not isinstance(current, dict):
        current = {}
    for section, values in PROFILE_PREFERENCES.items():
        existing = current.get(section)
        merged: dict[str, object] = dict(existing) if isinstance(existing, dict) else {}
        merged.update(values if isinstance(values, dict) else {})
        current[section] = merged
    path.write_text(json.dumps(current), encoding="utf-8")


def chromium_args(options: BrowserOptions, user_data_dir: Path) -> list[str]:
    """The flags verdex launches Chromium with, in order: pipe, profile, ``--no-sandbox`` (see
    :func:`sandbox_on`), BASE_FLAGS, proxy, ``--ignore-certificate-errors``, headless, then
    ``extra_args`` (``--browser-arg``, last so they win over verdex's own)."""
    args = ["--remote-debugging-pipe", f"--user-data-dir={user_data_dir}"]
    if not sandbox_on(options.sandbox):
        args.append("--no-sandbox")
    args += BASE_FLAGS
    if options.proxy_server:
        args.append(f"--proxy-server={options.proxy_server}")
        if options.proxy_bypass:
            rules = [rule.strip() for rule in re.split(r"[,;]", options.proxy_bypass) if rule.strip()]
            args.append(f"--proxy-bypass-list={';'.join(rules)}")
    if options.emulation.ignore_https_errors:
        args.append("--ignore-certificate-errors")
    if options.headless:
        args += ["--headless", "--hide-scrollbars"]
    args += list(options.extra_args)
    return args


def _check_profile_free(profile: Path) -> None:
    """Fail early when another Chromium holds ``profile`` (its ``SingletonLock``, a symlink to
    ``host-pid``): a second browser on a profile hands its work to the first and exits.

    Raises:
        BrowserLaunchError: the profile is in use by a live process on this host.
    """
    try:
        target = os.readlink(profile / "SingletonLock")
    except OSError:
        return
    host, _, pid_text = target.rpartition("-")
    if host == socket.gethostname() and pid_text.isdigit() and _pid_alive(int(pid_text)):
        raise BrowserLaunchError(
            f"--user-data-dir {profile} is in use by another browser (pid {pid_text}); a profile can be open in "
            "one browser at a time: stop the other verdex serve (or browser), or give another --user-data-dir"
        )


@asynccontextmanager
async def launch_chromium(options: BrowserOptions) -> AsyncIterator[LaunchedBrowser]:
    """Start Chromium with a CDP pipe; on exit close the pipe, reap the process, delete the profile.

    Yields as soon as the process runs; the first CDP command tells whether it came up. A browser
    started ahead for these very ``options`` (:class:`HeadStart`) is taken instead of a new one.
    On exit the browser gets 5 s to quit after its pipe closes, then it is killed.

    Raises:
        BrowserLaunchError: no executable, or the process could not be started.
    """
    head = HeadStart.claim(options)
    launched = await head.take() if head is not None else await _start(options)
    try:
        yield launched
    finally:
        await _stop(launched)


class HeadStart:
    """A browser launched while the server is still starting, for the first call that needs one.

    ``verdex serve`` over stdio answers the MCP handshake before its tool modules are imported
    (:mod:`verdex.server.startup`); when the client's first tool call is already waiting and will
    need a browser, the launch overlaps the rest of the start. Once the browser runs, its first
    incognito context and blank tab are made too (:class:`SpareTab`): starting a tab's renderer is
    most of a first ``browser_navigate`` after the import (``Target.createTarget`` and the first
    ``Page.enable`` waited ~100 ms for it on a 2-core machine), and the browser does that work while
    this process imports. The next :func:`launch_chromium` with the same ``options`` object takes
    this browser; one nobody took is stopped by :meth:`discard`. At most one head start is pending
    at a time.
    """

    _pending: HeadStart | None = None

    def __init__(self, options: BrowserOptions) -> None:
        self.options = options
        self._done = trio.Event()
        self._launched: LaunchedBrowser | None = None
        self._error: BrowserLaunchError | None = None
        self._taken = False

    @classmethod
    def begin(cls, options: BrowserOptions, nursery: trio.Nursery) -> HeadStart:
        """Start launching a browser for ``options`` in ``nursery`` and leave it for the next launch.

        Raises:
            RuntimeError: a head start is already pending.
        """
        if cls._pending is not None:
            raise RuntimeError("a head start is already pending")
        head = cls(options)
        cls._pending = head
        nursery.start_soon(head._run)
        return head

    @classmethod
    def claim(cls, options: BrowserOptions) -> HeadStart | None:
        """The pending head start if it was made for ``options`` (the same object), now taken."""
        head = cls._pending
        if head is None or head.options is not options:
            return None
        cls._pending = None
        head._taken = True
        return head

    async def _run(self) -> None:
        try:
            launched = await _start(self.options)
            self._launched = launched
            if not launched.persistent:  # a kept profile's first role uses its default context instead
                launched.spare_tab = await _open_spare_tab(launched.transport, self.options.launch_timeout)
        except BrowserLaunchError as exc:
            self._error = exc
        finally:
            self._done.set()

    async def take(self) -> LaunchedBrowser:
        """The launched browser, once its process runs (the caller now owns it).

        Raises:
            BrowserLaunchError: the launch failed (the same error a launch now would give).
        """
        await self._done.wait()
        if self._error is not None:
            raise self._error
        assert self._launched is not None
        return self._launched

    async def discard(self) -> None:
        """Stop the browser if nobody took it (and forget it); a taken one belongs to its taker."""
        if HeadStart._pending is self:
            HeadStart._pending = None
        if self._taken:
            return
        self._taken = True
        with trio.CancelScope(shield=True):
            await self._done.wait()
            if self._launched is not None:
                logger.info("closing the browser launched ahead: no call took it")
                await _stop(self._launched)


async def _start(options: BrowserOptions) -> LaunchedBrowser:
    """Spawn Chromium with its CDP pipes and a profile (see the module docstring).

    Raises:
        BrowserLaunchError: no executable, the profile is in use, or the process could not be started.
    """
    executable = find_browser(options.executable, options.executable_source)
    remove_orphan_folders()
    if options.user_data_dir is not None:
        _check_profile_free(options.user_data_dir)
        try:
            options.user_data_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise BrowserLaunchError(f"--user-data-dir {options.user_data_dir}: {exc.strerror or exc}") from exc
    run_dir = Path(tempfile.mkdtemp(prefix=f"{_PROFILE_PREFIX}{os.getpid()}-"))
    user_data_dir = options.user_data_dir or run_dir
    if options.user_data_dir is None or options.policy.filters_origins:
        prepare_profile(user_data_dir)
    stderr_path = run_dir / "browser-stderr.log"
    (browser_reads, we_write), (we_read, browser_writes) = PipeTransport.make_pipes()
    # Move the browser's ends to fds >= 10 so the redirections below never clobber one another.
    browser_reads, browser_writes = _above(browser_reads, 10), _above(browser_writes, 10)
    argv = [executable, *chromium_args(options, user_data_dir)]
    # Map the browser's pipe ends to fds 3 and 4 in a tiny exec wrapper: no preexec_fn (unsafe
    # with threads), no shell (POSIX sh takes single-digit fds only), nothing else inherited.
    wrapper = [sys.executable, "-I", "-S", "-c", _EXEC_WITH_PIPE, str(browser_reads), str(browser_writes)]
    env = dict(os.environ)
    env["XDG_CONFIG_HOME"] = str(run_dir / "xdg-config")
    env["XDG_CACHE_HOME"] = str(run_dir / "xdg-cache")
    logger.info("launching %s", shlex.join(argv))
    stderr_file = stderr_path.open("wb")
    try:
        process = await trio.lowlevel.open_process(
            [*wrapper, *argv],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=stderr_file,
            pass_fds=(browser_reads, browser_writes),
            env=env,
            start_new_session=True,
        )
    except OSError as exc:
        for fd in (browser_reads, we_write, we_read, browser_writes):
            os.close(fd)
        shutil.rmtree(run_dir, ignore_errors=True)
        raise BrowserLaunchError(f"could not start {executable}: {exc}") from exc
    finally:
        stderr_file.close()
    os.close(browser_reads)
    os.close(browser_writes)
    return LaunchedBrowser(
        executable,
        process,
        PipeTransport(we_read, we_write),
        user_data_dir,
        stderr_path,
        run_dir,
        persistent=options.user_data_dir is not None,
    )


#: Command ids of :func:`_open_spare_tab`, far above any a CDP connection of this process gives out
#: (``CDPConnection`` counts from 1): a late answer to one is dropped by the connection, not taken for its own.
_SPARE_TAB_IDS = (2_000_000_001, 2_000_000_002)


async def _open_spare_tab(transport: Transport, timeout: float) -> SpareTab | None:
    """Make a browser context and its blank first tab over the browser's pipe, before a CDP connection reads it.

    ``Target.createBrowserContext`` (``disposeOnDetach``, as :meth:`~verdex.browser.browser.Browser.new_context`
    asks) and ``Target.createTarget`` (``about:blank``, a window of :data:`FIRST_WINDOW`, as
    :meth:`~verdex.browser.context.BrowserContext.new_page` asks for a context's first page). Nothing is
    subscribed yet, so the browser sends no events; any other message read meanwhile is dropped.

    Returns:
        The context and tab; None when the browser refused, closed its pipe or did not answer within
        ``timeout`` seconds (logged; the first context and tab are then made as usual, and a browser that
        is gone is reported by the connection's first command).
    """

    async def ask(command_id: int, request: cdp.Request[R]) -> R:
        await transport.send(json.dumps({"id": command_id, "method": request.method, "params": request.params}))
        while True:
            answer = json.loads(await transport.receive())
            if isinstance(answer, dict) and answer.get("id") == command_id:
                break
        result = answer.get("result")
        if "error" in answer or not isinstance(result, dict):
            raise ValueError(f"{request.method} failed: {answer.get('error')}")
        return cast("R", result)

    with trio.move_on_after(timeout):
        try:
            context = await ask(_SPARE_TAB_IDS[0], cdp.Target.createBrowserContext({"disposeOnDetach": True}))
            context_id = str(context["browserContextId"])
            width, height = FIRST_WINDOW
            target = await ask(
                _SPARE_TAB_IDS[1],
                cdp.Target.createTarget(
                    {"url": "about:blank", "browserContextId": context_id, "width": width, "height": height}
                ),
            )
            return SpareTab(context_id, str(target["targetId"]))
        except (BrowserClosedError, ValueError, KeyError) as exc:
            logger.info("no tab made ahead: %s", exc)
            return None
    logger.info("no tab made ahead: the browser did not answer within %g s", timeout)
    return None


async def _stop(launched: LaunchedBrowser) -> None:
    """Close the pipe, give the browser 5 s to quit, then kill it; delete the temporary folder."""
    process = launched.process
    run_dir = launched.run_dir
    with trio.CancelScope(shield=True):
        await launched.transport.aclose()
        with trio.move_on_after(5):
            await process.wait()
        if process.returncode is None:
            logger.warning("browser did not exit 5 s after its pipe closed; killing it")
            process.kill()
            await process.wait()
        shutil.rmtree(run_dir, ignore_errors=True)
