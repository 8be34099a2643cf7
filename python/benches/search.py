"""The same searches from Python and from Rust, and beside OpenSpiel's MCTS (not run in CI).

    python python/benches/search.py [--reps 5] [--simulations 100000]

1. Tic-tac-toe, one UCT decision from the empty board, `--simulations` iterations, c = 2,
   uniformly random playouts to the end, a fresh search per repetition (the workload of
   `benches/openspiel_uct.py`): our `Uct` called from Python (the wall time of `choose`, and the
   time the search took as timed inside Rust), the same search in a Rust program
   (`pathfind`'s example `uct_tictactoe`, built with the release profile; skipped with a message
   when it is not built), and OpenSpiel's C++ `MCTSBot` through `pyspiel` (skipped with a message
   when `pyspiel` is not importable: `pip install open_spiel`).
2. Tron3D `cube6`, one `DecoupledUct` decision of 10,000 iterations (playouts cut at 50 steps)
   from the start: `choose` from Python against the time inside Rust.

The Python-side overhead is `choose`'s wall time minus the Rust-timed search. The extension is
built with the workspace's `python` profile, the Rust program with `release` (what `cargo run
--release` gives a Rust user): the `python` profile matches it (no incremental build, one
code-generation unit for the extension crate), so the two run the same instructions. The CPU
time of both (the process's for `choose`, the thread's for the Rust program) is printed too: it
is what to compare on a loaded machine, run by run alternated as here.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from machine import machine_line  # noqa: E402

import contest_engines as ce  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUST = os.path.join(ROOT, "target", "release", "examples", "uct_tictactoe")
U32_MAX = 2**32 - 1


def ours_from_python(game, state, player, kind, iterations, c, horizon, seed):
    search = game.search(kind, iterations=iterations, exploration=c,
                         max_playout_steps=horizon, seed=seed)
    start, cpu = time.perf_counter(), time.process_time()
    _, inside = search._choose_timed(state, player)
    return time.perf_counter() - start, inside, time.process_time() - cpu


def rust_program(simulations, c, seed):
    out = subprocess.run([RUST, str(simulations), str(c), "1"], check=True,
                         capture_output=True, text=True).stdout.split()
    return float(out[3]), float(out[5])  # rep 0 seconds S cpu C action A nodes N


def openspiel(pyspiel, game, simulations, c, seed):
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    bot = pyspiel.MCTSBot(game, evaluator, c, simulations, 1000, False, seed, False)
    state = game.new_initial_state()
    start = time.perf_counter()
    bot.step(state)
    return time.perf_counter() - start


def show(name, times, base=None):
    median = statistics.median(times)
    ratio = "" if base is None else f"   {median / base:6.3f}x ours-from-Python"
    return (f"  {name:<44} median {median * 1e3:9.2f} ms "
            f"({min(times) * 1e3:.2f}..{max(times) * 1e3:.2f}){ratio}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--simulations", type=int, default=100_000)
    args = parser.parse_args()
    print(machine_line())
    c = 2.0

    print(f"UCT, tic-tac-toe from the empty board, {args.simulations} simulations, c = {c:g}:")
    try:
        import pyspiel
        spiel_game = pyspiel.load_game("tic_tac_toe")
    except ImportError:
        pyspiel = None
        print("  OpenSpiel: skipped (pyspiel is not importable: pip install open_spiel)")
    has_rust = os.path.exists(RUST)
    if not has_rust:
        print(f"  Rust program: skipped ({RUST} is not built: cargo build --release -p pathfind "
              "--example uct_tictactoe)")
    game = ce.tictactoe.Game()
    state = game.initial_state(0)
    py_wall, py_inside, py_cpu, rust, rust_cpu, spiel = [], [], [], [], [], []
    for rep in range(args.reps):
        wall, inside, cpu = ours_from_python(
            game, state, 0, "Uct", args.simulations, c, U32_MAX, rep)
        py_wall.append(wall)
        py_inside.append(inside)
        py_cpu.append(cpu)
        if has_rust:
            wall, cpu = rust_program(args.simulations, c, rep)
            rust.append(wall)
            rust_cpu.append(cpu)
        if pyspiel is not None:
            spiel.append(openspiel(pyspiel, spiel_game, args.simulations, c, rep))
    base = statistics.median(py_wall)
    print(show("ours, from Python (choose)", py_wall))
    print(show("ours, the same call timed inside Rust", py_inside, base))
    if rust:
        print(show("ours, Rust program (release profile)", rust, base))
        cpu_base = statistics.median(py_cpu)
        print(show("CPU time: ours, from Python (choose)", py_cpu))
        print(show("CPU time: ours, Rust program", rust_cpu, cpu_base))
    if spiel:
        print(show("OpenSpiel C++ MCTSBot via pyspiel", spiel, base))

    print("DecoupledUct, tron3d cube6 from the start, 10,000 iterations, playouts cut at 50 steps:")
    game = ce.tron3d.Game("cube6")
    state = game.initial_state(1)
    wall, inside = [], []
    for rep in range(args.reps):
        w, i, _ = ours_from_python(game, state, 0, "DecoupledUct", 10_000, 1.0, 50, rep)
        wall.append(w)
        inside.append(i)
    base = statistics.median(wall)
    print(show("ours, from Python (choose)", wall))
    print(show("ours, the same call timed inside Rust", inside, base))


if __name__ == "__main__":
    main()
