"""Pickling and copying: `Game`, `State`, `Action`, the vector environment and the PettingZoo
environments round-trip to the same game (same board and config, same state, same random
generator's position) and continue with equal results; and they travel to worker processes
(multiprocessing's "spawn" context, as Gymnasium's `AsyncVectorEnv` and Ray use) and back."""

import copy
import multiprocessing
import pickle
import random

import numpy as np
import pytest

import contest_engines as ce

from conftest import BOARDS

ALL = ce.GAMES + ce.TOYS
# A config that differs from the default, so that a round trip that forgot it would show.
CONFIGS = {
    "dogfight": {"rounds": 37},
    "tron3d": {"nb_rounds": 41},
    "cloudwars": None,
    "amazes": None,
    "windward": None,
    "tictactoe": None,
}


def make(name, board=None):
    module = getattr(ce, name)
    if name == "tictactoe":
        return module.Game()
    board = board if board is not None else BOARDS[name][0]
    return module.Game(board, CONFIGS[name])


def play(game, state, steps, seed):
    """`steps` random steps (by legal indices) from `state`, in place; answers the indices."""
    rng = random.Random(seed)
    taken = []
    for _ in range(steps):
        if game.is_terminal(state):
            break
        joint = []
        for p in game.to_move(state):
            legal = game.legal_indices(state, p)
            joint.append(legal[rng.randrange(len(legal))])
        game.advance_indices(state, joint)
        taken.append(joint)
    return taken


@pytest.mark.parametrize("name", ALL)
def test_game_state_action_round_trip(name):
    game = make(name)
    state = game.initial_state(11)
    play(game, state, 7, seed=1)
    for protocol in (2, pickle.HIGHEST_PROTOCOL):
        game2, state2 = pickle.loads(pickle.dumps((game, state), protocol))
        assert type(game2) is type(game) and game2 is not game
        assert repr(game2) == repr(game)
        assert state2 == state
        # The same game: the same initial states, tensors and rules from here on (the state's
        # random generator included: the continued games are equal step by step).
        assert game2.initial_state(5) == game.initial_state(5)
        assert np.array_equal(
            game2.observation_tensor(state2, 0), game.observation_tensor(state, 0)
        )
        a, b = state.copy(), state2
        assert play(game, a, 40, seed=2) == play(game2, b, 40, seed=2)
        assert a == b
        assert game.outcome(a) == game2.outcome(b)
        assert game.returns(a) == game2.returns(b)
        for p in game.to_move(state):
            for action in game.legal_actions(state, p)[:20]:
                back = pickle.loads(pickle.dumps(action, protocol))
                assert back == action and hash(back) == hash(action)
                assert copy.copy(action) == action and copy.deepcopy(action) == action


def test_config_survives_pickling():
    """A pickled game keeps its config: a game of the default config is another game (Tron3D
    with 41 rounds, not the board's 200)."""
    game = make("tron3d")
    game2 = pickle.loads(pickle.dumps(game))
    default = ce.tron3d.Game(BOARDS["tron3d"][0])

    def length(g):
        state = g.initial_state(3)
        return len(play(g, state, 10_000, seed=4))

    assert length(game2) == length(game)
    assert length(default) != length(game)


def test_unpickled_state_is_validated_by_the_game_it_meets():
    big = ce.tron3d.Game("cube12")
    small = ce.tron3d.Game("cube6")
    state = pickle.loads(pickle.dumps(big.initial_state(1)))
    with pytest.raises(ce.EngineError, match="does not fit"):
        small.to_move(state)
    assert big.to_move(state) == [0, 1, 2, 3]


def test_searches_pickle_as_their_settings():
    game = ce.tictactoe.Game()
    state = game.initial_state(0)
    search = ce.Uct(iterations=200, seed=5)
    search.choose(game, state, 0)
    again = pickle.loads(pickle.dumps(search))
    assert repr(again) == repr(search)
    # The copy starts afresh from its seed: it chooses what a new search of the same settings does.
    assert again.choose(game, state, 0) == ce.Uct(iterations=200, seed=5).choose(game, state, 0)
    assert copy.deepcopy(search).stats() == []


