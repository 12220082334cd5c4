"""Stacked Kartu Lima deals and settlements for the Kartu Lima tests.

Seats are numbered clockwise and play goes anticlockwise: the starter is ``dealer - 1`` and the
player after seat ``p`` is ``p - 1``.  A stacked deal names each seat's five cards (a string of five
codes per seat) and, optionally, the top of the pack; every other card of the 60 follows in uid order.
"""
from __future__ import annotations

import random

from helpers import cards_of

from cekidesk.engine.cards import Card, ceki_deck
from cekidesk.engine.core import Action, HandResult
from cekidesk.games.kartu_lima.rules import (
    KartuLimaCarry,
    KartuLimaOptions,
    KartuLimaState,
    new_hand,
)

#: a carry after one hand (no cut; nobody's streak): the dealer is the one the test names
LATER = KartuLimaCarry(hands=1)


def deck60(top: list[str]) -> list[Card]:
    """A whole 60-card deck, top card first: ``top``, then the other cards in uid order."""
    head = cards_of(top)
    assert all(c.copy < 2 for c in head), "a pack has two copies of each kind"
    taken = set(head)
    deck = head + [c for c in ceki_deck(2) if c not in taken]
    assert sorted(c.uid for c in deck) == list(range(60))
    return deck


def deal_order(n: int, dealer: int, hands: list[str]) -> list[str]:
    """The top 5n codes that deal ``hands[p]`` to seat p: one at a time from the dealer's right,
    anticlockwise, five rounds."""
    split = [h.split() for h in hands]
    assert len(split) == n and all(len(h) == 5 for h in split)
    starter = (dealer - 1) % n
    return [split[(starter - j) % n][r] for r in range(5) for j in range(n)]


def stacked(hands: list[str], dealer: int = 1, pack: str = "", options: KartuLimaOptions | None = None,
            carry: KartuLimaCarry | None = LATER, seed: int = 0, **opts) -> KartuLimaState:
    """A hand with these deals (seat 0's first); ``opts`` are options (``stakes="pethitan"``)."""
    n = len(hands)
    options = options or KartuLimaOptions(**opts)
    return new_hand(options, n, seed, dealer, carry=carry,
                    deck=deck60(deal_order(n, dealer, hands) + pack.split()))


def result_of(winner: int, n: int = 5, **details) -> HandResult:
    """A finished hand's result as ``settle`` reads it: ``winner`` and any details (no instant win,
    no rounds, no side bets unless given; the last trick led with a non-dika card)."""
    d = {"winner": winner, "instant": None, "last_lead": "M2", "holders": {}, **details}
    return HandResult("win", tuple(int(p == winner) for p in range(n)), (winner,), d)


def random_views(n: int, seed: int, options: KartuLimaOptions, carry: KartuLimaCarry | None = None):
    """The views of seat 0 through one hand of random legal moves (amounts drawn from their ranges)."""
    rng = random.Random(seed)
    st = new_hand(options, n, seed, 0, carry=carry)
    while True:
        yield st.view(0)
        if st.is_terminal():
            return
        p = st.to_act()[0]
        acts = st.legal_actions(p)
        if acts:
            st.apply(rng.choice(acts))
        else:
            r = st.legal_ranges(p)[0]
            st.apply(Action(p, r.verb, amount=rng.randrange(r.lo, r.hi + 1)))
