"""The window's side of Ce Pe: its words, log lines and end-of-hand dialog (:mod:`.words`), the
How-to-play page (:mod:`.help`), the table layout (:mod:`.layout`) and the words of effects shared with
the rule editor (:mod:`.effects`); importing the package registers the layout and the game's UI."""

from . import layout, words  # noqa: F401  (register the table layout and the game's UI)
