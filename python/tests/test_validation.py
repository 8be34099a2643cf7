"""One exception family: every refusal is an `EngineError` (a `ValueError`), a value of the
wrong type an `EngineTypeError` (an `EngineError` and a `TypeError`); integers out of range,
however large or negative, never a bare `OverflowError`; seeds beyond 64 bits refused
everywhere; search settings checked when the search is made, the error naming the field; the
parallel environment refuses unknown agents and any action but the no-op of an agent without
legal actions; `repr` of an action is Python that makes it again."""

import copy
import importlib

import numpy as np
import pytest

import contest_engines as ce
from contest_engines import EngineError, EngineTypeError

BIG = [2**63, 2**64, 2**70, 2**200, -1, -(2**63) - 1, -(2**200)]


def test_the_family():
    assert issubclass(EngineError, ValueError)
    assert issubclass(EngineTypeError, EngineError) and issubclass(EngineTypeError, TypeError)
    assert issubclass(ce.VerifyError, EngineError)
    assert EngineTypeError.__module__ == "contest_engines"


def test_just_out_of_range(game):
    state = game.initial_state(1)
    with pytest.raises(EngineError, match="player 64 out of range"):
        game.legal_actions(state, 64)
    n = game.num_distinct_actions
    with pytest.raises(EngineError, match=f"action index {n} out of range"):
        game.index_action(state, 0, n)


@pytest.mark.parametrize("value", BIG)
def test_integers_out_of_range_are_engine_errors(game, value):
    state = game.initial_state(1)
    for call in (
        lambda: game.legal_actions(state, value),
        lambda: game.observe(state, value),
        lambda: game.legal_mask(state, value),
        lambda: game.observation_tensor(state, value),
        lambda: game.legal_indices(state, value),
        lambda: game.index_action(state, 0, value),
        lambda: game.index_action(state, value, 0),
    ):
        with pytest.raises(EngineError, match="out of range") as info:
            call()
        assert not isinstance(info.value, OverflowError)
    movers = game.to_move(state)
    with pytest.raises(EngineError, match="out of range"):
        game.step_indices(state, [value] * len(movers))


@pytest.mark.parametrize("value", ["3", 1.0, None, [1], object()])
def test_integers_of_the_wrong_type_are_engine_type_errors(game, value):
    state = game.initial_state(1)
    for call in (
        lambda: game.legal_actions(state, value),
        lambda: game.initial_state(value),
        lambda: game.index_action(state, 0, value),
    ):
        with pytest.raises(EngineTypeError):
            call()
    movers = game.to_move(state)
    with pytest.raises(EngineTypeError):
        game.step_indices(state, [value] * len(movers))


def test_numpy_integers_are_integers(game):
    state = game.initial_state(np.uint64(2**64 - 1))
    assert game.initial_state(2**64 - 1) == state
    movers = game.to_move(state)
    indices = [game.legal_indices(state, np.int64(p))[0] for p in movers]
    game.step_indices(state, np.array(indices))
    game.step_indices(state, tuple(np.int32(i) for i in indices))


@pytest.mark.parametrize("seed", [2**64, 2**70, -1])
def test_seeds_beyond_64_bits_are_refused_everywhere(seed):
    game = ce.tron3d.Game()
    with pytest.raises(EngineError, match="seed"):
        game.initial_state(seed)
    with pytest.raises(EngineError, match="seed"):
        game.vector_env(2, seed=seed)
    env = game.vector_env(2, seed=2**64 - 1)
    with pytest.raises(EngineError, match="seed"):
        env.reset(seed=seed)
    with pytest.raises(EngineError, match="seed"):
        game.search("Uct", seed=seed)
    with pytest.raises(EngineError, match="seed"):
        ce.Uct(seed=seed)


def test_vector_env_arguments():
    game = ce.tron3d.Game()
    for kw, match in (
        (dict(num_envs=0), "num_envs"),
        (dict(num_envs=-1), "num_envs"),
        (dict(num_envs=2**64), "num_envs"),
        (dict(num_envs=1, max_steps=0), "max_steps"),
        (dict(num_envs=1, max_steps=2**32), "max_steps"),
        (dict(num_envs=1, max_steps=-5), "max_steps"),
    ):
        with pytest.raises(EngineError, match=match):
            game.vector_env(**kw)
    env = game.vector_env(2)
    for env_index in (2, -1, 2**64):
        with pytest.raises(EngineError, match="out of range"):
            env.state(env_index)
        with pytest.raises(EngineError, match="out of range"):
            env.final_state(env_index)


