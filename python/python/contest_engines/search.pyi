# Type stubs of contest_engines.search: the searches of pathfind::tree on any game.

from typing import Any, TypeVar

from ._game import ActionBase, GameBase, StateBase

_S = TypeVar("_S", bound=StateBase)
_A = TypeVar("_A", bound=ActionBase)

class _Search:
    def __init__(
        self,
        iterations: int = 1000,
        time: float | None = None,
        exploration: float = 1.0,
        mixing: float = 0.1,
        max_playout_steps: int = 1000,
        seed: int = 0,
        iterations_per_sample: int = 1,
    ) -> None: ...
    def native(self, game: GameBase[Any, Any, Any, Any]) -> Any: ...
    def choose(self, game: GameBase[_S, _A, Any, Any], state: _S, player: int) -> _A | None: ...
    def stats(self) -> list[tuple[Any, int, float]]: ...
    @property
    def iterations(self) -> int: ...

class FlatMonteCarlo(_Search): ...
class Uct(_Search): ...
class DecoupledUct(_Search): ...
class InformationSetMcts(_Search): ...
