"""The window's dialogs, one module each:

| module | what |
|---|---|
| :mod:`.new_game` | New Game (``NewGameDialog``) and what it chose (``NewGameConfig``) |
| :mod:`.settings` | Settings (``SettingsDialog``) |
| :mod:`.hand_end` | the end of a hand (``HandEndDialog``), an itemised payment in words |
| :mod:`.score_sheet` | the score sheet (``ScoreSheet``, ``ScoreSheetDialog``), where a match stands |
| :mod:`.standings` | the final standings (``StandingsDialog``), who wins the match |
| :mod:`.about` | About (``AboutDialog``) |
| :mod:`.continue_game` | "Continue your game?" at start (``ask_continue``) |
| :mod:`.common` | what several of them share: a level's description, a table cell |

The generic widgets they use (the options form, the Close button, wrapped labels, money spin
boxes) are a foundation of their own, :mod:`cekidesk.ui.widgets`, which a game's dialogs use too.

Every string goes through ``self.tr`` (context: the class) or ``QCoreApplication.translate``.

Import a dialog from its own module.  The names below are also found here, for code written before
the dialogs had a module each; the window's tests replace ``dialogs.ask_continue`` here, which the
window calls through this package.
"""
from __future__ import annotations

from ..foundations import names
from ..widgets.helpers import close_buttons, fit_wrapped_labels, show_money_unit
from ..widgets.options_form import OptionsForm
from .about import AboutDialog
from .common import level_help
from .continue_game import ask_continue, describe_saved
from .hand_end import HandEndDialog, stake_item_text
from .new_game import NewGameConfig, NewGameDialog, random_seed
from .score_sheet import ScoreSheet, ScoreSheetDialog, ending_progress, hand_summary, match_progress, side_name
from .settings import SettingsDialog
from .standings import StandingsDialog, winners_text

__all__ = [
    "AboutDialog", "HandEndDialog", "NewGameConfig", "NewGameDialog", "OptionsForm",
    "ScoreSheet", "ScoreSheetDialog", "SettingsDialog", "StandingsDialog", "ask_continue",
    "close_buttons", "describe_saved", "ending_progress", "fit_wrapped_labels", "hand_summary", "level_help",
    "match_progress", "names", "random_seed", "show_money_unit", "side_name", "stake_item_text", "winners_text",
]
