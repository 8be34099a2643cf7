"""The single-agent Gymnasium environments (``contest_engines.gymnasium``): Gymnasium's
``check_env`` for every game, whole games against the built-in bots, seats, seeding, custom
policies, illegal actions and bad arguments."""

import importlib

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium", reason="gymnasium is not installed")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import contest_engines as ce  # noqa: E402
from contest_engines import bots  # noqa: E402
from contest_engines.gymnasium import ContestGymEnv  # noqa: E402

ALL = ce.GAMES + ce.TOYS


def gym(name):
    return importlib.import_module(f"contest_engines.gymnasium.{name}")


@pytest.fixture(autouse=True)
def page(tmp_path, monkeypatch):
    """The "human" render mode writes its page (no window) to a file of the test's."""
    monkeypatch.setenv("CONTEST_ENGINES_VIEWER", "html")
    monkeypatch.setenv("CONTEST_ENGINES_VIEW_FILE", str(tmp_path / "view.html"))


@pytest.mark.parametrize("name", ALL)
def test_check_env(name):
    # Made by gymnasium.make, so that check_env also renders in every declared mode.
    env = gymnasium.make(f"contest_engines/{name}-v0", max_steps=30).unwrapped
    assert isinstance(env, ContestGymEnv) and env.game.name == name
    check_env(env)
    check_env(gym(name).env(max_steps=30), skip_render_check=True)


def play(env, seed, rng):
    """A whole episode of masked random actions; answers the rewards and the last info."""
    observation, info = env.reset(seed=seed)
    rewards = []
    while True:
        assert env.observation_space.contains(observation)
        mask = info["action_mask"]
        assert mask.dtype == np.int8 and mask.any()
        assert np.array_equal(mask.astype(bool), env.action_masks())
        assert np.array_equal(mask.astype(bool), env.game.legal_mask(env.game_state, env.seat))
        action = int(rng.choice(np.flatnonzero(mask)))
        observation, reward, terminated, truncated, info = env.step(action)
        rewards.append(reward)
        if terminated or truncated:
            return rewards, info, terminated


@pytest.mark.parametrize(
    "name, opponents, seat",
    [
        ("tron3d", ["demo", "demo", "demo"], 0),
        ("tron3d", "search", 2),
        ("dogfight", ["search"], 1),
        ("cloudwars", "greedy", 0),
        ("amazes", ["explorer"], 1),
        ("tictactoe", None, 1),
    ],
)
def test_whole_games_against_bots(name, opponents, seat):
    env = gym(name).env(opponents=opponents, seat=seat)
    rewards, _, terminated = play(env, 3, np.random.default_rng(0))
    assert terminated and env.game.is_terminal(env.game_state)
    assert rewards[-1] == 2.0 * env.game.returns(env.game_state)[seat] - 1.0
    assert all(r == 0.0 for r in rewards[:-1])
    assert -1.0 <= rewards[-1] <= 1.0


def test_the_issue_example():
    from contest_engines.gymnasium import tron3d

    env = tron3d.env(opponents=["demo", "demo", "demo"])
    observation, info = env.reset(seed=1)
    assert observation.shape == env.game.observation_shape and observation.dtype == np.float32
    action = env.action_space.sample(info["action_mask"])
    observation, reward, terminated, truncated, info = env.step(action)
    assert info["steps"] == 1 and not truncated


def test_opponents_move_first_when_they_do():
    env = gym("amazes").env(opponents="explorer", seat=1)
    _, info = env.reset(seed=2)
    # Red (seat 0) has moved: it is the agent's turn.
    assert env.game.to_move(env.game_state) == [1] and info["steps"] == 1
    env = gym("tictactoe").env(seat=1)
    env.reset(seed=0)
    assert sum(1 for v in env.action_masks() if not v) == 1


