"""The single-agent Gymnasium environment of every game: one agent in one seat, built-in bots
(or any policies) in the others. The package docstring (``contest_engines.gymnasium``) says what
it observes, rewards and renders."""

import os

import numpy as np
import gymnasium
from gymnasium import spaces

import contest_engines
from contest_engines import EngineError, EngineTypeError
from .._opponents import Seats
from .. import _render

ILLEGAL_ACTIONS = ["lose", "first", "raise"]


class ContestGymEnv(gymnasium.Env):
    """One agent against opponents in a game of ``contest_engines``: see
    ``contest_engines.gymnasium``."""

    metadata = {"render_modes": _render.render_modes("tron3d"), "render_fps": 8}

    def __init__(
        self,
        game_name,
        opponents=None,
        seat=0,
        board=None,
        config=None,
        render_mode=None,
        max_steps=None,
        illegal_action="lose",
    ):
        if game_name not in _render.RENDER_FPS:
            raise EngineError(f"game {game_name!r}: one of {sorted(_render.RENDER_FPS)}")
        self.game = getattr(contest_engines, game_name).Game(board, config)
        self.metadata = {
            "render_modes": _render.render_modes(game_name),
            "render_fps": _render.RENDER_FPS[game_name],
        }
        players = self.game.players
        if isinstance(seat, (bool, np.bool_)) or not isinstance(seat, (int, np.integer)):
            raise EngineTypeError(f"seat: a player number in 0..{players}, got {seat!r}")
        if not 0 <= seat < players:
            raise EngineError(f"seat {seat} out of range: {game_name} has players 0..{players}")
        self.seat = int(seat)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise EngineError(
                f"render_mode {render_mode!r}: one of {self.metadata['render_modes']} or None"
            )
        if illegal_action not in ILLEGAL_ACTIONS:
            raise EngineError(f"illegal_action {illegal_action!r}: one of {ILLEGAL_ACTIONS}")
        if max_steps is not None and (
            isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1
        ):
            raise EngineError(f"max_steps {max_steps!r}: a whole number of at least 1, or None")
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.illegal_action = illegal_action
        others = [p for p in range(players) if p != self.seat]
        self.opponents = Seats(self.game, others, opponents)
        n = self.game.num_distinct_actions
        shape = tuple(self.game.observation_shape)
        self.observation_space = spaces.Box(-np.inf, np.inf, shape, np.float32)
        self.action_space = spaces.Discrete(n)
        self._state = None
        self._next_seed = None
        self._steps = 0
        self._plies = 0
        self._over = True
        self._recorded = []
        self._viewer = None

    @property
    def game_state(self):
        """The engine's state of the running game (a ``State`` of the package's game API)."""
        return self._state

    @property
    def viewer_path(self):
        """Where ``render_mode="human"`` writes its page when it shows no window (else None)."""
        return None if self._viewer is None else self._viewer.path

    def action_masks(self):
        """The agent's legal action indices as a ``bool`` array (``sb3-contrib``'s
        ``MaskablePPO`` asks for it by this name); all false once the game is over."""
        if self._state is None:
            raise RuntimeError("action_masks() before reset()")
        if self._over:
            return np.zeros(self.game.num_distinct_actions, dtype=bool)
        return self.game.legal_mask(self._state, self.seat)

    def _observation(self):
        return self.game.observation_tensor(self._state, self.seat)

    def _info(self, **extra):
        info = {"action_mask": self.action_masks().astype(np.int8), "steps": self._plies}
        info.update(extra)
        return info

    def reset(self, *, seed=None, options=None):
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
                raise EngineTypeError(f"seed: a whole number in 0..2**64, got {seed!r}")
            if not 0 <= seed < 2**64:
                raise EngineError(f"seed {seed} out of range: a whole number in 0..2**64")
        super().reset(seed=None if seed is None else int(seed))
        if seed is not None:
            self._next_seed = int(seed)
        elif self._next_seed is None:
            self._next_seed = int.from_bytes(os.urandom(8), "little")
        seed = self._next_seed
        self._next_seed = (seed + 1) % 2**64
        self._state = self.game.initial_state(seed)
        self.opponents.reset(seed)
        self._steps = 0
        self._plies = 0
        self._over = False
        self._recorded = [self._state.copy()] if self.render_mode == "html" else []
        self._until_agent()
        if self.render_mode == "human":
            self._show()
        return self._observation(), self._info(seed=seed)

    def _until_agent(self):
        """The opponents play on while the game runs and the agent is not to move."""
        while not self._over and self.seat not in self.game.to_move(self._state):
            self._advance(None)

    def _advance(self, agent_action):
        """One step of the game: the agent's action (when it is to move) and the opponents'."""
        state = self._state
        actions = []
        for player in self.game.to_move(state):
            if player == self.seat:
                actions.append(agent_action)
            else:
                actions.append(self.opponents.action(state, player))
        before = state.copy() if self.opponents.hearing else None
        # check=False: a bot's action is the engine's own, often outside the listed legal
        # actions (see contest_engines.bots); the agent's was checked against its mask.
        self.game.advance(state, actions, check=False)
        self._plies += 1
        if before is not None:
            self.opponents.hear(before, actions)
        if self.render_mode == "html":
            self._recorded.append(state.copy())
        self._over = self.game.is_terminal(state)

    def step(self, action):
        if self._state is None:
            raise RuntimeError("step() before reset()")
        if self._over:
            raise RuntimeError("step() after the game ended: call reset()")
        n = self.game.num_distinct_actions
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
                action = int(action)
            else:
                raise EngineTypeError(f"an action is an integer index in 0..{n}, got {action!r}")
        if not 0 <= action < n:
            raise EngineError(f"action index {action} out of range 0..{n}")
        mask = self.game.legal_mask(self._state, self.seat)
        extra = {}
        if not mask[action]:
            if self.illegal_action == "raise":
                raise EngineError(f"action index {action} is not legal (see the action mask)")
            extra["illegal_action"] = True
            if self.illegal_action == "lose":
                self._steps += 1
                self._over = True
                if self.render_mode == "human":
                    self._show()
                return self._observation(), -1.0, True, False, self._info(**extra)
            action = int(np.flatnonzero(mask)[0])
        self._advance(self.game.index_action(self._state, self.seat, int(action)))
        self._steps += 1
        self._until_agent()
        reward = 0.0
        if self._over:
            reward = 2.0 * self.game.returns(self._state)[self.seat] - 1.0
        truncated = (
            not self._over and self.max_steps is not None and self._steps >= self.max_steps
        )
        if truncated:
            self._over = True
        if self.render_mode == "human":
            self._show()
        terminated = self.game.is_terminal(self._state)
        return self._observation(), reward, terminated, truncated, self._info(**extra)

    def _show(self):
        if self._viewer is None:
            self._viewer = _render.HumanViewer(self.game.name, self.metadata["render_fps"])
        self._viewer.show(self.game, self._state, self._plies)

    def render(self):
        return _render.render(self, self._plies)

    def save_replay(self, path, every=1):
        """Writes the replay page of the episode so far to ``path`` (``render_mode="html"``
        records it); answers the number of frames."""
        if not self._recorded:
            raise RuntimeError("no episode recorded: make the environment with render_mode='html'")
        names = ["agent" if p == self.seat else "" for p in range(self.game.players)]
        for p, name in self.opponents.names().items():
            names[p] = name
        return self.game.write_replay(path, self._recorded, names, every)

    def close(self):
        if self._viewer is not None:
            self._viewer.close()
            self._viewer = None
        self._recorded = []


def make_env(game_name):
    """The ``env(**kwargs)`` function of a game's module."""

    def env(**kwargs):
        return ContestGymEnv(game_name, **kwargs)

    env.__doc__ = (
        f"A gymnasium.Env: one agent in seat `seat` (default 0) of {game_name} against "
        f"`opponents` (bot names of contest_engines.bots or policies); see "
        f"contest_engines.gymnasium."
    )
    return env
