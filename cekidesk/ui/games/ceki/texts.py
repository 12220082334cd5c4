"""Ceki (Kowah)'s words: the texts of its engine keys, its terms and win kinds, the hint's reasons, the
log lines' templates and the table's phrases about throws.  Its game UI is :mod:`.game_ui`, the
How-to-play page :mod:`.help` (after RULINGS §2, the project's reading of the Ceki (Kowah) rule text,
with the house rules the app chose), the table :mod:`.layout`.
"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from ...foundations import names
from ...foundations.i18n import QT_TRANSLATE_NOOP
from ..base import (
    log_sentence,
)

# The engine's keys for Ceki (title, options, win kinds), in the "Terms" context.
# why a computer player (the hint) chose its move: cekidesk.games.ceki.search.reasons
names.register_texts("Reasons", {
    "reason.ceki.take_wins": QT_TRANSLATE_NOOP("Reasons", "the {kind} completes your hand"),
    "reason.ceki.take_set": QT_TRANSLATE_NOOP("Reasons", "the {kind} makes a set of three"),
    "reason.ceki.draw": QT_TRANSLATE_NOOP("Reasons", "the {kind} on the pile is worth less than a fresh card"),
    "reason.ceki.dead": QT_TRANSLATE_NOOP("Reasons", "every other card of its value is in sight: nobody can use it"),
    "reason.ceki.breaks": QT_TRANSLATE_NOOP("Reasons", "its pair is the weakest part of the hand"),
    "reason.ceki.lone": QT_TRANSLATE_NOOP("Reasons", "the {kind} is in none of your pairs or sets"),
    "reason.ceki.live_pairs": QT_TRANSLATE_NOOP("Reasons", "keeps %Ln live pair(s)"),
    "reason.ceki.unseen": QT_TRANSLATE_NOOP("Reasons", "%Ln of the {of} cards of its value are still unseen"),
})

names.register_texts("Terms", {
    # games
    "game.ceki": QT_TRANSLATE_NOOP("Terms", "Ceki (Kowah)"),
    "game.ceki.short": QT_TRANSLATE_NOOP("Terms", "Ceki"),
    "game.ceki.blurb": QT_TRANSLATE_NOOP(
        "Terms", "2–6 players, 120 cards. Collect three sets of three cards of one value; with two sets "
                 "and a pair you call ceki and wait for the third card."),
    # Ceki options
    "ceki.option.iyo_one_rank": QT_TRANSLATE_NOOP("Terms", "The six 1s (iyo) are one value"),
    "ceki.option.iyo_one_rank.help": QT_TRANSLATE_NOOP(
        "Terms", "White Flower, Red Flower, Old Thousand and the 1 of Coins, Strings and Myriads all "
                 "make sets with each other, as in the Javanese games. Off (the source's rule): the three "
                 "flowers and the Old Thousand make sets only with their own kind."),
    # win kinds and outcomes
    "win.plain": QT_TRANSLATE_NOOP("Terms", "plain"),
    "win.double": QT_TRANSLATE_NOOP("Terms", "double"),
    "win.triple": QT_TRANSLATE_NOOP("Terms", "triple"),
    "win.plain.help": QT_TRANSLATE_NOOP(
        "Terms", "the previous player threw the card they had just drawn"),
    "win.double.help": QT_TRANSLATE_NOOP(
        "Terms", "the previous player threw a card they had been keeping"),
    "win.triple.help": QT_TRANSLATE_NOOP("Terms", "drawn from the stock"),
})

# the win kinds the player's statistics count (cekidesk.games.ceki.stats.WIN_KINDS)
names.register_win_kinds(("ceki",), "Terms", {
    "plain": QT_TRANSLATE_NOOP("Terms", "plain"),
    "double": QT_TRANSLATE_NOOP("Terms", "double"),
    "triple": QT_TRANSLATE_NOOP("Terms", "triple"),
})

# The sample winning hand: three 9s, three 7s (the pair of 7s was face-down) and three White Flowers.
SAMPLE_SETS = (("C9", "S9", "M9"), ("C7", "M7", "M7"), ("WF", "WF", "WF"))

# Game-log sentences, by (event type, the human did it, variant).  Marked for translation here and
# translated when used; the placeholders are filled in by name.
_TEMPLATES: dict[tuple[str, bool, str], str] = {
    ("deal", True, ""): QT_TRANSLATE_NOOP("GameLog", "You are dealt {cards}."),
    ("deal", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} is dealt %n card(s)."),
    ("draw", True, ""): QT_TRANSLATE_NOOP("GameLog", "You draw {card}."),
    ("draw", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} draws from the stock."),
    ("take", True, ""): QT_TRANSLATE_NOOP("GameLog", "You take {card}."),
    ("take", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} takes {card}."),
    ("discard", True, ""): QT_TRANSLATE_NOOP("GameLog", "You discard {card}."),
    ("discard", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} discards {card}."),
    ("discard", True, "fresh"): QT_TRANSLATE_NOOP("GameLog", "You discard {card} (just drawn)."),
    ("discard", False, "fresh"): QT_TRANSLATE_NOOP("GameLog", "{name} discards {card} (just drawn)."),
    ("call", True, ""): QT_TRANSLATE_NOOP(
        "GameLog", "You call ceki! Face-down: {cards}. You wait for one more of the {value}."),
    ("call", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} calls ceki! (%n card(s) face-down)"),
    ("win", True, ""): QT_TRANSLATE_NOOP(
        "GameLog", "You win with {card}: ×{mult} ({kind}), {base} × {mult} = {score} points!"),
    ("win", False, ""): QT_TRANSLATE_NOOP(
        "GameLog", "{name} wins with {card}: ×{mult} ({kind}), {base} × {mult} = {score} points."),
    ("exhausted", False, ""): QT_TRANSLATE_NOOP("GameLog", "The stock is empty: the hand is drawn."),
}


def say(key: tuple[str, bool, str], n: int | None = None, **values: object) -> str:
    return log_sentence(_TEMPLATES[key], n, **values)


# -- the table's words (the layout, :mod:`.layout`, draws them) -----------------------------------

def thrower_text(thrower: int, me: int, name: str) -> str:
    """Who threw a card of the pile or of a seat's strip."""
    if thrower == me:
        return QCoreApplication.translate("CekiTable", "Your discard")
    return QCoreApplication.translate("CekiTable", "Thrown by {name}").format(name=name)


def taker_text(taker: int, me: int, name: str) -> str:
    """Who took a thrown card back up from the pile."""
    if taker == me:
        return QCoreApplication.translate("CekiTable", "Taken by you")
    return QCoreApplication.translate("CekiTable", "Taken by {name}").format(name=name)


def earlier_throws_text(n: int) -> str:
    """The tooltip of a strip's "+n": its oldest throws, for which the strip has no room."""
    return names.counted(QCoreApplication.translate("CekiTable", "%n earlier throw(s) not shown", "", n), n)


def face_down_text() -> str:
    """The label over the person's own face-down cards after their call (which they alone see)."""
    return QCoreApplication.translate("CekiTable", "Face down")
