"""Pictures as pixels (``Game.render_rgb``) and the render modes of the environments: PettingZoo's
``render_test`` for every game, ``render_fps``, the ``"human"`` viewer's page."""

import importlib
import re

import numpy as np
import pytest

import contest_engines as ce

ALL = ce.GAMES + ce.TOYS


def played(game, seed, steps):
    """The state after ``steps`` steps of first-legal play from ``initial_state(seed)``."""
    state = game.initial_state(seed)
    for _ in range(steps):
        if game.is_terminal(state):
            break
        game.advance(state, [game.legal_actions(state, p)[-1] for p in game.to_move(state)])
    return state


def svg_size(svg):
    head = svg[: svg.index(">")]
    width = float(re.search(r'width="([0-9.]+)"', head).group(1))
    height = float(re.search(r'height="([0-9.]+)"', head).group(1))
    return width, height


@pytest.mark.parametrize("name", ALL)
def test_render_rgb_is_the_svg_picture(name):
    game = getattr(ce, name).Game()
    state = played(game, 1, 3)
    picture = game.render_rgb(state)
    assert isinstance(picture, np.ndarray) and picture.dtype == np.uint8
    width, height = svg_size(game.render_svg(state))
    assert picture.shape == (round(height), round(width), 3)
    # Something is drawn: more than one colour, and not white everywhere.
    assert len(np.unique(picture.reshape(-1, 3), axis=0)) > 2
    assert (picture != 255).any()
    # The same state, the same pixels; a smaller width scales the height with it.
    assert np.array_equal(picture, game.render_rgb(state))
    small = game.render_rgb(state, width=100)
    assert small.shape[1] == 100 and small.shape[2] == 3
    assert abs(small.shape[0] - round(height * 100 / width)) <= 1


def test_render_rgb_follows_the_game():
    game = ce.tron3d.Game("cube6")
    first = game.render_rgb(game.initial_state(1))
    later = game.render_rgb(played(game, 1, 10))
    assert first.shape == later.shape
    # The bikes' walls are drawn: many pixels change.
    assert (first != later).any(axis=2).sum() > 100
    # Tic-tac-toe: a mark appears where it is played.
    toy = ce.tictactoe.Game()
    empty = toy.initial_state(0)
    one = toy.step(empty, [toy.legal_actions(empty, 0)[4]])
    a, b = toy.render_rgb(empty), toy.render_rgb(one)
    centre = (slice(55, 95), slice(55, 95))
    assert (a[centre] != b[centre]).any()


def test_render_rgb_refuses_bad_arguments():
    game = ce.dogfight.Game()
    state = game.initial_state(1)
    with pytest.raises(ce.EngineError, match="width 0"):
        game.render_rgb(state, width=0)
    with pytest.raises(ce.EngineError, match="1 to 8192"):
        game.render_rgb(state, width=100_000)
    with pytest.raises(ce.EngineError, match="1 to 8192"):
        game.render_rgb(state, width=2**70)
    with pytest.raises(ce.EngineError, match="at most 8192"):
        # Dogfight's picture is taller than wide: its height would pass the limit.
        game.render_rgb(state, width=8000)
    with pytest.raises(TypeError):
        game.render_rgb(ce.tron3d.Game().initial_state(1))
    with pytest.raises(ce.EngineError, match="render width -1"):
        game.render_rgb(state, width=-1)
    with pytest.raises(TypeError, match="render width"):
        game.render_rgb(state, width=1.5)
    assert game.render_rgb(state, width=None).shape == game.render_rgb(state).shape


pettingzoo = pytest.importorskip("pettingzoo", reason="pettingzoo is not installed")
from pettingzoo.test import render_test  # noqa: E402


def pz(name):
    return importlib.import_module(f"contest_engines.pettingzoo.{name}")


@pytest.fixture
def page(tmp_path, monkeypatch):
    """The "human" viewer writes its page (no window) to a file of the test's."""
    path = tmp_path / "view.html"
    monkeypatch.setenv("CONTEST_ENGINES_VIEWER", "html")
    monkeypatch.setenv("CONTEST_ENGINES_VIEW_FILE", str(path))
    return path


@pytest.mark.parametrize("name", ALL)
def test_pettingzoo_render_test(name, page):
    checks = {"svg": lambda r: r.startswith("<svg"), "html": lambda r: "<html" in r.lower()}
    render_test(lambda **kw: pz(name).env(max_steps=60, **kw), custom_tests=checks)
    modes = pz(name).env().metadata["render_modes"]
    assert {"human", "rgb_array", "ansi", "svg"} <= set(modes)
    assert ("html" in modes) == (name in ce.GAMES)
    assert pz(name).env().metadata["render_fps"] > 0
    # The human mode showed the game in its page.
    text = page.read_text(encoding="utf-8")
    assert "<svg" in text and f"{name} step" in text and "location.reload" in text


def test_tictactoe_has_no_html_mode():
    with pytest.raises(ValueError, match="render_mode"):
        pz("tictactoe").env(render_mode="html")


def test_human_mode_shows_every_step(page):
    env = pz("tron3d").parallel_env(render_mode="human")
    observations, _ = env.reset(seed=3)
    assert env.render() is None and env.viewer_path == str(page)
    assert "tron3d step 0:" in page.read_text(encoding="utf-8")
    for _ in range(2):
        actions = {
            a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in observations.items()
        }
        observations, *_ = env.step(actions)
    assert "tron3d step 2:" in page.read_text(encoding="utf-8")
    env.close()


def test_rgb_array_mode_is_the_state_picture():
    env = pz("windward").parallel_env(render_mode="rgb_array")
    env.reset(seed=2)
    frame = env.render()
    assert np.array_equal(frame, env.unwrapped.game.render_rgb(env.unwrapped.game_state))


def test_human_mode_window_on_a_display(monkeypatch):
    """Where a display is, "human" shows a Tk window (a virtual display from Xvfb; skipped
    without Xvfb or tkinter)."""
    import shutil
    import subprocess
    import time

    pytest.importorskip("tkinter", reason="no tkinter")
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        pytest.skip("no Xvfb for a virtual display")
    display = f":{200 + __import__('os').getpid() % 500}"
    server = subprocess.Popen(
        [xvfb, display, "-screen", "0", "800x700x24"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        time.sleep(1.0)
        monkeypatch.setenv("DISPLAY", display)
        monkeypatch.delenv("CONTEST_ENGINES_VIEWER", raising=False)
        env = pz("tictactoe").env(render_mode="human")
        env.reset(seed=1)
        viewer = env.unwrapped._viewer
        assert viewer._window is not None and env.unwrapped.viewer_path is None
        mask = env.last()[0]["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
        assert (viewer._image.width(), viewer._image.height()) == (150, 150)
        assert "tictactoe step 1:" in viewer._caption.cget("text")
        env.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
