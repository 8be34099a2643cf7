"""Single-agent Gymnasium environments of every game (needs ``gymnasium``): one agent in one seat
against built-in bots or any policies in the others::

    from contest_engines.gymnasium import tron3d
    env = tron3d.env(opponents=["demo", "demo", "demo"])      # the agent plays seat 0
    observation, info = env.reset(seed=1)
    observation, reward, terminated, truncated, info = env.step(env.action_space.sample(info["action_mask"]))

``env(opponents=None, seat=0, board=None, config=None, render_mode=None, max_steps=None,
illegal_action="lose")`` of the modules ``dogfight``, ``tron3d``, ``cloudwars``, ``amazes``,
``windward`` and ``tictactoe`` is a ``gymnasium.Env`` (``ContestGymEnv``); each is also
registered as ``contest_engines/GAME-v0`` for ``gymnasium.make``.

- ``seat``: the player the agent plays (0 by default; in Amazes and tic-tac-toe 0 moves first).
- ``opponents``: the other seats in increasing order, each a bot name of
  ``contest_engines.bots`` (a fresh bot per seat, acting on the environment's game) or any
  object with ``act(state, player)`` answering an ``Action`` or an action index; one name or
  policy for every seat, or a list of one per seat. ``None``: each game's default
  (``_opponents.DEFAULT_OPPONENT``: Dogfight ``random``, Tron3D ``demo``, CloudWars ``greedy``,
  Amazes ``explorer``, Windward ``builtin``, tic-tac-toe ``random``).
- Observation: the agent's ``float32`` tensor (``Box`` of ``Game.observation_shape``), what the
  player is told and no more. The legal actions are in ``info["action_mask"]`` (``int8``, 1 at
  legal indices: ``env.action_space.sample(info["action_mask"])``) and ``env.action_masks()``
  (``bool``, the name ``sb3-contrib``'s ``MaskablePPO`` calls).
- Action: a ``Discrete(Game.num_distinct_actions)`` index. An index its mask refuses:
  ``illegal_action="lose"`` (default: the episode ends, reward -1, ``info["illegal_action"]``),
  ``"first"`` (the first legal index is played, the info says so), ``"raise"``
  (``EngineError``, a ``ValueError``).
- A step plays the agent's action with the opponents' in the same step (the simultaneous
  games), then the opponents alone while the agent is not to move (Amazes and tic-tac-toe
  turns), so every observation is one where the agent acts (or the game is over). ``reset``
  lets the opponents move first when they do.
- Reward: 0, and when the game ends ``2 * returns - 1`` of the agent's seat (win +1, loss -1);
  ``terminated`` when the game is over, ``truncated`` after ``max_steps`` agent steps.
- Seeding: ``reset(seed=s)`` plays ``Game.initial_state(s)`` with the built-in opponents
  reseeded from ``s``; ``reset()`` then plays ``s + 1``, ... (the first seed from the OS
  when none was ever given). ``info["seed"]`` is the game's seed.
- Rendering (``metadata["render_modes"]``, ``metadata["render_fps"]``): ``"rgb_array"``,
  ``"ansi"``, ``"svg"``, ``"html"`` and ``"human"`` as ``contest_engines._render`` says.
"""

import gymnasium as _gymnasium

from . import amazes, cloudwars, dogfight, tictactoe, tron3d, windward
from ._env import ContestGymEnv

for _game in ("dogfight", "tron3d", "cloudwars", "amazes", "windward", "tictactoe"):
    _id = f"contest_engines/{_game}-v0"
    if _id not in _gymnasium.registry:
        _gymnasium.register(
            id=_id,
            entry_point="contest_engines.gymnasium._env:ContestGymEnv",
            kwargs={"game_name": _game},
        )

__all__ = ["dogfight", "tron3d", "cloudwars", "amazes", "windward", "tictactoe", "ContestGymEnv"]