@pytest.mark.parametrize(
    "settings, field",
    [
        (dict(iterations=-1), "iterations"),
        (dict(iterations=2**32), "iterations"),
        (dict(iterations=2**64), "iterations"),
        (dict(time=-1.0), "time"),
        (dict(time=float("nan")), "time"),
        (dict(exploration=-0.5), "exploration"),
        (dict(exploration=float("inf")), "exploration"),
        (dict(mixing=1.5), "mixing"),
        (dict(mixing=float("nan")), "mixing"),
        (dict(max_playout_steps=-1), "max_playout_steps"),
        (dict(seed=-3), "seed"),
        (dict(iterations_per_sample=0), "iterations_per_sample"),
    ],
)
@pytest.mark.parametrize("cls", [ce.Uct, ce.DecoupledUct, ce.FlatMonteCarlo, ce.InformationSetMcts])
def test_search_settings_are_checked_when_made(cls, settings, field):
    with pytest.raises(EngineError, match=field) as info:
        cls(**settings)
    assert not isinstance(info.value, EngineTypeError)
    with pytest.raises(EngineError, match=field):
        ce.tron3d.Game().search(cls.__name__, **settings)


@pytest.mark.parametrize(
    "settings, field",
    [
        (dict(iterations="many"), "iterations"),
        (dict(iterations=10.0), "iterations"),
        (dict(time="1s"), "time"),
        (dict(exploration="high"), "exploration"),
        (dict(mixing=[0.1]), "mixing"),
        (dict(seed=1.5), "seed"),
        (dict(max_playout_steps=True), "max_playout_steps"),
    ],
)
def test_search_settings_of_the_wrong_type(settings, field):
    with pytest.raises(EngineTypeError, match=field):
        ce.Uct(**settings)


def test_search_settings_accepted():
    search = ce.Uct(iterations=0, time=None, exploration=0, mixing=1, seed=2**64 - 1)
    game = ce.tictactoe.Game()
    assert search.choose(game, game.initial_state(0), 0) is not None
    ce.Uct(time=float("inf"))
    ce.Uct(iterations=np.int64(5), exploration=np.float32(0.5))
    with pytest.raises(EngineError, match="unknown search"):
        game.search("MiniMax")


