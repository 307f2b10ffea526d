"""End-to-end tests: the ``tools`` and ``serve`` fixtures live in tests/conftest.py."""

from __future__ import annotations

from tests.mcp_client import Answer, Tools, serve_parameters

__all__ = ["Answer", "Tools", "serve_parameters"]
