"""What the seven games of the Balik Satu family are made of: decks, set sizes, groups, and the pure,
fast functions over a hand's 30-int count vector that the rules, the bots and the playouts share
(is it winning, which cards would make it win, how many *matas* it holds, its sets for display).

A hand's *count vector* has one entry per :class:`~cekidesk.engine.cards.Kind` (0–29): how many
cards of that kind it holds.  A set is ``s`` cards of one *group* (``s`` = 3, or 2 in Tantanan and
Cekèn); a set of one kind is a *mata* (the games' *olo*, *bak*).  A hand of ``5·s`` cards (``3·s`` in
the pair games) is winning when every group's count is a multiple of ``s`` and some kind has ``s``
copies or more: the rest of each group always makes mixed sets (RULINGS §5).

Deck sizes (RULINGS §5, in half-packs of 30 cards): the Babas column for every count; Pwee and Amaro
where they give one.  **(house)** where the chosen column gives no count for the number of players,
the Babas count is used.  Gonggong: sets of 30 (180 cards for 4, 240 for 6), or as an option packs of
60; **(house)** with 5 players 7 of them.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from cekidesk.engine.cards import Kind

from . import scoring
from .options import BalikOptions, rules_of

#: the family's game ids, in the New Game dialog's order
GAME_IDS: tuple[str, ...] = ("balik-satu", "chaqui", "balik-lima-belas", "chot", "gonggong", "tantanan",
                             "ceken")
#: the games whose deck follows the ``deck_column`` option
COLUMN_GAMES = frozenset({"balik-satu", "chaqui", "balik-lima-belas"})
#: the games where a win may come on a card taken from the discard pile (*metu*), and where a
#: caller may claim a discard (house)
METU_GAMES = frozenset({"gonggong", "tantanan", "ceken"})
#: half-packs by number of players, per column of RULINGS §5
DECK_COLUMNS: dict[str, dict[int, int]] = {
    "babas": {n: n + 2 for n in range(2, 15)},
    "pwee": {2: 5, 3: 6, 5: 7, 7: 8, 9: 9, 11: 10, 13: 11},
    "amaro": {3: 4, 5: 6, 7: 8, 9: 10, 11: 12, 13: 14},
}
#: Gonggong's deck (``deck="sets"``, the default): the source's count, "six sets of cards (180 cards)
#: for four players, or eight sets (240 cards) for six", a set being 30 cards (half a pack); 5 with 7
#: is house (RULINGS §5, corrected 2026-11-28: it read "6 packs")
GONGGONG_SETS: dict[int, int] = {4: 6, 5: 7, 6: 8}
#: Gonggong's ``deck="packs"`` option, the larger deal of the former reading: packs of 60 (six for
#: four, seven for five, eight for six)
GONGGONG_PACKS: dict[int, int] = {4: 12, 5: 14, 6: 16}
#: the fixed decks (half-packs by number of players) of the other games, Gonggong's by default
FIXED_DECKS: dict[str, dict[int, int]] = {
    "chot": {4: 6},
    "gonggong": GONGGONG_SETS,
    "tantanan": {4: 2},
    "ceken": {3: 2},
}
#: (fewest, most, usual) players per game
PLAYERS: dict[str, tuple[int, int, int]] = {
    "balik-satu": (2, 14, 4), "chaqui": (2, 14, 4), "balik-lima-belas": (2, 14, 4), "chot": (4, 4, 4),
    "gonggong": (4, 6, 4), "tantanan": (4, 4, 4), "ceken": (3, 3, 3),
}


def half_packs(game_id: str, n_players: int, options: BalikOptions | None = None) -> int:
    """The deck of ``game_id`` for ``n_players`` under the table's ``options`` (their
    ``deck_column``, or Gonggong's ``deck``; None: the defaults), in half-packs of 30 cards."""
    rules = rules_of(options) if options is not None else None
    if game_id in COLUMN_GAMES:
        column = rules.deck_column if rules is not None else "babas"
        return DECK_COLUMNS[column].get(n_players, DECK_COLUMNS["babas"][n_players])
    if game_id == "gonggong" and rules is not None and rules.deck == "packs":
        return GONGGONG_PACKS[n_players]
    return FIXED_DECKS[game_id][n_players]


