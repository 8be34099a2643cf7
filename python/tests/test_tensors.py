"""The tensors of every game as numpy arrays (`observation_tensor`, `legal_mask`, action
indices), and the vector environment: many games stepped in one call, equal to the same games
stepped one by one from Python."""

import json

import numpy as np
import pytest

import contest_engines as ce
from contest_engines import EngineError


def playable_states(game, seed, steps):
    """States along a game where each mover takes its last legal action."""
    state = game.initial_state(seed)
    yield state
    for _ in range(steps):
        if game.is_terminal(state):
            return
        state = game.step(state, [game.legal_actions(state, p)[-1] for p in game.to_move(state)])
        yield state


def test_shapes_and_types(game):
    n, shape = game.num_distinct_actions, game.observation_shape
    assert isinstance(shape, tuple) and n > 0
    state = game.initial_state(3)
    for p in range(game.players):
        obs = game.observation_tensor(state, p)
        mask = game.legal_mask(state, p)
        assert obs.dtype == np.float32 and obs.shape == shape
        assert np.isfinite(obs).all()
        assert mask.dtype == np.bool_ and mask.shape == (n,)


def test_mask_is_legal_actions_and_indices_round_trip(game):
    for state in playable_states(game, 4, 6):
        movers = game.to_move(state)
        for p in range(game.players):
            mask = game.legal_mask(state, p)
            legal = game.legal_actions(state, p)
            if p not in movers:
                assert not mask.any(), "a player not to move has an all-false mask"
                continue
            indices = {game.action_index(state, p, a) for a in legal}
            assert None not in indices
            assert indices == set(np.flatnonzero(mask).tolist())
            for a in legal[:50]:
                assert game.index_action(state, p, game.action_index(state, p, a)) == a


def test_step_indices_equals_step(game):
    for state in playable_states(game, 5, 5):
        if game.is_terminal(state):
            break
        movers = game.to_move(state)
        actions = [game.legal_actions(state, p)[0] for p in movers]
        indices = [game.action_index(state, p, a) for p, a in zip(movers, actions)]
        stepped = game.step_indices(state, indices)
        assert stepped == game.step(state, actions)
        twin = state.copy()
        game.advance_indices(twin, np.array(indices))
        assert twin == stepped


def test_python_stepped_indices_equal_the_rust_stepped_game(game):
    """The Rust playout's legal-action choices, replayed as action indices through
    `step_indices`, end in the same state."""
    indices, rust_json = game._rust_playout(2, 120, 99)
    state = game.initial_state(2)
    for step in indices:
        movers = game.to_move(state)
        chosen = [
            game.action_index(state, p, game.legal_actions(state, p)[i])
            for p, i in zip(movers, step)
        ]
        state = game.step_indices(state, chosen)
    assert state.to_json() == rust_json


def test_bad_tensor_arguments_raise(game):
    state = game.initial_state(1)
    n = game.num_distinct_actions
    movers = game.to_move(state)
    mask = game.legal_mask(state, movers[0])
    illegal = int(np.flatnonzero(~mask)[0]) if (~mask).any() else None
    for player in (-1, game.players, 2**70):
        with pytest.raises(EngineError, match="out of range"):
            game.observation_tensor(state, player)
        with pytest.raises(EngineError, match="out of range"):
            game.legal_mask(state, player)
    for index in (-1, n, 2**62, 2**63, 2**64):
        with pytest.raises(EngineError, match="out of range"):
            game.index_action(state, movers[0], index)
        with pytest.raises(EngineError, match="out of range"):
            game.step_indices(state, [index] * len(movers))
    with pytest.raises(EngineError, match="to move"):
        game.step_indices(state, [])
    if illegal is not None:
        with pytest.raises(EngineError, match="illegal"):
            game.step_indices(state, [illegal] * len(movers))
    with pytest.raises(TypeError):
        game.step_indices(state, "0")
    with pytest.raises(TypeError):
        game.observation_tensor("not a state", 0)


def random_indices(rng, masks):
    """One legal index per game and player from `masks` [N, P, A] (0 where none is legal)."""
    n, players, _ = masks.shape
    out = np.zeros((n, players), dtype=np.int64)
    for i in range(n):
        for p in range(players):
            legal = np.flatnonzero(masks[i, p])
            if len(legal):
                out[i, p] = rng.choice(legal)
    return out


# A step cap per game that makes some games end (or be cut) within a short test.
MAX_STEPS = {"dogfight": 40, "tron3d": 60, "cloudwars": 30, "amazes": 60, "windward": 25}


