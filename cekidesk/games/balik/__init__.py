"""The Balik Satu family: Balik Satu, Chaqui, Balik Lima Belas, Chot, Gonggong, Tantanan and Cekèn,
seven registered games (``SPECS``) from one package.  Deck sizes and the hand's shape in
:mod:`.family`, the rules in :mod:`.rules`, scoring and money in :mod:`.scoring`, the computer
players in :mod:`.bot` and :mod:`.search`, the simulator's statistics in :mod:`.stats`; the window's
side is ``cekidesk.ui.games.balik``."""
from __future__ import annotations

from functools import partial

from cekidesk.engine.core import GameSpec

from . import rules, scoring
from . import search as _search
from .bot import NORMAL_BOTS
from .family import GAME_IDS, PLAYERS
from .stats import WIN_KINDS, statistics, win_kind


def _spec(game_id: str) -> GameSpec:
    lo, hi, usual = PLAYERS[game_id]
    return GameSpec(
        id=game_id,
        title_key=f"game.{game_id}",
        min_players=lo,
        max_players=hi,
        options_model=rules.OPTIONS[game_id],
        new_hand=partial(rules.new_hand, game_id),
        match_modes=("money", "target", "hands"),
        next_dealer=rules.next_dealer,
        view_type=rules.BalikView,
        default_players=usual,
        max_hand_actions=rules.max_hand_actions_for(game_id),
        state_type=rules.BalikState,
        bots=(NORMAL_BOTS[game_id],),
        statistics=statistics,
        win_kind=win_kind,
        win_kinds=WIN_KINDS,
        search=_search.HOOKS,
        sides=(lambda n, options: rules.CHOT_SIDES) if game_id == "chot" else None,
        **scoring.spec_fields(game_id),
    )


SPECS: tuple[GameSpec, ...] = tuple(_spec(game_id) for game_id in GAME_IDS)

__all__ = ["SPECS"]
