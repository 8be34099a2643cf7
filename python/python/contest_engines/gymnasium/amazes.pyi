# Type stubs of contest_engines.gymnasium.amazes.

from typing import Any, Literal

from ._env import ContestGymEnv, _Opponents

def env(
    *,
    opponents: _Opponents = None,
    seat: int = 0,
    board: str | int | None = None,
    config: dict[str, Any] | str | None = None,
    render_mode: str | None = None,
    max_steps: int | None = None,
    illegal_action: Literal["lose", "first", "raise"] = "lose",
) -> ContestGymEnv: ...