@pytest.mark.parametrize("incremental", [True, False])
def test_vector_env_equals_games_stepped_from_python(game, incremental):
    """Every game of a VecEnv, its rewards, terminations, truncations, observations and masks,
    equal the same game stepped one by one through the Python API, restarts included, with
    the observations written incrementally (Tron3D) or in full."""
    n, seed, max_steps = 3, 40, MAX_STEPS[game.name]
    env = game.vector_env(n, seed=seed, max_steps=max_steps, incremental=incremental)
    assert env.incremental == (incremental and game.name == "tron3d")
    assert (env.num_envs, env.players) == (n, game.players)
    assert env.observation_shape == game.observation_shape
    obs, masks = env.reset()
    mirror = [game.initial_state(seed + i) for i in range(n)]
    episodes, steps = [0] * n, [0] * n
    rng = np.random.default_rng(0)
    restarts = 0
    for _ in range(2 * max_steps + 5):
        for i, state in enumerate(mirror):
            assert env.state(i) == state
            for p in range(game.players):
                np.testing.assert_array_equal(obs[i, p], game.observation_tensor(state, p))
                np.testing.assert_array_equal(masks[i, p], game.legal_mask(state, p))
        actions = random_indices(rng, masks)
        obs, rewards, terminated, truncated, masks = env.step(actions)
        assert obs.dtype == np.float32 and rewards.dtype == np.float32
        for i in range(n):
            state = mirror[i]
            movers = game.to_move(state)
            state = game.step_indices(state, [int(actions[i, p]) for p in movers])
            steps[i] += 1
            over = game.is_terminal(state)
            cut = not over and steps[i] >= max_steps
            assert (terminated[i], truncated[i]) == (over, cut)
            expected = [2 * r - 1 for r in game.returns(state)] if over else [0.0] * game.players
            np.testing.assert_allclose(rewards[i], expected, rtol=0, atol=1e-6)
            if over or cut:
                episodes[i] += 1
                restarts += 1
                state = game.initial_state(seed + i + episodes[i] * n)
                steps[i] = 0
            mirror[i] = state
    assert restarts >= n, "every game should have ended or been cut at least once"


def alive_bikes(state):
    """The number of live bikes of a Tron3D state."""
    return sum(bike["alive"] for bike in json.loads(state.to_json())["bikes"])


def expected_observations(game, states):
    """`[N, P, *shape]`: every player's full observation tensor of each state."""
    return np.stack([
        np.stack([game.observation_tensor(state, p) for p in range(game.players)])
        for state in states
    ])


@pytest.mark.parametrize("board", ["cube6", "grid13", "ico2", "cube12"])
def test_incremental_observations_equal_the_full_write_over_whole_games(board):
    """Tron3D's incremental observations, kept by the environment from step to step, equal bit
    for bit the full tensors of the same games stepped one by one from Python, over whole
    games (bikes dying, items picked up and used, games ending by themselves and restarting),
    and equal an environment writing them in full."""
    game = ce.tron3d.Game(board, {"nb_rounds": 40, "bonus_round": 4})
    n, seed = 4, 11
    fast = game.vector_env(n, seed=seed)
    full = game.vector_env(n, seed=seed, incremental=False)
    assert fast.incremental and not full.incremental
    obs, masks = fast.reset()
    full_obs, _ = full.reset()
    mirror = [game.initial_state(seed + i) for i in range(n)]
    rng = np.random.default_rng(5)
    episodes, deaths = [0] * n, 0
    for _ in range(130):
        np.testing.assert_array_equal(obs, expected_observations(game, mirror))
        assert obs.tobytes() == full_obs.tobytes(), "bit for bit"
        actions = random_indices(rng, masks)
        obs, _, terminated, truncated, masks = fast.step(actions)
        full_obs = full.step(actions)[0]
        assert not truncated.any()
        for i in range(n):
            before = mirror[i]
            after = game.step_indices(before, [int(actions[i, p]) for p in game.to_move(before)])
            deaths += alive_bikes(before) - alive_bikes(after)
            assert terminated[i] == game.is_terminal(after)
            if terminated[i]:
                episodes[i] += 1
                after = game.initial_state(seed + i + episodes[i] * n)
            mirror[i] = after
            assert fast.state(i) == after
    np.testing.assert_array_equal(obs, expected_observations(game, mirror))
    assert deaths > 0
    assert min(episodes) >= 2, "every game ended by itself and restarted"


def test_incremental_observations_are_read_only_and_rewritten_on_demand():
    """The incremental environment's observations array is read-only to Python (each step
    relies on it holding what the environment last wrote); a caller that forces it writable
    and writes into it gets the right observations back from `write_observations()`, after
    which steps are right again. `incremental=False` leaves it writable."""
    game = ce.tron3d.Game()
    env = game.vector_env(2, seed=3)
    obs, masks = env.reset()
    with pytest.raises(ValueError, match="read-only"):
        obs[0, 0, 0, 0] = 5.0
    with pytest.raises(ValueError, match="read-only"):
        obs += 1
    rng = np.random.default_rng(1)
    obs, _, _, _, masks = env.step(random_indices(rng, masks))
    assert not obs.flags.writeable
    mine = obs.copy()
    mine[:] = 7.0  # a copy is the caller's to change
    obs.flags.writeable = True  # against the documented use
    obs[:] = 7.0
    assert env.write_observations() is obs
    assert not obs.flags.writeable
    for _ in range(3):
        np.testing.assert_array_equal(obs, expected_observations(game, [env.state(i) for i in range(2)]))
        obs, _, _, _, masks = env.step(random_indices(rng, masks))
    np.testing.assert_array_equal(obs, expected_observations(game, [env.state(i) for i in range(2)]))
    writable, _ = game.vector_env(2, seed=3, incremental=False).reset()
    writable[0, 0, 0, 0] = 5.0
    other = ce.amazes.Game().vector_env(2, seed=3)
    assert not other.incremental
    other.reset()[0][:] = 0.0  # a game that writes in full keeps the array writable


