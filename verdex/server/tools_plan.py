"""``browser_run_plan``: a typed list of actions with checked pre- and postconditions (:mod:`verdex.plan.run`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp_types import CallToolResult, ToolAnnotations
from pydantic import BaseModel, Field

from verdex.plan.steps import Step
from verdex.server.feedback import stage
from verdex.server.session import Session
from verdex.server.tooling import guarded, respond

if TYPE_CHECKING:
    from verdex.plan.run import PlanRun

__all__ = ["PlanResult", "PlanStepResult", "register_plan_tools"]

#: Most steps in one plan.
MAX_STEPS = 50
#: Seconds a whole plan may run.
PLAN_TIMEOUT = 600.0


class PlanStepResult(BaseModel):
    """One step that ran: ``outcome`` ``ok`` or ``repaired`` (``repairs`` says how)."""

    index: int
    step: str
    outcome: Literal["ok", "repaired"]
    repairs: list[str] | None = None
    ref: str | None = None
    role: str | None = None
    name: str | None = None
    secret: bool | None = None
    url: str
    ms: int


class PlanResult(BaseModel):
    """A plan that ran to its end (a failing step is a tool error instead)."""

    steps: list[PlanStepResult]
    url: str
    ms: int


def register_plan_tools(server: MCPServer, session: Session) -> None:
    """Add browser_run_plan to ``server``."""

    @server.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=True))
    @guarded(session, "browser_run_plan", timeout=PLAN_TIMEOUT)
    async def browser_run_plan(
        steps: Annotated[
            list[Step],
            Field(
                min_length=1,
                max_length=MAX_STEPS,
                description="Actions in order. Each: action (navigate|click|type|select|press|waitFor) with its "
                "fields; ref (from the latest snapshot) or locator (a Playwright locator matching one element, for "
                "pages the plan opens); optional preconditions [{type: exists|visible|enabled|urlMatches|attrEquals}] "
                "and postconditions [{type: urlChanges|elementTextContains|ariaState|networkIdle}]; timeoutMs.",
            ),
        ],
    ) -> Annotated[CallToolResult, PlanResult]:
        """Run several actions in one call, each with checked pre- and postconditions and reported repairs."""
        page = await session.page()
        from verdex.plan.run import run_plan  # with verdex.locator: imported by the first plan, not at start

        run = await run_plan(
            page,
            list(steps),
            on_step=lambda index, count, step: stage(f"step {index + 1} of {count}: {step}"),
            on_secret=session.secrets.remember,
        )
        return _answer(run)


def _answer(run: PlanRun) -> CallToolResult:
    repaired = sum(1 for step in run.steps if step.repairs)
    head = f"Plan done: {len(run.steps)} step(s) in {run.ms} ms"
    head += f", {repaired} repaired." if repaired else ", all ok."
    lines = [head, *(step.line() for step in run.steps), f"Page: {run.url}. Next: browser_snapshot for its refs."]
    result = PlanResult(
        steps=[
            PlanStepResult(
                index=step.index,
                step=step.step,
                outcome="repaired" if step.repairs else "ok",
                repairs=step.repairs or None,
                ref=step.ref,
                role=step.role,
                name=step.name,
                secret=step.secret or None,
                url=step.url,
                ms=step.ms,
            )
            for step in run.steps
        ],
        url=run.url,
        ms=run.ms,
    )
    return respond("\n".join(lines), result)
