"""Card values: the 30 Ceki kinds, physical Ceki cards, and Western cards.

A *kind* is what a player reads off a card (``S9`` is the 9 of Strings); a *card* is one physical
copy of a kind in a particular deck (a two-pack Ceki deck holds four copies of each kind).  Both are
small immutable values whose codes round-trip through ``str`` / ``parse``.

Games refer to kinds in their actions (copies of a kind are interchangeable in play) and keep the
physical cards in their state, so that every card can be accounted for.
"""
from __future__ import annotations

import enum
from functools import cache
from typing import NamedTuple


class CardCodeError(ValueError):
    """A card code that names no card, e.g. ``"S0"`` or ``"XX"``."""


class Suit(enum.Enum):
    COINS = "C"
    STRINGS = "S"
    MYRIADS = "M"
    HONOURS = "H"


class Counting(enum.Enum):
    """The counting schemes of RULINGS §1; each game names the one it uses."""

    JAVANESE = "javanese"      # RF, OT, M1 = 10; WF, C1, S1 = 1; others pip rank
    CEKI = "ceki"              # honours = 1; others pip rank (M1 = 1)
    BALIK_SATU = "balik_satu"  # pip rank; S9 = 10, RF = 11, OT = 12 (WF = 1)


_SUIT_ORDER = (Suit.COINS, Suit.STRINGS, Suit.MYRIADS)
_HONOUR_CODES = ("WF", "RF", "OT")


