"""Ce Pe's Normal computer player: a score for every legal move, read from the view only.

What it knows is a :class:`Table` — the counter, the limit, the rules, its own hand, who is still in
and how much each has left (cards, tokens) and who moves next — built from a view (:func:`table_of`)
or, for the searching levels' playouts, from the state (``search.py``), so both play alike.

* **Magic cards** (a card that can still be played with the counter at the limit: a King, a 10 or a
  Queen that can go down, a card that leaves the counter alone, an ``always`` card) are kept for a
  high counter: playing one costs :data:`MAGIC_COST` while the counter is far from the limit, less
  as it nears it.
* **Pressure**: a play that leaves the next player little room (the counter near the limit) scores
  up to :data:`PRESSURE`; an amount choice (an Ace's 1 or 11, a 10's ±10) goes up when it can.
* **Targets** (a 3's exchange — chosen with the card given, after the draw —, a 5's next player, a
  replacement taken, a rule set's kill) go against the weakest opponent: the fewest tokens, then the
  fewest cards (lives); a 5 names oneself only when the counter is high and another magic card is in
  hand.  A swap of hands goes to the largest hand.
* **Giving, turning down**: the card least likely to be playable later (the largest addition).

The decision is deterministic (the random generator is not used).
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from cekidesk.engine.bot import Bot, Decision, Reason
from cekidesk.engine.cards import WKind
from cekidesk.engine.core import Action

from .rules import GAME_ID, CePeView, after_of, plays_of
from .ruleset import CePeOptions, Effect

#: what playing a magic card costs with the counter far from the limit
MAGIC_COST = 3.0
#: what leaving the next player no room is worth
PRESSURE = 2.0
#: the room (limit − counter) under which a play counts as pressure, and the counter counts as high
ROOM = 20


@dataclass(frozen=True)
class Table:
    """What a move is scored from (a view's or a state's facts, the same for both)."""

    me: int
    counter: int
    rules: CePeOptions
    hand: tuple[WKind, ...]
    seats_in: tuple[int, ...]
    cards: tuple[int, ...]
    tokens: tuple[int, ...] | None
    next_player: int


def table_of(view: CePeView) -> Table:
    seats_in = tuple(p for p in range(view.n_players) if not view.out[p])
    return Table(view.viewer, view.counter, view.rules, view.hand, seats_in, view.hand_counts, view.tokens,
                 view.next_player)


def is_magic(effect: Effect, limit: int) -> bool:
    """Whether a card can still be played with the counter at the limit."""
    return bool(plays_of(effect, limit, limit))


def keep_value(effect: Effect, counter: int, limit: int) -> float:
    """How much a card is worth keeping: a magic card most, then the smaller additions."""
    if is_magic(effect, limit):
        return 100.0
    return -min(effect.outcomes(counter)) + counter


def weakness(t: Table, q: int) -> tuple[int, int]:
    """The sort key of an opponent to hurt: the fewest tokens, then the fewest cards."""
    return (t.tokens[q] if t.tokens is not None else 0, t.cards[q])


def score(t: Table, a: Action) -> float:
    """The Normal player's score of a legal action (higher is better)."""
    rules, limit = t.rules, t.rules.limit
    if a.verb in ("give", "turn_down"):
        assert isinstance(a.card, WKind)
        worth = -keep_value(rules.effect_of(a.card), t.counter, limit)
        return worth + (_weakest_first(t, a.target) if a.target is not None else 0.0)
    if a.verb != "play":
        return 0.0
    assert isinstance(a.card, WKind)
    eff = rules.effect_of(a.card)
    after = after_of(eff, t.counter, a.amount)
    s = PRESSURE * max(0.0, 1.0 - (limit - after) / ROOM)
    high = max(0.0, 1.0 - (limit - t.counter) / ROOM)
    if is_magic(eff, limit):
        s -= MAGIC_COST * (1.0 - high)
    s += 0.01 * (after - t.counter)      # between equals, push the counter up
    if a.target is not None:
        s += _target_score(t, a, eff, high)
    return s


