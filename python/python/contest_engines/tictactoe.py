"""Tic-tac-toe (``pathfind::tree::toys``): the toy game the searches are compared on (OpenSpiel
has it too). ``Game()`` takes no board and no config; the cells are numbered 0 to 8, row by row,
and an action is a cell. X is player 0 and moves first.

Classes: ``Game``, ``State``, ``Action``, ``Search``, ``VecEnv``.
"""

from ._native import tictactoe as _native

Game = _native.Game
State = _native.State
Action = _native.Action
Search = _native.Search
VecEnv = _native.VecEnv

__all__ = ["Game", "State", "Action", "Search", "VecEnv"]
