"""Real input through the CDP Input domain: mouse clicks and key presses.

Coordinates are CSS pixels in the page's viewport (``Input.dispatchMouseEvent``). Keys use the
names of ``KeyboardEvent.key`` (UI Events KeyboardEvent key values), optionally with modifiers
joined by ``+`` as Playwright writes them: ``Enter``, ``Shift+Tab``, ``Control+a``.
"""

from __future__ import annotations

from dataclasses import dataclass

from verdex.cdp import protocol as cdp
from verdex.cdp.connection import CDPSession
from verdex.errors import UsageError
from verdex.safe_text import excerpt

__all__ = ["KeyPress", "click_at", "mouse_button", "move_to", "parse_key", "press", "type_text"]

#: Modifier name -> CDP ``modifiers`` bit (Alt=1, Control=2, Meta=4, Shift=8).
_MODIFIERS = {"Alt": 1, "Control": 2, "Meta": 4, "Shift": 8}
_MODIFIER_ALIASES = {"Ctrl": "Control", "Cmd": "Meta", "Command": "Meta", "Option": "Alt", "ControlOrMeta": "Control"}
_MODIFIER_CODES = {
    "Alt": ("AltLeft", 18),
    "Control": ("ControlLeft", 17),
    "Meta": ("MetaLeft", 91),
    "Shift": ("ShiftLeft", 16),
}

# key -> (code, windowsVirtualKeyCode, text)
_NAMED: dict[str, tuple[str, int, str]] = {
    "Enter": ("Enter", 13, "\r"),
    "Tab": ("Tab", 9, ""),
    "Escape": ("Escape", 27, ""),
    "Backspace": ("Backspace", 8, ""),
    "Delete": ("Delete", 46, ""),
    "Insert": ("Insert", 45, ""),
    "ArrowUp": ("ArrowUp", 38, ""),
    "ArrowDown": ("ArrowDown", 40, ""),
    "ArrowLeft": ("ArrowLeft", 37, ""),
    "ArrowRight": ("ArrowRight", 39, ""),
    "Home": ("Home", 36, ""),
    "End": ("End", 35, ""),
    "PageUp": ("PageUp", 33, ""),
    "PageDown": ("PageDown", 34, ""),
    "Space": ("Space", 32, " "),
    " ": ("Space", 32, " "),
    **{f"F{n}": (f"F{n}", 111 + n, "") for n in range(1, 13)},
}
_ALIASES = {
    "Esc": "Escape",
    "Return": "Enter",
    "Up": "ArrowUp",
    "Down": "ArrowDown",
    "Left": "ArrowLeft",
    "Right": "ArrowRight",
    "Del": "Delete",
}
_PUNCTUATION: dict[str, tuple[str, int]] = {
    "-": ("Minus", 189),
    "=": ("Equal", 187),
    "[": ("BracketLeft", 219),
    "]": ("BracketRight", 221),
    "\\": ("Backslash", 220),
    ";": ("Semicolon", 186),
    "'": ("Quote", 222),
    ",": ("Comma", 188),
    ".": ("Period", 190),
    "/": ("Slash", 191),
    "`": ("Backquote", 192),
}


@dataclass(frozen=True)
class KeyPress:
    """One key with its modifiers, ready for ``Input.dispatchKeyEvent``."""

    key: str
    code: str
    key_code: int
    text: str
    modifiers: tuple[str, ...]


def parse_key(spec: str) -> KeyPress:
    """Parse ``"Enter"``, ``"a"``, ``"Shift+Tab"``, ``"Control+Shift+K"``.

    A chord is at most the four modifiers, each once, and one key.

    Raises:
        UsageError: empty, an unknown key name, an unknown modifier, more than four modifiers or one
            given twice.
    """
    if not spec:
        raise UsageError("key is empty: pass a key name such as Enter, Tab, Escape, ArrowDown or a single character")
    if spec == "+":
        parts = ["+"]
    elif spec.endswith("++"):
        parts = [*spec[:-2].split("+"), "+"]
    else:
        parts = spec.split("+")
    if any(part == "" for part in parts):
        raise UsageError(f"key {excerpt(spec)} has an empty part: write modifiers and key joined by +, e.g. Shift+Tab")
    *mods, name = parts
    if len(mods) > len(_MODIFIERS):
        raise UsageError(
            f"key {excerpt(spec)} has {len(mods)} modifiers: a chord is at most the 4 modifiers (Shift, Control, Alt, "
            "Meta, each once) and one key, e.g. Control+Shift+ArrowLeft"
        )
    modifiers: list[str] = []
    for mod in mods:
        canonical = _MODIFIER_ALIASES.get(mod, mod)
        if canonical not in _MODIFIERS:
            raise UsageError(
                f"unknown modifier {excerpt(mod)} in {excerpt(spec)}: use Shift, Control, Alt or Meta, e.g. Shift+Tab"
            )
        if canonical in modifiers:
            raise UsageError(
                f"key {excerpt(spec)} has {canonical} twice: give each modifier once, e.g. Control+Shift+a"
            )
        modifiers.append(canonical)
    name = _ALIASES.get(name, name)
    if name in _MODIFIERS:
        code, key_code = _MODIFIER_CODES[name]
        return KeyPress(name, code, key_code, "", tuple(modifiers))
    if name in _NAMED:
        code, key_code, text = _NAMED[name]
        return KeyPress(" " if name == "Space" else name, code, key_code, text, tuple(modifiers))
    if len(name) == 1:
        char = name.upper() if "Shift" in modifiers and name.isalpha() else name
        if char.isalpha() and char.isascii():
            return KeyPress(char, f"Key{char.upper()}", ord(char.upper()), char, tuple(modifiers))
        if char.isdigit():
            return KeyPress(char, f"Digit{char}", ord(char), char, tuple(modifiers))
        code, key_code = _PUNCTUATION.get(char, ("", 0))
        return KeyPress(char, code, key_code, char, tuple(modifiers))
    known = ", ".join(sorted(k for k in _NAMED if k != " "))
    raise UsageError(f"unknown key {excerpt(name)}: use a single character or one of {known}")


