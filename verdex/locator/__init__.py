"""Playwright locators as the model writes them: parsed into one AST for the bridge to evaluate.

``parse_locator(text)`` reads a TypeScript/JavaScript or Python locator expression
(``page.getByTestId('card').filter({ hasText: 'x' }).getByRole('button')``) and returns a
:class:`~verdex.locator.ast.Locator`; :meth:`~verdex.locator.ast.Locator.to_json` is what the
bridge's ``verifyLocator`` evaluates in the page (bridge/src/locator).
"""

from __future__ import annotations

from verdex.locator.ast import Locator, TextMatch
from verdex.locator.parser import parse_locator

__all__ = ["Locator", "TextMatch", "parse_locator"]
