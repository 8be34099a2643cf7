#!/usr/bin/env python3
"""A Dogfight bot in plain Python, speaking the original non-Java wrapper protocol.

Run it in a tournament with `play dogfight --bots cmd:examples/programs/dogfight/bot.py,search`.
The protocol is in PROTOCOL.md beside this file. Standard library only.

Strategy, one ply deep for each of its two planes: try every legal (direction, turn or not) move,
drop those that leave the arena or end in a state from which the walls must kill the plane, and
score the rest by
  + the share of the enemy's possible next cells that the new firing line covers (shoot if > 0),
  - the share of the enemy's possible moves whose firing line would cover the new cell,
  - a collision with the partner's new cell or a cell an enemy may reach,
  + a little for staying near the centre and for pointing at an enemy.
"""

import sys

SIZE = 14  # the arena is SIZE cells on each axis; `NEW CONTEST 14 100` and argv say so too

# Direction letters, each an axis and a sign: x is N/S, y is W/E, z is D/U (rules §3).
LETTERS = (("N", "S"), ("W", "E"), ("D", "U"))


def parse_direction(text):
    """The controller's reading: N beats S, W beats E, D beats U; other letters are ignored."""
    vector = []
    for minus, plus in LETTERS:
        vector.append(-1 if minus in text else 1 if plus in text else 0)
    return tuple(vector)


def direction_text(vector):
    return "".join(
        (minus if v < 0 else plus) for (minus, plus), v in zip(LETTERS, vector) if v != 0
    )


ALL_DIRECTIONS = [
    (x, y, z)
    for x in (-1, 0, 1)
    for y in (-1, 0, 1)
    for z in (-1, 0, 1)
    if (x, y, z) != (0, 0, 0)
]


def valid_turn(heading, target):
    """A target is legal when no axis flips and it keeps one of the heading's axes (rules §4)."""
    if sum((t - h) ** 2 for t, h in zip(target, heading)) >= 3:
        return False
    return any(t != 0 and t == h for t, h in zip(target, heading))


POSSIBLE = {h: [t for t in ALL_DIRECTIONS if valid_turn(h, t)] for h in ALL_DIRECTIONS}


def inside(cell):
    return all(0 <= c < SIZE for c in cell)


def wall_distance(cell, axis, sign):
    return SIZE - 1 - cell[axis] if sign > 0 else cell[axis]


def doomed(cell, heading):
    """The original `isSuicidal()`, exact for the walls alone (rules §7)."""
    distances = [wall_distance(cell, a, s) for a, s in enumerate(heading) if s != 0]
    if len(distances) == 3:
        return all(d < 2 for d in distances)
    return all(d == 0 for d in distances)


def firing_line(cell, heading):
    """Every in-arena cell on the ray from `cell` along `heading` (the shooter's own excluded)."""
    reach = min(wall_distance(cell, a, s) for a, s in enumerate(heading) if s != 0)
    return {
        tuple(c + step * h for c, h in zip(cell, heading)) for step in range(1, reach + 1)
    }


def add(cell, vector):
    return tuple(c + v for c, v in zip(cell, vector))


class Plane:
    def __init__(self, line):
        words = line.split()
        self.alive = words[0] == "alive"
        self.cell = (int(words[1]), int(words[2]), int(words[3]))
        self.heading = parse_direction(words[4])
        self.cooldown = int(words[5])

    def moves(self):
        """(new cell, new heading, direction) for every legal move that stays in the arena."""
        for direction in POSSIBLE[self.heading]:
            cell = add(self.cell, direction)
            if not inside(cell):
                continue
            yield cell, self.heading, direction  # change lanes, keep pointing the same way
            if direction != self.heading:
                yield cell, direction, direction  # turn


def enemy_outlook(enemies):
    """Where the live enemies may be next round, and the cells their next shots may cover."""
    reach = []  # one set of possible cells per live enemy
    threats = []  # (cell, weight): how likely an enemy shot covers the cell
    for enemy in enemies:
        if not enemy.alive:
            continue
        moves = list(enemy.moves())
        reach.append({cell for cell, _, _ in moves})
        if enemy.cooldown == 0 and moves:
            weight = 1.0 / len(moves)
            for cell, heading, _ in moves:
                for target in firing_line(cell, heading):
                    threats.append((target, weight))
    danger = {}
    for cell, weight in threats:
        danger[cell] = danger.get(cell, 0.0) + weight
    return reach, danger


def choose(plane, partner_cell, reach, danger, enemies):
    """The best (reply line, new cell) for one live plane."""
    centre = (SIZE - 1) / 2
    best = None
    for cell, heading, direction in plane.moves():
        if doomed(cell, heading):
            continue
        line = firing_line(cell, heading)
        cover = sum(len(line & cells) / len(cells) for cells in reach if cells)
        if partner_cell is not None and partner_cell in line:
            cover = 0.0  # never fire through the partner
        score = 3.0 * cover - 2.0 * danger.get(cell, 0.0)
        if cell == partner_cell:
            score -= 10.0
        if any(cell in cells for cells in reach):
            score -= 1.5
        score -= 0.02 * sum(abs(c - centre) for c in cell)
        for enemy in enemies:
            if enemy.alive:
                ahead = [e - c for e, c in zip(enemy.cell, cell)]
                score += 0.01 * sum(a * h for a, h in zip(ahead, heading))
        shoot = plane.cooldown == 0 and cover > 0
        change = 1 if heading == direction and direction != plane.heading else 0
        candidate = (score, direction_text(direction), change, int(shoot), cell)
        if best is None or candidate[0] > best[0]:
            best = candidate
    if best is None:
        # Every move is fatal: fly straight and fire, in case it takes someone along.
        return "%s 0 1" % direction_text(plane.heading), None
    _, text, change, shoot, cell = best
    return "%s %d %d" % (text, change, shoot), cell


def turn(lines):
    mine = [Plane(line) for line in lines[:2]]
    enemies = [Plane(line) for line in lines[2:]]
    reach, danger = enemy_outlook(enemies)
    replies = []
    taken = None
    for plane in mine:
        if not plane.alive:
            replies.append("N 0 0")  # ignored by the controller
            continue
        reply, taken = choose(plane, taken, reach, danger, enemies)
        replies.append(reply)
    return replies


def main():
    global SIZE
    if len(sys.argv) > 1 and sys.argv[1].isdigit():
        SIZE = int(sys.argv[1])
    stdin = sys.stdin
    while True:
        line = stdin.readline()
        if not line:
            return  # the controller closed our input: the tournament is over
        line = line.strip()
        if line.startswith("NEW CONTEST"):
            words = line.split()
            if len(words) >= 3 and words[2].isdigit():
                SIZE = int(words[2])
        elif line == "NEW TURN":
            planes = [stdin.readline().strip() for _ in range(4)]
            if any(not p for p in planes):
                return
            sys.stdout.write("\n".join(turn(planes)) + "\n")
            sys.stdout.flush()
        # NEW OPPONENT, NEW FIGHT and ROUNDS LEFT need nothing from this bot.


if __name__ == "__main__":
    main()
