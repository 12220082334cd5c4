"""Ce Pe's effects and rule-set problems in words (shared by the table, the help page and the rule
editor): ``effect_text(Effect)`` → "+1 or +11", "±10, then reverse", "set to 100 (always playable)";
``problem_text(Problem)`` → a sentence for the rule editor and for a refused file."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from cekidesk.games.ce_pe.ruleset import RANKS, Effect, Problem

from ...foundations import names
from ...foundations.i18n import QT_TRANSLATE_NOOP


def _signed(v: int) -> str:
    return f"+{v}" if v >= 0 else f"−{-v}"


def counter_text(effect: Effect) -> str:
    """The counter part alone: "+1 or +11", "±10", "set to 100", "" when it leaves the counter."""
    vals = effect.values
    if effect.counter == "none" or not vals:
        return ""
    if effect.counter == "add":
        if vals == (0,):
            return "+0"
        parts = [_signed(v) for v in vals]
    elif effect.counter == "add_or_sub":
        parts = [f"±{abs(v)}" for v in vals]
    else:
        parts = [str(v) for v in vals]
        return QCoreApplication.translate("CePeEffects", "set to {values}").format(values=_or(parts))
    return _or(parts)


def _or(parts: list[str]) -> str:
    if len(parts) == 1:
        return parts[0]
    return QCoreApplication.translate("CePeEffects", "{first} or {last}").format(
        first=", ".join(parts[:-1]), last=parts[-1])


ACTION_WORDS: dict[str, str] = {
    "reverse": QT_TRANSLATE_NOOP("CePeEffects", "reverse the direction of play"),
    "skip": QT_TRANSLATE_NOOP("CePeEffects", "skip the next player"),
    "choose_next": QT_TRANSLATE_NOOP("CePeEffects", "choose who plays next"),
    "exchange": QT_TRANSLATE_NOOP("CePeEffects", "draw, then exchange a card with a chosen player"),
    "swap_hands": QT_TRANSLATE_NOOP("CePeEffects", "swap hands with a chosen player"),
    "take_replacement": QT_TRANSLATE_NOOP("CePeEffects", "take the replacement from a chosen player's hand"),
    "kill": QT_TRANSLATE_NOOP("CePeEffects", "make a chosen player lose a card (under lives, a life)"),
}
# the ranks as the rule editor and the help's effect table head their rows
RANK_WORDS: dict[str, str] = {
    "A": QT_TRANSLATE_NOOP("CePeEffects", "Ace"), "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7",
    "8": "8", "9": "9", "10": "10", "J": QT_TRANSLATE_NOOP("CePeEffects", "Jack"),
    "Q": QT_TRANSLATE_NOOP("CePeEffects", "Queen"), "K": QT_TRANSLATE_NOOP("CePeEffects", "King"),
}


def action_text(action: str) -> str:
    """An action in words ("" for none), in the current language."""
    return QCoreApplication.translate("CePeEffects", ACTION_WORDS[action]) if action in ACTION_WORDS else ""


def rank_text(rank: str) -> str:
    """A rank key ("A", "10", "K") in words: "Ace", "10", "King"."""
    return QCoreApplication.translate("CePeEffects", RANK_WORDS[rank]) if rank.isalpha() else rank


def effect_text(effect: Effect) -> str:
    """A whole effect in a few words, e.g. "±10", "+7; take the replacement from a chosen player's
    hand; no draw", "set to 100 (always playable)", "no effect"."""
    parts = [p for p in (counter_text(effect), action_text(effect.action)) if p]
    if not effect.draw and effect.action not in ("take_replacement",):
        parts.append(QCoreApplication.translate("CePeEffects", "no draw"))
    text = "; ".join(parts) if parts else QCoreApplication.translate("CePeEffects", "no effect")
    if effect.always:
        text = QCoreApplication.translate("CePeEffects", "{effect} (always playable)").format(effect=text)
    return text


def problem_text(problem: Problem) -> str:
    """Why a rule set cannot be played, as one sentence."""
    p = problem.params
    code = problem.code
    if code == "start_over_limit":
        return QCoreApplication.translate(
            "CePeEffects", "The counter would start at {start}, above the limit of {limit}.").format(
            start=p[0], limit=p[1])
    if code == "no_values":
        return QCoreApplication.translate(
            "CePeEffects", "{card}: a change of the counter needs at least one value.").format(
            card=_key_name(p[0]))
    if code == "nothing_playable":
        return QCoreApplication.translate(
            "CePeEffects", "No card can be played when the counter is at {start} (the limit is {limit}): "
                           "nobody could ever move.").format(start=p[0], limit=p[1])
    if code == "redeal_with_lives":
        return QCoreApplication.translate(
            "CePeEffects", "A redeal after a loss would give back the turned-down cards: choose tokens or "
                           "\"out at once\" with it.")
    if code == "instant_win_over_limit":
        return QCoreApplication.translate(
            "CePeEffects", "The instant win at {total} lies above the limit of {limit}, so it can never be "
                           "made.").format(total=p[0], limit=p[1])
    if code == "deck_too_small":
        return QCoreApplication.translate(
            "CePeEffects", "The deck has {cards} cards but the deal needs {needed}: add a deck or deal fewer "
                           "cards.").format(cards=p[0], needed=p[1])
    return QCoreApplication.translate("CePeEffects", "These rules cannot be played ({code}).").format(code=code)


def _key_name(key: str) -> str:
    """A rank key ("10", "K") or a card code ("AS") in words."""
    return rank_text(key) if key in RANKS else names.card_name(key)
