"""Shared fixtures: the five games, and the golden data folder (``CONTEST_DATA``), read in place."""

import os
from pathlib import Path

import pytest

import contest_engines as ce

# Each game with its default board and a second board, and a step cap for random playouts that
# keeps the slowest game (Windward, 10 cars) quick.
BOARDS = {
    "dogfight": (None, 10),
    "tron3d": ("cube6", "grid13"),
    "cloudwars": (None, None),
    "amazes": (0, 3),
    "windward": (1, 2),
}


@pytest.fixture(params=ce.GAMES)
def module(request):
    return getattr(ce, request.param)


@pytest.fixture
def game(module):
    return module.Game(BOARDS[module.__name__.rsplit(".", 1)[1]][0])


def contest_data(game_name):
    """``$CONTEST_DATA/<game>``, or a skip saying why when ``CONTEST_DATA`` is unset."""
    root = os.environ.get("CONTEST_DATA")
    if not root:
        pytest.skip(f"conformance: {game_name}: skipped (CONTEST_DATA unset)")
    return Path(root) / game_name
