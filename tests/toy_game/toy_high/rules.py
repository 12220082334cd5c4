"""Toy High: two players, one card of each of the 30 Ceki kinds.  Each is dealt ``hand_size`` cards;
the leader plays a card, the other answers with one, and the higher kind (the lower with
``low_wins``) takes the trick and leads the next.  When every card is played, the player with more
tricks wins the hand and is paid the stake for each trick more; an even split is a draw.  Nobody
sees the other's hand or the stock; every card played is seen by both, so a finished hand shows
every hand.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from cekidesk.engine.cards import Kind
from cekidesk.engine.core import Action, Event, GameState, HandResult, OptionsError, View
from cekidesk.engine.hidden import Slot, slots

GAME_ID = "toy-high"
N_KINDS = 30
PLAY, OVER = "play", "over"


class ToyHighOptions(BaseModel):
    """The table's choices: how many cards each is dealt, and whether the low card wins."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    hand_size: int = Field(3, ge=1, le=7, title="toy-high.option.hand_size",
                           description="toy-high.option.hand_size.help")
    low_wins: bool = Field(False, title="toy-high.option.low_wins", description="toy-high.option.low_wins.help")


@dataclass(frozen=True, slots=True)
class ToyHighView(View):
    viewer: int
    n_players: int
    to_act: tuple[int, ...]
    legal: tuple[Action, ...]
    options: ToyHighOptions
    dealer: int
    leader: int
    hand: tuple[Kind, ...]                    # the viewer's cards, lowest first
    hand_counts: tuple[int, ...]
    trick: tuple[tuple[int, Kind], ...]       # the trick under way: (seat, card)
    last_trick: tuple[tuple[int, Kind], ...]  # the trick taken last
    played: tuple[tuple[int, Kind], ...]      # every card played this hand, in order
    tricks: tuple[int, ...]
    stock_count: int
    result: HandResult | None


def beats(card: int, best: int, low_wins: bool) -> bool:
    return card < best if low_wins else card > best


