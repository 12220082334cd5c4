"""Test helpers of every game, written once: card strings, stacked decks, acting by text, snapshots
that see any change, and playing a hand or a match on to a point.

Card strings are kind codes separated by spaces (``"C1 C2 S9"``); copies of a kind are numbered as
they come.  A stacked deck is a whole deck, top card first: the named cards where a test wants
them, every other card after them in uid order.  Each game's stacked deal (:func:`ceki_stacked`,
:func:`pei_stacked`) lays the named cards out where that game's deal puts them.
"""
from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterable, Sequence

import pytest

from cekidesk.engine.cards import Card, Kind, ceki_deck
from cekidesk.engine.core import Action, Event, GameState, IllegalActionError
from cekidesk.engine.game import AnyGame
from cekidesk.engine.match import Match
from cekidesk.games import games
from cekidesk.games.ceki.rules import CekiOptions, CekiState
from cekidesk.games.pei.rules import PeiOptions, PeiState, rank_of
from cekidesk.persistence import Seat

# -- games -------------------------------------------------------------------------------------

def shipped_games() -> list[AnyGame]:
    """The registered games shipped in ``cekidesk`` (their game class in a package under
    ``cekidesk/games/``), in registry order: the games whose texts the shipped translations
    (``translations/*.ts``) hold.  A test game registered from ``tests/`` is not shipped, so its
    texts are in no translation: the tests of the shipped translations cover these games only."""
    return [g for g in games() if type(g).__module__.startswith("cekidesk.games.")]


# -- cards -------------------------------------------------------------------------------------

def codes_of(codes: str | Iterable[str]) -> list[str]:
    return codes.split() if isinstance(codes, str) else list(codes)


def cards_of(codes: str | Iterable[str]) -> list[Card]:
    """Cards for kind codes, copies numbered as they come (at most four of a kind)."""
    used: Counter[Kind] = Counter()
    out = []
    for code in codes_of(codes):
        k = Kind.parse(code)
        assert used[k] < 4, f"more than four {k}"
        out.append(Card(k, used[k]))
        used[k] += 1
    return out


def deck_from(top: str | Iterable[str]) -> list[Card]:
    """A whole 120-card Ceki deck, top card first: ``top`` first, then the other cards in uid order."""
    head = cards_of(top)
    taken = set(head)
    deck = head + [c for c in ceki_deck(4) if c not in taken]
    assert sorted(c.uid for c in deck) == list(range(120))
    return deck


def kinds(codes: str) -> tuple[Kind, ...]:
    """The kinds of a card string, in its order."""
    return tuple(Kind.parse(c) for c in codes.split())


def sorted_kinds(codes: str) -> tuple[Kind, ...]:
    """The kinds of a card string, sorted (as a view shows a hand)."""
    return tuple(sorted(kinds(codes)))


# -- acting and looking ------------------------------------------------------------------------

def act(state: GameState, *texts: str) -> list[Event]:
    """Play written actions (``"0 draw"``, ``"1 discard S9"``) through the checked path."""
    events: list[Event] = []
    for t in texts:
        events += state.apply(Action.parse(t))
    return events


def internals(state: GameState) -> dict:
    """Everything in the state, deep-copied (the RNG as its state)."""
    d = {k: copy.deepcopy(v) for k, v in vars(state).items() if k != "rng"}
    d["rng"] = state.rng.getstate()
    return d


def snapshot(state: GameState):
    """The state's internals and every player's view: equal snapshots, nothing changed."""
    return internals(state), [state.view(p) for p in range(state.n_players)]


def refused(state: GameState, text: str, exc: type[IllegalActionError] = IllegalActionError) -> None:
    """The written action is refused with ``exc`` and the state is left exactly as it was."""
    before = snapshot(state)
    with pytest.raises(exc):
        state.apply(Action.parse(text))
    assert snapshot(state) == before


# -- playing on --------------------------------------------------------------------------------

def play_on(state: GameState, steps: int, seed: int) -> GameState:
    """``state`` after up to ``steps`` random legal actions (chosen by ``random.Random(seed)``;
    it stops early if the hand ends)."""
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        acts = state.all_legal_actions()
        state.apply(acts[rng.randrange(len(acts))])
    return state


def seats_for(n: int, levels: Sequence[str] = ("beginner", "normal")) -> list[Seat]:
    """A human in seat 0 ("Sari") and computer players of ``levels`` in turn ("Bot 1" …)."""
    return [Seat.human("Sari")] + [Seat.bot(levels[(i - 1) % len(levels)], f"Bot {i}") for i in range(1, n)]


def decisions(state: GameState, p: int, rng: random.Random) -> list[Action]:
    """``p``'s legal actions and, for each amount range offered, its ends and a random amount in it."""
    out = list(state.legal_actions(p))
    for r in state.legal_ranges(p):
        top = r.lo + r.step * (len(r) - 1)
        out += [r.action(p, r.lo), r.action(p, top), r.action(p, r.lo + r.step * rng.randrange(len(r)))]
    return out


