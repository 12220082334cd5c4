"""The conformance suite (issue 10, item 6): every registered game keeps the engine's contract.

It runs over every game of :func:`cekidesk.games.games` and, for each, its default options, every
preset (``GameInfo.presets``) and the option sets its options model makes interesting (each bool
turned the other way, each value of a ``Literal`` of a few values; one change at a time).  Nothing
here names a game: a game gets all of it by being registered.

For random hands (hypothesis picks the seeds and the player count):

* random legal play ends within the game's bound; every card is accounted for at every step
  (``all_cards``); ``to_act``, ``legal_actions`` and the views agree;
* illegal actions are refused with the right error and the state unchanged (a full snapshot);
* the checked and the fast path reach the same state; (seed, options, written actions) replays the
  hand identically, events included;
* clones are independent and play exactly like their original;
* no leaks: re-dealing what a viewer cannot see leaves their view unchanged, and the events they
  receive of an action then do not tell the two tables apart; ``determinize`` of a view gives a
  full state with that view, which plays on;
* simultaneous choices stay hidden: while several players are to act, nobody else's view or
  events depend on which legal action one of them chose;
* every settlement conserves money (``normalise_settlement``) and a match saved and loaded is
  identical.
"""
from __future__ import annotations

import random
import typing
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cekidesk.engine.core import (
    Action,
    Event,
    GameOverError,
    GameState,
    IllegalActionError,
    NotYourTurnError,
    OptionsError,
    View,
    events_for,
)
from cekidesk.engine.game import AnyGame
from cekidesk.engine.match import GENERIC_MODES, Match, MatchOptions, check_carry
from cekidesk.engine.stats import SimSummary
from cekidesk.games import games, register, unregister
from cekidesk.persistence import saves

from helpers import internals, play_actions, play_hands, random_decision, seats_for, snapshot
from toygames import carry_game, duel

#: a Literal option of more values than this is left at its default (e.g. a long list of variants)
MAX_CHOICES = 8
#: the heavier checks look at every CHECK_EVERY-th position of a hand (and at its end)
CHECK_EVERY = 23
#: the most actions of a hand when a game sets no bound
NO_BOUND = 20_000

