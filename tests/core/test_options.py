"""Options from the command line, VERDEX_* variables and a --config file: precedence, parsing, exact errors.

What each option does in the browser is tested through ``verdex serve`` in tests/e2e/test_options.py;
here is the table and its rule, without a browser.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from verdex.cli import main
from verdex.commands.options import OPTIONS, env_name, option_args, resolve
from verdex.errors import UsageError

ALL = tuple(option.name for option in OPTIONS)


def _write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data))
    return path


def test_every_option_has_an_environment_variable_and_most_a_config_key() -> None:
    assert [(option.flag, option.env, option.key) for option in OPTIONS] == [
        ("--browser", "VERDEX_BROWSER", "browser.launchOptions.executablePath"),
        ("--headed", "VERDEX_HEADED", "browser.launchOptions.headless"),
        ("--cdp-endpoint", "VERDEX_CDP_ENDPOINT", "browser.cdpEndpoint"),
        ("--cdp-header", "VERDEX_CDP_HEADER", "browser.cdpHeaders"),
        ("--user-data-dir", "VERDEX_USER_DATA_DIR", "browser.userDataDir"),
        ("--browser-arg", "VERDEX_BROWSER_ARG", "browser.launchOptions.args"),
        ("--sandbox", "VERDEX_SANDBOX", "browser.launchOptions.chromiumSandbox"),
        ("--proxy-server", "VERDEX_PROXY_SERVER", "browser.launchOptions.proxy.server"),
        ("--proxy-bypass", "VERDEX_PROXY_BYPASS", "browser.launchOptions.proxy.bypass"),
        ("--viewport-size", "VERDEX_VIEWPORT_SIZE", "browser.contextOptions.viewport"),
        ("--device", "VERDEX_DEVICE", "browser.device"),
        ("--user-agent", "VERDEX_USER_AGENT", "browser.contextOptions.userAgent"),
        ("--ignore-https-errors", "VERDEX_IGNORE_HTTPS_ERRORS", "browser.contextOptions.ignoreHTTPSErrors"),
        ("--test-id-attribute", "VERDEX_TEST_ID_ATTRIBUTE", "testIdAttribute"),
        ("--timeout-action", "VERDEX_TIMEOUT_ACTION", "timeouts.action"),
        ("--timeout-navigation", "VERDEX_TIMEOUT_NAVIGATION", "timeouts.navigation"),
        ("--allowed-origins", "VERDEX_ALLOWED_ORIGINS", "network.allowedOrigins"),
        ("--blocked-origins", "VERDEX_BLOCKED_ORIGINS", "network.blockedOrigins"),
        ("--allow-file-urls", "VERDEX_ALLOW_FILE_URLS", "allowFileUrls"),
        ("--log-level", "VERDEX_LOG_LEVEL", "logLevel"),
        ("--trace", "VERDEX_TRACE", "trace"),
        ("--output-dir", "VERDEX_OUTPUT_DIR", "outputDir"),
        ("--caps", "VERDEX_CAPS", "capabilities"),
        ("--output-schemas", "VERDEX_OUTPUT_SCHEMAS", "outputSchemas"),
        ("--port", "VERDEX_PORT", "server.port"),
        ("--host", "VERDEX_HOST", "server.host"),
        ("--allowed-hosts", "VERDEX_ALLOWED_HOSTS", "server.allowedHosts"),
        ("--max-sessions", "VERDEX_MAX_SESSIONS", "server.maxSessions"),
        ("--role", "VERDEX_ROLE", "roles"),
    ]
    assert env_name("--config") == "VERDEX_CONFIG"


def test_command_line_beats_environment_beats_config_file_beats_default(tmp_path: Path) -> None:
    config = _write(
        tmp_path / "verdex.json",
        {
            "browser": {"contextOptions": {"viewport": {"width": 700, "height": 500}, "userAgent": "from-file"}},
            "timeouts": {"action": 1500},
        },
    )
    names = ("viewport_size", "user_agent", "timeout_action", "timeout_navigation")
    environ = {"VERDEX_VIEWPORT_SIZE": "900x600", "VERDEX_USER_AGENT": ""}  # an empty variable is unset
    resolved = resolve({"viewport_size": "1000x700"}, names, environ, str(config))
    assert resolved.values == {
        "viewport_size": (1000, 700),
        "user_agent": "from-file",
        "timeout_action": 1500,
        "timeout_navigation": 30000,
    }
    assert resolved.sources == {
        "viewport_size": "--viewport-size",
        "user_agent": f"{config}: browser.contextOptions.userAgent",
        "timeout_action": f"{config}: timeouts.action",
    }
    assert resolve({}, names, environ, str(config))["viewport_size"] == (900, 600)
    assert resolve({}, names, {}, str(config))["viewport_size"] == (700, 500)
    assert resolve({}, names, {})["viewport_size"] is None
    # VERDEX_CONFIG names the file when --config does not.
    assert resolve({}, names, {"VERDEX_CONFIG": str(config)})["timeout_action"] == 1500


def test_lists_come_whole_from_one_source(tmp_path: Path) -> None:
    """--browser-arg, --cdp-header and --role take every value from the first source that has any."""
    config = _write(
        tmp_path / "verdex.json",
        {
            "browser": {
                "launchOptions": {"args": ["--from-file"]},
                "cdpHeaders": {"Authorization": "Bearer file", "X-Team": "qa"},
            },
            "roles": [{"name": "admin", "authFile": "auth/admin.json", "defaultUrl": "http://localhost:3000/"}],
        },
    )
    names = ("browser_arg", "cdp_header", "role")
    from_file = resolve({}, names, {}, str(config))
    assert from_file.values == {
        "browser_arg": ("--from-file",),
        "cdp_header": (("Authorization", "Bearer file"), ("X-Team", "qa")),
        "role": (("admin", str(tmp_path / "auth" / "admin.json"), "http://localhost:3000/"),),
    }
    environ = {
        "VERDEX_BROWSER_ARG": "--lang=de '--user-agent=My Agent'",
        "VERDEX_CDP_HEADER": "Authorization: Bearer env\nX-Region:  eu \n",
        "VERDEX_ROLE": "admin auth/a.json http://localhost:3000/; customer none",
    }
    from_env = resolve({}, names, environ, str(config))
    assert from_env.values == {
        "browser_arg": ("--lang=de", "--user-agent=My Agent"),
        "cdp_header": (("Authorization", "Bearer env"), ("X-Region", "eu")),
        "role": (("admin", "auth/a.json", "http://localhost:3000/"), ("customer", "none")),
    }
    from_command_line = resolve(
        {"browser_arg": ["--one", "--two"], "cdp_header": ["A: 1"], "role": [["r", "none"]]}, names, environ
    )
    assert from_command_line.values == {
        "browser_arg": ("--one", "--two"),
        "cdp_header": (("A", "1"),),
        "role": (("r", "none"),),
    }


def test_config_file_in_playwright_mcps_layout(tmp_path: Path) -> None:
    """A config a Playwright MCP user has, with verdex's own keys beside it; paths relative to the file."""
    folder = tmp_path / "conf"
    folder.mkdir()
    config = _write(
        folder / "verdex.json",
        {
            "browser": {
                "browserName": "chromium",
                "userDataDir": "profile",
                "launchOptions": {
                    "executablePath": "/usr/bin/chromium",
                    "headless": False,
                    "args": ["--lang=de"],
                    "chromiumSandbox": True,
                    "proxy": {"server": "http://proxy:3128", "bypass": ".internal.example"},
                },
                "contextOptions": {"viewport": None, "userAgent": "agent", "ignoreHTTPSErrors": True},
                "cdpEndpoint": "ws://127.0.0.1:9222/devtools/browser/x",
                "device": "Pixel 7",
            },
            "network": {"allowedOrigins": ["http://localhost:3000", "https://*.example.com"], "blockedOrigins": []},
            "testIdAttribute": "data-qa",
            "timeouts": {"action": 0, "navigation": 60000},
            "allowFileUrls": True,
            "logLevel": "info",
            "trace": "trace.jsonl",
            "outputDir": "out",
        },
    )
    with pytest.raises(UsageError) as empty:
        resolve({}, ALL, {}, str(config))
    assert str(empty.value) == (f"{config}: network.blockedOrigins must be a non-empty list of origin strings (got [])")
    data = json.loads(config.read_text())
    del data["network"]["blockedOrigins"]
    _write(config, data)
    resolved = resolve({}, ALL, {}, str(config))
    assert {name: value for name, value in resolved.values.items() if name in resolved.sources} == {
        "browser": "/usr/bin/chromium",
        "headed": True,
        "cdp_endpoint": "ws://127.0.0.1:9222/devtools/browser/x",
        "user_data_dir": folder / "profile",
        "browser_arg": ("--lang=de",),
        "sandbox": True,
        "proxy_server": "http://proxy:3128",
        "proxy_bypass": ".internal.example",
        "viewport_size": None,
        "device": "Pixel 7",
        "user_agent": "agent",
        "ignore_https_errors": True,
        "test_id_attribute": "data-qa",
        "timeout_action": 0,
        "timeout_navigation": 60000,
        "allowed_origins": "http://localhost:3000;https://*.example.com",
        "allow_file_urls": True,
        "log_level": "info",
        "trace": folder / "trace.jsonl",
        "output_dir": folder / "out",
    }


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"browser": {"contextOptions": {"viewprt": {"width": 1, "height": 1}}}},
            "config file {file}: unknown key 'browser.contextOptions.viewprt'; browser.contextOptions takes "
            "ignoreHTTPSErrors, userAgent, viewport (docs/options.md lists every key)",
        ),
        (
            {"saveSession": True},
            "config file {file}: unknown key 'saveSession'; the top level takes allowFileUrls, browser, capabilities, "
            "logLevel, network, outputDir, outputSchemas, roles, server, testIdAttribute, timeouts, trace "
            "(docs/options.md lists every key)",
        ),
        (
            {"browser": {"isolated": True}},
            "config file {file}: unknown key 'browser.isolated'; browser takes browserName, cdpEndpoint, cdpHeaders, "
            "contextOptions, device, launchOptions, userDataDir (docs/options.md lists every key)",
        ),
        (
            {"browser": {"launchOptions": {"proxy": {"server": "http://p:1", "username": "u"}}}},
            "config file {file}: unknown key 'browser.launchOptions.proxy.username'; browser.launchOptions.proxy "
            "takes bypass, server (docs/options.md lists every key)",
        ),
        (
            {"browser": {"contextOptions": {"viewport": {"width": 800}}}},
            '{file}: browser.contextOptions.viewport must be {{"width": W, "height": H}} in CSS pixels, positive '
            'whole numbers (got {{"width": 800}})',
        ),
        ({"timeouts": {"action": "5s"}}, '{file}: timeouts.action must be a whole number of milliseconds (got "5s")'),
        (
            {"timeouts": {"navigation": 0}},
            "{file}: timeouts.navigation must be a whole number of milliseconds >= 1 (got 0)",
        ),
        (
            {"browser": {"launchOptions": {"headless": "no"}}},
            '{file}: browser.launchOptions.headless must be true or false (got "no")',
        ),
        ({"browser": "chromium"}, '{file}: browser must be an object (got "chromium")'),
        (
            {"browser": {"browserName": "firefox"}},
            '{file}: browser.browserName is "firefox"; verdex drives Chromium only ("chromium")',
        ),
        (
            {"browser": {"device": "iphone 15"}},
            "{file}: browser.device 'iphone 15' is not one of Playwright's 207 device names (Playwright 1.65.2's "
            "deviceDescriptorsSource.json; run `verdex devices` for the list); did you mean 'iPhone 15', "
            "'iPhone 17', 'iPhone 16'?",
        ),
        (
            {"roles": [{"name": "admin", "auth": "a.json"}]},
            "{file}: roles[0] has an unknown key 'auth' (a role has name, authFile, defaultUrl)",
        ),
        ([1, 2], "config file {file}: must hold a JSON object, as Playwright MCP's config does"),
    ],
)
def test_config_file_errors_name_the_key_and_the_file(tmp_path: Path, data: Any, message: str) -> None:
    config = _write(tmp_path / "verdex.json", data)
    with pytest.raises(UsageError) as failed:
        resolve({}, ALL, {}, str(config))
    assert str(failed.value) == message.format(file=config)


