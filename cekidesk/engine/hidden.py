"""Hidden information, once for every game: dealing the cards a viewer cannot see.

A game says only *what* is hidden — the places of its state (lists of card uids) and the positions
in them that a viewer cannot see, as *slots* ``(list, index)`` in the order the game deals them —
and what is known about them: a card whose kind was seen stays where it is (:func:`keeping`), a
position the viewer has seen is not a slot (``slots(place, known=…)``).  This module does the
dealing, for the two uses every game has:

* :func:`redeal` (``GameState.redeal_hidden``): the cards in the hidden slots of a real state are
  shuffled among those slots; all the viewer sees stays as it was.
* :class:`Copies` and :func:`deal_unseen` (a game's ``determinize``): a state built from a view
  takes the cards the view shows (each kind's copies numbered as they are taken) and holds a blank
  (``None``) where the view shows only a count; the copies nobody took are shuffled into the blanks
  (:func:`blanks` finds them).

Each call draws from the RNG exactly once (one ``shuffle`` of the cards in slot order), so a game's
states for a given RNG are fixed by its slot order alone.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable, Sequence

#: a place a card can be in: ``(list of card uids, index)``
Slot = tuple[list, int]


def slots(place: list, known: Collection[int] = ()) -> list[Slot]:
    """Every position of ``place`` but those in ``known`` (positions whose card the viewer has seen)."""
    return [(place, i) for i in range(len(place)) if i not in known]


def blanks(place: list) -> list[Slot]:
    """The positions of ``place`` that hold no card yet (``None``), first to last."""
    return [(place, i) for i, u in enumerate(place) if u is None]


def keeping(places: Iterable[list], kept: Iterable[int], kind_of: Callable[[int], int],
            never: int | None = None) -> list[Slot]:
    """The slots of ``places`` (one player's, say the hand and the face-down cards) but for one card
    of each kind in ``kept``: the viewer saw that player take a card of that kind and knows it is
    still there, somewhere among these places.  The first card of a kept kind stays, unless it is
    ``never`` (a card the viewer did not see arrive, such as one just drawn)."""
    must_keep = list(kept)
    out: list[Slot] = []
    for place in places:
        for i, u in enumerate(place):
            k = kind_of(u)
            if k in must_keep and u != never:
                must_keep.remove(k)
                continue
            out.append((place, i))
    return out


def deal(where: Sequence[Slot], cards: Iterable[int]) -> None:
    """Put ``cards`` into the slots, in order."""
    for (place, i), u in zip(where, cards, strict=True):
        place[i] = u


def redeal(where: Sequence[Slot], rng: random.Random) -> None:
    """Shuffle the cards in these slots among them."""
    cards = [place[i] for place, i in where]
    rng.shuffle(cards)
    deal(where, cards)


class Copies:
    """The physical cards of a deck with ``per_kind`` copies of each of ``n_kinds`` kinds, handed out
    by kind when a state is built from a view: a card's uid is ``copy * n_kinds + kind``, copies
    numbered in the order they are taken."""

    __slots__ = ("n_kinds", "per_kind", "taken")

    def __init__(self, n_kinds: int, per_kind: int):
        self.n_kinds = n_kinds
        self.per_kind = per_kind
        self.taken = [0] * n_kinds

    def take(self, kind: int) -> int:
        """The next copy of ``kind`` (a card the view shows)."""
        copy = self.taken[kind]
        self.taken[kind] = copy + 1
        return copy * self.n_kinds + kind

    def unseen(self) -> list[int]:
        """Every copy not taken, in kind order and by copy within a kind."""
        n = self.n_kinds
        return [c * n + k for k in range(n) for c in range(self.taken[k], self.per_kind)]


def deal_unseen(where: Sequence[Slot], copies: Copies, rng: random.Random) -> None:
    """Shuffle the copies not taken and deal them into the slots (there are as many of each)."""
    cards = copies.unseen()
    rng.shuffle(cards)
    deal(where, cards)


def unseen_counts(kinds: Iterable, per_kind: int, seen: Iterable) -> dict:
    """How many copies of each kind are not among ``seen`` (the cards a viewer has seen)."""
    left = {k: per_kind for k in kinds}
    for k in seen:
        left[k] -= 1
    return left
