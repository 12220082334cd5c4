"""What several of the window's dialogs share: a level's description, a read-only table cell."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableWidgetItem

from cekidesk.bots import make_bot
from cekidesk.persistence.settings import Settings

from ..foundations import names


def level_help(game_id: str, level: str, settings: Settings) -> str:
    """What a computer player of ``level`` does, in one line, with the thinking time its bots get
    in ``game_id`` when the window makes them with ``settings``."""
    bot = make_bot(game_id, level, budget=settings.bot_budgets().get(level))
    return names.bot_level_help(level, bot.budget)


def table_item(text: str, align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignRight, bold: bool = False,
               tip: str = "") -> QTableWidgetItem:
    """A cell of a dialog's table that shows ``text`` and cannot be edited or selected."""
    it = QTableWidgetItem(text)
    it.setTextAlignment(align | Qt.AlignmentFlag.AlignVCenter)
    it.setFlags(Qt.ItemFlag.ItemIsEnabled)
    if bold:
        f = it.font()
        f.setBold(True)
        it.setFont(f)
    if tip:
        it.setToolTip(tip)
    return it


__all__ = ["level_help", "table_item"]
