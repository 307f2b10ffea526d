"""Files the tools write for the model (``browser_snapshot(filename=...)``), under one output folder.

The folder is ``--output-dir`` (``VERDEX_OUTPUT_DIR``, config key ``outputDir``, as in Playwright
MCP), else ``verdex-output`` in the system's temporary folder; it is created when first written
to. A file name is relative to it (an absolute path must lie inside it); a name that leads out of
it (``../x``, a symlink pointing elsewhere) is refused.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from verdex.errors import UsageError
from verdex.server.config import ServerConfig

__all__ = ["output_dir", "output_path", "write_text"]


def output_dir(config: ServerConfig) -> Path:
    """The output folder, absolute (not created)."""
    folder = config.output_dir if config.output_dir is not None else Path(tempfile.gettempdir()) / "verdex-output"
    return folder.expanduser().absolute()


def output_path(config: ServerConfig, filename: str) -> Path:
    """Where ``filename`` goes: inside the output folder, symlinks resolved.

    Raises:
        UsageError: the name is empty, names the folder itself, or leads outside it.
    """
    folder = output_dir(config)
    if not filename.strip():
        raise UsageError("filename is empty: give a file name such as snapshot.md")
    target = (folder / Path(filename).expanduser()).resolve()
    root = folder.resolve()
    if target == root or not target.is_relative_to(root):
        raise UsageError(
            f"filename {filename!r} is outside the output folder {root} (--output-dir): give a name inside it, "
            "such as snapshot.md or pages/cart.md"
        )
    return target


def write_text(config: ServerConfig, filename: str, text: str) -> Path:
    """Write ``text`` (UTF-8) to ``filename`` in the output folder, creating folders; returns its path.

    Raises:
        UsageError: as :func:`output_path`, or the file cannot be written (the OS's reason).
    """
    path = output_path(config, filename)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"could not write {path}: {exc.strerror or exc}") from exc
    return path
