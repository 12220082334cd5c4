"""The levels every game gets from the same code: Beginner, Hard and Expert (no Qt, no game).

* **Beginner** plays the game's playout policy (a plausible, greedy move: it keeps what it has made,
  it takes what it can) but ignores everything the better players weigh, and now and then picks
  another plausible move at random (the game's ``plausible``): a newcomer can beat it.  A game
  without a playout policy gets random moves.
* **Normal** is each game's own heuristic player (``Game.bots``).
* **Hard** searches: it imagines deals of the cards it has not seen, plays each of the heuristic's
  best few moves out on every deal with the playout policy, and takes the best on average
  (:func:`cekidesk.engine.search.search`), for 0.3 s of work.
* **Expert** searches longer (1 s by default, set in Settings), considers more moves and spends the
  work on the promising ones (successive halving), and imagines deals that fit what the others did
  at the table (the game's :class:`~cekidesk.engine.search.Evidence`).

The searching bots see only views and their RNG, like every bot; their work is counted in playout
moves, not seconds, so a deal number replays the same game on any machine.
"""
from __future__ import annotations

import random
from typing import ClassVar

from cekidesk.engine.bot import ANY_GAME, Bot, Decision, PlayedGame, Reason
from cekidesk.engine.core import Action, AnyGame, GameState, View
from cekidesk.engine.search import Evidence, SearchHooks, SearchResult, candidates, search
from cekidesk.games import get_game

from .base import register_bot
from .random_bot import random_decision


def _hooks(game_id: str) -> tuple[AnyGame, SearchHooks | None]:
    spec = get_game(game_id)
    return spec, spec.search


@register_bot
class BeginnerBot(Bot[View]):
    """See the module docstring."""

    game_id = ANY_GAME
    level = "beginner"

    def choose(self, view: View, rng: random.Random) -> Action:
        self.check_view(view)
        spec, hooks = _hooks(self.for_game)
        legal = view.legal
        if hooks is None or view.ranges or len(legal) <= 1:
            return random_decision(view, rng)
        if rng.random() < hooks.beginner_mistakes:
            choices = self._plausible(view, hooks)
            return choices[rng.randrange(len(choices))]
        state = spec.state_type.determinize(view, rng)
        action = hooks.playout(state, rng)
        return action if action in legal else legal[rng.randrange(len(legal))]

    @staticmethod
    def _plausible(view: View, hooks: SearchHooks) -> list[Action]:
        legal = list(view.legal)
        if hooks.plausible is not None:
            return [a for a in hooks.plausible(view) if a in legal] or legal
        return candidates(view, hooks, (len(legal) + 1) // 2)[0]   # the better half by rank


class SearchBot(Bot[View]):
    """The searching levels (see the module docstring)."""

    game_id = ANY_GAME
    searches = True
    #: candidates searched, whether to spend the work by successive halving, whether to read evidence
    KEEP: ClassVar[int] = 4
    HALVING: ClassVar[bool] = False
    EVIDENCE: ClassVar[bool] = False
    #: how many standard errors a move must beat the heuristic's choice by to be played instead
    CONFIDENCE: ClassVar[float] = 1.0

    def __init__(self, seat: int | None = None, game_id: str | None = None, budget: float | None = None):
        super().__init__(seat, game_id, budget)
        self._evidence: Evidence | None = None
        self.last: SearchResult | None = None

    @classmethod
    def plays(cls, game: PlayedGame) -> bool:
        return game.search is not None

    def _observe(self, view: View, hooks: SearchHooks) -> Evidence | None:
        if not self.EVIDENCE or hooks.evidence is None:
            return None
        if self._evidence is None:
            self._evidence = hooks.evidence()
        self._evidence.observe(view)
        return self._evidence

    def choose(self, view: View, rng: random.Random) -> Action:
        return self.decide(view, rng).action

    def decide(self, view: View, rng: random.Random) -> Decision:
        self.check_view(view)
        spec, hooks = _hooks(self.for_game)
        assert hooks is not None, "a searching bot plays only games with search hooks"
        evidence = self._observe(view, hooks)
        def limit(world: GameState) -> int:   # the game's bound on a hand, under the dealt world's options
            bound = spec.max_hand_actions(world.n_players, world.options)
            return 10_000 if bound is None else bound

        result = search(view, spec.state_type, hooks, rng,
                        budget_steps=max(1, int(self.budget * hooks.steps_per_second)),
                        keep=self.KEEP, halving=self.HALVING, evidence=evidence,
                        confidence=self.CONFIDENCE, playout_limit=limit, should_stop=self.should_stop)
        self.last = result
        reasons: list[Reason] = []
        if hooks.reasons is not None:
            reasons += hooks.reasons(view, result.action)
        if result.deals:
            reasons.append(("search.deals", {"deals": result.deals,
                                             "prior": result.prior == result.action}))
        return Decision(result.action, tuple(reasons))


@register_bot
class HardBot(SearchBot):
    level = "hard"
    default_budget = 0.3


@register_bot
class ExpertBot(SearchBot):
    level = "expert"
    default_budget = 1.0
    KEEP = 8
    HALVING = True
    EVIDENCE = True
    #: a larger margin than Hard's: the best of eight noisy averages looks better than it is (in
    #: Ceki, ``bench/search_gain.py`` measured 1.5 standard errors gaining more per decision against
    #: a table of Normal players than 1.0 or 0.5)
    CONFIDENCE = 1.5


__all__ = ["BeginnerBot", "ExpertBot", "HardBot", "SearchBot"]
