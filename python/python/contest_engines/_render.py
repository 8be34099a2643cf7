"""Rendering shared by the PettingZoo and Gymnasium environments.

The render modes, for a game ``game`` and its ``state``:

- ``"rgb_array"``: ``game.render_rgb(state)``, the game's SVG picture rasterised in Rust (resvg)
  into a ``uint8`` array ``(height, width, 3)`` (its text labels left out);
- ``"ansi"``: one line of text (step, players to move, scores, the ranks once over);
- ``"svg"``: the SVG picture itself (``game.render_svg``);
- ``"html"`` (the five games, not tic-tac-toe): the workspace's replay page of the episode;
- ``"human"``: the picture shown as the game goes, each ``reset`` and ``step`` showing the new
  state, at most ``render_fps`` frames a second (``render()`` answers ``None``). Where a
  display is (``DISPLAY`` or ``WAYLAND_DISPLAY`` set) and the standard library's ``tkinter``
  works, in a window; elsewhere, or with ``CONTEST_ENGINES_VIEWER=html``, in an HTML page that
  reloads itself every frame: open it in a browser (its path is printed on standard error once,
  is ``viewer_path`` of the environment, and is ``CONTEST_ENGINES_VIEW_FILE`` when that is set).
"""

import html
import os
import sys
import tempfile
import time

# The frames a second of "human" rendering (and the metadata's render_fps, which video
# recorders use): about the pace at which a person follows each game.
RENDER_FPS = {
    "dogfight": 4,
    "tron3d": 8,
    "cloudwars": 30,
    "amazes": 4,
    "windward": 24,
    "tictactoe": 2,
}

# The games with a replay page (render_mode "html"): the five contest games, not the toys.
REPLAY_GAMES = ("dogfight", "tron3d", "cloudwars", "amazes", "windward")


def render_modes(game_name):
    """The render modes of a game's environments."""
    modes = ["human", "rgb_array", "ansi", "svg"]
    if game_name in REPLAY_GAMES:
        modes.append("html")
    return modes


def ansi_line(game, state, steps):
    """The ``"ansi"`` rendering: one line of text about ``state``."""
    scores = ", ".join(f"{s:g}" for s in game.current_scores(state))
    line = f"{game.name} step {steps}: to move {game.to_move(state)}, scores [{scores}]"
    outcome = game.outcome(state)
    if outcome is not None:
        line += f", over: ranks {outcome['ranks']}"
    return line


def render(env, steps):
    """``env.render()`` of both kinds of environment, for its ``render_mode``: ``None`` without
    one (with a warning) and for ``"human"`` (shown as it steps), else the picture, line, SVG
    or replay page of its state ``env._state`` after ``steps`` steps."""
    import gymnasium

    if env.render_mode is None:
        gymnasium.logger.warn("render() called without a render_mode")
        return None
    if env._state is None:
        raise RuntimeError("render() before reset()")
    if env.render_mode == "human":
        return None
    if env.render_mode == "rgb_array":
        return env.game.render_rgb(env._state)
    if env.render_mode == "ansi":
        return ansi_line(env.game, env._state, steps)
    if env.render_mode == "svg":
        return env.game.render_svg(env._state)
    return replay_page(env.save_replay)


def replay_page(save_replay):
    """The ``"html"`` rendering: the replay page ``save_replay(path)`` writes, as text."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "replay.html")
        save_replay(path)
        with open(path, encoding="utf-8") as f:
            return f.read()


def _display():
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


class HumanViewer:
    """``render_mode="human"``: shows each state as it comes, at most ``fps`` frames a second,
    in a Tk window where a display is, else in a self-reloading HTML page (see the module
    docs)."""

    def __init__(self, title, fps):
        self.title = title
        self.fps = fps
        self.path = None
        self._window = None
        self._label = None
        self._image = None
        self._last = None

    def show(self, game, state, steps):
        """Shows ``state`` (after waiting for the frame's time)."""
        if self._last is not None:
            wait = self._last + 1.0 / self.fps - time.monotonic()
            if wait > 0:
                time.sleep(wait)
        self._last = time.monotonic()
        line = ansi_line(game, state, steps)
        if self._window is None and self.path is None:
            self._open()
        if self._window is not None:
            try:
                self._show_window(game, state, line)
                return
            except Exception as error:  # the window was closed, or Tk failed: fall back
                self._window = None
                print(f"contest_engines: the window failed ({error}); using a page", file=sys.stderr)
                self._open_page()
        self._write_page(game.render_svg(state), line)

    def _open(self):
        if os.environ.get("CONTEST_ENGINES_VIEWER") != "html" and _display():
            try:
                import tkinter

                self._window = tkinter.Tk()
                self._window.title(self.title)
                self._label = tkinter.Label(self._window)
                self._label.pack()
                self._caption = tkinter.Label(self._window, font=("TkFixedFont", 10))
                self._caption.pack()
                return
            except Exception:
                self._window = None
        self._open_page()

    def _open_page(self):
        path = os.environ.get("CONTEST_ENGINES_VIEW_FILE")
        if not path:
            name = f"contest_engines-{self.title}-{os.getpid()}-{id(self):x}.html"
            path = os.path.join(tempfile.gettempdir(), name)
        self.path = path
        print(f"contest_engines: watch the game in {path} (open it in a browser)", file=sys.stderr)

    def _show_window(self, game, state, line):
        import tkinter

        pixels = game.render_rgb(state)
        height, width, _ = pixels.shape
        ppm = f"P6 {width} {height} 255\n".encode() + pixels.tobytes()
        self._image = tkinter.PhotoImage(width=width, height=height, data=ppm, format="PPM")
        self._label.configure(image=self._image)
        self._caption.configure(text=line)
        self._window.update()

    def _write_page(self, svg, line):
        delay = max(1, int(1000 / self.fps))
        page = (
            "<!doctype html>\n<html><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(self.title)}</title></head>\n"
            "<body style=\"margin:0;background:#fff;font-family:sans-serif\">\n"
            f"<p style=\"margin:4px\">{html.escape(line)}</p>\n{svg}\n"
            f"<script>setTimeout(function () {{ location.reload(); }}, {delay});</script>\n"
            "</body></html>\n"
        )
        # Written beside and renamed, so a browser never reads half a page.
        partial = self.path + ".partial"
        with open(partial, "w", encoding="utf-8") as f:
            f.write(page)
        os.replace(partial, self.path)

    def close(self):
        if self._window is not None:
            try:
                self._window.destroy()
            except Exception:
                pass
            self._window = None
