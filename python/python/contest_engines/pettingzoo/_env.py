"""The PettingZoo environments of every game, written once over the package's game API and its
tensors (``Game.observation_tensor``, ``Game.legal_mask``, ``Game.advance_indices``); the package
docstring (``contest_engines.pettingzoo``) says what they observe, reward and render.
"""

import copy
import os

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

import contest_engines
from contest_engines import EngineError, EngineTypeError
from .. import _render

# Every render mode; a game's own (``metadata["render_modes"]``): ``_render.render_modes``.
RENDER_MODES = ["human", "rgb_array", "ansi", "svg", "html"]
ILLEGAL_ACTIONS = ["lose", "first", "raise"]
SEEDS = 2**64


class _Common:
    """What the AEC and the parallel environments share: the game, the spaces, seeding,
    observations and rendering."""

    def _setup(self, game_name, board, config, render_mode, max_steps, illegal_action):
        if illegal_action not in ILLEGAL_ACTIONS:
            raise EngineError(f"illegal_action {illegal_action!r}: one of {ILLEGAL_ACTIONS}")
        self.illegal_action = illegal_action
        modes = _render.render_modes(game_name)
        self.metadata = dict(
            self.metadata, render_modes=modes, render_fps=_render.RENDER_FPS[game_name]
        )
        if render_mode is not None and render_mode not in modes:
            raise EngineError(f"render_mode {render_mode!r}: one of {modes} or None")
        self._viewer = None
        if max_steps is not None and (
            not isinstance(max_steps, (int, np.integer)) or isinstance(max_steps, (bool, np.bool_))
        ):
            raise EngineTypeError(f"max_steps {max_steps!r}: a whole number of at least 1, or None")
        if max_steps is not None and max_steps < 1:
            raise EngineError(f"max_steps {max_steps!r}: a whole number of at least 1, or None")
        self.game = getattr(contest_engines, game_name).Game(board, config)
        self.render_mode = render_mode
        self.max_steps = max_steps
        players = self.game.players
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self.agent_name_mapping = {a: p for p, a in enumerate(self.possible_agents)}
        shape = tuple(self.game.observation_shape)
        n = self.game.num_distinct_actions
        # One space object per agent (PettingZoo's tests seed each agent's space on its own).
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, shape, np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._next_seed = None
        self._state = None
        self._steps = 0
        self._recorded = []

    def __getstate__(self):
        """Pickling (and copying): everything but a live viewer (``render_mode="human"`` opens
        its own again at the next step). The game pickles as its board and config, the state
        as its serde form (the random generator's position included), the spaces with their
        random generators: the environment made again continues exactly as this one would."""
        state = self.__dict__.copy()
        if state.get("_viewer") is not None:
            state["_viewer"] = None
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)

    def __copy__(self):
        # A shallow copy would share the engine's state, which every step changes in place:
        # a copy is always a whole one (the Game, immutable, is shared).
        return copy.deepcopy(self)

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    @property
    def game_state(self):
        """The engine's state of the running game (a ``State`` of the package's game API)."""
        return self._state

    def _start(self, seed):
        if seed is not None:
            if not isinstance(seed, (int, np.integer)) or isinstance(seed, (bool, np.bool_)):
                raise EngineTypeError(f"seed {seed!r}: a whole number in 0..2**64, or None")
            if not 0 <= seed < SEEDS:
                raise EngineError(f"seed {seed} out of range: a whole number in 0..2**64, or None")
            self._next_seed = int(seed)
        elif self._next_seed is None:
            self._next_seed = int.from_bytes(os.urandom(8), "little")
        seed = self._next_seed
        # The next reset() without a seed plays the next one (after 2**64 - 1 comes 0).
        self._next_seed = (seed + 1) % SEEDS
        self._state = self.game.initial_state(seed)
        self._masks = {}
        self._steps = 0
        self._recorded = [self._state.copy()] if self.render_mode == "html" else []
        if self.render_mode == "human":
            self._show_human()

    def _show_human(self):
        """``render_mode="human"``: shows the current state (``contest_engines._render``)."""
        if self._viewer is None:
            self._viewer = _render.HumanViewer(self.game.name, self.metadata["render_fps"])
        self._viewer.show(self.game, self._state, self._steps)

    @property
    def viewer_path(self):
        """Where ``render_mode="human"`` writes its page when it shows no window (else None)."""
        return None if self._viewer is None else self._viewer.path

    def _mask(self, p):
        """Player ``p``'s legal mask in the current state, made once per state (the action
        checks and the observations share it)."""
        mask = self._masks.get(p)
        if mask is None:
            mask = self._masks[p] = self.game.legal_mask(self._state, p)
        return mask

    def _observe_player(self, p):
        return {
            "observation": self.game.observation_tensor(self._state, p),
            "action_mask": self._mask(p).astype(np.int8),
        }

    def _advance(self, indices):
        """One step of the game from the movers' action indices; answers
        (over, cut, rewards by player)."""
        self.game.advance_indices(self._state, indices)
        self._masks = {}
        self._steps += 1
        if self.render_mode == "html":
            self._recorded.append(self._state.copy())
        if self.render_mode == "human":
            self._show_human()
        over = self.game.is_terminal(self._state)
        cut = not over and self.max_steps is not None and self._steps >= self.max_steps
        if over:
            rewards = [2.0 * r - 1.0 for r in self.game.returns(self._state)]
        else:
            rewards = [0.0] * self.game.players
        return over, cut, rewards

    def _check_action(self, agent, action):
        """The index to play for ``agent``'s ``action``, or ``None`` when it is illegal and
        ``illegal_action="lose"``. A value that is no action index raises whatever the
        setting (TypeError, or ValueError out of range)."""
        p = self.agent_name_mapping[agent]
        n = self.game.num_distinct_actions
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise EngineTypeError(
                f"{agent}: an action is an integer index in 0..{n}, got {action!r}"
            )
        if not 0 <= action < n:
            raise EngineError(f"{agent}: action index {action} out of range 0..{n}")
        mask = self._mask(p)
        if mask[action]:
            return int(action)
        if self.illegal_action == "raise":
            raise EngineError(f"{agent}: action index {action} is not legal (see its action_mask)")
        if self.illegal_action == "first":
            return int(np.flatnonzero(mask)[0])
        return None

    def _forfeit(self, offenders):
        """The game ended by illegal actions (``illegal_action="lose"``): rewards by player,
        -1 for each offender and 0 for the others, as PettingZoo's classic games do."""
        self._steps += 1
        return [-1.0 if p in offenders else 0.0 for p in range(self.game.players)]

    def render(self):
        return _render.render(self, self._steps)

    def save_replay(self, path, every=1):
        """Writes the replay page of the episode so far to ``path`` (``render_mode="html"``
        records it); answers the number of frames."""
        if not self._recorded:
            raise RuntimeError("no episode recorded: make the environment with render_mode='html'")
        return self.game.write_replay(path, self._recorded, self.possible_agents, every)

    def close(self):
        self._recorded = []
        if self._viewer is not None:
            self._viewer.close()
            self._viewer = None


