"""Kartu Lima (Tepu): the Javanese five-card trick game of 5–9 players with one pack (60 cards).

Rules as read by RULINGS §4 (source: ``kartu-lima.txt``, after *Javaanse kaartspelen* pp. 46–57,
the Surakarta game).  **(house)** marks a choice of this app where the source is silent or unclear.

Seats, the cut, the deal

* Seats are numbered clockwise (as in Ceki); play is **anticlockwise**, so the player after seat
  ``p`` is ``(p - 1) % n`` and "the dealer's right" is ``dealer - 1``.
* **(house)** The players sit as the New Game dialog lists them (the source's seating by card pairs
  only chooses places at a real table).  Before the first hand of a match everybody cuts a card of a
  separately shuffled pack (seat 0 first); the highest Javanese value (RF, OT, M1 = 10; WF, C1, S1 =
  1; the rest their pips) deals.  Players tied for the highest cut again from the same pack, in seat
  order, until one is highest (``view.cut`` shows every round; the event ``cut``).  Later hands are
  dealt by the last hand's winner (*banjiran*).
* **(house)** The dealer deals one card at a time, five rounds, starting with the player on their
  right (the *starter*) and going anticlockwise; the undealt rest is the *pack*, its top card first.

Decisions everybody takes at once, after the deal and before the first trick (each a
:class:`~cekidesk.engine.simultaneous.SimultaneousRound`, in this order, only when it applies)

* ``bet`` (*bal-balan*, from the second hand on): every player but the banjiran bets an amount
  against them (``view.ranges``: from ``bal_stake`` to twice what the banjiran won last hand, at
  least ``bal_stake``).  Revealed together.
* ``tomprang`` (*undhuh-undhuh* with ``tomprang``, from the second hand on): every player but the
  banjiran may add a *tomprang* (one stake) — ``tomprang`` or ``pass``.  Revealed together.
* ``rooster`` (*jagoan*): *tantangan* — ``rooster`` with a *dika* of one's hand, or ``pass``;
  *tetep* — everybody must lay a rooster, any card of the hand.  **(house)** A rooster stays one of
  its owner's five cards (it is played like any other); others see only who laid one, never which
  card, until the hand is over.
* ``gor`` (*gor-goran*): everybody names a card of their hand as their guess of the pack's top card;
  **(house)** the card stays in the hand and the guesses are shown only at the end of the hand.
* ``colour`` (*abang-ireng*): everybody guesses ``red`` or ``black`` for the pack's top card.
  Revealed together.

Instant wins (options; before the first trick)

* ``five_myriads``: a player dealt five Myriads (M1–M9) wins the hand at once; ``five_cina_cilik``:
  five *cina cilik* (M2–M9, RF, OT) wins the hand and the whole pot.  **(house)** The reveal is the
  holder's only legal action (``reveal``), so nobody forgets it; with several holders the first in
  play order from the starter reveals; five of M2–M9 are both and count as five *cina cilik* (the
  holder's better claim) when that option is on.

Tricks

* Groups (RULINGS §4): *cina cilik* M2–M9 (equal) < RF < OT; *3&4 Coins* C3 < C4; *8&9 Coins*
  C8 < C9; *lintrik cilik* S5 = S7 < S8 < S9; each of the twelve *dika* (WF, M1, S1, C1, S2, S3,
  S4, S6, C2, C5, C6, C7) is a group of its own, beaten only by its identical copy.
* The starter leads the first trick.  A player must ``play`` a card of the led group if they hold
  one (they need not beat); with none they throw any card face-down (``mberi``): it never wins and
  its kind is never shown to the others — **(house)** not even after the hand (only a rooster or a
  gor-goran guess that was thrown so is named at the end, as those bets need it).
* The highest card of the led group wins; of equal cards the last played.  The winner leads the next
  trick.  Only the fifth trick counts: its winner is the *banjiran* and deals next; a second win in a
  row is *mbanjir*, a third and later *ladhu* (``view.streak``; the match's carry).
* *mraji*: two copies of a group's top card (two identical *dika*, two S9, C9, C4 or OT) — nobody
  else can beat the first when it is led (there is no equal card left), so it needs no rule of its
  own; ``view.mraji`` lists the viewer's pairs and the ``lead`` event says when a led card is one.
* *mraji papat*: the starter holding two mraji pairs may, instead of the first lead, declare
  ``mraji_papat``: the four cards are shown, every other player ``keep``\\ s one card (at once; the
  other four go face-down, never shown) and the fifth trick is played at once: the shower leads one of
  the four shown cards (and wins).  **(house)** The shower's fifth card goes face-down too.
* *ana kéné* (option ``ana_kene``, on): when a *dika* is led, each player holding its partner says
  so (event ``ana_kene``, ``view.ana_kene``) — they must play it anyway.

Stakes (``stakes``; amounts in cents, from the options; every payment an itemised ``Settlement``)

* *wudhon tengah*: everybody pays ``wudhon_stake`` into the pot; the winner takes the whole pot.
* *undhuh-undhuh*: when the pot is empty everybody pays ``undhuh_stake`` into it; each winner takes
  one stake from it (the pot lasts as many hands as there are players).  ``undhuh_streak``: a second
  win in a row takes the rest of the pot, and a ladhu keeps taking whole (new) pots.  ``tomprang``
  **(house)**: a tomprang is one more stake a player adds for this hand only; the hand's winner takes
  every tomprang besides the stake from the pot (a winner's own tomprang comes back).  Five *cina
  cilik* take the whole pot.
* *bal-balan*: the first hand of a match is played as wudhon tengah (the source: "the pot method is
  used for the first game").  Later the others bet against the banjiran (``bet`` above): if the
  banjiran wins again they take every bet; if another player wins, each other bettor pays them their
  bet up to the winner's own bet.  **(house)** The banjiran pays nothing when they lose (the source
  names no payment of theirs) and "what the banjiran won" is their gain by the stake method in the
  hand they won (side bets and roosters not counted).
* *pethitan*: everybody pays ``pethitan_stake`` into the pot; when a *dika* is led to the last trick,
  the last trick's winner (the leader if unbeaten, else its killer) takes the pot.  **(house)**
  Otherwise the pot stays for the next hand (and grows); an instant win takes it.

Roosters (``roosters``; ``rooster_stake``)

* **(house)** A rooster *kills* when it wins a trick it did not lead (a dika rooster: played on its
  led copy).  Each rooster that killed wins ``rooster_stake`` from every other player who laid a
  rooster that did not kill.  In *tetep* only a dika can kill, by the same rule.

Side bets (each on or off; ``side_stake`` each; everybody at the table takes part **(house)**)

* *kucingan, bedoran, kasutan, pil, kèk, pong*: the player dealt a WF / S1 / C1 / M2 / S2 / C2 wins
  the stake from every other player.  With two holders the bet is void and carried to the next hand
  **(house: also with no holder)**: the next single holder wins one stake more for every hand carried.
* *lemon*: the last digit of the Javanese sum of one's five dealt cards; the highest digit wins a
  stake from every player with a lower one (equal best digits all win).
* *gor-goran*: a guess of the same kind as the pack's top card wins a stake from every wrong guesser.
* *abang-ireng*: red = S9, RF, OT, all Myriads, S5, S7, S8; black the rest.  A right guess wins a
  stake from every wrong guesser.  The pack's top card is shown at the end of the hand when gor-goran
  or abang-ireng is played.
* **(house)** When several players win a bet that pays "from the others", each loser pays each winner.

Events (codes and numbers only; ``player`` is the seat the event is about; secrets only to that seat)

* ``cut`` (None): ``rounds`` (per round, each seat's card code or None), ``dealer``.
* ``deal`` (each seat): ``count`` 5, ``dealer``, ``starter``, ``pack`` (cards left undealt);
  secret ``cards`` (the seat's codes).
* ``chose`` (the chooser): ``round`` (``bet``, ``tomprang``, ``rooster``, ``gor``, ``colour``,
  ``keep``); secret ``choice`` (``verb`` and ``card`` / ``amount``).
* ``reveal`` (None): ``round``, ``choices`` (each ``player``, ``verb``, ``card`` / ``amount``) —
  the public rounds (bet, tomprang, colour) once everybody has chosen.
* ``roosters`` (None): ``players`` — who laid a rooster (never which card).
* ``lead`` (the leader): ``card``, ``trick`` (1–5), ``group`` (``cina_cilik``, ``coins_34``,
  ``coins_89``, ``lintrik_cilik``, ``dika``); secret ``mraji`` (True: the leader holds its copy).
* ``ana_kene`` (a holder of the led dika's partner): ``card``.
* ``play`` (a follower, face up): ``card``, ``trick``, ``wins`` (it is now winning the trick),
  ``kills`` (a rooster that killed).
* ``mberi`` (a follower, face down): ``trick``; secret ``card``.
* ``trick`` (its winner): ``trick``, ``leader``, ``card`` (the winning card).
* ``mraji_papat`` (the shower): ``cards`` (the four shown); ``discarded`` (None): ``counts`` (cards
  each seat put face-down).
* ``instant`` (the holder): ``instant`` (``five_myriads`` | ``five_cina_cilik``), ``cards``.
* ``end`` (the winner): the result's details (below).

Result (``HandResult("win", points, (winner,), details)``: 1 point to the winner)

* ``winner``; ``instant`` (None or its code) and ``revealed`` (the instant winner's cards);
  ``papat`` (the shower's seat or None); ``stakes``; ``last_lead`` (the fifth trick's led card);
  ``tricks`` (each [leader, [[seat, code or None for a mberi], …], winner]); ``trick_winners``;
  per round played, ``bet`` (amounts), ``tomprang`` / ``colour`` (verbs), ``gor`` (codes), each a
  list by seat (None: not in the round); ``roosters`` (codes or None) and ``kills`` (seats);
  ``holders`` ({bet code: seats dealt its card}); ``lemon`` (digits by seat); ``top_card``.

Payments (``Settlement`` items ``(code, payer, payee, cents)``, None = the pot): ``wudhon_stake``,
``wudhon_win``, ``undhuh_stake``, ``undhuh_win``, ``undhuh_all``, ``tomprang``, ``bal_lost`` (a
bettor to the banjiran), ``bal_won`` (a bettor to the winner), ``pethitan_stake``, ``pethitan_win``,
``rooster``, ``kucingan``, ``bedoran``, ``kasutan``, ``pil``, ``kek``, ``pong``, ``lemon``,
``gor_goran``, ``abang_ireng``.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field

from cekidesk.engine.cards import ALL_KINDS, Card, Counting, Kind
from cekidesk.engine.core import (
    Action,
    AmountRange,
    Data,
    Event,
    GameState,
    HandResult,
    OptionsError,
    Settlement,
    SettlementItem,
    View,
)
from cekidesk.engine.hidden import Copies, Slot, blanks, deal_unseen, keeping, slots
from cekidesk.engine.simultaneous import CHOSE, SimultaneousRound, SimultaneousSeen, action_data

GAME_ID = "kartu-lima"
DECK_SIZE = 60
HAND_SIZE = 5
TRICKS = 5
MIN_PLAYERS, MAX_PLAYERS = 5, 9

# -- verbs and phases ---------------------------------------------------------------------------
PLAY, MBERI, REVEAL, MRAJI_PAPAT, KEEP = "play", "mberi", "reveal", "mraji_papat", "keep"
BET, TOMPRANG, PASS, ROOSTER, GOR, RED, BLACK = "bet", "tomprang", "pass", "rooster", "gor", "red", "black"
#: the simultaneous rounds, in the order they come; the two whose choices stay hidden to the end
BET_ROUND, TOMPRANG_ROUND, ROOSTER_ROUND, GOR_ROUND, COLOUR_ROUND, KEEP_ROUND = (
    "bet", "tomprang", "rooster", "gor", "colour", "keep")
PRIVATE_ROUNDS = frozenset({ROOSTER_ROUND, GOR_ROUND, KEEP_ROUND})
PHASE_PLAY, PHASE_OVER = "play", "over"

# -- groups ---------------------------------------------------------------------------------------
CINA_CILIK, COINS_34, COINS_89, LINTRIK_CILIK, DIKA = "cina_cilik", "coins_34", "coins_89", "lintrik_cilik", "dika"
DIKA_KINDS = (Kind.WF, Kind.M1, Kind.S1, Kind.C1, Kind.S2, Kind.S3, Kind.S4, Kind.S6,
              Kind.C2, Kind.C5, Kind.C6, Kind.C7)
_GROUP_CARDS = {
    CINA_CILIK: ((Kind.M2, 0), (Kind.M3, 0), (Kind.M4, 0), (Kind.M5, 0), (Kind.M6, 0), (Kind.M7, 0),
                 (Kind.M8, 0), (Kind.M9, 0), (Kind.RF, 1), (Kind.OT, 2)),
    COINS_34: ((Kind.C3, 0), (Kind.C4, 1)),
    COINS_89: ((Kind.C8, 0), (Kind.C9, 1)),
    LINTRIK_CILIK: ((Kind.S5, 0), (Kind.S7, 0), (Kind.S8, 1), (Kind.S9, 2)),
}


def _tables() -> tuple[tuple[int, ...], tuple[int, ...], tuple[str, ...]]:
    group = [0] * 30
    rank = [0] * 30
    name = [""] * 30
    for g, (code, cards) in enumerate(_GROUP_CARDS.items()):
        for k, r in cards:
            group[k], rank[k], name[k] = g, r, code
    for k in DIKA_KINDS:
        group[k], rank[k], name[k] = 100 + k, 0, DIKA   # each dika a group of its own
    return tuple(group), tuple(rank), tuple(name)


#: per kind: its group (dika: 100 + kind), its rank in the group, the group's code
GROUP, RANK, GROUP_NAME = _tables()
#: the top card of each group: two of them are a *mraji*
MRAJI_KINDS = frozenset((*DIKA_KINDS, Kind.S9, Kind.C9, Kind.C4, Kind.OT))
MYRIADS = frozenset(k for k in ALL_KINDS if k.suit.value == "M")
CINA_CILIK_KINDS = frozenset(k for k, _ in _GROUP_CARDS[CINA_CILIK])
RED_KINDS = frozenset((Kind.S9, Kind.RF, Kind.OT, Kind.S5, Kind.S7, Kind.S8, *MYRIADS))
_VALUE = tuple(k.value_in(Counting.JAVANESE) for k in ALL_KINDS)

STAKES = ("wudhon_tengah", "undhuh_undhuh", "bal_balan", "pethitan")
#: the holder side bets and the card each is about, in the order of ``KartuLimaCarry.carried``
HOLDER_BETS: tuple[tuple[str, Kind], ...] = (
    ("kucingan", Kind.WF), ("bedoran", Kind.S1), ("kasutan", Kind.C1),
    ("pil", Kind.M2), ("kek", Kind.S2), ("pong", Kind.C2))
INSTANT_MYRIADS, INSTANT_CINA = "five_myriads", "five_cina_cilik"
STREAK_NAMES = ("", "banjiran", "mbanjir", "ladhu")


def streak_name(streak: int) -> str:
    """The code of a winner's streak: ``banjiran`` (1), ``mbanjir`` (2), ``ladhu`` (3 and more)."""
    return STREAK_NAMES[min(streak, 3)]


