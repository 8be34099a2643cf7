"""The typing of the package: ``__version__`` is the crate's, the stubs and ``py.typed`` ship with
it, and the script typed against them runs (CI checks it with ``mypy --strict``, .ci/run)."""

import importlib.metadata
import importlib.util
import re
from pathlib import Path

import contest_engines

PACKAGE = Path(contest_engines.__file__).parent
EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "typed_play.py"
CARGO = Path(__file__).resolve().parents[2] / "Cargo.toml"


def test_version_is_the_crates():
    assert contest_engines.__version__ == importlib.metadata.version("contest_engines")
    assert "__version__" in contest_engines.__all__
    workspace = re.search(r'\[workspace\.package\][^\[]*?version = "([^"]+)"', CARGO.read_text())
    assert workspace and contest_engines.__version__ == workspace.group(1)


def test_stubs_ship_with_the_package():
    assert (PACKAGE / "py.typed").exists()
    for name in ["__init__", "_native", "_game", "bots", "search", "tron3d", "tictactoe"]:
        assert (PACKAGE / f"{name}.pyi").exists(), name
    assert (PACKAGE / "gymnasium" / "_env.pyi").exists()


def test_every_public_name_of_a_game_is_in_its_stub():
    for game in contest_engines.GAMES + contest_engines.TOYS:
        stub = (PACKAGE / f"{game}.pyi").read_text()
        module = getattr(contest_engines, game)
        for name in module.__all__:
            assert re.search(rf"^(class|def) {name}\b", stub, re.M), (game, name)


def test_the_typed_example_runs(capsys):
    spec = importlib.util.spec_from_file_location("typed_play", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    ranks, picture = module.play(2)
    assert sorted(ranks)[0] == 1 and picture.shape[1] == 120
    assert -1.0 <= module.episode(2) <= 1.0


def stub_names(text, cls):
    """The names a class of a stub declares (its methods, properties and attributes)."""
    body = text.split(f"class {cls}", 1)[1]
    body = re.split(r"^class ", body, maxsplit=1, flags=re.M)[0]
    return set(re.findall(r"^    (?:def )?(\w+)\b", body, re.M))


def test_the_stubs_declare_every_native_method():
    """Every public method and property of the native classes is in the stubs."""
    text = (PACKAGE / "_game.pyi").read_text()
    bases = {
        "Game": "GameBase",
        "State": "StateBase",
        "Action": "ActionBase",
        "Search": "SearchBase",
        "VecEnv": "VecEnvBase",
    }
    for game in contest_engines.GAMES + contest_engines.TOYS:
        module = getattr(contest_engines, game)
        for cls, base in bases.items():
            declared = stub_names(text, base)
            public = {n for n in dir(getattr(module, cls)) if not n.startswith("_")}
            assert public <= declared, (game, cls, sorted(public - declared))
    from contest_engines import bots

    declared = stub_names(text, "BotBase")
    for cls in bots.CLASSES.values():
        public = {n for n in dir(cls) if not n.startswith("_")}
        assert public <= declared, (cls, sorted(public - declared))
