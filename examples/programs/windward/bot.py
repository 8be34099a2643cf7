#!/usr/bin/env python3
"""A Windwardopolis II limo driver in plain Python, speaking the original TCP protocol.

Usage: bot.py [PORT] [HOST] [NAME]. The port defaults to $CONTEST_PORT, then 1707 (the original
server's); the host to 127.0.0.1. It plays in `play windward --bots cmd:.../bot.py,planner` (the
arena gives the port as `{port}` and CONTEST_PORT), against the original server and against
`windward_server` (PROTOCOL.md beside this file has the protocol and the commands). Standard
library only.

Strategy: with a passenger aboard, drive it to its destination. Otherwise pick the waiting
passenger with the best points per tile of driving (to its lobby, then on to its destination),
skipping those whose enemies wait at the destination, and ask for it (and any other waiting
passenger on the way) at its lobby. Out of coffee, drive to the nearest coffee store first.
Paths are breadth-first over the driveable tiles, plus one tile so the car can leave the stop.
Every server message is answered with the new orders, if any, then an empty `<move />` (which the
original reads as "no change", and a lockstep server as "done with this message"); with
$WINDWARD_NO_SYNC set, it sends no `<move />`, as the original kit's clients do not.
"""

import base64
import os
import socket
import struct
import sys
import zlib
import xml.etree.ElementTree as ET
from collections import deque

DRIVEABLE = {"ROAD", "BUS_STOP", "COFFEE_STOP"}
MAX_FRAME = 16 << 20  # the largest message read from the server: a setup is about 111 KB
REPLANNING = {
    "NO_PATH", "PASSENGER_ABANDONED", "PASSENGER_DELIVERED", "PASSENGER_DELIVERED_AND_PICKED_UP",
    "PASSENGER_REFUSED_ENEMY", "PASSENGER_PICKED_UP", "PASSENGER_NO_ACTION",
    "COFFEE_STORE_CAR_RESTOCKED", "PASSENGER_REFUSED_NO_COFFEE",
    "PASSENGER_DELIVERED_AND_PICK_UP_REFUSED",
}


def avatar_png():
    """A 32x32 one-colour PNG: the original server wants an avatar with every join."""
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))
    rows = b"".join(b"\x00" + b"\x20\x80\xc0" * 32 for _ in range(32))
    header = struct.pack(">IIBBBBB", 32, 32, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows))
            + chunk(b"IEND", b""))


class Wire:
    """Frames: a 4-byte little-endian length, then the UTF-8 XML."""

    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port), timeout=120)

    def send(self, xml):
        data = xml.encode("utf-8")
        self.sock.sendall(struct.pack("<I", len(data)) + data)

    def read_exactly(self, n):
        out = b""
        while len(out) < n:
            part = self.sock.recv(n - len(out))
            if not part:
                return None
            out += part
        return out

    def receive(self):
        head = self.read_exactly(4)
        if head is None:
            return None
        (length,) = struct.unpack("<I", head)
        if length > MAX_FRAME:
            raise ValueError("a frame of %d bytes is over the limit" % length)
        body = self.read_exactly(length)
        return None if body is None else body.decode("utf-8", "replace")


