"""Pèi: the three-player fishing game (Javanese, *la pêche* and Magelang).  Rules in :mod:`.rules`,
the computer player in :mod:`.bot`, the simulator's statistics in :mod:`.stats`; the window's side
is :mod:`cekidesk.ui.games.pei`."""
from cekidesk.engine.core import GameSpec

from . import rules
from . import search as _search
from .bot import PeiHeuristicBot
from .stats import WIN_KINDS, statistics, win_kind

SPEC = GameSpec(
    id=rules.GAME_ID,
    title_key="game.pei",
    min_players=3,
    max_players=3,
    options_model=rules.PeiOptions,
    new_hand=rules.new_hand,
    settle=rules.settle,
    match_modes=("money", "target", "hands"),
    next_dealer=rules.next_dealer,
    view_type=rules.PeiView,
    default_players=3,
    carries_pot=True,
    stake_per_point=False,
    max_hand_actions=rules.max_hand_actions,
    state_type=rules.PeiState,
    bots=(PeiHeuristicBot,),
    statistics=statistics,
    win_kind=win_kind,
    win_kinds=WIN_KINDS,
    search=_search.HOOKS,
)

__all__ = ["SPEC"]