def test_unreadable_config_files(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"browser": {,}}')
    with pytest.raises(UsageError) as not_json:
        resolve({}, ALL, {}, str(broken))
    assert (
        str(not_json.value)
        == f"config file {broken}: not JSON: Expecting property name enclosed in double quotes at line 1 column 14"
    )
    with pytest.raises(UsageError) as missing:
        resolve({}, ALL, {"VERDEX_CONFIG": str(tmp_path / "nope.json")})
    assert str(missing.value) == f"config file {tmp_path / 'nope.json'}: No such file or directory"


@pytest.mark.parametrize(
    ("environ", "message"),
    [
        ({"VERDEX_HEADED": "maybe"}, "VERDEX_HEADED takes 1/true/yes/on or 0/false/no/off (got 'maybe')"),
        (
            {"VERDEX_VIEWPORT_SIZE": "800*600"},
            "VERDEX_VIEWPORT_SIZE takes WIDTHxHEIGHT in CSS pixels, such as 1280x720 (got '800*600')",
        ),
        ({"VERDEX_TIMEOUT_ACTION": "-1"}, "VERDEX_TIMEOUT_ACTION must be a whole number of milliseconds >= 0 (got -1)"),
        ({"VERDEX_LOG_LEVEL": "loud"}, "VERDEX_LOG_LEVEL is one of debug, info, warning, error (got 'loud')"),
        (
            {"VERDEX_CDP_HEADER": "Bearer abc"},
            "VERDEX_CDP_HEADER takes NAME: VALUE, such as 'Authorization: Bearer TOKEN' (got 'Bearer abc')",
        ),
        (
            {"VERDEX_BROWSER_ARG": "'--unclosed"},
            "VERDEX_BROWSER_ARG: No closing quotation (values are split like a shell command line)",
        ),
    ],
)
def test_environment_errors_name_the_variable(environ: dict[str, str], message: str) -> None:
    with pytest.raises(UsageError) as failed:
        resolve({}, ALL, environ)
    assert str(failed.value) == message


