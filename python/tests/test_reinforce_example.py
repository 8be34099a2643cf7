"""The training example of the README (``python/examples/reinforce.py``): it learns to beat
tic-tac-toe's random bot, and runs on a contest game against a built-in bot."""

import importlib.util
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="gymnasium is not installed")

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "reinforce.py"


def example():
    spec = importlib.util.spec_from_file_location("reinforce", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_it_learns_against_the_random_bot():
    lines = []
    returns, weights = example().train(
        "tictactoe", None, episodes=1500, lr=0.05, seed=0, report=500, out=lines.append
    )
    assert len(returns) == 1500 and len(lines) == 3
    assert lines[0].startswith("episodes 500: mean return ")
    first, last = np.mean(returns[:300]), np.mean(returns[-300:])
    # A uniform policy (the first episodes) wins about 60% as the first player; the trained one
    # far more.
    assert last > first + 0.2 and last > 0.7, (first, last)


def test_it_runs_on_tron3d_against_demo(capsys):
    returns, weights = example().train("tron3d", "demo", episodes=3, max_steps=15, report=1)
    assert len(returns) == 3 and all(-1.0 <= r <= 1.0 for r in returns)
    assert np.abs(weights).sum() > 0 or all(r == 0.0 for r in returns)
    assert capsys.readouterr().out.count("against demo") == 3
    example().main(["--game", "dogfight", "--episodes", "1", "--max-steps", "5", "--report", "1"])
    assert "episodes 1: mean return" in capsys.readouterr().out
