"""Toy High, the test game's rules package (see :mod:`.rules`): the game class the registry holds."""
from __future__ import annotations

import random

from cekidesk.engine.bot import Bot
from cekidesk.engine.cards import Kind
from cekidesk.engine.core import Action, HandResult
from cekidesk.engine.game import Game, GameInfo, Payout
from cekidesk.engine.search import SearchHooks

from . import rules
from .rules import GAME_ID, ToyHighOptions, ToyHighState, ToyHighView

WIN_KINDS = ("win", "sweep")


class ToyHighNormalBot(Bot[ToyHighView]):
    """Plays the best card when it leads, the cheapest card that takes the trick when it answers."""

    game_id = GAME_ID
    level = "normal"
    view_type = ToyHighView

    def choose(self, view: ToyHighView, rng: random.Random) -> Action:
        self.check_view(view)
        card = rules.choose([int(k) for k in view.hand], [(q, int(k)) for q, k in view.trick],
                            view.options.low_wins)
        return Action(view.viewer, rules.PLAY, Kind(card))


class ToyHighGame(Game[ToyHighOptions, ToyHighState, None]):
    info = GameInfo(id=GAME_ID, title_key="game.toy-high", min_players=2, max_players=2, default_players=2,
                    win_kinds=WIN_KINDS, presets=(("toy-high.preset.long", {"hand_size": 5}),))
    options_model = ToyHighOptions
    state_type = ToyHighState
    view_type = ToyHighView
    bots = (ToyHighNormalBot,)
    search = SearchHooks(playout=rules.playout)

    def new_hand(self, options: ToyHighOptions, n_players: int, seed: int, dealer: int = 0,
                 carry: None = None) -> ToyHighState:
        return rules.new_hand(options, n_players, seed, dealer)

    def settle(self, result: HandResult, options: ToyHighOptions, stake_cents: int = 0, pot: int = 0,
               carry: None = None) -> Payout:
        return rules.settle(result, stake_cents)

    def max_hand_actions(self, n_players: int, options: ToyHighOptions) -> int:
        return 2 * options.hand_size

    def win_kind(self, result: HandResult, seat: int) -> str | None:
        if seat not in result.winners:
            return None
        return "sweep" if result.details["sweep"] else "win"


GAME = ToyHighGame()
GAMES = (GAME,)
