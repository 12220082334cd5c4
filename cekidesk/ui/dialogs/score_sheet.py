"""The score sheet: one row per finished hand (in the end-of-hand dialog and a dialog of its own), and
the lines on where a match stands."""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QAbstractTableModel, QCoreApplication, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QAbstractItemView, QDialog, QHeaderView, QLabel, QTableView, QVBoxLayout, QWidget

from cekidesk.engine.match import HandRecord, Match

from ..foundations import i18n, names
from ..foundations.names import seat_label
from ..games import game_ui
from ..widgets.helpers import close_buttons


def side_name(match: Match, seat: int, seat_names: Sequence[str]) -> str:
    """The partnership ``seat`` plays in, by its players' names ("Sari & Budi"); "" without sides."""
    side = next((s for s in match.sides or () if seat in s), None)
    if side is None:
        return ""
    return QCoreApplication.translate("Sides", " & ").join(seat_names[p] for p in side)


def hand_summary(match: Match, rec: HandRecord, seat_names: Sequence[str]) -> str:
    """"Sari ×2", "drawn" … for one hand record (in the game's own words)."""
    return game_ui(match.spec.id).hand_summary(rec.result, seat_names)


class ScoreSheetModel(QAbstractTableModel):
    """The score sheet's cells, worded when the view asks for them: one row per finished hand, then the
    totals.  Nothing is made per hand ahead of time (a table of items held 12 objects a hand of a long
    match, alive as long as the dialog: issue 33's flat memory); the view asks only for the rows in
    sight."""

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.shown_match: Match | None = None
        self.seat_names: Sequence[str] = ()
        self.headers: list[str] = []
        self._per = 1

    def show(self, match: Match | None, seat_names: Sequence[str], headers: list[str]) -> None:
        self.beginResetModel()
        self.shown_match, self.seat_names, self.headers = match, list(seat_names), headers
        self._per = 2 if match is not None and match.match_options.mode == "money" else 1
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if self.shown_match is None or parent.isValid() else len(self.shown_match.history) + 1

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.headers)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole \
                and 0 <= section < len(self.headers):
            return self.headers[section]
        return None

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        return Qt.ItemFlag.ItemIsEnabled      # read-only, not selectable

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        m = self.shown_match
        if m is None or not index.isValid():
            return None
        row, col = index.row(), index.column()
        total = row == len(m.history)
        left = col == 1 or (total and col == 0)
        if role == Qt.ItemDataRole.DisplayRole:
            return self.text(row, col)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            side = Qt.AlignmentFlag.AlignLeft if left else Qt.AlignmentFlag.AlignRight
            return int(side | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.FontRole and total:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole and col == 1 and not total:
            rec = m.history[row]
            return QCoreApplication.translate("ScoreSheet", "dealt by {name}").format(
                name=self.seat_names[rec.dealer])
        return None

    def text(self, row: int, col: int) -> str:
        """The words of a cell ("" outside the sheet)."""
        m = self.shown_match
        if m is None or not 0 <= col < len(self.headers) or not 0 <= row <= len(m.history):
            return ""
        seat, money_column = divmod(col - 2, self._per)
        if row == len(m.history):
            if col == 0:
                return QCoreApplication.translate("ScoreSheet", "Total")
            if col == 1:
                return game_ui(m.spec.id).words.total(len(m.history))
            return names.format_money(m.ledger[seat]) if money_column else names.format_points(m.scores[seat])
        rec = m.history[row]
        if col == 0:
            return str(rec.index + 1)
        if col == 1:
            return hand_summary(m, rec, self.seat_names)
        return names.format_money(rec.payments[seat]) if money_column else names.format_points(rec.result.points[seat])


class ScoreSheet(QTableView):
    """One row per finished hand: the result, then each seat's points (and money in a money match),
    with the totals in the last row (a view of :class:`ScoreSheetModel`)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("scoreSheet")
        self.sheet_model = ScoreSheetModel(self)
        self.setModel(self.sheet_model)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.verticalHeader().setVisible(False)
        self.setAlternatingRowColors(True)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    def show_match(self, match: Match | None, seat_names: Sequence[str], human_seat: int = 0) -> None:
        if match is None:
            self.sheet_model.show(None, (), [])
            return
        n = match.n_players
        money = match.match_options.mode == "money"
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
        self.sheet_model.show(match, seat_names, headers)
        head = self.horizontalHeader()
        head.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        head.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        head.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.resizeRowsToContents()
        self.scrollToBottom()

    def rowCount(self) -> int:
        return self.sheet_model.rowCount()

    def columnCount(self) -> int:
        return self.sheet_model.columnCount()

    def cell_text(self, row: int, col: int) -> str:
        return self.sheet_model.text(row, col)

    def header_text(self, col: int) -> str:
        return self.sheet_model.headers[col] if 0 <= col < len(self.sheet_model.headers) else ""


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
