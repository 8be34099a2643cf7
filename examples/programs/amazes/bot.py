#!/usr/bin/env python3
"""An Amazes player (CodeCup 2010) in the judge's own protocol, standard library only.

Protocol (stdin/stdout, one line each, flush after every answer):
  - on Red's first turn only, the line `Start`;
  - each turn, 5 lines: the corridor looking ahead, right, behind and left (one character per
    square seen, the last one `W` when a wall ends the corridor; `W` alone: a wall at once), then
    the squared distance to the opponent;
  - the answer: one move line (`F` forward, `R` right, `T` turn back, `L` left);
  - `Quit` (after a sudden death) or the end of input: exit.

Strategy: walk into the longest open corridor (it shows the most squares to discover next),
never straight back the way it came unless every other way is a wall.
"""
import sys

MOVES = "FRTL"  # line k of the view looks k quarter turns clockwise


def choose(corridors):
    open_ways = [k for k, line in enumerate(corridors) if len(line) > 1]
    forward_ways = [k for k in open_ways if MOVES[k] != "T"]
    ways = forward_ways or open_ways
    if not ways:
        return "T"
    # The longest corridor; on a tie, the earlier of F, R, L.
    best = max(ways, key=lambda k: (len(corridors[k]), -k))
    return MOVES[best]


def main():
    lines = iter(sys.stdin.readline, "")
    for first in lines:
        first = first.strip()
        if first == "Quit":
            return
        if first == "Start":
            continue
        view = [first]
        for line in lines:
            view.append(line.strip())
            if len(view) == 5:
                break
        if len(view) < 5:
            return
        sys.stdout.write(choose(view[:4]) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
