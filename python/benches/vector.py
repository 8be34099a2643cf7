"""Vectorised Tron3D: agent-steps per second of `Game.vector_env` (games stepped in parallel in
Rust with the GIL released, restarting as they end), for a few numbers of games.

    python python/benches/vector.py [seconds per row]

An agent-step is one player's step in one game: a `step` of N four-player games is 4N. Each
step's actions are uniform random legal indices drawn from the masks the last step returned,
with numpy (a stand-in for a policy's sampling). Two columns: `step` times `VecEnv.step` alone,
`step + policy` the whole loop, the drawing included. The table is printed twice: with the
observation tensors written, and with `observe=False` (masks, rewards and restarts only), which
shows the engine and the vector machinery apart from the cost of the observation tensor.
"""

import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from machine import machine_line  # noqa: E402

import contest_engines as ce  # noqa: E402


def sample(rng, masks):
    """A uniform random legal index per game and player (0 where none is legal)."""
    noise = rng.random(masks.shape, dtype=np.float32)
    return np.argmax(np.where(masks, noise, -1.0), axis=2)


def run(game, n, seconds, observe=True):
    env = game.vector_env(n, seed=1, observe=observe)
    _, masks = env.reset()
    rng = np.random.default_rng(0)
    players = env.players
    steps, timed, start = 0, 0.0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        actions = sample(rng, masks)
        t = time.perf_counter()
        _, _, _, _, masks = env.step(actions)
        timed += time.perf_counter() - t
        steps += 1
    total = time.perf_counter() - start
    return steps * n * players / timed, steps * n * players / total


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    print(machine_line())
    game = ce.tron3d.Game("cube6")
    print(f"tron3d cube6: {game.players} players, observation {game.observation_shape}, "
          f"{game.num_distinct_actions} action indices; rayon threads: "
          f"{os.environ.get('RAYON_NUM_THREADS', 'all cores')}")
    for observe in (True, False):
        print(f"observation tensors {'written' if observe else 'not written (observe=False)'}:")
        print(f"{'games':>6} {'agent-steps/s (step)':>22} {'agent-steps/s (step + policy)':>31}")
        for n in (16, 64, 256, 1024, 4096):
            alone, with_policy = run(game, n, seconds, observe)
            print(f"{n:>6} {alone:>22,.0f} {with_policy:>31,.0f}")


if __name__ == "__main__":
    main()
