#!/usr/bin/env python3
"""AILowest.cc's logic written directly against tron3d-protocol 1 (standard library only).

Each bike due to move takes its lowest-numbered free neighbour (none free: its lowest-numbered
neighbour) and uses any item it holds. The tests play this and the kit-built AILowest on the
same seeds and expect the same games. Every line it reads but the spawn list and `end` is
written to standard error as read (AILowest.cc writes what the kit's API answers in that form).
"""

import sys


def words(tell=True):
    line = sys.stdin.readline()
    if not line:
        sys.exit(0)
    if tell and not line.startswith("end"):
        sys.stderr.write(line)
    return line.split()


def main():
    if words(False) != ["tron3d-protocol", "1"]:
        sys.exit("not tron3d-protocol 1")
    me = int(words()[1])
    for _ in range(8):  # nb_players ... score_bonus, map
        words()
    neighbours = [[int(w) for w in words()] for _ in range(int(words()[1]))]
    for _ in range(2):  # spawn S, the spawns
        words(False)
    for _ in range(2):  # bonus M, the bonus vertices
        words()
    while True:
        first = words()
        if first[0] == "end":
            return
        round_ = int(first[1])
        words()  # score
        walls = [int(w) for w in words()[1:]]
        words()  # items
        taken = set()
        moves = ["moves"]
        for bike in range(int(words()[1])):
            player, item, vertex, turbo, _ghost, alive = words()
            if int(player) != me or alive != "1":
                continue
            if round_ % 2 == 1 and int(turbo) <= 0:
                continue
            near = neighbours[int(vertex)]
            free = [v for v in near if walls[v] == -1 and v not in taken]
            target = min(free) if free else min(near)
            taken.add(target)
            moves.append(f"{bike} {target} {0 if item == 'n' else 1}")
        print(" ".join(moves), flush=True)


if __name__ == "__main__":
    main()
