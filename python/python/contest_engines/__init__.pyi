# Type stubs of contest_engines (the package's top level).

from . import amazes as amazes
from . import cloudwars as cloudwars
from . import dogfight as dogfight
from . import tictactoe as tictactoe
from . import tron3d as tron3d
from . import windward as windward
from ._native import SEARCHES as SEARCHES
from ._native import EngineError as EngineError
from ._native import EngineTypeError as EngineTypeError
from ._native import VerifyError as VerifyError
from .search import DecoupledUct as DecoupledUct
from .search import FlatMonteCarlo as FlatMonteCarlo
from .search import InformationSetMcts as InformationSetMcts
from .search import Uct as Uct

__version__: str
GAMES: tuple[str, ...]
TOYS: tuple[str, ...]
