"""Plan and trace tests: the e2e fixtures (``tools``, ``serve``, ``marketplace``)."""

from tests.e2e.conftest import marketplace

__all__ = ["marketplace"]
