"""End-to-end tests: the ``tools`` and ``serve`` fixtures live in tests/conftest.py.

Here: the marketplace app (``marketplace``) and ``role_args`` for servers with ``--role`` options.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractAsyncContextManager
from pathlib import Path

import pytest

from tests.mcp_client import Answer, Tools, serve_parameters
from tests.support import Marketplace, marketplace_server

__all__ = ["Answer", "Serve", "Tools", "role_args", "serve_parameters"]

#: The type of the ``serve`` fixture: ``async with serve("--role", ..., cwd=path) as tools``.
Serve = Callable[..., AbstractAsyncContextManager[Tools]]


@pytest.fixture
def marketplace(tmp_path: Path) -> Iterator[Marketplace]:
    """The marketplace app with fresh state, and a storageState file per user in ``tmp_path/auth``."""
    with marketplace_server(tmp_path / "auth") as running:
        yield running


def role_args(market: Marketplace, *roles: str, path: str = "products") -> list[str | Path]:
    """``--role NAME AUTH_FILE URL`` for each role, logged in with the marketplace's auth files."""
    args: list[str | Path] = []
    for role in roles:
        args += ["--role", role, market.auth[role], market.url + path]
    return args
