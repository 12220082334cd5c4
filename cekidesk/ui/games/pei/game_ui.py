"""Pèi's game UI (:class:`PeiUI`): the status line, hints, the game log, the end of a round, the New Game
texts and the How-to-play page (:mod:`.help`); the words it speaks are in :mod:`.texts`."""
from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any, cast

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from cekidesk.engine.cards import Kind
from cekidesk.engine.core import Action, Event, HandResult
from cekidesk.engine.match import HandRecord, Match
from cekidesk.games.pei.rules import UNYIK, PeiOptions, PeiState, PeiView, rank_of

from ...foundations import names
from ...foundations.lessons import Lesson
from ..base import GameUI, HandAt, HandEndContent, Namer, register_game_ui, seat_name
from ..help_page import HelpContext, HelpPage
from .help import help_page
from .lesson import lesson as pei_lesson
from .texts import (
    STAKE_HELP,
    RoundWords,
    combo_name,
    jv,
    kind_of,
    place_name,
    say,
)

SHOWCASE_HEIGHT = 70
LOOSE_WIDTH = 330   # the loose cards' fan fits in about this many pixels (it overlaps more to fit)


class CardFan(QLabel):
    """Card pictures overlapping in a fan (one picture): many loose cards in little room.  ``cards``
    holds the codes, the tooltip their names."""

    def __init__(self, codes: Sequence[str], height: int, step: float, namer: Namer, parent: QWidget | None = None):
        super().__init__(parent)
        from PySide6.QtGui import QPainter, QPixmap

        from ...foundations.cardpics import card_pixmap, card_width, device_ratio

        self.cards = [str(c) for c in codes]
        w = round(card_width(height, self.cards[0] if self.cards else None))
        dx = max(1, round(w * step))
        dpr = device_ratio(parent)
        total = w + dx * max(0, len(self.cards) - 1)
        pm = QPixmap(round(total * dpr), round(height * dpr))
        pm.setDevicePixelRatio(dpr)
        pm.fill(Qt.GlobalColor.transparent)
        p = QPainter(pm)
        for i, code in enumerate(self.cards):
            p.drawPixmap(i * dx, 0, card_pixmap(code, height, parent))
        p.end()
        self.setPixmap(pm)
        self.setToolTip(names.card_list(self.cards, namer))
        self.setAccessibleName(names.card_list(self.cards))


