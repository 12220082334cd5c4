"""Toy High's table: the person's cards at the bottom, the other's backs at the top, the trick in
the middle, the tricks taken on the seat plates."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QPointF, QRectF

from cekidesk.ui.table.layouts import CardSpec, LabelSpec, LayoutOptions, Plan, SeatSpec, TableLayout, register_layout

from ..toy_high.rules import GAME_ID, ToyHighView


def _tr(text: str) -> str:
    return QCoreApplication.translate("ToyHighLayout", text)


class ToyHighLayout(TableLayout[ToyHighView]):
    game_id = GAME_ID

    def plan(self, view: ToyHighView, width: float, height: float, options: LayoutOptions) -> Plan:
        plan = Plan()
        me, other = view.viewer, 1 - view.viewer
        ch = min(height / 5, 130.0)
        cw = ch * 0.45
        cx = width / 2
        bottom, top = height - ch / 2 - 20, ch / 2 + 20
        for seat, y in ((me, bottom - ch / 2 - 40), (other, top + ch / 2 + 40)):
            plan.seats.append(SeatSpec(
                seat, QRectF(40, y - 22, 180, 44), self.seat_title(seat), view.hand_counts[seat],
                dealer=seat == view.dealer, to_move=seat in view.to_act, human=seat == me,
                extra=_tr("tricks: %1").replace("%1", str(view.tricks[seat]))))
        for i, kind in enumerate(view.hand):
            action = next((a for a in view.legal if a.card == kind), None)
            x = cx + (i - (len(view.hand) - 1) / 2) * (cw + 12)
            plan.cards.append(CardSpec(("hand", int(kind)), kind, True, QPointF(x, bottom), ch, role="hand",
                                       seat=me, action=action, selectable=True))
        for i in range(view.hand_counts[other]):
            x = cx + (i - (view.hand_counts[other] - 1) / 2) * (cw + 12)
            plan.cards.append(CardSpec(("back", other, i), None, False, QPointF(x, top), ch, role="opponent",
                                       seat=other))
        shown = view.trick or view.last_trick
        for seat, kind in shown:
            y = height / 2 + (ch * 0.3 if seat == me else -ch * 0.3)
            plan.cards.append(CardSpec(("played", int(kind)), kind, True, QPointF(cx, y), ch * 0.8, role="pile",
                                       seat=seat))
        plan.labels.append(LabelSpec(("stock",), _tr("stock: %1").replace("%1", str(view.stock_count)),
                                     QPointF(width - 120, height / 2), 16, style="note"))
        return plan


register_layout(GAME_ID, ToyHighLayout)