SETTINGS = settings(max_examples=6, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
hands = st.tuples(st.integers(0, 2**32 - 1), st.integers(0, 99))


# -- the cases ---------------------------------------------------------------------------------

def option_sets(spec: AnyGame) -> list[tuple[str, dict]]:
    """The defaults, every preset, and one change at a time of each bool and small Literal field
    (sets the game's options model refuses are not a game anybody can start: left out)."""
    out: list[tuple[str, dict]] = [("default", {})]
    out += [(f"preset-{name}", dict(options)) for name, options in spec.presets]
    defaults = spec.make_options()
    for name, field in spec.options_model.model_fields.items():
        default = getattr(defaults, name)
        if field.annotation is bool:
            values: tuple = (not default,)
        elif typing.get_origin(field.annotation) is typing.Literal:
            values = typing.get_args(field.annotation)
            if len(values) > MAX_CHOICES:
                continue
        else:
            continue
        out += [(f"{name}={v}", {name: v}) for v in values if v != default]
    valid = []
    for label, options in out:
        try:
            spec.make_options(options)
        except OptionsError:
            continue
        valid.append((label, options))
    return valid


#: the test-only games (tests/toygames): the suite holds them to the same contract, which also
#: exercises what no built-in game uses yet (simultaneous choices, amounts in a range, a carry)
TOY_GAMES = (duel.SPEC, carry_game.SPEC)

CASES = [pytest.param(spec, options, id=f"{spec.id}-{label}")
         for spec in (*games(), *TOY_GAMES) for label, options in option_sets(spec)]


@pytest.fixture(autouse=True)
def _toys_registered():
    """The toy games are registered while the suite runs (saves find a game by its id)."""
    for spec in TOY_GAMES:
        register(spec)
    yield
    for spec in TOY_GAMES:
        unregister(spec.id)


def new_hand(spec: AnyGame, options: dict, hand: tuple[int, int]) -> GameState:
    seed, pick = hand
    n = spec.min_players + pick % (spec.max_players - spec.min_players + 1)
    made = spec.make_options(options)
    # a game that carries state between hands starts from its first carry (None for the others)
    return spec.new_hand(made, n, seed, seed % n, spec.initial_carry(n, made))


def bound(spec: AnyGame, state: GameState) -> int:
    limit = spec.max_hand_actions(state.n_players, state.options)
    return NO_BOUND if limit is None else limit


def random_action(state: GameState, rng: random.Random) -> Action:
    return random_decision(state, rng)


def playout(spec: AnyGame, state: GameState, rng: random.Random, visit=None) -> list[Action]:
    """Play ``state`` to its end with random legal actions (checked); ``visit(state, step)`` is
    called before every action and at the end.  Returns the actions."""
    actions: list[Action] = []
    limit = bound(spec, state)
    while True:
        if visit is not None:
            visit(state, len(actions))
        if state.is_terminal():
            return actions
        assert len(actions) < limit, "the hand did not end within the game's bound"
        a = random_action(state, rng)
        state.apply(a)
        actions.append(a)


def checkpoint(state: GameState, step: int) -> bool:
    return step % CHECK_EVERY == 0 or state.is_terminal()


def check_along_a_hand(spec: AnyGame, options: dict, hand: tuple[int, int], check) -> None:
    """Play a random hand, calling ``check(state, rng)`` at every checkpoint."""
    state = new_hand(spec, options, hand)
    rng = random.Random(hand[0])
    playout(spec, state, random.Random(hand[0]),
            lambda s, step: check(s, rng) if checkpoint(s, step) else None)


# -- play --------------------------------------------------------------------------------------

@pytest.mark.parametrize("spec,options", CASES)
@SETTINGS
@given(hand=hands)
def test_random_play_ends_and_accounts_for_every_card(spec, options, hand):
    state = new_hand(spec, options, hand)
    deck = sorted(state.all_cards())
    assert len(set(deck)) == len(deck), "a card is in two places"
    n = state.n_players

    def visit(s: GameState, step: int) -> None:
        assert sorted(s.all_cards()) == deck
        to_act = s.to_act()
        assert bool(to_act) != s.is_terminal()
        for p in range(n):
            assert bool(s.legal_actions(p) or s.legal_ranges(p)) == (p in to_act)
            assert all(a.player == p for a in s.legal_actions(p))
        if checkpoint(s, step):
            for p in range(n):
                v = s.view(p)
                assert isinstance(v, spec.view_type)
                assert (v.viewer, v.n_players, v.to_act) == (p, n, to_act)
                assert v.legal == tuple(s.legal_actions(p))
                assert tuple(v.ranges) == tuple(s.legal_ranges(p))
                assert v == s.view(p)

    playout(spec, state, random.Random(hand[0]), visit)
    result = state.result()
    assert len(result.points) == n and set(result.winners) <= set(range(n))


def illegal_candidates(state: GameState, rng: random.Random) -> list[Action]:
    """Actions that look like the game's but are not legal now: each legal action of anyone in
    another player's hands or with another argument, the verbs with other cards, unknown seats."""
    n = state.n_players
    legal = {p: set(state.legal_actions(p)) for p in range(n)}
    known = [a for p in range(n) for a in legal[p]] or [Action(0, "draw")]
    cards = sorted({a.card for a in known if a.card is not None}, key=str)
    verbs = sorted({a.verb for a in known}) + ["no_such_verb"]
    out = set()
    for a in known:
        out |= {a._replace(player=(a.player + 1) % n), a._replace(player=n), a._replace(player=-1),
                a._replace(target=n if a.target is None else a.target + n),
                a._replace(amount=1 if a.amount is None else a.amount + 10**6), a._replace(card=None)}
    for p in range(n):
        for r in state.legal_ranges(p):   # amounts just outside a range, or off its steps
            out |= {r.action(p, r.lo - 1), r.action(p, r.hi + r.step), r.action((p + 1) % n, r.lo)}
            if r.step > 1:
                out.add(r.action(p, r.lo + 1))
        for verb in verbs:
            out.add(Action(p, verb))
            out |= {Action(p, verb, c) for c in rng.sample(cards, min(len(cards), 6))}
    def offered(a: Action) -> bool:
        return a in legal.get(a.player, ()) or (0 <= a.player < n and any(
            r.holds(a) for r in state.legal_ranges(a.player)))
    return sorted((a for a in out if not offered(a)), key=str)


def check_refusals(state: GameState, rng: random.Random) -> None:
    before = snapshot(state)
    with pytest.raises(IllegalActionError):
        state.apply(str(random_action(state, rng)) if not state.is_terminal() else "0 draw")
    for a in illegal_candidates(state, rng):
        with pytest.raises(IllegalActionError) as refused:
            state.apply(a)
        if state.is_terminal():
            assert isinstance(refused.value, GameOverError), a
        elif 0 <= a.player < state.n_players and a.player not in state.to_act():
            assert isinstance(refused.value, NotYourTurnError), a
    assert snapshot(state) == before


@pytest.mark.parametrize("spec,options", CASES)
@SETTINGS
@given(hand=hands)
def test_illegal_actions_are_refused_with_the_state_unchanged(spec, options, hand):
    check_along_a_hand(spec, options, hand, check_refusals)


@pytest.mark.parametrize("spec,options", CASES)
@SETTINGS
@given(hand=hands)
def test_the_fast_path_and_a_replay_reach_the_same_state(spec, options, hand):
    state = new_hand(spec, options, hand)
    rng = random.Random(hand[0])
    actions: list[Action] = []
    events = []
    while not state.is_terminal():
        a = random_action(state, rng)
        events += state.apply(a)
        actions.append(a)
    fast = new_hand(spec, options, hand)
    for a in actions:
        assert fast.apply_unchecked(a) is None
    replay = new_hand(spec, options, hand)
    replayed = []
    for text in [str(a) for a in actions]:
        replayed += replay.apply(Action.parse(text))
    assert internals(fast) == internals(state) == internals(replay)
    assert replayed == events
    assert replay.result() == fast.result() == state.result()


@pytest.mark.parametrize("spec,options", CASES)
@SETTINGS
@given(hand=hands, cut=st.integers(0, 300))
def test_clones_are_independent_and_play_like_their_original(spec, options, hand, cut):
    state = new_hand(spec, options, hand)
    rng = random.Random(hand[0])
    for _ in range(cut):
        if state.is_terminal():
            break
        state.apply(random_action(state, rng))
    before = internals(state)
    clone = state.clone()
    assert internals(clone) == before
    actions = playout(spec, clone, rng)
    clone.rng.random()
    assert internals(state) == before
    after = internals(clone)
    for a in actions:
        state.apply(a)
    state.rng.random()
    assert internals(clone) == after
    assert internals(state) == after


# -- hidden information --------------------------------------------------------------------------

def check_no_leaks(spec: AnyGame, state: GameState, rng: random.Random, deck: list[int]) -> None:
    before = internals(state)
    nxt = None if state.is_terminal() else random_action(state, rng)
    for q in range(state.n_players):
        view = state.view(q)
        other = state.redeal_hidden(q, random.Random(rng.randrange(2**32)))
        assert other.view(q) == view
        assert sorted(other.all_cards()) == deck
        if nxt is not None and nxt.player != q and nxt in other.legal_actions(nxt.player):
            # the same action at a table that looks the same to q: if it still looks the same
            # afterwards, what q was told of it must be the same too
            here = state.clone()
            seen_here = events_for(here.apply(nxt), q)
            seen_there = events_for(other.apply(nxt), q)
            if here.view(q) == other.view(q):
                assert seen_here == seen_there, nxt
        made = spec.state_type.determinize(view, random.Random(rng.randrange(2**32)))
        assert made.view(q) == view
        assert sorted(made.all_cards()) == deck
        if not made.is_terminal():
            made.apply(random_action(made, rng))
    assert internals(state) == before


@pytest.mark.parametrize("spec,options", CASES)
@SETTINGS
@given(hand=hands)
def test_no_view_and_no_event_depends_on_cards_the_viewer_cannot_see(spec, options, hand):
    deck = sorted(new_hand(spec, options, hand).all_cards())
    check_along_a_hand(spec, options, hand, lambda s, rng: check_no_leaks(spec, s, rng, deck))


def check_simultaneous(state: GameState) -> int:
    """While several players are to act, what the others see must not depend on which legal action
    one of them chose.  Returns how many choices were compared."""
    to_act = state.to_act()
    if len(to_act) < 2:
        return 0
    compared = 0
    for p in to_act:
        seen = None
        for a in state.legal_actions(p):
            after = state.clone()
            events = after.apply(a)
            others = [(after.view(q), events_for(events, q)) for q in range(state.n_players) if q != p]
            assert seen is None or others == seen, f"the others can tell that {p} chose {a}"
            seen = others
            compared += 1
    return compared


@pytest.mark.parametrize("spec,options", CASES)
@SETTINGS
@given(hand=hands)
def test_simultaneous_choices_stay_hidden_until_revealed(spec, options, hand):
    state = new_hand(spec, options, hand)
    playout(spec, state, random.Random(hand[0]), lambda s, step: check_simultaneous(s))


# -- matches: money and saves -------------------------------------------------------------------

def new_match(spec: AnyGame, options: dict, hand: tuple[int, int], stake: int) -> Match:
    seed, pick = hand
    n = spec.min_players + pick % (spec.max_players - spec.min_players + 1)
    mode = "money" if "money" in spec.match_modes else spec.match_modes[0]
    return Match(spec, n, seed, options, MatchOptions(mode=mode, stake_cents=stake))


@pytest.mark.parametrize("spec,options", CASES)
@SETTINGS
@given(hand=hands, stake=st.integers(0, 500))
def test_every_settlement_conserves_money(spec, options, hand, stake):
    match = new_match(spec, options, hand, stake)
    play_hands(match, random.Random(hand[0]), 3)
    pot = 0
    for record in match.history:
        assert len(record.payments) == match.n_players and record.pot >= 0
        assert sum(record.payments) + (record.pot - pot) == 0
        pot = record.pot
    assert sum(match.ledger) + match.pot == 0 and match.pot == pot


@pytest.mark.parametrize("spec,options", CASES)
@SETTINGS
@given(hand=hands, hands_done=st.integers(0, 2), extra=st.integers(0, 80))
def test_a_saved_match_loads_identical(spec, options, hand, hands_done, extra, tmp_path: Path):
    match = new_match(spec, options, hand, 5)
    rng = random.Random(hand[0])
    play_hands(match, rng, hands_done)
    play_actions(match, rng, extra)
    seats = seats_for(match.n_players, [bot.level for bot in spec.bots] + ["beginner"])
    path = tmp_path / f"{spec.id}-{hand[0]}.cekisave"
    saves.save_match(path, match, seats)
    loaded = saves.load_match(path)
    back = loaded.match
    assert list(loaded.seats) == seats
    assert (back.spec, back.n_players, back.seed, back.options, back.match_options) == \
        (match.spec, match.n_players, match.seed, match.options, match.match_options)
    assert (back.scores, back.ledger, back.pot, back.history, back.logs) == \
        (match.scores, match.ledger, match.pot, match.history, match.logs)
    assert (back.dealer, back.hand_seed, back.rng.getstate()) == \
        (match.dealer, match.hand_seed, match.rng.getstate())
    assert internals(back.state) == internals(match.state)


# -- what the game class says of itself -------------------------------------------------------------

GAMES_AND_TOYS = [pytest.param(spec, id=spec.id) for spec in (*games(), *TOY_GAMES)]


@pytest.mark.parametrize("spec", GAMES_AND_TOYS)
def test_the_game_class_says_what_it_is_and_keeps_to_it(spec: AnyGame):
    """Its ``GameInfo`` is sound (players, modes, presets), its types are the ones it deals, its
    carry is one a match can keep, a finished hand's win kinds are among those it names, its report
    lines are text and its rule-set files (if any) read back what they wrote."""
    info = spec.info
    assert spec.id == info.id and info.min_players <= info.default_players <= info.max_players
    assert info.card_family in ("ceki", "western") and info.match_modes
    assert set(info.match_modes) <= set(GENERIC_MODES)
    modes = [e.mode for e in spec.match_endings]
    assert len(set(modes)) == len(modes) and not set(modes) & set(GENERIC_MODES)
    assert spec.make_options() == spec.options_model()
    for _key, values in info.presets:
        spec.make_options(values)
    assert issubclass(spec.state_type, GameState) and issubclass(spec.view_type, View)
    for n in range(info.min_players, info.max_players + 1):
        options = spec.make_options()
        carry = check_carry(spec.initial_carry(n, options))
        state = spec.new_hand(options, n, 5, 0, carry)
        assert isinstance(state, spec.state_type) and isinstance(state.view(0), spec.view_type)
        assert set(spec.out_seats(carry)) <= set(range(n))
        sides = spec.sides(n, options)
        assert sides is None or sorted(p for side in sides for p in side) == list(range(n))
    match = new_match(spec, {}, (7, 0), 3)
    play_hands(match, random.Random(7), 2)
    for record in match.history:
        for seat in range(match.n_players):
            kind = spec.win_kind(record.result, seat)
            assert kind is None or kind in info.win_kinds, (spec.id, kind)
    summary = SimSummary(spec.id, match.n_players, len(match.history), [r.result for r in match.history],
                         [0] * match.n_players, list(match.scores), list(match.ledger))
    assert all(isinstance(line, str) for line in spec.statistics(summary))
    fmt = spec.rule_set_format()
    if fmt is not None:
        assert fmt.read(fmt.write(spec.make_options())) == spec.make_options()


# -- the checks themselves can fail ---------------------------------------------------------------

class _Guess(GameState):
    """Two players each pick 0 or 1 at the same time; the picks are shown once both have picked.
    Its variants below tell a pick at once (in an event, in the view): the check must catch them."""

    leaky = False

    def __init__(self):
        super().__init__(2, None, 0)
        self.picks: list[int | None] = [None, None]

    def to_act(self):
        return tuple(p for p in range(2) if self.picks[p] is None)

    def legal_actions(self, player):
        return [Action(player, "pick", amount=v) for v in (0, 1)] if player in self.to_act() else []

    def _apply(self, action, events):
        self.picks[action.player] = action.amount
        if events is not None:
            events.append(Event("pick", action.player, {"value": action.amount} if self.leaky else {}))

    def is_terminal(self):
        return not self.to_act()

    def view(self, player):
        shown = tuple(v if self.is_terminal() or p == player else v is not None
                      for p, v in enumerate(self.picks))
        return (player, self.to_act(), tuple(self.legal_actions(player)), shown)

    def _copy_into(self, other):
        other.picks = self.picks[:]


class _TellingGuess(_Guess):
    leaky = True


class _PeekingGuess(_Guess):
    def view(self, player):
        return (player, tuple(self.picks))


def test_the_simultaneous_check_catches_a_choice_shown_too_early():
    assert check_simultaneous(_Guess()) == 4
    for state in (_TellingGuess(), _PeekingGuess()):
        with pytest.raises(AssertionError, match="can tell"):
            check_simultaneous(state)
