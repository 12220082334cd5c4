"""What the searching players need of Kartu Lima (:class:`~cekidesk.engine.search.SearchHooks`).

* The **playout policy** plays a hand out fast from the acting player's own cards and the trick on
  the table: it follows with the lowest card of the led group (the highest at the fifth trick), throws
  its weakest card face-down, leads its weakest card before the fifth trick and its strongest at it;
  in the rounds before the tricks it bets the least, adds no tomprang, lays a *dika* (any card in
  *tetep*) as its rooster, guesses its first card and "red", keeps its strongest card.  A card's
  strength is its place in its group (:data:`POWER`), a *dika* counted nearly top.
* The **evidence** the Expert reads (:class:`KartuLimaEvidence`): a player who threw a *mberi* on a
  led group holds no card of that group any more (the rules make them follow), so an imagined deal
  that gives them one is impossible.
* **Reasons** (codes for the hint's words, ``reason.<code>``): see :func:`reasons`.
* The **Beginner** plays a random plausible move most of the time (``beginner_mistakes`` 0.8): the
  playout policy alone keeps its strong cards for the end and is about as strong as Normal.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from cekidesk.engine.cards import ALL_KINDS, Kind
from cekidesk.engine.core import Action, GameState, View
from cekidesk.engine.search import SearchHooks

from . import bot
from .rules import (
    _GOR,
    _KEEP,
    _MBERI,
    _PLAY,
    _ROOSTER,
    _SIMPLE,
    BET,
    COLOUR_ROUND,
    DIKA,
    GOR_ROUND,
    GROUP,
    GROUP_NAME,
    KEEP_ROUND,
    MRAJI_PAPAT,
    PASS,
    PHASE_PLAY,
    RANK,
    RED,
    REVEAL,
    ROOSTER_ROUND,
    TOMPRANG_ROUND,
    TRICKS,
    KartuLimaState,
    KartuLimaView,
    void_groups,
)

#: a card's strength for the playout policy: its rank in its group out of the group's top, a dika 0.9
POWER = tuple(0.9 if GROUP_NAME[k] == DIKA else (RANK[k] + 1) / {0: 3, 1: 2, 2: 2, 3: 3}[GROUP[k]]
              for k in range(len(ALL_KINDS)))


def playout(state: GameState, rng: random.Random) -> Action:
    """The playout policy (see the module docstring)."""
    s = cast(KartuLimaState, state)
    if s.phase == PHASE_PLAY:
        return _play(s)
    p = s.rounds[s.ri].waiting()[0]
    name = s.phase
    kinds = [u % 30 for u in s.hands[p]]
    if name == TOMPRANG_ROUND:
        return _SIMPLE[PASS][p]
    if name == ROOSTER_ROUND:
        dika = [k for k in kinds if GROUP_NAME[k] == DIKA]
        if dika:
            return _ROOSTER[p][dika[0]]
        return _ROOSTER[p][min(kinds, key=POWER.__getitem__)] if s.options.roosters == "tetep" else _SIMPLE[PASS][p]
    if name == GOR_ROUND:
        return _GOR[p][kinds[0]]
    if name == COLOUR_ROUND:
        return _SIMPLE[RED][p]
    if name == KEEP_ROUND:
        return _KEEP[p][max(kinds, key=POWER.__getitem__)]
    lo, _hi = s.bet_cap()
    return Action(p, BET, amount=lo)


def _play(s: KartuLimaState) -> Action:
    p = s.turn
    if s.instant is not None:
        return _SIMPLE[REVEAL][p]
    hand = s.hands[p]
    if not s.t_cards:
        kinds = [u % 30 for u in hand if s.papat != p or u % 30 in s.papat_kinds]
        if s.trick_no == 1 and p == s.starter and s.papat < 0 and _two_pairs(hand):
            return _SIMPLE[MRAJI_PAPAT][p]
        pick = max if s.trick_no == TRICKS else min
        return _PLAY[p][pick(kinds, key=POWER.__getitem__)]
    g = GROUP[s.t_cards[0] % 30]
    follow = [u % 30 for u in hand if GROUP[u % 30] == g]
    if follow:
        pick = max if s.trick_no == TRICKS else min
        return _PLAY[p][pick(follow, key=RANK.__getitem__)]
    return _MBERI[p][min((u % 30 for u in hand), key=POWER.__getitem__)]


def _two_pairs(hand: Sequence[int]) -> bool:
    kinds = [u % 30 for u in hand]
    return sum(1 for k in set(kinds) if kinds.count(k) == 2 and (GROUP_NAME[k] == DIKA or RANK[k] == 2
                                                                    or GROUP[k] in (1, 2) and RANK[k] == 1)) >= 2


def plausible(view: View) -> list[Action]:
    """A beginner's moves: any legal move but a strong card thrown away (a *mberi* of a card that
    tops its group while a weaker one is in hand)."""
    v = cast(KartuLimaView, view)
    legal = list(v.legal)
    weakest = min((POWER[k] for k in v.hand), default=0.0)
    keep = [a for a in legal if a.verb != "mberi" or a.card is None or POWER[cast(Kind, a.card)] <= weakest + 0.34]
    return keep or legal


def rank(view: View) -> Sequence[tuple[Action, float]]:
    return bot.scores(cast(KartuLimaView, view))


class KartuLimaEvidence:
    """See the module docstring."""

    def __init__(self) -> None:
        self.voids: dict[int, set[int]] = {}

    def observe(self, view: View) -> None:
        self.voids = void_groups(cast(KartuLimaView, view))

    def weight(self, state: GameState) -> float:
        s = cast(KartuLimaState, state)
        for q, groups in self.voids.items():
            if any(GROUP[u % 30] in groups for u in s.hands[q]):
                return 0.0
        return 1.0


def reasons(view: View, action: Action) -> tuple[tuple[str, dict], ...]:
    """Why ``action`` is good, as codes: ``kartu-lima.reveal``, ``kartu-lima.mraji_papat``,
    ``kartu-lima.wins_last`` {kind} (it should win the fifth trick), ``kartu-lima.leads_for_last``
    {kind} (to lead the fifth), ``kartu-lima.keeps_strong`` {kind} (a card kept for the fifth),
    ``kartu-lima.drains`` {group} (a low lead of one's longest group), ``kartu-lima.follows_low``
    {kind}, ``kartu-lima.mberi_weakest`` {kind}, ``kartu-lima.rooster_dika`` {kind},
    ``kartu-lima.rooster_blind``, ``kartu-lima.no_rooster``, ``kartu-lima.guess_most`` {kind},
    ``kartu-lima.colour_most`` {colour}, ``kartu-lima.keeps_best`` {kind}, ``kartu-lima.tomprang``,
    ``kartu-lima.no_tomprang``, ``kartu-lima.bet`` {amount}."""
    v = cast(KartuLimaView, view)
    verb = action.verb
    card = cast(Kind | None, action.card)
    code = card.code if card is not None else None
    if verb in (REVEAL, MRAJI_PAPAT):
        return ((f"kartu-lima.{verb}", {}),)
    if verb == BET:
        return (("kartu-lima.bet", {"amount": action.amount}),)
    if verb in ("tomprang", "pass") and v.phase == TOMPRANG_ROUND:
        return ((f"kartu-lima.{'tomprang' if verb == 'tomprang' else 'no_tomprang'}", {}),)
    if v.phase == ROOSTER_ROUND:
        if card is None:
            return (("kartu-lima.no_rooster", {}),)
        return (("kartu-lima.rooster_dika" if GROUP_NAME[card] == DIKA else "kartu-lima.rooster_blind",
                 {"kind": code}),)
    if verb == "gor":
        return (("kartu-lima.guess_most", {"kind": code}),)
    if verb in ("red", "black"):
        return (("kartu-lima.colour_most", {"colour": verb}),)
    if verb == "keep":
        return (("kartu-lima.keeps_best", {"kind": code}),)
    if verb == "mberi":
        return (("kartu-lima.mberi_weakest", {"kind": code}),)
    if card is None:
        return ()
    out: list[tuple[str, dict]] = []
    cur = v.current
    leading = cur is None or not cur.cards
    if v.trick == TRICKS:
        out.append(("kartu-lima.wins_last", {"kind": code}))
    elif v.trick == TRICKS - 1 and leading:
        out.append(("kartu-lima.leads_for_last", {"kind": code}))
    elif leading:
        out.append(("kartu-lima.drains", {"group": GROUP_NAME[card]}))
    else:
        out.append(("kartu-lima.follows_low", {"kind": code}))
    if v.trick < TRICKS:
        rest = list(v.hand)
        rest.remove(card)
        if rest:
            strongest = max(rest, key=POWER.__getitem__)
            out.append(("kartu-lima.keeps_strong", {"kind": strongest.code}))
    return tuple(out)


HOOKS = SearchHooks(playout=playout, rank=rank, evidence=KartuLimaEvidence, reasons=reasons,
                    plausible=plausible, beginner_mistakes=0.8,
                    steps_per_second=330_000.0, world_cost=25, clone_cost=12)

__all__ = ["HOOKS", "KartuLimaEvidence", "plausible", "playout", "rank", "reasons"]
