"""Vectorised Tron3D: agent-steps per second of `Game.vector_env` (games stepped in parallel in
Rust with the GIL released, restarting as they end), for a few numbers of games.

    python python/benches/vector.py [seconds per row] [game counts, comma-separated] [modes]
    RAYON_NUM_THREADS=1 python python/benches/vector.py    # the CPU cost of one core

An agent-step is one player's step in one game: a `step` of N four-player games is 4N. Each
step's actions are uniform random legal indices drawn from the masks the last step returned,
with numpy (a stand-in for a policy's sampling), outside the timed part. Per row:

- `agent-steps/s`: wall clock, `VecEnv.step` alone (what the cores deliver on this machine at
  its load: a busy machine lowers it);
- `CPU µs/agent-step`: the process's CPU time (`time.process_time`, every thread) spent in
  `VecEnv.step`, per agent-step. Other processes do not count, so it changes little with the
  load; with more than one rayon thread it includes the time idle workers spin waiting for work,
  so `RAYON_NUM_THREADS=1` gives the cost of the work itself, the figure to compare builds by.

The table is printed three times: with the observation tensors of every player written by every
step incrementally (the default, `incremental=True`: only the cells that changed since the last
step), written in full by every step (`incremental=False`: 35 × 218 floats per player), and not
written (`observe=False`: actions in; rewards, terminals, masks and restarts out), which shows
the engine and the vector machinery apart from the cost of the observations. A package built
before the incremental writes had no `incremental` argument: its tables say so and show the
full writes under "in full".
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


# The three ways of stepping: the `vector_env` arguments and what the table says of them.
MODES = {
    "incremental": ({"observe": True, "incremental": True},
                    "written by every step, incrementally (the default)"),
    "full": ({"observe": True, "incremental": False}, "written in full by every step"),
    "none": ({"observe": False}, "not written (observe=False)"),
}


def make_env(game, n, mode):
    """The environment of `mode`, or None when this build has no such mode."""
    kwargs = MODES[mode][0]
    try:
        env = game.vector_env(n, seed=1, **kwargs)
    except TypeError:
        if mode == "incremental":
            return None  # a build before the incremental writes
        # ... whose only observing mode is the full write
        env = game.vector_env(n, seed=1, observe=kwargs["observe"])
    if mode == "incremental" and not env.incremental:
        return None
    return env


def run(env, seconds):
    """(agent-steps per wall second, CPU µs per agent-step), both of `step` alone."""
    n = env.num_envs
    _, masks = env.reset()
    rng = np.random.default_rng(0)
    players = env.players
    steps, wall, cpu, start = 0, 0.0, 0.0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        actions = sample(rng, masks)
        t, c = time.perf_counter(), time.process_time()
        _, _, _, _, masks = env.step(actions)
        cpu += time.process_time() - c
        wall += time.perf_counter() - t
        steps += 1
    agent_steps = steps * n * players
    return agent_steps / wall, cpu * 1e6 / agent_steps


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    counts = [int(x) for x in sys.argv[2].split(",")] if len(sys.argv) > 2 else [
        16, 64, 256, 1024, 4096]
    print(machine_line())
    game = ce.tron3d.Game("cube6")
    print(f"tron3d cube6: {game.players} players, observation {game.observation_shape}, "
          f"{game.num_distinct_actions} action indices; rayon threads: "
          f"{os.environ.get('RAYON_NUM_THREADS', 'all cores')}")
    modes = sys.argv[3].split(",") if len(sys.argv) > 3 else list(MODES)
    for mode in modes:
        print(f"observation tensors {MODES[mode][1]}:")
        if make_env(game, 1, mode) is None:
            print("  (not in this build)")
            continue
        print(f"{'games':>6} {'agent-steps/s':>15} {'CPU µs/agent-step':>19}")
        for n in counts:
            rate, cpu = run(make_env(game, n, mode), seconds)
            print(f"{n:>6} {rate:>15,.0f} {cpu:>19.3f}", flush=True)


if __name__ == "__main__":
    main()
