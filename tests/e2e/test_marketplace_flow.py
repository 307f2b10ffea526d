"""The marketplace flow authored through a real MCP client over stdio, switching roles mid-way.

A provider lists a discounted product, an admin approves it, a customer puts it in the cart; the
provider changes the price and the customer's cart and order show the new one. Each role is a
``--role`` with its own storageState file and default URL; every step is checked on what that
role's page shows.
"""

from __future__ import annotations

from tests.e2e.conftest import Serve, Tools, role_args
from tests.e2e.snapshots import block, card, ref, without_refs
from tests.support import Marketplace

OAK_PENDING = """- article:
  - heading "Oak Cutting Board" [level=2]
  - paragraph: by Pat Provider
  - paragraph:
    - deletion: $60.00
    - text: $45.00 25% off
  - paragraph: Pending approval"""


async def snapshot(tools: Tools) -> str:
    return (await tools.ok("browser_snapshot")).text


async def test_marketplace_flow_across_three_roles(serve: Serve, marketplace: Marketplace) -> None:
    url = marketplace.url
    async with serve(*role_args(marketplace, "admin", "provider", "customer")) as tools:
        roles = await tools.ok("list_current_roles")
        assert roles.text.splitlines()[0] == "Roles (3; current: admin):"
        assert [role["active"] for role in roles.data["roles"]] == [False, False, False]

        # Provider lists a product with a 25% discount.
        selected = await tools.ok("select_role", role="provider")
        assert selected.text == (
            f'Current role: provider (was admin). Its page: "Products · Market" at {url}products. '
            "Next: browser_snapshot for this role's refs."
        )
        page = await snapshot(tools)
        assert "  - paragraph: Signed in as Pat Provider (provider)" in without_refs(page).splitlines()
        clicked = await tools.ok("browser_click", ref=ref(page, '- link "List a product"'))
        assert clicked.data["url"] == f"{url}products/new"
        page = await snapshot(tools)
        await tools.ok("browser_type", ref=ref(page, '- textbox "Name"'), text="Oak Cutting Board")
        await tools.ok("browser_type", ref=ref(page, '- textbox "Price (USD)"'), text="60")
        await tools.ok("browser_type", ref=ref(page, '- textbox "Discount (%)"'), text="25")
        listed = await tools.ok("browser_click", ref=ref(page, '- button "List product"'))
        assert listed.data["url"] == f"{url}products"
        page = await snapshot(tools)
        assert (
            "- status: Listed Oak Cutting Board. Customers see it once an admin approves it."
            in without_refs(page).splitlines()
        )
        assert card(page, "Oak Cutting Board") == OAK_PENDING + '\n  - link "Edit price":\n    - /url: /products/4/edit'

        # The customer does not see it yet; the customer's auth file also dismissed the tips banner.
        await tools.ok("select_role", role="customer")
        page = await snapshot(tools)
        assert "Oak Cutting Board" not in page
        assert 'complementary "Tips"' not in page
        assert '    - link "Cart (0)":' in without_refs(page).splitlines()

        # Admin approves it.
        selected = await tools.ok("select_role", role="admin")
        assert selected.data == {
            "role": "admin",
            "previousRole": "customer",
            "url": f"{url}products",
            "title": "Products · Market",
        }
        page = await snapshot(tools)
        assert card(page, "Oak Cutting Board") == OAK_PENDING + '\n  - button "Approve"'
        approve = ref(page, '- button "Approve"', after='- heading "Oak Cutting Board"')
        await tools.ok("browser_click", ref=approve)
        page = await snapshot(tools)
        assert "- status: Approved Oak Cutting Board." in without_refs(page).splitlines()
        assert "Pending approval" not in card(page, "Oak Cutting Board")
        assert 'button "Approve"' not in page

        # The customer's page is where it was (loaded before the approval) until it reloads.
        await tools.ok("select_role", role="customer")
        assert "Oak Cutting Board" not in await snapshot(tools)
        error = await tools.error("browser_click", ref=approve)
        assert error == (
            f"Error executing tool browser_click: ref {approve} belongs to role 'admin', but the current role is 'customer'; "
            "call select_role('admin') to use it, or browser_snapshot for this role's refs"
        )
        await tools.ok("browser_navigate", url=f"{url}products")
        page = await snapshot(tools)
        assert card(page, "Oak Cutting Board") == (
            """- article:
  - heading "Oak Cutting Board" [level=2]
  - paragraph: by Pat Provider
  - paragraph:
    - deletion: $60.00
    - text: $45.00 25% off
  - button "Add to cart\""""
        )
        await tools.ok("browser_click", ref=ref(page, '- button "Add to cart"', after='- heading "Oak Cutting Board"'))
        page = await snapshot(tools)
        assert "- status: Added Oak Cutting Board to your cart." in without_refs(page).splitlines()
        assert '    - link "Cart (1)":' in without_refs(page).splitlines()

        # The provider raises the price; the provider's page is still where it was left.
        await tools.ok("select_role", role="provider")
        page = await snapshot(tools)
        assert "- status: Listed Oak Cutting Board." in page  # as the provider left it, before the approval
        assert "Pending approval" in card(page, "Oak Cutting Board")
        await tools.ok("browser_navigate", url=f"{url}products")
        page = await snapshot(tools)
        assert "Pending approval" not in card(page, "Oak Cutting Board")
        await tools.ok("browser_click", ref=ref(page, '- link "Edit price"', after='- heading "Oak Cutting Board"'))
        page = await snapshot(tools)
        assert block(page, "- main:") == (
            """- main:
  - heading "Edit the price of Oak Cutting Board" [level=1]
  - generic:
    - text: Price (USD)
    - textbox "Price (USD)": "60.00"
    - button "Save price\""""
        )
        await tools.ok("browser_type", ref=ref(page, '- textbox "Price (USD)"'), text="80")
        await tools.ok("browser_click", ref=ref(page, '- button "Save price"'))
        page = await snapshot(tools)
        assert '- status: "Saved the price of Oak Cutting Board: $80.00."' in without_refs(page).splitlines()
        assert "    - deletion: $80.00\n    - text: $60.00 25% off" in card(page, "Oak Cutting Board")

        # The customer's cart shows the new price, and so does the order.
        await tools.ok("select_role", role="customer")
        await tools.ok("browser_navigate", url=f"{url}cart")
        page = await snapshot(tools)
        assert block(page, "- table:") == (  # a row's name only repeats its cells: the row shows none
            """- table:
  - rowgroup:
    - row:
      - columnheader "Product"
      - columnheader "Price"
      - columnheader "Quantity"
      - columnheader "Subtotal"
  - rowgroup:
    - row:
      - cell "Oak Cutting Board"
      - cell "$60.00"
      - cell "1"
      - cell "$60.00\""""
        )
        assert '  - paragraph: "Total: $60.00"' in without_refs(page).splitlines()
        await tools.ok("browser_click", ref=ref(page, '- button "Check out"'))
        page = await snapshot(tools)
        assert block(page, "- main:") == (
            """- main:
  - heading "Order 1 placed" [level=1]
  - list:
    - listitem: 1 × Oak Cutting Board at $60.00
  - paragraph: "Total paid: $60.00\""""
        )

        roles = await tools.ok("list_current_roles")
        auth = marketplace.auth
        assert roles.text == (
            "Roles (3; current: customer):\n"
            f"- admin: started, page at {url}products; auth file {auth['admin']}; default URL {url}products\n"
            f"- provider: started, page at {url}products; auth file {auth['provider']}; default URL {url}products\n"
            f"- customer (current): started, page at {url}orders/1; auth file {auth['customer']}; "
            f"default URL {url}products"
        )
