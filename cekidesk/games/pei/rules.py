"""Pèi: the Javanese fishing game for three players with two packs of Ceki cards (120 cards).

Rules as read by RULINGS §3 (source: ``pei.md``, after *Javaanse kaartspelen* pp. 58–70; the Chinese
*la pêche* after Tcheng Ki-tong; Pèi Magelang, pp. 67–8).  **(house)** marks a choice of this app.

Seats and roles

* Every hand starts with the seating draw **(house: every hand, so nobody is always the unyik)**:
  each seat is dealt two cards from a separately shuffled 120-card deck, seat 0 first.  The highest
  sum in Javanese counting (RF, OT, M1 = 10; WF, C1, S1 = 1; the rest their pips) is the *raja*,
  then the *patih*, then the *unyik*.  **(house)** Seats with equal sums draw two fresh cards each
  from the same deck (in seat order) and are ranked among themselves by those, again and again
  while they stay equal.  ``view.seating`` shows each seat's last pair.
* The raja plays first; play goes raja → patih → unyik (anticlockwise at the table).  The dealer
  seat is only shown: the table deals and counts (the source's fourth person).

The deal (``variant`` javanese and magelang)

* **(house: the order of the packets)** Twice round, raja first: 7 cards face-down into the
  player's hand, then 6 face-up into the pool.  14 cards in each hand, 36 in the face-up pool,
  42 in the stock (the rest of the deck, its top card first).
* The top stock card is turned face up beside the stock (``view.last_card``, public): it is drawn
  last, by the unyik.  The patih privately sees the next one (``view.peek`` in the patih's view
  only): the patih's own last draw.  ``view.stock_count`` counts the face-up card while it waits.

The deal (``variant`` la_peche)

* The deck is cut into 8 packs of 14 with 8 cards over; the RNG (the source's dice) orders the
  packs: the first three make the stock (the first chosen on top), the next two with the 8 spare
  cards the pool, the last three the hands of the raja, patih and unyik.  No card is turned face
  up; the unyik privately sees the top stock card (``view.peek``), which is their last draw.

A turn

* ``play`` a card from the hand (one action per kind held).  It is matched by **rank** against the
  pool: ranks are the pips 1–9; the six *iyo* cards (WF, RF, OT, C1, S1, M1) are rank 1; option
  ``ten_rank``: RF, OT and M1 are a rank of ten instead.
  - no pool card of that rank: the card stays face up in the pool;
  - pool cards of that rank, all of one kind: the player captures one of them with the card;
  - pool cards of that rank of two or more kinds: the player chooses (``capture`` a kind).
  A capture takes exactly one pool card: the played card and it go to the player's captured
  cards, which stay face up (public) — the source lets either be done; this app shows them.
* Then ``draw``: the **bottom** card of the stock is turned up and matched the same way.
* 14 turns each use the 42 stock cards; after the 42nd draw every hand is empty and the hand is
  scored.  Cards left in the pool score for nobody.

Scoring (each player's captured cards; the best arrangement is taken, as the source's dealer
counts for the players' benefit)

* *bunci ireng*: C1-C2-C3, extended by an unbroken run C4, C5 … C9, 13 a card (39, 52 … 117; the
  source's "42" and "113" are read as 52 and 117).  Further copies of C1–C3 score face value;
  option ``second_bunci``: every further full C1-C2-C3 (with its own unbroken run) is another
  bunci ireng **(house: not only a second but also a third and fourth)**; not in la pêche (below),
  whose rule it would contradict: there the option is ignored and not offered.
* *bunci abang*: S9 + RF + OT, 13 a card; each further S9, RF or OT adds 13.
* *pang kéyang*: WF + S8 + M9, 12 a card; further copies 12 each.
* *pang picis*: C8 + S2 + M2, 11 a card; further copies 11 each.
* *macan*: C9 + S1 + M1 (RULINGS: the source's pictures, not its prose), 10 a card; further 10 each.
* A C8 or C9 may serve the bunci ireng run or pang picis / macan: every split is tried and the
  highest total wins (**house**: on equal totals the longer run would be kept; an exhaustive check
  of up to two copies of every card concerned found no equal totals).
* Every card in no combination scores its Javanese value.
* Magelang: macan 10, pang picis and pang kéyang 20, bunci ireng and bunci abang 30 a card.
* La pêche: the same combinations and rates but extras add nothing: each combination counts once
  with its three base cards, further copies score face value **(house: a second full set of the
  same combination also scores face value — even with ``second_bunci`` on; and the bunci ireng's
  C4 … C9 run still counts 13 a card)**.
* Ranking: highest *ngeté* (the winner), then *tengah*, lowest *kete*; **(house)** equal totals:
  the earlier role (raja, patih, unyik) ranks higher.

Stakes (``stakes``; every amount is an option in cents; ``settle`` itemises each payment)

* *jentolan*: no money; the kete deals the next hand (shown only: the table deals).
* *wudon*: each stakes ``wudon_stake`` into the pot; the winner takes ⅔ and the second ⅓, or the
  whole pot at 350 or more.  **(house)** The second's third is rounded down, the rest is the
  winner's (with equal stakes the pot always divides: winner 2 stakes, second 1).  Empty after.
* *rampung*, cumulative: *té lumrah* (winner ≥ 200: the kete pays the winner); *té mati* (each other
  player under 200 pays the winner); *belahan* (winner ≥ 350: both others pay); *patang atusan*
  (winner ≥ 400: both others pay); *jung*: each player pays each higher-ranked player ``jung`` per
  10 points of difference, rounded up (equal scores pay nothing).
* *parewanan*: wudon and rampung together.
* *wulwulan*: each hand everyone adds ``wulwulan_stake`` to the pot, which carries from hand to
  hand; a winner with 400 or more takes the whole pot (the highest takes it if several reach 400).
* *jedhil*: when the pot cannot cover the largest payout of a hand (the largest winner's amount plus
  the second's), everyone first pays ``jedhil_stake`` into it (**house**: as many times as needed;
  with a stake of 0 the payouts are cut to what the pot holds).  Then the winner takes
  ``jedhil_win`` (``jedhil_win_350`` at 350, ``jedhil_win_400`` at 400) and the second
  ``jedhil_second`` from the pot.
* **(house)** Outside jentolan the deal (shown only) passes to the next seat.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, cast

from pydantic import BaseModel, ConfigDict, Field

from cekidesk.engine.cards import ALL_KINDS, Card, Counting, Kind
from cekidesk.engine.core import (
    Action,
    Event,
    GameState,
    HandResult,
    OptionsError,
    Settlement,
    SettlementItem,
    View,
)
from cekidesk.engine.hidden import Copies, Slot, blanks, deal_unseen, slots, unseen_counts

GAME_ID = "pei"
PLAY, CAPTURE, DRAW = "play", "capture", "draw"
PHASE_PLAY, PHASE_CAPTURE, PHASE_DRAW, PHASE_OVER = "play", "capture", "draw", "over"
RAJA, PATIH, UNYIK = 0, 1, 2
FROM_HAND, FROM_STOCK = "hand", "stock"
N_PLAYERS = 3
DECK_SIZE = 120
HAND_SIZE = 14
POOL_SIZE = 36
STOCK_SIZE = 42
TURNS = 42

BUNCI_IRENG, BUNCI_ABANG = "bunci_ireng", "bunci_abang"
PANG_KEYANG, PANG_PICIS, MACAN = "pang_keyang", "pang_picis", "macan"
COMBOS = (BUNCI_IRENG, BUNCI_ABANG, PANG_KEYANG, PANG_PICIS, MACAN)

#: the base cards of each combination (bunci ireng: the run's first three)
COMBO_CARDS: dict[str, tuple[Kind, ...]] = {
    BUNCI_IRENG: (Kind.C1, Kind.C2, Kind.C3),
    BUNCI_ABANG: (Kind.S9, Kind.RF, Kind.OT),
    PANG_KEYANG: (Kind.WF, Kind.S8, Kind.M9),
    PANG_PICIS: (Kind.C8, Kind.S2, Kind.M2),
    MACAN: (Kind.C9, Kind.S1, Kind.M1),
}
_RATES = {
    "javanese": {BUNCI_IRENG: 13, BUNCI_ABANG: 13, PANG_KEYANG: 12, PANG_PICIS: 11, MACAN: 10},
    "la_peche": {BUNCI_IRENG: 13, BUNCI_ABANG: 13, PANG_KEYANG: 12, PANG_PICIS: 11, MACAN: 10},
    "magelang": {BUNCI_IRENG: 30, BUNCI_ABANG: 30, PANG_KEYANG: 20, PANG_PICIS: 20, MACAN: 10},
}
STAKES = ("jentolan", "wudon", "rampung", "parewanan", "wulwulan", "jedhil")
#: thresholds of the stakes (points of the winner)
TE_POINTS, BELAHAN_POINTS, PATANG_POINTS = 200, 350, 400

_VALUE = tuple(k.value_in(Counting.JAVANESE) for k in ALL_KINDS)


def _ranks(ten_rank: bool) -> tuple[int, ...]:
    out = []
    for k in ALL_KINDS:
        if ten_rank and k in (Kind.RF, Kind.OT, Kind.M1):
            out.append(10)
        elif k.is_iyo:
            out.append(1)
        else:
            out.append(k.pips)
    return tuple(out)


_RANK = {False: _ranks(False), True: _ranks(True)}


def _amount(default: int, name: str, methods: list[str]):
    return Field(default, ge=0, le=1_000_000, title=f"pei.option.{name}",
                 description=f"pei.option.{name}.help",
                 json_schema_extra={"show_if": {"stakes": [*methods]}})


_WUDON = ["wudon", "parewanan"]
_RAMPUNG = ["rampung", "parewanan"]


class PeiOptions(BaseModel):
    """The table's choices for Pèi (amounts in cents)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    variant: Literal["javanese", "la_peche", "magelang"] = Field(
        "javanese", title="pei.option.variant", description="pei.option.variant.help")
    ten_rank: bool = Field(False, title="pei.option.ten_rank", description="pei.option.ten_rank.help")
    # la pêche scores a second full set at face value (RULINGS §3), so the option is not offered there
    second_bunci: bool = Field(False, title="pei.option.second_bunci",
                               description="pei.option.second_bunci.help",
                               json_schema_extra={"show_if": {"variant": ["javanese", "magelang"]}})
    stakes: Literal["jentolan", "wudon", "rampung", "parewanan", "wulwulan", "jedhil"] = Field(
        "rampung", title="pei.option.stakes", description="pei.option.stakes.help")
    wudon_stake: int = _amount(10, "wudon_stake", _WUDON)
    te_lumrah: int = _amount(5, "te_lumrah", _RAMPUNG)
    te_mati: int = _amount(10, "te_mati", _RAMPUNG)
    belahan: int = _amount(10, "belahan", _RAMPUNG)
    patang_atusan: int = _amount(10, "patang_atusan", _RAMPUNG)
    jung: int = _amount(5, "jung", _RAMPUNG)
    wulwulan_stake: int = _amount(10, "wulwulan_stake", ["wulwulan"])
    jedhil_stake: int = _amount(25, "jedhil_stake", ["jedhil"])
    jedhil_win: int = _amount(10, "jedhil_win", ["jedhil"])
    jedhil_win_350: int = _amount(15, "jedhil_win_350", ["jedhil"])
    jedhil_win_400: int = _amount(20, "jedhil_win_400", ["jedhil"])
    jedhil_second: int = _amount(5, "jedhil_second", ["jedhil"])


