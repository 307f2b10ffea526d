"""verdex's options from the command line, the environment and a config file: one table, one rule.

Every option of ``verdex serve`` (and the browser options of the other commands) can be given
three ways::

    command line   --viewport-size 1280x720
    environment    VERDEX_VIEWPORT_SIZE=1280x720
    config file    --config verdex.json (or VERDEX_CONFIG=verdex.json):
                   {"browser": {"contextOptions": {"viewport": {"width": 1280, "height": 720}}}}

Precedence: command line > environment > config file > default. An option that takes several
values (``--browser-arg``, ``--cdp-header``, ``--role``) takes all of them from the first source
that gives any; sources are not merged.

The environment variable of ``--some-option`` is ``VERDEX_SOME_OPTION``. Switches take ``1``,
``true``, ``yes``, ``on`` or ``0``, ``false``, ``no``, ``off`` (``VERDEX_SANDBOX=false`` is
``--no-sandbox``); an empty variable counts as unset. Lists: ``VERDEX_BROWSER_ARG`` is split like a
shell command line (spaces separate, quotes group: ``"--lang=de '--user-agent=My Agent'"``),
``VERDEX_CDP_HEADER`` holds one ``Name: value`` header per line, ``VERDEX_ROLE`` holds roles
separated by ``;``, each ``NAME AUTH_FILE [DEFAULT_URL]`` split like a shell command line.

The config file is JSON in Playwright MCP's layout (its ``config.d.ts``) where an option has a
key there, plus verdex's own keys (:data:`OPTIONS` lists each option's key). Relative paths in it
(``browser.userDataDir``, ``trace``, ``outputDir``, a role's ``authFile``) are relative to the file's folder. A
key verdex does not know, or a value of the wrong type, is an error that names the key and the
file.
"""

from __future__ import annotations

import json
import os
import shlex
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from verdex.browser.emulation import device_named, parse_viewport_size
from verdex.errors import UsageError
from verdex.server.groups import check_caps, parse_caps

__all__ = ["OPTIONS", "Option", "Resolved", "env_name", "option_args", "resolve"]

#: Config-file keys that hold objects (the parents of the options' keys).
_SECTIONS = (
    "browser",
    "browser.launchOptions",
    "browser.launchOptions.proxy",
    "browser.contextOptions",
    "network",
    "server",
    "timeouts",
)

_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")
_LOG_LEVELS = ("debug", "info", "warning", "error")


@dataclass(frozen=True)
class Option:
    """One option in its three forms.

    Attributes:
        name: the ``argparse`` destination (``viewport_size``).
        flag: the command-line flag (``--viewport-size``); the environment variable follows from it.
        key: its config-file key as a dotted path (``browser.contextOptions.viewport``), or None.
        default: the value when no source gives one.
        from_text: ``(text, source) -> value`` for one command-line or environment value.
        from_json: ``(value, source, folder) -> value`` for the config file's value (``folder``: the
            file's folder, for relative paths).
        repeated: the flag may be given several times (its values form a list).
        split_env: how the environment variable of a repeated option splits into values.
        to_text: the value as command-line words (for the ``verdex serve`` that ``demo`` starts).
    """

    name: str
    flag: str
    key: str | None
    default: Any
    from_text: Callable[[str, str], Any]
    from_json: Callable[[Any, str, Path], Any]
    repeated: bool = False
    split_env: Callable[[str, str], list[str]] | None = None
    to_text: Callable[[Any], list[str]] | None = None

    @property
    def env(self) -> str:
        return env_name(self.flag)


def env_name(flag: str) -> str:
    """``--viewport-size`` -> ``VERDEX_VIEWPORT_SIZE``."""
    return "VERDEX_" + flag.removeprefix("--").upper().replace("-", "_")


# -- converters: each takes the source's name for its error ---------------------------------------


def _text(value: str, source: str) -> str:
    if not value.strip():
        raise UsageError(f"{source} is empty")
    return value


def _json_str(value: Any, source: str, folder: Path) -> str:
    if not isinstance(value, str) or not value.strip():
        raise UsageError(f"{source} must be a non-empty string (got {json.dumps(value)})")
    return value


def _json_bool(value: Any, source: str, folder: Path) -> bool:
    if not isinstance(value, bool):
        raise UsageError(f"{source} must be true or false (got {json.dumps(value)})")
    return value