def test_copies():
    game = make("tron3d")
    assert copy.copy(game) is game and copy.deepcopy(game) is game
    state = game.initial_state(2)
    twin, deep = copy.copy(state), copy.deepcopy(state)
    play(game, twin, 3, seed=1)
    assert twin != state and deep == state
    # States copied with a container keep working with their game.
    box = copy.deepcopy({"game": game, "state": state})
    assert box["game"] is game and box["state"] == state
    game.to_move(box["state"])


def step_vector(env, steps, seed):
    """`steps` random legal steps; answers copies of every array and the ended games."""
    rng = np.random.default_rng(seed)
    masks = env_masks(env)
    out = []
    for _ in range(steps):
        actions = np.argmax(np.where(masks, rng.random(masks.shape), -1), axis=2)
        obs, rewards, terminated, truncated, masks = env.step(actions)
        out.append(
            (obs.copy(), rewards.copy(), terminated.copy(), truncated.copy(), masks.copy(),
             env.ended(), env.final_obs())
        )
        masks = masks.copy()
    return out


def env_masks(env):
    """The current masks of a vector env, from its games' states (not its arrays)."""
    game = env.game
    masks = np.zeros((env.num_envs, env.players, env.num_distinct_actions), dtype=bool)
    for i in range(env.num_envs):
        state = env.state(i)
        for p in range(env.players):
            masks[i, p] = game.legal_mask(state, p)
    assert np.array_equal(masks, env.arrays()[4])
    return masks


def assert_same_steps(a, b):
    assert len(a) == len(b)
    for x, y in zip(a, b):
        for u, v in zip(x[:5], y[:5]):
            assert np.array_equal(u, v)
        assert x[5] == y[5]
        assert np.array_equal(x[6], y[6])


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("incremental", [True, False])
def test_vector_env_round_trip(name, incremental):
    game = make(name)
    env = game.vector_env(3, seed=5, max_steps=4, incremental=incremental)
    step_vector(env, 6, seed=1)  # some games ended and restarted; the last step's final obs
    env2 = pickle.loads(pickle.dumps(env))
    env3 = copy.deepcopy(env)
    env4 = copy.copy(env)
    assert env4.arrays()[0] is not env.arrays()[0], "a copy has arrays of its own"
    for other in (env2, env3, env4):
        assert other.num_envs == env.num_envs and other.incremental == env.incremental
        assert other.ended() == env.ended()
        assert np.array_equal(other.final_obs(), env.final_obs())
        for i in range(env.num_envs):
            assert other.state(i) == env.state(i)
    # The three continue alike.
    a = step_vector(env, 9, seed=2)
    assert_same_steps(a, step_vector(env2, 9, seed=2))
    assert_same_steps(a, step_vector(env3, 9, seed=2))
    assert_same_steps(a, step_vector(env4, 9, seed=2))
    # reset() without a seed after the round trip takes the same seed.
    assert np.array_equal(env.reset()[0], env2.reset()[0])


def test_vector_env_pickle_keeps_the_last_step():
    game = make("tron3d")
    env = game.vector_env(2, seed=1, max_steps=2)
    obs, masks = env.reset()
    env.step(np.argmax(masks, axis=2))
    obs, rewards, terminated, truncated, masks = env.step(np.argmax(env_masks(env), axis=2))
    env2 = pickle.loads(pickle.dumps(env))
    assert truncated.all()
    assert env.ended() == env2.ended() == [0, 1]
    infos, infos2 = env.infos(), env2.infos()
    assert np.array_equal(infos["final_info"]["steps"], infos2["final_info"]["steps"])
    for i in range(2):
        assert np.array_equal(infos["final_obs"][i], infos2["final_obs"][i])
    # The arrays of the last step come back as they were (the observations and masks
    # written afresh from the states, equal to what the step wrote).
    for a, b in zip((obs, rewards, terminated, truncated, masks), env2.arrays()):
        assert np.array_equal(a, b)