def rank_of(kind: Kind, options: PeiOptions) -> int:
    """The rank a card is matched by: pips 1–9, the iyo cards 1 (RF, OT, M1 10 with ``ten_rank``)."""
    return _RANK[options.ten_rank][Kind(kind)]


def combo_rate(code: str, options: PeiOptions) -> int:
    """Points per card of a combination under the options' variant."""
    return _RATES[options.variant][code]


# ---------------------------------------------------------------------------------------------
# Scoring

@dataclass(frozen=True)
class Combo:
    """One scoring combination of an arrangement."""

    code: str
    cards: tuple[Kind, ...]
    points: int


@dataclass(frozen=True)
class Arrangement:
    """A player's captured cards arranged for scoring."""

    combos: tuple[Combo, ...]
    loose: tuple[Kind, ...]
    loose_points: int
    total: int

    def as_details(self) -> dict:
        return {"combos": [[c.code, [k.code for k in c.cards], c.points] for c in self.combos],
                "loose": [k.code for k in self.loose], "loose_points": self.loose_points,
                "total": self.total}


def _set_combo(code: str, c: list[int], rate: int, extras: bool) -> Combo | None:
    """Take ``code``'s base cards (and with ``extras`` every further copy) out of counts ``c``."""
    base = COMBO_CARDS[code]
    if any(c[k] < 1 for k in base):
        return None
    cards = list(base)
    for k in base:
        c[k] -= 1
    if extras:
        for k in sorted(base):
            cards += [k] * c[k]
            c[k] = 0
    return Combo(code, tuple(cards), rate * len(cards))


