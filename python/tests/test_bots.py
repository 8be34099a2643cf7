"""The built-in bots as Python policies (``contest_engines.bots``): every bot ``play`` offers,
legal actions on the package's states, determinism by seed, the game lifecycle, Windward's
``hear``, the GIL released while they think, and bad arguments."""

import threading
import time

import pytest

import contest_engines as ce
from contest_engines import bots

# Every bot `play GAME --bots` offers (the examples crate's rosters, without `cmd:`), plus the
# uniform `random` where the roster has none.
EXPECTED = {
    "dogfight": ["search", "search-classic", "random", "fast-random", "straight"],
    "tron3d": ["search", "tree", "demo", "null", "random"],
    "cloudwars": ["greedy", "search", "search-classic", "random"],
    "amazes": ["search", "explorer", "random"],
    "windward": ["builtin", "builtin-nocards", "planner", "navigator", "search", "idle", "random"],
    "tictactoe": ["random"],
}
# Steps of a test game per bot: the searching bots think for tens of milliseconds a move.
STEPS = {"dogfight": 6, "tron3d": 12, "cloudwars": 8, "amazes": 12, "windward": 30, "tictactoe": 9}


def test_every_play_bot_is_offered():
    assert {g: bots.names(g) for g in EXPECTED} == EXPECTED
    assert set(bots.CLASSES) == set(ce.GAMES + ce.TOYS)
    assert "Demo" in bots.describe("tron3d")["demo"]


def play(game, bot, seat, seed, steps):
    """``bot`` in ``seat``, the others taking their first legal action; answers the bot's
    actions, each checked against its legal actions."""
    state = game.initial_state(seed)
    answers = []
    for _ in range(steps):
        if game.is_terminal(state):
            break
        actions = []
        for p in game.to_move(state):
            if p == seat:
                action = bot.act(state, p)
                # The engine's own action (not always one of the listed legal ones: see
                # contest_engines.bots), which the game steps.
                assert isinstance(action, type(game.legal_actions(state, p)[0])), (bot, action)
                answers.append(action)
            else:
                action = game.legal_actions(state, p)[0]
            actions.append(action)
        before = state.copy()
        game.advance(state, actions, check=False)
        bot.hear(before, actions)
    return answers


@pytest.mark.parametrize("game_name", list(EXPECTED))
def test_every_bot_plays_legal_actions_deterministically(game_name):
    game = getattr(ce, game_name).Game()
    for name in EXPECTED[game_name]:
        first = play(game, bots.make(game_name, name, seed=5, game=game), 0, 3, STEPS[game_name])
        again = play(game, bots.make(game_name, name, seed=5, game=game), 0, 3, STEPS[game_name])
        assert first, name
        assert first == again, f"{game_name} {name}: not deterministic by seed"


@pytest.mark.parametrize(
    "game_name, name", [("tron3d", "demo"), ("dogfight", "random"), ("cloudwars", "random")]
)
def test_seeds_change_random_bots(game_name, name):
    game = getattr(ce, game_name).Game()
    plays = {
        seed: play(game, bots.make(game_name, name, seed=seed, game=game), 0, 1, 8)
        for seed in range(4)
    }
    assert len({repr(p) for p in plays.values()}) > 1


def test_module_functions_and_default_game():
    bot = bots.tron3d("demo", seed=1)
    assert isinstance(bot, bots.Tron3dBot) and bot.name == "demo" and bot.seed == 1
    assert bot.game.players == 4 and not bot.hears
    state = bot.game.initial_state(7)
    assert isinstance(bot.act(state, 2), ce.tron3d.Action)
    assert bots.windward("planner").hears
    assert "demo" in repr(bot)


def test_player_not_to_move_gets_none():
    game = ce.amazes.Game()
    state = game.initial_state(1)
    bot = bots.amazes("explorer", game=game)
    assert game.to_move(state) == [0]
    assert bot.act(state, 1) is None
    assert bot.act(state, 0) is not None


def test_games_start_by_themselves():
    game = ce.tron3d.Game("cube6")
    bot = bots.tron3d("demo", seed=3, game=game)
    first = play(game, bot, 1, 10, 20)
    assert bot.games == 1
    # A state earlier than the last one seen: a new game, seeded as game 1 of seed 3.
    play(game, bot, 1, 10, 20)
    assert bot.games == 2
    # reset(seed) counts afresh: the first game again.
    bot.reset(seed=3)
    assert play(game, bot, 1, 10, 20) == first and bot.games == 1
    # Asked for another player: a new game.
    state = game.initial_state(10)
    bot.act(state, 2)
    assert bot.games == 2


