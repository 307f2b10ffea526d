"""The server's configuration, as the command line gives it."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from verdex.browser.launcher import BrowserOptions
from verdex.server.groups import DEFAULT_GROUPS, enabled_tools

__all__ = ["DEFAULT_ROLE", "RoleConfig", "ServerConfig"]

#: The role every session has when no ``--role`` is given.
DEFAULT_ROLE = "default"


@dataclass(frozen=True)
class RoleConfig:
    """One ``--role NAME AUTH_FILE [DEFAULT_URL]``.

    Attributes:
        name: the role's name (``admin``, ``customer`` ...).
        auth_file: Playwright storageState JSON to log the role in, or None.
        default_url: the URL a role's blank page opens on first use, or None.
    """

    name: str
    auth_file: Path | None = None
    default_url: str | None = None


@dataclass(frozen=True)
class ServerConfig:
    """Everything ``verdex serve`` is started with.

    Attributes:
        browser: which browser, headless or not, or an endpoint to attach to.
        roles: the configured roles; the first is current at start.
        test_id_attribute: the attribute Playwright's ``getByTestId`` uses in the user's tests.
        action_timeout: seconds an action retries actionability checks (``--timeout-action``).
        navigation_timeout: seconds a navigation may take to load (``--timeout-navigation``).
        call_timeout: seconds one bridge call or CDP command may take.
        trace_file: where ``--trace`` writes one JSON line per tool call (:mod:`verdex.server.trace`), or None.
        output_dir: where tools write files (``browser_snapshot(filename=...)``; ``--output-dir``), or None
            for ``verdex-output`` in the system's temporary folder.
        caps: the tool groups on besides ``core`` (``--caps``; :mod:`verdex.server.groups`).
        output_schemas: publish every tool's outputSchema in ``tools/list`` (``--output-schemas``).
        codegen: the language of the Playwright line action answers end with: ``typescript``, ``python``
            or ``none`` (``--codegen``, Playwright MCP's flag).
    """

    browser: BrowserOptions = field(default_factory=BrowserOptions)
    roles: tuple[RoleConfig, ...] = (RoleConfig(DEFAULT_ROLE),)
    test_id_attribute: str = "data-testid"
    action_timeout: float = 5.0
    navigation_timeout: float = 30.0
    call_timeout: float = 30.0
    trace_file: Path | None = None
    output_dir: Path | None = None
    caps: frozenset[str] = DEFAULT_GROUPS
    output_schemas: bool = False
    codegen: str = "typescript"

    @property
    def tools(self) -> set[str]:
        """The names of the tools this configuration turns on (``--caps``, and the roles group when ``--role`` is
        given: :func:`verdex.server.groups.enabled_tools`)."""
        return enabled_tools(self.caps, roles_given=self.roles != (RoleConfig(DEFAULT_ROLE),))

    @property
    def tool_timeout(self) -> float:
        """Seconds after which any tool call gives up: the longest wait a tool can do, plus slack."""
        return max(self.navigation_timeout, self.call_timeout) + self.action_timeout + 30.0
