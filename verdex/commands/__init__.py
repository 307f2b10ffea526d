"""CLI programs beside ``verdex serve``: the demos, trace replay, the skill installer."""