def _run_lengths(runs: int, c: Sequence[int], i: int = 0, longest: int = 9):
    """Non-increasing run lengths (longest first) for ``runs`` bunci ireng runs: run ``i`` of length
    L takes the (i+1)-th copy of each of C1 … C_L."""
    if i == runs:
        yield ()
        return
    for length in range(longest, 2, -1):
        if all(c[j] > i for j in range(length)):  # Kind.C1 … are 0 … 8
            for rest in _run_lengths(runs, c, i + 1, length):
                yield (length,) + rest


def _arrange(counts: Sequence[int], variant: str, second_bunci: bool) -> Arrangement:
    """The best arrangement of the captured cards counted by ``counts`` (one count per kind)."""
    rates = _RATES[variant]
    extras = variant != "la_peche"
    c = list(counts)
    fixed = [_set_combo(code, c, rates[code], extras) for code in (BUNCI_ABANG, PANG_KEYANG)]
    full = min(c[Kind.C1], c[Kind.C2], c[Kind.C3])
    # la pêche: a second full C1-C2-C3 scores face value like every other extra card
    runs = full if second_bunci and extras else min(full, 1)
    best: Arrangement | None = None
    for lengths in _run_lengths(runs, c):
        cc = c[:]
        combos: list[Combo] = []
        for length in lengths:
            for j in range(length):
                cc[j] -= 1
            combos.append(Combo(BUNCI_IRENG, ALL_KINDS[:length], rates[BUNCI_IRENG] * length))
        combos += [x for x in fixed if x is not None]
        for code in (PANG_PICIS, MACAN):
            x = _set_combo(code, cc, rates[code], extras)
            if x is not None:
                combos.append(x)
        loose = tuple(k for k in ALL_KINDS for _ in range(cc[k]))
        loose_points = sum(_VALUE[k] * cc[k] for k in range(30))
        total = loose_points + sum(x.points for x in combos)
        if best is None or total > best.total:
            best = Arrangement(tuple(combos), loose, loose_points, total)
    assert best is not None
    return best


