"""Kartu Lima (Tepu): the Javanese five-card trick game for 5–9 players.  Rules in :mod:`.rules`,
the computer player in :mod:`.bot`, the search hooks in :mod:`.search`, the simulator's statistics
in :mod:`.stats`; the window's side is ``cekidesk.ui.games.kartu_lima``."""
from cekidesk.engine.core import GameSpec

from . import rules
from . import search as _search
from .bot import KartuLimaHeuristicBot
from .stats import WIN_KINDS, statistics, win_kind

SPEC = GameSpec(
    id=rules.GAME_ID,
    title_key="game.kartu-lima",
    min_players=rules.MIN_PLAYERS,
    max_players=rules.MAX_PLAYERS,
    options_model=rules.KartuLimaOptions,
    new_hand=rules.new_hand,
    settle=rules.settle,
    match_modes=("money", "target", "hands"),
    next_dealer=rules.next_dealer,
    view_type=rules.KartuLimaView,
    default_players=5,
    carries_pot=True,
    stake_per_point=False,
    max_hand_actions=rules.max_hand_actions,
    state_type=rules.KartuLimaState,
    initial_carry=rules.initial_carry,
    first_deal_carry=rules.first_deal_carry,
    bots=(KartuLimaHeuristicBot,),
    statistics=statistics,
    win_kind=win_kind,
    win_kinds=WIN_KINDS,
    search=_search.HOOKS,
)

__all__ = ["SPEC"]
