"""The layers of docs/ARCHITECTURE.md hold (no browser): who may import whom, one boundary per protocol.

- A package imports only the packages below it: cdp -> bridge -> browser -> locator -> plan -> server ->
  commands -> cli (``errors``, ``_nursery``, ``_nowait``, ``safe_text`` and ``masking`` are below everything), so
  there is no cycle between packages.
- No module imports another package's private name (``from verdex.x import _y``).
- No CDP method is named as a string outside ``verdex/cdp/protocol.py`` (and ``cdp.untyped`` is for tests).
- No bridge method is named as a string outside ``verdex/bridge/api.py``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from verdex.bridge.api import METHODS

PACKAGE = Path(__file__).resolve().parents[1] / "verdex"

#: The modules below every package.
_BASE = {"errors", "_nursery", "_nowait", "safe_text", "masking"}

#: Each layer and the layers it may import (besides itself).
LAYERS: dict[str, set[str]] = {
    "errors": set(),
    "_nursery": set(),
    "_nowait": set(),
    "safe_text": set(),
    "masking": set(),
    "cdp": {"errors", "_nursery", "_nowait"},
    "bridge": {"cdp", "errors"},
    "browser": {"bridge", "cdp", "errors", "_nursery", "_nowait", "safe_text"},
    "locator": {"browser", "bridge", "cdp", "errors", "safe_text"},
    "plan": {"locator", "browser", "bridge", "cdp", "errors", "masking"},
    "server": {"plan", "locator", "browser", "bridge", "cdp"} | _BASE,
    "commands": {"server", "plan", "locator", "browser", "bridge", "cdp"} | _BASE,
    "cli": {"commands", "server", "plan", "locator", "browser", "bridge", "cdp"} | _BASE,
    "__main__": {"cli"},
    "__init__": set(),
}


def _modules() -> list[Path]:
    return sorted(path for path in PACKAGE.rglob("*.py") if "_skills" not in path.parts)


def _layer(path: Path) -> str:
    parts = path.relative_to(PACKAGE).parts
    return parts[0] if len(parts) > 1 else parts[0].removesuffix(".py")


def _imports(path: Path) -> list[tuple[str, list[str]]]:
    """``(module, names)`` of every ``verdex...`` import, type-checking-only imports included."""
    found: list[tuple[str, list[str]]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("verdex"):
            found.append((node.module, [alias.name for alias in node.names]))
        elif isinstance(node, ast.Import):
            found += [(alias.name, []) for alias in node.names if alias.name.startswith("verdex")]
    return found


def _target_layer(module: str, names: list[str]) -> list[str]:
    parts = module.split(".")
    if len(parts) >= 2:
        return [parts[1]]
    return names  # from verdex import __version__ / from verdex import cdp


@pytest.mark.parametrize("path", _modules(), ids=lambda path: str(path.relative_to(PACKAGE)))
def test_a_module_imports_only_the_layers_below_it(path: Path) -> None:
    layer = _layer(path)
    allowed = LAYERS[layer] | {layer, "__init__", "__version__"}
    wrong = [
        module for module, names in _imports(path) for target in _target_layer(module, names) if target not in allowed
    ]
    assert wrong == [], f"{layer} may import only {sorted(LAYERS[layer])}"


@pytest.mark.parametrize("path", _modules(), ids=lambda path: str(path.relative_to(PACKAGE)))
def test_no_private_name_of_another_package(path: Path) -> None:
    here = path.relative_to(PACKAGE).parts[0]
    private = [
        f"{module}.{name}"
        for module, names in _imports(path)
        for name in names
        if name.startswith("_") and not name.startswith("__") and module.split(".")[1:2] != [here]
    ]
    assert private == []


def test_the_layer_graph_has_no_cycle() -> None:
    seen: set[str] = set()

    def visit(layer: str, stack: tuple[str, ...]) -> None:
        assert layer not in stack, f"cycle {' -> '.join((*stack, layer))}"
        if layer in seen:
            return
        for below in LAYERS[layer]:
            visit(below, (*stack, layer))
        seen.add(layer)

    for layer in LAYERS:
        visit(layer, ())


_CDP_NAME = re.compile(
    r"""["'](?:Browser|DOM|Emulation|Fetch|Input|Inspector|Network|Page|Runtime|Storage|Target|"""
    r"""Accessibility|Security|Log|Profiler|Debugger|CSS|Overlay)\.[a-z][A-Za-z]+["']"""
)


@pytest.mark.parametrize("path", _modules(), ids=lambda path: str(path.relative_to(PACKAGE)))
def test_cdp_methods_are_named_only_in_the_protocol_table(path: Path) -> None:
    if path.relative_to(PACKAGE).as_posix() == "cdp/protocol.py":
        return
    code = _code_without_docstrings(path)
    assert _CDP_NAME.findall(code) == []
    assert "untyped(" not in code


#: Words that are a bridge method's name and also something else: a CLI command (``snapshot``), a
#: Playwright locator method (``selectOption``, ``describe``), a tool name's word.
_HOMONYMS = {"snapshot", "describe", "selectOption"}


@pytest.mark.parametrize("path", _modules(), ids=lambda path: str(path.relative_to(PACKAGE)))
def test_bridge_methods_are_named_only_in_the_bridge_api(path: Path) -> None:
    if path.relative_to(PACKAGE).as_posix() in ("bridge/api.py", "bridge/models.py"):
        return
    code = _code_without_docstrings(path)
    named = [method for method in METHODS if method not in _HOMONYMS and re.search(rf"""["']{method}["']""", code)]
    assert named == []


def _code_without_docstrings(path: Path) -> str:
    """The module's source with its docstrings blanked (they may name methods in prose)."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines(keepends=True)
    tree = ast.parse(source)
    blank: list[tuple[int, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                blank.append((first.lineno, first.end_lineno or first.lineno))
    for start, end in blank:
        for index in range(start - 1, end):
            lines[index] = "\n"
    return "".join(line for line in lines if not line.lstrip().startswith("#"))
