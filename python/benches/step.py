"""The Python-side cost of one step, per game: the same game (same seed, same legal-action
indices) played once wholly in Rust (`Game._rust_playout`: legal_actions, a choice and `step` per
step, through the game contract) and once from Python (`legal_actions`, a list index and `step`
per step, with the legality check on and off). The difference per step is what Python adds
(most of it is making the `Action` objects of `legal_actions`: Dogfight lists 1,156 per side).
The last column times the Python loop of `step` calls alone, with the actions made beforehand
(the engine's own step time included).

    python python/benches/step.py [repeats]

Prints the CPU and the load average first: figures from a loaded machine are upper bounds.
"""

import os
import platform
import sys
import time

import contest_engines as ce

BOARDS = {"dogfight": None, "tron3d": "cube6", "cloudwars": None, "amazes": 0, "windward": 1}


def cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def python_playout(game, seed, indices, check):
    state = game.initial_state(seed)
    for step in indices:
        movers = game.to_move(state)
        actions = [game.legal_actions(state, p)[i] for p, i in zip(movers, step)]
        state = game.step(state, actions, check)
    return state


def joint_actions(game, seed, indices):
    """The actions of each step, made once, so `step` alone can be timed."""
    state, joints = game.initial_state(seed), []
    for step in indices:
        movers = game.to_move(state)
        joint = [game.legal_actions(state, p)[i] for p, i in zip(movers, step)]
        joints.append(joint)
        state = game.step(state, joint)
    return joints


def steps_only(game, seed, joints):
    state = game.initial_state(seed)
    for joint in joints:
        state = game.step(state, joint, False)
    return state


def best_of(repeats, f):
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - start)
    return best


def main():
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    print(f"CPU: {cpu_name()}; load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'game':<10} {'steps':>6} {'Rust µs/step':>13} {'Python µs/step':>15} "
          f"{'unchecked':>10} {'Python adds':>12} {'step() alone':>13}")
    for name, board in BOARDS.items():
        game = getattr(ce, name).Game(board)
        seed, choice = 1, 17
        indices, final = game._rust_playout(seed, 400, choice)
        assert python_playout(game, seed, indices, True).to_json() == final
        steps = len(indices)
        rust = best_of(repeats, lambda: game._rust_playout(seed, 400, choice)) / steps * 1e6
        checked = best_of(repeats, lambda: python_playout(game, seed, indices, True)) / steps * 1e6
        unchecked = best_of(repeats, lambda: python_playout(game, seed, indices, False)) / steps * 1e6
        joints = joint_actions(game, seed, indices)
        alone = best_of(repeats, lambda: steps_only(game, seed, joints)) / steps * 1e6
        print(f"{name:<10} {steps:>6} {rust:>13.2f} {checked:>15.2f} {unchecked:>10.2f} "
              f"{unchecked - rust:>12.2f} {alone:>13.2f}")


if __name__ == "__main__":
    main()