def test_switches_from_the_environment() -> None:
    names = ("headed", "sandbox", "ignore_https_errors", "allow_file_urls")
    environ = {"VERDEX_HEADED": "1", "VERDEX_SANDBOX": "false", "VERDEX_IGNORE_HTTPS_ERRORS": "Yes"}
    assert resolve({}, names, environ).values == {
        "headed": True,
        "sandbox": False,
        "ignore_https_errors": True,
        "allow_file_urls": False,
    }
    # --sandbox on the command line beats VERDEX_SANDBOX=false.
    assert resolve({"sandbox": True}, names, environ)["sandbox"] is True


def test_option_args_give_the_resolved_values_to_a_child_serve(tmp_path: Path) -> None:
    """verdex demo starts verdex serve with the values it resolved (environment and file applied once)."""
    config = _write(tmp_path / "verdex.json", {"browser": {"launchOptions": {"chromiumSandbox": False}}})
    environ = {"VERDEX_DEVICE": "iPhone 15", "VERDEX_CDP_HEADER": "A: 1\nB: 2"}
    resolved = resolve({"viewport_size": "800,600", "headed": True}, ALL, environ, str(config))
    assert option_args(resolved, ALL) == [
        "--headed",
        "--cdp-header",
        "A: 1",
        "--cdp-header",
        "B: 2",
        "--no-sandbox",
        "--viewport-size",
        "800x600",
        "--device",
        "iPhone 15",
    ]


