"""The window's side of the test-only game (tests/toygames/carry_game.py): its words (option,
ending and preset titles through ``names.register_texts``) and a small table layout that shows
the carried streak and lives on the seat plates."""
from __future__ import annotations

import math

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QPointF, QRectF

from cekidesk.ui.foundations import names
from cekidesk.ui.games.base import GameUI, register_game_ui
from cekidesk.ui.table.layouts import CardSpec, LabelSpec, LayoutOptions, Plan, SeatSpec, TableLayout, register_layout

from .carry_game import GAME_ID, ToyView

TEXTS = {
    "game.toy-carry": QT_TRANSLATE_NOOP("ToyCarry", "Toy carry"),
    "toy.lives": QT_TRANSLATE_NOOP("ToyCarry", "Lives"),
    "toy.partners": QT_TRANSLATE_NOOP("ToyCarry", "Partners sit opposite"),
    "toy.ending.last": QT_TRANSLATE_NOOP("ToyCarry", "Last player standing"),
    "toy.ending.last.help": QT_TRANSLATE_NOOP("ToyCarry", "The match ends when one player has lives left."),
    "toy.ending.streak": QT_TRANSLATE_NOOP("ToyCarry", "Wins in a row"),
    "toy.ending.streak.help": QT_TRANSLATE_NOOP("ToyCarry", "The first to win this many hands in a row wins."),
    "toy.ending.streak.limit": QT_TRANSLATE_NOOP("ToyCarry", "Wins in a row:"),
    "toy.preset.quick": QT_TRANSLATE_NOOP("ToyCarry", "Quick"),
    "toy.preset.quick.help": QT_TRANSLATE_NOOP("ToyCarry", "One life each."),
    "toy.preset.long": QT_TRANSLATE_NOOP("ToyCarry", "Long"),
    "toy.preset.long.help": QT_TRANSLATE_NOOP("ToyCarry", "Three lives each."),
}


def _tr(text: str) -> str:
    return QCoreApplication.translate("ToyCarry", text)


class ToyLayout(TableLayout):
    game_id = GAME_ID

    def plan(self, view: ToyView, width: float, height: float, options: LayoutOptions) -> Plan:
        plan = Plan()
        n = view.n_players
        ch = min(height / 5, 140.0)
        cx, cy = width / 2, height / 2
        for p in range(n):
            a = math.pi / 2 + 2 * math.pi * ((p - view.viewer) % n) / n     # the viewer at the bottom
            sx, sy = cx + math.cos(a) * width * 0.36, cy + math.sin(a) * height * 0.36
            streak = view.streak[p]
            plan.seats.append(SeatSpec(
                p, QRectF(sx - 80, sy - 22, 160, 44), self.seat_title(p), len(view.hand) if p == view.viewer else 0,
                dealer=p == view.dealer, to_move=p in view.to_act, human=p == self.human,
                badge=f"×{streak}" if streak else "", badge_tip=_tr("Wins in a row"),
                extra=_tr("out") if p in view.out else _tr("lives: %1").replace("%1", str(view.lives[p]))))
            played = view.played[p]
            if played is not None:
                plan.cards.append(CardSpec(("played", p), played, True,
                                           QPointF(cx + math.cos(a) * width * 0.15, cy + math.sin(a) * height * 0.15),
                                           ch * 0.8, role="pile", seat=p))
        for i, kind in enumerate(view.hand):
            action = next((x for x in view.legal if x.card == kind), None)
            plan.cards.append(CardSpec(("hand", kind), kind, True, QPointF(cx, height - ch * 0.75 - 50), ch,
                                       role="hand", seat=view.viewer, action=action, selectable=True))
        plan.labels.append(LabelSpec(("lives",), _tr("lives: %1").replace("%1", str(view.lives[view.viewer])),
                                     QPointF(cx, 24), 16, style="note"))
        return plan


class ToyUI(GameUI):
    game_id = GAME_ID


def register() -> None:
    """Add the words, the layout and the UI (idempotent: the registries accept the same class)."""
    if not names.has_text("game.toy-carry"):
        names.register_texts("ToyCarry", TEXTS)
    register_layout(GAME_ID, ToyLayout)
    register_game_ui(ToyUI)