#: distinct captured piles whose totals are remembered (about 250 bytes each: ~4 MB when full);
#: a hand asks for a few hundred (every view scores three piles), bots many more
TOTALS_CACHED = 1 << 14


@lru_cache(maxsize=TOTALS_CACHED)
def _total(counts: bytes, variant: str, second_bunci: bool) -> int:
    return _arrange(counts, variant, second_bunci).total


def counts_key(kinds: Iterable[int]) -> bytes:
    """The compact key of a pile of cards: one byte per kind, its count."""
    counts = bytearray(30)
    for k in kinds:
        counts[k % 30] += 1
    return bytes(counts)


def score_cards(kinds: Iterable[int], options: PeiOptions) -> Arrangement:
    """The best arrangement of a player's captured cards, given as kinds or card uids (every C8/C9
    split is tried)."""
    return _arrange(counts_key(kinds), options.variant, options.second_bunci)


def score_total(counts: bytes, options: PeiOptions) -> int:
    """``score_cards(…).total`` of the pile with these :func:`counts_key` counts, remembered in a
    bounded cache keyed by the counts alone (no arrangement is kept)."""
    return _total(counts, options.variant, options.second_bunci)


def ranking(totals: Sequence[int], roles: Sequence[int]) -> list[int]:
    """Seats from ngeté to kete: by total, equal totals by role (raja, patih, unyik first)."""
    return sorted(range(len(totals)), key=lambda s: (-totals[s], roles.index(s)))


# ---------------------------------------------------------------------------------------------
# View

@dataclass(frozen=True)
class PeiView(View):
    """Everything one player at a Pèi table can see (immutable; equal views compare equal)."""

    viewer: int
    n_players: int
    dealer: int
    options: PeiOptions
    roles: tuple[int, int, int]              # seats of the raja, patih, unyik
    seating: tuple[tuple[Kind, Kind], ...]   # per seat, the (last) pair of the seating draw
    current: int
    phase: str
    to_act: tuple[int, ...]
    legal: tuple[Action, ...]
    hand: tuple[Kind, ...]                   # the viewer's hand, sorted
    hand_counts: tuple[int, ...]
    pool: tuple[Kind, ...]                   # the face-up pool, sorted by kind
    captured: tuple[tuple[Kind, ...], ...]   # per seat, in capture order (public)
    scores: tuple[int, ...]                  # per seat, the best total of the captured cards
    stock_count: int                         # stock cards left, the face-up last card included
    last_card: Kind | None                   # the face-up top stock card, until drawn
    peek: Kind | None                        # the card only this viewer has seen, until drawn
    pending: Kind | None                     # a played/drawn card waiting for a capture choice
    pending_from: str | None                 # "hand" | "stock"
    turn: int                                # 0 … 41: the turn in progress (41 when over)
    result: HandResult | None

    game_id = GAME_ID

    def role_of(self, seat: int) -> int:
        return self.roles.index(seat)


# Cached action values.
_PLAY = [[Action(p, PLAY, k) for k in ALL_KINDS] for p in range(N_PLAYERS)]
_CAPTURE = [[Action(p, CAPTURE, k) for k in ALL_KINDS] for p in range(N_PLAYERS)]
_DRAW = [Action(p, DRAW) for p in range(N_PLAYERS)]


def _check_deck(cards: Sequence[Card], what: str) -> list[int]:
    order = [c.uid for c in cards]
    if sorted(order) != list(range(DECK_SIZE)):
        raise OptionsError(f"a stacked Pèi {what} must hold each of the 120 cards once")
    return order


