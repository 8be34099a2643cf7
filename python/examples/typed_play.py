"""A small script typed against the package's stubs (``mypy --strict`` checks it in CI): a
Tron3D game between a search, the kit's Demo bot and two random bots, a picture of its end, and
one episode of the Gymnasium environment against Demo."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

import contest_engines
from contest_engines import bots, tron3d
from contest_engines.gymnasium import tron3d as tron3d_env


def play(seed: int) -> tuple[list[int], NDArray[np.uint8]]:
    """A whole game from ``seed``: the ranks, and the last state's picture."""
    game = tron3d.Game("cube6", {"nb_rounds": 30})
    search = contest_engines.DecoupledUct(iterations=200, max_playout_steps=20, seed=seed)
    demo = bots.tron3d("demo", seed=seed, game=game)
    randoms = [bots.tron3d("random", seed=seed + p, game=game) for p in (2, 3)]
    state: tron3d.State = game.initial_state(seed)
    while not game.is_terminal(state):
        actions: list[tron3d.Action] = []
        for player in game.to_move(state):
            if player == 0:
                action = search.choose(game, state, player)
            elif player == 1:
                action = demo.act(state, player)
            else:
                action = randoms[player - 2].act(state, player)
            assert action is not None
            actions.append(action)
        game.advance(state, actions, check=False)
    outcome = game.outcome(state)
    assert outcome is not None
    return outcome["ranks"], game.render_rgb(state, width=120)


def episode(seed: int) -> float:
    """One episode of the Gymnasium environment against Demo, first legal actions."""
    env = tron3d_env.env(opponents="demo", max_steps=20)
    observation, info = env.reset(seed=seed)
    total = 0.0
    while True:
        mask: NDArray[np.bool_] = env.action_masks()
        action = int(np.flatnonzero(mask)[0])
        observation, reward, terminated, truncated, info = env.step(action)
        total += reward
        if terminated or truncated:
            return total


if __name__ == "__main__":
    ranks, picture = play(1)
    print(f"contest_engines {contest_engines.__version__}: ranks {ranks}, picture {picture.shape}")
    print(f"an episode against demo: return {episode(1):+.1f}")
