"""The hand history: the finished hands of a match (the one on the table, or one in a save file) in
a sortable list, each replayed step by step on the real table, and "Play this deal again".

* :class:`HandReplay` (no Qt) rebuilds one finished hand from its record — the engine is
  deterministic, so the hand's seed, dealer and carry and its logged moves give back every position
  — and keeps a clone every :data:`HandReplay.CHECKPOINT` moves, so that any position, going back
  too, is at most that many moves away.
* :class:`HistoryModel` / :class:`HistoryDialog` — Game ▸ History… (Ctrl+H): the list, a file's
  hands instead (loaded with the usual checks, never replacing the game on the table).
* :class:`ReplayBar` — the replay's controls under the table while one is shown.

The window's feature :class:`~cekidesk.ui.window.features.history.HandHistory` offers them: the
window's table and game log show the hand, the live game waits (its computer players paused) and
comes back exactly as it was when the replay is closed.
"""
from __future__ import annotations

import dataclasses
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QEvent,
    QMargins,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHeaderView,
    QLabel,
    QMessageBox,
    QSlider,
    QTableView,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from cekidesk.engine.core import Event, GameState, View
from cekidesk.engine.match import Match
from cekidesk.persistence import paths
from cekidesk.persistence.saves import SaveFileError, Seat, load_match

from ..foundations import i18n, names
from ..games import game_ui
from ..widgets.helpers import close_buttons

#: Game ▸ History…'s key: Ctrl+H, but on macOS ⌘Y (⌘H hides the application there; ⌘Y is a browser's history)
HISTORY_KEY = "Ctrl+Y" if sys.platform == "darwin" else "Ctrl+H"


def first_human(seats: Sequence[Seat]) -> int:
    """The seat whose view a replay shows: the first person's (0 if nobody's)."""
    return next((i for i, s in enumerate(seats) if s.kind == "human"), 0)


def display_names(seats: Sequence[Seat]) -> list[str]:
    """The names shown for ``seats`` (a person's default name in the current language)."""
    return names.seat_display_names([(s.kind, s.name) for s in seats])


def deal_number(match: Match, index: int) -> int:
    """Hand ``index``'s own deal number (a finished hand's or the one under way): the match's number
    for a first hand its seed deals (the number New Game takes), else the seed the hand was
    shuffled from (what *Play this deal again* deals again)."""
    if index == 0 and match.first_deal is None:
        return match.seed
    if index < len(match.history):
        return match.history[index].seed
    return match.hand_seed


def first_deal_of(match: Match, index: int) -> tuple[int, int] | None:
    """What a new match needs to deal hand ``index`` of ``match`` again as its first hand: None when
    the match's seed alone deals it (its first hand, dealt from the seed), else (seed, dealer)."""
    if index == 0 and match.first_deal is None:
        return None
    rec = match.history[index]
    return rec.seed, rec.dealer


# ---------------------------------------------------------------------------------------------
# One hand, step by step (no Qt)

def shown_view(view: View) -> View:
    """``view`` with nothing to choose: a replay shows positions, the table must offer no move."""
    fields = {f.name for f in dataclasses.fields(view)}   # type: ignore[arg-type]
    return dataclasses.replace(view, **{k: () for k in ("legal", "ranges") if k in fields})   # type: ignore[type-var]