class PeiState(GameState[PeiOptions]):
    game_id = GAME_ID
    options: PeiOptions

    def __init__(
        self,
        n_players: int,
        options: PeiOptions,
        seed: int,
        dealer: int = 0,
        deck: Sequence[Card] | None = None,
        seating_deck: Sequence[Card] | None = None,
        packs: Sequence[int] | None = None,
    ):
        """Seat the players and deal a hand.  For tests: ``seating_deck`` (top card first) stacks the
        seating draw, ``deck`` (top card first) the deal, and ``packs`` (la pêche: a permutation of
        the 8 packs — three for the stock, two for the pool, then the raja's, patih's, unyik's)
        replaces the dice.  Otherwise each comes from the RNG seeded by ``seed``."""
        if n_players != N_PLAYERS:
            raise OptionsError(f"Pèi is played by 3 players, not {n_players}")
        if not 0 <= dealer < n_players:
            raise OptionsError(f"there is no seat {dealer} to deal")
        super().__init__(n_players, options, seed)
        self.dealer = dealer
        self.rank = _RANK[options.ten_rank]
        la_peche = options.variant == "la_peche"
        self._seat(seating_deck)
        if deck is None:
            order = list(range(DECK_SIZE))
            self.rng.shuffle(order)
        else:
            order = _check_deck(deck, "deck")
        self.hands: list[list[int]] = [[] for _ in range(N_PLAYERS)]
        self.captured: list[list[int]] = [[] for _ in range(N_PLAYERS)]
        self.pool: list[list[int]] = [[] for _ in range(11)]  # by rank
        dealt_up: list[list[int]] = [[] for _ in range(N_PLAYERS)]
        if la_peche:
            if packs is None:
                perm = list(range(8))
                self.rng.shuffle(perm)
            else:
                perm = list(packs)
                if sorted(perm) != list(range(8)):
                    raise OptionsError("la pêche packs must order the 8 packs 0–7")
            self.packs = tuple(perm)
            pk = [order[14 * i:14 * i + 14] for i in range(8)]
            self.stock = pk[perm[0]] + pk[perm[1]] + pk[perm[2]]
            for role in range(3):
                self.hands[self.roles[role]] = pk[perm[5 + role]][:]
            dealt_up[self.roles[UNYIK]] = pk[perm[3]] + pk[perm[4]] + order[112:]
            self.shows_last, self.peek_pos, self.peeker = False, 0, self.roles[UNYIK]
        else:
            self.packs = ()
            i = 0
            for _ in range(2):
                for seat in self.roles:
                    self.hands[seat] += order[i:i + 7]
                    dealt_up[seat] += order[i + 7:i + 13]
                    i += 13
            self.stock = order[i:]          # index 0 = the top; drawn from the end (the bottom)
            self.shows_last, self.peek_pos, self.peeker = True, 1, self.roles[PATIH]
        for ups in dealt_up:
            for u in ups:
                self.pool[self.rank[u % 30]].append(u)
        self.pending = -1
        self.pending_from: str | None = None
        self.turn = 0
        self.current = self.roles[RAJA]
        self.phase = PHASE_PLAY
        self._result: HandResult | None = None
        last = Kind(self.stock[0] % 30).code if self.shows_last else None
        self.deal_events: list[Event] = [Event("seating", None, {
            "cards": [[k.code for k in pair] for pair in self.seating],
            "roles": list(self.roles), "rounds": self.seating_rounds})]
        for role, seat in enumerate(self.roles):
            self.deal_events.append(Event(
                "deal", seat, {"count": HAND_SIZE, "pool": [Kind(u % 30).code for u in dealt_up[seat]],
                               "stock": len(self.stock), "last_card": last, "role": role},
                {"cards": [Kind(u % 30).code for u in self.hands[seat]]}, frozenset({seat})))
        self.deal_events.append(Event("peek", self.peeker, {},
                                      {"card": Kind(self.stock[self.peek_pos] % 30).code},
                                      frozenset({self.peeker})))

    # -- seating ----------------------------------------------------------------------------
    def _seat(self, seating_deck: Sequence[Card] | None) -> None:
        if seating_deck is None:
            cards = list(range(DECK_SIZE))
            self.rng.shuffle(cards)
        else:
            cards = _check_deck(seating_deck, "seating deck")
        pos = 0
        last: list[tuple[Kind, Kind] | None] = [None] * N_PLAYERS
        rounds: list[list[list[str] | None]] = []
        order: list[int] = []

        def draw(seats: list[int]) -> dict[int, int]:
            nonlocal pos, cards
            row: list[list[str] | None] = [None] * N_PLAYERS
            sums = {}
            for s in seats:
                if pos + 2 > len(cards):  # (practically never) a fresh seating deck
                    cards = list(range(DECK_SIZE))
                    self.rng.shuffle(cards)
                    pos = 0
                pair = (Kind(cards[pos] % 30), Kind(cards[pos + 1] % 30))
                pos += 2
                last[s] = pair
                row[s] = [pair[0].code, pair[1].code]
                sums[s] = _VALUE[pair[0]] + _VALUE[pair[1]]
            rounds.append(row)
            return sums

        def rank_group(seats: list[int]) -> None:
            sums = draw(seats)
            for value in sorted(set(sums.values()), reverse=True):
                group = [s for s in seats if sums[s] == value]
                if len(group) == 1:
                    order.append(group[0])
                else:
                    rank_group(group)

        rank_group(list(range(N_PLAYERS)))
        self.roles: tuple[int, int, int] = (order[0], order[1], order[2])
        self.seating: tuple[tuple[Kind, Kind], ...] = tuple(last)  # type: ignore[arg-type]
        self.seating_rounds = rounds

    # -- play -------------------------------------------------------------------------------
    def _match(self, p: int, uid: int, src: str, events: list[Event] | None) -> None:
        """Match a played or drawn card against the pool."""
        bucket = self.pool[self.rank[uid % 30]]
        captured = -1
        choice = False
        if not bucket:
            bucket.append(uid)
        else:
            k0 = bucket[0] % 30
            for u in bucket:
                if u % 30 != k0:
                    choice = True
                    break
            if choice:
                self.pending, self.pending_from = uid, src
                self.phase = PHASE_CAPTURE
            else:
                captured = bucket.pop(0)
                self.captured[p] += (uid, captured)
        if events is not None:
            code = Kind(captured % 30).code if captured >= 0 else None
            if src == FROM_HAND:
                events.append(Event("play", p, {"card": Kind(uid % 30).code, "captured": code,
                                                "choice": choice}))
            else:
                events.append(Event("draw", p, {"card": Kind(uid % 30).code, "captured": code,
                                                "choice": choice, "left": len(self.stock)}))
        if not choice:
            self._advance(src, events)

    def _advance(self, src: str | None, events: list[Event] | None) -> None:
        if src == FROM_HAND:
            self.phase = PHASE_DRAW
        elif self.turn == TURNS - 1:
            self._finish(events)
        else:
            self.turn += 1
            self.current = self.roles[self.turn % 3]
            self.phase = PHASE_PLAY

    def _finish(self, events: list[Event] | None) -> None:
        self.phase = PHASE_OVER
        arrangements = [score_cards(self.captured[s], self.options) for s in range(N_PLAYERS)]
        totals = tuple(a.total for a in arrangements)
        roles = self.roles
        order = ranking(totals, roles)
        stakes = self.options.stakes
        details = {
            "ranking": order,
            "roles": list(roles),
            "arrangements": [a.as_details() for a in arrangements],
            "left": sorted(Kind(u % 30).code for b in self.pool for u in b),
            "stakes": stakes,
            "deals_next": order[2] if stakes == "jentolan" else (self.dealer + 1) % N_PLAYERS,
        }
        self._result = HandResult("scored", totals, (order[0],), details)
        if events is not None:
            events.append(Event("end", None, {**details, "points": list(totals)}))

    # -- protocol ---------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == PHASE_OVER else (self.current,)

    def legal_actions(self, player: int) -> list[Action]:
        if player != self.current:
            return []
        phase = self.phase
        if phase == PHASE_PLAY:
            acts = _PLAY[player]
            return [acts[k] for k in sorted({u % 30 for u in self.hands[player]})]
        if phase == PHASE_DRAW:
            return [_DRAW[player]]
        if phase == PHASE_CAPTURE:
            acts = _CAPTURE[player]
            bucket = self.pool[self.rank[self.pending % 30]]
            return [acts[k] for k in sorted({u % 30 for u in bucket})]
        return []

    def _apply(self, action: Action, events: list[Event] | None) -> None:
        p = action.player
        verb = action.verb
        if verb == PLAY:
            k = cast(Kind, action.card).value  # a legal play or capture names a Kind
            hand = self.hands[p]
            for i in range(len(hand) - 1, -1, -1):
                if hand[i] % 30 == k:
                    uid = hand.pop(i)
                    break
            self._match(p, uid, FROM_HAND, events)
        elif verb == DRAW:
            self._match(p, self.stock.pop(), FROM_STOCK, events)
        else:  # CAPTURE
            k = cast(Kind, action.card).value  # a legal play or capture names a Kind
            uid = self.pending
            bucket = self.pool[self.rank[uid % 30]]
            for i, u in enumerate(bucket):
                if u % 30 == k:
                    c = bucket.pop(i)
                    break
            self.captured[p] += (uid, c)
            src = self.pending_from
            self.pending, self.pending_from = -1, None
            if events is not None:
                events.append(Event("capture", p, {"card": Kind(uid % 30).code,
                                                   "captured": Kind(k).code, "from": src}))
            self._advance(src, events)

    def is_terminal(self) -> bool:
        return self.phase == PHASE_OVER

    def result(self) -> HandResult:
        if self._result is None:
            raise ValueError("the hand is not over")
        return self._result

    @property
    def last_card(self) -> Kind | None:
        return Kind(self.stock[0] % 30) if self.shows_last and self.stock else None

    def peek_for(self, player: int) -> Kind | None:
        if player == self.peeker and len(self.stock) > self.peek_pos:
            return Kind(self.stock[self.peek_pos] % 30)
        return None

    def view(self, player: int) -> PeiView:
        opts = self.options
        return PeiView(
            viewer=player,
            n_players=N_PLAYERS,
            dealer=self.dealer,
            options=opts,
            roles=self.roles,
            seating=self.seating,
            current=self.current,
            phase=self.phase,
            to_act=self.to_act(),
            legal=tuple(self.legal_actions(player)),
            hand=tuple(sorted(Kind(u % 30) for u in self.hands[player])),
            hand_counts=tuple(len(h) for h in self.hands),
            pool=tuple(sorted(Kind(u % 30) for b in self.pool for u in b)),
            captured=tuple(tuple(Kind(u % 30) for u in c) for c in self.captured),
            scores=tuple(score_total(counts_key(c), opts) for c in self.captured),
            stock_count=len(self.stock),
            last_card=self.last_card,
            peek=self.peek_for(player),
            pending=Kind(self.pending % 30) if self.pending >= 0 else None,
            pending_from=self.pending_from,
            turn=self.turn,
            result=self._result,
        )

    def _copy_into(self, o: PeiState) -> None:
        o.dealer, o.rank, o.roles, o.seating = self.dealer, self.rank, self.roles, self.seating
        o.seating_rounds, o.packs = self.seating_rounds, self.packs
        o.hands = [h[:] for h in self.hands]
        o.captured = [c[:] for c in self.captured]
        o.pool = [b[:] for b in self.pool]
        o.stock = self.stock[:]
        o.shows_last, o.peek_pos, o.peeker = self.shows_last, self.peek_pos, self.peeker
        o.pending, o.pending_from = self.pending, self.pending_from
        o.turn, o.current, o.phase, o._result = self.turn, self.current, self.phase, self._result
        o.deal_events = self.deal_events

    # -- accounting and hidden information ----------------------------------------------------
    def pool_uids(self) -> list[int]:
        return [u for b in self.pool for u in b]

    def all_cards(self) -> list[int]:
        """Every card uid wherever it is (hands, pool, captured, stock, pending): 120 when sound."""
        out = self.pool_uids() + self.stock
        for s in range(N_PLAYERS):
            out += self.hands[s] + self.captured[s]
        if self.pending >= 0:
            out.append(self.pending)
        return out

    def _known_stock(self, viewer: int) -> set[int]:
        """Stock positions whose card ``viewer`` knows (the face-up card, their own peek)."""
        known = set()
        if self.shows_last and self.stock:
            known.add(0)
        if viewer == self.peeker and len(self.stock) > self.peek_pos:
            known.add(self.peek_pos)
        return known

    @classmethod
    def determinize(cls, view: View, rng: random.Random) -> PeiState:
        if not isinstance(view, PeiView):
            raise TypeError(f"a PeiState is made from a PeiView, not a {type(view).__name__}")
        return determinize(view, rng)

    def hidden_slots(self, viewer: int) -> list[Slot]:
        """Hidden from ``viewer``: the others' hands and the stock but for the face-up card and the
        viewer's own peek."""
        out: list[Slot] = []
        for q in range(N_PLAYERS):
            if q != viewer:
                out += slots(self.hands[q])
        return out + slots(self.stock, self._known_stock(viewer))


