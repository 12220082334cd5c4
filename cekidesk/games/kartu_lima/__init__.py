"""Kartu Lima (Tepu): the Javanese five-card trick game for 5–9 players.  Rules in :mod:`.rules`,
the computer player in :mod:`.bot`, the search hooks in :mod:`.search`, the simulator's statistics
in :mod:`.stats`; the window's side is ``cekidesk.ui.games.kartu_lima``."""
from __future__ import annotations

from cekidesk.engine.core import HandResult
from cekidesk.engine.game import Game, GameInfo, Payout
from cekidesk.engine.stats import SimSummary

from . import rules
from . import search as _search
from .bot import KartuLimaHeuristicBot
from .rules import KartuLimaCarry, KartuLimaOptions, KartuLimaState
from .stats import WIN_KINDS, statistics, win_kind


class KartuLimaGame(Game[KartuLimaOptions, KartuLimaState, KartuLimaCarry]):
    info = GameInfo(id=rules.GAME_ID, title_key="game.kartu-lima", min_players=rules.MIN_PLAYERS,
                    max_players=rules.MAX_PLAYERS, default_players=5, carries_pot=True, stake_per_point=False,
                    win_kinds=WIN_KINDS)
    options_model = KartuLimaOptions
    state_type = KartuLimaState
    view_type = rules.KartuLimaView
    bots = (KartuLimaHeuristicBot,)
    search = _search.HOOKS

    def new_hand(self, options: KartuLimaOptions, n_players: int, seed: int, dealer: int = 0,
                 carry: KartuLimaCarry | None = None) -> KartuLimaState:
        return rules.new_hand(options, n_players, seed, dealer, carry=carry)

    def settle(self, result: HandResult, options: KartuLimaOptions, stake_cents: int = 0, pot: int = 0,
               carry: KartuLimaCarry | None = None) -> Payout:
        return rules.settle(result, options, stake_cents, pot, carry)

    def next_dealer(self, result: HandResult, dealer: int, n_players: int) -> int:
        return rules.next_dealer(result, dealer, n_players)

    def max_hand_actions(self, n_players: int, options: KartuLimaOptions) -> int:
        return rules.max_hand_actions(n_players, options)

    def initial_carry(self, n_players: int, options: KartuLimaOptions) -> KartuLimaCarry:
        return rules.initial_carry(n_players, options)

    def first_deal_carry(self, carry: KartuLimaCarry | None) -> KartuLimaCarry:
        return rules.first_deal_carry(carry or rules.initial_carry())

    def win_kind(self, result: HandResult, seat: int) -> str | None:
        return win_kind(result, seat)

    def statistics(self, summary: SimSummary) -> list[str]:
        return statistics(summary)


GAME = KartuLimaGame()
GAMES = (GAME,)
#: the game (its name before the game seam was a class)
SPEC = GAME

__all__ = ["GAME", "GAMES", "SPEC", "KartuLimaGame"]
