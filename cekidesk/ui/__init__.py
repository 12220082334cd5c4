"""The Qt user interface.  Importing it applies the PySide6 guard once."""
from .foundations.qtfix import guard_none_refcount

guard_none_refcount()
