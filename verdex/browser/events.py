"""What pages report to the server on their own: dialogs, new tabs, downloads.

One :class:`PageEvents` per server session, shared by every page through
:class:`~verdex.browser.page.PageSettings`. Event handlers (in the CDP reader task) leave notes
for the model here; the tool call that is running, or else the next one, carries them. A
JavaScript dialog blocks its page's renderer, so every call in flight is interrupted when one
opens (:meth:`PageEvents.interruptible`), and the call answers with the dialog instead of hanging.
Background work the answer should wait for (a new tab being attached, a short download) is
counted with :meth:`PageEvents.begin_work`; :meth:`PageEvents.settle` waits for it, bounded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import trio

__all__ = ["Dialog", "Interruption", "PageEvents"]


@dataclass(frozen=True)
class Dialog:
    """A JavaScript dialog a page shows (``Page.javascriptDialogOpening``).

    Attributes:
        type: ``alert``, ``confirm``, ``prompt`` or ``beforeunload``.
        message: the text it shows (empty for ``beforeunload``: browsers show their own).
        default_prompt: the prefilled answer of a ``prompt``.
        url: the URL of the document that opened it.
        frame: ``the main frame`` or ``frame f1`` (the frame that opened it).
        where: the role and tab it belongs to, e.g. ``role 'default', tab [0]``.
    """

    type: str
    message: str
    default_prompt: str
    url: str
    frame: str
    where: str

    def describe(self) -> str:
        """``a confirm dialog "Delete the item?" from frame f1 of role 'default', tab [0] (http://...)``."""
        if self.type == "beforeunload":
            kind = "a beforeunload dialog (leave the page?)"
        else:
            kind = f"{'an' if self.type == 'alert' else 'a'} {self.type} dialog"
        text = f' "{self.message}"' if self.message else ""
        prompt = f" (default answer {self.default_prompt!r})" if self.type == "prompt" else ""
        return f"{kind}{text}{prompt} from {self.frame} of {self.where} ({self.url})"

    def facts(self) -> dict[str, str]:
        """The structured form: ``{type, message, defaultPrompt?, url, frame}``."""
        facts = {"type": self.type, "message": self.message, "url": self.url, "frame": self.frame}
        if self.type == "prompt":
            facts["defaultPrompt"] = self.default_prompt
        return facts


@dataclass(eq=False)
class Interruption:
    """What stopped a call: the dialog that opened while it ran (None if nothing did)."""

    dialog: Dialog | None = None


@dataclass(eq=False)
class PageEvents:
    """Notes, interruptions and background work shared by the pages of one server session.

    Attributes:
        tab_of: set by the server: ``tab_of(target_id)`` names a page as ``role 'admin', tab [1]``
            (None when the page is not an open tab).
    """

    tab_of: Callable[[str], str | None] = lambda _target_id: None
    _notes: list[str | Callable[[], str | None]] = field(default_factory=list)
    _calls: dict[trio.CancelScope, Interruption] = field(default_factory=dict)
    _active: set[int] = field(default_factory=set)
    _next_work: int = 0
    _idle: trio.Event = field(default_factory=trio.Event)

    def note(self, text: str | Callable[[], str | None]) -> None:
        """Leave a note for the model (carried by the running call's answer, or the next one).

        A callable is asked for its text when the note is taken (None: nothing to say by then).
        """
        self._notes.append(text)

    def take_notes(self) -> list[str]:
        notes, self._notes = self._notes, []
        texts = [note if isinstance(note, str) else note() for note in notes]
        return [text for text in texts if text]

    @contextmanager
    def interruptible(self, interrupt: bool = True) -> Iterator[Interruption]:
        """Run a call that a dialog opening anywhere interrupts (cancels); ``interrupt=False``: a call that
        deals with dialogs itself (answering one, leaving the page) runs on.

        After the block, ``interruption.dialog`` is the dialog that stopped it, or None.
        """
        interruption = Interruption()
        with trio.CancelScope() as scope:
            if interrupt:
                self._calls[scope] = interruption
            try:
                yield interruption
            finally:
                self._calls.pop(scope, None)

    def dialog_opened(self, dialog: Dialog) -> None:
        """Interrupt every call in flight: the dialog blocks its page until it is answered."""
        for scope, interruption in self._calls.items():
            if interruption.dialog is None:
                interruption.dialog = dialog
                scope.cancel()

    def begin_work(self) -> Callable[[], None]:
        """Mark background work the running call's answer should wait for (see :meth:`settle`);
        call the function returned when it is done (calling it again does nothing)."""
        work = self._next_work
        self._next_work += 1
        self._active.add(work)

        def done() -> None:
            if work in self._active:
                self._active.discard(work)
                self._idle.set()
                self._idle = trio.Event()

        return done

    def mark(self) -> int:
        """A point in time for :meth:`settle`: work begun from now on."""
        return self._next_work

    async def settle(self, timeout: float, since: int = 0) -> None:
        """Wait up to ``timeout`` seconds for background work begun since ``since`` (a :meth:`mark`)
        to finish: a long download begun by an earlier call holds up no later one. Returns at once (without a
        cancel scope, a cost on every tool call) when no such work runs."""
        if not any(work >= since for work in self._active):
            return
        with trio.move_on_after(timeout):
            while any(work >= since for work in self._active):
                await self._idle.wait()
