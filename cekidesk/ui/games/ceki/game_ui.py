"""Ceki's game UI (:class:`CekiUI`): the status line, hints, the game log, the end of a hand, the
moves made for the person after a call and the How-to-play page (:mod:`.help`); its words are in
:mod:`.texts`."""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from cekidesk.engine.core import Action, Event, HandResult
from cekidesk.engine.match import HandRecord, Match
from cekidesk.games.ceki.rules import DRAWN_NO_DRAW, NO_DRAW_TURNS, CekiView
from cekidesk.persistence.settings import Settings

from ...foundations import names
from ...foundations.lessons import Lesson
from ..base import (
    GameUI,
    HandEndContent,
    Namer,
    hands_tab,
    register_game_ui,
    seat_name,
)
from ..help_page import HelpContext, HelpPage
from .help import HELP_PAGE
from .lesson import lesson as ceki_lesson
from .texts import say


@register_game_ui
class CekiUI(GameUI[CekiView]):
    game_id = "ceki"
    important_events = frozenset({"call", "win", "exhausted", DRAWN_NO_DRAW})

    def lesson(self) -> Lesson:
        return ceki_lesson()

    def auto_action(self, view: CekiView, settings: object | None) -> Action | None:
        """With ``Settings.auto_throw_after_call`` on, a caller's throw is made for them: after a call
        the card drawn is the only one the rules let them throw."""
        if (isinstance(settings, Settings) and not settings.auto_throw_after_call) or not view.called[view.viewer]:
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
                return say(("deal", True, ""), cards=names.card_list(sorted(cards, key=names.by_value), namer))
            return say(("deal", False, ""), name=who, n=int(d.get("count", 0)))
        if t == "draw":
            card = d.get("card")
            if you and card:
                return say(("draw", True, ""), card=namer(card))
            return say(("draw", False, ""), name=who)
        if t in ("take", "discard"):
            variant = "fresh" if t == "discard" and d.get("fresh") else ""
            return say((t, you, variant), name=who, card=namer(d.get("card")))
        if t == "call":
            cards = d.get("cards")
            if you and cards:
                return say(("call", True, ""), cards=names.card_list(cards, namer),
                            value=names.value_name(cards[0]))
            return say(("call", False, ""), name=who, n=int(d.get("facedown", 0)))
        if t == "win":
            return say(("win", you, ""), name=who, card=namer(d.get("card")), mult=d.get("multiplier", 1),
                        kind=names.win_kind_name(d.get("win_kind", "")), base=d.get("base", 0),
                        score=d.get("score", 0))
        if t == "exhausted":
            return say(("exhausted", False, ""))
        if t == DRAWN_NO_DRAW:
            return QCoreApplication.translate(
                "GameLog", "Nobody has drawn from the stock for {turns} turns in a row: the hand is drawn.").format(
                turns=d.get("turns", NO_DRAW_TURNS))
        return super().describe_event(event, seat_names, human, namer)

    # -- end of a hand --------------------------------------------------------------------------------
    def fill_hand_end(self, content: HandEndContent, match: Match, record: HandRecord, seat_names: Sequence[str],
                      human: int, namer: Namer, parent: QWidget) -> None:
        from ...foundations.cardpics import CardRow

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

    def help_page(self, ctx: HelpContext) -> HelpPage:
        return HELP_PAGE