def _bool_text(value: str, source: str) -> bool:
    word = value.strip().lower()
    if word in _TRUE:
        return True
    if word in _FALSE:
        return False
    raise UsageError(f"{source} takes 1/true/yes/on or 0/false/no/off (got {value!r})")


def _milliseconds(minimum: int) -> tuple[Callable[[str, str], int], Callable[[Any, str, Path], int]]:
    def check(number: int, source: str, shown: str) -> int:
        if number < minimum:
            raise UsageError(f"{source} must be a whole number of milliseconds >= {minimum} (got {shown})")
        return number

    def from_text(value: str, source: str) -> int:
        try:
            number = int(value.strip())
        except ValueError:
            raise UsageError(f"{source} must be a whole number of milliseconds (got {value!r})") from None
        return check(number, source, value)

    def from_json(value: Any, source: str, folder: Path) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise UsageError(f"{source} must be a whole number of milliseconds (got {json.dumps(value)})")
        return check(value, source, json.dumps(value))

    return from_text, from_json


def _path_text(value: str, source: str) -> Path:
    return Path(_text(value, source)).expanduser().absolute()


def _path_json(value: Any, source: str, folder: Path) -> Path:
    return (folder / Path(_json_str(value, source, folder)).expanduser()).absolute()


def _level_text(value: str, source: str) -> str:
    level = value.strip().lower()
    if level not in _LOG_LEVELS:
        raise UsageError(f"{source} is one of {', '.join(_LOG_LEVELS)} (got {value!r})")
    return level


def _origins_json(value: Any, source: str, folder: Path) -> str:
    if not isinstance(value, list) or not value or not all(isinstance(item, str) for item in value):
        raise UsageError(f"{source} must be a non-empty list of origin strings (got {json.dumps(value)})")
    return ";".join(value)


def _viewport_json(value: Any, source: str, folder: Path) -> tuple[int, int] | None:
    if value is None:
        return None
    ok = isinstance(value, dict) and set(value) == {"width", "height"}
    ok = ok and all(isinstance(value[k], int) and not isinstance(value[k], bool) and value[k] > 0 for k in value)
    if not ok:
        raise UsageError(
            f'{source} must be {{"width": W, "height": H}} in CSS pixels, positive whole numbers '
            f"(got {json.dumps(value)})"
        )
    return int(value["width"]), int(value["height"])


def _device_json(value: Any, source: str, folder: Path) -> str:
    return device_named(_json_str(value, source, folder), source)


def _args_json(value: Any, source: str, folder: Path) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise UsageError(f"{source} must be a list of strings (got {json.dumps(value)})")
    return tuple(value)


def _caps_text(value: str, source: str) -> frozenset[str]:
    return parse_caps(value, source)


def _caps_json(value: Any, source: str, folder: Path) -> frozenset[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise UsageError(f"{source} must be a list of tool group names (got {json.dumps(value)})")
    return check_caps(value, source)


def _header_text(value: str, source: str) -> tuple[str, str]:
    name, sep, header_value = value.partition(":")
    if not sep or not name.strip() or any(c.isspace() for c in name.strip()):
        raise UsageError(f"{source} takes NAME: VALUE, such as 'Authorization: Bearer TOKEN' (got {value!r})")
    return name.strip(), header_value.strip()


def _headers_json(value: Any, source: str, folder: Path) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, dict) or not all(isinstance(item, str) for item in value.values()):
        raise UsageError(f"{source} must be an object of header names to string values (got {json.dumps(value)})")
    return tuple((name, header) for name, header in value.items())


def _port_text(value: str, source: str) -> int:
    try:
        number = int(value.strip())
    except ValueError:
        raise UsageError(f"{source} must be a TCP port number, 0 to 65535 (got {value!r})") from None
    return _port_check(number, source, value)


def _port_json(value: Any, source: str, folder: Path) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise UsageError(f"{source} must be a TCP port number, 0 to 65535 (got {json.dumps(value)})")
    return _port_check(value, source, json.dumps(value))


def _port_check(number: int, source: str, shown: str) -> int:
    if not 0 <= number <= 65535:
        raise UsageError(f"{source} must be a TCP port number, 0 to 65535 (0: any free port) (got {shown})")
    return number


def _hosts_text(value: str, source: str) -> tuple[str, ...]:
    hosts = tuple(host.strip() for host in value.split(",") if host.strip())
    if not hosts:
        raise UsageError(f"{source} takes comma-separated host names, such as 'localhost,myhost:8931', or '*'")
    return hosts


