"""Toy High's words (its title, options, preset and win kinds) and its ``GameUI``."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

from cekidesk.ui.foundations import names
from cekidesk.ui.games.base import GameUI, register_game_ui

from ..toy_high.rules import GAME_ID, ToyHighView

CONTEXT = "ToyHighTerms"

if not names.has_text("game.toy-high"):
    names.register_texts(CONTEXT, {
        "game.toy-high": QT_TRANSLATE_NOOP("ToyHighTerms", "Toy High"),
        "game.toy-high.blurb": QT_TRANSLATE_NOOP("ToyHighTerms",
                                                 "2 players, 30 cards. The higher card takes the trick."),
        "toy-high.option.hand_size": QT_TRANSLATE_NOOP("ToyHighTerms", "Cards each"),
        "toy-high.option.hand_size.help": QT_TRANSLATE_NOOP("ToyHighTerms", "How many cards each player is dealt."),
        "toy-high.option.low_wins": QT_TRANSLATE_NOOP("ToyHighTerms", "Low card wins"),
        "toy-high.option.low_wins.help": QT_TRANSLATE_NOOP("ToyHighTerms", "The lower card takes the trick."),
        "toy-high.preset.long": QT_TRANSLATE_NOOP("ToyHighTerms", "Long"),
        "toy-high.preset.long.help": QT_TRANSLATE_NOOP("ToyHighTerms", "Five cards each."),
    })
    names.register_win_kinds((GAME_ID,), CONTEXT, {
        "win": QT_TRANSLATE_NOOP("ToyHighTerms", "more tricks"),
        "sweep": QT_TRANSLATE_NOOP("ToyHighTerms", "every trick"),
    })


@register_game_ui
class ToyHighUI(GameUI[ToyHighView]):
    game_id = GAME_ID