@register_game_ui
class PeiUI(GameUI[PeiView]):
    game_id = "pei"
    important_events = frozenset({"seating", "end"})
    deal_words_class = RoundWords
    money_options = frozenset({"wudon_stake", "te_lumrah", "te_mati", "belahan", "patang_atusan", "jung",
                               "wulwulan_stake", "jedhil_stake", "jedhil_win", "jedhil_win_350",
                               "jedhil_win_400", "jedhil_second"})
    money_only_options = money_options     # (the stake method stays: jentolan has the loser deal)

    def lesson(self) -> Lesson:
        return pei_lesson()

    # -- status line ------------------------------------------------------------------------------
    def _match_text(self, card: Kind, view: PeiView) -> str:
        """What ``card`` would do against the pool, in words."""
        r = rank_of(card, view.options)
        kinds = sorted({k for k in view.pool if rank_of(k, view.options) == r})
        if not kinds:
            return QCoreApplication.translate("PeiUI", "no pool card has its rank, so it will stay in the pool")
        if len(kinds) == 1:
            return QCoreApplication.translate(
                "PeiUI", "it will capture the {card}").format(card=names.card_name(kinds[0]))
        return QCoreApplication.translate("PeiUI", "you will choose which to capture: {cards}").format(
            cards=names.card_list(kinds))

    def your_turn_text(self, view: PeiView, seat_names: Sequence[str]) -> str:
        if view.phase == "capture" and view.pending is not None:
            kinds = [a.card for a in view.legal if a.verb == "capture"]
            return QCoreApplication.translate(
                "PeiUI", "Your turn: choose which card to capture with your {card} — {cards} (click it, "
                         "or press 1 to {n}).").format(card=names.card_name(view.pending),
                                                             cards=names.card_list(kinds), n=len(kinds))
        if view.phase == "draw":
            known = None
            if view.stock_count == 1 and view.last_card is not None:
                known = view.last_card
            elif view.peek is not None and view.stock_count == (2 if view.last_card is not None else 1):
                known = view.peek
            if known is not None:
                return QCoreApplication.translate(
                    "PeiUI", "Your turn: draw your last card, the {card} (D) — {what}.").format(
                    card=names.card_name(known), what=self._match_text(known, view))
            return QCoreApplication.translate(
                "PeiUI", "Your turn: draw from the bottom of the stock (click it or press D); the card "
                         "drawn captures a pool card of its rank like a played card.")
        if view.phase == "play":
            plays = [cast(Kind, a.card) for a in view.legal]   # every play names a Ceki kind
            pool_ranks = {rank_of(k, view.options) for k in view.pool}
            captures = [c for c in plays if rank_of(c, view.options) in pool_ranks]
            if captures:
                return QCoreApplication.translate(
                    "PeiUI", "Your turn: play a card from your hand. {n} of your kinds can capture from "
                             "the pool.").format(n=len(captures))
            return QCoreApplication.translate(
                "PeiUI", "Your turn: play a card from your hand. None of them matches the pool: your "
                         "card will stay there.")
        return super().your_turn_text(view, seat_names)

    def describe_action(self, action: Action, view: PeiView) -> str:
        if action.verb == "draw":
            return QCoreApplication.translate("PeiUI", "draw from the stock")
        card = cast(Kind | None, action.card)   # a Pèi action names a Ceki kind
        if action.verb == "capture" and card is not None:
            return QCoreApplication.translate("PeiUI", "capture the {card}").format(card=names.card_name(card))
        if action.verb == "play" and card is not None:
            return QCoreApplication.translate("PeiUI", "play the {card} ({what})").format(
                card=names.card_name(card), what=self._match_text(card, view))
        return str(action)

    def _ranking(self, result: HandResult) -> list[int]:
        order = list(result.details.get("ranking") or [])
        if len(order) != len(result.points):
            order = sorted(range(len(result.points)), key=lambda s: -result.points[s])
        return order

    def hand_over_text(self, result: HandResult, seat_names: Sequence[str], human: int) -> str:
        order = self._ranking(result)
        w = order[0]
        pts = names.format_points(result.points[w])
        if w == human:
            return QCoreApplication.translate(
                "PeiUI", "Round over — you are {place} with {score} points!").format(place=place_name(0), score=pts)
        return QCoreApplication.translate("PeiUI", "Round over — {name} is {place} with {score} points.").format(
            name=seat_name(w, seat_names), place=place_name(0), score=pts)

    def hand_summary(self, result: HandResult, seat_names: Sequence[str]) -> str:
        order = self._ranking(result)
        w = order[0]
        return QCoreApplication.translate("ScoreSheet", "{name} {place} {score}").format(
            name=seat_name(w, seat_names), place=place_name(0), score=names.format_points(result.points[w]))

    def hand_heading(self, match: HandAt, seat_names: Sequence[str], human: int) -> str:
        n = match.hand_index + 1
        roles = match.state.roles if isinstance(match.state, PeiState) else None
        if not roles:
            return QCoreApplication.translate("PeiUI", "Round {n}").format(n=n)
        raja = roles[0]
        if raja == human:
            return QCoreApplication.translate("PeiUI", "Round {n} — you are raja").format(n=n)
        return QCoreApplication.translate(
            "PeiUI", "Round {n} — {name} is raja").format(n=n, name=seat_name(raja, seat_names))

    # -- game log -----------------------------------------------------------------------------------
    def describe_event(self, event: Event, seat_names: Sequence[str], human: int, namer: Namer) -> str | None:
        p = event.player
        d = event.data
        you = p is not None and p == human
        who = seat_name(p, seat_names)
        t = event.type

        def card(code: object) -> str:
            return namer(kind_of(code))

        if t == "seating":
            pairs = d.get("cards") or []
            roles = list(d.get("roles") or [])
            draws = QCoreApplication.translate("Terms", ", ").join(
                say(("seat_draw", False, ""), name=seat_name(s, seat_names),
                     cards=QCoreApplication.translate("GameLog", "{a} + {b}").format(a=card(pair[0]), b=card(pair[1])),
                     sum=jv(pair[0]) + jv(pair[1]))
                for s, pair in enumerate(pairs) if pair)
            variant = "redraw" if len(d.get("rounds") or []) > 1 else ""
            if len(roles) != 3:
                return None
            return say(("seating", False, variant), draws=draws, raja=seat_name(roles[0], seat_names),
                        patih=seat_name(roles[1], seat_names), unyik=seat_name(roles[2], seat_names))
        if t == "deal":
            pool = len(d.get("pool") or [])
            cards = d.get("cards")
            if you and cards:
                line = say(("deal", True, ""), cards=names.card_list(sorted((kind_of(c) for c in cards),
                                                                              key=names.by_value), namer), pool=pool)
            else:
                line = say(("deal", False, ""), name=who, n=int(d.get("count", 0)), pool=pool)
            last = d.get("last_card")
            if last and d.get("role") == UNYIK:
                line += " " + say(("last", False, ""), card=card(last))
            return line
        if t == "peek":
            if you and d.get("card"):
                return say(("peek", True, ""), card=card(d["card"]))
            return say(("peek", False, ""), name=who)
        if t in ("play", "draw"):
            variant = "choice" if d.get("choice") else ("capture" if d.get("captured") else "pool")
            return say((t, you, variant), name=who, card=card(d.get("card")),
                        captured=card(d["captured"]) if d.get("captured") else "", left=d.get("left", ""))
        if t == "capture":
            return say(("capture", you, ""), name=who, card=card(d.get("card")), captured=card(d.get("captured")))
        if t == "end":
            pts = d.get("points") or []
            order = d.get("ranking") or []
            parts = [say(("end_one", False, ""), name=seat_name(s, seat_names),
                          points=names.format_points(pts[s]) if s < len(pts) else "?", place=place_name(i))
                     for i, s in enumerate(order)]
            line = say(("end", False, ""), results=QCoreApplication.translate("Terms", ", ").join(parts))
            left = d.get("left") or []
            if left:
                line += " " + say(("end_left", False, ""), cards=names.card_list([kind_of(c) for c in left], namer))
            return line
        return super().describe_event(event, seat_names, human, namer)

    # -- end of a round --------------------------------------------------------------------------------
    def fill_hand_end(self, content: HandEndContent, match: Match, record: HandRecord, seat_names: Sequence[str],
                      human: int, namer: Namer, parent: QWidget) -> None:
        from ...foundations.names import seat_label

        res = record.result
        d = res.details
        order = self._ranking(res)
        w = order[0]
        if w == human:
            content.headline = QCoreApplication.translate("HandEndDialog", "You are ngeté with {score} points!").format(
                score=names.format_points(res.points[w]))
        else:
            content.headline = QCoreApplication.translate(
                "HandEndDialog", "{name} is ngeté with {score} points").format(
                name=seat_name(w, seat_names), score=names.format_points(res.points[w]))
        ranking = QCoreApplication.translate("HandEndDialog", "Ranking: {list}.").format(
            list=QCoreApplication.translate("Terms", ", ").join(
                QCoreApplication.translate("HandEndDialog", "{place} {name} ({score})").format(
                    place=place_name(i), name=seat_label(seat_names, s, human),
                    score=names.format_points(res.points[s]))
                for i, s in enumerate(order)))
        stakes = d.get("stakes") or cast(PeiOptions, match.options).stakes
        parts = [ranking]
        if match.match_options.mode == "money" and stakes in STAKE_HELP:
            parts.append(QCoreApplication.translate("PeiUI", STAKE_HELP[stakes]))
        left = d.get("left") or []
        if left:
            parts.append(QCoreApplication.translate("HandEndDialog", "Nobody captured: {cards}.").format(
                cards=names.card_list([kind_of(c) for c in left], namer)))
        content.explanation = " ".join(parts)
        content.caption = QCoreApplication.translate(
            "HandEndDialog", "Each player's captured cards, arranged for the best score:")
        content.showcase_tab = QCoreApplication.translate("HandEndDialog", "Captured cards")
        content.showcase = self.arrangements_widget(res, seat_names, human, namer, parent, order)

    def arrangements_widget(self, res: HandResult, seat_names: Sequence[str], human: int, namer: Namer,
                            parent: QWidget, order: Sequence[int] | None = None) -> QWidget:
        """Every player's combinations as card pictures with their points, the loose cards and the
        total — one row per player, from ngeté to kete."""
        from ...foundations.cardpics import CardRow, FlowLayout, card_width
        from ...foundations.names import seat_label

        order = list(order or self._ranking(res))
        arrs = res.details.get("arrangements") or []
        area = QScrollArea(parent)
        area.setObjectName("peiArrangements")
        area.setWidgetResizable(True)
        area.setFrameShape(QScrollArea.Shape.NoFrame)
        inner = QWidget(area)
        grid = QGridLayout(inner)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(14)
        grid.setVerticalSpacing(6)
        self.showcase_rows: list[tuple[int, list[QWidget]]] = []
        for row, seat in enumerate(order):
            arr: dict[str, Any] = arrs[seat] if seat < len(arrs) else {"combos": [], "loose": [], "loose_points": 0,
                                                       "total": res.points[seat]}
            head = QLabel(f"<b>{html.escape(seat_label(seat_names, seat, human))}</b><br>"
                          + html.escape(place_name(row)) + "<br>"
                          + html.escape(QCoreApplication.translate("HandEndDialog", "{score} points").format(
                              score=names.format_points(arr.get("total", res.points[seat])))), inner)
            head.setObjectName(f"peiSeat{seat}")
            grid.addWidget(head, row, 0, Qt.AlignmentFlag.AlignTop)
            line = QWidget(inner)
            flow = FlowLayout(line, 12, 6)
            rows: list[QWidget] = []

            def add(cards: QWidget, caption: str, name: str, line: QWidget = line, flow: FlowLayout = flow,
                    rows: list[QWidget] = rows) -> None:
                """One group of ``line``: its cards with their caption beneath."""
                box = QWidget(line)
                bl = QVBoxLayout(box)
                bl.setContentsMargins(0, 0, 0, 0)
                bl.setSpacing(2)
                cards.setParent(box)
                bl.addWidget(cards)
                cap = QLabel(caption, box)
                cap.setObjectName(name)
                bl.addWidget(cap, 0, Qt.AlignmentFlag.AlignLeft)
                flow.addWidget(box)
                rows.append(cards)

            for code, cards, points in arr.get("combos", []):
                cr = CardRow([cards], SHOWCASE_HEIGHT, namer, line, overlap=0.3)
                cr.setObjectName(f"combo_{code}")
                cr.setToolTip(names.text(f"pei.combo.{code}.help", ""))
                add(cr, QCoreApplication.translate("HandEndDialog", "{name} {points}").format(
                    name=combo_name(code), points=points), f"comboLabel_{code}")
            loose = arr.get("loose", [])
            if loose:
                w = card_width(SHOWCASE_HEIGHT, str(loose[0]))
                step = min(0.45, max(0.2, (LOOSE_WIDTH - w) / max(1, len(loose) - 1) / w))
                fan = CardFan(loose, SHOWCASE_HEIGHT, step, namer, line)
                fan.setObjectName("loose")
                add(fan, QCoreApplication.translate("HandEndDialog", "loose cards {points}").format(
                    points=arr.get("loose_points", 0)), "looseLabel")
            if not rows:
                flow.addWidget(QLabel(QCoreApplication.translate("HandEndDialog", "(captured nothing)"), line))
            grid.addWidget(line, row, 1)
            self.showcase_rows.append((seat, rows))
        grid.setColumnStretch(1, 1)
        grid.setRowStretch(len(order), 1)
        area.setWidget(inner)
        area.setMinimumHeight(SHOWCASE_HEIGHT + 58)    # a row at least; more scroll down
        return area

    def match_mode_help(self, mode: str) -> str:
        if mode == "money":
            return names.text("pei.match.money.help")
        return super().match_mode_help(mode)

    def stake_summary(self, match: Match) -> str:
        method = cast(PeiOptions, match.options).stakes   # a Pèi match has Pèi options
        line = QCoreApplication.translate("PeiUI", "Stakes: {method}.").format(
            method=names.text(f"pei.option.stakes.{method}", method))
        if match.pot or method in ("wulwulan", "jedhil", "wudon", "parewanan"):
            line += " " + QCoreApplication.translate("PeiUI", "In the pot: {money}.").format(
                money=names.format_money(match.pot, signed=False))
        return line

    # -- help ---------------------------------------------------------------------------------------------
    def help_title(self) -> str:
        return QCoreApplication.translate("PeiHelp", "How to play Pèi")

    def rules_source(self) -> str:
        return QCoreApplication.translate("AboutDialog", "Rules of Pèi after the article “Pèi”, which follows "
                                          "<i>Javaanse kaartspelen</i> and Tcheng Ki-tong's <i>Les plaisirs en "
                                          "Chine</i>.")

    def help_page(self, ctx: HelpContext) -> HelpPage:
        return help_page(ctx)
