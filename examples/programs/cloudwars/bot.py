#!/usr/bin/env python3
"""A CloudWars bot in plain Python, speaking the original TCP text protocol (remote/server.go).

Usage: bot.py [PORT] [HOST] [NAME]. The port defaults to $CONTEST_PORT, then 3333 (the original
server's); the host to 127.0.0.1. It plays in `play cloudwars --bots cmd:.../bot.py,greedy` (the
arena gives the port as `{port}` and CONTEST_PORT), against the original server and against
`cloudwars_server` (PROTOCOL.md beside this file has the protocol and the commands). Standard
library only.

Strategy: every update it reads the world (`list`); at most every 15 updates it steers, with a wind
that spends a small share of its vapor: away from a bigger cloud that is close and closing in, or
else towards the smaller cloud (not worth less than 5% of its own vapor, so never its own
exhaust) with the best size-to-distance ratio, sticking to the prey it chose before. It does not
spend vapor on small corrections, nor any once it is too small to afford a wind.
"""

import json
import math
import os
import socket
import sys
import time


class Connection:
    """One request line, one reply line (replies end in CRLF)."""

    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port), timeout=60)
        self.reader = self.sock.makefile("rb")

    def ask(self, line):
        self.sock.sendall((line + "\n").encode())
        reply = self.reader.readline()
        if not reply:
            raise EOFError("the server closed the connection")
        return reply.decode("utf-8", "replace").rstrip("\r\n")


def radius(cloud):
    return math.sqrt(max(cloud["Vapor"], 0.0))


def steer(me, desired, budget):
    """The `move` payload that turns my velocity towards `desired`, or None if not worth it."""
    dvx, dvy = desired[0] - me["Vel"]["X"], desired[1] - me["Vel"]["Y"]
    need = math.hypot(dvx, dvy)
    if need < 5.0:
        return None
    # A wind of strength s changes the velocity by s * 5 / r (r after paying).
    limit = me["Vapor"] * budget
    if limit < 1.0:
        return None  # too small to spend vapor on steering: drift and hope for prey
    strength = min(max(need * radius(me) / 5.0, 1.0), limit)
    return "move%.4f;%.4f" % (dvx / need * strength, dvy / need * strength)


def decide(world, name, memory):
    me = next((c for c in world["Clouds"] if c["Player"] == name), None)
    if me is None or me["Vapor"] < 1:
        return None
    mx, my, mr = me["Pos"]["X"], me["Pos"]["Y"], radius(me)
    flee_x = flee_y = 0.0
    best, best_score = None, None
    for other in world["Clouds"]:
        if other is me or other["Vapor"] < 1:
            continue
        dx, dy = other["Pos"]["X"] - mx, other["Pos"]["Y"] - my
        dist = max(math.hypot(dx, dy), 1e-6)
        gap = dist - mr - radius(other)
        if radius(other) >= mr:
            rvx = other["Vel"]["X"] - me["Vel"]["X"]
            rvy = other["Vel"]["Y"] - me["Vel"]["Y"]
            closing = rvx * dx + rvy * dy
            if gap < 60.0 and closing < 0:  # a bigger cloud close and coming nearer
                weight = 1.0 / max(gap, 5.0)
                flee_x -= dx / dist * weight
                flee_y -= dy / dist * weight
        elif other["Vapor"] >= 0.05 * me["Vapor"]:
            # Prey worth the vapor spent on the chase (not our own exhaust): big and close, and
            # the one chased last time a little more, so the bot does not zigzag between two.
            score = max(gap, 1.0) / math.sqrt(other["Vapor"])
            if other["UID"] and other["UID"] == memory.get("prey"):
                score *= 0.7
            if best_score is None or score < best_score:
                best, best_score = (dx / dist, dy / dist, other["UID"]), score
    flee = math.hypot(flee_x, flee_y)
    if flee > 0:
        return steer(me, (flee_x / flee * 30.0, flee_y / flee * 30.0), 0.08)
    if best is not None:
        memory["prey"] = best[2]
        return steer(me, (best[0] * 25.0, best[1] * 25.0), 0.04)
    return None


def main():
    args = sys.argv[1:]
    port = int(args[0]) if args else int(os.environ.get("CONTEST_PORT", "3333"))
    host = args[1] if len(args) > 1 else "127.0.0.1"
    name = args[2] if len(args) > 2 else "pybot%d" % os.getpid()
    name = name[:25]
    connection = Connection(host, port)
    connection.ask("name" + name)
    reply = connection.ask("play")
    if reply.startswith("err"):
        sys.exit("cannot join: " + reply)
    last_iteration = None
    last_move = -10
    memory = {}
    try:
        while True:
            text = connection.ask("list")
            if not text:
                continue  # the original sends an empty line when the world cannot be written
            world = json.loads(text)
            iteration = world["Iteration"]
            if iteration == last_iteration:
                time.sleep(0.002)  # a real-time server has not updated yet
                continue
            last_iteration = iteration
            if iteration - last_move < 15:
                continue  # let the last wind act before correcting again
            command = decide(world, name, memory)
            if os.environ.get("BOT_DEBUG"):
                me = next((c for c in world["Clouds"] if c["Player"] == name), None)
                print(iteration, me and me["Vapor"], command, file=sys.stderr)
            if command is not None:
                reply = connection.ask(command)
                if reply == "ok":
                    last_move = iteration
                elif reply.startswith("err: you're not playing"):
                    return
    except (EOFError, OSError):
        return  # the game is over and the server closed the connection


if __name__ == "__main__":
    main()
