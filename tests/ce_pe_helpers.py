"""Stacked Ce Pe deals for the Ce Pe tests.

Seats are numbered clockwise and play goes clockwise: the first player is the dealer's left
(``dealer + 1``).  A stacked deal names some seats' hands (a string of Western codes per seat; the
rest of each hand is filled) and the top of the stock; the deal gives each player still in, from the
first player on, their whole hand from the top of the deck.  Every card not named follows in uid
order (first copies first: AS 2S 3S …), so a filled hand is a run of spades.
"""
from __future__ import annotations

from collections.abc import Mapping

from cekidesk.engine.cards import WCard, WKind, western_deck
from cekidesk.engine.core import Action
from cekidesk.games.ce_pe.rules import CePeState, new_hand
from cekidesk.games.ce_pe.ruleset import CePeOptions, preset


def rules(preset_id: str = "ce_pe", **changes) -> CePeOptions:
    """A preset's rules with ``changes`` (any field of :class:`CePeOptions`)."""
    base = preset(preset_id).model_dump()
    return CePeOptions.model_validate({**base, **changes})


def stacked(n: int, hands: Mapping[int, str], stock: str = "", *, dealer: int | None = None,
            options: CePeOptions | None = None, carry: tuple[int, ...] | None = None, seed: int = 0,
            counter: int | None = None) -> CePeState:
    """A hand dealt with ``hands`` (by seat) and ``stock`` on top of the stock; by default the dealer
    is the seat before 0, so that seat 0 plays first.  ``counter`` sets the counter after the deal."""
    opts = options or rules()
    dealer = (n - 1) if dealer is None else dealer
    pool: dict[WKind, list[WCard]] = {}
    for c in western_deck(opts.decks):
        pool.setdefault(c.kind, []).append(c)

    def take(code: str) -> WCard:
        left = pool[WKind.parse(code)]
        assert left, f"no copy of {code} left in the deck"
        return left.pop(0)

    out = set(p for p, t in enumerate(carry or ()) if t <= 0)
    seats = [(dealer + 1 + i) % n for i in range(n)]
    slots: list[WCard | None] = []
    for p in seats:
        if p in out:
            continue
        named = [take(code) for code in hands.get(p, "").split()]
        assert len(named) <= opts.hand_size, f"seat {p} holds {opts.hand_size} cards, not {len(named)}"
        slots += named + [None] * (opts.hand_size - len(named))
    top = [take(code) for code in stock.split()]
    rest = sorted((c for cards in pool.values() for c in cards), key=lambda c: c.uid)
    filled = [c if c is not None else rest.pop(0) for c in slots]
    state = new_hand(opts, n, seed, dealer, carry=carry, deck=filled + top + rest)
    if counter is not None:
        state.counter = counter
    return state


def hand_codes(state: CePeState, p: int) -> list[str]:
    """Seat ``p``'s hand as sorted codes."""
    return sorted(k.code for k in state.view(p).hand)


def play(state: CePeState, text: str):
    """Apply a written action (``"0 play AS =11"``) and return its events."""
    return state.apply(Action.parse(text))
