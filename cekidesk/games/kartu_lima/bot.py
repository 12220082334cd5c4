"""The Kartu Lima heuristic bot (the Normal level).

It reads only its :class:`~cekidesk.games.kartu_lima.rules.KartuLimaView` and scores each legal
decision.  Only the fifth trick counts, so the heart of it is one number per card, its **hold**: the
chance that the card, led, is not beaten — no unseen card of its group of equal or higher rank in
the hands of the players still holding cards (a hypergeometric estimate over the cards the viewer
has not seen: the others' hands, their face-down *mberi*, the pack).  A *dika* whose copy the viewer
has seen or holds is certain; a *cina cilik* below the Red Flower almost never holds.

* **Leading** before the fourth trick: the card with the lowest hold, from the group the viewer holds
  most of (it drains that group from the others, and keeps the strong cards for the end).  At the
  fourth trick: the card most likely to win it when the viewer keeps a strong card for the fifth
  (the trick's winner leads the last one).  At the fifth: the card with the highest hold.
* **Following** the led group: at the fifth trick (or the fourth, keeping a strong card) the
  cheapest card that beats the trick so far; otherwise the lowest card of the group.
* **Mberi** (face-down): the card with the lowest hold.  Each other player's *mberi* on a led group
  tells that they hold no more of it: their later cards are not counted as beaters of that group.
* **Bets, roosters, side bets** from the hand: the bal-balan bet and a *tomprang* grow with the best
  hold of the hand; a rooster is a *dika* whose copy the viewer has not seen (it can kill only that
  copy) — in *tetep* the weakest card when there is none; the gor-goran guess is the hand's kind with
  the most copies unseen; abang-ireng the colour of most unseen cards; after *mraji papat* the card
  kept is the strongest.  *mraji papat* and an instant win are always declared.

The decision uses nothing but the view and is deterministic: the random generator is not used.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import cast

from cekidesk.engine.bot import Bot
from cekidesk.engine.cards import ALL_KINDS, Kind
from cekidesk.engine.core import Action

from .rules import (
    BET,
    BLACK,
    DIKA,
    GAME_ID,
    GOR,
    GROUP,
    GROUP_NAME,
    KEEP,
    MBERI,
    MRAJI_PAPAT,
    PASS,
    PLAY,
    RANK,
    RED,
    RED_KINDS,
    REVEAL,
    ROOSTER,
    TOMPRANG,
    TRICKS,
    KartuLimaView,
    beats,
    void_groups,
)

#: the trick from which the bot plays to win tricks (the winner leads the next one)
FIGHT_FROM = 2
#: the bal-balan bet and the tomprang: the best hold of the hand above which the bot bets high
BOLD, MIDDLING = 0.75, 0.45


def seen_kinds(view: KartuLimaView) -> Counter:
    """The copies of each kind the viewer has seen (own hand, face-up cards, own face-down cards,
    the *mraji papat* shown cards, the pack's top card once shown)."""
    seen: Counter = Counter(view.hand)
    seen.update(view.discarded)
    tricks = (*view.tricks, *((view.current,) if view.current is not None else ()))
    for t in tricks:
        seen.update(pl.kind for pl in t.cards if pl.kind is not None)
    shower, shown = view.papat
    if shower is not None and shower != view.viewer:
        left = Counter(shown)
        for t in tricks:
            for pl in t.cards:
                if pl.seat == shower and pl.kind in left:
                    left[pl.kind] -= 1
        seen.update(left.elements())
    if view.top_card is not None:
        seen[view.top_card] += 1
    return seen


def unseen_kinds(view: KartuLimaView) -> Counter:
    """The copies of each kind the viewer has not seen."""
    seen = seen_kinds(view)
    return Counter({k: 2 - seen[k] for k in ALL_KINDS if seen[k] < 2})


class _Reader:
    """What the viewer knows of the unseen cards, for holds."""

    def __init__(self, view: KartuLimaView):
        self.view = view
        self.unseen = unseen_kinds(view)
        self.total = sum(self.unseen.values())
        me = view.viewer
        self.others = [q for q in range(view.n_players) if q != me and view.hand_counts[q] > 0]
        self.voids = void_groups(view)

    def hold(self, kind: Kind, after: Iterable[int] | None = None) -> float:
        """The chance that no player of ``after`` (default: every other player with cards) holds a
        card that beats ``kind`` led."""
        beaters = sum(n for k, n in self.unseen.items() if beats(k, kind))
        if beaters == 0 or self.total == 0:
            return 1.0
        players = self.others if after is None else [q for q in after if q in self.others]
        held = sum(self.view.hand_counts[q] for q in players if GROUP[kind] not in self.voids.get(q, ()))
        p = 1.0
        total = self.total
        for i in range(beaters):
            if total - i <= 0:
                return 0.0
            p *= max(0.0, (total - held - i) / (total - i))
        return p

    def follow(self, kind: Kind) -> float:
        """The chance that ``kind``, kept, takes a trick another player leads: that the lead is a card
        of its group it beats (an unseen card of the group up to its rank, as a share of the unseen)."""
        if not self.total:
            return 0.0
        under = sum(n for k, n in self.unseen.items() if beats(kind, k))
        return under / self.total


def _power(kind: Kind) -> float:
    """A card's strength regardless of what is seen: its rank in its group (dika counted high)."""
    return 0.9 if GROUP_NAME[kind] == DIKA else (RANK[kind] + 1) / 3


def scores(view: KartuLimaView) -> list[tuple[Action, float]]:
    """The heuristic's score of each of the viewer's legal actions (higher is better), best first;
    ties keep the legal order.  A bet in a range is not among them (see :func:`bet_amount`)."""
    legal = view.legal
    if len(legal) == 1:
        return [(legal[0], 0.0)]
    r = _Reader(view)
    keyed = [(a, _score(view, r, a)) for a in legal]
    order = sorted(range(len(keyed)), key=lambda i: (-keyed[i][1], i))
    return [keyed[i] for i in order]


def _after_me(view: KartuLimaView) -> list[int]:
    """The seats still to play to the current trick after the viewer (anticlockwise)."""
    n = view.n_players
    played = {pl.seat for pl in view.current.cards} if view.current is not None else set()
    return [q for q in ((view.viewer - i) % n for i in range(1, n)) if q not in played]


def _score(view: KartuLimaView, r: _Reader, a: Action) -> float:
    verb = a.verb
    if verb in (REVEAL, MRAJI_PAPAT):
        return 100.0
    card = cast(Kind | None, a.card)
    if verb == PLAY and card is not None:
        return _play_score(view, r, card)
    if verb == MBERI and card is not None:
        return -r.hold(card) - _power(card) / 10
    if verb == KEEP and card is not None:
        return r.hold(card)
    if verb in (ROOSTER, PASS) and view.phase == "rooster":
        return _rooster_score(view, r, card)
    if verb in (TOMPRANG, PASS):
        best = max((r.hold(k) for k in view.hand), default=0.0)
        return (best - MIDDLING) * (1 if verb == TOMPRANG else -1)
    if verb == GOR and card is not None:
        return r.unseen[card] + _power(card) / 100
    if verb in (RED, BLACK):
        red = sum(n for k, n in r.unseen.items() if k in RED_KINDS)
        black = r.total - red
        return (red - black) * (1 if verb == RED else -1)
    return 0.0


def _rest(hand: Sequence[Kind], card: Kind) -> list[Kind]:
    rest = list(hand)
    rest.remove(card)
    return rest


def _future(r: _Reader, rest: Sequence[Kind]) -> tuple[float, float]:
    """What the cards kept are worth: (as the next leader, as a follower) — the best hold among them,
    and the best chance that one of them takes a trick another player leads."""
    if not rest:
        return 1.0, 1.0
    return max(r.hold(k) for k in rest), max(r.follow(k) for k in rest)


def _play_score(view: KartuLimaView, r: _Reader, card: Kind) -> float:
    """The chance of winning the hand, roughly.  Only the fifth trick counts and its leader nearly
    always wins it, so from trick ``FIGHT_FROM`` on a card is worth the chance it takes this trick (its
    hold, against the players still to play when following) times what the cards kept are worth as the
    next leader, plus the chance it does not times what they are worth as a follower.  Before that the
    bot plays its weakest card (the lowest of the led group; a lead from its longest group)."""
    t = view.trick
    cur = view.current
    leading = cur is None or not cur.cards
    if cur is None or not cur.cards:
        takes = r.hold(card)
    else:
        best = next(pl.kind for pl in reversed(cur.cards) if pl.seat == view.winning)
        takes = r.hold(card, _after_me(view)) if best is not None and beats(card, best) else 0.0
    if t >= FIGHT_FROM:
        lead, follow = _future(r, _rest(view.hand, card))
        return takes * lead + (1 - takes) * follow * (t < TRICKS)
    if leading:
        same = sum(1 for k in view.hand if GROUP[k] == GROUP[card])
        return -takes - _power(card) / 10 + same / 100
    return -_power(card)


def _rooster_score(view: KartuLimaView, r: _Reader, card: Kind | None) -> float:
    if card is None:   # pass
        return 0.0
    if GROUP_NAME[card] == DIKA:
        # it can kill only its copy, led by someone else: worth it while that copy is unseen
        return 1.0 + r.unseen[card] - view.hand.count(card)
    return -1.0 - _power(card)   # tetep without a dika: the weakest card


def bet_amount(view: KartuLimaView) -> int:
    """The bal-balan bet: the lowest, the middle or the highest allowed by the hand's best hold."""
    rng_ = next(x for x in view.ranges if x.verb == BET)
    r = _Reader(view)
    best = max((r.hold(k) for k in view.hand), default=0.0)
    if best >= BOLD:
        return rng_.hi
    if best >= MIDDLING:
        return rng_.clamp((rng_.lo + rng_.hi) // 2)
    return rng_.lo


class KartuLimaHeuristicBot(Bot[KartuLimaView]):
    game_id = GAME_ID
    level = "normal"
    view_type = KartuLimaView

    def choose(self, view: KartuLimaView, rng: random.Random) -> Action:
        self.check_view(view)
        if view.ranges:
            return view.ranges[0].action(view.viewer, bet_amount(view))
        return scores(view)[0][0]
