"""contest_engines: the exact engines of five AI-contest games, and Rust-speed tree search.

One API for every game (``contest_engines.dogfight``, ``.tron3d``, ``.cloudwars``, ``.amazes``,
``.windward``), over the game contract ``pathfind::tree::Game`` of the Rust workspace::

    from contest_engines import tron3d
    game = tron3d.Game("cube6")
    state = game.initial_state(seed=1)
    actions = [game.legal_actions(state, p)[0] for p in game.to_move(state)]
    state = game.step(state, actions)

The searches (``FlatMonteCarlo``, ``Uct``, ``DecoupledUct``, ``InformationSetMcts``) run in Rust
with the GIL released. Every refusal is an ``EngineError`` (a ``ValueError``) carrying the Rust
error's message: ``EngineTypeError`` (an ``EngineError`` and a ``TypeError``) for an argument of
the wrong type, ``VerifyError`` for ``verify``. See the package README.
"""

from ._native import SEARCHES, EngineError, EngineTypeError, VerifyError
from . import amazes, cloudwars, dogfight, tictactoe, tron3d, windward
from .search import DecoupledUct, FlatMonteCarlo, InformationSetMcts, Uct

GAMES = ("dogfight", "tron3d", "cloudwars", "amazes", "windward")
# The toy games of pathfind::tree::toys that come along (for comparing searches with OpenSpiel's).
TOYS = ("tictactoe",)

__all__ = [
    "EngineError",
    "EngineTypeError",
    "VerifyError",
    "GAMES",
    "TOYS",
    "SEARCHES",
    "dogfight",
    "tron3d",
    "cloudwars",
    "amazes",
    "windward",
    "tictactoe",
    "FlatMonteCarlo",
    "Uct",
    "DecoupledUct",
    "InformationSetMcts",
    "__version__",
]

# The Rust crate's version (the wheel's).
from ._native import __version__  # noqa: E402
