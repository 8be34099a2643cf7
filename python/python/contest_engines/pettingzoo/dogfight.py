"""PettingZoo environments of Dogfight: ``env()`` (AEC), ``parallel_env()``.

``board`` is the arena's edge (default 14); ``config`` is a dict of the game's config fields that differ from the default. See
``contest_engines.pettingzoo`` for observations, masks, rewards, seeding and rendering.
"""

from ._env import module_functions

raw_env, env, parallel_env = module_functions("dogfight", simultaneous=True)

__all__ = ["raw_env", "env", "parallel_env"]
