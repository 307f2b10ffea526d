"""verdex's exceptions: one tree, and every message is written for the model to act on.

The text of an exception that reaches a tool becomes the MCP tool error the model reads, so each
message says what happened and what to call next.

    VerdexError
    ├── CDPError                  the DevTools protocol layer
    │   ├── ProtocolError         the browser answered a command with an error
    │   ├── CDPTimeoutError       no answer within the command's timeout
    │   └── BrowserClosedError    the connection is gone; every pending and later command fails
    ├── BrowserLaunchError        no browser found, or it did not start
    ├── NavigationError           a navigation failed or did not finish in time
    ├── BridgeError               the in-page bridge could not be installed or reached
    │   └── BridgeCallError       the bridge answered a call with an error code
    ├── RefError                  a ref the model passed cannot be used
    │   ├── MalformedRefError     not of the form eN or f<K>_eN
    │   ├── UnknownRefError       never given out in this session
    │   ├── StaleRefError         its element or document is gone
    │   └── CrossRoleRefError     it belongs to another role
    ├── ActionError               the element cannot be acted on (hidden, disabled, covered ...)
    ├── DialogOpenError           a JavaScript dialog blocks the page until it is answered
    ├── AuthFileError             a role's storageState file is missing, unreadable or malformed
    ├── PlanStepError             a step of browser_run_plan failed a condition or its action
    └── UsageError                an argument is out of range or does not fit the page
        └── LocatorError          a locator cannot be parsed, is not supported, or Playwright rejects it

Errors from libraries below (trio, trio-websocket, OS errors) are translated where they occur,
with ``raise ... from exc``.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "ActionError",
    "AuthFileError",
    "BridgeCallError",
    "BridgeError",
    "BrowserClosedError",
    "BrowserLaunchError",
    "CDPError",
    "CDPTimeoutError",
    "CrossRoleRefError",
    "DialogOpenError",
    "LocatorError",
    "MalformedRefError",
    "NavigationError",
    "PlanStepError",
    "ProtocolError",
    "RefError",
    "StaleRefError",
    "UnknownRefError",
    "UsageError",
    "VerdexError",
]


class VerdexError(Exception):
    """Base of every error verdex raises on purpose."""


class CDPError(VerdexError):
    """A failure in the Chrome DevTools Protocol layer."""


class ProtocolError(CDPError):
    """The browser answered a command with an error object.

    Attributes:
        method: the CDP method, e.g. ``"Runtime.callFunctionOn"``.
        code: the JSON-RPC error code the browser sent.
        detail: the browser's error message.
    """

    def __init__(self, method: str, code: int, detail: str) -> None:
        super().__init__(f"{method} failed: {detail} (code {code})")
        self.method = method
        self.code = code
        self.detail = detail


class CDPTimeoutError(CDPError):
    """A CDP command got no answer within its timeout."""


class BrowserClosedError(CDPError):
    """The connection to the browser is closed; it says why."""


class BrowserLaunchError(VerdexError):
    """No usable browser was found, or it did not start."""


class NavigationError(VerdexError):
    """A navigation failed (network error, blocked URL) or did not finish in time."""


class BridgeError(VerdexError):
    """The in-page bridge could not be installed, found, or it is the wrong version."""


class BridgeCallError(BridgeError):
    """The bridge answered a call with ``ok: false``.

    Attributes:
        code: the bridge's error code (``ref-unknown``, ``not-actionable`` ... see bridge/README.md).
        details: the other fields of the bridge's error object.
    """

    def __init__(self, code: str, message: str, details: dict[str, Any]) -> None:
        super().__init__(message)
        self.code = code
        self.details = details


class RefError(VerdexError):
    """A ref passed by the model cannot be used."""


class MalformedRefError(RefError):
    """The ref is not of the form ``eN`` or ``f<K>_eN``."""


class UnknownRefError(RefError):
    """The ref was never given out in this session."""


class StaleRefError(RefError):
    """The ref's element was removed, or its document was left."""


class CrossRoleRefError(RefError):
    """The ref belongs to a role other than the current one."""


class DialogOpenError(VerdexError):
    """A JavaScript dialog blocks the page: nothing runs there until it is answered.

    Attributes:
        dialog: the open dialog (a :class:`verdex.browser.events.Dialog`).
    """

    def __init__(self, dialog: Any) -> None:
        super().__init__(
            f"the page is blocked by {dialog.describe()}. Answer it first: call "
            "browser_handle_dialog(accept=true) for OK or browser_handle_dialog(accept=false) for Cancel"
            + (" (promptText: the answer to type)" if dialog.type == "prompt" else "")
            + "; then call this tool again"
        )
        self.dialog = dialog


class ActionError(VerdexError):
    """An action's target failed an actionability check.

    Attributes:
        reason: ``hidden``, ``disabled``, ``not-editable``, ``covered``, ``not-stable`` ...
    """

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


class AuthFileError(VerdexError):
    """A role's auth file (Playwright storageState JSON) cannot be used.

    The message names the file and what is wrong with it, never a cookie or storage value.

    Attributes:
        path: the file, as an absolute path.
        problem: what is wrong with it (``does not exist``, ``is not JSON: ...``).
        role: the role that could not start because of it, when there is one.
    """

    def __init__(self, path: str, problem: str, *, role: str | None = None, hint: str = "") -> None:
        prefix = f"role {role!r} could not start: " if role else ""
        super().__init__(f"{prefix}auth file {path} {problem}" + (f". {hint}" if hint else ""))
        self.path = path
        self.problem = problem
        self.role = role


class PlanStepError(VerdexError):
    """A step of ``browser_run_plan`` failed: a condition did not hold, or its action failed.

    The message is the whole report for the model (steps done, the failing step, what the page
    showed instead).

    Attributes:
        index: the failing step's index in the plan (0-based).
        condition: ``precondition visible``, ``postcondition urlChanges``, ``target`` or ``action``.
        actual: what the page showed instead (the URL, the text, the state), or the action's error.
    """

    def __init__(self, message: str, *, index: int, condition: str, actual: str) -> None:
        super().__init__(message)
        self.index = index
        self.condition = condition
        self.actual = actual


class UsageError(VerdexError):
    """An argument is out of range or does not fit the current page."""


class LocatorError(UsageError):
    """A locator given to ``verify_locator`` cannot be parsed, uses a method or option verdex does not
    evaluate, or is one Playwright itself would reject (an option the role does not support ...).

    Attributes:
        line: 1-based line of the offending text in the locator, or None when no position applies.
        column: 1-based column (characters) on that line, or None.
    """

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        super().__init__(message)
        self.line = line
        self.column = column
