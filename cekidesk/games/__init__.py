"""The built-in games.  Importing this package registers each of them with the engine registry."""
from . import ceki  # noqa: F401
from . import pei  # noqa: F401