def random_decision(state: GameState, rng: random.Random) -> Action:
    """A random decision of someone who is to act (amounts in a range included)."""
    legal = [a for p in state.to_act() for a in decisions(state, p, rng)]
    assert legal, "a hand that is not over offers a decision"
    return legal[rng.randrange(len(legal))]


def step(match: Match, rng: random.Random) -> bool:
    """Play one random legal action (starting the next hand when needed).  False if the match is over."""
    if match.hand_over():
        if match.is_over():
            return False
        match.next_hand()
        return True
    match.apply(random_decision(match.state, rng))
    return True


def play_actions(match: Match, rng: random.Random, n: int) -> None:
    for _ in range(n):
        if not step(match, rng):
            return


def play_hands(match: Match, rng: random.Random, hands: int) -> None:
    """Play until ``hands`` hands are finished; stops at the end of the last one (before next_hand)."""
    while len(match.history) < hands:
        if not step(match, rng):
            return


# -- Ceki deals --------------------------------------------------------------------------------

def ceki_deal_order(n: int, dealer: int, hands: Sequence[str]) -> list[str]:
    """The top 8n codes that deal ``hands[p]`` (8 codes each) to every seat p: two at a time, four
    rounds, from the dealer's left."""
    split = [h.split() for h in hands]
    assert len(split) == n and all(len(h) == 8 for h in split)
    first = (dealer + 1) % n
    top: list[str] = []
    for r in range(4):
        for i in range(n):
            top += split[(first + i) % n][2 * r:2 * r + 2]
    return top


def ceki_stacked(n: int, dealer: int, hands: Sequence[str], stock: str = "",
                 options: CekiOptions | None = None, seed: int = 0) -> CekiState:
    """A Ceki hand in which seat p is dealt the eight kinds ``hands[p]`` and ``stock`` lies on top
    of the stock; the rest of the 120 cards follow in uid order."""
    codes = ceki_deal_order(n, dealer, hands) + stock.split()
    return CekiState(n, options or CekiOptions(), seed, dealer, deck_from(codes))


# -- Pèi deals ---------------------------------------------------------------------------------

#: seat 0 raja (RF+OT = 20), seat 1 patih (M1+C9 = 19), seat 2 unyik (C2+C3 = 5)
ROLES_012 = ["RF OT", "M1 C9", "C2 C3"]


def seating_deck(pairs: list[str]) -> list[Card]:
    """The seating draw's deck: seat 0's pair, seat 1's, seat 2's, then any re-draws."""
    return deck_from(" ".join(pairs))


def pei_hand_positions(role: int) -> list[int]:
    return [(r * 3 + role) * 13 + j for r in range(2) for j in range(7)]


PEI_POOL_POSITIONS = [(r * 3 + i) * 13 + 7 + j for r in range(2) for i in range(3) for j in range(6)]


def pei_stacked(hands=("", "", ""), pool: str = "", draws: str = "", last: str | None = None,
                peek: str | None = None, options: PeiOptions | None = None, seating=None,
                seed: int = 0, dealer: int = 0) -> PeiState:
    """A Javanese-deal Pèi hand: each role's hand (raja, patih, unyik; with the default seating
    the raja is seat 0, the patih seat 1, the unyik seat 2), the face-up pool, the stock's draws in
    the order they are drawn (from the bottom), the face-up last card and the patih's peek; every
    card not named fills the remaining places (for the pool, cards of ranks the test does not name
    come first, so no accidental match appears)."""
    options = options or PeiOptions()
    slots: dict[int, str] = {}
    for role in range(3):
        codes = hands[role].split()
        assert len(codes) <= 14
        for pos, code in zip(pei_hand_positions(role), codes, strict=False):
            slots[pos] = code
    pool_codes = pool.split()
    assert len(pool_codes) <= 36
    for pos, code in zip(PEI_POOL_POSITIONS, pool_codes, strict=False):
        slots[pos] = code
    for i, code in enumerate(draws.split()):
        slots[119 - i] = code
    if last is not None:
        slots[78] = last
    if peek is not None:
        slots[79] = peek
    named = list(slots.values())
    placed = cards_of(named)
    deck: list[Card | None] = [None] * 120
    for pos, card in zip(slots, placed, strict=False):
        deck[pos] = card
    taken = set(placed)
    ranks = {rank_of(Kind.parse(c), options) for c in named}
    rest = [c for c in ceki_deck(4) if c not in taken]
    # pool places first, with cards of ranks nobody named; then the rest in order
    rest.sort(key=lambda c: (rank_of(c.kind, options) in ranks, c.uid))
    order = [p for p in PEI_POOL_POSITIONS if deck[p] is None] + [
        p for p in range(120) if deck[p] is None and p not in PEI_POOL_POSITIONS]
    for pos, card in zip(order, rest, strict=False):
        deck[pos] = card
    assert all(c is not None for c in deck)
    return PeiState(3, options, seed, dealer, deck, seating_deck(seating or ROLES_012))
