"""PettingZoo environments of CloudWars: ``env()`` (AEC), ``parallel_env()``.

no ``board`` (the world is drawn from the seed); ``config`` is a dict of the game's config fields that differ from the default. See
``contest_engines.pettingzoo`` for observations, masks, rewards, seeding and rendering.
"""

from ._env import module_functions

raw_env, env, parallel_env = module_functions("cloudwars", simultaneous=True)

__all__ = ["raw_env", "env", "parallel_env"]
