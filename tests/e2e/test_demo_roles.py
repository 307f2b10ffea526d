"""`verdex demo-roles` (what `make demo-roles` runs): the provider -> admin -> customer walk over MCP stdio."""

from __future__ import annotations

import re
import sys

import trio

from tests.e2e.snapshots import without_refs


async def test_demo_roles_walk(cdp_endpoint: str) -> None:
    result = await trio.run_process(
        [sys.executable, "-m", "verdex", "demo-roles", "--cdp-endpoint", cdp_endpoint],
        capture_stdout=True,
        capture_stderr=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr.decode()
    output = result.stdout.decode()
    roles = re.findall(r"^── select_role\(role='(\w+)'\)$", output, flags=re.MULTILINE)
    assert roles == ["provider", "admin", "customer", "provider", "customer"]
    assert "- status: Listed Oak Cutting Board. Customers see it once an admin approves it." in output
    assert "- status: Approved Oak Cutting Board." in output
    assert (
        '      - row:\n        - cell "Oak Cutting Board"\n        - cell "$60.00"\n        - cell "1"\n'
        '        - cell "$60.00"\n'
    ) in without_refs(output)
    assert '  - paragraph: "Total paid: $60.00"' in output
    assert output.rstrip().splitlines()[-2:] == [
        "32 tool calls across 3 roles (3 incognito browser contexts, one verdex server). The customer paid $60.00: "
        "the provider's new price, seen in the customer's own session.",
        "save_role_state wrote the customer's login to customer-saved.json (the demo's temporary folder is removed "
        "now)",
    ]
