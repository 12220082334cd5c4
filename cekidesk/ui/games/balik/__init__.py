"""The window's side of the Balik Satu family (Balik Satu, Chaqui, Balik Lima Belas, Chot, Gonggong,
Tantanan, Cekèn): one package for the seven games of ``cekidesk.games.balik``.  Its words, log lines and
end-of-hand dialog (:mod:`.words`), the How-to-play pages (:mod:`.help`) and the table layout
(:mod:`.layout`), each parameterised by the game id; importing the package registers all seven."""

from . import layout, words  # noqa: F401  (register the table layouts and the games' UIs)
