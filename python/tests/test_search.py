"""The searches of pathfind::tree from Python, on every game."""

import re
from pathlib import Path

import pytest

import contest_engines as ce

SEARCHES = [ce.FlatMonteCarlo, ce.Uct, ce.DecoupledUct, ce.InformationSetMcts]


@pytest.mark.parametrize("search_class", SEARCHES, ids=lambda c: c.__name__)
def test_every_search_on_every_game(game, search_class):
    state = game.initial_state(3)
    search = search_class(iterations=40, max_playout_steps=30, seed=9)
    for player in game.to_move(state):
        action = search.choose(game, state, player)
        assert action in game.legal_actions(state, player)
        assert search.iterations == 40
        stats = search.stats()
        assert stats and all(a in game.legal_actions(state, player) for a, _, _ in stats)
        assert sum(visits for _, visits, _ in stats) == 40
        assert all(0.0 <= mean <= 1.0 for _, _, mean in stats)
    # Reproducible: the same seed and config give the same choice.
    for player in game.to_move(state):
        first, second = (
            search_class(iterations=40, max_playout_steps=30, seed=9).choose(game, state, player)
            for _ in range(2)
        )
        assert first == second


def test_player_not_to_move_gets_none():
    game = ce.amazes.Game()
    state = game.initial_state(1)
    (mover,) = game.to_move(state)
    assert ce.Uct(iterations=10).choose(game, state, 1 - mover) is None


def test_a_search_follows_the_game_it_is_given():
    search = ce.Uct(iterations=20, max_playout_steps=10)
    cube, grid = ce.tron3d.Game("cube6"), ce.tron3d.Game("grid13")
    for game in (cube, grid, cube):
        state = game.initial_state(2)
        assert search.choose(game, state, 0) in game.legal_actions(state, 0)


def test_uct_takes_a_dogfight_kill_no_worse_than_flat():
    """Searches answer legal, reproducible actions on a long budget too (the GIL is released
    while they run, so other Python threads go on)."""
    import threading

    game = ce.dogfight.Game()
    state = game.initial_state(1)
    results = {}

    def run(name, cls):
        results[name] = cls(iterations=300, seed=1).choose(game, state, 0)

    threads = [threading.Thread(target=run, args=(c.__name__, c)) for c in SEARCHES]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(results[c.__name__] in game.legal_actions(state, 0) for c in SEARCHES)


def readme_bot():
    """The five-line Tron3D bot of the package README."""
    text = (Path(__file__).parent.parent / "README.md").read_text()
    match = re.search(r"<!-- tron3d-bot -->\s*```python\n(.*?)```", text, re.S)
    assert match, "the README's Tron3D bot block is missing"
    return match.group(1)


def test_the_readme_tron3d_bot_is_five_lines_and_plays():
    code = readme_bot()
    lines = [line for line in code.splitlines() if line.strip()]
    assert len(lines) == 5, code
    assert "iterations=10_000" in code
    # The whole game takes minutes on a loaded machine; the test plays the README's lines on
    # a game cut to three rounds (four players, 10,000 iterations for each move).
    short = code.replace('tron3d.Game("cube6")', 'tron3d.Game("cube6", config={"nb_rounds": 3})')
    assert short != code
    scope = {}
    exec(short, scope)
    game, state, search = scope["game"], scope["state"], scope["search"]
    assert game.is_terminal(state)
    assert search.iterations == 10_000
