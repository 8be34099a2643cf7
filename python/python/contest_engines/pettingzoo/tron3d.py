"""PettingZoo environments of Tron3D: ``env()`` (AEC), ``parallel_env()``.

``board`` is a shipped board (``cube6``, the default, ...) or a ``.map`` file's text; ``config`` is a dict of the game's config fields that differ from the default. See
``contest_engines.pettingzoo`` for observations, masks, rewards, seeding and rendering.
"""

from ._env import module_functions

raw_env, env, parallel_env = module_functions("tron3d", simultaneous=True)

__all__ = ["raw_env", "env", "parallel_env"]
