"""The workflow benchmark's tasks: "write a locator for <description>" on the pages of ``fixtures/workflow``.

Each task has two sides that never meet:

- What the scripted assistant reads: the description, and the keywords it is written from
  (:class:`~benchmarks.workflow.snapshot.Want`: role, accessible name, the texts the target is in),
  plus, for a target behind a modal dialog, the button that dismisses it ("accept the cookies
  first"), clicked only when the target cannot be found while the dialog is open.
- The oracle, for the judge only: a Playwright locator (JavaScript, evaluated by real Playwright on a
  fresh load of the page) that matches exactly the intended element. Oracles use whatever pins the
  element down (``data-sku``, ``data-id``, ``href``, ids); they may use attributes the tools also
  show, but no attribute exists for the benchmark's sake: an attribute only the benchmark used would
  still be in the page, visible to both servers, and could end up in their locators.

The pages (written for the benchmark, markup of real shops and apps: hashed CSS-module classes,
generated ids such as ``:r1:`` and ``ember712``, tracking attributes, icons, wrappers):

- ``products.html``: a product grid and a "Related products" carousel of the same card component,
  with products in both; "Arc Floor Lamp" beside "Arc Floor Lamp XL".
- ``reviews.html``: ten reviews, each with "Helpful" and "Report" buttons, seller responses nested in
  some reviews with the same buttons, and a review title that is the start of another's.
- ``orders.html``: an admin data grid, every row with "Select row", "Edit", "Delete", "More actions";
  one customer with two orders.
- ``todos.html``: TodoMVC markup (unnamed toggles), "Buy milk" beside "Buy milk for the neighbours".
- ``megamenu.html``: ten departments of five columns, 50 "Shop all" and 10 "View all" links;
  "Men" inside "Women".
- ``stores.html``: 156 stores, over 130,000 characters of snapshot: the targets are past verdex's
  40,000-character cut.
- ``consent.html``: a news article behind a cookie dialog (``aria-modal``), two share bars, two
  newsletter forms.
"""

from __future__ import annotations

from dataclasses import dataclass

from benchmarks.workflow.snapshot import Want

__all__ = ["PAGES", "TASKS", "Task"]


@dataclass(frozen=True)
class Task:
    """One "write a locator for ..." task.

    Attributes:
        id: short stable name (``products-related-add``).
        page: file of ``fixtures/workflow``.
        description: what a user would ask for.
        want: the description's keywords, the only thing the scripted assistants read.
        oracle: a Playwright locator (JavaScript) of the intended element, for the judge only.
        dismiss: (role, name) of the button that closes a modal dialog over the target, if any.
    """

    id: str
    page: str
    description: str
    want: Want
    oracle: str
    dismiss: tuple[str, str] | None = None


def _t(
    id: str,
    page: str,
    description: str,
    role: str,
    name: str | None,
    within: tuple[str, ...],
    oracle: str,
    dismiss: tuple[str, str] | None = None,
) -> Task:
    return Task(id, page, description, Want(role, name, within), oracle, dismiss)


_ACCEPT = ("button", "Accept all")

