"""Stacked decks for the Pèi tests.

``seating_deck(pairs)`` stacks the seating draw (seat 0's pair, seat 1's, seat 2's, then any
re-draws).  ``stacked(...)`` lays out a 120-card deal deck for the Javanese deal: each role's hand,
the face-up pool, the stock's draws in the order they are drawn (from the bottom), the face-up last
card and the patih's peek; every card not named fills the remaining places (for the pool, cards of
ranks the test does not name come first, so no accidental match appears).
"""
from __future__ import annotations

from collections import Counter

from cekidesk.engine.cards import Card, Kind, ceki_deck
from cekidesk.engine.core import Action
from cekidesk.games.pei.rules import PeiOptions, PeiState, rank_of

#: seat 0 raja (RF+OT = 20), seat 1 patih (M1+C9 = 19), seat 2 unyik (C2+C3 = 5)
ROLES_012 = ["RF OT", "M1 C9", "C2 C3"]


def cards_of(codes: list[str]) -> list[Card]:
    """Cards for kind codes, copies numbered as they come (at most four of a kind)."""
    used: Counter[Kind] = Counter()
    out = []
    for code in codes:
        k = Kind.parse(code)
        assert used[k] < 4, f"more than four {k}"
        out.append(Card(k, used[k]))
        used[k] += 1
    return out


def full(top: list[str]) -> list[Card]:
    """A 120-card deck: ``top`` codes first, then the other cards in uid order."""
    head = cards_of(top)
    taken = set(head)
    return head + [c for c in ceki_deck(4) if c not in taken]


def seating_deck(pairs: list[str]) -> list[Card]:
    return full(" ".join(pairs).split())


def hand_positions(role: int) -> list[int]:
    return [(r * 3 + role) * 13 + j for r in range(2) for j in range(7)]


POOL_POSITIONS = [(r * 3 + i) * 13 + 7 + j for r in range(2) for i in range(3) for j in range(6)]


def stacked(hands=("", "", ""), pool: str = "", draws: str = "", last: str | None = None,
            peek: str | None = None, options: PeiOptions | None = None, seating=None,
            seed: int = 0, dealer: int = 0) -> PeiState:
    """A Javanese-deal hand; ``hands`` by role (raja, patih, unyik; with the default seating the
    raja is seat 0, the patih seat 1, the unyik seat 2)."""
    options = options or PeiOptions()
    slots: dict[int, str] = {}
    for role in range(3):
        codes = hands[role].split()
        assert len(codes) <= 14
        for pos, code in zip(hand_positions(role), codes):
            slots[pos] = code
    pool_codes = pool.split()
    assert len(pool_codes) <= 36
    for pos, code in zip(POOL_POSITIONS, pool_codes):
        slots[pos] = code
    draw_codes = draws.split()
    for i, code in enumerate(draw_codes):
        slots[119 - i] = code
    if last is not None:
        slots[78] = last
    if peek is not None:
        slots[79] = peek
    named = list(slots.values())
    placed = cards_of(named)
    deck: list[Card | None] = [None] * 120
    for pos, card in zip(slots, placed):
        deck[pos] = card
    taken = set(placed)
    ranks = {rank_of(Kind.parse(c), options) for c in named}
    rest = [c for c in ceki_deck(4) if c not in taken]
    # pool places first, with cards of ranks nobody named; then the rest in order
    rest.sort(key=lambda c: (rank_of(c.kind, options) in ranks, c.uid))
    order = [p for p in POOL_POSITIONS if deck[p] is None] + [p for p in range(120) if deck[p] is None
                                                              and p not in POOL_POSITIONS]
    for pos, card in zip(order, rest):
        deck[pos] = card
    assert all(c is not None for c in deck)
    return PeiState(3, options, seed, dealer, deck, seating_deck(seating or ROLES_012))


def act(state: PeiState, *texts: str) -> list:
    events = []
    for t in texts:
        events += state.apply(Action.parse(t))
    return events


def kinds(codes: str) -> tuple[Kind, ...]:
    return tuple(Kind.parse(c) for c in codes.split())
