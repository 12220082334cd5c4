"""Ce Pe: the shared counter that must never pass the limit, on a Western deck (RULINGS §6).  The
rule set as data in :mod:`.ruleset`, the rules in :mod:`.rules`, the Normal player in :mod:`.bot`,
the search hooks in :mod:`.search`, the simulator's statistics in :mod:`.stats`; the window's side
is ``cekidesk.ui.games.ce_pe``."""
from cekidesk.engine.core import GameSpec
from cekidesk.engine.match import MatchEnding

from . import rules
from . import search as _search
from .bot import CePeNormalBot

# the simulator reads a rule-set file (``cekidesk-sim --rules FILE``) with the game's rules_from_json
from .ruleset import PRESETS, CePeOptions, rules_from_json
from .stats import WIN_KINDS, statistics, win_kind

SPEC = GameSpec(
    id=rules.GAME_ID,
    title_key="game.ce-pe",
    min_players=rules.MIN_PLAYERS,
    max_players=rules.MAX_PLAYERS,
    options_model=CePeOptions,
    new_hand=rules.new_hand,
    settle=rules.settle,
    match_modes=("money", "target", "hands"),
    next_dealer=rules.next_dealer,
    view_type=rules.CePeView,
    default_players=4,
    max_hand_actions=rules.max_hand_actions,
    state_type=rules.CePeState,
    bots=(CePeNormalBot,),
    statistics=statistics,
    win_kind=win_kind,
    win_kinds=WIN_KINDS,
    card_family="western",
    initial_carry=rules.initial_carry,
    out_seats=rules.out_seats,
    match_endings=(MatchEnding("last_standing", "ending.last_standing", rules.last_standing),),
    search=_search.HOOKS,
    presets=tuple((f"ce-pe.preset.{pid}", PRESETS[pid]) for pid in ("ce_pe", "normal_99", "bloody", "ninety_nine")),
)

__all__ = ["SPEC", "rules_from_json"]