def unseen_kinds(view: PeiView) -> dict[Kind, int]:
    """How many copies of each kind the viewer has not seen (in the others' hands or the stock)."""
    seen = list(view.hand) + list(view.pool)
    for c in view.captured:
        seen += c
    seen += [k for k in (view.last_card, view.peek, view.pending) if k is not None]
    return unseen_counts(ALL_KINDS, 4, seen)


def determinize(view: PeiView, rng: random.Random) -> PeiState:
    """A full state consistent with ``view``: the unseen cards are dealt at random to the places
    the viewer cannot see.  For bots that search; it never looks at the real state."""
    opts = view.options
    state = object.__new__(PeiState)
    GameState.__init__(state, N_PLAYERS, opts, rng.randrange(2**31))
    state.dealer = view.dealer
    state.rank = _RANK[opts.ten_rank]
    state.roles, state.seating = view.roles, view.seating
    state.seating_rounds, state.packs = [], ()
    if opts.variant == "la_peche":
        state.shows_last, state.peek_pos, state.peeker = False, 0, view.roles[UNYIK]
    else:
        state.shows_last, state.peek_pos, state.peeker = True, 1, view.roles[PATIH]
    copies = Copies(30, 4)
    take = copies.take
    me = view.viewer
    hands: list[list] = [[] for _ in range(N_PLAYERS)]
    hands[me] = [take(k) for k in view.hand]
    state.captured = [[take(k) for k in c] for c in view.captured]
    state.pool = [[] for _ in range(11)]
    for k in view.pool:
        state.pool[state.rank[k]].append(take(k))
    state.pending = take(view.pending) if view.pending is not None else -1
    state.pending_from = view.pending_from
    stock: list = [None] * view.stock_count
    if view.last_card is not None:
        stock[0] = take(view.last_card)
    if view.peek is not None:
        stock[state.peek_pos] = take(view.peek)
    hidden: list[Slot] = []
    for q in range(N_PLAYERS):
        if q != me:
            hands[q] = [None] * view.hand_counts[q]
            hidden += blanks(hands[q])
    # the stock's unseen cards are dealt from its bottom (the end of the list) up
    deal_unseen(hidden + blanks(stock)[::-1], copies, rng)
    state.hands = hands
    state.stock = stock
    state.turn, state.current, state.phase, state._result = view.turn, view.current, view.phase, view.result
    state.deal_events = []
    return state


