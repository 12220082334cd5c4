"""The score sheet: one row per finished hand (in the end-of-hand dialog and a dialog of its own), and
the lines on where a match stands."""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QAbstractItemView, QDialog, QHeaderView, QLabel, QTableWidget, QVBoxLayout, QWidget

from cekidesk.engine.match import HandRecord, Match

from ..foundations import i18n, names
from ..foundations.names import seat_label
from ..games import game_ui
from ..widgets.helpers import close_buttons
from .common import table_item


def side_name(match: Match, seat: int, seat_names: Sequence[str]) -> str:
    """The partnership ``seat`` plays in, by its players' names ("Sari & Budi"); "" without sides."""
    side = next((s for s in match.sides or () if seat in s), None)
    if side is None:
        return ""
    return QCoreApplication.translate("Sides", " & ").join(seat_names[p] for p in side)


def hand_summary(match: Match, rec: HandRecord, seat_names: Sequence[str]) -> str:
    """"Sari ×2", "drawn" … for one hand record (in the game's own words)."""
    return game_ui(match.spec.id).hand_summary(rec.result, seat_names)


class ScoreSheet(QTableWidget):
    """One row per finished hand: the result, then each seat's points (and money in a money match),
    with the totals in the last row."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("scoreSheet")
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.verticalHeader().setVisible(False)
        self.setAlternatingRowColors(True)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    def show_match(self, match: Match | None, seat_names: Sequence[str], human_seat: int = 0) -> None:
        self.clear()
        if match is None:
            self.setRowCount(0)
            self.setColumnCount(0)
            return
        n = match.n_players
        money = match.match_options.mode == "money"
        per = 2 if money else 1
        words = game_ui(match.spec.id).words
        headers = [words.column(), self.tr("Result")]
        for i in range(n):
            who = seat_label(seat_names, i, human_seat)
            if match.sides:
                who = self.tr("{name}\n({side})").format(name=who, side=side_name(match, i, seat_names))
            if money:
                headers += [self.tr("{name}\npoints").format(name=who), self.tr("{name}\nmoney").format(name=who)]
            else:
                headers.append(self.tr("{name}\npoints").format(name=who))
        self.setColumnCount(len(headers))
        self.setHorizontalHeaderLabels(headers)
        head = self.horizontalHeader()
        head.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        head.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        head.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        rows = list(match.history)
        self.setRowCount(len(rows) + 1)
        for r, rec in enumerate(rows):
            self.setItem(r, 0, table_item(str(rec.index + 1)))
            self.setItem(r, 1, table_item(hand_summary(match, rec, seat_names), Qt.AlignmentFlag.AlignLeft,
                                     tip=self.tr("dealt by {name}").format(name=seat_names[rec.dealer])))
            for i in range(n):
                self.setItem(r, 2 + i * per, table_item(names.format_points(rec.result.points[i])))
                if money:
                    self.setItem(r, 3 + i * per, table_item(names.format_money(rec.payments[i])))
        last = len(rows)
        self.setItem(last, 0, table_item(self.tr("Total"), Qt.AlignmentFlag.AlignLeft, bold=True))
        self.setItem(last, 1, table_item(words.total(len(rows)), Qt.AlignmentFlag.AlignLeft, bold=True))
        for i in range(n):
            self.setItem(last, 2 + i * per, table_item(names.format_points(match.scores[i]), bold=True))
            if money:
                self.setItem(last, 3 + i * per, table_item(names.format_money(match.ledger[i]), bold=True))
        self.resizeRowsToContents()
        self.scrollToBottom()

    def cell_text(self, row: int, col: int) -> str:
        it = self.item(row, col)
        return it.text() if it else ""


def match_progress(match: Match, seat_names: Sequence[str], human: int = -1) -> str:
    """One line on where the match stands (``human``: the seat called "you")."""
    mo = match.match_options
    lead = match.standings()[0]
    if mo.mode == "target" and lead == human:
        return QCoreApplication.translate("ScoreSheet", "First to {target} points. You lead with {points}.").format(
            target=names.format_points(mo.target), points=names.format_points(match.scores[lead]))
    if mo.mode == "target":
        return QCoreApplication.translate("ScoreSheet", "First to {target} points. {name} leads with {points}.").format(
            target=names.format_points(mo.target), name=seat_names[lead],
            points=names.format_points(match.scores[lead]))
    if mo.mode == "hands":
        return game_ui(match.spec.id).words.progress(len(match.history), mo.hands)
    if match.ending is not None:
        return ending_progress(match, seat_names)
    own = game_ui(match.spec.id).stake_summary(match)
    if own:
        return own
    return QCoreApplication.translate("ScoreSheet", "Stake: {stake} per point.").format(
        stake=names.format_money(mo.stake_cents, signed=False))


def ending_progress(match: Match, seat_names: Sequence[str]) -> str:
    """Where a match with a game's own ending stands: the ending (and its number), who is out."""
    ending = match.ending
    assert ending is not None
    line = names.text(ending.title_key, ending.mode.replace("_", " "))
    if match.match_options.limit is not None and ending.limit_default is not None:
        line = QCoreApplication.translate("ScoreSheet", "{ending}: {number}").format(
            ending=line, number=match.match_options.limit)
    out = match.out_seats()
    if out:
        line = QCoreApplication.translate("ScoreSheet", "{ending}. Out: {names}.").format(
            ending=line, names=", ".join(seat_names[p] for p in out))
    return line


class ScoreSheetDialog(QDialog):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("scoreSheetDialog")
        self.setWindowTitle(i18n.latin(lambda: self.tr("Score sheet")))
        lay = QVBoxLayout(self)
        self.progress = QLabel(self)
        lay.addWidget(self.progress)
        self.sheet = ScoreSheet(self)
        lay.addWidget(self.sheet)
        lay.addWidget(close_buttons(self, self.tr("Close"))[0])
        self.resize(720, 420)

    def show_match(self, match: Match | None, seat_names: Sequence[str], human_seat: int) -> None:
        self.sheet.show_match(match, seat_names, human_seat)
        self.progress.setText(match_progress(match, seat_names, human_seat) if match else self.tr("No game."))


__all__ = ["ScoreSheet", "ScoreSheetDialog", "ending_progress", "hand_summary", "match_progress", "side_name"]