class ContestAECEnv(_Common, AECEnv):
    """The AEC environment of a game: one agent acts at a time. In a simultaneous game the
    players to move give their actions one after the other and the game steps once all have;
    the rewards of that step come after it."""

    metadata = {"render_modes": RENDER_MODES, "name": "contest_engines", "is_parallelizable": True}

    def __init__(
        self,
        game_name,
        board=None,
        config=None,
        render_mode=None,
        max_steps=None,
        illegal_action="lose",
    ):
        super().__init__()
        self._setup(game_name, board, config, render_mode, max_steps, illegal_action)
        self.metadata = dict(self.metadata, name=f"{game_name}_v0")
        self._pending = {}

    def reset(self, seed=None, options=None):
        self._start(seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._pending = {}
        self._skip_agent_selection = None
        self.agent_selection = self._next_mover()

    def _next_mover(self):
        for p in self.game.to_move(self._state):
            if p not in self._pending:
                return self.possible_agents[p]
        return None

    def observe(self, agent):
        return self._observe_player(self.agent_name_mapping[agent])

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        index = self._check_action(agent, action)
        self._cumulative_rewards[agent] = 0.0
        self.infos[agent] = {}
        if index is None:
            rewards = self._forfeit({self.agent_name_mapping[agent]})
            self.infos[agent] = {"illegal_action": True}
            self._finish(True, False, rewards)
            return
        if index != action:
            self.infos[agent] = {"illegal_action": True}
        self._pending[self.agent_name_mapping[agent]] = index
        following = self._next_mover()
        if following is not None:
            self._clear_rewards()
            self.agent_selection = following
            self._accumulate_rewards()
            return
        movers = self.game.to_move(self._state)
        indices = [self._pending[p] for p in movers]
        self._pending = {}
        self._finish(*self._advance(indices))

    def _finish(self, over, cut, rewards):
        for a, r in zip(self.possible_agents, rewards):
            self.rewards[a] = r
            self.terminations[a] = over
            self.truncations[a] = cut
        self._accumulate_rewards()
        if over or cut:
            self._pending = {}
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self._next_mover()


class ContestParallelEnv(_Common, ParallelEnv):
    """The parallel environment of a simultaneous game: every player to move acts in each
    ``step``. A player out of the game for now (an all-zero mask) takes the no-op: its action
    is absent, ``None`` or ``0`` (what ``action_space(agent).sample(mask)`` answers for an
    all-zero mask, so masked sampling works unchanged); any other value raises, as does a key
    that is no agent of the game."""

    metadata = {"render_modes": RENDER_MODES, "name": "contest_engines"}

    def __init__(
        self,
        game_name,
        board=None,
        config=None,
        render_mode=None,
        max_steps=None,
        illegal_action="lose",
    ):
        self._setup(game_name, board, config, render_mode, max_steps, illegal_action)
        if self.game.moves != "simultaneous":
            raise EngineError(
                f"{game_name} is an alternating game: use env() (AEC), not parallel_env()"
            )
        self.metadata = dict(self.metadata, name=f"{game_name}_v0")
        self.agents = []

    def reset(self, seed=None, options=None):
        self._start(seed)
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def _observations(self):
        return {a: self._observe_player(p) for p, a in enumerate(self.possible_agents)}

    def step(self, actions):
        if not self.agents:
            raise RuntimeError("step() on a finished game: call reset()")
        if not isinstance(actions, dict):
            raise EngineTypeError(
                f"actions: a dict from agent to action index, got {type(actions)}"
            )
        movers = self.game.to_move(self._state)
        for agent, action in actions.items():
            p = self.agent_name_mapping.get(agent)
            if p is None:
                raise EngineError(
                    f"actions: {agent!r} is no agent of this game (the agents: "
                    f"{', '.join(self.agents)})"
                )
            if p not in movers and not _is_no_op(action):
                raise EngineError(
                    f"{agent} has no legal action now (its mask is all zero): its action must be "
                    f"the no-op (absent, None or 0), got {action!r}"
                )
        indices, offenders = [], set()
        for p in movers:
            agent = self.possible_agents[p]
            if actions.get(agent) is None:
                raise EngineError(f"no action for {agent}, which is to move")
            index = self._check_action(agent, actions[agent])
            if index != actions[agent]:
                offenders.add(p)
            indices.append(index)
        if offenders and self.illegal_action == "lose":
            over, cut, rewards = True, False, self._forfeit(offenders)
        else:
            over, cut, rewards = self._advance(indices)
        agents = self.agents
        observations = self._observations()
        rewards = {a: r for a, r in zip(self.possible_agents, rewards)}
        terminations = {a: over for a in agents}
        truncations = {a: cut for a in agents}
        infos = {a: {} for a in agents}
        for p in offenders:
            infos[self.possible_agents[p]]["illegal_action"] = True
        if over or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos


class OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order-enforcing wrapper, whose ``copy.copy`` is a whole copy like the
    environment's own (a shallow copy of a wrapper would share the environment inside)."""

    def __copy__(self):
        return copy.deepcopy(self)


def _is_no_op(action):
    """Whether ``action`` is the no-op of an agent without legal actions: ``None``, or the
    integer 0 (Gymnasium's masked sampling answers the space's start, 0, for an all-zero mask)."""
    if action is None:
        return True
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        return False
    return action == 0


def module_functions(game_name, simultaneous):
    """The module functions of a game's PettingZoo module: ``raw_env`` (the AEC environment
    unwrapped), ``env`` (it in PettingZoo's order-enforcing wrapper) and, for a simultaneous
    game, ``parallel_env``; each takes ``board``, ``config``, ``render_mode`` and ``max_steps``."""

    def raw_env(**kwargs):
        return ContestAECEnv(game_name, **kwargs)

    def env(**kwargs):
        return OrderEnforcing(raw_env(**kwargs))

    def parallel_env(**kwargs):
        return ContestParallelEnv(game_name, **kwargs)

    for f in (raw_env, env, parallel_env):
        f.__doc__ = f"The {game_name} {f.__name__.replace('_', ' ')}: see contest_engines.pettingzoo."
    return (raw_env, env, parallel_env) if simultaneous else (raw_env, env, None)