def _hosts_json(value: Any, source: str, folder: Path) -> tuple[str, ...]:
    if not isinstance(value, list) or not value or not all(isinstance(item, str) and item.strip() for item in value):
        raise UsageError(f"{source} must be a non-empty list of host names (got {json.dumps(value)})")
    return tuple(item.strip() for item in value)


def _count_text(value: str, source: str) -> int:
    try:
        number = int(value.strip())
    except ValueError:
        number = 0
    if number < 1:
        raise UsageError(f"{source} must be a whole number >= 1 (got {value!r})")
    return number


def _count_json(value: Any, source: str, folder: Path) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise UsageError(f"{source} must be a whole number >= 1 (got {json.dumps(value)})")
    return value


def _role_text(value: str, source: str) -> tuple[str, ...]:
    return tuple(shlex.split(value))


def _roles_json(value: Any, source: str, folder: Path) -> tuple[tuple[str, ...], ...]:
    """``[{"name", "authFile"?, "defaultUrl"?}]`` -> ``--role`` value lists (auth file ``none`` when absent)."""
    if not isinstance(value, list):
        raise UsageError(f'{source} must be a list of {{"name", "authFile", "defaultUrl"}} objects')
    roles = []
    for index, role in enumerate(value):
        where = f"{source}[{index}]"
        if not isinstance(role, dict):
            raise UsageError(f'{where} must be an object {{"name", "authFile", "defaultUrl"}}')
        unknown = sorted(set(role) - {"name", "authFile", "defaultUrl"})
        if unknown:
            raise UsageError(f"{where} has an unknown key {unknown[0]!r} (a role has name, authFile, defaultUrl)")
        name = _json_str(role.get("name"), f"{where}.name", folder)
        auth = role.get("authFile")
        auth_text = "none" if auth in (None, "none") else str(_path_json(auth, f"{where}.authFile", folder))
        url = role.get("defaultUrl")
        roles.append((name, auth_text, *([_json_str(url, f"{where}.defaultUrl", folder)] if url is not None else [])))
    return tuple(roles)


def _split_shell(value: str, source: str) -> list[str]:
    try:
        return shlex.split(value)
    except ValueError as exc:
        raise UsageError(f"{source}: {exc} (values are split like a shell command line)") from None


def _split_lines(value: str, source: str) -> list[str]:
    return [line for line in value.splitlines() if line.strip()]


def _split_roles(value: str, source: str) -> list[str]:
    return [role for role in value.split(";") if role.strip()]


def _words(value: Any) -> list[str]:
    return [str(value)]


def _viewport_words(value: tuple[int, int]) -> list[str]:
    return [f"{value[0]}x{value[1]}"]


def _header_words(value: tuple[str, str]) -> list[str]:
    return [f"{value[0]}: {value[1]}"]


_action_ms = _milliseconds(0)
_navigation_ms = _milliseconds(1)

