"""The Statistics window (View ▸ Statistics…): the player's numbers per game and opponent level, a
line chart of money (or points) over the last matches and a bar chart of the win kinds; reset and
CSV export.  It reads the :class:`~cekidesk.persistence.statistics.StatisticsStore` the window's
recorder writes, and shows it again whenever a hand is recorded."""
from __future__ import annotations

from PySide6.QtCore import QDate, QEvent, QLocale
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMenu,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from cekidesk.games import games, get_game
from cekidesk.persistence.statistics import (
    MIXED_LEVEL,
    MatchStat,
    StatisticsStore,
    Totals,
    kind_counts,
    write_csv,
)

from ..foundations import i18n, names
from ..widgets.helpers import close_buttons
from .charts import BarChart, LineChart

#: the choices of how many matches the line chart shows (0: all kept)
LAST_MATCHES = (10, 25, 50, 100, 0)
# Qt takes a count (``%n``) as a C ``int`` and QLocale a 64-bit one: a number beyond is shown as
# the bound (the store refuses files beyond its own, far smaller bounds; this is the last guard)
C_INT_MAX = 2**31 - 1
INT64_MAX = 2**63 - 1


def fit(n: int, bound: int = C_INT_MAX) -> int:
    """``n`` within ±``bound``: what Qt can take without an ``OverflowError``."""
    return max(-bound, min(bound, int(n)))