def beats(kind: int, best: int) -> bool:
    """Whether ``kind`` played face-up after ``best`` (of the led group) takes the trick: same group
    and equal or higher (of equal cards the last played wins)."""
    return GROUP[kind] == GROUP[best] and RANK[kind] >= RANK[best]


# ---------------------------------------------------------------------------------------------
# Options and the carry

def _amount(default: int, name: str, show_if: dict | None = None):
    extra: dict[str, Any] | None = {"show_if": show_if} if show_if else None
    return Field(default, ge=0, le=1_000_000, title=f"kartu-lima.option.{name}",
                 description=f"kartu-lima.option.{name}.help", json_schema_extra=extra)


def _flag(default: bool, name: str, show_if: dict | None = None):
    extra: dict[str, Any] | None = {"show_if": show_if} if show_if else None
    return Field(default, title=f"kartu-lima.option.{name}", description=f"kartu-lima.option.{name}.help",
                 json_schema_extra=extra)


_SIDE_ON = {"gor_goran": [True]}


class KartuLimaOptions(BaseModel):
    """The table's choices for Kartu Lima (amounts in cents)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    stakes: Literal["wudhon_tengah", "undhuh_undhuh", "bal_balan", "pethitan"] = Field(
        "wudhon_tengah", title="kartu-lima.option.stakes", description="kartu-lima.option.stakes.help")
    wudhon_stake: int = _amount(10, "wudhon_stake", {"stakes": ["wudhon_tengah"]})
    undhuh_stake: int = _amount(5, "undhuh_stake", {"stakes": ["undhuh_undhuh"]})
    undhuh_streak: bool = _flag(False, "undhuh_streak", {"stakes": ["undhuh_undhuh"]})
    tomprang: bool = _flag(False, "tomprang", {"stakes": ["undhuh_undhuh"]})
    bal_stake: int = _amount(10, "bal_stake", {"stakes": ["bal_balan"]})
    pethitan_stake: int = _amount(10, "pethitan_stake", {"stakes": ["pethitan"]})
    roosters: Literal["off", "tantangan", "tetep"] = Field(
        "off", title="kartu-lima.option.roosters", description="kartu-lima.option.roosters.help")
    rooster_stake: int = _amount(10, "rooster_stake", {"roosters": ["tantangan", "tetep"]})
    gor_goran: bool = _flag(False, "gor_goran")
    kucingan: bool = _flag(False, "kucingan")
    bedoran: bool = _flag(False, "bedoran")
    kasutan: bool = _flag(False, "kasutan")
    pil: bool = _flag(False, "pil")
    kek: bool = _flag(False, "kek")
    pong: bool = _flag(False, "pong")
    lemon: bool = _flag(False, "lemon")
    abang_ireng: bool = _flag(False, "abang_ireng")
    side_stake: int = _amount(5, "side_stake")
    five_myriads: bool = _flag(True, "five_myriads")
    five_cina_cilik: bool = _flag(True, "five_cina_cilik")
    #: the wangsalan hint: a holder of a led dika's partner says "ana kéné"
    ana_kene: bool = _flag(True, "ana_kene")

    def holder_bets(self) -> tuple[bool, ...]:
        """Which of :data:`HOLDER_BETS` are played."""
        return tuple(getattr(self, code) for code, _ in HOLDER_BETS)

    def guesses_top_card(self) -> bool:
        return self.gor_goran or self.abang_ireng


class KartuLimaCarry(BaseModel):
    """What a match carries from hand to hand (frozen, JSON-safe).

    ``hands``: hands finished (0: the first hand cuts for the dealer); ``banjiran``: the last hand's
    winner (None before the first); ``streak``: their wins in a row (1 banjiran, 2 mbanjir, 3+ ladhu);
    ``won``: what the banjiran won by the stake method in that hand (the bal-balan cap);
    ``pot``: the cents in the middle (the same as the match's pot, here so the views can show it);
    ``carried``: per holder bet (:data:`HOLDER_BETS`), the hands it has been void in a row.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    hands: int = 0
    banjiran: int | None = None
    streak: int = 0
    won: int = 0
    pot: int = 0
    carried: tuple[int, ...] = (0,) * len(HOLDER_BETS)


def initial_carry(n_players: int = 0, options: BaseModel | None = None) -> KartuLimaCarry:
    return KartuLimaCarry()


def first_deal_carry(carry: KartuLimaCarry) -> KartuLimaCarry:
    """A match that plays a later hand again deals it as a later hand: without the cut for the
    dealer (the hand's dealer is given), nothing else carried."""
    return carry.model_copy(update={"hands": max(1, carry.hands)})


# ---------------------------------------------------------------------------------------------
# The view

@dataclass(frozen=True)
class Played:
    """One card of a trick: who played it, its kind (None: a *mberi* the viewer may not see) and
    whether it lies face-down (*mberi*)."""

    seat: int
    kind: Kind | None
    mberi: bool


@dataclass(frozen=True)
class Trick:
    """A trick: its number (1–5), leader, cards in the order played, and its winner (None while open)."""

    number: int
    leader: int
    cards: tuple[Played, ...]
    winner: int | None


@dataclass(frozen=True)
class KartuLimaView(View):
    """Everything one player at a Kartu Lima table can see (immutable; equal views compare equal).

    * ``options``, ``dealer``; ``starter``: who leads the first trick (the dealer's right);
      ``cut``: the cut for the dealer before a match's first hand, one row per round, each seat's
      card code or None (not cutting that round); empty in later hands.
    * ``phase``: ``bet``, ``tomprang``, ``rooster``, ``gor``, ``colour`` (a simultaneous round),
      ``keep`` (after *mraji papat*), ``play`` or ``over``.
    * ``hand``: the viewer's cards, sorted (their rooster included: it is one of their cards);
      ``hand_counts``: every seat's cards left; ``mraji``: the viewer's mraji pairs (kinds).
    * ``rounds``: the simultaneous rounds of this hand so far, as each viewer may see them
      (:class:`~cekidesk.engine.simultaneous.SimultaneousSeen`; ``rooster`` and ``gor`` never show
      the others' choices: ``revealed`` is None for them until the hand is over).
      ``roosters``: per seat, whether they laid a rooster (public once all chose); ``my_rooster``,
      ``my_guess``: the viewer's own rooster card and gor-goran guess; ``rooster_live``: whether the
      viewer's rooster is still in their hand; ``kills``: the seats whose rooster has killed.
    * ``trick``: the trick being played (1–5; 5 after *mraji papat*), ``current``: its cards so far
      (:class:`Trick`, ``winner`` None), ``led_group``: the group code of the led card (None before
      the lead), ``winning``: the seat whose card is winning the trick now; ``tricks``: the finished
      tricks; ``to_play``: who plays next (None outside the play phase).
    * ``ana_kene``: the seats that said *ana kéné* to this trick's led dika (and must play its partner).
    * ``papat``: the seat that declared *mraji papat* and the four cards shown (None, ());
      ``discarded``: the viewer's own cards put face-down after it.
    * ``streak``: the banjiran of the last hand and their streak (seat or None, count); ``pot``:
      cents in the middle before this hand's stakes (those are paid, with every other payment, when
      the hand is settled: ``Settlement.items``); ``carried``: per holder bet, hands it has been void
      in a row; ``bet_cap``: the bal-balan range (lo, hi) or None.
    * ``instant``: (seat, ``five_myriads`` | ``five_cina_cilik``) when a hand was revealed; ``result``
      when the hand is over; ``top_card``: the pack's top card, shown at the end when a bet guesses it.
    """

    viewer: int
    n_players: int
    to_act: tuple[int, ...]
    legal: tuple[Action, ...]
    options: KartuLimaOptions
    dealer: int
    starter: int
    cut: tuple[tuple[str | None, ...], ...]
    phase: str
    hand: tuple[Kind, ...]
    hand_counts: tuple[int, ...]
    mraji: tuple[Kind, ...]
    rounds: tuple[SimultaneousSeen, ...]
    roosters: tuple[bool, ...]
    my_rooster: Kind | None
    rooster_live: bool
    kills: tuple[int, ...]
    my_guess: Kind | None
    trick: int
    current: Trick | None
    led_group: str | None
    winning: int | None
    tricks: tuple[Trick, ...]
    to_play: int | None
    ana_kene: tuple[int, ...]
    papat: tuple[int | None, tuple[Kind, ...]]
    discarded: tuple[Kind, ...]
    streak: tuple[int | None, int]
    pot: int
    carried: tuple[int, ...]
    bet_cap: tuple[int, int] | None
    instant: tuple[int, str] | None
    top_card: Kind | None
    result: HandResult | None
    ranges: tuple[AmountRange, ...] = ()

    game_id = GAME_ID

    def round(self, name: str) -> SimultaneousSeen | None:
        """The simultaneous round called ``name`` of this hand, if it has one."""
        return next((r for r in self.rounds if r.name == name), None)


# ---------------------------------------------------------------------------------------------
# Cached actions (up to nine seats)

def _acts(verb: str) -> list[list[Action]]:
    return [[Action(p, verb, k) for k in ALL_KINDS] for p in range(MAX_PLAYERS)]


_PLAY, _MBERI, _KEEP, _ROOSTER, _GOR = (_acts(v) for v in (PLAY, MBERI, KEEP, ROOSTER, GOR))
_SIMPLE = {v: [Action(p, v) for p in range(MAX_PLAYERS)]
           for v in (REVEAL, MRAJI_PAPAT, TOMPRANG, PASS, RED, BLACK)}


def _check_deck(cards: Sequence[Card], what: str) -> list[int]:
    order = [c.uid for c in cards]
    if sorted(order) != list(range(DECK_SIZE)):
        raise OptionsError(f"a stacked Kartu Lima {what} must hold each of the 60 cards once")
    return order


def instant_win(kinds: Sequence[int], options: KartuLimaOptions) -> str | None:
    """The instant win a dealt hand makes under the options, if any (five cina cilik, which take the
    whole pot, before five Myriads: M2–M9 are both)."""
    if options.five_cina_cilik and all(k in CINA_CILIK_KINDS for k in kinds):
        return INSTANT_CINA
    if options.five_myriads and all(k in MYRIADS for k in kinds):
        return INSTANT_MYRIADS
    return None


def mraji_pairs(kinds: Sequence[int]) -> list[int]:
    """The kinds of which ``kinds`` holds both copies and that top their group."""
    return sorted(k for k in set(kinds) if k in MRAJI_KINDS and kinds.count(k) == 2)


class KartuLimaState(GameState[KartuLimaOptions]):
    game_id = GAME_ID
    options: KartuLimaOptions

    def __init__(self, n_players: int, options: KartuLimaOptions, seed: int, dealer: int = 0,
                 carry: KartuLimaCarry | None = None, deck: Sequence[Card] | None = None,
                 cut_deck: Sequence[Card] | None = None):
        """Cut (first hand), deal, open the rounds.  ``deck`` (top card first) stacks the deal and
        ``cut_deck`` the cut, for tests; otherwise each is shuffled by the RNG seeded by ``seed``."""
        if not MIN_PLAYERS <= n_players <= MAX_PLAYERS:
            raise OptionsError(f"Kartu Lima is played by 5–9 players, not {n_players}")
        if not 0 <= dealer < n_players:
            raise OptionsError(f"there is no seat {dealer} to deal")
        super().__init__(n_players, options, seed)
        self.carry = carry or initial_carry()
        self.cut: tuple[tuple[str | None, ...], ...] = ()
        if self.carry.hands == 0:
            dealer = self._cut(cut_deck)
        self.dealer = dealer
        self.starter = (dealer - 1) % n_players
        if deck is None:
            order = list(range(DECK_SIZE))
            self.rng.shuffle(order)
        else:
            order = _check_deck(deck, "deck")
        self.hands: list[list[int]] = [[] for _ in range(n_players)]
        for i in range(HAND_SIZE * n_players):
            self.hands[(self.starter - i) % n_players].append(order[i])
        self.pack = order[HAND_SIZE * n_players:]
        self.discards: list[list[int]] = [[] for _ in range(n_players)]
        self.papat = -1
        self.papat_kinds: tuple[int, ...] = ()
        self.rooster_kind = [-1] * n_players
        self.rooster_live = [False] * n_players
        self.kills: list[int] = []
        self.instant: tuple[int, str] | None = None
        # the trick in play: its number, leader, cards, who played them, face-up or not, winner so far
        self.trick_no = 1
        self.leader = self.starter
        self.turn = self.starter
        self.t_cards: list[int] = []
        self.t_seats: list[int] = []
        self.t_up: list[bool] = []
        self.best = -1          # index in the trick of the winning card
        self.announced: tuple[int, ...] = ()
        self.tricks: list[tuple[int, int, list[int], list[int], list[bool], int]] = []
        self._result: HandResult | None = None
        self.rounds = self._open_rounds()
        self.ri = 0
        self.phase = self.rounds[0].name if self.rounds else PHASE_PLAY
        self.deal_events: list[Event] = []
        if self.cut:
            self.deal_events.append(Event("cut", None, {"rounds": [list(r) for r in self.cut],
                                                        "dealer": dealer}))
        for p in range(n_players):
            self.deal_events.append(Event("deal", p, {"count": HAND_SIZE, "dealer": dealer,
                                                      "starter": self.starter, "pack": len(self.pack)},
                                          {"cards": [Kind(u % 30).code for u in self.hands[p]]},
                                          frozenset({p})))
        if not self.rounds:
            self._start_play(self.deal_events)

    # -- the cut and the rounds ---------------------------------------------------------------
    def _cut(self, cut_deck: Sequence[Card] | None) -> int:
        if cut_deck is None:
            cards = list(range(DECK_SIZE))
            self.rng.shuffle(cards)
        else:
            cards = _check_deck(cut_deck, "cut")
        pos = 0
        cutting = list(range(self.n_players))
        rows = []
        while True:
            row: list[str | None] = [None] * self.n_players
            values = {}
            for s in cutting:
                if pos == len(cards):   # (practically never) a fresh pack for the cut
                    cards = list(range(DECK_SIZE))
                    self.rng.shuffle(cards)
                    pos = 0
                k = cards[pos] % 30
                pos += 1
                row[s] = Kind(k).code
                values[s] = _VALUE[k]
            rows.append(tuple(row))
            top = max(values.values())
            cutting = [s for s in cutting if values[s] == top]
            if len(cutting) == 1:
                self.cut = tuple(rows)
                return cutting[0]

    def _open_rounds(self) -> list[SimultaneousRound]:
        o, c = self.options, self.carry
        everybody = range(self.n_players)
        others = [p for p in everybody if p != c.banjiran]
        rounds = []
        if c.banjiran is not None and o.stakes == "bal_balan":
            rounds.append(SimultaneousRound(BET_ROUND, others))
        if c.banjiran is not None and o.stakes == "undhuh_undhuh" and o.tomprang:
            rounds.append(SimultaneousRound(TOMPRANG_ROUND, others))
        if o.roosters != "off":
            rounds.append(SimultaneousRound(ROOSTER_ROUND, everybody))
        if o.gor_goran:
            rounds.append(SimultaneousRound(GOR_ROUND, everybody))
        if o.abang_ireng:
            rounds.append(SimultaneousRound(COLOUR_ROUND, everybody))
        return rounds

    def bet_cap(self) -> tuple[int, int]:
        """The bal-balan bets allowed: at least the base stake, at most twice what the banjiran won."""
        lo = self.options.bal_stake
        return lo, max(lo, 2 * self.carry.won)

    def _start_play(self, events: list[Event] | None) -> None:
        """The rounds are over: reveal an instant win or let the starter lead."""
        self.phase = PHASE_PLAY
        n = self.n_players
        for i in range(n):
            p = (self.starter - i) % n
            got = instant_win([u % 30 for u in self.hands[p]], self.options)
            if got is not None:
                self.instant = (p, got)   # the holder's only move is to reveal
                self.turn = p
                return

    # -- protocol -----------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.phase == PHASE_OVER:
            return ()
        if self.phase == PHASE_PLAY:
            return (self.turn,)
        return self.rounds[self.ri].waiting()

    def legal_actions(self, player: int) -> list[Action]:
        phase = self.phase
        if phase == PHASE_PLAY:
            if player != self.turn:
                return []
            if self.instant is not None:
                return [_SIMPLE[REVEAL][player]]
            hand = self.hands[player]
            if not self.t_cards:    # a lead
                if self.papat == player:
                    kinds = sorted({u % 30 for u in hand if u % 30 in self.papat_kinds})
                else:
                    kinds = sorted({u % 30 for u in hand})
                out = [_PLAY[player][k] for k in kinds]
                if (self.trick_no == 1 and player == self.starter and self.papat < 0
                        and len(mraji_pairs([u % 30 for u in hand])) >= 2):
                    out.append(_SIMPLE[MRAJI_PAPAT][player])
                return out
            g = GROUP[self.t_cards[0] % 30]
            follow = sorted({u % 30 for u in hand if GROUP[u % 30] == g})
            if follow:
                return [_PLAY[player][k] for k in follow]
            return [_MBERI[player][k] for k in sorted({u % 30 for u in hand})]
        if phase == PHASE_OVER:
            return []
        rnd = self.rounds[self.ri]
        if player not in rnd.players or rnd.choice(player) is not None:
            return []
        kinds = sorted({u % 30 for u in self.hands[player]})
        if phase == BET_ROUND:
            return []
        if phase == TOMPRANG_ROUND:
            return [_SIMPLE[TOMPRANG][player], _SIMPLE[PASS][player]]
        if phase == ROOSTER_ROUND:
            if self.options.roosters == "tetep":
                return [_ROOSTER[player][k] for k in kinds]
            return [_ROOSTER[player][k] for k in kinds if GROUP_NAME[k] == DIKA] + [_SIMPLE[PASS][player]]
        if phase == GOR_ROUND:
            return [_GOR[player][k] for k in kinds]
        if phase == COLOUR_ROUND:
            return [_SIMPLE[RED][player], _SIMPLE[BLACK][player]]
        return [_KEEP[player][k] for k in kinds]    # KEEP_ROUND

    def legal_ranges(self, player: int) -> tuple[AmountRange, ...]:
        if self.phase == BET_ROUND and player in self.rounds[self.ri].waiting():
            lo, hi = self.bet_cap()
            return (AmountRange(BET, lo, hi),)
        return ()

    def _apply(self, action: Action, events: list[Event] | None) -> None:
        if self.phase == PHASE_PLAY:
            verb = action.verb
            if verb == PLAY or verb == MBERI:
                self._play(action.player, action.card.value, verb == PLAY, events)  # type: ignore[union-attr]
            elif verb == REVEAL:
                self._reveal(events)
            else:
                self._declare_papat(action.player, events)
            return
        rnd = self.rounds[self.ri]
        p = action.player
        if rnd.name == ROOSTER_ROUND and action.verb == ROOSTER:
            self.rooster_kind[p] = action.card.value  # type: ignore[union-attr]
            self.rooster_live[p] = True
        if rnd.name in PRIVATE_ROUNDS:
            rnd.choose(action, None)
            if events is not None:
                events.append(Event(CHOSE, p, {"round": rnd.name}, secret={"choice": action_data(action)},
                                    secret_to=frozenset((p,))))
                if rnd.is_complete() and rnd.name == ROOSTER_ROUND:
                    events.append(Event("roosters", None, {"players": [q for q in rnd.players
                                                                       if self.rooster_kind[q] >= 0]}))
        else:
            rnd.choose(action, events)
        if rnd.is_complete():
            if rnd.name == KEEP_ROUND:
                self._keep_done(events)
                return
            self.ri += 1
            if self.ri < len(self.rounds):
                self.phase = self.rounds[self.ri].name
            else:
                self._start_play(events)

    # -- play ---------------------------------------------------------------------------------
    def _play(self, p: int, k: int, up: bool, events: list[Event] | None) -> None:
        hand = self.hands[p]
        for i in range(len(hand) - 1, -1, -1):
            if hand[i] % 30 == k:
                uid = hand.pop(i)
                break
        rooster = self.rooster_live[p] and self.rooster_kind[p] == k
        if rooster:
            self.rooster_live[p] = False
        cards = self.t_cards
        lead = not cards
        cards.append(uid)
        self.t_seats.append(p)
        self.t_up.append(up)
        wins = lead or (up and beats(k, cards[self.best] % 30))
        kills = wins and rooster and not lead and GROUP_NAME[k] == DIKA
        if wins:
            self.best = len(cards) - 1
        if kills:
            self.kills.append(p)
        if events is not None:
            if lead:
                # whether the led card is a mraji (its copy still in the leader's hand) is the leader's secret
                events.append(Event("lead", p, {"card": Kind(k).code, "trick": self.trick_no,
                                                "group": GROUP_NAME[k]},
                                    secret={"mraji": k in MRAJI_KINDS and any(u % 30 == k for u in hand)},
                                    secret_to=frozenset((p,))))
            elif up:
                events.append(Event("play", p, {"card": Kind(k).code, "trick": self.trick_no,
                                                "wins": wins, "kills": kills}))
            else:
                events.append(Event("mberi", p, {"trick": self.trick_no},
                                    secret={"card": Kind(k).code}, secret_to=frozenset((p,))))
        if lead and self.options.ana_kene and GROUP_NAME[k] == DIKA:
            self.announced = tuple(q for q in self._order_after(p) if any(u % 30 == k for u in self.hands[q]))
            if events is not None:
                for q in self.announced:
                    events.append(Event("ana_kene", q, {"card": Kind(k).code}))
        if len(cards) == self.n_players:
            self._end_trick(events)
        else:
            self.turn = (p - 1) % self.n_players

    def _order_after(self, p: int) -> list[int]:
        n = self.n_players
        return [(p - i) % n for i in range(1, n)]

    def _end_trick(self, events: list[Event] | None) -> None:
        winner = self.t_seats[self.best]
        self.tricks.append((self.trick_no, self.leader, self.t_cards, self.t_seats, self.t_up, winner))
        if events is not None:
            events.append(Event("trick", winner, {"trick": self.trick_no, "leader": self.leader,
                                                  "card": Kind(self.t_cards[self.best] % 30).code}))
        self.announced = ()
        self.t_cards, self.t_seats, self.t_up = [], [], []
        self.best = -1
        if self.trick_no == TRICKS:
            self._finish(winner, events)
            return
        self.trick_no += 1
        self.leader = self.turn = winner

    def _reveal(self, events: list[Event] | None) -> None:
        p, kind = self.instant  # type: ignore[misc]
        if events is not None:
            events.append(Event("instant", p, {"instant": kind,
                                              "cards": [Kind(u % 30).code for u in sorted(self.hands[p])]}))
        self._finish(p, events)

    def _declare_papat(self, p: int, events: list[Event] | None) -> None:
        hand_kinds = [u % 30 for u in self.hands[p]]
        pairs = mraji_pairs(hand_kinds)[:2]
        self.papat = p
        self.papat_kinds = tuple(pairs)
        self.trick_no = TRICKS
        others = [q for q in range(self.n_players) if q != p]
        self.rounds.append(SimultaneousRound(KEEP_ROUND, others))
        self.ri = len(self.rounds) - 1
        self.phase = KEEP_ROUND
        if events is not None:
            events.append(Event("mraji_papat", p, {"cards": [Kind(k).code for k in pairs for _ in (0, 1)]}))

    def _keep_done(self, events: list[Event] | None) -> None:
        """Everybody kept one card: the rest goes face-down, and the shower leads the fifth trick."""
        rnd = self.rounds[self.ri]
        for q in range(self.n_players):
            hand = self.hands[q]
            if q == self.papat:
                keep = [u for u in hand if u % 30 in self.papat_kinds]
            else:
                k = rnd.choice(q).card.value  # type: ignore[union-attr]
                i = next(i for i, u in enumerate(hand) if u % 30 == k)
                keep = [hand[i]]
            self.discards[q] = [u for u in hand if u not in keep]
            self.hands[q] = keep
        self.phase = PHASE_PLAY
        self.leader = self.turn = self.papat
        if events is not None:
            events.append(Event("discarded", None, {"counts": [len(d) for d in self.discards]}))

    def _finish(self, winner: int, events: list[Event] | None) -> None:
        self.phase = PHASE_OVER
        self.announced = ()
        dealt = self.dealt_kinds()
        o = self.options
        details: Data = {
            "winner": winner,
            "instant": self.instant[1] if self.instant is not None else None,
            "revealed": sorted(Kind(u % 30).code for u in self.hands[winner]) if self.instant is not None else None,
            "papat": self.papat if self.papat >= 0 else None,
            "stakes": o.stakes,
            "last_lead": (Kind(self.tricks[-1][2][0] % 30).code if self.tricks and self.instant is None
                          else None),
            "tricks": [[t[1], [[s, Kind(u % 30).code if up else None]
                               for u, s, up in zip(t[2], t[3], t[4], strict=True)],
                        t[5]] for t in self.tricks],
            "trick_winners": [t[5] for t in self.tricks],
        }
        for rnd in self.rounds:
            if rnd.name == KEEP_ROUND:
                continue
            if rnd.name == ROOSTER_ROUND:
                details["roosters"] = [Kind(self.rooster_kind[p]).code if self.rooster_kind[p] >= 0 else None
                                       for p in range(self.n_players)]
                details["kills"] = list(self.kills)
                continue
            choices: list[Any] = [None] * self.n_players
            for a in rnd.revealed() or ():
                choices[a.player] = (a.amount if rnd.name == BET_ROUND else a.card.code if a.card is not None
                                     else a.verb)
            details[rnd.name] = choices
        holders = {}
        for (code, kind), on in zip(HOLDER_BETS, o.holder_bets(), strict=True):
            if on:
                holders[code] = [p for p in range(self.n_players) if kind in dealt[p]]
        details["holders"] = holders
        if o.lemon:
            details["lemon"] = [sum(_VALUE[k] for k in d) % 10 for d in dealt]
        if o.guesses_top_card():
            details["top_card"] = Kind(self.pack[0] % 30).code
        points = tuple(1 if p == winner else 0 for p in range(self.n_players))
        self._result = HandResult("win", points, (winner,), details)
        if events is not None:
            events.append(Event("end", winner, dict(details)))

    def dealt_kinds(self) -> list[list[int]]:
        """Each seat's five dealt kinds, wherever the cards are now."""
        out = [[u % 30 for u in self.hands[p] + self.discards[p]] for p in range(self.n_players)]
        for t in (*self.tricks, (0, 0, self.t_cards, self.t_seats, self.t_up, 0)):
            for u, s in zip(t[2], t[3], strict=True):
                out[s].append(u % 30)
        return out

    def is_terminal(self) -> bool:
        return self.phase == PHASE_OVER

    def result(self) -> HandResult:
        if self._result is None:
            raise ValueError("the hand is not over")
        return self._result

    # -- the view -----------------------------------------------------------------------------
    def _trick_seen(self, number: int, leader: int, cards: Sequence[int], seats: Sequence[int],
                    ups: Sequence[bool], winner: int | None, viewer: int) -> Trick:
        return Trick(number, leader, tuple(Played(s, Kind(u % 30) if up or s == viewer else None, not up)
                                           for u, s, up in zip(cards, seats, ups, strict=True)), winner)

    def view(self, player: int) -> KartuLimaView:
        o, c = self.options, self.carry
        over = self.phase == PHASE_OVER
        hand_kinds = [u % 30 for u in self.hands[player]]
        seen = []
        for rnd in self.rounds:
            s = rnd.seen_by(player)
            if rnd.name in PRIVATE_ROUNDS and not over:
                s = SimultaneousSeen(s.name, s.players, s.chosen, s.mine, None)
            seen.append(s)
        rooster_round = next((r for r in self.rounds if r.name == ROOSTER_ROUND), None)
        placed = tuple(rooster_round is not None and rooster_round.is_complete() and self.rooster_kind[p] >= 0
                       for p in range(self.n_players))
        gor_round = next((r for r in self.rounds if r.name == GOR_ROUND), None)
        guess = gor_round.choice(player) if gor_round is not None else None
        playing = self.phase == PHASE_PLAY
        current = None
        if playing and self.instant is None:
            current = self._trick_seen(self.trick_no, self.leader, self.t_cards, self.t_seats, self.t_up,
                                       None, player)
        return KartuLimaView(
            viewer=player,
            n_players=self.n_players,
            to_act=self.to_act(),
            legal=tuple(self.legal_actions(player)),
            ranges=self.legal_ranges(player),
            options=o,
            dealer=self.dealer,
            starter=self.starter,
            cut=self.cut,
            phase=self.phase,
            hand=tuple(sorted(Kind(k) for k in hand_kinds)),
            hand_counts=tuple(len(h) for h in self.hands),
            mraji=tuple(Kind(k) for k in mraji_pairs(hand_kinds)),
            rounds=tuple(seen),
            roosters=placed,
            my_rooster=Kind(self.rooster_kind[player]) if self.rooster_kind[player] >= 0 else None,
            rooster_live=self.rooster_live[player],
            kills=tuple(self.kills),
            my_guess=guess.card if guess is not None else None,  # type: ignore[arg-type]
            trick=self.trick_no,
            current=current,
            led_group=GROUP_NAME[self.t_cards[0] % 30] if playing and self.t_cards else None,
            winning=self.t_seats[self.best] if playing and self.t_cards else None,
            tricks=tuple(self._trick_seen(*t, player) for t in self.tricks),
            to_play=self.turn if playing else None,
            ana_kene=self.announced,
            papat=(self.papat if self.papat >= 0 else None, tuple(Kind(k) for k in self.papat_kinds for _ in (0, 1))),
            discarded=tuple(sorted(Kind(u % 30) for u in self.discards[player])),
            streak=(c.banjiran, c.streak),
            pot=c.pot,
            carried=c.carried,
            bet_cap=self.bet_cap() if o.stakes == "bal_balan" and c.banjiran is not None else None,
            instant=self.instant,
            top_card=Kind(self.pack[0] % 30) if over and o.guesses_top_card() else None,
            result=self._result,
        )

    def _copy_into(self, o: KartuLimaState) -> None:
        o.carry, o.cut, o.dealer, o.starter = self.carry, self.cut, self.dealer, self.starter
        o.hands = [h[:] for h in self.hands]
        o.pack = self.pack[:]
        o.discards = [d[:] for d in self.discards]
        o.papat, o.papat_kinds = self.papat, self.papat_kinds
        o.rooster_kind, o.rooster_live, o.kills = self.rooster_kind[:], self.rooster_live[:], self.kills[:]
        o.instant = self.instant
        o.trick_no, o.leader, o.turn = self.trick_no, self.leader, self.turn
        o.best, o.announced = self.best, self.announced
        o.t_cards, o.t_seats, o.t_up = self.t_cards[:], self.t_seats[:], self.t_up[:]
        o.tricks = [(a, b, c[:], d, e, f) for a, b, c, d, e, f in self.tricks]
        o._result = self._result
        o.rounds = [r.copy() for r in self.rounds]
        o.ri, o.phase = self.ri, self.phase

    # -- accounting and hidden information ------------------------------------------------------
    def all_cards(self) -> list[int]:
        out = self.pack + self.t_cards
        for p in range(self.n_players):
            out += self.hands[p] + self.discards[p]
        for t in self.tricks:
            out += t[2]
        return out

    def hidden_slots(self, viewer: int) -> list[Slot]:
        """Hidden from ``viewer``: the others' hands (but a *mraji papat* shower's shown cards and the
        partner an *ana kéné* sayer still holds), their face-down cards (*mberi*, the cards put down
        after *mraji papat*) and the pack (but its top card once shown at the end)."""
        out: list[Slot] = []
        kind_of = _kind_of
        for q in range(self.n_players):
            if q == viewer:
                continue
            known: list[int] = []
            if self.instant is not None and q == self.instant[0]:
                continue   # everybody knows what an instant winner holds (or has shown)
            if q == self.papat:
                known = [k for k in self.papat_kinds for _ in (0, 1)]
            elif q in self.announced and q not in self.t_seats:
                known = [self.t_cards[0] % 30]
            out += keeping([self.hands[q]], known, kind_of) if known else slots(self.hands[q])
            out += slots(self.discards[q])
        for t in (*self.tricks, (0, 0, self.t_cards, self.t_seats, self.t_up, 0)):
            out += [(t[2], i) for i, (s, up) in enumerate(zip(t[3], t[4], strict=True)) if not up and s != viewer]
        shown_top = self.phase == PHASE_OVER and self.options.guesses_top_card()
        return out + slots(self.pack, (0,) if shown_top else ())

    def _redealt(self, viewer: int) -> None:
        """The others' roosters still in hand name a card of their (new) hand: a dika if they hold one
        (once the hand is over every rooster has been shown: they stay as they were)."""
        if self.phase == PHASE_OVER:
            return
        for q in range(self.n_players):
            if q != viewer and self.rooster_live[q]:
                self._pick_rooster(q)

    def _pick_rooster(self, q: int) -> None:
        kinds = [u % 30 for u in self.hands[q]]
        dika = [k for k in kinds if GROUP_NAME[k] == DIKA]
        k = (dika or kinds)[0]
        self.rooster_kind[q] = k
        rnd = next(r for r in self.rounds if r.name == ROOSTER_ROUND)
        rnd._choices[q] = _ROOSTER[q][k]

    @classmethod
    def determinize(cls, view: View, rng: random.Random) -> KartuLimaState:
        if not isinstance(view, KartuLimaView):
            raise TypeError(f"a KartuLimaState is made from a KartuLimaView, not a {type(view).__name__}")
        return determinize(view, rng)


def _kind_of(uid: int) -> int:
    return uid % 30


def _played_by(view: KartuLimaView, q: int) -> list[Kind | None]:
    """The cards ``q`` has played this hand (None: a *mberi* the viewer cannot see)."""
    tricks = (*view.tricks, *((view.current,) if view.current is not None else ()))
    return [pl.kind for t in tricks for pl in t.cards if pl.seat == q]


def void_groups(view: KartuLimaView) -> dict[int, set[int]]:
    """Per other seat, the groups they threw a *mberi* on: they hold no card of those any more (the
    rules would have made them follow)."""
    out: dict[int, set[int]] = {}
    for t in (*view.tricks, *((view.current,) if view.current is not None else ())):
        if not t.cards or t.cards[0].kind is None:
            continue
        g = GROUP[t.cards[0].kind]
        for pl in t.cards[1:]:
            if pl.mberi and pl.seat != view.viewer:
                out.setdefault(pl.seat, set()).add(g)
    return out


def _follow_the_groups(restricted: Sequence[tuple[list, int, set[int]]], pack: list, free: Sequence[int]) -> None:
    """Swap every card dealt where the rules forbid it (a group its holder showed they lack; a face-down
    card of the led group) with the first pack card that may lie there, so that an imagined deal is one
    the rules allow (no RNG is drawn: the deal stays a function of the one shuffle)."""
    for place, i, groups in restricted:
        if GROUP[place[i] % 30] not in groups:
            continue
        for j in free:
            if GROUP[pack[j] % 30] not in groups:
                place[i], pack[j] = pack[j], place[i]
                break


def determinize(view: KartuLimaView, rng: random.Random) -> KartuLimaState:
    """A full state consistent with ``view``: the cards the viewer cannot see are dealt at random to
    the places hidden from them (a card the rules forbid somewhere — a group its holder threw a mberi
    on, a face-down card of the led group — is swapped with a pack card), then the choices they cannot
    see are made up from the dealt cards
    (a rooster: a dika of the hand if any; a guess or a kept card: a card of the hand; a bet: the
    lowest; a tomprang: ``pass``; a colour: ``red``)."""
    n = view.n_players
    me = view.viewer
    state = object.__new__(KartuLimaState)
    GameState.__init__(state, n, view.options, rng.randrange(2**62))
    state.carry = KartuLimaCarry(hands=0 if view.cut else 1, banjiran=view.streak[0], streak=view.streak[1],
                                 won=view.bet_cap[1] // 2 if view.bet_cap else 0, pot=view.pot,
                                 carried=view.carried)
    state.cut, state.dealer, state.starter = view.cut, view.dealer, view.starter
    papat_seat, papat_cards = view.papat
    state.papat = -1 if papat_seat is None else papat_seat
    state.papat_kinds = tuple(sorted({k.value for k in papat_cards}))
    copies = Copies(30, 2)
    take = copies.take
    hidden: list[Slot] = []
    voids = void_groups(view)

    # places whose card the rules restrict: (place, index, groups it cannot be of)
    restricted: list[tuple[list, int, set[int]]] = []

    def cards_of(trick: Trick) -> list:
        cards = [None if pl.kind is None else take(pl.kind) for pl in trick.cards]
        hidden.extend(blanks(cards))
        led = trick.cards[0].kind if trick.cards else None
        if led is not None:   # a mberi: its thrower held no card of the led group
            restricted.extend((cards, i, {GROUP[led]}) for _place, i in blanks(cards))
        return cards

    state.tricks = [(t.number, t.leader, cards_of(t), [pl.seat for pl in t.cards],
                     [not pl.mberi for pl in t.cards], cast(int, t.winner)) for t in view.tricks]
    cur = view.current
    state.trick_no = view.trick
    if cur is not None:
        state.t_cards = cards_of(cur)
        state.t_seats = [pl.seat for pl in cur.cards]
        state.t_up = [not pl.mberi for pl in cur.cards]
        state.leader = cur.leader
    else:
        state.t_cards, state.t_seats, state.t_up = [], [], []
        state.leader = view.starter
    state.hands = [[] for _ in range(n)]
    state.discards = [[] for _ in range(n)]
    state.hands[me] = [take(k) for k in view.hand]
    state.discards[me] = [take(k) for k in view.discarded]
    led = cur.cards[0].kind if cur is not None and cur.cards else None
    for q in range(n):
        if q == me:
            continue
        known: list[Kind] = []
        if view.instant is not None and q == view.instant[0]:
            known = _instant_hand(view, copies, rng)
        elif q == state.papat:
            known = list(papat_cards)
            for k in _played_by(view, q):
                if k in known:
                    known.remove(k)
        elif q in view.ana_kene and led is not None and q not in state.t_seats:
            known = [led]
        hand: list = [take(k) for k in known] + [None] * (view.hand_counts[q] - len(known))
        state.hands[q] = hand
        hidden += blanks(hand)
        if q in voids:
            restricted.extend((hand, i, voids[q]) for _place, i in blanks(hand))
        down = HAND_SIZE - view.hand_counts[q] - len(_played_by(view, q))
        down_cards: list = [None] * down
        state.discards[q] = down_cards
        hidden += blanks(down_cards)
    pack: list = [None] * (DECK_SIZE - HAND_SIZE * n)
    if view.top_card is not None:
        pack[0] = take(view.top_card)
    free = [i for _place, i in blanks(pack)]
    hidden += blanks(pack)
    state.pack = pack
    deal_unseen(hidden, copies, rng)
    _follow_the_groups(restricted, pack, free)
    _what_follows(state, view)
    state.deal_events = []
    return state


def _what_follows(state: KartuLimaState, view: KartuLimaView) -> None:
    """The rest of a determinized state, once its cards are dealt: the trick's best card, whose turn,
    the rounds of choices as far as the view shows them, the viewer's rooster."""
    n, me = view.n_players, view.viewer
    state.best = -1
    for i, (u, up) in enumerate(zip(state.t_cards, state.t_up, strict=True)):
        if i == 0 or (up and beats(u % 30, state.t_cards[state.best] % 30)):
            state.best = i
    state.turn = view.to_play if view.to_play is not None else view.starter
    state.announced = view.ana_kene
    state.instant = view.instant
    state._result = view.result
    state.phase = view.phase
    state.kills = list(view.kills)
    state.rooster_kind = [-1] * n
    state.rooster_live = [False] * n
    state.rounds = [_round_from_seen(seen, state, view) for seen in view.rounds]
    open_rounds = [i for i, r in enumerate(state.rounds) if not r.is_complete()]
    state.ri = open_rounds[0] if open_rounds else len(state.rounds)
    if view.phase == KEEP_ROUND:
        state.ri = len(state.rounds) - 1
    state.rooster_live[me] = view.rooster_live
    if view.my_rooster is not None:
        state.rooster_kind[me] = view.my_rooster.value


def _round_from_seen(seen: SimultaneousSeen, state: KartuLimaState, view: KartuLimaView) -> SimultaneousRound:
    """The round ``seen`` shows, the choices the viewer cannot see made up from the dealt cards."""
    rnd = SimultaneousRound(seen.name, seen.players)
    me = view.viewer
    for p in seen.chosen:
        if seen.revealed is not None:
            a = seen.revealed[seen.players.index(p)]
        elif p == me:
            a = cast(Action, seen.mine)   # the viewer has chosen: their choice is shown to them
        else:
            a = _made_up(state, view, seen.name, p)
        rnd._choices[p] = a
        if seen.name == ROOSTER_ROUND and a.verb == ROOSTER:
            state.rooster_kind[p] = a.card.value  # type: ignore[union-attr]
            state.rooster_live[p] = p != me and view.phase != PHASE_OVER and bool(state.hands[p])
    return rnd


def _instant_hand(view: KartuLimaView, copies: Copies, rng: random.Random) -> list[Kind]:
    """The instant winner's five cards: shown once revealed; before, five of the kinds that win,
    at random among the copies the viewer has not seen."""
    if view.result is not None:
        return [Kind.parse(c) for c in view.result.details["revealed"]]
    wins = MYRIADS if view.instant[1] == INSTANT_MYRIADS else CINA_CILIK_KINDS  # type: ignore[index]
    pool = [k for k in sorted(wins) for _ in range(copies.per_kind - copies.taken[k])]
    return rng.sample(pool, HAND_SIZE)


def _made_up(state: KartuLimaState, view: KartuLimaView, name: str, p: int) -> Action:
    """A choice of ``p`` the viewer cannot see, plausible for ``p``'s dealt cards."""
    kinds = [u % 30 for u in state.hands[p]] or [Kind.WF.value]
    if name == BET_ROUND:
        return Action(p, BET, amount=state.options.bal_stake)
    if name == TOMPRANG_ROUND:
        return _SIMPLE[PASS][p]
    if name == COLOUR_ROUND:
        return _SIMPLE[RED][p]
    if name == ROOSTER_ROUND:
        placed = view.roosters[p] if any(view.roosters) else state.options.roosters == "tetep"
        if not placed:
            return _SIMPLE[PASS][p]
        dika = [k for k in kinds if GROUP_NAME[k] == DIKA]
        return _ROOSTER[p][(dika or kinds)[0]]
    if name == GOR_ROUND:
        return _GOR[p][kinds[0]]
    return _KEEP[p][kinds[0]]


# ---------------------------------------------------------------------------------------------
# The match layer: new hands, stakes, the next dealer

def new_hand(options: KartuLimaOptions, n_players: int, seed: int, dealer: int = 0, *,
             carry: KartuLimaCarry | None = None, deck: Sequence[Card] | None = None,
             cut_deck: Sequence[Card] | None = None) -> KartuLimaState:
    return KartuLimaState(n_players, options, seed, dealer, carry, deck, cut_deck)


def _stake_of(o: KartuLimaOptions) -> int:
    return {"wudhon_tengah": o.wudhon_stake, "undhuh_undhuh": o.undhuh_stake,
            "bal_balan": o.bal_stake, "pethitan": o.pethitan_stake}[o.stakes]


def _method_items(d: dict, o: KartuLimaOptions, n: int, w: int, streak: int, pot: int,
                  carry: KartuLimaCarry) -> tuple[list[SettlementItem], int]:
    """The stake method's payments and the pot after them."""
    s = _stake_of(o)
    items: list[SettlementItem] = []
    method = o.stakes
    if method == "bal_balan" and carry.banjiran is not None:
        bets = d.get(BET_ROUND) or [None] * n
        b = carry.banjiran
        for p, bet in enumerate(bets):
            if bet is None or p == w:
                continue
            if w == b:
                items.append(("bal_lost", p, b, bet))
            else:
                items.append(("bal_won", p, w, min(bet, bets[w])))
        return [i for i in items if i[3]], pot
    if method in ("wudhon_tengah", "bal_balan", "pethitan"):
        code = "pethitan" if method == "pethitan" else "wudhon"
        items += [(f"{code}_stake", p, None, s) for p in range(n) if s]
        middle = pot + n * s
        if middle and (method != "pethitan" or d["instant"] is not None
                       or (d["last_lead"] is not None and GROUP_NAME[Kind.parse(d["last_lead"])] == DIKA)):
            items.append((f"{code}_win", None, w, middle))
            middle = 0
        return items, middle
    # undhuh-undhuh
    middle = pot
    if middle == 0:
        items += [("undhuh_stake", p, None, s) for p in range(n) if s]
        middle = n * s
    if d["instant"] == INSTANT_CINA or (o.undhuh_streak and streak >= 2):
        take = middle
        code = "undhuh_all"
    else:
        take = min(s, middle)
        code = "undhuh_win"
    if take:
        items.append((code, None, w, take))
    middle -= take
    for p, choice in enumerate(d.get(TOMPRANG_ROUND) or ()):
        if choice == TOMPRANG and p != w and s:
            items.append(("tomprang", p, w, s))
    return items, middle


def _pairwise(code: str, winners: Sequence[int], losers: Sequence[int], cents: int) -> list[SettlementItem]:
    """Every loser pays every winner ``cents``."""
    return [(code, lo, wi, cents) for wi in winners for lo in losers if cents]


def _side_items(d: dict, o: KartuLimaOptions, n: int,
                carry: KartuLimaCarry) -> tuple[list[SettlementItem], tuple[int, ...]]:
    """Roosters and side bets, and the holder bets carried on."""
    items: list[SettlementItem] = []
    everybody = range(n)
    if "roosters" in d:
        bettors = [p for p, r in enumerate(d["roosters"]) if r is not None]
        kills = d["kills"]
        items += _pairwise("rooster", kills, [p for p in bettors if p not in kills], o.rooster_stake)
    carried = list(carry.carried)
    for i, ((code, _kind), on) in enumerate(zip(HOLDER_BETS, o.holder_bets(), strict=True)):
        if not on:
            continue
        holders = d["holders"][code]
        if len(holders) == 1:
            h = holders[0]
            items += _pairwise(code, [h], [p for p in everybody if p != h], o.side_stake * (1 + carried[i]))
            carried[i] = 0
        else:
            carried[i] += 1
    if "lemon" in d:
        digits = d["lemon"]
        top = max(digits)
        items += _pairwise("lemon", [p for p in everybody if digits[p] == top],
                           [p for p in everybody if digits[p] < top], o.side_stake)
    top_card = d.get("top_card")
    if GOR_ROUND in d:
        right = [p for p in everybody if d[GOR_ROUND][p] == top_card]
        items += _pairwise("gor_goran", right, [p for p in everybody if p not in right], o.side_stake)
    if COLOUR_ROUND in d:
        colour = RED if Kind.parse(str(top_card)) in RED_KINDS else BLACK
        right = [p for p in everybody if d[COLOUR_ROUND][p] == colour]
        items += _pairwise("abang_ireng", right, [p for p in everybody if p not in right], o.side_stake)
    return items, tuple(carried)


def settle(result: HandResult, options: KartuLimaOptions, stake_cents: int = 0, pot: int = 0,
           carry: KartuLimaCarry | None = None) -> Settlement:
    """The hand's payments (amounts from the options; the match's stake per point is not used), itemised:
    the stake method's (``wudhon_stake`` / ``wudhon_win``, ``undhuh_stake`` / ``undhuh_win`` /
    ``undhuh_all`` / ``tomprang``, ``bal_lost`` / ``bal_won``, ``pethitan_stake`` / ``pethitan_win``),
    then ``rooster``, the holder bets by their codes, ``lemon``, ``gor_goran``, ``abang_ireng``.
    ``pot`` is the money in the middle before the hand; the carry after it goes in the settlement."""
    carry = carry or initial_carry()
    d = result.details
    n = len(result.points)
    w = d["winner"]
    streak = carry.streak + 1 if carry.banjiran == w else 1
    items, middle = _method_items(d, options, n, w, streak, pot, carry)
    won = sum(c for _code, _payer, payee, c in items if payee == w) - sum(
        c for _code, payer, _payee, c in items if payer == w)
    side, carried = _side_items(d, options, n, carry)
    items += side
    after = KartuLimaCarry(hands=carry.hands + 1, banjiran=w, streak=streak, won=max(0, won), pot=middle,
                           carried=carried)
    out = Settlement.from_items(n, pot, tuple(items))
    return Settlement(out.payments, out.pot, out.items, after)


def next_dealer(result: HandResult, dealer: int, n_players: int) -> int:
    """The banjiran (the hand's winner) deals the next hand."""
    return result.details["winner"]


def max_hand_actions(n_players: int, options: KartuLimaOptions | None = None) -> int:
    """The most actions a hand can have: five simultaneous rounds and a keep round of one choice each,
    five tricks of a card each, and a declaration."""
    return 6 * n_players + TRICKS * n_players + 1
