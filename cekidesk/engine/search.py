"""Search for computer players, generic over the engine protocol (no Qt, no game).

A game that gives :class:`SearchHooks` (``Game.search``) gets the searching levels: what they
need of it is only the protocol every state has (``determinize`` from a view, ``clone``, the fast
``apply_unchecked``, ``to_act``, ``legal_actions``, ``is_terminal``, ``result``) and a cheap
*playout policy*: a move for whoever must act in a full state, good enough that a hand played out
by it looks like a hand people play.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from .bot import Reason
from .protocol import Action, GameState, HandResult, View


class Evidence(Protocol):
    """What a searching player reads from the table about the others' hidden cards.

    ``observe`` is shown every view the player gets (in order, from the deal on); ``weight`` says
    how likely a determinized state is given what was observed (1.0: nothing against it, 0.0:
    impossible).  Sampling draws states from :meth:`GameState.determinize` and keeps them in
    proportion to their weight.
    """

    def observe(self, view: View) -> None: ...

    def weight(self, state: GameState) -> float: ...


@dataclass(frozen=True)
class SearchHooks:
    """What a game gives so that the generic Beginner, Hard and Expert players can play it.

    * ``playout(state, rng)``: a fast greedy move for the first player of ``state.to_act()``, read
      from the full state (it must use only what that player could see, so that playouts are fair);
    * ``rank(view)``: the game's heuristic scores of the viewer's legal actions (higher is better),
      to prune the candidates of a search; None: every legal action is a candidate;
    * ``utility(result, seat)``: what a finished hand is worth to ``seat`` (default: its points
      minus the average points of the table);
    * ``evidence()``: a new :class:`Evidence` reader for the Expert player; None: uniform sampling;
    * ``reasons(view, action)``: why ``action`` is good in the game's terms, for the hint;
    * ``plausible(view)``: the moves a beginner might make (no blunder a newcomer would see: it
      keeps what it has made, it takes what it can); None: the better half by ``rank``;
      ``beginner_mistakes``: how often the Beginner picks one of them at random instead of the
      playout policy's move (a game whose greedy policy is already strong makes it larger);
    * ``steps_per_second``: how many playout moves (``apply_unchecked`` plus the policy) this game
      makes in a second on the reference machine (see ``bench/README.md``): a budget in seconds is
      turned into this fixed amount of work, so a search gives the same move on any machine;
    * ``world_cost`` and ``clone_cost``: what making an imagined deal (``determinize``) and a copy
      of it (``clone``) cost, in playout moves, so that the work counted follows the time taken.
    """

    playout: Callable[[GameState, random.Random], Action]
    rank: Callable[[View], Sequence[tuple[Action, float]]] | None = None
    utility: Callable[[HandResult, int], float] | None = None
    evidence: Callable[[], Evidence] | None = None
    reasons: Callable[[View, Action], tuple[Reason, ...]] | None = None
    plausible: Callable[[View], Sequence[Action]] | None = None
    #: how often the Beginner plays a random plausible move instead of the playout policy's
    beginner_mistakes: float = 0.3
    steps_per_second: float = 50_000.0
    world_cost: int = 20
    clone_cost: int = 10


def default_utility(result: HandResult, seat: int) -> float:
    """``seat``'s points minus the table's average."""
    pts = result.points
    return pts[seat] - sum(pts) / len(pts)


@dataclass
class SearchResult:
    """What a search found: the move, each candidate's average utility and visits, how many
    imagined deals were played and how many playout moves that took."""

    action: Action
    means: dict[Action, float]
    visits: dict[Action, int]
    deals: int
    steps: int
    #: the move the game's heuristic ranked first (the search plays another only when it is surely better)
    prior: Action | None = None


def candidates(view: View, hooks: SearchHooks, keep: int) -> tuple[list[Action], Action | None]:
    """The moves worth searching: the ``keep`` best by the game's heuristic (all if it has none),
    best first, and the heuristic's own choice.  A decision with an amount (a bet) is searched at its
    lowest, middle and highest amount."""
    legal = list(view.legal)
    for r in view.ranges:
        amounts = sorted({r.lo, r.clamp((r.lo + r.hi) // 2), r.hi})
        legal += [r.action(view.viewer, a) for a in amounts]
    if hooks.rank is None or len(legal) <= 1:
        return legal, None
    scores = dict(hooks.rank(view))
    order = sorted(range(len(legal)), key=lambda i: (-scores.get(legal[i], float("-inf")), i))
    ranked = [legal[i] for i in order]
    return ranked[:max(keep, 1)], ranked[0]


def playout(state: GameState, policy: Callable[[GameState, random.Random], Action], rng: random.Random,
            limit: int) -> int:
    """Play ``state`` to its end with ``policy`` (at most ``limit`` moves); the moves played."""
    n = 0
    apply = state.apply_unchecked
    is_terminal = state.is_terminal
    while n < limit and not is_terminal():
        apply(policy(state, rng))
        n += 1
    return n


def sample_state(view: View, state_type: type[GameState], rng: random.Random,
                 evidence: Evidence | None = None, tries: int = 16) -> tuple[GameState, int]:
    """A state consistent with ``view``, and how many were drawn to find it.  With ``evidence``,
    states are drawn until one is accepted with the chance of its weight (at most ``tries``; then the
    most likely one drawn)."""
    state = state_type.determinize(view, rng)
    if evidence is None:
        return state, 1
    best, best_w = state, -1.0
    for drawn in range(1, tries + 1):
        w = evidence.weight(state)
        if w >= 1.0 or rng.random() < w:
            return state, drawn
        if w > best_w:
            best, best_w = state, w
        if drawn < tries:
            state = state_type.determinize(view, rng)
    return best, tries


def search(view: View, state_type: type[GameState], hooks: SearchHooks, rng: random.Random, *,
           budget_steps: int, keep: int = 4, halving: bool = False, evidence: Evidence | None = None,
           confidence: float = 1.0, playout_limit: int | Callable[[GameState], int] = 10_000,
           should_stop: Callable[[], bool] | None = None) -> SearchResult:
    """Determinized search at the root (perfect-information Monte Carlo).

    Every imagined deal (a state sampled from ``view``) is played out once after each candidate move
    by the game's playout policy, with the same playout RNG for every candidate (common random
    numbers: the candidates are compared on the same futures).  ``budget_steps`` bounds the work in
    playout moves, never in time, so the same view and RNG give the same move on any machine.
    With ``halving`` the budget is spent in rounds and the worse half of the candidates is dropped
    after each (successive halving).  The search plays the heuristic's choice unless another
    candidate beats it, deal for deal, by ``confidence`` standard errors.  ``should_stop`` is
    asked between deals: True ends the search with what it has.
    """
    me = view.viewer
    cands, prior = candidates(view, hooks, keep)
    if len(cands) == 1:
        return SearchResult(cands[0], {cands[0]: 0.0}, {cands[0]: 0}, 0, 0, cands[0])
    utility = hooks.utility or default_utility
    policy = hooks.playout
    # per candidate: the utility of each deal it was played on (deal index → value)
    scores: dict[Action, dict[int, float]] = {a: {} for a in cands}
    alive = list(cands)
    rounds = max(1, (len(cands) - 1).bit_length()) if halving else 1
    steps = 0
    deals = 0
    stopped = False
    for r in range(rounds):
        round_budget = (budget_steps * (r + 1)) // rounds
        while steps < round_budget and not stopped:
            if should_stop is not None and should_stop():
                stopped = True
                break
            world, drawn = sample_state(view, state_type, rng, evidence)
            limit = playout_limit(world) if callable(playout_limit) else playout_limit
            seed = rng.getrandbits(32)
            steps += hooks.world_cost * drawn
            for a in alive:
                s = world.clone()
                s.apply_unchecked(a)
                steps += hooks.clone_cost + 1 + playout(s, policy, random.Random(seed), limit)
                scores[a][deals] = utility(s.result(), me) if s.is_terminal() else 0.0
            deals += 1
        if stopped or r == rounds - 1 or len(alive) <= 2:
            continue
        keep_n = max(2, (len(alive) + 1) // 2)
        alive.sort(key=lambda a: -_mean(scores[a]))
        survivors = alive[:keep_n]
        if prior is not None and prior in alive and prior not in survivors:
            survivors.append(prior)   # the heuristic's move stays: it is the one to beat
        alive = survivors
    means = {a: _mean(v) for a, v in scores.items()}
    visits = {a: len(v) for a, v in scores.items()}
    best = max(alive, key=lambda a: (means[a], -cands.index(a)))
    base = prior if prior is not None and prior in alive else None
    if base is not None and best != base and not _surely_better(scores[best], scores[base], confidence):
        best = base
    return SearchResult(best, means, visits, deals, steps, prior)


def _mean(values: dict[int, float]) -> float:
    return sum(values.values()) / len(values) if values else float("-inf")


def _surely_better(a: dict[int, float], b: dict[int, float], z: float) -> bool:
    """Whether ``a`` beats ``b`` on the deals both were played on by ``z`` standard errors."""
    common = [k for k in a if k in b]
    n = len(common)
    if n < 2:
        return False
    diffs = [a[k] - b[k] for k in common]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if var == 0:
        return mean > 0
    return mean > z * (var / n) ** 0.5
