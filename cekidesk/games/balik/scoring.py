"""Scoring and settling a won hand of the Balik Satu family (no Qt).

The interface between the family's rules (``rules.py``, which calls :func:`score_win` when a hand is
won) and the match (which calls :func:`settle` per game id).  See each game's section of RULINGS §5.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cekidesk.engine.cards import Kind


@dataclass(frozen=True)
class WinFacts:
    """What the rules know about a win, for scoring it."""

    game_id: str
    winner: int
    n_players: int
    hand: tuple[Kind, ...]        # the winning 15 (or 6) cards, the winning card included
    card: Kind | None             # the winning card (None: a dealt winning hand)
    how: str                      # "self" | "claim" | "take" | "dealt"
    drawn_by: int | None          # who drew the winning card from the stock (None: a discard / dealt)
    called_ceki: bool             # the winner's call was still *ceki* when they won
    exposed: tuple[Kind, ...] = ()


@dataclass(frozen=True)
class Score:
    """How a win scored: the cards turned from the stock, the swaps they allowed, the winner's sets
    after the swaps (matas first), the build-up ``items`` as (code, points), the ``total``, whether
    the hand is to be replayed, and (Chot) the size of the tokens taken ("one" / "ten")."""

    turned: tuple[Kind, ...]
    swaps: tuple[tuple[Kind, Kind], ...]
    sets: tuple[tuple[Kind, ...], ...]
    items: tuple[tuple[str, int], ...]
    total: int
    replay: bool = False
    tokens: str | None = None


def score_win(facts: WinFacts, options: Any, stock: Sequence[Kind]) -> Score:
    """Score a win; ``stock`` is what is left of the stock, top card first (the cards the scoring
    turns are taken from its front).  Pure and deterministic."""
    raise NotImplementedError  # written by the scoring half of issue 13