class StatisticsDialog(QDialog):
    """See the module docstring.  ``current_game``: the game chosen when it opens."""

    def __init__(self, store: StatisticsStore, current_game: str | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("statisticsDialog")
        self.store = store
        self.game_box = QComboBox(self)
        self.game_box.setObjectName("statsGame")
        self.level_box = QComboBox(self)
        self.level_box.setObjectName("statsLevel")
        self.last_box = QComboBox(self)
        self.last_box.setObjectName("statsLastMatches")
        self.measure_box = QComboBox(self)
        self.measure_box.setObjectName("statsMeasure")
        self.game_label, self.level_label = QLabel(self), QLabel(self)
        self.last_label, self.measure_label = QLabel(self), QLabel(self)
        for label, box in ((self.game_label, self.game_box), (self.level_label, self.level_box),
                           (self.last_label, self.last_box), (self.measure_label, self.measure_box)):
            label.setBuddy(box)

        self.empty = QLabel(self)
        self.empty.setObjectName("statsEmpty")
        self.empty.setWordWrap(True)
        self.numbers = QGroupBox(self)
        self.form = QFormLayout(self.numbers)
        self.values: dict[str, QLabel] = {}
        self.row_labels: dict[str, QLabel] = {}
        for key in ("matches", "matches_won", "hands", "won", "undone", "best", "money_won", "money_lost", "streak",
                    "longest", "average"):
            value = QLabel(self.numbers)
            value.setObjectName(f"stat_{key}")
            value.setWordWrap(True)
            self.values[key] = value
            self.row_labels[key] = QLabel(self.numbers)
            self.form.addRow(self.row_labels[key], value)
        self.line_box, self.bar_box = QGroupBox(self), QGroupBox(self)
        self.line = LineChart(self.line_box)
        self.line.setObjectName("statsLineChart")
        self.bars = BarChart(self.bar_box)
        self.bars.setObjectName("statsBarChart")
        for group, chart in ((self.line_box, self.line), (self.bar_box, self.bars)):
            QVBoxLayout(group).addWidget(chart)

        self.export_button = QPushButton(self)
        self.export_button.setObjectName("statsExport")
        self.export_button.clicked.connect(self.export_dialog)
        self.reset_button = QPushButton(self)
        self.reset_button.setObjectName("statsReset")
        self.reset_menu = QMenu(self.reset_button)
        self.reset_game_action = self.reset_menu.addAction("", lambda: self.reset(self.game()))
        self.reset_all_action = self.reset_menu.addAction("", lambda: self.reset(None))
        self.reset_button.setMenu(self.reset_menu)
        buttons, self.close_button = close_buttons(self, "")

        choosers = QGridLayout()
        for col, (label, box) in enumerate(((self.game_label, self.game_box), (self.level_label, self.level_box),
                                            (self.last_label, self.last_box),
                                            (self.measure_label, self.measure_box))):
            choosers.addWidget(label, 0, col)
            choosers.addWidget(box, 1, col)
        body = QHBoxLayout()
        body.addWidget(self.numbers, 2)
        charts = QVBoxLayout()
        charts.addWidget(self.line_box, 1)
        charts.addWidget(self.bar_box, 1)
        body.addLayout(charts, 3)
        bottom = QHBoxLayout()
        bottom.addWidget(self.export_button)
        bottom.addWidget(self.reset_button)
        bottom.addStretch(1)
        bottom.addWidget(buttons)
        lay = QVBoxLayout(self)
        lay.addLayout(choosers)
        lay.addWidget(self.empty)
        lay.addLayout(body, 1)
        lay.addLayout(bottom)

        for spec in games():
            self.game_box.addItem("", spec.id)
        self.game_box.setCurrentIndex(max(0, self.game_box.findData(current_game or self._first_game())))
        for n in LAST_MATCHES:
            self.last_box.addItem("", n)
        self.last_box.setCurrentIndex(LAST_MATCHES.index(25))
        self.measure_box.addItem("", True)
        self.measure_box.addItem("", False)
        self.game_box.currentIndexChanged.connect(self._game_changed)
        for box in (self.level_box, self.last_box, self.measure_box):
            box.currentIndexChanged.connect(self.refresh)
        self.retranslate()
        self._game_changed()
        self.resize(1100, 640)

    # -- choices ---------------------------------------------------------------------------------
    def _first_game(self) -> str:
        played = self.store.games()
        return played[0] if played else games()[0].id

    def game(self) -> str:
        return self.game_box.currentData()

    def level(self) -> str | None:
        return self.level_box.currentData()

    def money(self) -> bool:
        return bool(self.measure_box.currentData())

    def _game_changed(self) -> None:
        """The levels of the chosen game; the chart in money when its latest match was for money."""
        level = self.level()
        self.level_box.blockSignals(True)
        self.level_box.clear()
        self.level_box.addItem(self.tr("All levels"), None)
        for lv in self.store.levels(self.game()):
            self.level_box.addItem(self._level_name(lv), lv)
        self.level_box.setCurrentIndex(max(0, self.level_box.findData(level)))
        self.level_box.blockSignals(False)
        matches = self.store.matches_of(self.game())
        self.measure_box.blockSignals(True)
        self.measure_box.setCurrentIndex(0 if matches and matches[-1].money else 1)
        self.measure_box.blockSignals(False)
        self.refresh()

    def _level_name(self, level: str) -> str:
        return self.tr("Mixed levels") if level == MIXED_LEVEL else names.bot_level_name(level)

    # -- showing -----------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Show the numbers and charts of the chosen game and level (again: after a hand is recorded)."""
        game, level = self.game(), self.level()
        if self.level_box.findData(level) < 0 or self.level_box.count() != 1 + len(self.store.levels(game)):
            self._game_changed()
            return
        totals = self.store.totals(game, level)
        nothing = totals.hands == 0
        self.empty.setVisible(nothing)
        self.empty.setText(self.tr("No statistics for {game} yet. Every hand you finish against computer "
                                   "players is counted here.").format(game=names.game_title(get_game(game)))
                           if level is None else
                           self.tr("No statistics for {game} against {level} yet.").format(
                               game=names.game_title(get_game(game)), level=self._level_name(level)))
        self.numbers.setEnabled(not nothing)
        self._show_numbers(game, totals)
        self._show_line(self.store.matches_of(game, level))
        self.bars.set_bars([(names.win_kind_label(game, k), n,
                             names.counted(self.tr("{kind}: %n hand(s)", "", fit(n)), n).format(
                                 kind=names.win_kind_label(game, k)))
                            for k, n in ((k, fit(n)) for k, n in kind_counts(totals, get_game(game).win_kinds))])
        self.reset_game_action.setText(self.tr("Reset the statistics of {game}…").format(
            game=names.game_title(get_game(game))))

    def _hands(self, n: int) -> str:
        return names.counted(self.tr("%n hand(s)", "", fit(n)), n)

    def _show_numbers(self, game: str, t: Totals) -> None:
        v = self.values
        loc = QLocale()
        v["matches"].setText(loc.toString(fit(t.matches, INT64_MAX)))
        v["matches_won"].setText(loc.toString(fit(t.matches_won, INT64_MAX)))
        v["hands"].setText(self._hands(t.hands))
        won = self._hands(t.hands_won)
        if t.hands:
            won += " " + self.tr("({percent}%)").format(percent=loc.toString(100 * t.hands_won / t.hands, "f", 1))
        if t.won_undone:
            won += " " + self.tr("(of them with undo: {n})").format(n=loc.toString(fit(t.won_undone, INT64_MAX)))
        v["won"].setText(won)
        v["undone"].setText(self._hands(t.hands_undone))
        if t.best is None:
            v["best"].setText("—")
        else:
            best = names.counted(self.tr("%n point(s)", "", fit(t.best.points)), t.best.points)
            if t.best.kind is not None:
                best += " · " + names.win_kind_label(game, t.best.kind)
            if t.best.in_money_match:
                best += " · " + names.format_money(fit(t.best.money, INT64_MAX))
            v["best"].setText(best)
        v["money_won"].setText(names.format_money(fit(t.money_won, INT64_MAX), signed=False))
        v["money_lost"].setText(names.format_money(fit(t.money_lost, INT64_MAX), signed=False))
        v["streak"].setText(self._hands(t.streak))
        v["longest"].setText(self._hands(t.longest))
        avg = t.average_points
        v["average"].setText("—" if avg is None else loc.toString(avg, "f", 1))

    def _show_line(self, matches: list[MatchStat]) -> None:
        money = self.money()
        n = self.last_box.currentData()
        if money:
            self.line.empty_text = (self.tr("No match played for money yet: choose Points to see the others.")
                                    if matches else self.tr("No match to show yet."))
            matches = [m for m in matches if m.money]
        else:
            self.line.empty_text = self.tr("No match to show yet.")
        first = max(0, len(matches) - n) if n else 0
        shown = matches[first:]
        fmt = ((lambda x: names.format_money(fit(x, INT64_MAX))) if money
               else (lambda x: names.format_points(fit(x, INT64_MAX), True)))
        loc = QLocale()
        tips = [names.counted(self.tr("Match {n}, {date}: {value} in %n hand(s)", "", fit(len(m.hands))), len(m.hands))
                .format(n=first + i + 1, date=loc.toString(_day(m), QLocale.FormatType.ShortFormat),
                        value=fmt(m.total(money)))
                for i, m in enumerate(shown)]
        self.line.set_points([fit(m.total(money), INT64_MAX) for m in shown], tips, fmt, first + 1)

    # -- reset and export ----------------------------------------------------------------------------
    def reset(self, game: str | None) -> bool:
        """Forget the statistics of ``game`` (None: of every game), after asking.  True if done."""
        if game is None:
            question = self.tr("Forget the statistics of every game? This cannot be undone.")
        else:
            question = self.tr("Forget the statistics of {game}? This cannot be undone.").format(
                game=names.game_title(get_game(game)))
        answer = QMessageBox.question(self, i18n.latin(lambda: self.tr("Reset statistics")), question,
                                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                                      QMessageBox.StandardButton.No)
        if answer != QMessageBox.StandardButton.Yes:
            return False
        self.store.reset(game)
        try:
            self.store.save()
        except OSError as exc:
            QMessageBox.warning(self, i18n.latin(lambda: self.tr("Statistics not saved")),
                                self.tr("The statistics could not be saved:") + "\n\n" + (exc.strerror or str(exc)))
        self._game_changed()
        return True

    def export_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, i18n.latin(lambda: self.tr("Export statistics")), "cekidesk-statistics.csv",
            i18n.latin(lambda: self.tr("CSV files (*.csv)")))
        if path:
            self.export_to(path)

    def export_to(self, path: str) -> bool:
        """Write every kept hand of every game to ``path`` as CSV (see README); says so if it fails."""
        try:
            write_csv(path, self.store.rows())
        except OSError as exc:
            QMessageBox.warning(self, i18n.latin(lambda: self.tr("Export failed")),
                                self.tr("The statistics could not be written to {file}:").format(file=path)
                                + "\n\n" + (exc.strerror or str(exc)))
            return False
        return True

    # -- language --------------------------------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            self.refresh()
        super().changeEvent(event)

    def retranslate(self) -> None:
        self.setWindowTitle(i18n.latin(lambda: self.tr("Statistics")))
        self.game_label.setText(self.tr("&Game:"))
        self.level_label.setText(self.tr("&Opponents:"))
        self.last_label.setText(self.tr("&Last matches:"))
        self.measure_label.setText(self.tr("&Chart of:"))
        for i in range(self.game_box.count()):
            self.game_box.setItemText(i, names.game_title(get_game(self.game_box.itemData(i))))
        for i in range(self.level_box.count()):
            lv = self.level_box.itemData(i)
            self.level_box.setItemText(i, self.tr("All levels") if lv is None else self._level_name(lv))
        for i, n in enumerate(LAST_MATCHES):
            self.last_box.setItemText(i, str(n) if n else self.tr("All"))
        self.measure_box.setItemText(0, self.tr("Money"))
        self.measure_box.setItemText(1, self.tr("Points"))
        for key, text in (("matches", self.tr("Matches played:")), ("matches_won", self.tr("Matches won:")),
                          ("hands", self.tr("Hands played:")),
                          ("won", self.tr("Hands won:")), ("undone", self.tr("Hands with undo:")),
                          ("best", self.tr("Best hand:")), ("money_won", self.tr("Money won:")),
                          ("money_lost", self.tr("Money lost:")), ("streak", self.tr("Current winning streak:")),
                          ("longest", self.tr("Longest winning streak:")),
                          ("average", self.tr("Average points per hand:"))):
            self.row_labels[key].setText(text)
        self.numbers.setTitle(self.tr("Your numbers"))
        self.line_box.setTitle(self.tr("Your result per match"))
        self.bar_box.setTitle(self.tr("Win kinds"))
        self.bars.empty_text = self.tr("No hand won yet.")
        self.export_button.setText(self.tr("&Export CSV…"))
        self.reset_button.setText(self.tr("&Reset"))
        self.reset_all_action.setText(self.tr("Reset the statistics of every game…"))
        self.close_button.setText(self.tr("Close"))


def _day(m: MatchStat) -> QDate:
    """The local day a match was started (a date at the end of the calendar: its own day)."""
    try:
        day = m.started.astimezone().date()
    except (OverflowError, ValueError, OSError):
        day = m.started.date()
    return QDate(day.year, day.month, day.day)