#: Every option, in ``--help`` order. ``verdex.cli`` adds the flags; :func:`resolve` reads all three sources.
OPTIONS: tuple[Option, ...] = (
    Option("browser", "--browser", "browser.launchOptions.executablePath", None, _text, _json_str, to_text=_words),
    Option(
        "headed",
        "--headed",
        "browser.launchOptions.headless",
        False,
        _bool_text,
        lambda value, source, folder: not _json_bool(value, source, folder),
    ),
    Option("cdp_endpoint", "--cdp-endpoint", "browser.cdpEndpoint", None, _text, _json_str, to_text=_words),
    Option(
        "cdp_header",
        "--cdp-header",
        "browser.cdpHeaders",
        (),
        _header_text,
        _headers_json,
        repeated=True,
        split_env=_split_lines,
        to_text=_header_words,
    ),
    Option("user_data_dir", "--user-data-dir", "browser.userDataDir", None, _path_text, _path_json, to_text=_words),
    Option(
        "browser_arg",
        "--browser-arg",
        "browser.launchOptions.args",
        (),
        _text,
        _args_json,
        repeated=True,
        split_env=_split_shell,
        to_text=_words,
    ),
    Option("sandbox", "--sandbox", "browser.launchOptions.chromiumSandbox", None, _bool_text, _json_bool),
    Option(
        "proxy_server", "--proxy-server", "browser.launchOptions.proxy.server", None, _text, _json_str, to_text=_words
    ),
    Option(
        "proxy_bypass", "--proxy-bypass", "browser.launchOptions.proxy.bypass", None, _text, _json_str, to_text=_words
    ),
    Option(
        "viewport_size",
        "--viewport-size",
        "browser.contextOptions.viewport",
        None,
        parse_viewport_size,
        _viewport_json,
        to_text=_viewport_words,
    ),
    Option("device", "--device", "browser.device", None, device_named, _device_json, to_text=_words),
    Option("user_agent", "--user-agent", "browser.contextOptions.userAgent", None, _text, _json_str, to_text=_words),
    Option(
        "ignore_https_errors",
        "--ignore-https-errors",
        "browser.contextOptions.ignoreHTTPSErrors",
        False,
        _bool_text,
        _json_bool,
    ),
    Option(
        "test_id_attribute", "--test-id-attribute", "testIdAttribute", "data-testid", _text, _json_str, to_text=_words
    ),
    Option("timeout_action", "--timeout-action", "timeouts.action", 5000, *_action_ms, to_text=_words),
    Option("timeout_navigation", "--timeout-navigation", "timeouts.navigation", 30000, *_navigation_ms, to_text=_words),
    Option(
        "allowed_origins", "--allowed-origins", "network.allowedOrigins", None, _text, _origins_json, to_text=_words
    ),
    Option(
        "blocked_origins", "--blocked-origins", "network.blockedOrigins", None, _text, _origins_json, to_text=_words
    ),
    Option("allow_file_urls", "--allow-file-urls", "allowFileUrls", False, _bool_text, _json_bool),
    Option(
        "log_level",
        "--log-level",
        "logLevel",
        "warning",
        _level_text,
        lambda v, s, f: _level_text(_json_str(v, s, f), s),
        to_text=_words,
    ),
    Option("trace", "--trace", "trace", None, _path_text, _path_json),
    Option("output_dir", "--output-dir", "outputDir", None, _path_text, _path_json),
    Option(
        "caps", "--caps", "capabilities", None, _caps_text, _caps_json, to_text=lambda caps: [",".join(sorted(caps))]
    ),
    Option("output_schemas", "--output-schemas", "outputSchemas", False, _bool_text, _json_bool),
    Option("port", "--port", "server.port", None, _port_text, _port_json),
    Option("host", "--host", "server.host", "localhost", _text, _json_str),
    Option("allowed_hosts", "--allowed-hosts", "server.allowedHosts", (), _hosts_text, _hosts_json),
    Option("max_sessions", "--max-sessions", "server.maxSessions", 8, _count_text, _count_json),
    Option(
        "role",
        "--role",
        "roles",
        (),
        _role_text,
        _roles_json,
        repeated=True,
        split_env=_split_roles,
    ),
)

_BY_NAME = {option.name: option for option in OPTIONS}
#: Config keys accepted with no option of their own: checked, then ignored.
_CHECKED_KEYS: dict[str, Callable[[Any, str], None]] = {}


def _browser_name(value: Any, source: str) -> None:
    if value != "chromium":
        raise UsageError(f'{source} is {json.dumps(value)}; verdex drives Chromium only ("chromium")')


_CHECKED_KEYS["browser.browserName"] = _browser_name


@dataclass(frozen=True)
class Resolved:
    """The options' values after precedence, and where each came from.

    Attributes:
        values: value by option name (every name of the command, defaults included).
        sources: for each value that did not come from the default: ``--flag``, ``VERDEX_FLAG`` or
            ``FILE: key``, for messages.
        config_file: the config file read, or None.
    """

    values: dict[str, Any]
    sources: dict[str, str]
    config_file: Path | None = None

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def given(self, name: str) -> bool:
        """True when a source (not the default) set the option."""
        return name in self.sources


