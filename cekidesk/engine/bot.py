"""The computer-player base class (no Qt, no game).

A bot decides for one seat.  It is given **only** what that seat can see — the game's view value
(``state.view(seat)``) — and its own ``random.Random``; it never receives the game state.  It must
return one of ``view.legal`` or an amount in one of ``view.ranges``.  A game's own bots derive from
:class:`Bot` and are listed in its game's ``bots``; :mod:`cekidesk.bots` makes them by game and level.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar, Generic, Protocol, TypeVar

from .protocol import Action, Data, EngineError, View

ANY_GAME = "*"

#: The levels every game offers, weakest first (their ids in saves, settings and ``cekidesk-sim``).
LEVELS: tuple[str, ...] = ("beginner", "normal", "hard", "expert")
#: Level ids of CekiDesk 0.1 (and of its settings and saves), read as today's levels.
LEVEL_ALIASES: dict[str, str] = {"random": "beginner", "heuristic": "normal"}


def canonical_level(level: str) -> str:
    """Today's id of ``level``: an old id (``random``, ``heuristic``) becomes its level; any
    other text is returned as it is (whether it names a level is for :func:`cekidesk.bots.make_bot`)."""
    return LEVEL_ALIASES.get(level, level)


#: one reason for a decision: a code (``"ceki.keeps_pairs"``) and its parameters (numbers, card
#: codes); the window words it (the game's texts ``reason.<code>``)
Reason = tuple[str, Data]


@dataclass(frozen=True)
class Decision:
    """A bot's decision with why it was made (for the hint): ``reasons`` in order of weight."""

    action: Action
    reasons: tuple[Reason, ...] = field(default=())

#: the view type a bot reads
V = TypeVar("V", bound=View)


class PlayedGame(Protocol):
    """What a bot class asks of a game to say whether it plays it (a ``cekidesk.engine.game.Game``
    is one): its id and its search hooks (None without)."""

    @property
    def id(self) -> str: ...

    @property
    def search(self) -> object: ...


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
    #: True for bots that search (they think for up to their ``budget``): the window runs them in a
    #: separate process so that it never waits for them
    searches: ClassVar[bool] = False
    #: the thinking time a searching bot takes by default, in seconds (measured as a fixed amount of
    #: work, so that the same view and RNG always give the same move on any machine)
    default_budget: ClassVar[float] = 0.0

    def __init__(self, seat: int | None = None, game_id: str | None = None, budget: float | None = None):
        self.seat = seat
        # the game this bot plays (for ANY_GAME bots, the game it was made for)
        self.for_game = game_id or self.game_id
        self.budget = self.default_budget if budget is None else float(budget)
        #: asked now and then by a searching bot: True stops the search (the move found so far is
        #: returned); set by whoever runs the bot (the window's bot process), never saved
        self.should_stop: Callable[[], bool] | None = None

    @classmethod
    def plays(cls, game: PlayedGame) -> bool:
        """Whether this bot can play ``game``: a generic bot (one for ``ANY_GAME``) may need what
        only some games give, such as a playout policy for search."""
        return cls.game_id in (ANY_GAME, game.id)

    def choose(self, view: V, rng: random.Random) -> Action:
        """The action to take; one of ``view.legal`` or an amount in one of ``view.ranges``."""
        raise NotImplementedError

    def decide(self, view: V, rng: random.Random) -> Decision:
        """The action to take (exactly what :meth:`choose` returns for the same bot, view and RNG)
        and why, for the hint.  Bots that can say why override this; the others give no reasons."""
        return Decision(self.choose(view, rng))

    def __getstate__(self) -> dict[str, object]:
        # a bot travels to the bot process and back (multiprocessing pickles it in memory; nothing
        # is ever written): everything but the stop check, which belongs to the process running it
        state = dict(self.__dict__)
        state["should_stop"] = None
        return state

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
