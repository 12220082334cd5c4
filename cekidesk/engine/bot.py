"""The computer-player base class (no Qt, no game).

A bot decides for one seat.  It is given **only** what that seat can see — the game's view value
(``state.view(seat)``) — and its own ``random.Random``; it never receives the game state.  It must
return one of ``view.legal`` or an amount in one of ``view.ranges``.  A game's own bots derive from
:class:`Bot` and are listed in its ``GameSpec.bots``; :mod:`cekidesk.bots` makes them by game and level.
"""
from __future__ import annotations

import random
from typing import ClassVar, Generic, TypeVar

from .core import Action, EngineError, View

ANY_GAME = "*"

#: the view type a bot reads
V = TypeVar("V", bound=View)


class BotError(EngineError, ValueError):
    """A bot that cannot be made (unknown game or level) or a view a bot cannot play."""


class Bot(Generic[V]):
    """A computer player for one seat, reading views of type ``V`` (``Bot[CekiView]``).

    Subclasses set ``level`` (and ``game_id``, or leave it ``ANY_GAME``) and implement
    :meth:`choose`.  A bot may keep memory between calls, but everything it knows must come from
    the views it was given.
    """

    game_id: ClassVar[str] = ANY_GAME
    level: ClassVar[str] = ""
    #: the view class this bot can read (checked by :meth:`check_view`); ``View``: any game's view
    view_type: ClassVar[type[View]] = View

    def __init__(self, seat: int | None = None, game_id: str | None = None):
        self.seat = seat
        # the game this bot plays (for ANY_GAME bots, the game it was made for)
        self.for_game = game_id or self.game_id

    def choose(self, view: V, rng: random.Random) -> Action:
        """The action to take; one of ``view.legal`` or an amount in one of ``view.ranges``."""
        raise NotImplementedError

    def check_view(self, view: object) -> None:
        """Raise :class:`BotError` unless ``view`` is something this bot can play from."""
        vt = self.view_type
        if not isinstance(view, vt):
            raise BotError(
                f"the {self.level!r} bot for {self.game_id!r} cannot play from a "
                f"{type(view).__name__} (it reads {vt.__name__} values)"
            )
        if self.seat is not None and view.viewer != self.seat:
            raise BotError(f"a bot for seat {self.seat} was given the view of seat {view.viewer}")
        if not view.legal and not view.ranges:
            raise BotError("the view offers no legal action: it is not this player's turn")

    def __repr__(self) -> str:
        return f"{type(self).__name__}(game={self.for_game!r}, level={self.level!r}, seat={self.seat})"