@dataclass(frozen=True)
class Shape:
    """One game's hand shape under one setting of ``yu_one_rank``: the set size ``s``, the hand
    held between turns (``hand``; the first player is dealt one more), each kind's group and each
    group's kinds."""

    s: int
    hand: int
    group: tuple[int, ...]
    members: tuple[tuple[int, ...], ...]

    def group_sums(self, counts: Sequence[int]) -> list[int]:
        get = counts.__getitem__
        return [sum(map(get, ks)) for ks in self.members]

    def is_winning(self, counts: Sequence[int]) -> bool:
        """Whether a hand of ``hand + 1`` cards is winning (every group a multiple of ``s``, and a
        kind with ``s`` copies or more)."""
        s = self.s
        get = counts.__getitem__
        for ks in self.members:
            if sum(map(get, ks)) % s:
                return False
        return max(counts) >= s

    def wait_group(self, counts: Sequence[int]) -> int:
        """The one group one card short of its sets (all others complete), or -1."""
        s, found = self.s, -1
        get = counts.__getitem__
        for g, ks in enumerate(self.members):
            r = sum(map(get, ks)) % s
            if r:
                if r != s - 1 or found >= 0:
                    return -1
                found = g
        return found

    def waits(self, counts: Sequence[int]) -> tuple[int, ...]:
        """The kinds that would make this hand of ``hand`` cards winning: any kind of the short group
        when the hand holds a mata already (*tan*), else those that would make one (*ceki*)."""
        g = self.wait_group(counts)
        if g < 0:
            return ()
        if max(counts) >= self.s:
            return self.members[g]
        return tuple(k for k in self.members[g] if counts[k] == self.s - 1)

    def call_kind(self, counts: Sequence[int]) -> str:
        """*tan* when the hand holds a mata (any card of the short group wins), else *ceki*."""
        return "tan" if max(counts) >= self.s else "ceki"

    def max_matas(self, counts: Sequence[int]) -> int:
        """How many matas a winning hand makes at most: Σ ⌊c_k / s⌋."""
        s = self.s
        return sum(c // s for c in counts)

    def sets(self, counts: Sequence[int]) -> tuple[tuple[Kind, ...], ...]:
        """The complete sets of a hand for display: its matas first (kind order), then the mixed
        sets of each group from the cards left (lowest kinds first); cards that make no set are
        left out."""
        s = self.s
        matas = [(Kind(k),) * s for k in range(30) for _ in range(counts[k] // s)]
        mixed: list[tuple[Kind, ...]] = []
        for ks in self.members:
            rest = [Kind(k) for k in ks for _ in range(counts[k] % s)]
            mixed += [tuple(rest[i:i + s]) for i in range(0, len(rest) - len(rest) % s, s)]
        return tuple(matas + mixed)


@cache
def shape(game_id: str, yu_one_rank: bool = True) -> Shape:
    """The hand shape of ``game_id`` (the groups as the scoring counts them)."""
    s = scoring.set_size(game_id)
    group = scoring.group_table(game_id, yu_one_rank)
    members = tuple(tuple(k for k in range(30) if group[k] == g) for g in range(max(group) + 1))
    return Shape(s=s, hand=5 * s - 1 if s == 3 else 5, group=group, members=members)


def counts_of(kinds: Sequence[Kind]) -> list[int]:
    """The 30-int count vector of ``kinds``."""
    return scoring.counts_of(kinds)


__all__ = ["COLUMN_GAMES", "DECK_COLUMNS", "FIXED_DECKS", "GAME_IDS", "GONGGONG_SETS", "METU_GAMES", "PLAYERS",
           "Shape", "counts_of", "half_packs", "shape"]
