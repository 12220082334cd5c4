"""Ceki (Kowah): the namesake game, 2–6 players, two packs.  Rules in :mod:`.rules`, the computer
player in :mod:`.bot`, the simulator's statistics in :mod:`.stats`; the window's side is
:mod:`cekidesk.ui.games.ceki`."""
from cekidesk.engine.core import GameSpec

from . import rules
from . import search as _search
from .bot import CekiHeuristicBot
from .stats import WIN_KINDS, statistics, win_kind

SPEC = GameSpec(
    id=rules.GAME_ID,
    title_key="game.ceki",
    min_players=2,
    max_players=6,
    options_model=rules.CekiOptions,
    new_hand=rules.new_hand,
    settle=rules.settle,
    match_modes=("money", "target", "hands"),
    next_dealer=rules.next_dealer,
    view_type=rules.CekiView,
    default_players=4,
    max_hand_actions=rules.max_hand_actions,
    state_type=rules.CekiState,
    bots=(CekiHeuristicBot,),
    statistics=statistics,
    win_kind=win_kind,
    win_kinds=WIN_KINDS,
    search=_search.HOOKS,
)

__all__ = ["SPEC"]
