"""Tron3D (Jutge, 2017): bikes on graphs shaped like 3D solids, all players moving at once.

``Game(board=None, config=None)``: ``board`` is a shipped board (``cube6``, the default; ``cube12``, ``ico2``, ``ico3``,
``grid13``, ``grid17``) or the text of a ``.map`` file; the board's own config is the default. ``config`` is a dict (or JSON text) of the
fields of the crate's ``Config`` that differ from the default; an unknown field is an error.

Classes: ``Game``, ``State``, ``Action``, ``Search``, ``VecEnv`` (made by
``Game.vector_env``); ``verify(paths)`` replays recordings of
the original program (the crate's golden trace formats).
"""

from ._native import tron3d as _native

Game = _native.Game
State = _native.State
Action = _native.Action
Search = _native.Search
VecEnv = _native.VecEnv
verify = _native.verify

__all__ = ["Game", "State", "Action", "Search", "VecEnv", "verify"]
