"""The game UI of the Balik Satu family (:class:`BalikUI`, one registered subclass per game id): the
status line, hints, the game log, the end of a hand with its showcase and the How-to-play pages
(:mod:`.help`); the words it speaks are in :mod:`.texts`."""
from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from cekidesk.engine.core import Action, Event, HandResult
from cekidesk.engine.match import HandRecord, Match
from cekidesk.games.balik.rules import BalikView, ChaquiOptions, ChotOptions, GonggongOptions
from cekidesk.persistence.settings import Settings

from ...foundations import names
from ...foundations.i18n import QT_TRANSLATE_NOOP
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
from .help import help_page
from .lesson import lesson as balik_lesson
from .texts import (
    GAME_IDS,
    call_of,
    call_term,
    kind_of,
    say,
    score_line,
    set_term,
    side_lines,
    style_of,
)

SHOWCASE_HEIGHT = 84


class BalikUI(GameUI[BalikView]):
    """The words of one game of the family; the subclasses registered below only name the game."""

    important_events = frozenset({"call", "call_changed", "expose", "claim", "win", "replay", "exhausted", "no_draw"})
    money_options = frozenset({"ceken_cents", "bangkong_cents", "excess_cents"})

    # -- words of this game -------------------------------------------------------------------------
    def call_word(self, call: str, style: str = "latin") -> str:
        return names.term(call_term(self.game_id, call), style)

    def set_word(self, style: str = "latin") -> str:
        return names.term(set_term(self.game_id), style)

    # -- status line ----------------------------------------------------------------------------------
    def your_turn_text(self, view: BalikView, seat_names: Sequence[str]) -> str:
        verbs = {a.verb for a in view.legal}
        if view.phase == "claim" and view.claim is not None:
            card, drawer, source = view.claim
            words = (QT_TRANSLATE_NOOP("BalikUI", "{name} threw {card}: it wins for you. Claim it, or let it go?")
                     if source == "discard" else
                     QT_TRANSLATE_NOOP("BalikUI", "{name} drew {card}: it wins for you. Sampèi! Claim it, or "
                                                  "let it go?"))
            return QCoreApplication.translate("BalikUI", words).format(
                name=seat_name(drawer, seat_names), card=names.card_name(card))
        if view.phase == "call":
            return QCoreApplication.translate(
                "BalikUI", "You are one card from winning: call {call}, or keep quiet?").format(
                call=self.call_word(call_of(self.game_id, view.hand)))
        if view.phase == "draw":
            top = view.discards[-1] if view.discards else None
            if "take" in verbs and top is not None:
                return QCoreApplication.translate(
                    "BalikUI", "Your turn: draw from the stock, or take {name}'s {card}.").format(
                    name=seat_name(top[1], seat_names), card=names.card_name(top[0]))
            return QCoreApplication.translate("BalikUI", "Your turn: draw from the stock.")
        if view.phase == "discard":
            if "win" in verbs:
                return QCoreApplication.translate(
                    "BalikUI", "Your hand is complete: win (sampèi!), or discard a card.")
            if view.calls[view.viewer]:
                return QCoreApplication.translate(
                    "BalikUI", "Your turn: discard a card that keeps you waiting.")
            if view.drawn is not None:
                words = (QT_TRANSLATE_NOOP("BalikUI", "Your turn: discard a card (you took {card}).")
                         if view.got_from == "discard" else
                         QT_TRANSLATE_NOOP("BalikUI", "Your turn: discard a card (you drew {card})."))
                return QCoreApplication.translate("BalikUI", words).format(card=names.card_name(view.drawn))
            return QCoreApplication.translate("BalikUI", "Your turn: discard a card.")
        return super().your_turn_text(view, seat_names)

    def describe_action(self, action: Action, view: BalikView) -> str:
        v = action.verb
        if v == "draw":
            return QCoreApplication.translate("BalikUI", "draw from the stock")
        if v == "take" and view.discards:
            return QCoreApplication.translate("BalikUI", "take the {card}").format(
                card=names.card_name(view.discards[-1][0]))
        if v == "discard" and action.card is not None:
            return QCoreApplication.translate("BalikUI", "discard the {card}").format(
                card=names.card_name(action.card))
        if v == "call":
            return QCoreApplication.translate("BalikUI", "call {call}").format(
                call=self.call_word(call_of(self.game_id, view.hand)))
        if v == "no_call":
            return QCoreApplication.translate("BalikUI", "do not call yet")
        if v in ("claim", "win"):
            return QCoreApplication.translate("BalikUI", "win: sampèi!")
        if v == "pass":
            return QCoreApplication.translate("BalikUI", "let the card go")
        return str(action)

    def hand_over_text(self, result: HandResult, seat_names: Sequence[str], human: int) -> str:
        d = result.details
        if d.get("replay"):
            return QCoreApplication.translate(
                "BalikUI", "Hand over — {card} was turned: the hand is dealt again.").format(
                card=names.card_name(d["turned"][-1]) if d.get("turned") else "")
        if result.outcome == "win" and result.winners:
            w = result.winners[0]
            total = d.get("total", 0)
            if w == human:
                return QCoreApplication.translate("BalikUI", "Hand over — you win {total}!").format(
                    total=self._total_words(total, d))
            return QCoreApplication.translate("BalikUI", "Hand over — {name} wins {total}.").format(
                name=seat_name(w, seat_names), total=self._total_words(total, d))
        return QCoreApplication.translate("BalikUI", "Hand over — drawn: nobody won.")

    def _total_words(self, total: int, details: dict) -> str:
        """"12 points", or in Chot "3 tokens of ten"."""
        tokens = details.get("tokens")
        if tokens == "ten":
            return names.counted(QCoreApplication.translate("BalikUI", "%n token(s) of ten", None, total), total)
        if tokens == "one":
            return names.counted(QCoreApplication.translate("BalikUI", "%n token(s) of one", None, total), total)
        return names.counted(QCoreApplication.translate("BalikUI", "%n point(s)", None, total), total)

    def hand_summary(self, result: HandResult, seat_names: Sequence[str]) -> str:
        d = result.details
        if d.get("replay"):
            return QCoreApplication.translate("ScoreSheet", "dealt again")
        if result.outcome == "win" and result.winners:
            return QCoreApplication.translate("ScoreSheet", "{name} {total}").format(
                name=seat_name(result.winners[0], seat_names), total=d.get("total", ""))
        return QCoreApplication.translate("ScoreSheet", "drawn")

    # -- game log -----------------------------------------------------------------------------------------
    def describe_event(self, event: Event, seat_names: Sequence[str], human: int, namer: Namer) -> str | None:
        p, d, t = event.player, event.data, event.type
        you = p is not None and p == human
        who = seat_name(p, seat_names)
        style = style_of(namer)

        def card(key: str = "card") -> str:
            code = d.get(key)
            return namer(kind_of(code)) if code else ""

        frm = seat_name(d.get("from"), seat_names)
        # another player's move involving the human's card: "from you", "your discard"
        from_you = not you and d.get("from") is not None and d.get("from") == human
        if t == "deal":
            cards = d.get("cards")
            if you and cards:
                return say(("deal", True, ""), cards=names.card_list(sorted(cards, key=names.by_value), namer))
            return say(("deal", False, ""), name=who, n=int(d.get("count", 0)))
        if t == "draw":
            if d.get("revealed") and d.get("card"):
                return say(("draw", you, "revealed"), name=who, card=card())
            if you and d.get("card"):
                return say(("draw", True, ""), card=card())
            return say(("draw", False, ""), name=who)
        if t in ("take", "discard", "pass"):
            return say((t, you, "you" if t == "take" and from_you else ""), name=who, card=card(), from_name=frm)
        if t == "call":
            call = self.call_word(str(d.get("call", "")), style)
            if you:
                return say(("call", True, ""), call=call, n=int(d.get("waits", 0)))
            return say(("call", False, ""), name=who, call=call)
        if t == "no_call":
            return say(("no_call", you, ""), name=who)
        if t == "call_changed":
            return say(("call_changed", you, ""), name=who, call=self.call_word(str(d.get("call", "")), style))
        if t == "expose":
            return say(("expose", you, ""), name=who, card=card(), set=self.set_word(style))
        if t == "claim":
            source = "discard" if d.get("source") == "discard" else "stock"
            return say(("claim", you, source + ("-you" if from_you else "")), name=who, card=card(),
                        from_name=frm)
        if t == "win":
            if d.get("how") == "claim":
                return None     # the claim's own line said it
            how = str(d.get("how", "self"))
            how = how if how in ("self", "take", "dealt") else "self"
            return say(("win", you, how + ("-you" if from_you and how == "take" else "")), name=who,
                        card=card(), from_name=frm)
        if t == "turn":
            cards = d.get("cards") or []
            return say(("turn", you, ""), name=who, n=len(cards),
                        cards=names.card_list([kind_of(c) for c in cards], namer))
        if t == "kena":
            return say(("kena", False, ""), card_in=card("in"), card_out=card("out"), set=self.set_word(style))
        if t == "replay":
            return say(("replay", False, ""), card=card())
        if t in ("exhausted", "no_draw"):
            return say((t, False, ""))
        if t == "reveal":
            return None     # every hand is on the table and in the end-of-hand dialog's "All hands"
        return super().describe_event(event, seat_names, human, namer)

    # -- end of a hand --------------------------------------------------------------------------------------
    def fill_hand_end(self, content: HandEndContent, match: Match, record: HandRecord, seat_names: Sequence[str],
                      human: int, namer: Namer, parent: QWidget) -> None:

        res = record.result
        d = res.details
        style = style_of(namer)
        content.headline = self._headline(res, seat_names, human)
        parts: list[str] = []
        lines: list[str] = []
        if res.outcome == "win" and res.winners and d.get("winner") is not None:
            w = int(d["winner"])
            parts.append(self._how_words(d, seat_names, w, namer, style))
            turned = d.get("turned") or []
            for out, into in d.get("swaps") or []:
                cards = dict(card_in=namer(kind_of(into)), card_out=namer(kind_of(out)))
                if self.game_id == "balik-satu":
                    parts.append(QCoreApplication.translate(
                        "HandEndDialog", "{term}: {card_in} takes the place of {card_out}.").format(
                        term=names.term("kena", style), **cards))
                else:       # the cards turned in Balik Lima Belas, Chot, a chiqui
                    parts.append(QCoreApplication.translate(
                        "HandEndDialog", "Swapped: {card_in} in for {card_out}.").format(**cards))
            olo_points = match.options.olo_points if isinstance(match.options, ChaquiOptions) else 0
            lines = [score_line(code, pts, turned, namer, olo_points) for code, pts in d.get("score") or []]
            if lines:
                lines.append(QCoreApplication.translate("HandEndDialog", "Total: {total}").format(
                    total=self._total_words(int(d.get("total", 0)), d)))
            sets = d.get("sets") or []
            if sets:
                score_html = "<br>".join(html.escape(x) for x in lines + self._chot_lines(record.carry, seat_names))
                lines = []
                content.caption = (QCoreApplication.translate("HandEndDialog", "Your winning hand:") if w == human
                                   else QCoreApplication.translate("HandEndDialog", "{name}'s winning hand:").format(
                                       name=seat_name(w, seat_names)))
                content.showcase = self._showcase(sets, turned, [into for _out, into in d.get("swaps") or []],
                                                  namer, parent, score_html)
        elif d.get("replay"):
            parts.append(QCoreApplication.translate(
                "HandEndDialog", "A turned White Flower or 1 of a suit means the hand is dealt again; nobody "
                                 "scores or pays."))
        elif d.get("drawn_by") == "no_draw":
            parts.append(QCoreApplication.translate(
                "HandEndDialog", "Too many turns in a row went by without a draw from the stock, so the hand is "
                                 "drawn (house rule) and nobody pays."))
        else:
            parts.append(QCoreApplication.translate(
                "HandEndDialog", "The stock ran out before anybody won: nobody pays."))
        # rich text: the sentences, then the score's build-up and Chot's tokens line by line
        chot = [] if content.showcase is not None else self._chot_lines(record.carry, seat_names)
        blocks = [html.escape(" ".join(parts)), "<br>".join(html.escape(x) for x in lines),
                  "<br>".join(html.escape(x) for x in chot)]
        content.explanation = "<br><br>".join(b for b in blocks if b)
        hands = d.get("hands") or []
        if hands:
            content.tabs.append((QCoreApplication.translate("HandEndDialog", "All hands"),
                                 hands_tab(hands, seat_names, human, namer, parent, 0.3)))

    def _headline(self, res: HandResult, seat_names: Sequence[str], human: int) -> str:
        d = res.details
        if d.get("replay"):
            return QCoreApplication.translate("HandEndDialog", "Dealt again: {card} was turned").format(
                card=names.card_name(d["turned"][-1]) if d.get("turned") else "")
        if res.outcome == "win" and res.winners:
            w = res.winners[0]
            total = self._total_words(int(d.get("total", 0)), d)
            if w == human:
                return QCoreApplication.translate("HandEndDialog", "You win {total}!").format(total=total)
            return QCoreApplication.translate("HandEndDialog", "{name} wins {total}").format(
                name=seat_name(w, seat_names), total=total)
        return QCoreApplication.translate("HandEndDialog", "Drawn hand")

    def _how_words(self, d: dict, seat_names: Sequence[str], w: int, namer: Namer, style: str) -> str:
        how = d.get("how")
        card = namer(kind_of(d["card"])) if d.get("card") else ""
        frm = seat_name(d.get("from"), seat_names)
        if how == "dealt":
            text = QCoreApplication.translate(
                "HandEndDialog", "A winning hand from the deal ({term}): the score is doubled.").format(
                term=names.term("kandang_tangan", style))
        elif how == "self":
            text = QCoreApplication.translate("HandEndDialog", "Won on {card}, drawn from the stock.").format(card=card)
        elif d.get("source") == "discard" or how == "take":
            text = QCoreApplication.translate("HandEndDialog", "Won on {card}, thrown by {name}.").format(
                card=card, name=frm)
        else:
            text = QCoreApplication.translate(
                "HandEndDialog", "Won on {card}, drawn from the stock by {name} (sampèi!).").format(card=card, name=frm)
        call = d.get("call")
        if call:
            text += " " + QCoreApplication.translate("HandEndDialog", "The call was {call}.").format(
                call=self.call_word(call, style))
        return text

    @staticmethod
    def _showcase(sets: Sequence[Sequence[str]], turned: Sequence[str], swapped_in: Sequence[str],
                  namer: Namer, parent: QWidget, score_html: str = "") -> QWidget:
        """The winner's sets, and under them, after their caption, the cards turned for the score
        (up to fifteen), side by side without overlapping; those a swap took into the hand are
        greyed, with a tooltip saying so.  The score's build-up (``score_html``) stands beside the
        cards, where a row of fifteen leaves room, so that the payments below keep theirs."""
        from ...foundations.cardpics import CardRow

        box = QWidget(parent)
        box.setObjectName("balikShowcase")
        outer = QHBoxLayout(box)
        outer.setContentsMargins(0, 0, 0, 0)
        lay = QVBoxLayout()
        outer.addLayout(lay)
        row = CardRow(sets, SHOWCASE_HEIGHT, namer, box)
        row.setObjectName("winningSets")
        lay.addWidget(row)
        if turned:
            line = QHBoxLayout()
            line.addWidget(QLabel(QCoreApplication.translate("HandEndDialog", "Turned for the score:"), box))
            t = CardRow([list(turned)], round(SHOWCASE_HEIGHT * 0.8), namer, box)
            t.setObjectName("turnedCards")
            used = list(swapped_in)
            for lab, code in zip(t.labels, turned, strict=True):
                if code in used:
                    used.remove(code)
                    lab.setEnabled(False)       # Qt greys a disabled label's picture
                    lab.setToolTip(QCoreApplication.translate(
                        "HandEndDialog", "{card}: swapped into the winning hand").format(card=namer(code)))
            line.addWidget(t, 1)
            lay.addLayout(line)
        lay.addStretch(1)
        if score_html:
            score = QLabel(score_html, box)
            score.setObjectName("scoreLines")
            score.setWordWrap(True)
            score.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            score.setMinimumWidth(180)
            outer.addWidget(score, 1)
        return box

    def _chot_lines(self, carry: Any, seat_names: Sequence[str]) -> list[str]:
        """Chot: each side's points in the bangkong under way and the record of finished bangkong."""
        if self.game_id != "chot" or carry is None:
            return []
        from cekidesk.games.balik.scoring import CHOT_SIDES, carry_view

        cv = carry_view(carry)
        if cv is None:
            return []
        return side_lines(cv, CHOT_SIDES, seat_names)

    def match_mode_help(self, mode: str) -> str:
        """Chot is not paid by the point: the money moves when a bangkong ends."""
        if mode == "money" and self.game_id == "chot":
            return QCoreApplication.translate(
                "BalikUI", "Each bangkong is paid when it ends: the losing side pays the amounts of the rules. The "
                           "match goes on until you stop.")
        return super().match_mode_help(mode)

    def stake_summary(self, match: Match) -> str:
        """Chot's price of a bangkong; a pot's content."""
        chot = match.options if isinstance(match.options, ChotOptions) else None
        if self.game_id == "chot":
            return QCoreApplication.translate(
                "BalikUI", "A lost bangkong costs the side {bangkong}, and {excess} per excess point.").format(
                bangkong=names.format_money(chot.bangkong_cents if chot else 0, signed=False),
                excess=names.format_money(chot.excess_cents if chot else 0, signed=False))
        if match.pot:
            return QCoreApplication.translate("BalikUI", "In the pot: {money}.").format(
                money=names.format_money(match.pot, signed=False))
        return ""

    def uses_pot(self, match: Match) -> bool:
        """Only Gonggong's undhuh-undhuhan and umbuk keep a pot; toh bayaran is paid hand to hand."""
        from cekidesk.games.balik.scoring import POT_METHODS

        return (self.game_id == "gonggong" and isinstance(match.options, GonggongOptions)
                and match.options.scoring in POT_METHODS)

    # -- the automatic claim ----------------------------------------------------------------------------
    def auto_action(self, view: BalikView, settings: object | None) -> Action | None:
        """With the setting on, a win the human may take at once (a *sampèi* claim of a revealed card
        or a win on their own draw) is taken for them."""
        if isinstance(settings, Settings) and not settings.auto_claim:
            return None
        for a in view.legal:
            if a.verb in ("claim", "win"):
                return a
        return None

    def lesson(self) -> Lesson:
        return balik_lesson(self.game_id)

    # -- help ----------------------------------------------------------------------------------------------
    def help_title(self) -> str:
        return QCoreApplication.translate("BalikHelp", "How to play {game}").format(
            game=names.game_title(f"game.{self.game_id}"))

    def rules_source(self) -> str:
        return QCoreApplication.translate(
            "AboutDialog", "Rules of the Balik Satu family after the article “Balik Satu”, which follows Pwee "
                           "(2003), <i>The Babas</i>, Amaro (1993) on the Kristang Chaqui, and Tjan Tjoe Siem's "
                           "<i>Javaanse kaartspelen</i> on Gonggong and Tantanan.")

    def help_page(self, ctx: HelpContext) -> HelpPage:
        return help_page(self.game_id)


def _register() -> None:
    """One registered subclass per game id (the game UI registry keys on the class's id)."""
    for gid in GAME_IDS:
        cls = type(f"BalikUI_{gid.replace('-', '_')}", (BalikUI,), {"game_id": gid})
        register_game_ui(cls)


_register()
