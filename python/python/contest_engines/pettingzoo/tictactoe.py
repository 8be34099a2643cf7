"""The PettingZoo environment of tic-tac-toe (``env()``, AEC: an alternating game); a quick game
for trying a training set-up. See ``contest_engines.pettingzoo``.
"""

from ._env import module_functions

raw_env, env, _ = module_functions("tictactoe", simultaneous=False)

__all__ = ["raw_env", "env"]