def _target_score(t: Table, a: Action, eff: Effect, high: float) -> float:
    others = sorted((q for q in t.seats_in if q != t.me), key=lambda q: weakness(t, q))
    if a.target == t.me:
        magic_left = sum(1 for k in t.hand if is_magic(t.rules.effect_of(k), t.rules.limit)) - is_magic(
            eff, t.rules.limit)
        return 0.5 if magic_left > 0 and high > 0.5 else -1.0
    if eff.action == "swap_hands":          # a swap is worth the larger hand
        others.sort(key=lambda q: -t.cards[q])
    rank = others.index(a.target) if a.target in others else len(others)
    return -0.1 * rank


def _weakest_first(t: Table, target: int) -> float:
    """An exchange's target (chosen with the card given): the weakest opponent first."""
    others = sorted((q for q in t.seats_in if q != t.me), key=lambda q: weakness(t, q))
    return -0.1 * (others.index(target) if target in others else len(others))


def scores(view: CePeView) -> list[tuple[Action, float]]:
    """Every legal action with its score, best first (ties: the order of ``view.legal``)."""
    t = table_of(view)
    scored = [(a, score(t, a)) for a in view.legal]
    return sorted(scored, key=lambda x: -x[1])


def reasons(view: CePeView, action: Action) -> tuple[Reason, ...]:
    """Why ``action`` is good, as codes for the hint's words (``reason.<code>``); each is said only
    when its claim holds in ``view`` (tests/test_hint_claims.py): ``ce_pe.pressure`` (the counter
    left within half of :data:`ROOM` of the limit), ``ce_pe.lowers`` (the counter goes down),
    ``ce_pe.keep_magic`` (a card that is not magic played while the hand holds a magic one),
    ``ce_pe.target_weakest`` (the target has the fewest tokens, then cards, of the others),
    ``ce_pe.swap_largest`` (a swap of hands with the largest hand of the others),
    ``ce_pe.worst_card`` (the card given or turned down is worth least to keep)."""
    t = table_of(view)
    limit = view.limit
    out: list[Reason] = []
    if action.verb == "play" and isinstance(action.card, WKind):
        eff = view.rules.effect_of(action.card)
        after = after_of(eff, view.counter, action.amount)
        if limit - after < ROOM // 2:
            out.append(("ce_pe.pressure", {"counter": after, "limit": limit, "player": view.next_player}))
        elif after < view.counter:
            out.append(("ce_pe.lowers", {"counter": after}))
        if not is_magic(eff, limit) and any(is_magic(view.rules.effect_of(k), limit) for k in t.hand):
            out.append(("ce_pe.keep_magic", {}))
        if action.target is not None and action.target != view.viewer:
            out.extend(_target_reason(t, action.target, eff.action == "swap_hands"))
    elif action.verb in ("give", "turn_down") and isinstance(action.card, WKind):
        least = min(keep_value(view.rules.effect_of(k), view.counter, limit) for k in t.hand)
        if keep_value(view.rules.effect_of(action.card), view.counter, limit) == least:
            out.append(("ce_pe.worst_card", {"kind": action.card.code}))
        if action.target is not None:
            out.extend(_target_reason(t, action.target, False))
    return tuple(out)


def _target_reason(t: Table, target: int, swap: bool) -> list[Reason]:
    """The target's reason when it is true: the largest hand for a swap, else the weakest opponent."""
    others = [q for q in t.seats_in if q != t.me]
    if target not in others:
        return []
    if swap:
        return [("ce_pe.swap_largest", {"player": target})] if t.cards[target] == max(t.cards[q] for q in others) \
            else []
    weakest = min(weakness(t, q) for q in others)
    return [("ce_pe.target_weakest", {"player": target})] if weakness(t, target) == weakest else []


def best(legal: Sequence[Action], t: Table) -> Action:
    """The best-scored of ``legal`` (the first of the best on ties)."""
    return max(legal, key=lambda a: score(t, a))


class CePeNormalBot(Bot[CePeView]):
    game_id = GAME_ID
    level = "normal"
    view_type = CePeView

    def choose(self, view: CePeView, rng: random.Random) -> Action:
        self.check_view(view)
        return best(view.legal, table_of(view))

    def decide(self, view: CePeView, rng: random.Random) -> Decision:
        action = self.choose(view, rng)
        return Decision(action, reasons(view, action))