@pytest.mark.parametrize(
    ("args", "environ", "message"),
    [
        (
            ["--cdp-endpoint", "ws://127.0.0.1:9222/x", "--proxy-server", "http://p:1", "--no-sandbox"],
            {},
            "--sandbox, --proxy-server shape(s) a browser verdex launches, and --cdp-endpoint attaches to one started "
            "elsewhere: start that browser with what you need, or drop --cdp-endpoint",
        ),
        (
            ["--cdp-endpoint", "ws://127.0.0.1:9222/x"],
            {"VERDEX_USER_DATA_DIR": "/tmp/p"},
            "VERDEX_USER_DATA_DIR shape(s) a browser verdex launches, and --cdp-endpoint attaches to one started "
            "elsewhere: start that browser with what you need, or drop --cdp-endpoint",
        ),
        (
            ["--cdp-header", "Authorization: Bearer x"],
            {},
            "--cdp-header is sent with the --cdp-endpoint handshake; give --cdp-endpoint too",
        ),
        (["--proxy-bypass", "localhost"], {}, "--proxy-bypass needs --proxy-server"),
        (
            ["--device", "Nokia 3310"],
            {},
            "--device 'Nokia 3310' is not one of Playwright's 207 device names (Playwright 1.65.2's deviceDescriptorsSource.json; run `verdex devices` for the list); did you mean 'Nokia N9'?",
        ),
        ([], {"VERDEX_ROLE": "admin"}, "VERDEX_ROLE takes NAME AUTH_FILE [DEFAULT_URL] (got admin)"),
    ],
)
def test_options_that_do_not_fit_stop_verdex_serve(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    environ: dict[str, str],
    message: str,
) -> None:
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(SystemExit) as exited:
        main(["serve", *args])
    assert exited.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == f"verdex: error: {message}"


