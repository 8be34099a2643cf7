"""Windwardopolis 2 (Windward Code Wars 2014): ten cars, passengers, coffee and power-up cards.

``Game(board=None, config=None)``: ``board`` is a shipped map (1, 2 or 3; default 1) or the text of a map XML file. ``config`` is a dict (or JSON text) of the
fields of the crate's ``Config`` that differ from the default; an unknown field is an error.

Classes: ``Game``, ``State``, ``Action``, ``Search``, ``VecEnv`` (made by
``Game.vector_env``); ``verify(paths)`` replays recordings of
the original program (the crate's golden trace formats).
"""

from ._native import windward as _native

Game = _native.Game
State = _native.State
Action = _native.Action
Search = _native.Search
VecEnv = _native.VecEnv
verify = _native.verify

__all__ = ["Game", "State", "Action", "Search", "VecEnv", "verify"]