async def press(session: CDPSession, key: KeyPress, *, timeout: float) -> None:
    """Press and release ``key`` with its modifiers (``Input.dispatchKeyEvent``)."""
    bits = 0
    for name in key.modifiers:
        code, key_code = _MODIFIER_CODES[name]
        bits |= _MODIFIERS[name]
        await session.send(
            cdp.Input.dispatchKeyEvent(
                {"type": "rawKeyDown", "key": name, "code": code, "windowsVirtualKeyCode": key_code, "modifiers": bits}
            ),
            timeout=timeout,
        )
    # Text is only produced without Control/Meta (Control+A selects, it does not type "a").
    text = key.text if not (bits & (_MODIFIERS["Control"] | _MODIFIERS["Meta"])) else ""
    down: cdp.InputDispatchKeyEventParams = {
        "type": "keyDown" if text else "rawKeyDown",
        "key": key.key,
        "code": key.code,
        "windowsVirtualKeyCode": key.key_code,
        "modifiers": bits,
    }
    if text:
        down["text"] = text
        down["unmodifiedText"] = text
    await session.send(cdp.Input.dispatchKeyEvent(down), timeout=timeout)
    await session.send(
        cdp.Input.dispatchKeyEvent(
            {
                "type": "keyUp",
                "key": key.key,
                "code": key.code,
                "windowsVirtualKeyCode": key.key_code,
                "modifiers": bits,
            }
        ),
        timeout=timeout,
    )
    for name in reversed(key.modifiers):
        code, key_code = _MODIFIER_CODES[name]
        bits &= ~_MODIFIERS[name]
        await session.send(
            cdp.Input.dispatchKeyEvent(
                {"type": "keyUp", "key": name, "code": code, "windowsVirtualKeyCode": key_code, "modifiers": bits}
            ),
            timeout=timeout,
        )


async def move_to(session: CDPSession, x: float, y: float, *, timeout: float) -> None:
    """Move the mouse to ``(x, y)`` (fires ``mousemove``, ``mouseover``, ``mouseenter``)."""
    await session.send(
        cdp.Input.dispatchMouseEvent({"type": "mouseMoved", "x": x, "y": y, "button": "none"}), timeout=timeout
    )


async def click_at(session: CDPSession, x: float, y: float, *, timeout: float) -> None:
    """Move to ``(x, y)``, press and release the left button: one real click."""
    await move_to(session, x, y, timeout=timeout)
    await mouse_button(session, x, y, pressed=True, timeout=timeout)
    await mouse_button(session, x, y, pressed=False, timeout=timeout)


async def mouse_button(session: CDPSession, x: float, y: float, *, pressed: bool, timeout: float) -> None:
    """Press (``mousedown``, ``pointerdown``) or release (``mouseup``, ``click``) the left button at ``(x, y)``.

    ``Input.dispatchMouseEvent`` answers once the renderer has handled the event, so the page's
    listeners for it have run when this returns.
    """
    await session.send(
        cdp.Input.dispatchMouseEvent(
            {
                "type": "mousePressed" if pressed else "mouseReleased",
                "x": x,
                "y": y,
                "button": "left",
                "buttons": 1 if pressed else 0,
                "clickCount": 1,
            }
        ),
        timeout=timeout,
    )


async def type_text(session: CDPSession, text: str, *, timeout: float) -> None:
    """Insert ``text`` at the focus as typing would (``Input.insertText``: beforeinput/input events)."""
    if text:
        await session.send(cdp.Input.insertText({"text": text}), timeout=timeout)