def test_caps_from_each_source_and_their_errors(tmp_path: Path) -> None:
    """--caps takes group names (comma or space separated, or all) from the command line, VERDEX_CAPS or the
    config file's capabilities list (Playwright MCP's key); an unknown group names the groups."""
    config = str(_write(tmp_path / "verdex.json", {"capabilities": ["tabs", "plans"], "outputSchemas": True}))
    resolved = resolve({}, ALL, {}, config)
    assert (resolved["caps"], resolved["output_schemas"]) == (frozenset({"tabs", "plans"}), True)
    assert resolve({}, ALL, {"VERDEX_CAPS": "waits roles"}, config)["caps"] == frozenset({"waits", "roles"})
    assert resolve({"caps": "all"}, ALL, {})["caps"] == frozenset(
        {"core", "browser", "waits", "tabs", "screenshots", "plans", "roles", "compat"}
    )
    with pytest.raises(UsageError, match=r"^--caps: unknown tool group\(s\) pdf, vision; the groups are core \("):
        resolve({"caps": "vision,pdf"}, ALL, {})
    bad = str(_write(tmp_path / "bad.json", {"capabilities": "tabs"}))
    with pytest.raises(UsageError, match=r"capabilities must be a list of tool group names \(got \"tabs\"\)$"):
        resolve({}, ALL, {}, bad)


def test_http_options_from_each_source_and_their_errors(tmp_path: Path) -> None:
    """--port, --host, --allowed-hosts, --max-sessions: Playwright MCP's server.* keys, VERDEX_* variables."""
    names = ("port", "host", "allowed_hosts", "max_sessions")
    assert resolve({}, names, {}).values == {"port": None, "host": "localhost", "allowed_hosts": (), "max_sessions": 8}
    config = _write(
        tmp_path / "verdex.json",
        {"server": {"port": 8931, "host": "0.0.0.0", "allowedHosts": ["myhost", "10.0.0.5:8931"], "maxSessions": 2}},
    )
    assert resolve({}, names, {}, str(config)).values == {
        "port": 8931,
        "host": "0.0.0.0",
        "allowed_hosts": ("myhost", "10.0.0.5:8931"),
        "max_sessions": 2,
    }
    environ = {"VERDEX_PORT": "0", "VERDEX_ALLOWED_HOSTS": "a, b:1"}
    assert resolve({"max_sessions": "3"}, names, environ, str(config)).values == {
        "port": 0,
        "host": "0.0.0.0",
        "allowed_hosts": ("a", "b:1"),
        "max_sessions": 3,
    }
    for environ, message in (
        ({"VERDEX_PORT": "80000"}, "VERDEX_PORT must be a TCP port number, 0 to 65535 (0: any free port) (got 80000)"),
        ({"VERDEX_PORT": "http"}, "VERDEX_PORT must be a TCP port number, 0 to 65535 (got 'http')"),
        ({"VERDEX_MAX_SESSIONS": "0"}, "VERDEX_MAX_SESSIONS must be a whole number >= 1 (got '0')"),
        (
            {"VERDEX_ALLOWED_HOSTS": " , "},
            "VERDEX_ALLOWED_HOSTS takes comma-separated host names, such as 'localhost,myhost:8931', or '*'",
        ),
    ):
        with pytest.raises(UsageError) as failed:
            resolve({}, names, environ)
        assert str(failed.value) == message
    _write(config, {"server": {"port": "8931"}})
    with pytest.raises(UsageError) as wrong:
        resolve({}, names, {}, str(config))
    assert str(wrong.value) == f'{config}: server.port must be a TCP port number, 0 to 65535 (got "8931")'
