"""PettingZoo environments of Windwardopolis 2: ``env()`` (AEC), ``parallel_env()``.

``board`` is a shipped map (1, 2 or 3) or a map XML's text; ``config`` is a dict of the game's config fields that differ from the default. See
``contest_engines.pettingzoo`` for observations, masks, rewards, seeding and rendering.
"""

from ._env import module_functions

raw_env, env, parallel_env = module_functions("windward", simultaneous=True)

__all__ = ["raw_env", "env", "parallel_env"]
