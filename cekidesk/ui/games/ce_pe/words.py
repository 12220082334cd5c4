"""Ce Pe in words: the game's option and preset titles, the status line, hints, the game log, the end
of a hand and the How-to-play page (:mod:`.help`).  The table is :mod:`.layout`; the words of an
effect (``+1 or +11``) and of a rule set's problems are :mod:`.effects`, shared with the rule editor.

Every number the engine reports (the counter before and after, the amount chosen) is written here:
the engine speaks in codes (RULINGS §6, ``cekidesk.games.ce_pe``).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from cekidesk.engine.cards import WKind
from cekidesk.engine.core import Action, Event, HandResult
from cekidesk.engine.match import HandRecord, Match
from cekidesk.games.ce_pe.ruleset import CePeOptions

from ... import names
from ...i18n import QT_TRANSLATE_NOOP
from ...lessons import Lesson
from ..base import GameUI, HandEndContent, HelpContext, Namer, hands_tab, log_sentence, register_game_ui, seat_name
from .editor import RuleSetHooks
from .layout import by_rank  # (importing the layout registers it)
from .lesson import lesson as ce_pe_lesson

names.register_texts(
    "CePeTerms",
    {
        "game.ce-pe": QT_TRANSLATE_NOOP("CePeTerms", "Ce Pe"),
        "game.ce-pe.blurb": QT_TRANSLATE_NOOP(
            "CePeTerms",
            "2–8 players, a Western deck. Each card moves a shared counter that must never pass the limit; "
            "who cannot play loses a life, and the last player standing wins. Four published rule sets, "
            "or your own."),
        "ce-pe.option.name": QT_TRANSLATE_NOOP("CePeTerms", "Name of the rules"),
        "ce-pe.option.name.help": QT_TRANSLATE_NOOP("CePeTerms", "What these rules are called."),
        "ce-pe.option.limit": QT_TRANSLATE_NOOP("CePeTerms", "Limit"),
        "ce-pe.option.limit.help": QT_TRANSLATE_NOOP(
            "CePeTerms", "The counter may never go above this number."),
        "ce-pe.option.start": QT_TRANSLATE_NOOP("CePeTerms", "Counter at the start"),
        "ce-pe.option.start.help": QT_TRANSLATE_NOOP("CePeTerms", "Where the counter stands when a hand is dealt."),
        "ce-pe.option.hand_size": QT_TRANSLATE_NOOP("CePeTerms", "Cards in a hand"),
        "ce-pe.option.hand_size.help": QT_TRANSLATE_NOOP(
            "CePeTerms", "How many cards each player is dealt (and keeps by drawing)."),
        "ce-pe.option.decks": QT_TRANSLATE_NOOP("CePeTerms", "Decks"),
        "ce-pe.option.decks.help": QT_TRANSLATE_NOOP("CePeTerms", "How many 52-card decks are shuffled together."),
        "ce-pe.option.penalty": QT_TRANSLATE_NOOP("CePeTerms", "Who cannot play"),
        "ce-pe.option.penalty.help": QT_TRANSLATE_NOOP(
            "CePeTerms", "What a player loses when no card of their hand can be played."),
        "ce-pe.option.penalty.lives": QT_TRANSLATE_NOOP("CePeTerms", "turns a card face down (a life)"),
        "ce-pe.option.penalty.tokens": QT_TRANSLATE_NOOP("CePeTerms", "loses a token"),
        "ce-pe.option.penalty.out": QT_TRANSLATE_NOOP("CePeTerms", "is out at once"),
        "ce-pe.option.tokens": QT_TRANSLATE_NOOP("CePeTerms", "Tokens"),
        "ce-pe.option.tokens.help": QT_TRANSLATE_NOOP(
            "CePeTerms", "How many tokens each player starts with; with none left they are out."),
        "ce-pe.option.redeal_after_loss": QT_TRANSLATE_NOOP("CePeTerms", "Redeal after every loss"),
        "ce-pe.option.redeal_after_loss.help": QT_TRANSLATE_NOOP(
            "CePeTerms", "A lost token or a player out ends the hand; the next hand is dealt, and the match goes "
                         "on until one player is left."),
        "ce-pe.option.instant_win": QT_TRANSLATE_NOOP("CePeTerms", "Instant win at"),
        "ce-pe.option.instant_win.help": QT_TRANSLATE_NOOP(
            "CePeTerms", "A play that leaves the counter exactly here wins the hand at once (empty: off)."),
        "ce-pe.option.effects": QT_TRANSLATE_NOOP("CePeTerms", "Effects"),
        "ce-pe.option.effects.help": QT_TRANSLATE_NOOP("CePeTerms", "What each rank does when it is played."),
        "ce-pe.option.card_effects": QT_TRANSLATE_NOOP("CePeTerms", "Effects of single cards"),
        "ce-pe.option.card_effects.help": QT_TRANSLATE_NOOP(
            "CePeTerms", "Cards whose effect differs from their rank's, such as the Ace of Spades."),
        "ce-pe.preset.ce_pe": QT_TRANSLATE_NOOP("CePeTerms", "Ce Pe"),
        "ce-pe.preset.ce_pe.help": QT_TRANSLATE_NOOP(
            "CePeTerms", "The source's game: limit 100, four cards, lives as face-down cards; 3 exchanges, "
                         "5 chooses who is next, 7 reverses, J skips, K sets 100."),
        "ce-pe.preset.normal_99": QT_TRANSLATE_NOOP("CePeTerms", "Normal 99"),
        "ce-pe.preset.normal_99.help": QT_TRANSLATE_NOOP(
            "CePeTerms", "Limit 99, five cards, out when you cannot play; 4 reverses, 5 chooses, J passes, "
                         "K sets 99, the Ace of Spades sets 0."),
        "ce-pe.preset.bloody": QT_TRANSLATE_NOOP("CePeTerms", "Bloody"),
        "ce-pe.preset.bloody.help": QT_TRANSLATE_NOOP(
            "CePeTerms", "Normal 99, and a 7 takes its replacement from another player's hand; an Ace other "
                         "than Spades swaps whole hands."),
        "ce-pe.preset.ninety_nine": QT_TRANSLATE_NOOP("CePeTerms", "Ninety-Nine"),
        "ce-pe.preset.ninety_nine.help": QT_TRANSLATE_NOOP(
            "CePeTerms", "Three cards and three tokens, limit 99; who cannot play loses a token and the hand "
                         "is dealt again; 4 reverses, 9 adds nothing, 10 takes 10 off."),
        "ending.last_standing": QT_TRANSLATE_NOOP("CePeTerms", "Last player standing"),
        "ending.last_standing.help": QT_TRANSLATE_NOOP(
            "CePeTerms", "The match ends when only one player is left in; with a redeal after every loss, what "
                         "each player lost is carried from hand to hand."),
        "stake.eliminated": QT_TRANSLATE_NOOP("CePeTerms", "eliminated"),
    },
)

# how a hand was won, for the player's statistics (cekidesk.games.ce_pe.stats.WIN_KINDS)
names.register_win_kinds(("ce-pe",), "CePeTerms", {
    "last_standing": QT_TRANSLATE_NOOP("CePeTerms", "last player standing"),
    "instant_win": QT_TRANSLATE_NOOP("CePeTerms", "instant win"),
})

# why a computer player (the hint) chose its move: cekidesk.games.ce_pe.bot.reasons, codes under the
# game's package name (``ce_pe.``), the card as ``kind``
names.register_texts(
    "Reasons",
    {
        "reason.ce_pe.pressure": QT_TRANSLATE_NOOP(
            "Reasons", "leaves the counter at {counter}, close to the limit of {limit}, for the next player"),
        "reason.ce_pe.lowers": QT_TRANSLATE_NOOP(
            "Reasons", "brings the counter down to {counter}, leaving room for your next cards"),
        "reason.ce_pe.keep_magic": QT_TRANSLATE_NOOP(
            "Reasons", "keeps the cards that can be played at any count for later"),
        "reason.ce_pe.target_weakest": QT_TRANSLATE_NOOP("Reasons", "aims at the player closest to going out"),
        "reason.ce_pe.worst_card": QT_TRANSLATE_NOOP("Reasons", "{kind} is the card worth least to keep"),
    },
)

# the log's sentences by (event, the human did it, variant)
_TEMPLATES: dict[tuple[str, bool, str], str] = {
    ("deal", True, ""): QT_TRANSLATE_NOOP(
        "GameLog", "{dealer} deals %n card(s) each; the counter starts at {counter}, {starter} begins. "
                   "You hold {cards}."),
    ("play", True, "change"): QT_TRANSLATE_NOOP("GameLog", "You play {card}: {change} → {after}."),
    ("play", False, "change"): QT_TRANSLATE_NOOP("GameLog", "{name} plays {card}: {change} → {after}."),
    ("play", True, "set"): QT_TRANSLATE_NOOP("GameLog", "You play {card}: the counter is set to {after}."),
    ("play", False, "set"): QT_TRANSLATE_NOOP("GameLog", "{name} plays {card}: the counter is set to {after}."),
    ("play", True, ""): QT_TRANSLATE_NOOP("GameLog", "You play {card}; the counter stays at {after}."),
    ("play", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} plays {card}; the counter stays at {after}."),
    ("draw", True, ""): QT_TRANSLATE_NOOP("GameLog", "You draw {card}."),
    ("reshuffle", False, ""): QT_TRANSLATE_NOOP(
        "GameLog", "The stock is empty: %n card(s) from the discards are shuffled into a new stock."),
    ("reverse", False, "cw"): QT_TRANSLATE_NOOP("GameLog", "The direction of play turns: now clockwise."),
    ("reverse", False, "ccw"): QT_TRANSLATE_NOOP("GameLog", "The direction of play turns: now anticlockwise."),
    ("skip", False, ""): QT_TRANSLATE_NOOP("GameLog", "{target} is skipped."),
    ("skip", False, "you"): QT_TRANSLATE_NOOP("GameLog", "You are skipped."),
    ("choose_next", True, ""): QT_TRANSLATE_NOOP("GameLog", "You choose {target} to play next."),
    ("choose_next", True, "self"): QT_TRANSLATE_NOOP("GameLog", "You choose to play next yourself."),
    ("choose_next", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} chooses {target} to play next."),
    ("choose_next", False, "self"): QT_TRANSLATE_NOOP("GameLog", "{name} chooses to play next again."),
    ("choose_next", False, "you"): QT_TRANSLATE_NOOP("GameLog", "{name} chooses you to play next."),
    ("exchange", True, ""): QT_TRANSLATE_NOOP(
        "GameLog", "You exchange a card with {target}: you give {given} and get {taken}."),
    ("exchange", False, "you"): QT_TRANSLATE_NOOP(
        "GameLog", "{name} exchanges a card with you: you give {taken} and get {given}."),
    ("exchange", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} exchanges a card with {target}."),
    ("exchange", True, "empty"): QT_TRANSLATE_NOOP(
        "GameLog", "You give {target} a card; their hand was empty, so you take none."),
    ("exchange", False, "empty"): QT_TRANSLATE_NOOP(
        "GameLog", "{name} gives {target} a card; their hand was empty, so nothing is taken."),
    ("swap_hands", True, ""): QT_TRANSLATE_NOOP("GameLog", "You swap hands with {target}."),
    ("swap_hands", False, "you"): QT_TRANSLATE_NOOP("GameLog", "{name} swaps hands with you."),
    ("swap_hands", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} swaps hands with {target}."),
    ("take_replacement", True, ""): QT_TRANSLATE_NOOP(
        "GameLog", "You take your replacement from {target}'s hand: {card}."),
    ("take_replacement", False, "you"): QT_TRANSLATE_NOOP(
        "GameLog", "{name} takes their replacement from your hand: {card}."),
    ("take_replacement", False, ""): QT_TRANSLATE_NOOP(
        "GameLog", "{name} takes their replacement from {target}'s hand."),
    ("take_replacement", True, "empty"): QT_TRANSLATE_NOOP(
        "GameLog", "{target}'s hand is empty: you take no replacement."),
    ("take_replacement", False, "empty"): QT_TRANSLATE_NOOP(
        "GameLog", "{target}'s hand is empty: {name} takes no replacement."),
    ("kill", True, ""): QT_TRANSLATE_NOOP("GameLog", "You make {target} lose a card."),
    ("kill", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} makes {target} lose a card."),
    ("kill", False, "you"): QT_TRANSLATE_NOOP(
        "GameLog", "{name} makes you lose a card: your {card} is turned face down."),
    ("kill", True, "empty"): QT_TRANSLATE_NOOP("GameLog", "{target}'s hand is empty: nothing is lost."),
    ("kill", False, "empty"): QT_TRANSLATE_NOOP("GameLog", "{target}'s hand is empty: nothing is lost."),
    ("turn_down", True, ""): QT_TRANSLATE_NOOP(
        "GameLog", "You cannot play: you turn {card} face down and lose a life."),
    ("turn_down", False, ""): QT_TRANSLATE_NOOP(
        "GameLog", "{name} cannot play: they turn a card face down and lose a life."),
    ("lose_token", True, ""): QT_TRANSLATE_NOOP(
        "GameLog", "You cannot play and lose a token: %n left."),
    ("lose_token", False, ""): QT_TRANSLATE_NOOP(
        "GameLog", "{name} cannot play and loses a token: %n left."),
    ("out", True, ""): QT_TRANSLATE_NOOP("GameLog", "You are out, in place {place}."),
    ("out", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} is out, in place {place}."),
    ("instant_win", True, ""): QT_TRANSLATE_NOOP("GameLog", "You make exactly {counter} and win at once!"),
    ("instant_win", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} makes exactly {counter} and wins at once."),
    ("win", True, ""): QT_TRANSLATE_NOOP("GameLog", "You are the last player standing and win the hand!"),
    ("win", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} is the last player standing and wins the hand."),
    ("win", True, "instant_win"): QT_TRANSLATE_NOOP("GameLog", "You win the hand!"),
    ("win", False, "instant_win"): QT_TRANSLATE_NOOP("GameLog", "{name} wins the hand."),
    ("redeal", False, ""): QT_TRANSLATE_NOOP("GameLog", "A loss: the hand ends and the cards are dealt again."),
}


def _say(key: tuple[str, bool, str], n: int | None = None, **values: object) -> str:
    return log_sentence(_TEMPLATES[key], n, **values)


def _wkind(code: Any) -> WKind:
    return code if isinstance(code, WKind) else WKind.parse(str(code))


def signed(v: int) -> str:
    """A number with its sign, the minus a real one: "+11", "−20", "0"."""
    return f"+{v}" if v > 0 else f"−{-v}" if v < 0 else "0"


def change_text(before: int | None, after: int | None, amount: int | None) -> str:
    """What a play did to the counter: "+11", "−20"; "=" for a set (its amount is the value set,
    which an addition from elsewhere than 0 never equals); "" when it stayed."""
    if before is None or after is None or before == after:
        return ""
    if amount is not None and amount == after and before + amount != after:
        return "="
    return signed(int(after) - int(before))


def counter_str(v: int) -> str:
    """A counter value with a real minus sign."""
    return str(v).replace("-", "−")


def rules_of(view_or_match: Any) -> CePeOptions:
    """The rule set of a view (``rules``) or of a match (``options``)."""
    rules = getattr(view_or_match, "rules", None) or getattr(view_or_match, "options", None)
    return rules if isinstance(rules, CePeOptions) else CePeOptions.model_validate(rules or {})


def blocked_text(counter: int) -> str:
    """Why a card of the hand cannot be played now ("would make 104")."""
    return QCoreApplication.translate("CePeUI", "Cannot be played: it would make {counter}").format(
        counter=counter_str(counter))


@register_game_ui
class CePeUI(RuleSetHooks, GameUI[Any]):
    game_id = "ce-pe"
    important_events = frozenset({"out", "win", "instant_win", "lose_token", "turn_down", "redeal"})

    # -- status line --------------------------------------------------------------------------
    def your_turn_text(self, view: Any, seat_names: Sequence[str]) -> str:
        verbs = {a.verb for a in view.legal}
        counter, limit = counter_str(view.counter), counter_str(view.limit)
        if view.phase == "give":        # (issue 32: the player is chosen with the card, after the draw)
            return QCoreApplication.translate(
                "CePeUI", "Exchange: click the card you give and choose who gets it; you take a random card "
                          "of their hand.")
        if "turn_down" in verbs:
            return QCoreApplication.translate(
                "CePeUI", "No card of yours can be played at {counter} (limit {limit}): click the card to turn "
                          "face down — you lose a life.").format(counter=counter, limit=limit)
        if "lose" in verbs:
            return self.lose_reason(view)
        return QCoreApplication.translate(
            "CePeUI", "Your turn: the counter is at {counter}, the limit {limit}. Play a card.").format(
            counter=counter, limit=limit)

    def lose_reason(self, view: Any) -> str:
        """Why the person loses now (no card of theirs can be played), and what they lose."""
        counter, limit = counter_str(view.counter), counter_str(view.limit)
        if rules_of(view).penalty == "tokens":
            return QCoreApplication.translate(
                "CePeUI", "No card of yours can be played at {counter} (limit {limit}): you lose a token.").format(
                counter=counter, limit=limit)
        return QCoreApplication.translate(
            "CePeUI", "No card of yours can be played at {counter} (limit {limit}): you are out.").format(
            counter=counter, limit=limit)

    def describe_action(self, action: Action, view: Any) -> str:
        card = names.card_name(action.card) if action.card is not None else ""
        if action.verb == "give":
            return QCoreApplication.translate("CePeUI", "give the {card}").format(card=card)
        if action.verb == "turn_down":
            return QCoreApplication.translate("CePeUI", "turn the {card} face down").format(card=card)
        if action.verb == "lose":
            return (QCoreApplication.translate("CePeUI", "lose a token") if rules_of(view).penalty == "tokens"
                    else QCoreApplication.translate("CePeUI", "drop out"))
        if action.verb != "play":
            return str(action)
        line = QCoreApplication.translate("CePeUI", "play the {card}").format(card=card)
        how = self.choice_label(action, view, [])
        return line if not how else QCoreApplication.translate("CePeUI", "{play}: {how}").format(play=line, how=how)

    def choice_label(self, action: Action, view: Any, seat_names: Sequence[str]) -> str:
        """One way of playing a card in a few words ("+11 → 53", "−10 → 42", "Budi next"): the label of
        its choice button.  ``seat_names`` empty: the target as "player N"."""
        parts: list[str] = []
        if action.amount is not None:
            effect = rules_of(view).effect_of(_wkind(action.card))
            after = action.amount if effect.counter == "set" else view.counter + action.amount
            change = "= " + counter_str(after) if effect.counter == "set" else signed(action.amount)
            parts.append(QCoreApplication.translate("CePeUI", "{change} → {after}").format(
                change=change, after=counter_str(after)))
        if action.target is not None:
            who = seat_names[action.target] if 0 <= action.target < len(seat_names) else str(action.target + 1)
            chooses_next = action.verb == "play" and rules_of(view).effect_of(
                _wkind(action.card)).action == "choose_next"     # (a give's target: an exchange's)
            parts.append(QCoreApplication.translate("CePeUI", "{name} next").format(name=who) if chooses_next
                         else QCoreApplication.translate("CePeUI", "with {name}").format(name=who))
        return QCoreApplication.translate("Terms", ", ").join(parts)

    def hand_over_text(self, result: HandResult, seat_names: Sequence[str], human: int) -> str:
        d = result.details
        if not result.winners:
            loser = d.get("loser")
            if loser == human:
                return QCoreApplication.translate("CePeUI", "Hand over — you lost; the cards are dealt again.")
            return QCoreApplication.translate("CePeUI", "Hand over — {name} lost; the cards are dealt again.").format(
                name=seat_name(loser, seat_names))
        w = result.winners[0]
        if d.get("reason") == "instant_win":
            if w == human:
                return QCoreApplication.translate("CePeUI", "Hand over — you made {counter} and win at once!").format(
                    counter=counter_str(int(d.get("counter", 0))))
            return QCoreApplication.translate("CePeUI", "Hand over — {name} made {counter} and wins at once.").format(
                name=seat_name(w, seat_names), counter=counter_str(int(d.get("counter", 0))))
        if w == human:
            return QCoreApplication.translate("CePeUI", "Hand over — you are the last player standing!")
        return QCoreApplication.translate("CePeUI", "Hand over — {name} is the last player standing.").format(
            name=seat_name(w, seat_names))

    def hand_summary(self, result: HandResult, seat_names: Sequence[str]) -> str:
        if result.winners:
            return seat_name(result.winners[0], seat_names)
        return QCoreApplication.translate("CePeUI", "{name} lost").format(
            name=seat_name(result.details.get("loser"), seat_names))

    # -- game log -------------------------------------------------------------------------------
    def describe_event(self, event: Event, seat_names: Sequence[str], human: int, namer: Namer) -> str | None:
        p, d, t = event.player, event.data, event.type     # (d holds the secrets the human may see)
        you = p is not None and p == human
        who = seat_name(p, seat_names)
        target = d.get("target")
        to_you = target is not None and target == human
        tname = seat_name(target, seat_names)

        def card(code: Any) -> str:
            return namer(_wkind(code))

        if t == "deal":
            cards = d.get("cards")
            if not you or not cards:
                return None       # (one deal event a seat: the human's says it all)
            return _say(("deal", True, ""), len(cards), dealer=seat_name(d.get("dealer"), seat_names),
                        starter=seat_name(d.get("first"), seat_names), counter=counter_str(int(d.get("counter", 0))),
                        cards=names.card_list(sorted((_wkind(c) for c in cards), key=by_rank), namer))
        if t == "play":
            change = change_text(d.get("before"), d.get("after"), d.get("amount"))
            variant = "set" if change == "=" else "change" if change else ""
            return _say(("play", you, variant), name=who, card=card(d["card"]), change=change,
                        after=counter_str(int(d.get("after", 0))))
        if t == "draw":
            return _say(("draw", True, ""), card=card(d["card"])) if you and d.get("card") else None
        if t == "reshuffle":
            n = int(d.get("count", 0))
            return _say(("reshuffle", False, ""), n)
        if t == "reverse":
            return _say(("reverse", False, "cw" if int(d.get("direction", 1)) > 0 else "ccw"))
        if t == "skip":
            skipped = d.get("seat", target)
            if skipped == human:
                return _say(("skip", False, "you"))
            return _say(("skip", False, ""), target=seat_name(skipped, seat_names))
        if t == "choose_next":
            chosen = d.get("seat", target)
            variant = "self" if chosen == p else ("you" if chosen == human and not you else "")
            return _say(("choose_next", you, variant), name=who, target=seat_name(chosen, seat_names))
        if t == "exchange":
            given, taken = d.get("given"), d.get("taken")    # codes, for the two players only
            if d.get("took_card") is False:
                return _say(("exchange", you, "empty"), name=who, target=tname)
            if given and isinstance(taken, str):
                return _say(("exchange", you, "" if you else "you"), name=who, target=tname,
                            given=card(given), taken=card(taken))
            return _say(("exchange", False, ""), name=who, target=tname)
        if t == "swap_hands":
            return _say((t, you, "you" if to_you and not you else ""), name=who, target=tname)
        if t == "take_replacement":
            got = d.get("card")
            if (you or to_you) and got:
                return _say(("take_replacement", you, "" if you else "you"), name=who, target=tname, card=card(got))
            if d.get("took_card") is False:
                return _say(("take_replacement", you, "empty"), name=who, target=tname)
            return _say(("take_replacement", False, ""), name=who, target=tname)
        if t == "kill":       # (issue 32: a rule set's "make them lose one card")
            lost = d.get("card")
            if d.get("lost") is False:
                return _say(("kill", you, "empty"), name=who, target=tname)
            if to_you and not you and lost:
                return _say(("kill", False, "you"), name=who, card=card(lost))
            return _say(("kill", you, ""), name=who, target=tname)
        if t == "turn_down":
            if you and d.get("card"):
                return _say(("turn_down", True, ""), card=card(d["card"]))
            return _say(("turn_down", False, ""), name=who)
        if t == "lose_token":
            return _say(("lose_token", you, ""), int(d.get("left", 0)), name=who)
        if t == "out":
            return _say(("out", you, ""), name=who, place=d.get("place", "?"))
        if t == "instant_win":
            return _say(("instant_win", you, ""), name=who, counter=counter_str(int(d.get("counter", 0))))
        if t == "win":
            return _say(("win", you, "instant_win" if d.get("reason") == "instant_win" else ""), name=who)
        if t == "redeal":
            return _say(("redeal", False, ""))
        return super().describe_event(event, seat_names, human, namer)

    # -- moves made for the player ----------------------------------------------------------------
    def auto_action(self, view: Any, settings: Any) -> Action | None:
        """A person with no playable card under tokens or "out" has one move, ``lose``: the table shows
        why (the status line, the button), and the window plays it after the pace."""
        legal = view.legal
        if len(legal) == 1 and legal[0].verb == "lose":
            return legal[0]
        return None

    # -- end of a hand ---------------------------------------------------------------------------
    def fill_hand_end(self, content: HandEndContent, match: Match, record: HandRecord, seat_names: Sequence[str],
                      human: int, namer: Namer, parent: QWidget) -> None:
        res = record.result
        d = res.details
        counter = counter_str(int(d.get("counter", 0)))
        content.headline = self.hand_over_text(res, seat_names, human)
        order = [int(q) for q in d.get("order") or ()]
        n = len(seat_names)
        parts: list[str] = []
        if res.winners and d.get("reason") == "instant_win":
            parts.append(QCoreApplication.translate(
                "HandEndDialog", "{name} left the counter at exactly {counter}, the instant win of these "
                                 "rules.").format(name=names.seat_label(seat_names, res.winners[0], human),
                                                  counter=counter))
        elif not res.winners and d.get("loser") is not None:
            parts.append(QCoreApplication.translate(
                "HandEndDialog", "{name} could not play at {counter}; under these rules the cards are dealt again "
                                 "after every loss.").format(name=names.seat_label(seat_names, d["loser"], human),
                                                             counter=counter))
        else:
            parts.append(QCoreApplication.translate(
                "HandEndDialog", "The counter ended at {counter}.").format(counter=counter))
        if order:
            parts.append(QCoreApplication.translate("HandEndDialog", "Out, first to last: {list}.").format(
                list=QCoreApplication.translate("Terms", ", ").join(names.seat_label(seat_names, q, human)
                                                                     for q in order)))
        content.explanation = " ".join(parts)
        hands = d.get("hands")
        if hands and any(hands):
            content.caption = QCoreApplication.translate("HandEndDialog", "Everyone's last cards:")
            content.showcase_tab = QCoreApplication.translate("HandEndDialog", "Hands")
            content.showcase = hands_tab([list(h) for h in hands][:n], seat_names, human, namer, parent)

    def stake_summary(self, match: Match) -> str:
        """Each player out pays the winner a stake (with a redeal: when the match is decided)."""
        stake = names.format_money(match.match_options.stake_cents, signed=False)
        if rules_of(match).redeal_after_loss:
            return QCoreApplication.translate(
                "CePeUI", "Stake: {stake} from each other player to the last one standing, when the match is "
                          "decided.").format(stake=stake)
        return QCoreApplication.translate(
            "CePeUI", "Stake: {stake} from each player out to the winner of the hand.").format(stake=stake)

    def lesson(self) -> Lesson:
        return ce_pe_lesson()

    # -- help ----------------------------------------------------------------------------------------
    def help_title(self) -> str:
        return QCoreApplication.translate("CePeHelp", "How to play Ce Pe")

    def rules_source(self) -> str:
        return QCoreApplication.translate(
            "AboutDialog", "Rules of Ce Pe after the blog post “Ce Pe” and its comments (the Normal 99 and "
                           "Bloody variants), and the classic Ninety-Nine.")

    def help_html(self, ctx: HelpContext) -> str:
        from .help import help_html

        return help_html(ctx)
