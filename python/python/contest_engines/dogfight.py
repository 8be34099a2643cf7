"""Dogfight (code-golf King of the Hill, 2014): two teams of two planes in a cubic arena.

``Game(board=None, config=None)``: ``board`` is the arena's edge (default 14, the tournament's). ``config`` is a dict (or JSON text) of the
fields of the crate's ``Config`` that differ from the default; an unknown field is an error.

Classes: ``Game``, ``State``, ``Action``, ``Search``, ``VecEnv`` (made by
``Game.vector_env``); ``verify(paths)`` replays recordings of
the original program (the crate's golden trace formats).
"""

from ._native import dogfight as _native

Game = _native.Game
State = _native.State
Action = _native.Action
Search = _native.Search
VecEnv = _native.VecEnv
verify = _native.verify

__all__ = ["Game", "State", "Action", "Search", "VecEnv", "verify"]
