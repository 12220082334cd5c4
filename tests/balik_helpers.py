"""Stacked deals of the Balik Satu family for its tests.

Seats are numbered in play order (the next player after p is p + 1).  A stacked deal names cards of
some seats' hands (a string of codes per seat; the rest of each hand is filled) and the top of the
stock; the deal gives the first player (the dealer's next) its hand + 1 cards from the top of the
deck, then each next seat its hand.  Every card not named follows in uid order (first copies of
every kind first), so a filled hand is a run of different kinds: C1 C2 … C9 S1 … .
"""
from __future__ import annotations

from collections.abc import Mapping

from helpers import act

from cekidesk.engine.cards import Card, Kind, ceki_deck
from cekidesk.games import get_game
from cekidesk.games.balik.family import half_packs
from cekidesk.games.balik.rules import BalikState, new_hand, shape_of


def stacked_deck(game_id: str, n: int, hands: Mapping[int, str], stock: str = "", dealer: int | None = None,
                 options=None) -> tuple[list[Card], int]:
    """The whole deck, top card first, that deals ``hands`` (by seat) and puts ``stock`` on top of the
    stock; and the dealer (by default the seat before 0, so that seat 0 plays first)."""
    opts = get_game(game_id).make_options(options)
    dealer = (n - 1) if dealer is None else dealer
    size = shape_of(game_id, opts).hand
    pool: dict[int, list[Card]] = {}
    for c in ceki_deck(half_packs(game_id, n, opts)):
        pool.setdefault(c.kind.value, []).append(c)

    def take(code: str) -> Card:
        left = pool[Kind.parse(code).value]
        assert left, f"no copy of {code} left in the deck"
        return left.pop(0)

    first = (dealer + 1) % n
    slots: list[Card | None] = []
    for i in range(n):
        p = (first + i) % n
        want = size + (i == 0)
        named = [take(code) for code in hands.get(p, "").split()]
        assert len(named) <= want, f"seat {p} holds {want} cards, not {len(named)}"
        slots += named + [None] * (want - len(named))
    top = [take(code) for code in stock.split()]
    rest = sorted((c for cards in pool.values() for c in cards), key=lambda c: c.uid)
    filled = [c if c is not None else rest.pop(0) for c in slots]
    return filled + top + rest, dealer


def stacked(game_id: str, n: int, hands: Mapping[int, str], stock: str = "", dealer: int | None = None,
            options=None) -> BalikState:
    """A hand dealt from :func:`stacked_deck`."""
    opts = get_game(game_id).make_options(options)
    deck, dealer = stacked_deck(game_id, n, hands, stock, dealer, options)
    return new_hand(game_id, opts, n, 0, dealer, deck=deck)


def pass_turn(state: BalikState, p: int) -> None:
    """Seat ``p`` draws and throws the card it drew (its hand stays as it was)."""
    act(state, f"{p} draw")
    act(state, f"{p} discard {state.view(p).drawn.code}")


__all__ = ["act", "pass_turn", "stacked", "stacked_deck"]