def test_vector_env_without_observations_writes_them_on_demand(game):
    """`observe=False` steps the same games (rewards, terminals, masks) and leaves the
    observations alone; `write_observations()` then writes the current states' tensors, the
    same as an observing environment's."""
    n, seed = 3, 7
    seeing = game.vector_env(n, seed=seed, max_steps=MAX_STEPS[game.name])
    blind = game.vector_env(n, seed=seed, max_steps=MAX_STEPS[game.name], observe=False)
    obs, masks = seeing.reset()
    blind_obs, blind_masks = blind.reset()
    assert not blind_obs.any()
    rng = np.random.default_rng(3)
    for step in range(12):
        actions = random_indices(rng, masks)
        obs, rewards, terminated, truncated, masks = seeing.step(actions)
        out = blind.step(actions)
        for a, b in zip((rewards, terminated, truncated, masks), out[1:]):
            np.testing.assert_array_equal(a, b)
        assert not out[0].any(), "observe=False writes no observation"
        if step % 4 == 3:
            written = blind.write_observations()
            assert written is blind_obs
            np.testing.assert_array_equal(written, obs)
            written[:] = 0  # the next write_observations() writes everything again
    np.testing.assert_array_equal(blind.write_observations(), obs)


def test_vector_env_checks_against_its_own_masks():
    """The masks array is the caller's to read: writing into it does not make an illegal
    index legal."""
    game = ce.tron3d.Game()
    env = game.vector_env(2, seed=1, observe=False)
    _, masks = env.reset()
    actions = random_indices(np.random.default_rng(0), masks)
    actions[0, 0] = int(np.flatnonzero(~masks[0, 0])[0])
    masks[:] = True
    with pytest.raises(EngineError, match="not legal"):
        env.step(actions)
    assert env.state(0) == game.initial_state(1)


def test_vector_env_reset_seeds():
    game = ce.tron3d.Game()
    env = game.vector_env(2, seed=5)
    obs, _ = env.reset(seed=9)
    obs = obs.copy()  # the environment's arrays are written in place by the next reset or step
    np.testing.assert_array_equal(obs[1, 0], game.observation_tensor(game.initial_state(10), 0))
    assert env.state(0) == game.initial_state(9)
    _, masks = env.step(np.argmax(env.reset()[1], axis=2))[:5:4]
    again, _ = env.reset()
    np.testing.assert_array_equal(again, obs)
    assert env.state(1) == game.initial_state(10)


def test_vector_env_arrays_are_written_in_place():
    game = ce.dogfight.Game()
    env = game.vector_env(2, seed=1)
    obs, masks = env.reset()
    out = env.step(np.argmax(masks, axis=2))
    assert out[0] is obs and out[4] is masks
    np.testing.assert_array_equal(obs[0, 0], game.observation_tensor(env.state(0), 0))


def test_vector_env_bad_arguments_raise_and_change_nothing(game):
    with pytest.raises(EngineError, match="num_envs"):
        game.vector_env(0)
    with pytest.raises(EngineError, match="num_envs"):
        game.vector_env(10**15)
    with pytest.raises(EngineError, match="max_steps"):
        game.vector_env(1, max_steps=0)
    env = game.vector_env(2, seed=1)
    _, masks = env.reset()
    before = [env.state(i).to_json() for i in range(2)]
    players = game.players
    with pytest.raises(EngineError, match="shape"):
        env.step(np.zeros((3, players), dtype=np.int64))
    with pytest.raises(EngineError, match="shape"):
        env.step(np.zeros(2 * players, dtype=np.int64))
    with pytest.raises(TypeError, match="integers"):
        env.step(np.zeros((2, players), dtype=np.float64))
    bad = random_indices(np.random.default_rng(1), masks)
    mover = game.to_move(env.state(1))[0]
    illegal = np.flatnonzero(~masks[1, mover])
    if len(illegal):
        bad[1, mover] = illegal[0]
        with pytest.raises(EngineError, match="env 1, player"):
            env.step(bad)
    bad[1, mover] = -5
    with pytest.raises(EngineError, match="not legal"):
        env.step(bad)
    with pytest.raises(EngineError, match="out of range"):
        env.state(2)
    assert [env.state(i).to_json() for i in range(2)] == before
    # int32 and lists are accepted.
    good = random_indices(np.random.default_rng(2), masks)
    env.step(good.astype(np.int32).tolist())
