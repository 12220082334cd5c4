"""Undo, redo and the restart of a deal: the match is rebuilt from the start of the hand the log is
cut in (:meth:`cekidesk.engine.match.Match.rewound`, its :class:`~cekidesk.engine.records.HandStart`)
and that hand's moves before the cut are played again (the engine is deterministic), so an undo
costs the hand, not the match; the tails taken back are a stack of redo steps."""
from __future__ import annotations

from collections.abc import Callable, Iterable

from cekidesk.engine.core import Action
from cekidesk.engine.match import Match


class UndoStack:
    """Whether a match allows taking moves back, the hands in which it was done, and the redo steps:
    each a list of actions per hand, the first the rest of the hand it was cut from (the latest last)."""

    def __init__(self, allowed: bool = False, undone_hands: Iterable[int] = ()):
        #: moves may be taken back in this match (chosen at its start: a practice match)
        self.allowed = allowed
        #: the hands of the match in which a move was taken back or the deal restarted
        self.undone_hands: frozenset[int] = frozenset(undone_hands)
        self.redo: list[list[list[Action]]] = []

    @staticmethod
    def has_move(match: Match, people: frozenset[int]) -> bool:
        """Whether a person moved in ``match`` (the latest hands looked at first)."""
        return any(a.player in people for hand in reversed(match.logs) for a in hand)

    @staticmethod
    def cut(match: Match, hand: int, index: int) -> Match:
        """``match`` as it was before move ``index`` of hand ``hand``: rebuilt from that hand's start."""
        rebuilt = match.rewound(hand)
        for action in match.logs[hand][:index]:
            rebuilt.apply(action)
        return rebuilt

    def can_redo(self) -> bool:
        return bool(self.redo)

    def undo_point(self, match: Match, people: frozenset[int],
                   made_for_them: Callable[[Match, int], bool]) -> tuple[int, int, Match] | None:
        """Where the log is cut: (hand, index of the move, the match rebuilt before it) for the last
        move of a person that was their own choice (not one ``made_for_them`` by their settings)."""
        for hand in range(len(match.logs) - 1, -1, -1):
            for index in range(len(match.logs[hand]) - 1, -1, -1):
                action = match.logs[hand][index]
                if action.player not in people:
                    continue
                rebuilt = self.cut(match, hand, index)
                if not made_for_them(rebuilt, action.player):
                    return hand, index, rebuilt
        return None

    def take_back(self, match: Match, hand: int, index: int, rebuilt: Match) -> Match:
        """Keep ``match``'s log from move ``index`` of ``hand`` for a redo, mark the hands it touches
        as undone; ``rebuilt`` (the match without that tail) is what goes on the table."""
        self.redo.append([list(match.logs[hand][index:])] + [list(h) for h in match.logs[hand + 1:]])
        self.undone_hands |= frozenset(range(hand, len(match.logs)))
        return rebuilt

    def redone(self, match: Match) -> Match:
        """``match`` with the latest tail taken back played again."""
        tail = self.redo.pop()
        rebuilt = self.cut(match, match.hand_index, len(match.logs[-1]))
        for hi, hand in enumerate(tail):
            if hi:
                rebuilt.next_hand()
            for action in hand:
                rebuilt.apply(action)
        return rebuilt

    def played(self, action: Action) -> None:
        """A move was played: the one a redo would play next keeps the redo (it is the same move); any
        other move is a new one, and the moves taken back are forgotten."""
        if not self.redo:
            return
        tail = self.redo[-1]
        if tail[0] and tail[0][0] == action:
            tail[0].pop(0)
            self._step_done()
        else:
            self.redo.clear()

    def hand_begun(self) -> None:
        """The next hand was dealt: the moves taken back go on in it."""
        if self.redo and len(self.redo[-1]) > 1:
            self.redo[-1].pop(0)
            self._step_done()

    def _step_done(self) -> None:
        if self.redo and self.redo[-1] == [[]]:
            self.redo.pop()


__all__ = ["UndoStack"]
