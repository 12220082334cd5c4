"""Ceki (Kowah) in words and widgets: the status line, hints, the game log, the end of a hand and
the How-to-play page.  (The table itself is :mod:`cekidesk.ui.games.ceki.layout`.)

The help page follows RULINGS §2 (the project's reading of the Ceki (Kowah) rule text in the shared
rule sources) and says which house rules the app chose.
"""
from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from cekidesk.engine.cards import ALL_KINDS, Kind
from cekidesk.engine.core import Action, Event, HandResult
from cekidesk.engine.match import HandRecord, Match
from cekidesk.games.ceki.rules import DRAWN_NO_DRAW, NO_DRAW_TURNS, CekiView

from ... import names
from ...i18n import QT_TRANSLATE_NOOP
from ...lessons import Lesson
from ..base import (
    GameUI,
    HandEndContent,
    HelpContext,
    Namer,
    hands_tab,
    log_sentence,
    register_game_ui,
    seat_name,
)
from .lesson import lesson as ceki_lesson

GALLERY_HEIGHT = 92
EXAMPLE_HEIGHT = 100

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


def _say(key: tuple[str, bool, str], n: int | None = None, **values: object) -> str:
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


@register_game_ui
class CekiUI(GameUI[CekiView]):
    game_id = "ceki"
    important_events = frozenset({"call", "win", "exhausted", DRAWN_NO_DRAW})

    def lesson(self) -> Lesson:
        return ceki_lesson()

    def auto_action(self, view: CekiView, settings: Any) -> Action | None:
        """With ``Settings.auto_throw_after_call`` on, a caller's throw is made for them: after a call
        the card drawn is the only one the rules let them throw."""
        if not getattr(settings, "auto_throw_after_call", True) or not view.called[view.viewer]:
            return None
        throws = [a for a in view.legal if a.verb == "discard"]
        return throws[0] if len(throws) == 1 and len(view.legal) == 1 else None

    # -- status line ------------------------------------------------------------------------------
    def your_turn_text(self, view: CekiView, seat_names: Sequence[str]) -> str:
        """What to do now; in the last round before the bound on turns without a stock draw, how
        many such turns are left (so the end of the hand does not come as a surprise)."""
        text = self._turn_words(view, seat_names)
        left = NO_DRAW_TURNS - view.turns_without_draw
        if view.phase in ("draw", "discard") and left <= view.n_players:
            text += " " + QCoreApplication.translate(
                "CekiUI", "(Turns left before the hand is drawn unless someone draws from the stock: "
                          "{left}.)").format(left=left)
        return text

    def _turn_words(self, view: CekiView, seat_names: Sequence[str]) -> str:
        legal = tuple(view.legal)
        verbs = {a.verb for a in legal}
        n = view.n_players
        prev_name = seat_name((view.viewer - 1) % n, seat_names)
        called = view.called[view.viewer]
        top = view.top_discard
        if view.phase == "draw":
            card = names.card_name(top) if top is not None else ""
            if "draw" in verbs and "take" in verbs:
                if called:
                    return QCoreApplication.translate(
                        "CekiUI", "Your turn: take {name}'s {card} — it wins! — or draw from the stock.").format(
                        name=prev_name, card=card)
                return QCoreApplication.translate(
                    "CekiUI", "Your turn: draw from the stock or take {name}'s discard ({card}).").format(
                    name=prev_name, card=card)
            if "take" in verbs:
                return QCoreApplication.translate(
                    "CekiUI", "Your turn: take {name}'s {card} — it wins!").format(name=prev_name, card=card)
            if called and view.facedown:
                return QCoreApplication.translate(
                    "CekiUI", "Your turn: draw from the stock (you are waiting for one more of the "
                              "{value}).").format(value=names.value_name(view.facedown[0]))
            return QCoreApplication.translate("CekiUI", "Your turn: draw from the stock.")
        if view.phase == "discard":
            if called and len(legal) == 1 and legal[0].card is not None:
                return QCoreApplication.translate("CekiUI", "Your turn: throw the card you drew ({card}).").format(
                    card=names.card_name(legal[0].card))
            if view.drawn is not None:
                return QCoreApplication.translate("CekiUI", "Your turn: discard a card (you drew the {card}).").format(
                    card=names.card_name(view.drawn))
            return QCoreApplication.translate("CekiUI", "Your turn: discard a card.")
        return super().your_turn_text(view, seat_names)

    def describe_action(self, action: Action, view: CekiView) -> str:
        if action.verb == "draw":
            return QCoreApplication.translate("CekiUI", "draw from the stock")
        if action.verb == "take":
            card = names.card_name(view.top_discard or action.card)
            return QCoreApplication.translate("CekiUI", "take the {card}").format(card=card)
        if action.verb == "discard" and action.card is not None:
            return QCoreApplication.translate("CekiUI", "throw the {card}").format(card=names.card_name(action.card))
        return str(action)

    def hand_over_text(self, result: HandResult, seat_names: Sequence[str], human: int) -> str:
        if result.outcome == "win" and result.winners:
            w = result.winners[0]
            d = result.details
            args = dict(name=seat_name(w, seat_names), mult=d.get("multiplier", 1),
                        kind=names.win_kind_name(d.get("win_kind", "")),
                        score=names.format_points(result.points[w]))
            if w == human:
                return QCoreApplication.translate(
                    "CekiUI", "Hand over — you win ×{mult} ({kind}), {score} points!").format(**args)
            return QCoreApplication.translate(
                "CekiUI", "Hand over — {name} wins ×{mult} ({kind}), {score} points.").format(**args)
        if result.details.get("drawn_by") == DRAWN_NO_DRAW:
            return QCoreApplication.translate(
                "CekiUI", "Hand over — drawn: {turns} turns in a row without a draw from the stock.").format(
                turns=result.details.get("turns", NO_DRAW_TURNS))
        return QCoreApplication.translate("CekiUI", "Hand over — drawn: the stock ran out.")

    def hand_summary(self, result: HandResult, seat_names: Sequence[str]) -> str:
        if result.outcome == "win" and result.winners:
            w = result.winners[0]
            mult = result.details.get("multiplier")
            if mult:
                return QCoreApplication.translate("ScoreSheet", "{name} ×{mult}").format(
                    name=seat_name(w, seat_names), mult=mult)
            return seat_name(w, seat_names)
        if result.outcome == "draw":
            return QCoreApplication.translate("ScoreSheet", "drawn")
        return result.outcome

    # -- game log -----------------------------------------------------------------------------------
    def describe_event(self, event: Event, seat_names: Sequence[str], human: int, namer: Namer) -> str | None:
        p = event.player
        d = event.data
        you = p is not None and p == human
        who = seat_name(p, seat_names)
        t = event.type
        if t == "deal":
            cards = d.get("cards")
            if you and cards:
                return _say(("deal", True, ""), cards=names.card_list(sorted(cards, key=names.by_value), namer))
            return _say(("deal", False, ""), name=who, n=int(d.get("count", 0)))
        if t == "draw":
            card = d.get("card")
            if you and card:
                return _say(("draw", True, ""), card=namer(card))
            return _say(("draw", False, ""), name=who)
        if t in ("take", "discard"):
            variant = "fresh" if t == "discard" and d.get("fresh") else ""
            return _say((t, you, variant), name=who, card=namer(d.get("card")))
        if t == "call":
            cards = d.get("cards")
            if you and cards:
                return _say(("call", True, ""), cards=names.card_list(cards, namer),
                            value=names.value_name(cards[0]))
            return _say(("call", False, ""), name=who, n=int(d.get("facedown", 0)))
        if t == "win":
            return _say(("win", you, ""), name=who, card=namer(d.get("card")), mult=d.get("multiplier", 1),
                        kind=names.win_kind_name(d.get("win_kind", "")), base=d.get("base", 0),
                        score=d.get("score", 0))
        if t == "exhausted":
            return _say(("exhausted", False, ""))
        if t == DRAWN_NO_DRAW:
            return QCoreApplication.translate(
                "GameLog", "Nobody has drawn from the stock for {turns} turns in a row: the hand is drawn.").format(
                turns=d.get("turns", NO_DRAW_TURNS))
        return super().describe_event(event, seat_names, human, namer)

    # -- end of a hand --------------------------------------------------------------------------------
    def fill_hand_end(self, content: HandEndContent, match: Match, record: HandRecord, seat_names: Sequence[str],
                      human: int, namer: Namer, parent: QWidget) -> None:
        from ...cardpics import CardRow

        res = record.result
        d = res.details
        winner = res.winners[0] if res.winners else None
        if res.outcome == "win" and winner is not None:
            kind = d.get("win_kind", "")
            mult = d.get("multiplier", 1)
            if winner == human:
                content.headline = QCoreApplication.translate("HandEndDialog", "You win ×{mult} ({kind})!").format(
                    mult=mult, kind=names.win_kind_name(kind))
            else:
                content.headline = QCoreApplication.translate("HandEndDialog", "{name} wins ×{mult} ({kind})").format(
                    name=seat_name(winner, seat_names), mult=mult, kind=names.win_kind_name(kind))
            how = names.win_kind_help(kind)
            card = namer(d.get("card")) if d.get("card") else ""
            content.explanation = QCoreApplication.translate(
                "HandEndDialog", "Winning card: {card} — {how}. The nine cards count {base}; × {mult} = "
                                 "{score} points.").format(card=card, how=how, base=d.get("base", 0),
                                                           mult=mult, score=d.get("score", 0))
            sets = d.get("sets")
            if sets:
                content.caption = QCoreApplication.translate("HandEndDialog", "Your three sets:") if winner == human \
                    else QCoreApplication.translate(
                        "HandEndDialog", "{name}'s three sets:").format(name=seat_name(winner, seat_names))
                row = CardRow(sets, 104, namer, parent)
                row.setObjectName("winningSets")
                content.showcase = row
        else:
            content.headline = QCoreApplication.translate("HandEndDialog", "Drawn hand")
            if d.get("drawn_by") == DRAWN_NO_DRAW:
                content.explanation = QCoreApplication.translate(
                    "HandEndDialog", "Nobody drew from the stock for {turns} turns in a row, so the hand ends "
                                     "drawn (a house rule against endless passing) and nobody scores.").format(
                    turns=d.get("turns", NO_DRAW_TURNS))
            else:
                content.explanation = names.text("outcome.draw")
        hands = d.get("hands") or []
        if hands:
            content.tabs.append((QCoreApplication.translate("HandEndDialog", "All hands"),
                                 hands_tab(hands, seat_names, human, namer, parent)))

    # -- help ----------------------------------------------------------------------------------------------
    def help_title(self) -> str:
        return QCoreApplication.translate("CekiHelp", "How to play Ceki")

    def rules_source(self) -> str:
        return QCoreApplication.translate("AboutDialog", "Rules of Ceki (Kowah) after the rule text “Ceki (or "
                                          "Kowah): a traditional game for 2–6 players”.")

    def help_html(self, ctx: HelpContext) -> str:
        esc = html.escape
        out: list[str] = []
        out.append("<h1>" + QCoreApplication.translate("CekiHelp", "How to play Ceki (Kowah)") + "</h1>")
        out.append(ctx.p(QCoreApplication.translate(
            "CekiHelp", "Ceki is a quick rummy game for 2 to 6 players. You try to hold three sets of "
                        "three cards of the same value. CekiDesk deals, keeps the score, and calls "
                        "<i>ceki</i> for you.")))
        out.append("<p>" + " · ".join(
            f'<a href="#{a}">{esc(t)}</a>' for a, t in (
                ("cards", QCoreApplication.translate("CekiHelp", "The cards")),
                ("deal", QCoreApplication.translate("CekiHelp", "The deal")),
                ("turn", QCoreApplication.translate("CekiHelp", "Your turn")),
                ("sets", QCoreApplication.translate("CekiHelp", "Sets")),
                ("ceki", QCoreApplication.translate("CekiHelp", "Calling ceki")),
                ("win", QCoreApplication.translate("CekiHelp", "Winning")),
                ("end", QCoreApplication.translate("CekiHelp", "Drawn hands and the match")),
                ("house", QCoreApplication.translate("CekiHelp", "CekiDesk's house rules")),
                ("keys", QCoreApplication.translate("CekiHelp", "Playing with the keyboard")),
                ("source", QCoreApplication.translate("CekiHelp", "Source")))) + "</p>")

        # cards
        out.append(ctx.heading("cards", QCoreApplication.translate("CekiHelp", "The cards")))
        out.append(ctx.p(QCoreApplication.translate(
            "CekiHelp", "Two packs are used: 120 cards, four of each of 30 kinds. There are three "
                        "suits numbered 1 to 9 — <b>Coins</b> (round cash coins), <b>Strings</b> "
                        "(strings of cash) and <b>Myriads</b> (a Chinese numeral above the sign 萬) — "
                        "and three special cards: the <b>White Flower</b>, the <b>Red Flower</b> and "
                        "the <b>Old Thousand</b>.")))
        out.append(ctx.p(QCoreApplication.translate(
            "CekiHelp", "You do not need to read the pictures: look at the thick frame around each "
                        "picture. Every value has its own frame pattern, the same in all three suits, "
                        "so cards that make a set have the same frame. The two Flowers wear the frame "
                        "of the 1s; the Old Thousand has no frame.")))
        out.append(self._gallery(ctx))
        out.append(ctx.p(QCoreApplication.translate(
            "CekiHelp", "Two pairs are easy to confuse at first. The <b>White Flower</b> is the dark "
                        "card with a white flower, while the <b>1 of Coins</b> is one big coin between "
                        "rows of small dots. The <b>9 of Strings</b> and the <b>Red Flower</b> both "
                        "have a red stamp, but the 9 of Strings has the saw-tooth frame of the 9s and "
                        "strings of cash with a big dot at the top.")))
        out.append("<p>" + " ".join(ctx.img(c, EXAMPLE_HEIGHT, ctx.card(c))
                                    for c in ("WF", "C1", "S9", "RF")) + "</p>")

        # deal
        out.append(ctx.heading("deal", QCoreApplication.translate("CekiHelp", "The deal")))
        out.append(ctx.p(QCoreApplication.translate(
            "CekiHelp", "The first dealer is picked at random. Everyone receives eight cards, dealt two "
                        "at a time. The rest of the cards form the face-down stock in the middle. The "
                        "player on the dealer's left plays first, and play goes round clockwise. After "
                        "each hand the deal moves one seat to the left.")))

        # turn
        out.append(ctx.heading("turn", QCoreApplication.translate("CekiHelp", "Your turn")))
        out.append(ctx.p(QCoreApplication.translate("CekiHelp", "A turn has two steps:")))
        out.append("<ol><li>" + QCoreApplication.translate(
            "CekiHelp", "<b>Get a card</b>: draw the top card of the stock, <i>or</i> pick up the "
                        "card the previous player has just thrown. Only that last thrown card can "
                        "be picked up; the ones below it are out of play.") + "</li><li>"
                   + QCoreApplication.translate(
                       "CekiHelp", "<b>Throw a card</b> face-up onto the discard pile, so that you again hold eight. "
                                   "A card you have just drawn from the stock may be thrown straight back.")
                   + "</li></ol>")
        out.append(ctx.p(QCoreApplication.translate(
            "CekiHelp", "In CekiDesk you click the stock or the discard pile, then click the card to "
                        "throw. Only moves that are allowed are offered.")))

        # sets
        out.append(ctx.heading("sets", QCoreApplication.translate("CekiHelp", "Sets")))
        out.append(ctx.p(QCoreApplication.translate(
            "CekiHelp", "A set is three cards of the same value; the suits do not matter. Three 7s — "
                        "the 7 of Coins and two 7s of Myriads, for example — are a set worth "
                        "7 + 7 + 7 = 21 points. The White Flower, the Red Flower and the Old Thousand "
                        "only make sets with cards of their own kind, and each counts 1 point, so "
                        "three 9s (27 points) are the best set and three Flowers the poorest (3).")))
        out.append("<p>" + " ".join(ctx.img(c, EXAMPLE_HEIGHT, ctx.card(c))
                                    for c in ("C7", "M7", "M7")) + "&nbsp;&nbsp;&nbsp;&nbsp;"
                   + " ".join(ctx.img(c, EXAMPLE_HEIGHT, ctx.card(c)) for c in ("WF", "WF", "WF"))
                   + "</p>")
        out.append(ctx.p(QCoreApplication.translate(
            "CekiHelp", "Rule option (New Game ▸ Rules): with <i>“{option}”</i> the six 1s — White "
                        "Flower, Red Flower, Old Thousand and the 1 of each suit — all count as one "
                        "value, as in the Javanese games.").format(
                                  option=esc(names.text("ceki.option.iyo_one_rank")))))

        # ceki
        out.append(ctx.heading("ceki", QCoreApplication.translate("CekiHelp", "Calling ceki")))
        out.append(ctx.p(QCoreApplication.translate(
            "CekiHelp", "Eight cards can hold at most two sets and a pair. That is the hand that can "
                        "win, and the moment you have it — at the end of your turn, or straight from "
                        "the deal — you call <i>ceki</i>. CekiDesk does this for you and announces "
                        "it: your pair goes face-down in front of you and your two sets are frozen. "
                        "(If one of your sets has the same value as the pair, all five of those cards "
                        "go face-down.)")))
        out.append(ctx.p(QCoreApplication.translate(
            "CekiHelp", "From then on you only wait for one card: the third card of your pair's value. "
                        "Each turn you draw from the stock and throw the drawn card — unless it is your "
                        "card — or you pick up the discard if it is the card you are waiting for. "
                        "Everyone can see that you have called, so the player before you will try not "
                        "to throw your card.")))

        # win
        out.append(ctx.heading("win", QCoreApplication.translate("CekiHelp", "Winning")))
        out.append(ctx.p(QCoreApplication.translate(
            "CekiHelp", "The first player to complete three sets wins the hand and is the only one to "
                        "score: the sum of the nine cards (numbered cards their number, Flowers and "
                        "Old Thousand 1 each), multiplied according to where the winning card came "
                        "from:")))
        out.append("<table cellspacing='0' cellpadding='4' border='1'>"
                   + "".join(f"<tr><td><b>×{m}</b></td><td><b>{esc(names.win_kind_name(k))}</b></td>"
                             f"<td>{esc(names.win_kind_help(k))}</td></tr>"
                             for m, k in ((1, "plain"), (2, "double"), (3, "triple")))
                   + "</table>")
        out.append(ctx.p(QCoreApplication.translate(
            "CekiHelp", "<b>Example.</b> You have called with three 9s, three White Flowers and a pair "
                        "of 7s face-down. The player before you keeps the card they drew and throws a "
                        "7 of Myriads from their hand; you take it and win:")))
        out.append("<p>" + "&nbsp;&nbsp;&nbsp;&nbsp;".join(
            " ".join(ctx.img(c, EXAMPLE_HEIGHT, ctx.card(c)) for c in group) for group in SAMPLE_SETS)
            + "</p>")
        out.append(ctx.p(QCoreApplication.translate(
            "CekiHelp", "The nine cards count 27 + 21 + 3 = 51. The card had been kept in the thrower's "
                        "hand, so it is a double win: 51 × 2 = <b>102 points</b>. Had they thrown it "
                        "straight after drawing it, you would score 51 (plain); had you drawn it "
                        "yourself from the stock, 153 (triple).")))

        # end
        out.append(ctx.heading("end", QCoreApplication.translate(
            "CekiHelp", "Drawn hands and the match")))
        out.append(ctx.p(QCoreApplication.translate(
            "CekiHelp", "If the stock runs out, the hand is drawn: nobody scores and the deal moves "
                        "on. (The only exception: if the very last card thrown is the one the next "
                        "player is waiting for, they may still take it and win.)")))
        out.append(ctx.p(QCoreApplication.translate(
            "CekiHelp", "<b>House rule:</b> a hand also ends drawn after <b>{turns} turns in a row</b> in which "
                        "nobody draws from the stock. Players who only pick up each other's discards could "
                        "otherwise pass cards round for ever; in real play even six such turns in a row are "
                        "rare. Drawing from the stock starts the count again, and in your last round before "
                        "the limit the status line counts down the turns left.").format(turns=NO_DRAW_TURNS)))
        out.append(ctx.p(QCoreApplication.translate(
            "CekiHelp", "When you start a game you choose how the match goes: <b>for money</b> — after "
                        "each hand every loser pays the winner the winner's score times the stake, and "
                        "you play as long as you like; <b>to a target score</b> — the match ends after "
                        "the hand in which somebody reaches it; or <b>a fixed number of hands</b> — the "
                        "highest total wins. View ▸ Score sheet shows every hand so far.")))

        # house
        out.append(ctx.heading("house", QCoreApplication.translate(
            "CekiHelp", "CekiDesk's house rules")))
        out.append(ctx.p(QCoreApplication.translate(
            "CekiHelp", "The old rule text leaves a few things open. CekiDesk plays them this way:")))
        out.append("<ul>" + "".join("<li>" + s + "</li>" for s in (
            QCoreApplication.translate(
                "CekiHelp", "<b>Ceki is called automatically</b> as soon as you hold two sets and a pair, because that "
                            "is the only hand that can win."),
            QCoreApplication.translate(
                "CekiHelp", "<b>A card picked up from the discard pile cannot be thrown back</b> in the same turn "
                            "(that would be passing)."),
            QCoreApplication.translate("CekiHelp", "<b>An empty stock ends the hand as a draw</b>, with no score."),
            QCoreApplication.translate("CekiHelp", "<b>{turns} turns in a row without a draw from the stock end the "
                                                   "hand as a draw</b>, with no score.").format(turns=NO_DRAW_TURNS),
            QCoreApplication.translate(
                "CekiHelp", "<b>The deal passes clockwise</b> (to the left) after every hand, whoever won."),
        )) + "</ul>")

        # keys
        out.append(ctx.heading("keys", QCoreApplication.translate(
            "CekiHelp", "Playing with the keyboard")))
        out.append(ctx.keys_table())

        # source
        out.append(ctx.heading("source", QCoreApplication.translate("CekiHelp", "Source")))
        out.append(ctx.p(QCoreApplication.translate(
            "CekiHelp", "These rules follow the rule text <i>Ceki (or Kowah): a traditional game for "
                        "2–6 players</i>. This page is CekiDesk's own summary; the house rules above are the app's "
                        "choices where the source is silent.")))
        return "\n".join(out)


    def _gallery(self, ctx: HelpContext) -> str:
        rows = (
            (QCoreApplication.translate("CekiHelp", "Coins"), [k for k in ALL_KINDS if k.code.startswith("C")]),
            (QCoreApplication.translate("CekiHelp", "Strings"), [k for k in ALL_KINDS if k.code.startswith("S")]),
            (QCoreApplication.translate("CekiHelp", "Myriads"), [k for k in ALL_KINDS if k.code.startswith("M")]),
            (QCoreApplication.translate("CekiHelp", "Special cards"), [Kind.WF, Kind.RF, Kind.OT]),
        )
        out = ["<table cellspacing='2' cellpadding='2'>"]
        for label, kinds in rows:
            out.append(f"<tr><td valign='middle'><b>{html.escape(label)}</b></td>")
            for k in kinds:
                out.append("<td align='center' valign='top'>" + ctx.img(k.code, GALLERY_HEIGHT, ctx.card(k))
                           + f"<br><small>{html.escape(names.card_name(k))}<br><i>{html.escape(names.javanese_name(k))}"
                           + "</i></small></td>")
            out.append("</tr>")
        out.append("</table>")
        return "".join(out)