def test_vector_env_pickle_refuses_a_foreign_state():
    game = make("tron3d", "cube12")
    env = game.vector_env(1, seed=1)
    reducer, (g, text) = env.__reduce__()
    with pytest.raises(ce.EngineError, match="VecEnv pickle"):
        reducer(ce.tron3d.Game("cube6"), text)
    with pytest.raises(ce.EngineError, match="malformed"):
        reducer(g, text[:-5])


# PettingZoo environments.

pz = pytest.importorskip("contest_engines.pettingzoo")


def pz_module(name):
    import importlib

    return importlib.import_module(f"contest_engines.pettingzoo.{name}")


def aec_run(env, steps):
    """`steps` AEC steps with masked sampling from the env's own seeded spaces."""
    out = []
    for _ in range(steps):
        if not env.agents:
            break
        agent = env.agent_selection
        obs, reward, term, trunc, info = env.last()
        action = None if term or trunc else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)
        out.append((agent, action, reward, term, trunc, obs["observation"].sum()))
    return out


@pytest.mark.parametrize("name", ALL)
def test_aec_env_round_trip(name):
    env = pz_module(name).env()
    env.reset(seed=4)
    for agent in env.possible_agents:
        env.action_space(agent).seed(9)
    aec_run(env, 5)
    before = env.unwrapped.game_state.copy()
    for other in (pickle.loads(pickle.dumps(env)), copy.deepcopy(env), copy.copy(env)):
        assert other.unwrapped.game_state == env.unwrapped.game_state
        assert other.agent_selection == env.agent_selection
        twin = copy.deepcopy(env)
        assert aec_run(twin, 30) == aec_run(other, 30)
    # The copies are independent: the original did not move.
    assert env.unwrapped.game_state == before
    # reset() without a seed goes on with the same next seed.
    other = pickle.loads(pickle.dumps(env))
    env.reset()
    other.reset()
    assert env.unwrapped.game_state == other.unwrapped.game_state


def parallel_run(env, observations, steps):
    out = []
    for _ in range(steps):
        if not env.agents:
            break
        actions = {
            a: env.action_space(a).sample(o["action_mask"]) for a, o in observations.items()
        }
        observations, rewards, terms, truncs, infos = env.step(actions)
        out.append((actions, rewards, terms, truncs))
    return out, observations


@pytest.mark.parametrize("name", ce.GAMES)
def test_parallel_env_round_trip(name):
    module = pz_module(name)
    if getattr(module, "parallel_env", None) is None:
        pytest.skip(f"{name} is alternating: no parallel env")
    env = module.parallel_env()
    observations, _ = env.reset(seed=6)
    for agent in env.possible_agents:
        env.action_space(agent).seed(3)
    _, observations = parallel_run(env, observations, 3)
    blob = pickle.dumps((env, observations))
    other, other_obs = pickle.loads(blob)
    assert other.game_state == env.game_state
    a, _ = parallel_run(env, observations, 20)
    b, _ = parallel_run(other, other_obs, 20)
    assert repr(a) == repr(b)


# Worker processes ("spawn": nothing inherited, everything pickled).


def _worker_play(args):
    game, state, steps, seed = args
    taken = play(game, state, steps, seed)
    return game, state, taken


def _worker_vector(args):
    env, steps, seed = args
    result = step_vector(env, steps, seed)
    return env, result


def _worker_parallel(args):
    env, observations, steps = args
    result, observations = parallel_run(env, observations, steps)
    return env, observations, repr(result)


@pytest.fixture(scope="module")
def pool():
    context = multiprocessing.get_context("spawn")
    with context.Pool(2) as pool:
        yield pool


