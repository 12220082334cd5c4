"""The table of the test-only game Duel: seats round the table and, for the decisions, nothing but
the plan's choices (the table draws their controls)."""
from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt

from cekidesk.ui.table.layouts import ChoiceSpec, LabelSpec, Plan, SeatSpec, TableLayout

from .duel import GAME_ID

KEYS = {"declare": Qt.Key_D, "pass": Qt.Key_P}


def tr(text: str) -> str:
    return QCoreApplication.translate("DuelLayout", text)


class DuelLayout(TableLayout):
    game_id = GAME_ID
    game_keys = (Qt.Key_B, Qt.Key_D, Qt.Key_P)

    def plan(self, view, width, height, options) -> Plan:
        plan = Plan()
        n = view.n_players
        w, h = width * 0.16, height * 0.09
        for seat in range(n):
            angle = math.pi / 2 + 2 * math.pi * ((seat - view.viewer) % n) / n
            cx = width / 2 + math.cos(angle) * width * 0.36
            cy = height / 2 + math.sin(angle) * height * 0.36
            bets = view.bets
            if bets.revealed is not None:
                extra = tr("bet %1").replace("%1", str(bets.revealed[seat].amount))
            else:
                extra = tr("has bet") if seat in bets.chosen else ""
            plan.seats.append(SeatSpec(seat, QRectF(cx - w / 2, cy - h / 2, w, h), self.seat_title(seat),
                                       0, dealer=seat == view.dealer, to_move=seat in view.to_act,
                                       human=seat == view.viewer, extra=extra))
            plan.labels.append(LabelSpec(("score", seat), str(view.scores[seat]),
                                         QPointF(cx, cy - h), height / 30))
        plan.choices = self.choices(view)
        return plan

    def choices(self, view) -> list[ChoiceSpec]:
        me = view.viewer
        out = [ChoiceSpec(("range", r.verb), tr("Bet"), range=r, default=r.lo, unit=tr(" ¢"),
                          tooltip=tr("Your bet, hidden until everybody has bet"), anchor=me,
                          group="bet", shortcut=Qt.Key_B) for r in view.ranges]
        for a in view.legal:
            if a.verb in KEYS:
                label = tr("Declare") if a.verb == "declare" else tr("Pass")
                out.append(ChoiceSpec(a, label, action=a, anchor=me, group="declare", shortcut=KEYS[a.verb]))
            elif a.verb == "aim":
                out.append(ChoiceSpec(a, tr("Aim at %1").replace("%1", self.seat_title(a.target)),
                                      action=a, anchor=me, group="aim"))
            else:
                out.append(ChoiceSpec(a, f"{a.amount:+d}", action=a, anchor=-1, group="value"))
        return out
