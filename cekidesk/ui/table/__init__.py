"""The card table: a QGraphicsView/QGraphicsScene that draws a game from a player's view and reports
the player's choices.  It never judges legality: it offers exactly ``view.legal``.

Per-game layouts register themselves (``register_layout``); the widget itself knows no game.
"""
from .widget import TableWidget  # noqa: F401
