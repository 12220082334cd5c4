"""What the tests of a game's window share: the window itself, where a person clicks a card, and the
button of a decision in the table's bars of choices."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, QPointF
from PySide6.QtWidgets import QPushButton

from cekidesk.ui.main_window import MainWindow
from cekidesk.ui.table.cards import CardItem


def open_window(qtbot, **settings: Any) -> MainWindow:
    """The main window at 1280×720, shown, with no animation and no pause before a computer move
    (``settings`` adds to or replaces those of :class:`Settings`)."""
    from waiting import HANG_GUARD_MS

    from cekidesk.persistence.settings import Settings

    w = MainWindow(Settings(**{"animation_speed": "off", "bot_pace_ms": 0, **settings}))
    qtbot.addWidget(w)
    w.controller.pace_ms = 0
    w.resize(1280, 720)
    w.show()
    qtbot.waitExposed(w, timeout=HANG_GUARD_MS)
    return w


def visible_point(w: MainWindow, item: CardItem) -> QPoint:
    """A viewport point where ``item`` is the topmost card (what a click there reaches)."""
    t = w.table
    r = item.visible_rect()
    for fy in (0.5, 0.3, 0.7):
        for fx in (0.5, 0.3, 0.7):
            p = t.mapFromScene(item.mapToScene(QPointF(r.left() + fx * r.width(), r.top() + fy * r.height())))
            top = next((i for i in t.items(p) if isinstance(i, CardItem)), None)
            if top is item and t.viewport().rect().contains(p):
                return p
    raise AssertionError(f"no visible point on {item.key}")


def bar_button(w: MainWindow, key: Any) -> QPushButton:
    """The one button of the choice ``key`` in the table's bars."""
    found = [bar.buttons[key] for bar in w.table.choice_bars() if key in bar.buttons]
    assert len(found) == 1, (key, [list(b.buttons) for b in w.table.choice_bars()])
    return found[0]
