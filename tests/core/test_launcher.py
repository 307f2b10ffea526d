"""Finding the browser (which source wins) and what it is launched with, on fake executables."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
import trio

from verdex.browser.launcher import BrowserOptions, find_browser, launch_chromium


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
            async with launch_chromium(BrowserOptions(executable=str(fake))) as launched:
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
    options = BrowserOptions(executable=str(fake), headless=False, extra_args=("--lang=de", "--force-dark-mode"))
    with trio.fail_after(10):
        async with launch_chromium(options) as launched:
            await launched.process.wait()
    args = _lines(record)
    assert "--headless" not in args
    assert "--hide-scrollbars" not in args
    assert args[-3:] == ["--window-size=1280,720", "--lang=de", "--force-dark-mode"]