class Driver:
    def __init__(self, setup):
        self.me = setup.get("my-guid")
        grid = setup.find("map")
        self.width, self.height = int(grid.get("width")), int(grid.get("height"))
        self.road = set()
        for tile in grid.iter("tile"):
            if tile.get("type") in DRIVEABLE:
                self.road.add((int(tile.get("x")), int(tile.get("y"))))
        self.companies = {c.get("name"): (int(c.get("bus-stop-x")), int(c.get("bus-stop-y")))
                          for c in setup.iter("company")}
        self.stores = [(int(s.get("bus-stop-x")), int(s.get("bus-stop-y")))
                       for s in setup.iter("store")]
        self.passengers = {}
        for p in setup.find("passengers"):
            self.passengers[p.get("name")] = {
                "points": int(p.get("points-delivered", "1")),
                "lobby": p.get("lobby"),
                "destination": p.get("destination"),
                "status": "lobby",
                "enemies": [e.text for e in p.iter("enemy")],
            }
        self.limo = None
        self.carrying = None
        self.coffee = 3
        for player in setup.iter("player"):
            if player.get("guid") == self.me:
                self.limo = (int(player.get("limo-x")), int(player.get("limo-y")))

    def update(self, status):
        for player in status.iter("player"):
            if player.get("guid") == self.me:
                self.limo = (int(player.get("limo-x")), int(player.get("limo-y")))
                self.carrying = player.get("passenger") or None
                self.coffee = int(player.get("coffee-servings", "3"))
        passengers = status.find("passengers")
        for p in passengers if passengers is not None else []:
            known = self.passengers.get(p.get("name"))
            if known is not None:
                known["status"] = p.get("status")
                known["lobby"] = p.get("lobby")
                known["destination"] = p.get("destination")

    def distances(self, start):
        """Breadth-first tile distances and parents from `start` over the driveable tiles."""
        parent = {start: None}
        dist = {start: 0}
        queue = deque([start])
        while queue:
            x, y = queue.popleft()
            for nxt in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):  # W, E, N, S
                if nxt in self.road and nxt not in dist:
                    dist[nxt] = dist[(x, y)] + 1
                    parent[nxt] = (x, y)
                    queue.append(nxt)
        return dist, parent

    def path(self, parent, goal):
        tiles = []
        while goal is not None:
            tiles.append(goal)
            goal = parent[goal]
        tiles.reverse()
        if len(tiles) >= 2:
            tiles.append(tiles[-2])  # one tile past the stop, so the car can leave it
        return tiles

    def waiting_at(self, company):
        return [n for n, p in self.passengers.items()
                if p["status"] == "lobby" and p["lobby"] == company]

    def plan(self):
        """The orders for now: (path tiles, pick-up names), or None."""
        if self.limo is None:
            return None
        dist, parent = self.distances(self.limo)
        if self.coffee == 0 and self.stores:
            store = min(self.stores, key=lambda s: dist.get(s, 1 << 30))
            if store in dist:
                return self.path(parent, store), []
        if self.carrying:
            passenger = self.passengers.get(self.carrying)
            goal = passenger and self.companies.get(passenger["destination"])
            if goal in dist:
                return self.path(parent, goal), []
            return None
        best, best_value = None, 0.0
        rides = {}
        for name, p in self.passengers.items():
            lobby = self.companies.get(p["lobby"])
            goal = self.companies.get(p["destination"])
            if p["status"] != "lobby" or lobby not in dist or goal is None or goal == lobby:
                continue
            if any(e in self.waiting_at(p["destination"]) for e in p["enemies"]):
                continue  # it would refuse to get out there
            if lobby not in rides:
                rides[lobby] = self.distances(lobby)[0]
            ride = rides[lobby]
            if goal not in ride:
                continue
            value = p["points"] / (dist[lobby] + ride[goal] + 10)
            if value > best_value:
                best, best_value = name, value
        if best is None:
            return None
        lobby_name = self.passengers[best]["lobby"]
        others = [n for n in self.waiting_at(lobby_name) if n != best]
        return self.path(parent, self.companies[lobby_name]), [best] + others


def move_xml(tiles, pickup):
    path = ";".join("%d,%d" % tile for tile in tiles)
    names = ";".join(name.replace("&", "&amp;").replace("<", "&lt;") for name in pickup)
    return "<move><path>%s</path><pick-up>%s</pick-up></move>" % (path, names)


def main():
    args = sys.argv[1:]
    port = int(args[0]) if args else int(os.environ.get("CONTEST_PORT", "1707"))
    host = args[1] if len(args) > 1 else "127.0.0.1"
    name = args[2] if len(args) > 2 else "Python Limo %d" % os.getpid()
    wire = Wire(host, port)
    avatar = base64.b64encode(avatar_png()).decode()
    wire.send('<join name="%s" school="contest-engines" language="Python"><avatar>%s</avatar></join>'
              % (name.replace('"', "'"), avatar))
    driver = None
    while True:
        try:
            text = wire.receive()
        except (OSError, ValueError):
            return
        if text is None:
            return  # the server closed the connection: the game is over
        try:
            root = ET.fromstring(text)
        except ET.ParseError:
            continue
        orders = None
        if root.tag == "exit":
            print("windward bot: <exit/> received, leaving", file=sys.stderr, flush=True)
            return
        if root.tag == "setup":
            driver = Driver(root)
            orders = driver.plan()
        elif root.tag == "status" and driver is not None:
            driver.update(root)
            if root.get("player-guid") == driver.me and root.get("status") in REPLANNING:
                orders = driver.plan()
        if orders is not None:
            message = move_xml(*orders)
            if root.tag == "setup":
                message = message.replace("<move>", "<ready>").replace("</move>", "</ready>")
            wire.send(message)
        if not os.environ.get("WINDWARD_NO_SYNC"):
            wire.send("<move />")


if __name__ == "__main__":
    main()