def test_windward_bots_hear_the_status_messages():
    """The planner re-plans on the status messages it hears: told the steps, it plays
    otherwise than when it is not (after its first passenger's delivery at the latest)."""
    game = ce.windward.Game()

    def run(hear, ticks=1500):
        bot = bots.windward("planner", seed=1, game=game)
        state = game.initial_state(4)
        mine = []
        for _ in range(ticks):
            actions = []
            for p in game.to_move(state):
                if p == 0:
                    actions.append(bot.act(state, 0))
                    mine.append(actions[-1].to_json())
                else:
                    actions.append(game.legal_actions(state, p)[0])
            before = state.copy()
            game.advance(state, actions, check=False)
            if hear:
                bot.hear(before, actions)
        return mine, game.current_scores(state)[0]

    heard, score_heard = run(True)
    deaf, score_deaf = run(False)
    assert heard != deaf
    assert score_heard > 0


def test_hear_takes_indices():
    game = ce.windward.Game()
    bot = bots.windward("builtin", game=game)
    state = game.initial_state(1)
    bot.act(state, 0)
    indices = [
        game.action_index(state, p, game.legal_actions(state, p)[0]) for p in game.to_move(state)
    ]
    bot.hear(state, indices)
    with pytest.raises(ce.EngineError, match="to move"):
        bot.hear(state, indices[:2])
    with pytest.raises(TypeError):
        bot.hear(state, "x")


def test_the_gil_is_released_while_a_bot_thinks():
    game = ce.tron3d.Game("cube12")
    bot = bots.tron3d("tree", seed=1, game=game)
    state = game.initial_state(1)
    start = time.perf_counter()
    bot.act(state, 0)
    alone = time.perf_counter() - start
    bot.reset()
    counted = [0]
    done = threading.Event()

    def think():
        for _ in range(3):
            bot.reset()
            bot.act(state, 0)
        done.set()

    thread = threading.Thread(target=think)
    thread.start()
    while not done.is_set():
        counted[0] += 1
    thread.join()
    # Three searches of `alone` seconds each: a held GIL would leave the loop a few thousand
    # turns (its switch interval), a released one millions.
    assert alone > 0.005
    assert counted[0] > 20_000, counted[0]


def test_bad_arguments():
    with pytest.raises(ce.EngineError, match="the bots are"):
        bots.tron3d("nobody")
    with pytest.raises(ce.EngineError, match="cmd:"):
        bots.tron3d("cmd:./bot")
    with pytest.raises(ValueError, match="game"):
        bots.make("chess", "random")
    bot = bots.tron3d("demo")
    state = bot.game.initial_state(1)
    with pytest.raises(ce.EngineError, match="player"):
        bot.act(state, 4)
    with pytest.raises(ce.EngineError, match="player"):
        bot.act(state, -1)
    with pytest.raises(TypeError):
        bot.act(ce.dogfight.Game().initial_state(1), 0)
    with pytest.raises(ce.EngineError, match="does not fit"):
        bot.act(ce.tron3d.Game("cube12").initial_state(1), 0)
    with pytest.raises(ce.EngineError, match="seed"):
        bots.tron3d("demo", seed=2**64)
    with pytest.raises(ce.EngineError, match="seed"):
        bots.tron3d("demo", seed=-1)
    with pytest.raises(TypeError):
        bots.tron3d("demo", game=ce.dogfight.Game())


def test_bots_pickle_and_copy_as_made_anew():
    import copy
    import pickle

    game = ce.tron3d.Game("cube12")
    bot = bots.tron3d("search", seed=9, game=game)
    first = play(game, bot, 2, 5, 8)
    for twin in (pickle.loads(pickle.dumps(bot)), copy.deepcopy(bot), copy.copy(bot)):
        assert isinstance(twin, bots.Tron3dBot) and twin is not bot
        assert (twin.name, twin.seed, twin.games) == ("search", 9, 0)
        # The same game (cube12), and the same play as the original's first game.
        assert twin.game.initial_state(1) == game.initial_state(1)
        assert play(twin.game, twin, 2, 5, 8) == first
