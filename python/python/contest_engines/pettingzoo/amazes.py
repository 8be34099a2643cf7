"""PettingZoo environments of Amazes: ``env()`` (AEC).

``board`` is a shipped maze (0 to 9) or a maze file's text; alternating, so AEC only; ``config`` is a dict of the game's config fields that differ from the default. See
``contest_engines.pettingzoo`` for observations, masks, rewards, seeding and rendering.
"""

from ._env import module_functions

raw_env, env, _ = module_functions("amazes", simultaneous=False)

__all__ = ["raw_env", "env"]
