"""What the searching players need of Ce Pe (:class:`~cekidesk.engine.search.SearchHooks`).

* The **playout policy** is the Normal player's scoring (:mod:`.bot`) read from the state's facts
  that the acting player can see (the counter, the rules, their own hand, the others' card and token
  counts, who moves next), so an imagined hand is played the way the Normal player plays.
* ``rank`` and ``reasons`` are the Normal player's; ``plausible`` (the Beginner's other moves) is
  every legal move but a magic card thrown away while the counter is low and another card would do.
* The Expert reads no evidence: what the others did tells little about their hands here (a card
  played says nothing about the cards kept), so imagined deals are drawn uniformly.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from cekidesk.engine.cards import WKind
from cekidesk.engine.core import Action, GameState, View
from cekidesk.engine.search import SearchHooks

from . import bot
from .rules import CePeState, CePeView, kind_of


def table_of_state(s: CePeState) -> bot.Table:
    """The acting player's :class:`~.bot.Table`, from what they can see of the state."""
    p = s.current
    return bot.Table(p, s.counter, s.options, tuple(kind_of(u) for u in s.hands[p]),
                     tuple(q for q in range(s.n_players) if not s.out[q]), tuple(len(h) for h in s.hands),
                     tuple(s.tokens) if s.tokens is not None else None, s.next_player())


def playout(state: GameState, rng: random.Random) -> Action:
    """The playout policy (see the module docstring)."""
    s = cast(CePeState, state)
    legal = s.legal_actions(s.current)
    if len(legal) == 1:
        return legal[0]
    return bot.best(legal, table_of_state(s))


def rank(view: View) -> Sequence[tuple[Action, float]]:
    return bot.scores(cast(CePeView, view))


def reasons(view: View, action: Action):
    return bot.reasons(cast(CePeView, view), action)


def plausible(view: View) -> list[Action]:
    """A beginner's moves: any legal move but a magic card played while the counter is low and
    another card would do."""
    v = cast(CePeView, view)
    low = v.limit - v.counter >= bot.ROOM
    keep = [a for a in v.legal if not (low and a.verb == "play" and a.card is not None
                                       and bot.is_magic(v.rules.effect_of(cast(WKind, a.card)), v.limit))]
    return keep or list(v.legal)


HOOKS = SearchHooks(playout=playout, rank=rank, reasons=reasons, plausible=plausible, beginner_mistakes=0.5,
                    steps_per_second=61_000.0, world_cost=10, clone_cost=3)

__all__ = ["HOOKS", "plausible", "playout", "rank", "reasons"]
