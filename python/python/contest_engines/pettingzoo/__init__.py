"""PettingZoo environments of the five games (needs ``pettingzoo`` and ``gymnasium``), named like
PettingZoo's own::

    from contest_engines.pettingzoo import tron3d
    env = tron3d.parallel_env(board="cube6")     # simultaneous games; tron3d.env() is the AEC one
    observations, infos = env.reset(seed=1)

Agents are ``player_0 .. player_{P-1}``. Each agent's observation is a dict in PettingZoo's
classic style: ``"observation"``, the player's ``float32`` tensor of ``Game.observation_shape``
(what the player is told, nothing hidden shown), and ``"action_mask"``, an ``int8`` vector of
``Game.num_distinct_actions`` with 1 at the legal action indices. Actions are ``Discrete``
indices.

Rewards are 0 in every step but the last, where each player gets ``2 * returns - 1`` in
``[-1, 1]`` (the outcome: a two-player win +1, a loss -1, a draw 0; with more players, the share
of opponents beaten, rescaled). Every agent stays until the game is over (all terminate
together): a player out of the game for now (a crashed Tron3D bike, a CloudWars player without
clouds, the Amazes player not on the move) has an all-zero mask; the AEC environment never
selects it, and the parallel environment ignores its action. ``max_steps`` truncates a game
after that many steps.

An action that is not in the mask (``illegal_action``): ``"lose"`` (the default, PettingZoo's
classic rule) ends the game, the offender gets -1 and the others 0, and its info says
``{"illegal_action": True}``; ``"first"`` plays the first legal index instead (the info says so
too); ``"raise"`` raises ``ValueError``. A value that is no index in ``0..num_distinct_actions``
always raises.

Seeding: ``reset(seed=s)`` starts ``Game.initial_state(s)``, the same game as the engine's; a
``reset()`` without a seed starts the next seed (``s + 1``, ...), so a run of episodes is
reproducible from its first seed. Without any seed, the first is drawn from the OS.

Render modes (``metadata["render_modes"]``, with ``metadata["render_fps"]``): ``"rgb_array"``
(the state's picture as a ``uint8`` array ``(height, width, 3)``), ``"human"`` (the game shown
as it goes: a window, or a self-reloading HTML page; see ``contest_engines._render``),
``"ansi"`` (a line of text: the step, the players to move, the scores), ``"svg"`` (the current
state's picture, an SVG string) and, for the five games, ``"html"`` (the episode is recorded,
and ``render()`` answers the workspace's replay page of it so far, one self-contained HTML file;
``save_replay(path)`` writes it).

Built-in bots (``contest_engines.bots``) act on ``env.unwrapped.game_state``, but their
actions are the engine's own and often outside the fixed action space (CloudWars' free
directions, the Amazes move lines, Windward's orders), so they cannot be fed through these
environments' index actions. To play against them: ``contest_engines.gymnasium`` (one agent,
the bots in the other seats, their actions played as they are), or a loop over the engine
mixing index actions (``Game.index_action``) and the bots' actions in
``Game.advance(state, actions, check=False)``.
"""

from . import amazes, cloudwars, dogfight, tictactoe, tron3d, windward
from ._env import ContestAECEnv, ContestParallelEnv

__all__ = [
    "dogfight",
    "tron3d",
    "cloudwars",
    "amazes",
    "windward",
    "tictactoe",
    "ContestAECEnv",
    "ContestParallelEnv",
]
