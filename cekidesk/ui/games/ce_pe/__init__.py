"""The window's side of Ce Pe: its words (:mod:`.texts`), its game UI — log lines, end-of-hand dialog,
rule sets (:mod:`.game_ui`) —, the How-to-play page as data (:mod:`.help`), the table layout
(:mod:`.layout`) and the words of effects shared with the rule editor (:mod:`.effects`); importing the
package registers the layout and the game's UI."""

from . import game_ui, layout  # noqa: F401  (register the table layout and the game's UI)
