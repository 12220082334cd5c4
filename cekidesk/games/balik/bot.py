"""The Normal computer player of the Balik Satu family (one class per game id, one heuristic).

It reads only its :class:`~cekidesk.games.balik.rules.BalikView` and scores every legal action:

* **Live cards.**  For each kind, the copies it has not seen: not in its hand, on the pile, exposed,
  or known to be in another hand (taken from the pile, a revealed draw kept).
* **Hand value** (``_Judge.value``): each complete set counts 1; each group short of a set counts
  :data:`PART` of a set, times how live the group is (``live / (live + 3)``): a group nobody can
  complete any more is worth nothing, so its cards go first.  The hand needs a mata: holding one
  counts :data:`MATA`, else the best kind one short of a mata counts by its live copies.  Further
  matas count a little (they score), red ones more where red scores.  A waiting hand counts
  :data:`WAIT` by its live outs, more for a *ceki* wait where *ayam* / *kandang* pay extra.
* **Discard**: the card whose removal leaves the best value (a caller is offered only discards that
  keep the wait, so *tan* against keeping a *ceki* wait is this same comparison: outs × value).
* **Draw or take**: take when the best hand after taking beats the expected hand after a stock draw
  (each kind drawn with the chance of its live share).  A take that wins (*metu*) is always taken.
* **Call** when waiting, **(house)** unless a *ceki* wait has no live outs; **claim** and **win**
  always.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from cekidesk.engine.bot import Bot
from cekidesk.engine.cards import Kind
from cekidesk.engine.core import Action

from . import scoring
from .family import GAME_IDS, Shape, half_packs
from .options import rules_of
from .rules import (
    CALL,
    CEKI,
    CLAIM,
    DRAW,
    NO_CALL,
    PASS,
    PHASE_DRAW,
    TAKE,
    WIN,
    BalikView,
    shape_of,
)

# Tuning (see tests/test_balik_bots.py and bench/README.md).
LIVE_SOFT = 3.0      # a group short of a set counts by live / (live + LIVE_SOFT)
#: what a group's cards short of a set count, by set size and cards held (a pair more than twice a
#: lone card: it needs one card, not two)
PART = {3: (0.0, 0.2, 0.6), 2: (0.0, 0.45)}
MATA = 0.8           # holding a mata (a win needs one)
MATA_MORE = 0.15     # each further mata (it scores)
RED_MORE = 0.1       # a red mata where red matas score more
WAIT = 2.0           # a waiting hand, by its live outs
OUTS_SOFT = 2.0      # ... as outs / (outs + OUTS_SOFT)
WIN_POINTS = 6.0     # about what a plain win scores, to weigh a ceki wait's call bonus
DRAW_CANDIDATES = 3  # discards considered for each possible stock card
TOP = 1e9            # a move the bot always makes (win, claim, a take that wins)

#: the games whose red matas score more
_RED_GAMES = frozenset({"balik-satu", "gonggong", "tantanan", "ceken"})


def live_kinds(view: BalikView) -> list[int]:
    """For each kind, the copies the viewer has not seen (in others' hands out of sight, or the stock)."""
    per_kind = half_packs(view.game_id, view.n_players, view.options)
    live = [per_kind] * 30
    for k in view.hand:
        live[k] -= 1
    for k, _t in view.discards:
        live[k] -= 1
    for q in range(view.n_players):
        if q != view.viewer:
            for k in view.known[q]:
                live[k] -= 1
            for k in view.exposed[q]:
                live[k] -= 3
    if view.claim is not None and view.claim[2] == "stock":
        live[view.claim[0]] -= 1
    return [max(0, x) for x in live]


class _Judge:
    """One decision's facts: the shape, the live copies, what a ceki wait is worth."""

    __slots__ = ("shape", "live", "ceki_factor", "red")

    def __init__(self, view: BalikView):
        self.shape: Shape = shape_of(view.game_id, view.options)
        self.live = live_kinds(view)
        bonus = rules_of(view.options).call_bonus
        ayam = scoring.CALL_BONUS[bonus][0] if bonus is not None else 0
        self.ceki_factor = 1.0 + ayam / WIN_POINTS
        self.red = view.game_id in _RED_GAMES

    def value(self, counts: list[int]) -> float:
        """See the module docstring."""
        shp, live = self.shape, self.live
        s = shp.s
        v = 0.0
        for ks in shp.members:
            total = 0
            lg = 0
            for k in ks:
                total += counts[k]
                lg += live[k]
            v += total // s
            r = total % s
            if r and lg:
                v += PART[s][r] * lg / (lg + LIVE_SOFT)
        matas = 0
        best_near = 0.0
        for k in range(30):
            c = counts[k]
            if c >= s:
                matas += c // s
                if self.red and Kind(k).red_stamp:
                    v += RED_MORE
            elif c == s - 1 and live[k]:
                best_near = max(best_near, live[k] / (live[k] + 1.0))
        v += MATA + MATA_MORE * (matas - 1) if matas else MATA * 0.5 * best_near
        if sum(counts) == shp.hand:
            waits = shp.waits(counts)
            if waits:
                outs = sum(live[k] for k in waits)
                w = WAIT * outs / (outs + OUTS_SOFT)
                v += w * self.ceki_factor if not matas else w
        return v


def scores(view: BalikView) -> list[tuple[Action, float]]:
    """The heuristic's score of each of the viewer's legal actions, best first (the first is what
    the Normal bot plays)."""
    legal = view.legal
    if len(legal) == 1:
        return [(legal[0], 0.0)]
    verbs = {a.verb: a for a in legal}
    for verb in (WIN, CLAIM):
        if verb in verbs:
            return [(verbs[verb], TOP)] + [(a, 0.0) for a in legal if a.verb != verb]
    if CALL in verbs:
        return _call_scores(view, verbs[CALL], verbs[NO_CALL])
    if PASS in verbs:
        return [(verbs[PASS], 0.0)]
    judge = _Judge(view)
    counts = [0] * 30
    for k in view.hand:
        counts[k] += 1
    if view.phase == PHASE_DRAW:
        return _draw_scores(view, judge, counts, verbs)
    out = []
    for a in legal:
        k = cast(Kind, a.card)
        counts[k] -= 1
        out.append((a, judge.value(counts) - 1e-4 * judge.live[k]))
        counts[k] += 1
    out.sort(key=lambda x: (-x[1], x[0].card))
    return out


def _call_scores(view: BalikView, call: Action, no_call: Action) -> list[tuple[Action, float]]:
    """Call when waiting, but not on a *ceki* wait without a live out."""
    shp = shape_of(view.game_id, view.options)
    live = live_kinds(view)
    counts = [0] * 30
    for k in view.hand:
        counts[k] += 1
    dead = shp.call_kind(counts) == CEKI and not any(live[k] for k in view.waits)
    return [(no_call, 1.0), (call, 0.0)] if dead else [(call, 1.0), (no_call, 0.0)]


def _best_discard(judge: _Judge, counts: list[int], never: int = -1,
                  among: Sequence[int] | None = None) -> float:
    best = float("-inf")
    for k in (among if among is not None else range(30)):
        if counts[k] and k != never:
            counts[k] -= 1
            v = judge.value(counts)
            counts[k] += 1
            if v > best:
                best = v
    return best


def _draw_scores(view: BalikView, judge: _Judge, counts: list[int],
                 verbs: dict[str, Action]) -> list[tuple[Action, float]]:
    draw, take = verbs[DRAW], verbs.get(TAKE)
    if take is None:
        return [(draw, 0.0)]
    top = cast(Kind, view.top_discard)
    counts[top] += 1
    if view.game_id in ("gonggong", "tantanan", "ceken") and judge.shape.is_winning(counts):
        return [(take, TOP), (draw, 0.0)]
    take_value = _best_discard(judge, counts, never=top)
    counts[top] -= 1
    draw_value = _expected_draw(judge, counts)
    if take_value > draw_value:
        return [(take, take_value), (draw, draw_value)]
    return [(draw, draw_value), (take, take_value)]


def _expected_draw(judge: _Judge, counts: list[int]) -> float:
    """The expected value after a stock draw and the best of a few discards."""
    live = judge.live
    total = sum(live)
    keep = judge.value(counts)
    if not total:
        return keep
    ranked = []
    for k in range(30):
        if counts[k]:
            counts[k] -= 1
            ranked.append((judge.value(counts), k))
            counts[k] += 1
    ranked.sort(reverse=True)
    cands = [k for _v, k in ranked[:DRAW_CANDIDATES]]
    expected = 0.0
    for x in range(30):
        if not live[x]:
            continue
        counts[x] += 1
        best = max(keep, _best_discard(judge, counts, among=[d for d in cands if d != x]))
        counts[x] -= 1
        expected += live[x] * best
    return expected / total


class BalikNormalBot(Bot[BalikView]):
    """The Normal level (see the module docstring); one subclass per game id below."""

    level = "normal"
    view_type = BalikView

    def choose(self, view: BalikView, rng: random.Random) -> Action:
        self.check_view(view)
        return scores(view)[0][0]


def _bot_class(game_id: str) -> type[BalikNormalBot]:
    name = "".join(part.capitalize() for part in game_id.split("-")) + "NormalBot"
    cls = type(name, (BalikNormalBot,), {"game_id": game_id, "__module__": __name__, "__qualname__": name})
    globals()[name] = cls  # found by name when a bot travels to the bot process
    return cls


#: the Normal bot of each game id
NORMAL_BOTS: dict[str, type[BalikNormalBot]] = {game_id: _bot_class(game_id) for game_id in GAME_IDS}

__all__ = ["NORMAL_BOTS", "BalikNormalBot", "live_kinds", "scores"]