class Kind(enum.IntEnum):
    """One of the 30 Ceki card kinds.  The integer value is a dense index 0..29."""

    C1 = 0; C2 = 1; C3 = 2; C4 = 3; C5 = 4; C6 = 5; C7 = 6; C8 = 7; C9 = 8  # noqa: E702
    S1 = 9; S2 = 10; S3 = 11; S4 = 12; S5 = 13; S6 = 14; S7 = 15; S8 = 16; S9 = 17  # noqa: E702
    M1 = 18; M2 = 19; M3 = 20; M4 = 21; M5 = 22; M6 = 23; M7 = 24; M8 = 25; M9 = 26  # noqa: E702
    WF = 27
    RF = 28
    OT = 29

    @property
    def code(self) -> str:
        return self.name

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, code: str) -> Kind:
        try:
            return cls[code.strip().upper()]
        except (KeyError, AttributeError):
            raise CardCodeError(
                f"{code!r} is not a Ceki card code (expected C1–C9, S1–S9, M1–M9, WF, RF or OT)"
            ) from None

    @property
    def suit(self) -> Suit:
        return _SUIT_ORDER[self.value // 9] if self.value < 27 else Suit.HONOURS

    @property
    def pips(self) -> int:
        """The printed rank 1–9 of a suited card; 0 for the three honours."""
        return self.value % 9 + 1 if self.value < 27 else 0

    @property
    def is_honour(self) -> bool:
        return self.value >= 27

    @property
    def red_stamp(self) -> bool:
        return self in _RED

    @property
    def is_iyo(self) -> bool:
        """The rank-1 (*iyo*, *yu*) class: WF, RF, OT, C1, S1, M1."""
        return self in _IYO

    @property
    def frame(self) -> int:
        """The rank frame printed around the picture: 1–9; WF and RF carry the 1-frame, OT none (0)."""
        if self is Kind.OT:
            return 0
        return 1 if self.value >= 27 else self.pips

    def value_in(self, counting: Counting) -> int:
        return _VALUES[counting][self.value]


_RED = frozenset({Kind.S9, Kind.RF, Kind.OT})
_IYO = frozenset({Kind.WF, Kind.RF, Kind.OT, Kind.C1, Kind.S1, Kind.M1})
ALL_KINDS: tuple[Kind, ...] = tuple(Kind)


def _values(counting: Counting) -> tuple[int, ...]:
    out = []
    for k in ALL_KINDS:
        if counting is Counting.JAVANESE:
            v = 10 if k in (Kind.RF, Kind.OT, Kind.M1) else (1 if k.is_honour else k.pips)
        elif counting is Counting.CEKI:
            v = 1 if k.is_honour else k.pips
        else:
            v = {Kind.S9: 10, Kind.RF: 11, Kind.OT: 12, Kind.WF: 1}.get(k, k.pips)
        out.append(v)
    return tuple(out)


_VALUES = {c: _values(c) for c in Counting}


class Card(NamedTuple):
    """One physical Ceki card: a kind and which copy of it (0-based) in its deck.

    ``str(card)`` is ``"S9"`` for copy 0 and ``"S9.2"`` for copy 2; :meth:`parse` accepts both.
    ``uid`` is unique within a deck: ``copy * 30 + kind``.
    """

    kind: Kind
    copy: int = 0

    @property
    def uid(self) -> int:
        return self.copy * 30 + self.kind.value

    @classmethod
    def from_uid(cls, uid: int) -> Card:
        return _card_from_uid(uid)

    @property
    def code(self) -> str:
        return self.kind.name

    def __str__(self) -> str:
        return self.kind.name if self.copy == 0 else f"{self.kind.name}.{self.copy}"

    def __repr__(self) -> str:
        return f"Card({self})"

    @classmethod
    def parse(cls, text: str) -> Card:
        code, _, copy = text.strip().partition(".")
        if copy and not copy.isdecimal():
            raise CardCodeError(f"{text!r} is not a card: the copy after '.' must be a number")
        return cls(Kind.parse(code), int(copy) if copy else 0)


@cache
def _card_from_uid(uid: int) -> Card:
    if uid < 0:
        raise CardCodeError(f"card id {uid} is negative")
    return Card(Kind(uid % 30), uid // 30)


def ceki_deck(half_packs: int = 4) -> list[Card]:
    """A Ceki deck of ``half_packs`` copies of each kind, in uid order (30 × half_packs cards).

    A pack is 60 cards (two half-packs); Ceki and Pèi use two packs (``half_packs=4``), Kartu Lima one
    (``2``) and Balik Satu counts in half-packs.
    """
    if half_packs < 1:
        raise ValueError("a deck needs at least one half-pack")
    return [Card.from_uid(u) for u in range(30 * half_packs)]


# ---------------------------------------------------------------------------------------------
# Western cards (Ce Pe)

class WSuit(enum.Enum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"


_W_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_W_SUITS = tuple(WSuit)


class WKind(NamedTuple):
    """A Western card face: rank 1 (ace) … 13 (king) and suit.  Codes ``AS`` … ``10H`` … ``KD``."""

    rank: int
    suit: WSuit

    @property
    def code(self) -> str:
        return _W_RANKS[self.rank - 1] + self.suit.value

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"WKind({self.code})"

    @property
    def number(self) -> int:
        """The face's place in a deck, 0 … 51 (not ``index``: that would hide the tuple's method)."""
        return _W_SUITS.index(self.suit) * 13 + self.rank - 1

    @classmethod
    def parse(cls, code: str) -> WKind:
        text = code.strip().upper()
        rank, suit = text[:-1], text[-1:]
        if rank not in _W_RANKS or suit not in "SHDC" or not suit:
            raise CardCodeError(f"{code!r} is not a Western card code (expected AS, 2S … 10S, JS, QS, KS)")
        return cls(_W_RANKS.index(rank) + 1, WSuit(suit))


ALL_WKINDS: tuple[WKind, ...] = tuple(WKind(r, s) for s in _W_SUITS for r in range(1, 14))


class WCard(NamedTuple):
    """One physical Western card: a face and which deck (0-based) it came from."""

    kind: WKind
    copy: int = 0

    @property
    def uid(self) -> int:
        return self.copy * 52 + self.kind.number

    def __str__(self) -> str:
        return self.kind.code if self.copy == 0 else f"{self.kind.code}.{self.copy}"

    @classmethod
    def parse(cls, text: str) -> WCard:
        code, _, copy = text.strip().partition(".")
        if copy and not copy.isdecimal():
            raise CardCodeError(f"{text!r} is not a card: the copy after '.' must be a number")
        return cls(WKind.parse(code), int(copy) if copy else 0)


def western_deck(decks: int = 1) -> list[WCard]:
    if decks < 1:
        raise ValueError("at least one deck is needed")
    return [WCard(ALL_WKINDS[i], d) for d in range(decks) for i in range(52)]


def parse_kind(code: str) -> Kind | WKind:
    """Parse a Ceki or a Western card code (the two code sets are disjoint)."""
    try:
        return Kind.parse(code)
    except CardCodeError:
        pass
    try:
        return WKind.parse(code)
    except CardCodeError:
        raise CardCodeError(f"{code!r} is not a card code") from None
