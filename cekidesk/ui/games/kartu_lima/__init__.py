"""The window's side of Kartu Lima: its words, log lines, end-of-hand dialog and help (:mod:`.words`,
:mod:`.help`, the riddles :mod:`.wangsalan`) and its table layout (:mod:`.layout`).  Importing the
package registers both."""

from . import layout, words  # noqa: F401  (register the table layout and the game's UI)