@pytest.mark.parametrize("name", ce.GAMES + ce.TOYS)
def test_action_repr_makes_the_action_again(name):
    module = getattr(ce, name)
    game = module.Game()
    state = game.initial_state(4)
    namespace = {name: module}
    for p in game.to_move(state):
        actions = game.legal_actions(state, p)
        for action in actions[:: max(1, len(actions) // 25)]:
            text = repr(action)
            assert text.startswith(f"{name}.Action(")
            assert "Some(" not in text and "Movement {" not in text
            again = eval(text, namespace)
            assert again == action
            assert module.Action(action.to_data()) == action


def test_action_constructor_refusals():
    with pytest.raises(EngineTypeError):
        ce.tron3d.Action()
    with pytest.raises(EngineTypeError):
        ce.tron3d.Action({"moves": []}, moves=[])
    with pytest.raises(EngineError, match="not a tron3d action"):
        ce.tron3d.Action(moves="north")
    with pytest.raises(EngineTypeError):
        ce.cloudwars.Action(object())
    assert repr(ce.cloudwars.Action("Wait")) == 'cloudwars.Action("Wait")'
    assert repr(ce.tictactoe.Action(4)) == "tictactoe.Action(4)"


# The PettingZoo environments.

pz = pytest.importorskip("contest_engines.pettingzoo")


@pytest.mark.parametrize("seed", [2**64, 2**64 + 5, -1])
def test_pettingzoo_seeds_beyond_64_bits(seed):
    for env in (pz.tron3d.env(), pz.tron3d.parallel_env(), pz.amazes.env()):
        with pytest.raises(EngineError, match="seed"):
            env.reset(seed=seed)
    env = pz.tron3d.parallel_env()
    for bad in ("1", 1.5, True):
        with pytest.raises(EngineTypeError):
            env.reset(seed=bad)


def test_pettingzoo_last_seed_wraps_to_zero():
    env = pz.tron3d.parallel_env()
    env.reset(seed=2**64 - 1)
    assert env.game_state == env.game.initial_state(2**64 - 1)
    env.reset()
    assert env.game_state == env.game.initial_state(0)


def dead_agent_state():
    """A CloudWars parallel env in a state where some player has no legal action (no cloud
    left: an all-zero mask) while others move; answers (env, observations, dead, alive)."""
    env = pz.cloudwars.parallel_env(illegal_action="raise")
    for seed in range(50):
        observations, _ = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        while env.agents:
            masks = {a: o["action_mask"] for a, o in observations.items()}
            dead = [a for a, m in masks.items() if not m.any()]
            alive = [a for a, m in masks.items() if m.any()]
            if dead and alive:
                return env, observations, dead, alive
            actions = {a: int(rng.choice(np.flatnonzero(m))) for a, m in masks.items() if m.any()}
            observations, *_ = env.step(actions)
    pytest.fail("no CloudWars state with a player out of the game found")


def test_parallel_env_no_op_and_refusals():
    env, observations, dead, alive = dead_agent_state()
    state = env.game_state.copy()
    legal = {a: int(np.flatnonzero(observations[a]["action_mask"])[0]) for a in alive}
    # Refused, changing nothing: an unknown agent, any value but the no-op for a dead one.
    for actions in (
        dict(legal, player_9=0),
        dict(legal, **{"nobody": 1}),
        dict(legal, **{dead[0]: "x"}),
        dict(legal, **{dead[0]: 3}),
        dict(legal, **{dead[0]: 1.0}),
        dict(legal, **{dead[0]: True}),
    ):
        with pytest.raises(EngineError):
            env.step(actions)
        assert env.game_state == state
    # The no-op: absent, None, or 0 (what masked sampling answers for an all-zero mask).
    assert env.action_space(dead[0]).sample(observations[dead[0]]["action_mask"]) == 0
    results = []
    for no_op in ({}, {dead[0]: None}, {dead[0]: 0}, {dead[0]: np.int64(0)}):
        twin = copy.deepcopy(env)
        out = twin.step(dict(legal, **no_op))
        results.append((twin.game_state.to_json(), repr(out[1])))
    assert all(r == results[0] for r in results)
    assert env.game_state == state
    # An agent to move needs an action: absent or None is refused.
    with pytest.raises(EngineError, match="no action"):
        env.step({a: v for a, v in legal.items() if a != alive[0]})
    with pytest.raises(EngineError, match="no action"):
        env.step(dict(legal, **{alive[0]: None}))


def test_pettingzoo_actions_in_the_family():
    env = pz.tron3d.parallel_env()
    observations, _ = env.reset(seed=1)
    n = env.game.num_distinct_actions
    for value, error in ((n, EngineError), (-1, EngineError), (2**64, EngineError),
                         (1.0, EngineTypeError), ("3", EngineTypeError)):
        with pytest.raises(error):
            env.step({a: value for a in env.agents})
    with pytest.raises(EngineTypeError):
        env.step([0, 0, 0, 0])
    module = importlib.import_module("contest_engines.pettingzoo.amazes")
    aec = module.env(illegal_action="raise")
    aec.reset(seed=1)
    with pytest.raises(EngineError):
        aec.step(99)


def test_pettingzoo_settings_in_the_family():
    for kwargs, error in (
        ({"max_steps": 0}, EngineError),
        ({"max_steps": -3}, EngineError),
        ({"max_steps": "10"}, EngineTypeError),
        ({"max_steps": 2.5}, EngineTypeError),
        ({"illegal_action": "ignore"}, EngineError),
        ({"render_mode": "hologram"}, EngineError),
        ({"board": "nope"}, EngineError),
    ):
        with pytest.raises(error):
            pz.tron3d.parallel_env(**kwargs)
    with pytest.raises(EngineError, match="alternating"):
        pz.ContestParallelEnv("amazes")
    env = pz.tron3d.parallel_env(max_steps=np.int64(3))
    env.reset(seed=1)
