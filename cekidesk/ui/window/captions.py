"""Moves said in words beside their seats (the captions of the table), for the window's features: the
moves of the game on the table and of a finished hand replayed."""
from __future__ import annotations

from collections.abc import Sequence

from cekidesk.engine.core import Event

from ..games import game_ui
from .interface import WindowInterface


def caption_ms(pace_ms: int) -> int:
    """How long a move's caption stays beside its seat, for a pace of ``pace_ms`` between moves: long
    enough to read (at least 1.5 s) and scaled with the pace; none at pace 0 ("instant")."""
    return 0 if pace_ms <= 0 else max(1500, 3 * pace_ms)


def show_captions(window: WindowInterface, game_id: str, events: Sequence[Event], viewer: int,
                  seat_names: Sequence[str], ms: int, everyone: bool) -> None:
    """Each move of ``events`` in words beside its seat for ``ms`` (``everyone``: every player's,
    else only the computer players')."""
    ui, namer, bots = game_ui(game_id), window.card_namer(), window.controller.bots
    said: dict[int, list[str]] = {}
    for e in events:
        if e.player is not None and (everyone or e.player in bots):
            text = ui.caption(e, list(seat_names), viewer, namer)
            if text:
                said.setdefault(e.player, []).append(text)
    for seat, texts in said.items():
        window.table.show_caption(seat, "\n".join(texts), ms)
