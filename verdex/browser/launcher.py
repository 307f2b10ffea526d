"""Find and launch Chromium with a CDP pipe.

Search order for the executable (:func:`find_browser`): the explicit ``--browser PATH``, the
``VERDEX_BROWSER`` environment variable, the names ``chromium``, ``chromium-browser``,
``google-chrome``, ``google-chrome-stable``, ``chrome`` on ``PATH``, then the usual install
locations on Linux and macOS.

:func:`launch_chromium` starts it with ``--remote-debugging-pipe``: the browser's fd 3 and fd 4
are two pipes whose other ends only this process holds, so the browser exits when we do, even
when we are killed with SIGKILL (it reads EOF on fd 3). The profile is a fresh temporary
``--user-data-dir`` (``XDG_CONFIG_HOME`` and ``XDG_CACHE_HOME`` point into it, so crash reports
and caches stay there too), removed on exit; its preferences turn page preloading off
(:data:`PROFILE_PREFERENCES`).
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import trio

from verdex.browser.origins import NavigationPolicy
from verdex.cdp.transport import PipeTransport
from verdex.errors import BrowserLaunchError

__all__ = [
    "BASE_FLAGS",
    "DOWNLOADS_PREFIX",
    "PROFILE_PREFERENCES",
    "BrowserOptions",
    "LaunchedBrowser",
    "find_browser",
    "launch_chromium",
    "prepare_profile",
    "remove_orphan_folders",
]

logger = logging.getLogger(__name__)

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

#: Flags for every launch: quiet on a closed network, no first-run UI, no background work.
BASE_FLAGS: tuple[str, ...] = (
    "--no-sandbox",
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
    "--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider",
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
    "--window-size=1280,720",
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
        headless: run without a window (``--headed`` sets False).
        cdp_endpoint: ``ws://...`` of a running browser to attach to instead of launching one.
        extra_args: more command-line flags for a launched browser.
        launch_timeout: seconds to wait for the browser's first CDP answer.
        policy: what documents pages may load (``--allowed-origins``, ``--blocked-origins``,
            ``--allow-file-urls``; see :mod:`verdex.browser.origins`).
    """

    executable: str | None = None
    headless: bool = True
    cdp_endpoint: str | None = None
    extra_args: tuple[str, ...] = field(default_factory=tuple)
    launch_timeout: float = 30.0
    policy: NavigationPolicy = field(default_factory=NavigationPolicy)


@dataclass
class LaunchedBrowser:
    """A running browser process and our ends of its pipes."""

    executable: str
    process: trio.Process
    transport: PipeTransport
    user_data_dir: Path
    stderr_path: Path

    def stderr_tail(self, lines: int = 12) -> str:
        """The last lines the browser wrote to stderr (for launch-failure messages)."""
        try:
            text = self.stderr_path.read_text(errors="replace")
        except OSError:
            return ""
        return "\n".join(text.strip().splitlines()[-lines:])


def find_browser(explicit: str | None = None) -> str:
    """Return the path of the Chrome/Chromium executable to use.

    Args:
        explicit: a path given by the user (``--browser``); it must exist.

    Raises:
        BrowserLaunchError: nothing usable found; the message lists what was tried.
    """
    if explicit:
        return _checked(explicit, "--browser")
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
    raise BrowserLaunchError(
        "no Chrome or Chromium found (looked for --browser, VERDEX_BROWSER, "
        f"{', '.join(_NAMES)} on PATH, and {', '.join(_LOCATIONS)}). Install one "
        "(Debian/Ubuntu: apt-get install chromium) or pass --browser /path/to/chrome."
    )


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
    """Write :data:`PROFILE_PREFERENCES` into a new profile (``Default/Preferences``), before the browser starts."""
    default = user_data_dir / "Default"
    default.mkdir(parents=True, exist_ok=True)
    (default / "Preferences").write_text(json.dumps(PROFILE_PREFERENCES), encoding="utf-8")


def chromium_args(options: BrowserOptions, user_data_dir: Path) -> list[str]:
    """The flags verdex launches Chromium with (pipe, profile, headless, BASE_FLAGS, extras)."""
    args = ["--remote-debugging-pipe", f"--user-data-dir={user_data_dir}", *BASE_FLAGS]
    if options.headless:
        args += ["--headless", "--hide-scrollbars"]
    args += list(options.extra_args)
    return args


@asynccontextmanager
async def launch_chromium(options: BrowserOptions) -> AsyncIterator[LaunchedBrowser]:
    """Start Chromium with a CDP pipe; on exit close the pipe, reap the process, delete the profile.

    Yields as soon as the process runs; the first CDP command tells whether it came up.
    On exit the browser gets 5 s to quit after its pipe closes, then it is killed.

    Raises:
        BrowserLaunchError: no executable, or the process could not be started.
    """
    executable = find_browser(options.executable)
    remove_orphan_folders()
    user_data_dir = Path(tempfile.mkdtemp(prefix=f"{_PROFILE_PREFIX}{os.getpid()}-"))
    prepare_profile(user_data_dir)
    stderr_path = user_data_dir / "browser-stderr.log"
    (browser_reads, we_write), (we_read, browser_writes) = PipeTransport.make_pipes()
    # Move the browser's ends to fds >= 10 so the redirections below never clobber one another.
    browser_reads, browser_writes = _above(browser_reads, 10), _above(browser_writes, 10)
    argv = [executable, *chromium_args(options, user_data_dir)]
    # Map the browser's pipe ends to fds 3 and 4 in a tiny exec wrapper: no preexec_fn (unsafe
    # with threads), no shell (POSIX sh takes single-digit fds only), nothing else inherited.
    wrapper = [sys.executable, "-I", "-S", "-c", _EXEC_WITH_PIPE, str(browser_reads), str(browser_writes)]
    env = dict(os.environ)
    env["XDG_CONFIG_HOME"] = str(user_data_dir / "xdg-config")
    env["XDG_CACHE_HOME"] = str(user_data_dir / "xdg-cache")
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
        shutil.rmtree(user_data_dir, ignore_errors=True)
        raise BrowserLaunchError(f"could not start {executable}: {exc}") from exc
    finally:
        stderr_file.close()
    os.close(browser_reads)
    os.close(browser_writes)
    launched = LaunchedBrowser(executable, process, PipeTransport(we_read, we_write), user_data_dir, stderr_path)
    try:
        yield launched
    finally:
        with trio.CancelScope(shield=True):
            await launched.transport.aclose()
            with trio.move_on_after(5):
                await process.wait()
            if process.returncode is None:
                logger.warning("browser did not exit 5 s after its pipe closed; killing it")
                process.kill()
                await process.wait()
            shutil.rmtree(user_data_dir, ignore_errors=True)
