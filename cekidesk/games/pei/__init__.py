"""Pèi: the three-player fishing game (Javanese, *la pêche* and Magelang).  Rules in :mod:`.rules`,
the computer player in :mod:`.bot`, the simulator's statistics in :mod:`.stats`; the window's side
is :mod:`cekidesk.ui.games.pei`."""
from __future__ import annotations

from cekidesk.engine.core import HandResult
from cekidesk.engine.game import Game, GameInfo, Payout
from cekidesk.engine.stats import SimSummary

from . import rules
from . import search as _search
from .bot import PeiHeuristicBot
from .stats import WIN_KINDS, statistics, win_kind


class PeiGame(Game[rules.PeiOptions, rules.PeiState, None]):
    info = GameInfo(id=rules.GAME_ID, title_key="game.pei", min_players=3, max_players=3, default_players=3,
                    carries_pot=True, stake_per_point=False, win_kinds=WIN_KINDS)
    options_model = rules.PeiOptions
    state_type = rules.PeiState
    view_type = rules.PeiView
    bots = (PeiHeuristicBot,)
    search = _search.HOOKS

    def new_hand(self, options: rules.PeiOptions, n_players: int, seed: int, dealer: int = 0,
                 carry: None = None) -> rules.PeiState:
        return rules.new_hand(options, n_players, seed, dealer)

    def settle(self, result: HandResult, options: rules.PeiOptions, stake_cents: int = 0, pot: int = 0,
               carry: None = None) -> Payout:
        return rules.settle(result, options, stake_cents, pot)

    def next_dealer(self, result: HandResult, dealer: int, n_players: int) -> int:
        return rules.next_dealer(result, dealer, n_players)

    def max_hand_actions(self, n_players: int, options: rules.PeiOptions) -> int:
        return rules.max_hand_actions(n_players, options)

    def win_kind(self, result: HandResult, seat: int) -> str | None:
        return win_kind(result, seat)

    def statistics(self, summary: SimSummary) -> list[str]:
        return statistics(summary)


GAME = PeiGame()
GAMES = (GAME,)
#: the game (its name before the game seam was a class)
SPEC = GAME

__all__ = ["GAME", "GAMES", "SPEC", "PeiGame"]
