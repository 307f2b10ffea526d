"""verdex: an MCP server that gives AI coding assistants the structural facts to write stable Playwright locators."""

from __future__ import annotations

#: The package version; pyproject.toml reads it from here (``[tool.hatch.version]``). A literal,
#: not ``importlib.metadata``: that import alone costs ~30 ms of every server start.
__version__ = "0.1.0"

__all__ = ["__version__"]