class HandReplay:
    """Finished hand ``index`` of ``match`` as ``viewer`` saw it: position ``k`` is the hand after
    its first ``k`` moves (0: as dealt, :attr:`length`: over, every hand shown by the game's end
    view), ``events(k)`` what the ``k``-th move showed the viewer."""

    #: a clone of the state is kept every this many moves: any position is rebuilt from the one
    #: before it by at most this many moves (measured: ``bench/replay_speed.py``)
    CHECKPOINT = 32

    def __init__(self, match: Match, index: int, viewer: int):
        self.match = match
        self.index = index
        self.viewer = viewer
        self.record = match.history[index]
        self.actions = list(match.logs[index])
        state = match.dealt_state(index)
        self.deal_events = [e.for_viewer(viewer) for e in state.deal_events]
        self._checkpoints: list[GameState] = []
        self._events: list[list[Event]] = []
        for k, action in enumerate(self.actions):
            if k % self.CHECKPOINT == 0:   # (checkpoint i is position i × CHECKPOINT)
                self._checkpoints.append(state.clone())
            self._events.append([e.for_viewer(viewer) for e in state.apply(action)])
        if not self._checkpoints:          # a hand over at its deal
            self._checkpoints.append(state.clone())
        self._at = (len(self.actions), state)   # the position last built, and its state

    @property
    def length(self) -> int:
        """How many moves the hand had."""
        return len(self.actions)

    def events(self, k: int) -> list[Event]:
        """What move ``k`` (1 … :attr:`length`) showed the viewer."""
        return self._events[k - 1]

    def state(self, k: int) -> GameState:
        """The hand after its first ``k`` moves (the replay's own copy: never change it)."""
        k = max(0, min(k, self.length))
        at, state = self._at
        if not at <= k < at + self.CHECKPOINT:   # going back, or far ahead: from the checkpoint before k
            base = min(k // self.CHECKPOINT, len(self._checkpoints) - 1)
            at, state = base * self.CHECKPOINT, self._checkpoints[base].clone()
        for action in self.actions[at:k]:
            state.apply_unchecked(action)
        self._at = (k, state)
        return state

    def view(self, k: int) -> View:
        return shown_view(self.state(k).view(self.viewer))


# ---------------------------------------------------------------------------------------------
# The list

class HistoryModel(QAbstractTableModel):
    """The finished hands of one match, a row each: hand, deal number, dealer, winners, the result
    in the game's words, the points (and the money, in a money match) of the person's seat.  The
    sort role gives numbers where a column is a number."""

    SORT_ROLE = Qt.ItemDataRole.UserRole

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.game: Match | None = None
        self.seats: tuple[Seat, ...] = ()
        self._rows = 0

    def show_match(self, match: Match | None, seats: Sequence[Seat]) -> None:
        self.beginResetModel()
        self.game, self.seats = match, tuple(seats)
        self._rows = len(match.history) if match is not None else 0
        self.endResetModel()

    def money(self) -> bool:
        return self.game is not None and self.game.match_options.mode == "money"

    def headers(self) -> list[str]:
        heads = [self.tr("Hand"), self.tr("Deal no."), self.tr("Dealer"), self.tr("Winner"), self.tr("Result"),
                 self.tr("Your points")]
        return heads + [self.tr("Your money")] if self.money() else heads

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else self._rows

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.headers())

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            heads = self.headers()
            return heads[section] if 0 <= section < len(heads) else None
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.ToolTipRole and section == 1:
            return self.tr("Each hand's own deal: the match's number for its first hand, the number the hand "
                           "was shuffled from for the others. Play this deal again deals it again.")
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        m = self.game
        if m is None or not index.isValid() or not 0 <= index.row() < self._rows:
            return None
        rec = m.history[index.row()]
        col = index.column()
        human = first_human(self.seats)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter) if col in (0, 1, 5, 6) \
                else int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        numbers = (rec.index + 1, deal_number(m, rec.index), rec.dealer, None, None, rec.result.points[human],
                   rec.payments[human])
        if role == self.SORT_ROLE:
            return numbers[col] if numbers[col] is not None else self.data(index)
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        seat_names = display_names(self.seats)
        if col == 0:
            return str(rec.index + 1)
        if col == 1:
            return str(deal_number(m, rec.index))
        if col == 2:
            return names.seat_label(seat_names, rec.dealer, human)
        if col == 3:
            won = rec.result.winners
            return ", ".join(names.seat_label(seat_names, w, human) for w in won) if won else self.tr("nobody")
        if col == 4:
            return game_ui(m.spec.id).hand_summary(rec.result, seat_names)
        if col == 5:
            return names.format_points(rec.result.points[human], signed=True)
        return names.format_money(rec.payments[human])


