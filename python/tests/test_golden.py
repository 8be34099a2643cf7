"""The golden traces of every game, recorded from the original programs, replayed through Python
(`<game>.verify`, the crates' replay code reached through the package). The counts are the ones
the Rust conformance suites assert, so Python replays exactly what Rust replays. The files are
read in place from `CONTEST_DATA`, never copied."""

import pytest

import contest_engines as ce
from conftest import contest_data


def check(summary, game, traces=None, steps=None):
    print(summary["line"])
    assert summary["game"] == game
    assert summary["line"].startswith(f"conformance: {game}: ")
    assert summary["traces"] > 0 and summary["steps"] > 0
    if traces is not None:
        assert summary["traces"] == traces
    if steps is not None:
        assert summary["steps"] == steps


def test_dogfight():
    data = contest_data("dogfight")
    summary = ce.dogfight.verify([str(data / "golden_fights.jsonl"), str(data / "scenarios.jsonl")])
    check(summary, "dogfight", traces=48)  # 24 fights and 24 scenarios


def test_tron3d():
    data = contest_data("tron3d")
    games = data / "games"
    files = [
        p
        for d in (games, games / "stress", games / "recorded")
        for p in sorted(d.glob("*.t3d"))
        # Format v1.0 is the 2014 engine's (rules doc §9), not this one: the Rust suite skips it too.
        if not p.read_bytes().startswith(b"tron3d v1.0")
    ]
    summary = ce.tron3d.verify([str(p) for p in files])
    check(summary, "tron3d", traces=len(files))
    assert summary["traces"] >= 9


def test_cloudwars():
    data = contest_data("cloudwars")
    files = sorted(
        p
        for p in data.iterdir()
        if p.name.endswith(".scenario.json")
        or p.name in ("micro_cases.json", "kill_ring_vectors.json")
    )
    summary = ce.cloudwars.verify([str(p) for p in files])
    check(summary, "cloudwars", traces=4 + 26 + 1, steps=11_500 + 1_211)


def test_amazes():
    data = contest_data("amazes")
    summary = ce.amazes.verify(
        [str(data / "golden_views.tsv"), str(data / "golden_trace_maze01.tsv")]
    )
    check(summary, "amazes", traces=2)


def test_windward():
    data = contest_data("windward")
    files = [
        data / "traces" / name
        for name in (
            "map1_seed1_full.jsonl.gz",
            "map2_seed1_20k.jsonl.gz",
            "map3_seed2_nopowerups_20k.jsonl.gz",
        )
    ]
    summary = ce.windward.verify([str(p) for p in files])
    check(summary, "windward", traces=3)


def test_a_mismatch_is_a_verify_error(tmp_path):
    """A golden fight with one recorded position changed is refused, naming where."""
    data = contest_data("dogfight")
    line = (data / "golden_fights.jsonl").read_text().splitlines()[0]
    assert '"pos":[0,5,0]' in line
    bad = tmp_path / "changed.jsonl"
    bad.write_text(line.replace('"pos":[0,5,0]', '"pos":[0,6,0]', 1) + "\n")
    with pytest.raises(ce.VerifyError, match="changed.jsonl"):
        ce.dogfight.verify([str(bad)])


def test_dogfight_fights_stepped_through_python():
    """Every golden fight stepped round by round through the Python API (`Game.step`, the
    recorded moves as `Action`s, `check=False` so invalid moves get the original's handling):
    every recorded plane state, and the winner, equal the engine's."""
    import json

    data = contest_data("dogfight")

    def plane_json(p):
        x, y, z = p["pos"]
        return {"alive": p["alive"], "pos": {"x": x, "y": y, "z": z}, "heading": p["dir"],
                "cooldown": p["cd"]}

    def move_json(m):
        if m is None:
            return None
        return {"direction": m["dir"], "turn": m["change"], "shoot": m["shoot"]}

    fights = [json.loads(line) for line in (data / "golden_fights.jsonl").read_text().splitlines()]
    assert len(fights) == 24
    rounds = 0
    for fight in fights:
        game = ce.dogfight.Game(fight["arena"], {"rounds": fight["rounds"], "cooldown": fight["cooldown"]})
        state = game.state_from_json(
            json.dumps({"planes": [plane_json(p) for p in fight["initial"]], "round": 0})
        )
        for turn in fight["turns"]:
            m = [move_json(x) for x in turn["moves"]]
            actions = [ce.dogfight.Action.from_json(json.dumps({"moves": m[2 * side: 2 * side + 2]}))
                       for side in range(2)]
            assert game.to_move(state) == [0, 1], f"{fight['id']} round {turn['round']}"
            state = game.step(state, actions, check=False)
            planes = json.loads(state.to_json())["planes"]
            for k, (got, want) in enumerate(zip(planes, turn["state"])):
                want = plane_json(want)
                if not want["alive"]:
                    assert not got["alive"], f"{fight['id']} round {turn['round']} plane {k}"
                    continue
                assert got == want, f"{fight['id']} round {turn['round']} plane {k}"
            rounds += 1
        assert game.is_terminal(state), fight["id"]
        ranks = game.outcome(state)["ranks"]
        winner = {1: [1, 2], -1: [2, 1], 0: [1, 1]}[fight["result"]]
        assert ranks == winner, fight["id"]
    print(f"conformance: dogfight (stepped through Python): 24 fights, {rounds} rounds, all match")
