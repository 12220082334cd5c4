"""INTERFACE SKELETON — the table helper replaces the bodies, keeping every public name and signature.

The window and the tests rely on exactly this interface.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGraphicsView, QWidget

from cekidesk.engine.core import Action, Event


class TableWidget(QGraphicsView):
    actionChosen = Signal(object)   # an Action from view.legal, chosen by click, drag or key
    clicked = Signal()              # any click on the table (the window uses it to skip pauses)
    animationsDone = Signal()       # every running animation has finished (or none was running)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)

    def set_game(self, game_id: str, seat_names: Sequence[str], human_seat: int) -> None:
        """A new hand or match: forget the old layout and build the one registered for game_id."""

    def show_view(self, view: Any, events: Sequence[Event] | None = None) -> None:
        """Draw ``view``; animate ``events`` (as the human sees them) if animations are on."""

    def set_options(self, *, animation_speed: str = "normal", highlight_legal: bool = True,
                    sort_hand: bool = True, show_codes: bool = False,
                    card_namer: Callable[[Any], str] | None = None) -> None:
        """Apply settings; card_namer(kind) gives the display name used in tooltips."""

    def set_hint(self, action: Action | None) -> None:
        """Mark the card or pile of a suggested action (None clears it)."""

    def set_thinking(self, seat: int) -> None:
        """Highlight the seat whose computer player is thinking (−1: nobody)."""

    def skip_animations(self) -> None:
        """Finish every running animation at once."""

    @staticmethod
    def shortcuts() -> list[tuple[str, str]]:
        """(key, what it does) pairs for the Help page — strings already translated."""
        return []