class HistoryDialog(QDialog):
    """Game ▸ History…: the finished hands of the game on the table, or of a saved game (Open a
    saved game…, never replacing the game on the table); Replay (Enter, a double click) and Play
    this deal again act on the chosen hand."""

    replayAsked = Signal(object, int, object)      # match, hand index, seats
    playAgainAsked = Signal(object, int, object)   # match, hand index, seats

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("historyDialog")
        self.file: Path | None = None   # the save file shown (None: the game on the table)
        lay = QVBoxLayout(self)
        self.caption = QLabel(self)
        self.caption.setObjectName("historyCaption")
        self.caption.setWordWrap(True)
        lay.addWidget(self.caption)
        self.model = HistoryModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(HistoryModel.SORT_ROLE)
        self.table = QTableView(self)
        self.table.setObjectName("historyTable")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.activated.connect(lambda _index: self.replay_chosen())
        lay.addWidget(self.table, 1)
        buttons = QDialogButtonBox(self)
        self.replay_button = buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
        self.replay_button.setObjectName("replayButton")
        self.replay_button.clicked.connect(self.replay_chosen)
        self.again_button = buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
        self.again_button.setObjectName("playAgainButton")
        self.again_button.clicked.connect(self.play_again_chosen)
        self.open_button = buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
        self.open_button.setObjectName("openSavedButton")
        self.open_button.clicked.connect(self.open_dialog)
        self.live_button = buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
        self.live_button.setObjectName("thisGameButton")
        self.live_button.clicked.connect(lambda: self.show_live())
        lay.addWidget(buttons)
        box, self.close_button = close_buttons(self, "")
        lay.addWidget(box)
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._update_buttons())
        self.proxy.modelReset.connect(self._select_last)
        self._live: tuple[Match | None, tuple[Seat, ...]] = (None, ())
        self.retranslate()
        self.resize(760, 420)

    def retranslate(self) -> None:
        self.setWindowTitle(i18n.latin(lambda: self.tr("Hand history")))
        self.replay_button.setText(self.tr("&Replay"))
        self.replay_button.setToolTip(self.tr("Replay the chosen hand on the table, move by move"))
        self.again_button.setText(self.tr("Play this deal &again"))
        self.again_button.setToolTip(self.tr("Start a new game whose first hand is dealt exactly like the "
                                             "chosen one"))
        self.open_button.setText(self.tr("&Open a saved game…"))
        self.live_button.setText(self.tr("&This game"))
        self.close_button.setText(self.tr("Close"))
        self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, max(0, self.model.columnCount() - 1))
        self._update_caption()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # -- what is listed ---------------------------------------------------------------------------
    def set_live(self, match: Match | None, seats: Sequence[Seat]) -> None:
        """The game on the table (listed unless a file is shown): again after every hand."""
        self._live = (match, tuple(seats))
        if self.file is None:
            self.show_live()

    def show_live(self) -> None:
        self.file = None
        self.model.show_match(*self._live)
        self._update_caption()

    def show_file(self, path: str | Path) -> bool:
        """List the hands of the save ``path`` (read with every check of Game ▸ Open; the game on
        the table stays).  A bad file is told in a message and the list stays as it was."""
        try:
            loaded = load_match(path)
        except SaveFileError as exc:
            QMessageBox.warning(self, i18n.latin(lambda: QCoreApplication.translate(
                "MainWindow", "Cannot open this file")), exc.translated(QCoreApplication.translate))
            return False
        self.file = Path(path)
        self.model.show_match(loaded.match, loaded.seats)
        self._update_caption()
        return True

    def open_dialog(self) -> None:
        folder = paths.saves_dir()
        path, _ = QFileDialog.getOpenFileName(
            self, i18n.latin(lambda: QCoreApplication.translate("MainWindow", "Open a saved game")),
            str(folder if folder.is_dir() else Path.home()),
            i18n.latin(lambda: QCoreApplication.translate("MainWindow", "CekiDesk games (*{ext});;All files (*)")
                       .format(ext=paths.SAVE_EXTENSION)))
        if path:
            self.show_file(path)

    def _update_caption(self) -> None:
        m = self.model.game
        if m is None:
            text = self.tr("No game on the table.")
        else:
            n = len(m.history)
            game = names.game_title(m.spec)
            if self.file is not None:
                text = names.counted(self.tr("{game} in “{file}”: %n finished hand(s).", "", n), n).format(
                    game=game, file=self.file.name)
            else:
                text = names.counted(self.tr("{game}, this game: %n finished hand(s).", "", n), n).format(game=game)
            if not n:
                text += " " + self.tr("A hand is listed here once it is over.")
        self.caption.setText(text)
        self.live_button.setVisible(self.file is not None)
        self._update_buttons()

    @Slot()
    def _select_last(self) -> None:
        """The newest hand is the one chosen when the list is shown, and every column is seen whole."""
        rows = self.proxy.rowCount()
        if rows:
            last = max(range(rows), key=lambda r: self.proxy.mapToSource(self.proxy.index(r, 0)).row())
            self.table.selectRow(last)
        self._update_buttons()
        self._fit_width()

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        self._fit_width()   # (the columns measure their contents once shown)

    def _fit_width(self) -> None:
        """Wide enough for every column (the words of aksara Jawa are wider), within the screen."""
        header = self.table.horizontalHeader()
        columns = sum(max(self.table.sizeHintForColumn(c), header.sectionSizeHint(c))
                      for c in range(self.proxy.columnCount()))
        lay = self.layout()
        margins = lay.contentsMargins() if lay is not None else QMargins()
        want = (columns + self.table.verticalScrollBar().sizeHint().width() + 2 * self.table.frameWidth()
                + margins.left() + margins.right())
        screen = self.screen()
        room = screen.availableGeometry().width() - 40 if screen is not None else want
        if want > self.width():
            self.resize(min(want, room), self.height())

    def _update_buttons(self) -> None:
        chosen = self.chosen() is not None
        self.replay_button.setEnabled(chosen)
        self.again_button.setEnabled(chosen)

    # -- the chosen hand ------------------------------------------------------------------------------
    def chosen(self) -> int | None:
        """The index of the hand chosen in the list (None: none)."""
        rows = self.table.selectionModel().selectedRows()
        if not rows or self.model.game is None:
            return None
        return self.proxy.mapToSource(rows[0]).row()

    def replay_chosen(self) -> None:
        index = self.chosen()
        if index is not None:
            self.replayAsked.emit(self.model.game, index, self.model.seats)

    def play_again_chosen(self) -> None:
        index = self.chosen()
        if index is not None:
            self.playAgainAsked.emit(self.model.game, index, self.model.seats)


