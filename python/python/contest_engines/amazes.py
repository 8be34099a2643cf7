"""Amazes (CodeCup 2010): two players exploring one hidden maze in turn.

``Game(board=None, config=None)``: ``board`` is a shipped maze (0 to 9, default 0) or the text of a maze file. ``config`` is a dict (or JSON text) of the
fields of the crate's ``Config`` that differ from the default; an unknown field is an error.

Classes: ``Game``, ``State``, ``Action``, ``Search``, ``VecEnv`` (made by
``Game.vector_env``); ``verify(paths)`` replays recordings of
the original program (the crate's golden trace formats).
"""

from ._native import amazes as _native

Game = _native.Game
State = _native.State
Action = _native.Action
Search = _native.Search
VecEnv = _native.VecEnv
verify = _native.verify

__all__ = ["Game", "State", "Action", "Search", "VecEnv", "verify"]
