#!/usr/bin/env python3
"""An Amazes (CodeCup 2010) player in plain Python, speaking the judge's stdin/stdout protocol.

Run it with `play amazes --bots cmd:examples/programs/amazes/bot.py,explorer`. The protocol is in
PROTOCOL.md beside this file. Standard library only.

A player never learns where it is, so this one keeps a map in its own frame: it starts at (0, 0)
facing "north" (0) and records every corridor it is shown. Each turn it walks, over edges it knows
to be open (so every step succeeds), to the nearest known square that still has an unknown side,
preferring squares whose unknown sides promise the most new squares per move character; with
nothing left to explore it walks to the square farthest from where it stands.
"""

import sys
from collections import deque

TURNS = 150
MAX_MOVES = 256
STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))  # north, east, south, west in the player's own frame
TURN_CHAR = "FRTL"  # relative turn 0, 1, 2, 3 (right), then one step forward


class Map:
    def __init__(self):
        self.edges = {}  # (square, direction) normalised -> True (open) or False (wall)
        self.seen = set()  # squares discovered

    @staticmethod
    def key(square, direction):
        # Each edge is stored once: as seen from its north or west square.
        if direction == 2:
            return (square[0] + 1, square[1]), 0
        if direction == 1:
            return (square[0], square[1] + 1), 3
        return square, direction

    def set(self, square, direction, is_open):
        self.edges[self.key(square, direction)] = is_open

    def get(self, square, direction):
        return self.edges.get(self.key(square, direction))

    def look(self, square, facing, lines):
        """Records the four corridor lines (ahead, right, behind, left) seen from `square`."""
        self.seen.add(square)
        for k, line in enumerate(lines):
            d = (facing + k) % 4
            left, right = (d + 3) % 4, (d + 1) % 4
            at = square
            for ch in line:
                if ch == "W":
                    self.set(at, d, False)
                    break
                self.set(at, d, True)
                at = (at[0] + STEP[d][0], at[1] + STEP[d][1])
                self.seen.add(at)
                for side, is_open in ((left, ch in "LB"), (right, ch in "RB")):
                    self.set(at, side, is_open)
                    if is_open:
                        self.seen.add((at[0] + STEP[side][0], at[1] + STEP[side][1]))

    def unknown_sides(self, square):
        return sum(1 for d in range(4) if self.get(square, d) is None)


def plan(world, square, facing):
    """The move text to the best square to explore from, over known open edges."""
    # Breadth-first over (square), remembering the first path found and its text.
    queue = deque([(square, facing, "")])
    paths = {square: (facing, "")}
    best, best_value = None, 0.0
    while queue:
        at, heading, text = queue.popleft()
        if len(text) >= MAX_MOVES:
            continue
        for d in range(4):
            if world.get(at, d) is not True:
                continue
            nxt = (at[0] + STEP[d][0], at[1] + STEP[d][1])
            if nxt in paths:
                continue
            step_text = text + TURN_CHAR[(d - heading) % 4]
            paths[nxt] = (d, step_text)
            queue.append((nxt, d, step_text))
            unknown = world.unknown_sides(nxt)
            if unknown:
                # Standing there, each unknown side may open a corridor of new squares.
                value = (1 + 2 * unknown) / (len(step_text) + 1)
                if value > best_value:
                    best, best_value = nxt, value
    if best is None:
        # Everything reachable is known: walk to the farthest square, to meet the opponent there.
        best = max(paths, key=lambda s: len(paths[s][1]))
    text = paths[best][1]
    return text or "T"


def walk(square, facing, text, world):
    """Where the text takes us (every step is over a known open edge), with the judge's extra
    step back when a turn would end on its start square."""
    start = square
    for ch in text:
        d = (facing + TURN_CHAR.index(ch)) % 4
        if world.get(square, d) is False:
            break
        facing = d
        square = (square[0] + STEP[d][0], square[1] + STEP[d][1])
    if square == start:
        facing = (facing + 2) % 4
        square = (square[0] + STEP[facing][0], square[1] + STEP[facing][1])
    return square, facing


def main():
    world = Map()
    square, facing = (0, 0), 0
    turns = 0
    while turns < TURNS:
        lines = []
        while len(lines) < 5:
            line = sys.stdin.readline()
            if not line:
                return  # the judge closed our input
            line = line.strip()
            if not lines and line == "Quit":
                return
            if not lines and line == "Start":
                continue
            lines.append(line)
        world.look(square, facing, lines[:4])
        text = plan(world, square, facing)
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
        square, facing = walk(square, facing, text, world)
        turns += 1


if __name__ == "__main__":
    main()
