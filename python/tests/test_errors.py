"""Bad arguments raise `EngineError` (a `ValueError`) with the Rust error's message, or
`TypeError` for a wrong type; nothing a caller passes crashes the interpreter."""

import random

import pytest

import contest_engines as ce
from contest_engines import EngineError


def test_engine_error_is_a_value_error():
    assert issubclass(EngineError, ValueError)
    assert issubclass(ce.VerifyError, EngineError)


@pytest.mark.parametrize("player", [-1, 64, 2**70])
def test_player_out_of_range(game, player):
    state = game.initial_state(1)
    for call in (game.legal_actions, game.observe):
        with pytest.raises(EngineError, match="out of range"):
            call(state, player)
    with pytest.raises(EngineError, match="out of range"):
        game.legal_actions(state, game.players)


def test_wrong_number_of_actions(game):
    state = game.initial_state(1)
    movers = game.to_move(state)
    legal = game.legal_actions(state, movers[0])
    with pytest.raises(EngineError, match="player"):
        game.step(state, [])
    with pytest.raises(EngineError, match="player"):
        game.step(state, [legal[0]] * (len(movers) + 1))


def test_illegal_action_raises_unless_unchecked(game):
    """An action legal somewhere in a playout but not for the mover now is refused; with
    check=False the game's own handling applies (never a crash)."""
    rng = random.Random(5)
    state = game.initial_state(3)
    seen = []
    found = None
    for _ in range(200):
        if game.is_terminal(state):
            break
        movers = game.to_move(state)
        legal = {p: game.legal_actions(state, p) for p in movers}
        for p in movers:
            seen.extend(legal[p])
        for a in seen:
            if a not in legal[movers[0]]:
                found = (state, movers, legal, a)
                break
        if found:
            break
        state = game.step(state, [rng.choice(legal[p]) for p in movers])
    assert found, "no action of the playout was ever illegal for a mover"
    state, movers, legal, illegal = found
    joint = [illegal] + [legal[p][0] for p in movers[1:]]
    with pytest.raises(EngineError, match="illegal action"):
        game.step(state, joint)
    game.step(state, joint, check=False)


def test_malformed_json(game, module):
    for text in ("{", "[]", "null", '{"round": "x"}', "1e999", ""):
        with pytest.raises(EngineError):
            game.state_from_json(text)
    for text in ("{", '"NotAnAction"', "[[[]]]"):
        with pytest.raises(EngineError):
            module.Action.from_json(text)


def test_wrong_types(game):
    state = game.initial_state(1)
    with pytest.raises(TypeError):
        game.step(state, [1, 2])
    with pytest.raises(TypeError):
        game.legal_actions("state", 0)
    with pytest.raises(ce.EngineTypeError):
        game.initial_state("1")
    # A negative seed is a value out of range, not a type: the family's EngineError.
    with pytest.raises(EngineError, match="seed -1 out of range"):
        game.initial_state(-1)
    other = ce.dogfight.Game() if game.name != "dogfight" else ce.tron3d.Game()
    with pytest.raises(TypeError):
        game.to_move(other.initial_state(1))


def test_state_of_another_board_is_validated():
    big = ce.tron3d.Game("cube12")
    small = ce.tron3d.Game("cube6")
    state = big.initial_state(1)
    with pytest.raises(EngineError, match="another tron3d game"):
        small.to_move(state)
    with pytest.raises(EngineError):
        small.state_from_json(state.to_json())
    # A state of an equal game is accepted.
    assert ce.tron3d.Game("cube12").to_move(state) == big.to_move(state)


@pytest.mark.parametrize(
    "module_name, board, config",
    [
        ("tron3d", "no-such-board", None),
        ("tron3d", "cube6", {"no_such_field": 1}),
        ("tron3d", "cube6", {"nb_players": "four"}),
        ("tron3d", "cube6", "[1, 2]"),
        ("tron3d", "cube6", "{not json"),
        ("dogfight", "zero", None),
        ("dogfight", 0, None),
        ("cloudwars", "board", None),
        ("amazes", 10, None),
        ("amazes", "not a maze\nat all", None),
        ("windward", 4, None),
        ("windward", "<not-a-map/>", None),
    ],
)
def test_bad_game_arguments(module_name, board, config):
    with pytest.raises(EngineError):
        getattr(ce, module_name).Game(board, config)


def test_bad_search_arguments():
    game = ce.tron3d.Game()
    with pytest.raises(EngineError, match="unknown search"):
        game.search("MiniMax")
    with pytest.raises(EngineError):
        game.search("Uct", mixing=2.0)
    with pytest.raises(EngineError):
        game.search("Uct", time=-1.0)
    with pytest.raises(EngineError):
        ce.Uct(exploration=float("nan")).choose(game, game.initial_state(1), 0)
    with pytest.raises(EngineError, match="out of range"):
        ce.Uct().choose(game, game.initial_state(1), 7)


def test_verify_errors(tmp_path):
    with pytest.raises(ce.VerifyError):
        ce.dogfight.verify([])
    with pytest.raises(ce.VerifyError):
        ce.dogfight.verify([str(tmp_path / "missing.jsonl")])
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not a trace\n")
    with pytest.raises(ce.VerifyError, match="bad.jsonl"):
        ce.dogfight.verify([str(bad)])
