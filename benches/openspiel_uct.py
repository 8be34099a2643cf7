#!/usr/bin/env python3
"""UCT on tic-tac-toe, side by side with OpenSpiel's C++ MCTSBot (issue 23 item 3; not run in CI).

Workload: one decision from the empty board, 100,000 simulations, UCB1 with the same literal
exploration constant c on both sides (`mean + c * sqrt(ln N / n)`; note that OpenSpiel's returns
are in [-1, 1] and ours in [0, 1]), uniformly random rollouts to the end of the game, a fresh search
per repetition. Each Rust repetition is a process of its own that runs one untimed warm-up
decision first and then the timed one in the same search (its tree cleared, its memory kept, as
from move to move in a game), so neither side's figure holds a new process's first page faults:
OpenSpiel's repetitions share this Python process, whose heap is warm after the first. The
example's `cold` argument times a new search with no warm-up instead. OpenSpiel runs with
`solve=False` (plain UCT: with the MCTS-Solver on, it may stop early once the root is proven,
which is another workload); `--solve` adds that run too.

Set-up (once, outside the project):

    python3 -m venv /tmp/ospenv && /tmp/ospenv/bin/pip install open_spiel
    cargo build --release -p pathfind --example uct_tictactoe
    /tmp/ospenv/bin/python benches/openspiel_uct.py [--reps 7] [--simulations 100000] [--c 2]

It prints each side's median CPU seconds per decision (and the spread), the CPU model and the
load average, and the ratio OpenSpiel / ours (above 1: ours is faster). Take the figures on a quiet
machine, and alternate the sides: the script does both in turns.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUST = os.path.join(ROOT, "target", "release", "examples", "uct_tictactoe")

# The CPU line every benchmark script of the project prints (model name, family and model).
sys.path.insert(0, os.path.join(ROOT, "python", "benches"))
from machine import cpu_name  # noqa: E402


def openspiel_once(pyspiel, game, simulations, c, seed, solve):
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    bot = pyspiel.MCTSBot(game, evaluator, c, simulations, 1000, solve, seed, False)
    state = game.new_initial_state()
    start = time.process_time()
    action = bot.step(state)
    return time.process_time() - start, action


def rust_once(simulations, c, seed):
    out = subprocess.run(
        [RUST, str(simulations), str(c), "1"],
        check=True, capture_output=True, text=True,
        env=dict(os.environ),
    ).stdout.split()
    # rep 0 seconds S cpu C action A nodes N
    return float(out[5]), int(out[7])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reps", type=int, default=7)
    parser.add_argument("--simulations", type=int, default=100_000)
    parser.add_argument("--c", type=float, default=2.0)
    parser.add_argument("--solve", action="store_true", help="also time OpenSpiel with solve=True")
    args = parser.parse_args()
    try:
        import pyspiel
    except ImportError:
        sys.exit("openspiel_uct: pyspiel is not installed (pip install open_spiel in a venv)")
    if not os.path.exists(RUST):
        sys.exit("openspiel_uct: build %s first (cargo build --release -p pathfind --example "
                 "uct_tictactoe)" % RUST)
    game = pyspiel.load_game("tic_tac_toe")
    theirs, theirs_solve, ours = [], [], []
    for rep in range(args.reps):
        # Alternate which side goes first, so a drift in the machine's load hits both alike.
        sides = ["ours", "theirs"] if rep % 2 == 0 else ["theirs", "ours"]
        for side in sides:
            if side == "ours":
                ours.append(rust_once(args.simulations, args.c, rep)[0])
            else:
                theirs.append(openspiel_once(pyspiel, game, args.simulations, args.c, rep, False)[0])
        if args.solve:
            theirs_solve.append(
                openspiel_once(pyspiel, game, args.simulations, args.c, rep, True)[0])

    def show(name, times):
        return "%-34s median %.4f s (%.4f..%.4f) over %d" % (
            name, statistics.median(times), min(times), max(times), len(times))

    print("UCT, tic-tac-toe from the empty board, %d simulations, c = %g; CPU: %s; load %.2f %.2f %.2f"
          % ((args.simulations, args.c, cpu_name()) + os.getloadavg()))
    print(show("OpenSpiel C++ MCTSBot (solve off)", theirs))
    if theirs_solve:
        print(show("OpenSpiel C++ MCTSBot (solve on)", theirs_solve))
    print(show("pathfind::tree::Uct", ours))
    print("ratio OpenSpiel / ours: %.2fx" % (statistics.median(theirs) / statistics.median(ours)))


if __name__ == "__main__":
    main()
