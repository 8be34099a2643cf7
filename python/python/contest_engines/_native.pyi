# Type stubs of the extension module contest_engines._native (the Rust half): each game's
# submodule holds the classes its public module re-exports, so they are typed as those.

from typing import Any

from . import amazes as amazes
from . import bots as bots
from . import cloudwars as cloudwars
from . import dogfight as dogfight
from . import tictactoe as tictactoe
from . import tron3d as tron3d
from . import windward as windward

class EngineError(ValueError): ...
class EngineTypeError(EngineError, TypeError): ...
class VerifyError(EngineError): ...

SEARCHES: list[str]
__version__: str

def check_search(kind: str, **settings: Any) -> None: ...