# ---------------------------------------------------------------------------------------------
# The match layer: new hands, stakes, the next dealer

def new_hand(options: PeiOptions, n_players: int, seed: int, dealer: int = 0,
             deck: Sequence[Card] | None = None, seating_deck: Sequence[Card] | None = None,
             packs: Sequence[int] | None = None) -> PeiState:
    return PeiState(n_players, options, seed, dealer, deck, seating_deck, packs)


def _wudon(o: PeiOptions, pts, w: int, mid: int, pot: int) -> tuple[list, int]:
    items: list[SettlementItem] = [("wudon_stake", p, None, o.wudon_stake) for p in range(N_PLAYERS) if o.wudon_stake]
    total = pot + N_PLAYERS * o.wudon_stake
    if total:
        if pts[w] >= BELAHAN_POINTS:
            items.append(("wudon_all", None, w, total))
        else:
            second = total // 3  # (house) the second's third rounded down, the rest to the winner
            items.append(("wudon_win", None, w, total - second))
            if second:
                items.append(("wudon_second", None, mid, second))
    return items, 0


def _rampung(o: PeiOptions, pts, w: int, mid: int, last: int) -> list:
    items = []
    top = pts[w]
    if top >= TE_POINTS and o.te_lumrah:
        items.append(("te_lumrah", last, w, o.te_lumrah))
    if o.te_mati:
        items += [("te_mati", q, w, o.te_mati) for q in (mid, last) if pts[q] < TE_POINTS]
    if top >= BELAHAN_POINTS and o.belahan:
        items += [("belahan", q, w, o.belahan) for q in (mid, last)]
    if top >= PATANG_POINTS and o.patang_atusan:
        items += [("patang_atusan", q, w, o.patang_atusan) for q in (mid, last)]
    if o.jung:
        for hi, lo in ((w, mid), (w, last), (mid, last)):
            tens = -(-(pts[hi] - pts[lo]) // 10)
            if tens > 0:
                items.append(("jung", lo, hi, tens * o.jung))
    return items


def settle(result: HandResult, options: PeiOptions, stake_cents: int = 0, pot: int = 0) -> Settlement:
    """The hand's payments under ``options.stakes`` (RULINGS §3; amounts from the options — the
    match's stake per point is not used).  ``pot`` is the money in the middle before the hand."""
    pts = result.points
    w, mid, last = result.details["ranking"]
    o = options
    items: list = []
    middle = pot
    if o.stakes == "jentolan":
        items.append(("jentolan_deals", last, None, 0))
    if o.stakes in ("wudon", "parewanan"):
        got, middle = _wudon(o, pts, w, mid, middle)
        items += got
    if o.stakes in ("rampung", "parewanan"):
        items += _rampung(o, pts, w, mid, last)
    if o.stakes == "wulwulan":
        items += [("wulwulan_stake", p, None, o.wulwulan_stake) for p in range(N_PLAYERS)
                  if o.wulwulan_stake]
        middle += N_PLAYERS * o.wulwulan_stake
        if pts[w] >= PATANG_POINTS and middle:
            items.append(("wulwulan_win", None, w, middle))
    if o.stakes == "jedhil":
        win = (o.jedhil_win_400 if pts[w] >= PATANG_POINTS
               else o.jedhil_win_350 if pts[w] >= BELAHAN_POINTS else o.jedhil_win)
        largest = max(o.jedhil_win, o.jedhil_win_350, o.jedhil_win_400) + o.jedhil_second
        if middle < largest and o.jedhil_stake:
            times = -(-(largest - middle) // (N_PLAYERS * o.jedhil_stake))
            items += [("jedhil_stake", p, None, times * o.jedhil_stake) for p in range(N_PLAYERS)]
            middle += N_PLAYERS * times * o.jedhil_stake
        a = min(win, middle)
        if a:
            items.append(("jedhil_win", None, w, a))
            middle -= a
        b = min(o.jedhil_second, middle)
        if b:
            items.append(("jedhil_second", None, mid, b))
    return Settlement.from_items(N_PLAYERS, pot, tuple(items))


def max_hand_actions(n_players: int = N_PLAYERS, options: PeiOptions | None = None) -> int:
    """The most actions a hand can have: 42 turns of a play and a draw, each possibly followed by a
    capture choice."""
    return TURNS * 4


def next_dealer(result: HandResult, dealer: int, n_players: int) -> int:
    """Jentolan: the kete deals next; otherwise the deal passes to the next seat (shown only)."""
    if result.details.get("stakes") == "jentolan":
        return result.details["ranking"][2]
    return (dealer + 1) % n_players
