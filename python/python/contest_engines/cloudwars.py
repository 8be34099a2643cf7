"""CloudWars (Gathering Hardcore 2011): clouds of vapor blown by wind, bit-exact f32 physics.

``Game(board=None, config=None)``: there is no board (the world is drawn from the seed): pass ``board=None``. ``config`` is a dict (or JSON text) of the
fields of the crate's ``Config`` that differ from the default; an unknown field is an error.

Classes: ``Game``, ``State``, ``Action``, ``Search``, ``VecEnv`` (made by
``Game.vector_env``); ``verify(paths)`` replays recordings of
the original program (the crate's golden trace formats).
"""

from ._native import cloudwars as _native

Game = _native.Game
State = _native.State
Action = _native.Action
Search = _native.Search
VecEnv = _native.VecEnv
verify = _native.verify

__all__ = ["Game", "State", "Action", "Search", "VecEnv", "verify"]