TASKS: tuple[Task, ...] = (
    # -- products.html: the same card component in the grid and in Related products
    _t(
        "products-related-add",
        "products.html",
        "the 'Add to cart' button of the Walnut Desk Lamp in Related products",
        "button",
        "Add to cart",
        ("Walnut Desk Lamp", "Related products"),
        """page.locator('[data-recs] article[data-sku="LMP-1042"] [data-action="add-to-cart"]')""",
    ),
    _t(
        "products-grid-add",
        "products.html",
        "the 'Add to cart' button of the Walnut Desk Lamp in the Desk & Floor Lamps results",
        "button",
        "Add to cart",
        ("Walnut Desk Lamp", "Desk & Floor Lamps"),
        """page.locator('article[data-list="plp"][data-sku="LMP-1042"] [data-action="add-to-cart"]')""",
    ),
    _t(
        "products-arc-wishlist",
        "products.html",
        "the 'Save to wishlist' button of the Arc Floor Lamp (not the XL)",
        "button",
        "Save to wishlist",
        ("Arc Floor Lamp",),
        """page.locator('article[data-sku="LMP-2301"] [data-track-click="wishlist_add"]')""",
    ),
    _t(
        "products-related-title",
        "products.html",
        "the title link of the Globe Pendant Light in Related products",
        "link",
        "Globe Pendant Light",
        ("Related products",),
        """page.locator('[data-recs] article[data-sku="LMP-3120"] h3 a')""",
    ),
    _t(
        "products-quick-view",
        "products.html",
        "the 'Quick view' button of the Marble Base Table Lamp",
        "button",
        "Quick view",
        ("Marble Base Table Lamp",),
        """page.locator('article[data-sku="LMP-1502"] [data-action="quick-view"]')""",
    ),
    _t(
        "products-oak-swatch",
        "products.html",
        "the 'Oak' colour swatch of the Walnut Desk Lamp",
        "button",
        "Oak",
        ("Walnut Desk Lamp",),
        """page.locator('article[data-list="plp"][data-sku="LMP-1042"] button[data-color="oak"]')""",
    ),
    _t(
        "products-sort",
        "products.html",
        "the 'Sort by' dropdown",
        "combobox",
        "Sort by",
        (),
        """page.locator('select[name="sort"]')""",
    ),
    # -- reviews.html: every review has the same buttons
    _t(
        "reviews-priya-helpful",
        "reviews.html",
        "the 'Helpful' button of Priya N.'s review",
        "button",
        "Helpful",
        ("Priya N.",),
        """page.locator('button[data-action="vote-helpful"][data-id="r88120"]')""",
    ),
    _t(
        "reviews-wobbly-report",
        "reviews.html",
        "the 'Report' button of the review 'Wobbly after two months'",
        "button",
        "Report",
        ("Wobbly after two months",),
        """page.locator('button[data-action="report"][data-id="r88148"]')""",
    ),
    _t(
        "reviews-reply-helpful",
        "reviews.html",
        "the 'Helpful' button of Lumen Support's response to Marco D.'s review",
        "button",
        "Helpful",
        ("Lumen Support", "Marco D."),
        """page.locator('button[data-action="vote-helpful"][data-id="r88127s"]')""",
    ),
    _t(
        "reviews-lumbar-report",
        "reviews.html",
        "the 'Report' button of the review 'Great lumbar support' (not '..., noisy tilt')",
        "button",
        "Report",
        ("Great lumbar support",),
        """page.locator('button[data-action="report"][data-id="r88120"]')""",
    ),
    _t(
        "reviews-read-more",
        "reviews.html",
        "the 'Read more' button of Tomás R.'s review",
        "button",
        "Read more",
        ("Tomás R.",),
        """page.locator('[data-review-id="88141"] button[aria-controls]')""",
    ),
    _t(
        "reviews-next",
        "reviews.html",
        "the 'Next' link of the reviews' pagination",
        "link",
        "Next",
        (),
        """page.locator('a[rel="next"]')""",
    ),
    _t(
        "reviews-question-helpful",
        "reviews.html",
        "the 'Helpful' button of the question 'Does it fit a 180 cm person?'",
        "button",
        "Helpful",
        ("Does it fit a 180 cm person?",),
        """page.locator('button[data-action="vote-helpful"][data-id="q1"]')""",
    ),
    # -- orders.html: a data grid whose every row has the same actions
    _t(
        "orders-edit",
        "orders.html",
        "the 'Edit' button of order #10241",
        "button",
        "Edit",
        ("#10241",),
        """page.locator('button[data-action="edit"][data-id="10241"]')""",
    ),
    _t(
        "orders-select-row",
        "orders.html",
        "the 'Select row' checkbox of Jonas Becker's order",
        "checkbox",
        "Select row",
        ("Jonas Becker",),
        """page.locator('input[data-row="10232"]')""",
    ),
    _t(
        "orders-more-actions",
        "orders.html",
        "the 'More actions' button of order #10237",
        "button",
        "More actions",
        ("#10237",),
        """page.locator('button[aria-label="More actions"][data-id="10237"]')""",
    ),
    _t(
        "orders-delete",
        "orders.html",
        "the 'Delete' button of order #10245 (Alice Moreau's second order)",
        "button",
        "Delete",
        ("#10245",),
        """page.locator('button[data-action="delete"][data-id="10245"]')""",
    ),
    _t(
        "orders-sort-total",
        "orders.html",
        "the sort button of the 'Total' column",
        "button",
        "Total",
        (),
        """page.locator('th[aria-sort] button', { hasText: /^Total$/ })""",
    ),
    _t(
        "orders-order-link",
        "orders.html",
        "the link of order #10233",
        "link",
        "#10233",
        (),
        """page.locator('a[href="/admin/orders/10233"]')""",
    ),
    _t(
        "orders-tab",
        "orders.html",
        "the 'Unpaid' tab",
        "tab",
        "Unpaid",
        (),
        """page.locator('#ember712')""",
    ),
    # -- todos.html: TodoMVC
    _t(
        "todos-toggle",
        "todos.html",
        "the checkbox that completes 'Call the plumber about the kitchen sink'",
        "checkbox",
        None,
        ("Call the plumber about the kitchen sink",),
        """page.locator('li[data-id="1718000007919"] .toggle')""",
    ),
    _t(
        "todos-delete",
        "todos.html",
        "the delete button of 'Buy milk' (not 'Buy milk for the neighbours')",
        "button",
        "Delete",
        ("Buy milk",),
        """page.locator('li[data-id="1718000000000"] .destroy')""",
    ),
    _t(
        "todos-toggle-done",
        "todos.html",
        "the checkbox of the completed todo 'Renew passport'",
        "checkbox",
        None,
        ("Renew passport",),
        """page.locator('li[data-id="1718000015838"] .toggle')""",
    ),
    _t(
        "todos-clear",
        "todos.html",
        "the 'Clear completed' button",
        "button",
        "Clear completed",
        (),
        """page.locator('.clear-completed')""",
    ),
    _t(
        "todos-filter",
        "todos.html",
        "the 'Active' filter link",
        "link",
        "Active",
        (),
        """page.locator('.filters a[href="#/active"]')""",
    ),
    _t(
        "todos-new",
        "todos.html",
        "the 'New Todo Input' text field",
        "textbox",
        "New Todo Input",
        (),
        """page.locator('#todo-input')""",
    ),
    # -- megamenu.html: 50 "Shop all" and 10 "View all" links
    _t(
        "mega-lighting",
        "megamenu.html",
        "the 'Shop all' link of the Lighting column in the Home menu",
        "link",
        "Shop all",
        ("Lighting", "Home"),
        """page.locator('a[href="/home/lighting"][data-track-click="megamenu_shop_all"]')""",
    ),
    _t(
        "mega-men-accessories",
        "megamenu.html",
        "the 'Shop all' link of Accessories in the Men menu",
        "link",
        "Shop all",
        ("Accessories", "Men"),
        """page.locator('a[href="/men/accessories"][data-track-click="megamenu_shop_all"]')""",
    ),
    _t(
        "mega-kids-view-all",
        "megamenu.html",
        "the 'View all' link of the Kids menu",
        "link",
        "View all",
        ("Kids",),
        """page.locator('[data-dept="kids"] [data-track-click="megamenu_view_all"]')""",
    ),
    _t(
        "mega-kids-sneakers",
        "megamenu.html",
        "the 'Sneakers' link under Shoes in the Kids menu",
        "link",
        "Sneakers",
        ("Shoes", "Kids"),
        """page.locator('a[href="/kids/shoes/sneakers"]')""",
    ),
    _t(
        "mega-gift-cards",
        "megamenu.html",
        "the 'Gift cards' link",
        "link",
        "Gift cards",
        (),
        """page.locator('a[href="/gift-cards"]')""",
    ),
    # -- stores.html: targets past the snapshot cut
    _t(
        "stores-set-zurich",
        "stores.html",
        "the 'Set as my store' button of the Zürich Bahnhofstrasse store (not the Outlet)",
        "button",
        "Set as my store",
        ("Zürich Bahnhofstrasse",),
        """page.locator('[id="store-zürich-bahnhofstrasse"] [data-action="set-store"]')""",
    ),
    _t(
        "stores-directions",
        "stores.html",
        "the 'Get directions' link of the Utrecht Centraal store",
        "link",
        "Get directions",
        ("Utrecht Centraal",),
        """page.locator('[id="store-utrecht-centraal"] [data-track-click="store_directions"]')""",
    ),
    _t(
        "stores-details",
        "stores.html",
        "the 'Store details' link of the York Coney Street store",
        "link",
        "Store details",
        ("York Coney Street",),
        """page.locator('[id="store-york-coney-street"] a[href="/stores/york-coney-street"]')""",
    ),
    _t(
        "stores-back-to-top",
        "stores.html",
        "the 'Back to top' link",
        "link",
        "Back to top",
        (),
        """page.locator('a[href="#top"]')""",
    ),
    # -- consent.html: a page behind a cookie dialog
    _t(
        "consent-accept",
        "consent.html",
        "the 'Accept all' button of the cookie dialog",
        "button",
        "Accept all",
        (),
        """page.locator('[data-cmp-action="accept"]')""",
    ),
    _t(
        "consent-manage",
        "consent.html",
        "the 'Manage preferences' button of the cookie dialog",
        "button",
        "Manage preferences",
        (),
        """page.locator('[data-cmp-action="manage"]')""",
    ),
    _t(
        "consent-subscribe",
        "consent.html",
        "the 'Subscribe' button of the Morning Briefing newsletter (accept the cookies first)",
        "button",
        "Subscribe",
        ("Morning Briefing",),
        """page.locator('[data-track-click="nl_side"]')""",
        _ACCEPT,
    ),
    _t(
        "consent-copy-link",
        "consent.html",
        "the 'Copy link' button of the share bar 'Found this useful? Share it' (accept the cookies first)",
        "button",
        "Copy link",
        ("Found this useful? Share it",),
        """page.locator('[data-track-click="share_copy_bottom"]')""",
        _ACCEPT,
    ),
    _t(
        "consent-footer-email",
        "consent.html",
        "the 'Email address' field of The Weekend Edition newsletter (accept the cookies first)",
        "textbox",
        "Email address",
        ("The Weekend Edition",),
        """page.locator('#nl-email-footer')""",
        _ACCEPT,
    ),
)

#: The pages, in the order their tasks run.
PAGES: tuple[str, ...] = tuple(dict.fromkeys(task.page for task in TASKS))
