"""Several people at one computer: the table follows the turn, hidden between two people's turns.

The table keeps showing the person who moves on; it is hidden (``screened``) as soon as they have
finished (the computer players' moves happen behind the screen), and then shows whichever person is
to move once they say they are ready — in a round everybody chooses at once, the people one after
the other.  The end of a hand is public: the table is shown.  With one person nothing is ever hidden.
"""
from __future__ import annotations

from collections.abc import Sequence

from cekidesk.engine.match import Match

from .changes import ScreenChanged


class Handover:
    """Whose view the table shows (``viewer``), whether it is hidden, and what the window was last told."""

    def __init__(self) -> None:
        self.viewer = 0
        self.screened = False
        self._announced: tuple[int, bool, int | None] = (0, False, None)

    def passing_to(self, match: Match | None) -> int | None:
        """While screened: the person to hand the computer to (the one to move), else None."""
        if not self.screened or match is None or self.viewer not in match.state.to_act():
            return None
        return self.viewer

    def reveal(self, match: Match | None) -> ScreenChanged | None:
        """The person asked for sat down: the table shows their view."""
        self.screened = False
        return self.announce(match)

    def anew(self, match: Match | None, people: Sequence[int]) -> ScreenChanged | None:
        """A match or hand was put on the table: with several people it is hidden first."""
        if len(people) > 1:
            self.screened = True
            return self.follow(match, people, changed=True)
        if self.screened:   # one person now: nothing is ever hidden
            self.screened = False
            return self.announce(match)
        return None

    def follow(self, match: Match | None, people: Sequence[int], changed: bool = False) -> ScreenChanged | None:
        """After a move (or a new hand): follow the turn.  ``changed``: tell the window even if
        nothing changed here (the table was rebuilt)."""
        if match is None or len(people) < 2:
            return None
        acting = [] if match.hand_over() else [q for q in match.state.to_act() if q in people]
        if match.hand_over():
            self.screened = False
        elif self.viewer not in acting:
            self.screened = True
            if acting:
                self.viewer = acting[0]
        return self.announce(match, changed)

    def announce(self, match: Match | None, always: bool = False) -> ScreenChanged | None:
        """What the window shows for it, if that changed since it was last told (or ``always``)."""
        shown = (self.viewer, self.screened, self.passing_to(match))
        if not always and shown == self._announced:
            return None
        self._announced = shown
        return ScreenChanged(*shown)


__all__ = ["Handover"]
