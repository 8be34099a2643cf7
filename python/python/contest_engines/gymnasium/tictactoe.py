"""The single-agent Gymnasium environment of tic-tac-toe: ``env(opponents=None, seat=0, **kwargs)``.

See ``contest_engines.gymnasium`` for the observation, the mask, the rewards, seeding and
rendering, and ``contest_engines.bots`` for the opponents' names.
"""

from ._env import make_env

env = make_env("tictactoe")

__all__ = ["env"]
