"""Every game through the one Python API: playouts, copies, JSON, observations, outcomes, and a
Python-stepped game equal to the same game stepped in Rust."""

import copy
import json
import random

import pytest

import contest_engines as ce


def random_playout(game, state, rng, max_steps=300):
    steps = 0
    while not game.is_terminal(state) and steps < max_steps:
        actions = [rng.choice(game.legal_actions(state, p)) for p in game.to_move(state)]
        state = game.step(state, actions)
        steps += 1
    return state, steps


def test_shape(game):
    assert game.players >= 2
    assert game.moves in ("simultaneous", "alternating")
    state = game.initial_state(1)
    movers = game.to_move(state)
    assert movers, "a fresh game has players to move"
    if game.moves == "alternating":
        assert len(movers) == 1
    for p in range(game.players):
        legal = game.legal_actions(state, p)
        assert bool(legal) == (p in movers)
        for a in legal:
            assert a == ce_action(game).from_json(a.to_json())
            assert hash(a) == hash(ce_action(game).from_json(a.to_json()))


def ce_action(game):
    return getattr(ce, game.name).Action


def test_same_seed_same_game_and_json_round_trip(game):
    a, b = game.initial_state(7), game.initial_state(7)
    assert a == b
    rng = random.Random(3)
    for _ in range(20):
        if game.is_terminal(a):
            break
        actions = [rng.choice(game.legal_actions(a, p)) for p in game.to_move(a)]
        a = game.step(a, actions)
        b = game.step(b, actions)
        assert a == b
        back = game.state_from_json(a.to_json())
        assert back == a and back.to_json() == a.to_json()
        assert json.loads(a.to_json()) == a.to_data()


def test_copies_are_independent_and_step_equals_advance(game):
    state = game.initial_state(2)
    before = state.to_json()
    for twin in (state.copy(), copy.copy(state), copy.deepcopy(state)):
        assert twin == state
        actions = [game.legal_actions(twin, p)[-1] for p in game.to_move(twin)]
        stepped = game.step(twin, actions)
        game.advance(twin, actions)
        assert twin == stepped
        assert state.to_json() == before, "advancing a copy changed the original"


def test_playout_to_the_end_outcome_and_returns(game):
    rng = random.Random(11)
    state, _ = random_playout(game, game.initial_state(5), rng, max_steps=100_000)
    assert game.is_terminal(state)
    assert game.to_move(state) == []
    outcome = game.outcome(state)
    assert len(outcome["ranks"]) == game.players == len(outcome["scores"])
    assert min(outcome["ranks"]) == 1
    returns = game.returns(state)
    assert len(returns) == game.players and all(0.0 <= r <= 1.0 for r in returns)
    # Advancing a terminal state changes nothing.
    assert game.step(state, []) == state


def test_running_game_has_no_outcome_and_observations_are_data(game):
    state = game.initial_state(4)
    assert not game.is_terminal(state)
    assert game.outcome(state) is None
    assert all(0.0 <= r <= 1.0 for r in game.returns(state))
    for p in range(game.players):
        observation = game.observe(state, p)
        json.dumps(observation)  # plain Python data


def test_python_stepped_game_equals_the_rust_stepped_game(game):
    """The Rust side plays a game through the contract's `step` alone and answers the legal-action
    indices it took; replaying those indices through the Python API gives the same state."""
    for seed in (1, 2):
        indices, rust_json = game._rust_playout(seed, 150, seed * 1000 + 7)
        assert indices, "the Rust playout made no step"
        state = game.initial_state(seed)
        for step in indices:
            movers = game.to_move(state)
            assert len(movers) == len(step)
            actions = [game.legal_actions(state, p)[i] for p, i in zip(movers, step)]
            state = game.step(state, actions)
        assert state.to_json() == rust_json
        assert state == game.state_from_json(rust_json)


def test_second_board(module):
    from conftest import BOARDS

    name = module.__name__.rsplit(".", 1)[1]
    board = BOARDS[name][1]
    if board is None:
        pytest.skip(f"{name} has no board")
    game = module.Game(board)
    state, steps = random_playout(game, game.initial_state(1), random.Random(0), max_steps=30)
    assert steps > 0


def test_config_overlay():
    game = ce.tron3d.Game("cube6", config={"nb_rounds": 3})
    state, steps = random_playout(game, game.initial_state(1), random.Random(0), max_steps=100)
    assert game.is_terminal(state) and steps <= 3
    assert ce.tron3d.Game("cube6", config='{"nb_rounds": 3}').players == 4
    assert ce.tron3d.Game("cube6", config={"nb_players": 2}).players == 2