# ---------------------------------------------------------------------------------------------
# The replay on the table

def lay_out_now(w: QWidget) -> None:
    """Lay ``w`` out now (its table takes its new size at once)."""
    lay = w.layout()
    if lay is not None:
        lay.activate()


class ReplayBar(QToolBar):
    """The controls of a hand's replay, under the table: to start (Home), back one move (Left),
    play / pause at the computer pace (Space), forward one move (Right), to the end (End), a slider
    over the moves, where it is, and Close (Escape).  Its keys work only while it is shown."""

    moved = Signal(int)     # the position chosen (0 … length)
    closed = Signal()
    retranslated = Signal()   # after the window's own retranslation (a child hears of it later)
    slider: QSlider           # (made after the actions whose keys move it)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("replayBar")
        self.setMovable(False)
        self.setFloatable(False)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.length = 0
        self.act_start = self._action("Home", lambda: self.moved.emit(0), "actReplayStart")
        self.act_back = self._action("Left", lambda: self.moved.emit(self.slider.value() - 1), "actReplayBack")
        self.act_play = self._action("Space", self.toggle_play, "actReplayPlay")
        self.act_play.setCheckable(True)
        self.act_forward = self._action("Right", lambda: self.moved.emit(self.slider.value() + 1),
                                        "actReplayForward")
        self.act_end = self._action("End", lambda: self.moved.emit(self.length), "actReplayEnd")
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        self.slider.setObjectName("replaySlider")
        self.slider.setMinimumWidth(160)
        self.slider.setPageStep(8)
        self.slider.valueChanged.connect(self._slid)
        self.addWidget(self.slider)
        self.where = QLabel(self)
        self.where.setObjectName("replayWhere")
        self.addWidget(self.where)
        self.addSeparator()
        self.act_close = self._action("Escape", self.closed.emit, "actReplayClose")
        self._player = QTimer(self)
        self._player.timeout.connect(self._play_next)
        self._quiet = False
        self.retranslate()

    def _action(self, key: str, slot: Any, name: str) -> QAction:
        a = QAction(self)
        a.setObjectName(name)
        a.setShortcut(QKeySequence(key))
        a.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        a.triggered.connect(slot)
        self.addAction(a)
        return a

    def retranslate(self) -> None:
        for a, text, tip in ((self.act_start, self.tr("To the deal"), self.tr("To the deal (Home)")),
                             (self.act_back, self.tr("Back"), self.tr("Back one move (Left)")),
                             (self.act_play, self.tr("Play"), self.tr("Play the moves at the computer pace, "
                                                                      "or pause (Space)")),
                             (self.act_forward, self.tr("Forward"), self.tr("Forward one move (Right)")),
                             (self.act_end, self.tr("To the end"), self.tr("To the end of the hand (End)")),
                             (self.act_close, self.tr("Close the replay"), self.tr("Back to the game (Esc)"))):
            a.setText(text)
            a.setToolTip(tip)
        self.setWindowTitle(self.tr("Replay"))
        self.show_position(self.slider.value())

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            self.retranslated.emit()
        super().changeEvent(event)

    def begin(self, length: int, pace_ms: int) -> None:
        """A new hand of ``length`` moves, at its deal."""
        self.length = length
        self._player.setInterval(pace_ms)
        self.pause()
        self._quiet = True
        self.slider.setRange(0, length)
        self.slider.setValue(0)
        self._quiet = False
        self.show_position(0)

    def where_text(self, k: int) -> str:
        """Where position ``k`` is in words: the deal, move k of n, the end."""
        if k <= 0:
            return self.tr("The deal")
        if k >= self.length:
            return names.counted(self.tr("The end (%n move(s))", "", self.length), self.length)
        return names.counted(self.tr("Move {k} of %n", "", self.length), self.length).format(k=k)

    def show_position(self, k: int) -> None:
        """The slider and the words at position ``k`` (without asking to move there)."""
        self._quiet = True
        self.slider.setValue(k)
        self._quiet = False
        self.where.setText(self.where_text(k))
        # as wide as its longest words, so that none is cut and the slider does not jump
        metrics = self.where.fontMetrics()
        self.where.setMinimumWidth(max(metrics.horizontalAdvance(self.where_text(p)) for p in
                                       (0, max(1, self.length - 1), self.length)) + metrics.averageCharWidth())
        self.act_start.setEnabled(k > 0)
        self.act_back.setEnabled(k > 0)
        self.act_forward.setEnabled(k < self.length)
        self.act_end.setEnabled(k < self.length)
        self.act_play.setEnabled(k < self.length or self.playing())
        if k >= self.length:
            self.pause()

    def _slid(self, value: int) -> None:
        if not self._quiet:
            self.moved.emit(value)

    def playing(self) -> bool:
        return self._player.isActive()

    def toggle_play(self) -> None:
        if self.playing():
            self.pause()
        elif self.slider.value() < self.length:
            self._player.start()
            self.act_play.setChecked(True)
            self.act_play.setText(self.tr("Pause"))

    def pause(self) -> None:
        self._player.stop()
        self.act_play.setChecked(False)
        self.act_play.setText(self.tr("Play"))

    @Slot()
    def _play_next(self) -> None:
        self.moved.emit(self.slider.value() + 1)