def test_the_game_is_the_engines_with_the_bots_in_their_seats():
    """The environment's game equals the engine's played with the same bots and actions."""
    env = gym("tron3d").env(opponents=["demo", "search", "demo"], seat=1)
    _, info = env.reset(seed=11)
    game = ce.tron3d.Game()
    state = game.initial_state(11)
    seats = {0: bots.tron3d("demo", game=game), 2: bots.tron3d("search", game=game),
             3: bots.tron3d("demo", game=game)}
    for p, bot in seats.items():
        bot.reset(seed=11 * 64 + p)
    rng = np.random.default_rng(1)
    for _ in range(15):
        index = int(rng.choice(np.flatnonzero(info["action_mask"])))
        joint = []
        for p in game.to_move(state):
            joint.append(game.index_action(state, 1, index) if p == 1 else seats[p].act(state, p))
        game.advance(state, joint, check=False)
        _, _, terminated, _, info = env.step(index)
        assert env.game_state == state
        if terminated:
            break


def test_seeding():
    env = gym("dogfight").env()
    first = play(env, 5, np.random.default_rng(3))
    again = play(env, 5, np.random.default_rng(3))
    assert first[0] == again[0]
    _, info = env.reset(seed=8)
    assert info["seed"] == 8
    _, info = env.reset()
    assert info["seed"] == 9
    with pytest.raises(ValueError, match="seed"):
        env.reset(seed=2**64)
    with pytest.raises(ValueError, match="seed"):
        env.reset(seed=-1)


def test_custom_policies():
    calls = []

    class First:
        def act(self, state, player):
            calls.append(player)
            return int(np.flatnonzero(ce.tron3d.Game().legal_mask(state, player))[0])

    class ByAction:
        def act(self, state, player):
            return env.game.legal_actions(state, player)[-1]

    env = gym("tron3d").env(opponents=[First(), ByAction(), "random"])
    _, info = env.reset(seed=1)
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert calls == [1]

    class Illegal:
        def act(self, state, player):
            return 80

    env = gym("tron3d").env(opponents=Illegal())
    with pytest.raises(ValueError, match="not legal"):
        env.reset(seed=1)
        env.step(int(np.flatnonzero(env.action_masks())[0]))


def test_illegal_actions():
    env = gym("tron3d").env()
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    env = gym("tron3d").env(illegal_action="first")
    env.reset(seed=1)
    _, reward, terminated, _, info = env.step(illegal)
    assert info["illegal_action"] and not terminated and info["steps"] == 1
    env = gym("tron3d").env(illegal_action="raise")
    env.reset(seed=1)
    with pytest.raises(ValueError, match="not legal"):
        env.step(illegal)
    with pytest.raises(TypeError):
        env.step(1.5)
    with pytest.raises(ValueError, match="out of range"):
        env.step(10_000)


def test_max_steps_truncates():
    env = gym("tron3d").env(max_steps=3)
    _, info = env.reset(seed=1)
    for i in range(3):
        _, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert truncated and not terminated and reward == 0.0


def test_render_modes():
    env = gym("cloudwars").env(render_mode="rgb_array")
    env.reset(seed=1)
    frame = env.render()
    assert frame.dtype == np.uint8 and frame.shape[2] == 3
    assert env.metadata["render_fps"] > 0 and "human" in env.metadata["render_modes"]
    env = gym("amazes").env(render_mode="ansi")
    env.reset(seed=1)
    assert env.render().startswith("amazes step ")


def test_bad_arguments():
    with pytest.raises(ValueError, match="2 given for the 3"):
        gym("tron3d").env(opponents=["demo", "demo"])
    with pytest.raises(ce.EngineError, match="the bots are"):
        gym("tron3d").env(opponents="nobody")
    with pytest.raises(ValueError, match="seat 4"):
        gym("tron3d").env(seat=4)
    with pytest.raises(TypeError, match="seat"):
        gym("tron3d").env(seat="0")
    with pytest.raises(TypeError, match="act"):
        gym("tron3d").env(opponents=[1, 2, 3])
    with pytest.raises(ValueError, match="one seat"):
        gym("tron3d").env(opponents=bots.tron3d("demo"))
    with pytest.raises(ValueError, match="render_mode"):
        gym("tictactoe").env(render_mode="html")
    with pytest.raises(ValueError, match="illegal_action"):
        gym("tron3d").env(illegal_action="never")
    with pytest.raises(RuntimeError, match="reset"):
        gym("tron3d").env().step(0)
