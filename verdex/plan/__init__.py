"""Typed plans for ``browser_run_plan``: the steps (:mod:`verdex.plan.steps`) and their runner
(:mod:`verdex.plan.run`)."""