def test_games_and_states_in_worker_processes(pool):
    jobs = []
    for i, name in enumerate(ALL):
        game = make(name)
        state = game.initial_state(20 + i)
        play(game, state, 3, seed=i)
        jobs.append((game, state, 25, 100 + i))
    results = pool.map(_worker_play, jobs)
    for (game, state, steps, seed), (game2, state2, taken) in zip(jobs, results):
        local = state.copy()
        assert play(game, local, steps, seed) == taken
        assert local == state2
        # What came back works with the local game and the returned one alike.
        assert game.to_move(state2) == game2.to_move(state2)


def test_vector_env_in_worker_processes(pool):
    jobs = []
    for name in ("tron3d", "cloudwars", "tictactoe"):
        env = make(name).vector_env(4, seed=3, max_steps=5)
        step_vector(env, 3, seed=1)
        jobs.append((env, 8, 7))
    results = pool.map(_worker_vector, jobs)
    for (env, steps, seed), (env2, remote) in zip(jobs, results):
        local = step_vector(env, steps, seed)
        assert_same_steps(local, remote)
        for i in range(env.num_envs):
            assert env2.state(i) == env.state(i)
        # The environment that came back steps on like the local one.
        assert_same_steps(step_vector(env, 4, 8), step_vector(env2, 4, 8))


def test_parallel_env_in_worker_processes(pool):
    env = pz_module("tron3d").parallel_env()
    observations, _ = env.reset(seed=2)
    for agent in env.possible_agents:
        env.action_space(agent).seed(5)
    jobs = [(copy.deepcopy(env), observations, 15)]
    [(env2, obs2, remote)] = pool.map(_worker_parallel, jobs)
    local, local_obs = parallel_run(env, observations, 15)
    assert repr(local) == remote
    assert env2.game_state == env.game_state
    for agent in local_obs:
        assert np.array_equal(local_obs[agent]["observation"], obs2[agent]["observation"])


# Gymnasium's AsyncVectorEnv ("spawn" workers): a game and its state sent to each worker in
# `reset(options=...)`, played on there, and the states fetched back with `get_attr`.

gym = pytest.importorskip("gymnasium")


class GameEnv(gym.Env):
    """One game played on from the state `reset` is given, player 0 taking the action index
    it is told and the others their first legal one."""

    def __init__(self):
        self.game = ce.tron3d.Game()
        self.state = self.game.initial_state(0)
        n = self.game.num_distinct_actions
        self.observation_space = gym.spaces.Box(-np.inf, np.inf, self.game.observation_shape,
                                                np.float32)
        self.action_space = gym.spaces.Discrete(n)

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        if options:
            self.game, self.state = options["game"], options["state"].copy()
        return self.game.observation_tensor(self.state, 0), {}

    def step(self, action):
        joint = []
        for p in self.game.to_move(self.state):
            legal = self.game.legal_indices(self.state, p)
            joint.append(int(action) if p == 0 and action in legal else legal[0])
        self.game.advance_indices(self.state, joint)
        over = self.game.is_terminal(self.state)
        return self.game.observation_tensor(self.state, 0), 0.0, over, False, {}


def test_async_vector_env_carries_games_and_states():
    game = make("tron3d")  # not the default config: the workers must get this one
    states = [game.initial_state(s) for s in (3, 4)]
    envs = gym.vector.AsyncVectorEnv([GameEnv, GameEnv], context="spawn")
    try:
        envs.reset(options={"game": game, "state": states[0]})
        # Options go to every env: both play on from the second state now.
        envs.reset(options={"game": game, "state": states[1]})
        for _ in range(5):
            obs, *_ = envs.step(np.array([0, 0]))
        remote = envs.get_attr("state")
    finally:
        envs.close()
    local = states[1].copy()
    for _ in range(5):
        joint = [game.legal_indices(local, p)[0] for p in game.to_move(local)]
        game.advance_indices(local, joint)
    assert remote[0] == local and remote[1] == local
    assert np.array_equal(obs[0], game.observation_tensor(local, 0))
