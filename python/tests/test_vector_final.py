"""The vector environment's autoreset is Gymnasium's SAME_STEP: the step that ends a game
answers the next game's first observation, and keeps the final observation and info of the
game that ended (`final_obs()`, `final_state(i)`, `infos()` in Gymnasium's own layout), checked
here against the same games stepped one by one."""

import numpy as np
import pytest

import contest_engines as ce

from conftest import BOARDS

NAMES = ce.GAMES + ce.TOYS


def make(name):
    module = getattr(ce, name)
    return module.Game() if name == "tictactoe" else module.Game(BOARDS[name][0])


def test_autoreset_mode_is_gymnasiums_same_step():
    env = make("tron3d").vector_env(2)
    assert env.autoreset_mode == "SameStep"
    gym = pytest.importorskip("gymnasium")
    assert env.autoreset_mode == gym.vector.AutoresetMode.SAME_STEP.value


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("incremental", [True, False])
def test_final_observations_and_infos(name, incremental):
    game = make(name)
    n, seed, max_steps = 4, 10, 6
    env = game.vector_env(n, seed=seed, max_steps=max_steps, incremental=incremental)
    _, masks = env.reset()
    rng = np.random.default_rng(1)
    # The same games one by one: slot i's k-th game starts from seed + i + k·n.
    states = [game.initial_state(seed + i) for i in range(n)]
    episodes = [0] * n
    steps = [0] * n
    ended_any = False
    for _ in range(3 * max_steps):
        actions = np.argmax(np.where(masks, rng.random(masks.shape), -1), axis=2)
        obs, rewards, terminated, truncated, masks = env.step(actions)
        expected_ended = []
        finals = {}
        for i in range(n):
            movers = game.to_move(states[i])
            game.advance_indices(states[i], [int(actions[i, p]) for p in movers])
            steps[i] += 1
            over = game.is_terminal(states[i])
            if over or steps[i] >= max_steps:
                assert terminated[i] == over and truncated[i] == (not over)
                expected_ended.append(i)
                finals[i] = (states[i], steps[i])
                episodes[i] += 1
                states[i] = game.initial_state(seed + i + episodes[i] * n)
                steps[i] = 0
            else:
                assert not terminated[i] and not truncated[i]
        assert env.ended() == expected_ended == list(np.flatnonzero(terminated | truncated))
        final_obs = env.final_obs()
        assert final_obs.shape == (len(expected_ended), game.players, *game.observation_shape)
        infos = env.infos()
        if not expected_ended:
            assert infos == {}
        else:
            ended_any = True
            assert set(infos) == {"final_obs", "_final_obs", "final_info", "_final_info"}
            mask = np.zeros(n, dtype=bool)
            mask[expected_ended] = True
            assert np.array_equal(infos["_final_obs"], mask)
            assert np.array_equal(infos["_final_info"], mask)
            assert infos["final_obs"].dtype == object and infos["final_obs"].shape == (n,)
            info = infos["final_info"]
            assert np.array_equal(info["_steps"], mask) and np.array_equal(info["_returns"], mask)
        for k, i in enumerate(expected_ended):
            final_state, length = finals[i]
            assert env.final_state(i) == final_state
            want = np.stack([game.observation_tensor(final_state, p) for p in range(game.players)])
            assert np.array_equal(final_obs[k], want)
            assert np.array_equal(infos["final_obs"][i], want)
            assert infos["final_info"]["steps"][i] == length
            assert np.allclose(infos["final_info"]["returns"][i], game.returns(final_state))
        for i in range(n):
            if i not in finals:
                assert env.final_state(i) is None
                if expected_ended:
                    assert infos["final_obs"][i] is None
            # The observations answered are the running (next) games'.
            assert env.state(i) == states[i]
            want = np.stack([game.observation_tensor(states[i], p) for p in range(game.players)])
            assert np.array_equal(obs[i], want)
    assert ended_any


def test_reset_forgets_the_final_observations():
    env = make("tron3d").vector_env(2, max_steps=1)
    _, masks = env.reset()
    env.step(np.argmax(masks, axis=2))
    assert env.ended() == [0, 1]
    env.reset()
    assert env.ended() == [] and env.infos() == {} and env.final_obs().shape[0] == 0


def test_matches_gymnasiums_own_same_step_layout():
    """Gymnasium's SyncVectorEnv in SAME_STEP mode over one-game environments gives the same
    keys, masks and dtypes for the same games."""
    gym = pytest.importorskip("gymnasium")
    game = make("tictactoe")

    class One(gym.Env):
        """One tic-tac-toe game whose player 0 plays the given index and player 1 the first
        legal one; the final info like the vector env's."""

        observation_space = gym.spaces.Box(0, 1, (2, *game.observation_shape), np.float32)
        action_space = gym.spaces.Discrete(game.num_distinct_actions)

        def __init__(self, seed):
            self.seed0, self.episodes = seed, 0

        def _obs(self):
            return np.stack([game.observation_tensor(self.state, p) for p in range(2)])

        def reset(self, seed=None, options=None):
            self.state = game.initial_state(self.seed0 + 2 * self.episodes)
            self.steps = 0
            return self._obs(), {}

        def step(self, action):
            movers = game.to_move(self.state)
            game.advance_indices(self.state, [int(action)] * len(movers))
            self.steps += 1
            over = game.is_terminal(self.state)
            info = {}
            if over:
                self.episodes += 1
                info = {"steps": self.steps, "returns": np.array(game.returns(self.state))}
            return self._obs(), 0.0, over, False, info

    sync = gym.vector.SyncVectorEnv(
        [lambda s=s: One(s) for s in range(2)], autoreset_mode=gym.vector.AutoresetMode.SAME_STEP
    )
    sync.reset()
    env = game.vector_env(2, seed=0)
    _, masks = env.reset()
    for _ in range(12):
        index = np.argmax(masks, axis=2).max(axis=1)  # the mover's first legal index
        _, _, terminated, _, ours = (*env.step(np.stack([index, index], axis=1))[:4], env.infos())
        masks = env.arrays()[4]
        _, _, term, _, theirs = sync.step(index)
        assert np.array_equal(terminated, term)
        assert set(ours) == set(theirs)
        if ours:
            for key in ("_final_obs", "_final_info"):
                assert np.array_equal(ours[key], theirs[key])
            assert set(ours["final_info"]) == set(theirs["final_info"])
            for i in np.flatnonzero(ours["_final_obs"]):
                assert np.array_equal(ours["final_obs"][i], theirs["final_obs"][i])
                assert ours["final_info"]["steps"][i] == theirs["final_info"]["steps"][i]
            assert ours["final_info"]["steps"].dtype == theirs["final_info"]["steps"].dtype
