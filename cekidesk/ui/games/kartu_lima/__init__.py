"""The window's side of Kartu Lima: its words (:mod:`.texts`, the riddles :mod:`.wangsalan`), its game UI
— log lines, end-of-hand dialog (:mod:`.game_ui`) —, the How-to-play page as data (:mod:`.help`) and its
table layout (:mod:`.layout`).  Importing the package registers both."""

from . import game_ui, layout  # noqa: F401  (register the table layout and the game's UI)