def resolve(
    command_line: Mapping[str, Any],
    names: Iterable[str],
    environ: Mapping[str, str] | None = None,
    config_path: str | None = None,
) -> Resolved:
    """Resolve options by precedence: command line > environment > config file > default.

    Args:
        command_line: raw values by option name as ``argparse`` parsed them: None when absent;
            a string, a bool (switches), or a list (repeated options; ``--role``: a list of lists).
        names: the options this command has (others in the environment or the file are ignored).
        environ: the environment (default ``os.environ``).
        config_path: ``--config`` (else ``VERDEX_CONFIG``), or None.

    Raises:
        UsageError: a value that does not parse, a config file that cannot be read, an unknown key.
    """
    environ = os.environ if environ is None else environ
    config_path = config_path or environ.get("VERDEX_CONFIG") or None
    file_values: dict[str, tuple[Any, str]] = {}
    config_file = None
    if config_path:
        config_file = Path(config_path).expanduser().absolute()
        file_values = _read_config(config_file)
    values: dict[str, Any] = {}
    sources: dict[str, str] = {}
    for name in names:
        option = _BY_NAME[name]
        raw = command_line.get(name)
        env_text = environ.get(option.env, "")
        if raw is not None and raw != []:
            values[name] = _from_command_line(option, raw)
            sources[name] = option.flag
        elif env_text.strip():
            values[name] = _from_env(option, env_text)
            sources[name] = option.env
        elif name in file_values:
            values[name], sources[name] = file_values[name]
        else:
            values[name] = option.default
    return Resolved(values, sources, config_file)


def _from_command_line(option: Option, raw: Any) -> Any:
    if isinstance(raw, bool):
        return raw
    if option.name == "role":
        return tuple(tuple(values) for values in raw)
    if option.repeated:
        return tuple(option.from_text(item, option.flag) for item in raw)
    return option.from_text(raw, option.flag)


def _from_env(option: Option, text: str) -> Any:
    if option.repeated:
        assert option.split_env is not None
        return tuple(option.from_text(item, option.env) for item in option.split_env(text, option.env))
    return option.from_text(text, option.env)


def _read_config(path: Path) -> dict[str, tuple[Any, str]]:
    """The option values a config file sets, by option name, each with its source (``FILE: key``).

    Raises:
        UsageError: unreadable, not JSON, not an object, an unknown key, a value of the wrong type.
    """
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise UsageError(f"config file {path}: {exc.strerror or exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"config file {path}: not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    if not isinstance(data, dict):
        raise UsageError(f"config file {path}: must hold a JSON object, as Playwright MCP's config does")
    by_key = {option.key: option for option in OPTIONS if option.key}
    found: dict[str, tuple[Any, str]] = {}

    def walk(node: dict[str, Any], prefix: str) -> None:
        for key, value in node.items():
            path_key = f"{prefix}{key}"
            source = f"{path}: {path_key}"
            if path_key in _SECTIONS:
                if not isinstance(value, dict):
                    raise UsageError(f"{source} must be an object (got {json.dumps(value)})")
                walk(value, path_key + ".")
            elif path_key in by_key:
                option = by_key[path_key]
                found[option.name] = (option.from_json(value, source, path.parent), source)
            elif path_key in _CHECKED_KEYS:
                _CHECKED_KEYS[path_key](value, source)
            else:
                raise UsageError(
                    f"config file {path}: unknown key {path_key!r}; {_elsewhere(key)}{_known_keys(prefix)}"
                )

    walk(data, "")
    return found


def _elsewhere(key: str) -> str:
    """``it goes in server.port; `` when a known key ends with ``key``, for the unknown-key error."""
    places = sorted(known for known in (option.key for option in OPTIONS if option.key) if known.endswith("." + key))
    return f"it goes in {' or '.join(places)}; " if places else ""


def _known_keys(prefix: str) -> str:
    """What a config object at ``prefix`` may hold, for the unknown-key error."""
    keys = [*(option.key for option in OPTIONS if option.key), *_CHECKED_KEYS, *_SECTIONS]
    children = sorted({key.removeprefix(prefix).split(".")[0] for key in keys if key.startswith(prefix)})
    where = f"{prefix.rstrip('.')} takes" if prefix else "the top level takes"
    return f"{where} {', '.join(children)} (docs/options.md lists every key)"


def option_args(resolved: Resolved, names: Iterable[str]) -> list[str]:
    """The resolved values of ``names`` as ``verdex serve`` command-line words (defaults left out).

    The ``verdex serve`` that ``verdex demo`` starts gets every option on its command line, so the
    environment and config file the demo read are applied once, by the demo.
    """
    words: list[str] = []
    for name in names:
        option = _BY_NAME[name]
        value = resolved[name]
        if value == option.default:
            continue
        if isinstance(value, bool):
            words.append(option.flag if value else f"--no-{option.flag.removeprefix('--')}")
            continue
        assert option.to_text is not None, name
        for item in value if option.repeated else (value,):
            words += [option.flag, *option.to_text(item)]
    return words
