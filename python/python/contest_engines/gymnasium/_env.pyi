# Type stubs of the single-agent Gymnasium environment (contest_engines.gymnasium).

from typing import Any, Literal, Protocol, Sequence

import gymnasium
import numpy as np
from numpy.typing import NDArray

from .._game import GameBase, StateBase

class Policy(Protocol):
    """An opponent: ``act(state, player)`` answering an action or an action index."""

    def act(self, state: Any, player: int, /) -> Any: ...

_Opponents = str | Policy | Sequence[str | Policy] | None

class ContestGymEnv(gymnasium.Env[NDArray[np.float32], int]):
    game: GameBase[Any, Any, Any, Any]
    seat: int
    max_steps: int | None
    illegal_action: str
    def __init__(
        self,
        game_name: str,
        opponents: _Opponents = None,
        seat: int = 0,
        board: str | int | None = None,
        config: dict[str, Any] | str | None = None,
        render_mode: str | None = None,
        max_steps: int | None = None,
        illegal_action: Literal["lose", "first", "raise"] = "lose",
    ) -> None: ...
    @property
    def game_state(self) -> StateBase | None: ...
    @property
    def viewer_path(self) -> str | None: ...
    def action_masks(self) -> NDArray[np.bool_]: ...
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.float32], dict[str, Any]]: ...
    def step(
        self, action: int
    ) -> tuple[NDArray[np.float32], float, bool, bool, dict[str, Any]]: ...
    def render(self) -> Any: ...
    def save_replay(self, path: str, every: int = 1) -> int: ...
    def close(self) -> None: ...

def make_env(game_name: str) -> Any: ...

