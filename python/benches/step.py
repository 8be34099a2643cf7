"""The Python-side cost of one step, per game: the same game (same seed, same legal-action
indices) played once wholly in Rust (`Game._rust_playout`: legal_actions, a choice and `step` per
step, through the game contract) and once from Python (`legal_actions`, a list index and `step`
per step, with the legality check on and off). The difference per step is what Python adds
(most of it is making the `Action` objects of `legal_actions`: Dogfight lists 1,156 per side).
The last column times the Python loop of `step` calls alone, with the actions made beforehand
(the engine's own step time included).

A second table takes the learning path: the same steps through `step_indices` (action
indices, each checked against its player's legal mask), and through the PettingZoo parallel
environment (Amazes: the AEC one, one `step` per move), whose step also makes every player's
observation tensor and mask (the engine's `observation_tensor` and `legal_mask` times are shown
beside it, per step, for all players).

A third table is the random playout from Python on tic-tac-toe beside OpenSpiel's `pyspiel`
(`legal_actions` + `apply_action`, the loop every OpenSpiel user writes), in the same run: the
same loop through the package's fast path (`legal_indices` + `advance_indices` with an int),
and through `legal_mask` (a numpy array) + `advance_indices`, with the index drawn from the
mask by `np.flatnonzero` (numpy's own cost shown apart). Every loop draws its index with the
same `random.Random`; without `pyspiel` (`pip install open_spiel`) its row says so.

    python python/benches/step.py [repeats]

Prints the CPU and the load average first: figures from a loaded machine are upper bounds.
"""

import importlib
import os
import random
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from machine import machine_line  # noqa: E402

import contest_engines as ce  # noqa: E402
from contest_engines.pettingzoo import ContestParallelEnv  # noqa: E402

BOARDS = {"dogfight": None, "tron3d": "cube6", "cloudwars": None, "amazes": 0, "windward": 1}


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


def spiel_playouts(spiel_game, games):
    """OpenSpiel's random playout: `legal_actions` + `apply_action` per step; answers steps."""
    rng, steps = random.Random(0), 0
    for _ in range(games):
        state = spiel_game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
    return steps


def fast_playouts(game, games):
    """The package's fast path: `legal_indices` (a list of ints) + `advance_indices(state, i)`."""
    rng, steps = random.Random(0), 0
    for _ in range(games):
        state = game.initial_state(0)
        while not game.is_terminal(state):
            legal = game.legal_indices(state)
            game.advance_indices(state, legal[rng.randrange(len(legal))])
            steps += 1
    return steps


def mask_playouts(game, games):
    """Through the numpy mask: `legal_mask` + `np.flatnonzero` + `advance_indices`."""
    rng, steps = random.Random(0), 0
    for _ in range(games):
        state = game.initial_state(0)
        while not game.is_terminal(state):
            player = game.to_move(state)[0]
            legal = np.flatnonzero(game.legal_mask(state, player))
            game.advance_indices(state, int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps


def per_step(repeats, f, *args):
    """The best time of `repeats` runs of `f(*args)`, in µs per step."""
    best, steps = float("inf"), 1
    for _ in range(repeats):
        start = time.perf_counter()
        steps = f(*args)
        best = min(best, time.perf_counter() - start)
    return best / steps * 1e6


def tictactoe_table(repeats):
    print(f"{'tic-tac-toe random playout, per step':<52} {'µs':>7}")
    games = 20_000
    try:
        import pyspiel

        spiel = per_step(repeats, spiel_playouts, pyspiel.load_game("tic_tac_toe"), games)
        print(f"{'pyspiel: legal_actions + apply_action':<52} {spiel:>7.2f}")
    except ImportError:
        print(f"{'pyspiel: skipped (pip install open_spiel)':<52} {'-':>7}")
    game = ce.tictactoe.Game()
    fast = per_step(repeats, fast_playouts, game, games)
    print(f"{'contest_engines: legal_indices + advance_indices':<52} {fast:>7.2f}")
    mask = per_step(repeats, mask_playouts, game, games // 4)
    print(f"{'contest_engines: legal_mask + flatnonzero + advance':<52} {mask:>7.2f}")
    m = np.zeros(9, dtype=bool)
    m[::2] = True
    start = time.perf_counter()
    for _ in range(100_000):
        np.flatnonzero(m)
    numpy_cost = (time.perf_counter() - start) / 100_000 * 1e6
    print(f"{'  of which np.flatnonzero alone (numpy)':<52} {numpy_cost:>7.2f}")
    print()


def main():
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    print(machine_line())
    tictactoe_table(repeats)
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

    print()
    print(f"{'game':<10} {'steps':>6} {'step_indices µs/step':>21} {'Python adds':>12} "
          f"{'env.step µs/step':>17} {'tensors+masks µs/step':>22}")
    for name, board in BOARDS.items():
        game = getattr(ce, name).Game(board)
        seed, choice = 1, 17
        indices, final = game._rust_playout(seed, 400, choice)
        steps = len(indices)
        index_steps = index_joints(game, seed, indices)
        rust = best_of(repeats, lambda: game._rust_playout(seed, 400, choice)) / steps * 1e6
        by_index = best_of(repeats, lambda: indices_only(game, seed, index_steps)) / steps * 1e6
        env = make_env(name, board)  # built once: a Game's tables are not a step's cost
        env_step = best_of(repeats, lambda: env_playout(env, seed, index_steps)) / steps * 1e6
        views = best_of(repeats, lambda: tensors_only(game, seed, index_steps)) / steps * 1e6
        print(f"{name:<10} {steps:>6} {by_index:>21.2f} {by_index - rust:>12.2f} "
              f"{env_step:>17.2f} {views:>22.2f}")


def index_joints(game, seed, indices):
    """The action indices of each step of the Rust playout."""
    state, out = game.initial_state(seed), []
    for step in indices:
        movers = game.to_move(state)
        joint = [game.legal_actions(state, p)[i] for p, i in zip(movers, step)]
        out.append([game.action_index(state, p, a) for p, a in zip(movers, joint)])
        state = game.step(state, joint)
    return out


def indices_only(game, seed, index_steps):
    state = game.initial_state(seed)
    for step in index_steps:
        game.advance_indices(state, step)
    return state


def tensors_only(game, seed, index_steps):
    """Every player's observation tensor and mask after each step (what an environment makes)."""
    state = game.initial_state(seed)
    for step in index_steps:
        game.advance_indices(state, step)
        for p in range(game.players):
            game.observation_tensor(state, p)
            game.legal_mask(state, p)
    return state


def make_env(name, board):
    module = importlib.import_module(f"contest_engines.pettingzoo.{name}")
    if hasattr(module, "parallel_env"):
        return module.parallel_env(board=board)
    return module.raw_env(board=board)


def env_playout(env, seed, index_steps):
    if isinstance(env, ContestParallelEnv):
        env.reset(seed=seed)
        game = env.unwrapped.game
        for step in index_steps:
            movers = game.to_move(env.game_state)
            env.step({env.possible_agents[p]: i for p, i in zip(movers, step)})
    else:
        env.reset(seed=seed)
        for step in index_steps:
            for i in step:
                env.last()
                env.step(np.int64(i))
    return env


if __name__ == "__main__":
    main()