class ToyHighState(GameState[ToyHighOptions]):
    game_id = GAME_ID

    def __init__(self, options: ToyHighOptions, n_players: int, seed: int, dealer: int = 0):
        if n_players != 2:
            raise OptionsError(f"{GAME_ID} is played by 2 players, not {n_players}")
        if not 0 <= dealer < n_players:
            raise OptionsError(f"there is no seat {dealer} to deal")
        super().__init__(n_players, options, seed)
        deck = list(range(N_KINDS))
        self.rng.shuffle(deck)
        size = options.hand_size
        self.dealer = dealer
        self.leader = (dealer + 1) % 2
        self.hands: list[list[int]] = [sorted(deck[:size]), sorted(deck[size:2 * size])]
        self.stock: list[int] = deck[2 * size:]
        self.trick: list[tuple[int, int]] = []
        self.last_trick: list[tuple[int, int]] = []
        self.played: list[tuple[int, int]] = []
        self.tricks = [0, 0]
        self.deal_events = [Event("deal", p, {"count": size}, {"cards": [Kind(u).code for u in self.hands[p]]},
                                  frozenset({p})) for p in range(2)]

    # -- the rules ------------------------------------------------------------------------------
    def _current(self) -> int:
        return self.leader if not self.trick else 1 - self.leader

    def to_act(self) -> tuple[int, ...]:
        return () if self.is_terminal() else (self._current(),)

    def legal_actions(self, player: int) -> list[Action]:
        if self.is_terminal() or player != self._current():
            return []
        return [Action(player, PLAY, Kind(u)) for u in self.hands[player]]

    def _apply(self, action: Action, events: list[Event] | None) -> None:
        p = action.player
        u = int(action.card)   # type: ignore[arg-type]
        self.hands[p].remove(u)
        self.trick.append((p, u))
        self.played.append((p, u))
        if events is not None:
            events.append(Event(PLAY, p, {"card": Kind(u).code}))
        if len(self.trick) == 2:
            (first, a), (second, b) = self.trick
            winner = second if beats(b, a, self.options.low_wins) else first
            self.tricks[winner] += 1
            self.leader = winner
            self.last_trick, self.trick = self.trick, []
            if events is not None:
                events.append(Event("trick", winner, {"cards": [Kind(a).code, Kind(b).code]}))

    def is_terminal(self) -> bool:
        return not self.trick and not self.hands[0] and not self.hands[1]

    def result(self) -> HandResult:
        t0, t1 = self.tricks
        winners = () if t0 == t1 else ((0,) if t0 > t1 else (1,))
        played = [[Kind(u).code for q, u in self.played if q == p] for p in range(2)]
        return HandResult("win" if winners else "draw", (t0, t1), winners,
                          {"tricks": [t0, t1], "played": played, "sweep": bool(winners) and min(t0, t1) == 0})

    def view(self, player: int) -> ToyHighView:
        def cards(pairs: Sequence[tuple[int, int]]) -> tuple[tuple[int, Kind], ...]:
            return tuple((q, Kind(u)) for q, u in pairs)

        return ToyHighView(
            viewer=player, n_players=2, to_act=self.to_act(), legal=tuple(self.legal_actions(player)),
            options=self.options, dealer=self.dealer, leader=self.leader,
            hand=tuple(Kind(u) for u in self.hands[player]), hand_counts=(len(self.hands[0]), len(self.hands[1])),
            trick=cards(self.trick), last_trick=cards(self.last_trick), played=cards(self.played),
            tricks=(self.tricks[0], self.tricks[1]), stock_count=len(self.stock),
            result=self.result() if self.is_terminal() else None)

    # -- hidden information: the other's hand and the stock ------------------------------------
    def all_cards(self) -> list[int]:
        return self.hands[0] + self.hands[1] + self.stock + [u for _p, u in self.played]

    def hidden_slots(self, viewer: int) -> list[Slot]:
        return slots(self.hands[1 - viewer]) + slots(self.stock)

    def _redealt(self, viewer: int) -> None:
        self.hands[1 - viewer].sort()

    @classmethod
    def determinize(cls, view: View, rng: random.Random) -> ToyHighState:
        """A state with ``view``: the cards it does not show are dealt from the kinds nobody has seen."""
        if not isinstance(view, ToyHighView):
            raise TypeError(f"a ToyHighState is made from a ToyHighView, not a {type(view).__name__}")
        state = object.__new__(cls)
        GameState.__init__(state, 2, view.options, rng.randrange(2**62))
        seen = {int(k) for k in view.hand} | {int(k) for _p, k in view.played}
        unseen = [u for u in range(N_KINDS) if u not in seen]
        rng.shuffle(unseen)
        other = 1 - view.viewer
        state.hands = [[], []]
        state.hands[view.viewer] = [int(k) for k in view.hand]
        state.hands[other] = sorted(unseen[:view.hand_counts[other]])
        state.stock = unseen[view.hand_counts[other]:]
        state.dealer, state.leader = view.dealer, view.leader
        state.trick = [(q, int(k)) for q, k in view.trick]
        state.last_trick = [(q, int(k)) for q, k in view.last_trick]
        state.played = [(q, int(k)) for q, k in view.played]
        state.tricks = list(view.tricks)
        return state

    def _copy_into(self, other: ToyHighState) -> None:
        other.dealer, other.leader = self.dealer, self.leader
        other.hands = [list(self.hands[0]), list(self.hands[1])]
        other.stock, other.trick, other.last_trick = list(self.stock), list(self.trick), list(self.last_trick)
        other.played, other.tricks = list(self.played), list(self.tricks)


def new_hand(options: ToyHighOptions, n_players: int, seed: int, dealer: int = 0) -> ToyHighState:
    return ToyHighState(options, n_players, seed, dealer)


def settle(result: HandResult, stake_cents: int) -> tuple[int, ...]:
    """The loser pays the winner the stake for each trick more."""
    if not result.winners:
        return (0, 0)
    w = result.winners[0]
    cents = (result.points[w] - result.points[1 - w]) * stake_cents
    return tuple(cents if p == w else -cents for p in range(2))


def choose(hand: Sequence[int], trick: Sequence[tuple[int, int]], low_wins: bool) -> int:
    """The card a sensible player plays: leading, the best card; answering, the cheapest card that
    takes the trick, else the cheapest card."""
    order = sorted(hand, reverse=low_wins)          # cheapest first
    if not trick:
        return order[-1]
    led = trick[0][1]
    return next((u for u in order if beats(u, led, low_wins)), order[0])


def playout(state: GameState[ToyHighOptions], rng: random.Random) -> Action:
    """The search's playout policy: :func:`choose` for the player to move (who sees their own hand
    and the trick)."""
    assert isinstance(state, ToyHighState)
    p = state.to_act()[0]
    return Action(p, PLAY, Kind(choose(state.hands[p], state.trick, state.options.low_wins)))
