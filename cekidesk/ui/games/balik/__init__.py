"""The window's side of the Balik Satu family (Balik Satu, Chaqui, Balik Lima Belas, Chot, Gonggong,
Tantanan, Cekèn): one package for the seven games of ``cekidesk.games.balik``.  Its words (:mod:`.texts`),
its game UI — log lines, end-of-hand dialog (:mod:`.game_ui`) —, the How-to-play pages as data
(:mod:`.help`) and the table layout (:mod:`.layout`), each parameterised by the game id; importing the
package registers all seven."""

from . import game_ui, layout  # noqa: F401  (register the table layouts and the games' UIs)
