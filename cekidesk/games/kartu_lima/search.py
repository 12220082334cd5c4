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
    RED_KINDS,
    REVEAL,
    ROOSTER_ROUND,
    TOMPRANG_ROUND,
    TRICKS,
    KartuLimaState,
    KartuLimaView,
    beats,
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
    """Why ``action`` is good, as codes; each one is said only when its claim holds in ``view``
    (tests/test_hint_claims.py checks them): ``kartu-lima.reveal``, ``kartu-lima.mraji_papat``,
    ``kartu-lima.wins_last`` {kind} (no unseen card beats it, nor does any card on the fifth trick),
    ``kartu-lima.leads_for_last`` {kind} (the lead of the fourth trick no unseen card beats),
    ``kartu-lima.keeps_strong`` {kind} (the strongest card kept), ``kartu-lima.drains`` {group} (a
    lead of a group with unseen cards), ``kartu-lima.follows_low`` {kind} (the lowest of the led
    group in hand), ``kartu-lima.takes_trick`` {kind} (it beats the trick so far),
    ``kartu-lima.mberi_weakest`` {kind} (the weakest card of the hand), ``kartu-lima.rooster_dika``
    {kind} (a dika whose copy is unseen), ``kartu-lima.rooster_blind`` {kind} (tetep: the weakest
    card), ``kartu-lima.no_rooster`` (no dika whose copy is unseen), ``kartu-lima.guess_most`` {kind}
    (the hand's kind with most unseen copies), ``kartu-lima.colour_most`` {colour} (more unseen cards
    of it), ``kartu-lima.keeps_best``, ``kartu-lima.tomprang``, ``kartu-lima.no_tomprang``,
    ``kartu-lima.bet`` {amount} (each the heuristic's own choice)."""
    v = cast(KartuLimaView, view)
    verb = action.verb
    card = cast(Kind | None, action.card)
    if verb in (REVEAL, MRAJI_PAPAT):
        return ((f"kartu-lima.{verb}", {}),)
    if verb == BET:
        return (("kartu-lima.bet", {"amount": action.amount}),) if action.amount == bot.bet_amount(v) else ()
    if v.phase == ROOSTER_ROUND:
        return _rooster_reasons(v, card)
    if v.phase != PHASE_PLAY:
        return _round_reasons(v, action)
    if card is None:
        return ()
    code = card.code
    if verb == "mberi":
        weakest = min(POWER[k] for k in v.hand)
        return (("kartu-lima.mberi_weakest", {"kind": code}),) if POWER[card] == weakest else ()
    out: list[tuple[str, dict]] = []
    cur = v.current
    leading = cur is None or not cur.cards
    unseen = bot.unseen_kinds(v)
    safe = not any(n for k, n in unseen.items() if beats(k, card)) and (leading or _beats_trick(v, card))
    if v.trick == TRICKS:
        if safe:
            out.append(("kartu-lima.wins_last", {"kind": code}))
    elif v.trick == TRICKS - 1 and leading:
        if safe:
            out.append(("kartu-lima.leads_for_last", {"kind": code}))
    elif leading:
        if any(n for k, n in unseen.items() if GROUP[k] == GROUP[card]):
            out.append(("kartu-lima.drains", {"group": GROUP_NAME[card]}))
    elif RANK[card] == min(RANK[k] for k in v.hand if GROUP[k] == GROUP[card]):
        out.append(("kartu-lima.follows_low", {"kind": code}))
    elif _beats_trick(v, card):
        out.append(("kartu-lima.takes_trick", {"kind": code}))
    if v.trick < TRICKS:
        rest = list(v.hand)
        rest.remove(card)
        if rest:
            strongest = max(rest, key=POWER.__getitem__)
            out.append(("kartu-lima.keeps_strong", {"kind": strongest.code}))
    return tuple(out)


def _beats_trick(v: KartuLimaView, card: Kind) -> bool:
    """Whether ``card`` played now beats the card winning the trick so far."""
    cur = v.current
    if cur is None or not cur.cards:
        return True
    best = next((pl.kind for pl in reversed(cur.cards) if pl.seat == v.winning), None)
    return best is not None and beats(card, best)


def _rooster_reasons(v: KartuLimaView, card: Kind | None) -> tuple[tuple[str, dict], ...]:
    """A rooster (a dika whose copy is unseen can kill it; under tetep the weakest card) or none."""
    unseen = bot.unseen_kinds(v)
    if card is None:
        killers = [k for k in v.hand if GROUP_NAME[k] == DIKA and unseen[k]]
        return () if killers else (("kartu-lima.no_rooster", {}),)
    if GROUP_NAME[card] == DIKA:
        return (("kartu-lima.rooster_dika", {"kind": card.code}),) if unseen[card] else ()
    if v.options.roosters == "tetep" and POWER[card] == min(POWER[k] for k in v.hand):
        return (("kartu-lima.rooster_blind", {"kind": card.code}),)
    return ()


def _round_reasons(v: KartuLimaView, action: Action) -> tuple[tuple[str, dict], ...]:
    """The simultaneous rounds' choices: gor-goran, abang-ireng, a kept card, a tomprang."""
    verb = action.verb
    card = cast(Kind | None, action.card)
    unseen = bot.unseen_kinds(v)
    if verb == "gor" and card is not None:
        most = max(unseen[k] for k in v.hand)
        return (("kartu-lima.guess_most", {"kind": card.code}),) if most and unseen[card] == most else ()
    if verb in ("red", "black"):
        red = sum(n for k, n in unseen.items() if k in RED_KINDS)
        black = sum(unseen.values()) - red
        more = "red" if red > black else "black" if black > red else None
        return (("kartu-lima.colour_most", {"colour": verb}),) if verb == more else ()
    first = bot.scores(v)[0][0]
    if verb == "keep" and card is not None and first == action:
        return (("kartu-lima.keeps_best", {"kind": card.code}),)
    if verb in ("tomprang", "pass") and v.phase == TOMPRANG_ROUND and first == action:
        return ((f"kartu-lima.{'tomprang' if verb == 'tomprang' else 'no_tomprang'}", {}),)
    return ()


HOOKS = SearchHooks(playout=playout, rank=rank, evidence=KartuLimaEvidence, reasons=reasons,
                    plausible=plausible, beginner_mistakes=0.8,
                    steps_per_second=330_000.0, world_cost=25, clone_cost=12)

__all__ = ["HOOKS", "KartuLimaEvidence", "plausible", "playout", "rank", "reasons"]
