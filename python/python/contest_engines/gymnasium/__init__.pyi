# Type stubs of contest_engines.gymnasium: the single-agent Gymnasium environments.

from . import amazes as amazes
from . import cloudwars as cloudwars
from . import dogfight as dogfight
from . import tictactoe as tictactoe
from . import tron3d as tron3d
from . import windward as windward
from ._env import ContestGymEnv as ContestGymEnv
