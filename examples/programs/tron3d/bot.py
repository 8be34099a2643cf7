#!/usr/bin/env python3
"""A Tron3D player in plain Python, speaking tron3d-protocol 1 (PROTOCOL.md beside this file).

Run it with `play tron3d --bots cmd:examples/programs/tron3d/bot.py,search,demo,demo`.
Standard library only.

Strategy: space first. Each bike that has to move this round goes to the free neighbour from
which it can reach the most free vertices (a flood fill), so it does not wall itself in; a vertex
next to an enemy bike counts half (the enemy may enter it too), and a lying item breaks ties.
A bike with a Turbo uses it when it has room to spare (every required move scores); a bike that
is walled in uses a held Ghost to pass through a wall.
"""

import sys
from collections import deque

ROOMY = 30  # free vertices ahead that make a Turbo safe to use


def words():
    line = sys.stdin.readline()
    if not line:  # the arena closed our input: the game is over
        sys.exit(0)
    return line.split()


def space(start, neighbours, blocked):
    """How many free vertices a bike on `start` can reach (`start` included)."""
    seen = {start}
    queue = deque([start])
    while queue:
        for u in neighbours[queue.popleft()]:
            if u not in seen and u not in blocked:
                seen.add(u)
                queue.append(u)
    return len(seen)


def choose(me, round_, neighbours, walls, items, bikes):
    blocked = {v for v, owner in enumerate(walls) if owner >= 0}
    enemy_heads = [b["vertex"] for b in bikes if b["alive"] and b["player"] != me]
    danger = {u for head in enemy_heads for u in neighbours[head]}
    moves = []
    for bike_id, b in enumerate(bikes):
        if b["player"] != me or not b["alive"]:
            continue
        if round_ % 2 == 1 and b["turbo"] <= 0:
            continue  # odd rounds: only bikes in turbo move
        ghost = b["ghost"] > 0
        free = [u for u in neighbours[b["vertex"]] if ghost or u not in blocked]
        use = 0
        if not free and b["item"] == "g":
            free, use = list(neighbours[b["vertex"]]), 1  # through a wall, as a ghost
        if not free:
            continue  # walled in: nothing helps
        rooms = {u: space(u, neighbours, blocked) for u in free}
        # An enemy may enter a vertex next to its head too: count such a vertex's room half.
        target = max(free, key=lambda u: (rooms[u] / (2 if u in danger else 1), items[u] != "n"))
        if b["item"] == "t" and rooms[target] > ROOMY:
            use = 1
        moves.append(f"{bike_id} {target} {use}")
        blocked.add(target)  # our other bikes keep off it
    return moves


def main():
    if words() != ["tron3d-protocol", "1"]:
        sys.exit("not tron3d-protocol 1")
    me = int(words()[1])
    for _ in range(7):  # nb_players ... score_bonus: not needed by this strategy
        words()
    words()  # map NAME
    nb_vertices = int(words()[1])
    neighbours = [[int(w) for w in words()] for _ in range(nb_vertices)]
    for _ in range(4):  # spawn S, the spawn list, bonus M, the bonus list
        words()
    while True:
        first = words()
        if first[0] == "end":
            return
        round_ = int(first[1])
        words()  # score ...
        walls = [int(w) for w in words()[1:]]
        items = words()[1:]
        bikes = []
        for _ in range(int(words()[1])):
            player, item, vertex, turbo, ghost, alive = words()
            bikes.append({"player": int(player), "item": item, "vertex": int(vertex),
                          "turbo": int(turbo), "ghost": int(ghost), "alive": alive == "1"})
        moves = choose(me, round_, neighbours, walls, items, bikes)
        print(" ".join(["moves"] + moves), flush=True)


if __name__ == "__main__":
    main()
