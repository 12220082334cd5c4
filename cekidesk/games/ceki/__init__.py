"""Ceki (Kowah): the namesake game, 2–6 players, two packs.  Rules in :mod:`.rules`, the computer
player in :mod:`.bot`, the simulator's statistics in :mod:`.stats`; the window's side is
:mod:`cekidesk.ui.games.ceki`."""
from __future__ import annotations

from cekidesk.engine.core import HandResult
from cekidesk.engine.game import Game, GameInfo
from cekidesk.engine.stats import SimSummary

from . import rules
from . import search as _search
from .bot import CekiHeuristicBot
from .stats import WIN_KINDS, statistics, win_kind


class CekiGame(Game[rules.CekiOptions, rules.CekiState, None]):
    info = GameInfo(id=rules.GAME_ID, title_key="game.ceki", min_players=2, max_players=6, default_players=4,
                    win_kinds=WIN_KINDS)
    options_model = rules.CekiOptions
    state_type = rules.CekiState
    view_type = rules.CekiView
    bots = (CekiHeuristicBot,)
    search = _search.HOOKS

    def new_hand(self, options: rules.CekiOptions, n_players: int, seed: int, dealer: int = 0,
                 carry: None = None) -> rules.CekiState:
        return rules.new_hand(options, n_players, seed, dealer)

    settle = staticmethod(rules.settle)

    def next_dealer(self, result: HandResult, dealer: int, n_players: int) -> int:
        return rules.next_dealer(result, dealer, n_players)

    def max_hand_actions(self, n_players: int, options: rules.CekiOptions) -> int:
        return rules.max_hand_actions(n_players, options)

    def win_kind(self, result: HandResult, seat: int) -> str | None:
        return win_kind(result, seat)

    def statistics(self, summary: SimSummary) -> list[str]:
        return statistics(summary)


GAME = CekiGame()
GAMES = (GAME,)
#: the game (its name before the game seam was a class)
SPEC = GAME

__all__ = ["GAME", "GAMES", "SPEC", "CekiGame"]
