"""Generated pages for the scale benchmark: card grids, a big table, deep nesting.

Each generator takes the wanted number of elements and returns an HTML document of about that
many elements (counted as ``document.getElementsByTagName('*').length``; the page reports the
exact count it ended up with). Content is deterministic: the same size gives the same page.
Every kind has a target for the structural tools: the first "Add to Cart" button (cards), the
first row's "Edit" button (table), the deepest "Reply" button of the first thread (deep).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

__all__ = ["KINDS", "PageKind", "form_page", "write_pages"]

_HEAD = (
    "<!doctype html>\n<html lang='en'>\n<head>\n<meta charset='utf-8'>\n<title>{title}</title>\n"
    "<style>body{{font-family:sans-serif;margin:0}} .grid{{display:grid;grid-template-columns:repeat(4,1fr);gap:8px}}"
    " .reply{{margin-left:4px}}</style>\n</head>\n<body>\n"
)
#: Elements of the page outside the generated units: html, head, meta, title, style, body, header, h1, main.
_FRAME = 9

_STAR = (
    "<svg class='star' viewBox='0 0 20 20' aria-hidden='true'>"
    "<path d='M10 1l3 6 6 1-4 4 1 6-6-3-6 3 1-6-4-4 6-1z'/></svg>"
)
_COLOURS = ("red", "green", "blue", "black")


def _card(i: int) -> str:
    # 12 elements: div, h3, p, span, div, svg, path, span, button, a, img, small
    return (
        f"<div data-testid='product-card' class='card'><h3>Product {i}</h3>"
        f"<p class='description'>Model {i}, colour {_COLOURS[i % 4]}, {i % 7 + 1} year warranty.</p>"
        f"<span class='price'>${(i * 37) % 900 + 99}</span>"
        f"<div class='rating'>{_STAR}<span>{(i % 50) / 10 + 0.5:.1f} ({i * 13 % 997})</span></div>"
        f"<button type='button' class='btn btn-primary'>Add to Cart</button>"
        f"<a href='/p/{i}' class='media'><img alt='Product {i}' width='40' height='40'></a>"
        f"<small>SKU-{i:06d}</small></div>\n"
    )


def _cards(elements: int) -> str:
    count = max(1, round((elements - _FRAME - 3) / 12))
    cards = "".join(_card(i) for i in range(1, count + 1))
    return (
        _HEAD.format(title=f"Cards ({count})")
        + "<header><h1>Catalogue</h1></header>\n<main><section><h2>All products</h2>"
        + f"<div data-testid='product-grid' class='grid'>\n{cards}</div></section></main>\n</body>\n</html>\n"
    )


def _row(i: int) -> str:
    # 11 elements: tr, 6 td, span, button, button, a
    return (
        f"<tr><td>Order {i}</td><td>ORD-{i:07d}</td><td>${(i * 53) % 5000 + 10}.00</td>"
        f"<td>{('Pending', 'Shipped', 'Delivered', 'Returned')[i % 4]}</td>"
        f"<td><span class='badge'>{i % 9 + 1} items</span></td>"
        "<td><button type='button'>Edit</button><button type='button'>Delete</button>"
        f"<a href='/orders/{i}'>View</a></td></tr>\n"
    )


def _table(elements: int) -> str:
    count = max(1, round((elements - _FRAME - 11) / 11))
    rows = "".join(_row(i) for i in range(1, count + 1))
    header = "".join(f"<th>{name}</th>" for name in ("Order", "Number", "Total", "Status", "Items", "Actions"))
    return (
        _HEAD.format(title=f"Table ({count} rows)")
        + "<header><h1>Orders</h1></header>\n<main><table data-testid='orders'>"
        + f"<caption>Orders</caption><thead><tr>{header}</tr></thead><tbody>\n{rows}</tbody></table></main>\n"
        + "</body>\n</html>\n"
    )


#: Nesting depth of one comment thread.
_DEPTH = 30


def _thread(t: int) -> str:
    # 4 elements a level: div, p, span, button; the innermost level has the same.
    opening = "".join(
        f"<div class='reply'><p><span class='author'>user{(t * 31 + d) % 1000}</span> Comment {t}.{d}</p>"
        f"<button type='button'>Reply</button>"
        for d in range(_DEPTH)
    )
    return f"<article data-testid='thread'>{opening}{'</div>' * _DEPTH}</article>\n"


def _deep(elements: int) -> str:
    per_thread = 4 * _DEPTH + 1
    count = max(1, round((elements - _FRAME) / per_thread))
    threads = "".join(_thread(t) for t in range(1, count + 1))
    return (
        _HEAD.format(title=f"Threads ({count} x {_DEPTH} deep)")
        + f"<header><h1>Discussion</h1></header>\n<main>\n{threads}</main>\n</body>\n</html>\n"
    )


@dataclass(frozen=True)
class PageKind:
    """One kind of generated page.

    Attributes:
        name: ``cards``, ``table`` or ``deep``.
        generate: elements wanted -> HTML.
        button: accessible name of the target button.
        occurrence: which button of that name in the snapshot's order is the target (1 = first).
        container_level: ancestor level of the repeating unit above the target (extract_anchors
            is called at it, inspect_pattern one level higher).
    """

    name: str
    generate: Callable[[int], str]
    button: str
    occurrence: int
    container_level: int


KINDS: tuple[PageKind, ...] = (
    PageKind("cards", _cards, "Add to Cart", 1, 1),
    PageKind("table", _table, "Edit", 1, 2),
    PageKind("deep", _deep, "Reply", _DEPTH, 1),
)


def form_page() -> str:
    """A small form with a select, a textbox and a checkbox (for the action tools' latency)."""
    options = "".join(f"<option value='{c.lower()}'>{c}</option>" for c in ("Red", "Green", "Blue", "Black"))
    return (
        _HEAD.format(title="Order form")
        + "<main><h1>Order</h1><form action='#'><label for='name'>Name</label><input id='name' name='name'>"
        + f"<label for='colour'>Colour</label><select id='colour' name='colour'>{options}</select>"
        + "<label><input type='checkbox' name='gift'> Gift wrap</label>"
        + "<button type='button'>Save</button></form></main>\n</body>\n</html>\n"
    )


def write_pages(directory: Path, sizes: tuple[int, ...]) -> dict[tuple[str, int], str]:
    """Write every kind at every size, and ``form.html``, into ``directory``.

    Returns:
        ``{(kind, size): file name}``.
    """
    names: dict[tuple[str, int], str] = {}
    for kind in KINDS:
        for size in sizes:
            name = f"{kind.name}-{size}.html"
            (directory / name).write_text(kind.generate(size), encoding="utf-8")
            names[(kind.name, size)] = name
    (directory / "form.html").write_text(form_page(), encoding="utf-8")
    return names
