"""Finding the browser (which source wins) and what it is launched with, on fake executables."""

from __future__ import annotations

import os
import socket
import tempfile
from pathlib import Path

import pytest
import trio

from verdex.browser.emulation import Emulation
from verdex.browser.launcher import (
    BASE_FLAGS,
    BrowserOptions,
    chromium_args,
    find_browser,
    launch_chromium,
    playwright_browsers,
)
from verdex.errors import BrowserLaunchError


def _executable(path: Path, script: str = "#!/bin/sh\nexit 0\n") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(script)
    path.chmod(0o755)
    return path


def _lines(path: Path) -> list[str]:
    return path.read_text().splitlines()


def _runs(folder: Path) -> dict[str, Path]:
    """The fake browser's argv records, by their --user-data-dir argument."""
    return {_lines(run)[1]: run for run in sorted(folder.glob("record.*.args.done"))}


def test_find_browser_precedence(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """--browser beats VERDEX_BROWSER beats the names on PATH (in name order) beats the usual locations."""
    explicit = _executable(tmp_path / "explicit" / "my-chrome")
    from_env = _executable(tmp_path / "env" / "chrome-from-env")
    early, late = tmp_path / "bin-early", tmp_path / "bin-late"
    google_chrome = _executable(early / "google-chrome")
    chromium = _executable(late / "chromium")
    location = _executable(tmp_path / "opt" / "chrome")
    monkeypatch.setattr("verdex.browser.launcher._LOCATIONS", ("/nope/chrome", str(location)))
    monkeypatch.setenv("PATH", f"{early}{os.pathsep}{late}")
    monkeypatch.setenv("VERDEX_BROWSER", str(from_env))

    assert find_browser(str(explicit)) == str(explicit)
    assert find_browser("google-chrome") == str(google_chrome)  # a name given with --browser is looked up on PATH
    assert find_browser() == str(from_env)
    monkeypatch.setenv("VERDEX_BROWSER", "")
    # chromium comes before google-chrome in the name order, though its PATH entry comes later.
    assert find_browser() == str(chromium)
    chromium.unlink()
    assert find_browser() == str(google_chrome)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    assert find_browser() == str(location)


async def test_launch_flags_profile_and_xdg_config_home(tmp_path: Path) -> None:
    """The exact argv, a fresh --user-data-dir per launch, XDG dirs inside it, the pipe on fds 3 and 4."""
    record = tmp_path / "record"
    fake = _executable(
        tmp_path / "fake-chromium",
        "#!/bin/sh\n"
        f'out="{record}.$$"\n'
        'for arg in "$@"; do printf "%s\\n" "$arg"; done > "$out.args"\n'
        'printf "%s\\n%s\\n" "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME" > "$out.env"\n'
        '{ [ -e /dev/fd/3 ] && echo fd3; [ -e /dev/fd/4 ] && echo fd4; } > "$out.fds"\n'
        'mv "$out.args" "$out.args.done"\n',
    )
    profiles: list[Path] = []
    for _ in range(2):
        with trio.fail_after(10):
            async with launch_chromium(BrowserOptions(executable=str(fake), sandbox=False)) as launched:
                assert launched.executable == str(fake)
                await launched.process.wait()
                assert launched.process.returncode == 0
                profiles.append(launched.user_data_dir)
                assert launched.user_data_dir.is_dir()
        assert not launched.user_data_dir.exists()  # removed when the launch ends

    first, second = profiles
    assert first != second
    for profile in profiles:
        assert profile.parent == Path(tempfile.gettempdir())
        assert profile.name.startswith(f"verdex-profile-{os.getpid()}-")
    runs = _runs(tmp_path)
    assert sorted(runs) == sorted(f"--user-data-dir={profile}" for profile in profiles)
    for profile in profiles:
        run = runs[f"--user-data-dir={profile}"]
        stem = str(run).removesuffix(".args.done")
        assert _lines(run) == [
            "--remote-debugging-pipe",
            f"--user-data-dir={profile}",
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
            "--window-size=1280,720",
            "--headless",
            "--hide-scrollbars",
        ]
        assert _lines(Path(stem + ".env")) == [f"{profile}/xdg-config", f"{profile}/xdg-cache"]
        assert _lines(Path(stem + ".fds")) == ["fd3", "fd4"]


async def test_headed_and_extra_flags(tmp_path: Path) -> None:
    record = tmp_path / "args"
    fake = _executable(
        tmp_path / "fake-chromium", f'#!/bin/sh\nfor a in "$@"; do printf "%s\\n" "$a"; done > "{record}"\n'
    )
    options = BrowserOptions(
        executable=str(fake), headless=False, extra_args=("--lang=de", "--force-dark-mode"), sandbox=False
    )
    with trio.fail_after(10):
        async with launch_chromium(options) as launched:
            await launched.process.wait()
    args = _lines(record)
    assert "--headless" not in args
    assert "--hide-scrollbars" not in args
    assert args[-3:] == ["--window-size=1280,720", "--lang=de", "--force-dark-mode"]


def test_sandbox_is_on_unless_root_or_asked(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """--no-sandbox when running as root (Chromium refuses its sandbox there) or when asked; else the sandbox runs."""
    profile = tmp_path / "profile"
    for euid, sandbox, expected in [
        (0, None, ["--no-sandbox"]),
        (1000, None, []),
        (0, True, []),
        (1000, False, ["--no-sandbox"]),
    ]:
        monkeypatch.setattr(os, "geteuid", lambda euid=euid: euid)
        args = chromium_args(BrowserOptions(sandbox=sandbox), profile)
        assert args == [
            "--remote-debugging-pipe",
            f"--user-data-dir={profile}",
            *expected,
            *BASE_FLAGS,
            "--headless",
            "--hide-scrollbars",
        ], (euid, sandbox)


def test_proxy_certificates_and_browser_args_in_order(tmp_path: Path) -> None:
    """Proxy flags (bypass entries joined with ';' as Chromium's list takes them), then
    --ignore-certificate-errors, headless, and --browser-arg flags last, so they win."""
    options = BrowserOptions(
        sandbox=True,
        proxy_server="http://127.0.0.1:3128",
        proxy_bypass=" .internal.example, 10.0.0.0/8;<-loopback> ",
        emulation=Emulation(ignore_https_errors=True),
        extra_args=("--lang=de", "--proxy-server=socks5://elsewhere:1080"),
    )
    assert chromium_args(options, tmp_path)[2 + len(BASE_FLAGS) :] == [
        "--proxy-server=http://127.0.0.1:3128",
        "--proxy-bypass-list=.internal.example;10.0.0.0/8;<-loopback>",
        "--ignore-certificate-errors",
        "--headless",
        "--hide-scrollbars",
        "--lang=de",
        "--proxy-server=socks5://elsewhere:1080",
    ]
    # A bypass list without a proxy means nothing to Chromium: it is not passed.
    assert "--proxy-bypass-list=x" not in chromium_args(BrowserOptions(proxy_bypass="x"), tmp_path)


def test_playwright_browser_cache_is_searched_last_newest_first(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """After PATH and the usual locations: $PLAYWRIGHT_BROWSERS_PATH's chromium-<revision> builds, newest
    revision first (Chrome for Testing's chrome-linux64 and the older chrome-linux layout); the headless
    shell is never picked, and the error says why."""
    cache = tmp_path / "ms-playwright"
    old = _executable(cache / "chromium-1140" / "chrome-linux" / "chrome")
    new = _executable(cache / "chromium-1200" / "chrome-linux64" / "chrome")
    _executable(cache / "chromium_headless_shell-1300" / "chrome-headless-shell-linux64" / "chrome-headless-shell")
    (cache / "chromium-1300").mkdir()  # an unfinished download: no executable
    location = _executable(tmp_path / "opt" / "chrome")
    monkeypatch.setenv("PLAYWRIGHT_BROWSERS_PATH", str(cache))
    monkeypatch.setenv("VERDEX_BROWSER", "")
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    monkeypatch.setattr("verdex.browser.launcher._LOCATIONS", (str(location),))

    assert list(playwright_browsers()) == [new, old]
    assert find_browser() == str(location)  # the usual locations come first
    location.unlink()
    assert find_browser() == str(new)
    new.unlink()
    assert find_browser() == str(old)
    old.unlink()
    with pytest.raises(BrowserLaunchError) as failed:
        find_browser()
    assert str(failed.value) == (
        "no Chrome or Chromium found (looked for --browser, VERDEX_BROWSER, chromium, chromium-browser, "
        f"google-chrome, google-chrome-stable, chrome on PATH, {tmp_path}/opt/chrome, and Playwright's browsers in "
        f"{cache} ({cache}/chromium_headless_shell-1300 is Playwright's headless shell, which verdex does not use: "
        "run `playwright install chromium` for the full Chromium)). Install one (Debian/Ubuntu: apt-get install "
        "chromium; with Playwright: playwright install chromium) or pass --browser /path/to/chrome."
    )


def test_default_playwright_cache_is_under_xdg_cache_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    chrome = _executable(tmp_path / "ms-playwright" / "chromium-1200" / "chrome-linux64" / "chrome")
    monkeypatch.delenv("PLAYWRIGHT_BROWSERS_PATH", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert list(playwright_browsers()) == [chrome]
    monkeypatch.setenv("PLAYWRIGHT_BROWSERS_PATH", "0")  # inside the Playwright package: not searched
    assert list(playwright_browsers()) == []


async def test_user_data_dir_is_used_and_kept(tmp_path: Path) -> None:
    """--user-data-dir: the browser gets that folder, it is created and kept; the XDG folders and the
    stderr log stay in verdex's temporary folder, which is removed."""
    record = tmp_path / "record"
    fake = _executable(
        tmp_path / "fake-chromium",
        f'#!/bin/sh\nfor a in "$@"; do printf "%s\\n" "$a"; done > "{record}"\n'
        f'printf "%s\\n" "$XDG_CONFIG_HOME" >> "{record}"\n',
    )
    profile = tmp_path / "profiles" / "mine"
    with trio.fail_after(10):
        async with launch_chromium(BrowserOptions(executable=str(fake), user_data_dir=profile)) as launched:
            await launched.process.wait()
            assert launched.user_data_dir == profile
            assert launched.persistent
            run_dir = launched.stderr_path.parent
    lines = _lines(record)
    assert lines[1] == f"--user-data-dir={profile}"
    assert lines[-1] == f"{run_dir}/xdg-config"
    assert run_dir.parent == Path(tempfile.gettempdir())
    assert profile.is_dir()
    assert not run_dir.exists()


async def test_a_profile_in_use_is_refused(tmp_path: Path) -> None:
    """Chromium's SingletonLock names the host and pid holding the profile; a live holder stops the launch."""
    profile = tmp_path / "profile"
    profile.mkdir()
    (profile / "SingletonLock").symlink_to(f"{socket.gethostname()}-{os.getpid()}")
    fake = _executable(tmp_path / "fake-chromium")
    with pytest.raises(BrowserLaunchError) as refused:
        async with launch_chromium(BrowserOptions(executable=str(fake), user_data_dir=profile)):
            pass
    assert str(refused.value) == (
        f"--user-data-dir {profile} is in use by another browser (pid {os.getpid()}); a profile can be open in one "
        "browser at a time: stop the other verdex serve (or browser), or give another --user-data-dir"
    )
    # A lock left by a process that is gone does not hold the profile.
    (profile / "SingletonLock").unlink()
    (profile / "SingletonLock").symlink_to(f"{socket.gethostname()}-999999999")
    with trio.fail_after(10):
        async with launch_chromium(BrowserOptions(executable=str(fake), user_data_dir=profile)) as launched:
            await launched.process.wait()


async def test_a_sandbox_failure_says_what_to_do(tmp_path: Path) -> None:
    fake = _executable(
        tmp_path / "fake-chromium",
        "#!/bin/sh\necho '[0101/000000.000:FATAL:zygote_host_impl_linux.cc(132)] No usable sandbox!' >&2\nexit 1\n",
    )
    with trio.fail_after(10):
        async with launch_chromium(BrowserOptions(executable=str(fake), sandbox=True)) as launched:
            await launched.process.wait()
            assert launched.stderr_tail() == (
                "[0101/000000.000:FATAL:zygote_host_impl_linux.cc(132)] No usable sandbox!\n"
                "verdex: Chromium's sandbox could not start here (running as root, or in a container or system "
                "without unprivileged user namespaces); start verdex with --no-sandbox (or VERDEX_SANDBOX=false) if "
                "you trust the pages you open"
            )
