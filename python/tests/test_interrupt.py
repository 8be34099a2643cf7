"""Ctrl-C reaches long native calls: a search (`choose`, the GIL released) checks for signals
every 50 ms and raises `KeyboardInterrupt` soon after SIGINT, and so do a long vector step and
`verify`; checking changes nothing else (a search checking before every iteration chooses what
an unchecked one does, with the same statistics).

The bounds are generous: the machine may be a busy 2-core box."""

import os
import signal
import threading
import time

import numpy as np
import pytest

import contest_engines as ce
from conftest import contest_data


def interrupt_after(seconds):
    """SIGINT to this process `seconds` from now, from another thread (the main thread's
    handler raises KeyboardInterrupt at its next check)."""
    timer = threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    return timer


def timed_interrupt(call, after):
    """Runs `call()` with SIGINT `after` seconds in; answers the seconds until it raised
    KeyboardInterrupt, or None when it returned first."""
    timer = interrupt_after(after)
    start = time.monotonic()
    try:
        call()
    except KeyboardInterrupt:
        return time.monotonic() - start
    finally:
        timer.cancel()
    # The call ended first. A signal sent just as it did must arrive here, not in the next test
    # (a KeyboardInterrupt there would stop the whole run).
    try:
        time.sleep(0.2)
    except KeyboardInterrupt:
        pass
    return None


@pytest.fixture(autouse=True)
def default_sigint():
    """Python's own SIGINT handler (KeyboardInterrupt), whatever the runner installed."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


@pytest.mark.parametrize("kind", ["Uct", "FlatMonteCarlo", "InformationSetMcts"])
def test_timed_search_stops_on_sigint(kind):
    """A 30 s search interrupted at 0.5 s ends well before 10 s."""
    game = ce.tron3d.Game("cube6")
    state = game.initial_state(1)
    search = game.search(kind, iterations=2**32 - 1, time=30.0, seed=1)
    elapsed = timed_interrupt(lambda: search.choose(state, 0), 0.5)
    assert elapsed is not None, "the search was not interrupted"
    assert 0.4 < elapsed < 10.0
    # A search is usable afterwards.
    search = game.search(kind, iterations=50, seed=1)
    assert search.choose(state, 0) is not None


def test_iteration_search_stops_on_sigint():
    """A search by iterations only (no time limit) is interrupted too; the package's search
    classes raise the same."""
    game = ce.tictactoe.Game()
    state = game.initial_state(0)
    search = ce.Uct(iterations=2**32 - 1, seed=3)
    elapsed = timed_interrupt(lambda: search.choose(game, state, 0), 0.5)
    assert elapsed is not None and elapsed < 10.0


@pytest.mark.parametrize("name", ["tictactoe", "tron3d", "amazes", "windward"])
@pytest.mark.parametrize("kind", ["Uct", "FlatMonteCarlo", "InformationSetMcts"])
def test_checking_for_signals_changes_nothing(name, kind):
    """The same search checking for signals before every iteration (the GIL taken back each
    time), every 50 ms (`choose`), and never (`_choose_timed`): the same choices and
    statistics, decision after decision (the random generator runs on between them)."""
    game = getattr(ce, name).Game()
    config = dict(iterations=300, max_playout_steps=40, seed=7)
    searches = [game.search(kind, **config) for _ in range(3)]
    state = game.initial_state(2)
    for _ in range(3):
        if game.is_terminal(state):
            break
        player = game.to_move(state)[0]
        a = searches[0]._choose_checking_every_iteration(state, player)
        b = searches[1].choose(state, player)
        c, _ = searches[2]._choose_timed(state, player)
        assert a == b == c
        stats = [s.stats() for s in searches]
        assert stats[0] == stats[1] == stats[2]
        assert searches[0].iterations == searches[1].iterations == 300
        joint = [
            a if p == player else game.legal_actions(state, p)[0] for p in game.to_move(state)
        ]
        state = game.step(state, joint)


def test_long_vector_step_stops_on_sigint():
    """One step of two million tic-tac-toe games (a quarter of a second or more) runs in
    chunks and checks for signals between them: interrupted 10 ms in, it ends well before the
    whole step; the environment then refuses to step until a reset.

    Up to three tries, each timing a whole step just before its interrupted one: on a shared
    virtual machine a neighbour can slow one step to twice another's (README, "How to
    compare"), so one try could see a slow interrupted step beside a fast whole one. A step
    that never checked would run whole in every try."""
    n = 2_000_000
    env = ce.tictactoe.Game().vector_env(n, seed=0)
    tries = []
    for _ in range(3):
        _, masks = env.reset()
        actions = np.argmax(masks, axis=2)
        start = time.monotonic()
        env.step(actions)
        whole = time.monotonic() - start
        actions = np.argmax(env.arrays()[4], axis=2)
        elapsed = timed_interrupt(lambda: env.step(actions), 0.01)
        if elapsed is None:
            pytest.skip(f"the step ({whole:.3f} s) ended before the interrupt arrived")
        tries.append((elapsed, whole))
        if elapsed < max(0.6 * whole, 0.15):
            break
    else:
        pytest.fail(f"no interrupted step ended well before a whole one: {tries}")
    with pytest.raises(ce.EngineError, match="interrupted"):
        env.step(actions)
    _, masks = env.reset()
    env.step(np.argmax(masks, axis=2))


def test_verify_stops_on_sigint():
    data = contest_data("windward") / "traces"
    files = [
        str(data / name)
        for name in (
            "map1_seed1_full.jsonl.gz",
            "map2_seed1_20k.jsonl.gz",
            "map3_seed2_nopowerups_20k.jsonl.gz",
        )
    ]
    elapsed = timed_interrupt(lambda: ce.windward.verify(files), 0.3)
    if elapsed is None:
        pytest.skip("verify ended before the interrupt arrived")
    assert elapsed < 1.2
