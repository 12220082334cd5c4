"""The seats of a session and the guide of a lesson: what a session asks of its people and helpers."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from cekidesk.bots import make_bot
from cekidesk.engine.bot import Bot
from cekidesk.engine.core import Action, View
from cekidesk.engine.match import Match
from cekidesk.persistence.saves import Seat

#: a seat's kinds: a person at this computer, a computer player; a person playing from elsewhere
#: (over a network) is the third the session is designed for (its views go out, its moves come in)
PERSON, COMPUTER, REMOTE = "human", "bot", "remote"

#: the move a game makes for the person at once as their settings ask (the game's UI decides it:
#: ``GameUI.auto_action``), given the game's id, the person's view and their settings; None: none
AutoAction = Callable[[str, View, object | None], Action | None]


def no_auto_action(game_id: str, view: View, settings: object | None) -> Action | None:
    return None


class Guide(Protocol):
    """A lesson's guide (the window's coach): while the session's match is one it ``guides`` (the
    lesson's, or the same rebuilt by an undo), the person may make only the moves it ``allows``,
    the view the table gets is narrowed to them (``narrow``), and nobody moves while it is
    ``waiting`` (a note is being read).  A lesson is never autosaved and no move is made for the
    person by their settings."""

    def guides(self, match: Match) -> bool: ...

    def narrow(self, view: View) -> View: ...

    def allows(self, action: Action) -> bool: ...

    def waiting(self) -> bool: ...


class AutosaveWriter(Protocol):
    """Writes the autosave's bytes somewhere (off the session's thread, in order, the newest request
    replacing an older one still waiting); the session decides when, and hears back through
    :meth:`cekidesk.session.session.Session.autosaved`."""

    def write(self, data: bytes, written: Callable[[], None] | None = None) -> None:
        """Write ``data`` as the autosave; call ``written`` (on any thread) once it is on the disk —
        not if a newer request replaced it first."""

    def remove(self) -> None: ...

    def flush(self) -> bool: ...

    def will_exist(self) -> bool: ...


def make_bots(match: Match, seats: Sequence[Seat], budgets: Mapping[str, float] | None = None) -> dict[int, Bot]:
    """The computer players of ``seats`` for ``match``, by seat; ``budgets``: the thinking time by
    level the player chose (other levels think for their default time).  Raises ``ValueError`` (a
    :class:`~cekidesk.bots.BotError` for an unknown level) if the table cannot play these seats:
    one per player, at least one of them human (with several, the table shows one person's hand at
    a time)."""
    if len(seats) != match.n_players:
        raise ValueError("one seat per player is needed")
    if not any(s.kind == "human" for s in seats):
        raise ValueError("at least one human seat is needed")
    # a Seat has a level exactly when it is a computer player's
    budgets = budgets or {}
    return {i: make_bot(match.spec.id, s.level, i, budget=budgets.get(s.level))
            for i, s in enumerate(seats) if s.level is not None}


__all__ = ["COMPUTER", "PERSON", "REMOTE", "AutoAction", "AutosaveWriter", "Guide", "make_bots", "no_auto_action"]
