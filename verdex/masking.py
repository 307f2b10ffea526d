"""The one masking rule for secrets, applied to every answer, error, log line and trace record.

What is masked (README, Security: Secrets):

- The value of a secret field (a password, a one-time code, card data; see
  :func:`verdex.bridge.api.Bridge.element_state`'s ``secret``) wherever it appears: the values the
  server typed into such a field or compared with one are remembered (:meth:`SecretValues.remember`)
  and replaced by ``••••`` in every text that leaves the server; the bridge does the same in the
  page for the values it finds there (``bridge/src/secrets.ts``).
- The password of a URL's userinfo: ``http://user:pass@host/`` is written ``http://user:••••@host/``.

:class:`SecretValues` belongs to the server session; :class:`MaskingFilter` applies it to log records.
"""

from __future__ import annotations

import logging
import re
from typing import Any

__all__ = ["MASK", "MaskingFilter", "SecretValues", "mask_userinfo"]

MASK = "••••"

#: Secret values shorter than this are masked only where a whole string equals them.
_MIN_SUBSTRING = 4

#: ``scheme://user:password@``: the password part, up to the ``@`` before the host.
_USERINFO = re.compile(r"(?P<head>\b[A-Za-z][A-Za-z0-9+.-]*://[^/?#\s:@]*):[^/?#\s@]*@")


def mask_userinfo(text: str) -> str:
    """``text`` with the password of every URL's userinfo as ``••••`` (``http://ada:••••@host/``)."""
    if "@" not in text:
        return text
    return _USERINFO.sub(lambda m: f"{m.group('head')}:{MASK}@", text)


class SecretValues:
    """Secret values the server has seen, and the masking of texts and JSON values with them."""

    def __init__(self) -> None:
        self._values: set[str] = set()
        self._ordered: list[str] = []

    def remember(self, value: str) -> None:
        """Note a secret value (typed into a secret field, or compared with one); empty values are ignored."""
        if value and value not in self._values:
            self._values.add(value)
            self._ordered = sorted(self._values, key=len, reverse=True)

    def mask(self, text: str) -> str:
        """``text`` with every remembered value and every URL password replaced by ``••••``."""
        for value in self._ordered:
            if len(value) < _MIN_SUBSTRING:
                if text == value:
                    return MASK
            elif value in text:
                text = text.replace(value, MASK)
        return mask_userinfo(text)

    def mask_data(self, value: Any) -> Any:
        """A JSON value with :meth:`mask` applied to every string in it."""
        if isinstance(value, str):
            return self.mask(value)
        if isinstance(value, dict):
            return {key: self.mask_data(item) for key, item in value.items()}
        if isinstance(value, list):
            return [self.mask_data(item) for item in value]
        return value


class MaskingFilter(logging.Filter):
    """Masks each log record's message (arguments formatted in) with a session's :class:`SecretValues`."""

    def __init__(self, secrets: SecretValues) -> None:
        super().__init__()
        self.secrets = secrets

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = self.secrets.mask(message)
        if masked != message:
            record.msg, record.args = masked, None
        if record.exc_info and not record.exc_text:
            record.exc_text = self.secrets.mask(logging.Formatter().formatException(record.exc_info))
        return True
