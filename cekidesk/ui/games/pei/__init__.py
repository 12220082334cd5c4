"""The window's side of Pèi: its words (:mod:`.texts`), its game UI — log lines, end-of-hand dialog
(:mod:`.game_ui`) —, the How-to-play page as data (:mod:`.help`), the guided first hand (:mod:`.lesson`)
and its table layout (:mod:`.layout`).  Importing the package registers the layout and the game UI."""
from . import game_ui, layout  # noqa: F401  (register the table layout and the game's UI)
