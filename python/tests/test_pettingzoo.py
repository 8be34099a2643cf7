"""The PettingZoo environments of every game: PettingZoo's own API and seed tests, the same game
as the engine's for the same seed and actions, rendering, and bad arguments."""

import importlib
import os

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed")
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test  # noqa: E402

import contest_engines as ce  # noqa: E402
from contest_engines.pettingzoo import ContestAECEnv, ContestParallelEnv  # noqa: E402

SIMULTANEOUS = ("dogfight", "tron3d", "cloudwars", "windward")
# Enough steps to meet the games' phases, few enough to keep the suite quick (Windward's step
# runs ten cars).
CYCLES = {"dogfight": 200, "tron3d": 200, "cloudwars": 100, "amazes": 200, "windward": 40}


def pz(name):
    return importlib.import_module(f"contest_engines.pettingzoo.{name}")


@pytest.mark.parametrize("name", ce.GAMES)
def test_aec_api_and_seed(name):
    api_test(pz(name).env(), num_cycles=CYCLES[name])
    seed_test(pz(name).env, num_cycles=CYCLES[name] // 4)


@pytest.mark.parametrize("name", SIMULTANEOUS)
def test_parallel_api_and_seed(name):
    parallel_api_test(pz(name).parallel_env(), num_cycles=CYCLES[name])
    parallel_seed_test(pz(name).parallel_env, num_cycles=CYCLES[name] // 4)


def test_alternating_game_has_no_parallel_env():
    assert not hasattr(pz("amazes"), "parallel_env")
    with pytest.raises(ValueError, match="alternating"):
        ContestParallelEnv("amazes")


# Steps of the Rust game the environments replay: whole games but for Windward's (thousands of
# steps), of which the first 300 keep the test quick.
RUST_STEPS = 300


def rust_game(game, seed):
    """A game played in Rust alone (at most RUST_STEPS steps): the indices taken (as action
    indices), its last state's JSON and the final rewards (None when the game is not over)."""
    choices, final = game._rust_playout(seed, RUST_STEPS, seed + 77)
    state, steps = game.initial_state(seed), []
    for choice in choices:
        movers = game.to_move(state)
        actions = [game.legal_actions(state, p)[i] for p, i in zip(movers, choice)]
        steps.append({p: game.action_index(state, p, a) for p, a in zip(movers, actions)})
        state = game.step(state, actions)
    assert state.to_json() == final
    over = game.is_terminal(state)
    return steps, final, [2 * r - 1 for r in game.returns(state)] if over else None


@pytest.mark.parametrize("name", SIMULTANEOUS)
def test_parallel_env_plays_the_rust_game(name):
    env = pz(name).parallel_env()
    steps, final, final_rewards = rust_game(env.unwrapped.game, 3)
    observations, _ = env.reset(seed=3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for step in steps:
        for p, agent in enumerate(env.possible_agents):
            assert bool(observations[agent]["action_mask"].any()) == (p in step)
        actions = {env.possible_agents[p]: i for p, i in step.items()}
        observations, rewards, terminations, truncations, _ = env.step(actions)
        for agent, r in rewards.items():
            totals[agent] += r
    assert env.game_state.to_json() == final
    if final_rewards is None:
        assert name == "windward" and env.agents, "only Windward's game outlasts RUST_STEPS"
        return
    assert env.agents == [] and all(terminations.values()) and not any(truncations.values())
    assert [totals[a] for a in env.possible_agents] == pytest.approx(final_rewards)


@pytest.mark.parametrize("name", ce.GAMES)
def test_aec_env_plays_the_rust_game(name):
    env = pz(name).env()
    steps, final, final_rewards = rust_game(env.unwrapped.game, 4)
    env.reset(seed=4)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    queue = [i for step in steps for i in sorted(step.items())]
    for agent in env.agent_iter():
        if not queue and final_rewards is None:
            break  # the Rust game was cut at RUST_STEPS
        _, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        p, index = queue.pop(0)
        assert agent == env.possible_agents[p]
        env.step(index)
    assert queue == []
    assert env.unwrapped.game_state.to_json() == final
    if final_rewards is None:
        assert name == "windward", "only Windward's game outlasts RUST_STEPS"
        return
    assert [totals[a] for a in env.possible_agents] == pytest.approx(final_rewards)


def test_seeding_follows_the_engine():
    env = pz("tron3d").parallel_env()
    game = env.unwrapped.game
    first, _ = env.reset(seed=8)
    np.testing.assert_array_equal(
        first["player_1"]["observation"], game.observation_tensor(game.initial_state(8), 1)
    )
    assert env.game_state == game.initial_state(8)
    env.reset()
    assert env.game_state == game.initial_state(9), "reset() without a seed takes the next one"
    for bad in (-1, 1.5, "1"):
        with pytest.raises(ValueError):
            env.reset(seed=bad)


def test_spaces():
    env = pz("dogfight").parallel_env()
    game = env.unwrapped.game
    space = env.observation_space("player_0")
    assert space["observation"].shape == game.observation_shape
    assert space["action_mask"].shape == (game.num_distinct_actions,)
    assert env.action_space("player_1").n == game.num_distinct_actions
    observations, _ = env.reset(seed=1)
    assert space.contains(observations["player_0"])
    assert observations["player_0"]["action_mask"].dtype == np.int8


def test_render_modes(tmp_path):
    env = pz("tron3d").parallel_env(render_mode="ansi")
    env.reset(seed=1)
    assert env.render().startswith("tron3d step 0: to move [0, 1, 2, 3]")
    env = pz("cloudwars").parallel_env(render_mode="svg")
    env.reset(seed=1)
    assert env.render().startswith("<svg")
    env = pz("amazes").env(render_mode="html")
    env.reset(seed=1)
    for _ in range(6):
        mask = env.last()[0]["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    page = env.render()
    assert "<html" in page.lower() and page.count("<svg") >= 1
    assert env.unwrapped.save_replay(tmp_path / "replay.html") == 7
    assert os.path.getsize(tmp_path / "replay.html") > 1000
    with pytest.raises(RuntimeError, match="render_mode='html'"):
        e = pz("amazes").env(render_mode="ansi")
        e.reset(seed=1)
        e.unwrapped.save_replay(tmp_path / "no.html")
    with pytest.raises(ValueError, match="render_mode"):
        pz("tron3d").env(render_mode="video")


def first_illegal(mask):
    return int(np.flatnonzero(mask == 0)[0])


def test_illegal_actions():
    env = pz("dogfight").parallel_env(illegal_action="raise")
    obs, _ = env.reset(seed=2)
    actions = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in obs.items()}
    bad = dict(actions, player_1=first_illegal(obs["player_1"]["action_mask"]))
    with pytest.raises(ValueError, match="player_1: action index .* not legal"):
        env.step(bad)
    assert env.game_state == env.unwrapped.game.initial_state(2), "a refused step changes nothing"

    env = pz("dogfight").parallel_env(illegal_action="first")
    env.reset(seed=2)
    _, rewards, terminations, _, infos = env.step(bad)
    assert infos["player_1"] == {"illegal_action": True}
    twin = pz("dogfight").parallel_env()
    twin.reset(seed=2)
    twin.step(actions)
    assert env.game_state == twin.game_state, "the first legal index was played instead"

    env = pz("dogfight").parallel_env()  # "lose", PettingZoo's classic rule
    env.reset(seed=2)
    _, rewards, terminations, _, infos = env.step(bad)
    assert all(terminations.values()) and env.agents == []
    assert rewards == {"player_0": 0.0, "player_1": -1.0}
    assert infos["player_1"] == {"illegal_action": True}

    aec = pz("amazes").env()
    aec.reset(seed=1)
    while aec.last()[0]["action_mask"].all():  # walk until a wall forbids a move
        aec.step(int(np.argmax(aec.last()[0]["action_mask"])))
    offender = aec.agent_selection
    aec.step(first_illegal(aec.last()[0]["action_mask"]))
    assert all(aec.terminations.values())
    assert aec.rewards[offender] == -1.0 and aec.infos[offender] == {"illegal_action": True}


def test_bad_arguments_raise():
    env = pz("dogfight").parallel_env()
    obs, _ = env.reset(seed=1)
    n = env.unwrapped.game.num_distinct_actions
    legal = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in obs.items()}
    # None is the no-op of a player without legal actions: for a player to move, no action.
    for value, error in ((n, ValueError), (-1, ValueError), (1.0, TypeError), ("3", TypeError),
                         (True, TypeError), (None, ValueError)):
        with pytest.raises(error):
            env.step(dict(legal, player_0=value))
    with pytest.raises(ValueError, match="no action for player_1"):
        env.step({"player_0": legal["player_0"]})
    with pytest.raises(TypeError):
        env.step([1, 2])
    for kwargs in ({"max_steps": 0}, {"illegal_action": "ignore"}, {"board": "nope"}):
        with pytest.raises(ValueError):
            pz("dogfight").parallel_env(**kwargs)
    with pytest.raises(ce.EngineError, match="unknown config field"):
        pz("tron3d").env(config={"nope": 1})


def test_max_steps_truncates():
    env = pz("tron3d").parallel_env(max_steps=3)
    obs, _ = env.reset(seed=1)
    for step in range(3):
        actions = {a: int(np.argmax(o["action_mask"])) for a, o in obs.items()}
        obs, rewards, terminations, truncations, _ = env.step(actions)
    assert all(truncations.values()) and not any(terminations.values()) and env.agents == []
    assert set(rewards.values()) == {0.0}


def test_generic_classes_are_the_envs():
    assert isinstance(pz("tron3d").env().unwrapped, ContestAECEnv)
    assert isinstance(pz("tron3d").parallel_env(), ContestParallelEnv)
