"""The New Game dialog: the game, the players, the game's options, the match and (optionally) the
deal number; :class:`NewGameConfig` is what it chose."""
from __future__ import annotations

import html
import random
from dataclasses import dataclass, field

from PySide6.QtCore import QEvent, QObject, QRect, QRegularExpression, QSize, Qt
from PySide6.QtGui import QGuiApplication, QRegularExpressionValidator, QShowEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from cekidesk.bots import bot_levels
from cekidesk.engine.core import GameSpec, OptionsError
from cekidesk.engine.match import MatchEnding, MatchOptions, ending_of
from cekidesk.games import games, get_game
from cekidesk.persistence.saves import Seat
from cekidesk.persistence.settings import Settings

from ..foundations import i18n, names
from ..games import game_ui
from ..widgets import mnemonics
from ..widgets.helpers import fit_wrapped_labels, show_money_unit
from ..widgets.options_form import OptionsForm, fit_combo_popup, number_range
from .common import level_help


@dataclass
class NewGameConfig:
    game_id: str
    seats: list[Seat]
    seed: int
    options: dict[str, object] = field(default_factory=dict)
    match_options: dict[str, object] = field(default_factory=dict)
    seed_chosen: bool = False  # the player typed the deal number
    undo_allowed: bool | None = None  # a practice match may take moves back (None: unless it is a money match)


def random_seed() -> int:
    """A fresh deal number, short enough to read out or type (1–999,999,999)."""
    return random.SystemRandom().randrange(1, 1_000_000_000)


class NewGameDialog(QDialog):
    """Choose the game, the players, the game's options, the match and (optionally) the deal number."""

    MAX_SEED = 2**63 - 1

    def __init__(self, settings: Settings, parent: QWidget | None = None, seed: int | None = None,
                 in_progress: bool = False):
        super().__init__(parent)
        self.setObjectName("newGameDialog")
        self.setWindowTitle(i18n.latin(lambda: self.tr("New game")))
        self.settings = settings
        self._seat_rows: list[tuple[QLabel, QLineEdit, QComboBox]] = []
        self._options_form: OptionsForm | None = None
        self._level_helps: dict[str, str] = {}

        outer = self.outer = QVBoxLayout(self)
        outer.addLayout(self._make_game_rows())
        # the boxes scroll (down, never sideways) where the screen is too low for them — aksara Jawa's
        # taller lines at 1280×720, or the interface at 200 % —; the game's row and the buttons stay
        self.page = QWidget(self)
        self.page.setObjectName("newGamePage")
        middle = self.columns = QBoxLayout(QBoxLayout.Direction.LeftToRight, self.page)
        middle.setContentsMargins(0, 0, 0, 0)
        left = self.left_column = QVBoxLayout()
        left.addWidget(self._make_seats_box(), 1)
        middle.addLayout(left, 3)
        right = self.right_column = QVBoxLayout()
        right.addWidget(self._make_rules_box(), 1)  # its form scrolls: it gives up height first
        right.addWidget(self._make_match_box())
        left.addWidget(self._make_deal_box(seed))   # under the seats: the Rules get the right column's height
        middle.addLayout(right, 2)
        self.boxes_scroll = QScrollArea(self)
        self.boxes_scroll.setObjectName("newGameScroll")
        self.boxes_scroll.setWidgetResizable(True)
        self.boxes_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.boxes_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.boxes_scroll.setWidget(self.page)
        outer.addWidget(self.boxes_scroll, 1)

        if in_progress:
            warn = QLabel(self.tr("The game in progress will be replaced by the new one "
                                  "(use Game ▸ Save As… first to keep it)."), self)
            warn.setWordWrap(True)
            outer.addWidget(warn)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel, self)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("&Start"))
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(self.tr("Cancel"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        outer.addWidget(self.buttons)

        self.game_combo.currentIndexChanged.connect(self._game_changed)
        self.players_spin.valueChanged.connect(self._players_changed)
        self.mode_combo.currentIndexChanged.connect(self._mode_changed)
        self.preset_combo.currentIndexChanged.connect(self._preset_chosen)
        for combo in (self.preset_combo, self.mode_combo):   # (refilled for each game: as wide as its texts)
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        fit_combo_popup(self.game_combo)
        self._game_changed()
        self.page.installEventFilter(self)
        self._fit_page_width()
        self.resize(self._open_size())

    # the size the dialog opens at where the screen has room
    OPEN_SIZE = (880, 660)
    # room left around the dialog on the screen, and for the title bar the system adds
    SCREEN_MARGIN, TITLE_BAR = 8, 32

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if obj is self.page and event.type() == QEvent.Type.LayoutRequest:
            self._fit_page_width()    # (a box's texts or the game's options changed what it needs)
        return super().eventFilter(obj, event)

    def free_area(self) -> QRect:
        """The part of the dialog's screen it may cover: the screen's available area, less a margin
        and the title bar the system adds."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        m = self.SCREEN_MARGIN
        return screen.availableGeometry().adjusted(m, m + self.TITLE_BAR, -m, -m)

    def _fit_page_width(self) -> None:
        """The boxes' page never scrolls sideways: the scroll area is as wide as the page's least
        width (and a scroll bar), and as low as a few lines (it scrolls down).  Where the two columns
        side by side are wider than the screen (aksara Jawa's long rules at 1280×720, the interface at
        200 %), the Rules and the Match go under the seats."""
        bar = self.boxes_scroll.verticalScrollBar().sizeHint().width()
        free = self.free_area()
        m = self.outer.contentsMargins()
        room = free.width() - m.left() - m.right() - bar
        side = self.left_column.minimumSize().width() + self.columns.spacing() \
            + self.right_column.minimumSize().width()
        direction = QBoxLayout.Direction.LeftToRight if side <= room else QBoxLayout.Direction.TopToBottom
        if self.columns.direction() != direction:
            self.columns.setDirection(direction)
            self.columns.activate()
        # (the scroll area gives a page of wrapped texts the height they take at its width, which
        # Qt's layouts underestimate: at least the columns' least height)
        stacked = direction == QBoxLayout.Direction.TopToBottom
        self.page.setMinimumHeight(self.columns.totalMinimumSize().height() if stacked else 0)
        need = self.page.minimumSizeHint().expandedTo(self.page.minimumSize())
        self.boxes_scroll.setMinimumWidth(need.width() + bar)
        self.boxes_scroll.setMinimumHeight(min(need.height(), 8 * self.fontMetrics().height()))
        least = self.outer.totalMinimumSize()
        self.setMinimumSize(least.width(), min(least.height(), free.height()))
        self.setMaximumSize(max(free.width(), least.width()), free.height())

    def _open_size(self) -> QSize:
        """:data:`OPEN_SIZE`, or larger where the boxes need more (not to scroll), within the screen's
        free area."""
        self.outer.activate()
        free = self.free_area()
        page = self.page.minimumSizeHint().expandedTo(self.page.minimumSize())
        chrome = self.sizeHint().height() - self.boxes_scroll.sizeHint().height()   # the game's rows, the buttons
        w = max(self.OPEN_SIZE[0], self.outer.totalMinimumSize().width())
        h = max(self.OPEN_SIZE[1], chrome + page.height())
        return QSize(min(w, free.width()), min(h, free.height()))

    def _keep_on_screen(self) -> None:
        """The whole dialog within the screen's free area (it opens centred on the window)."""
        free = self.free_area()
        if self.height() > free.height() or self.width() > free.width():
            self.resize(min(self.width(), free.width()), min(self.height(), free.height()))
        geo = self.geometry()
        x = max(free.left(), min(geo.x(), free.right() + 1 - geo.width()))
        y = max(free.top(), min(geo.y(), free.bottom() + 1 - geo.height()))
        if (x, y) != (geo.x(), geo.y()):
            self.move(x + self.pos().x() - geo.x(), y + self.pos().y() - geo.y())

    def _make_game_rows(self) -> QFormLayout:
        """The game (the one played last first), its blurb and the number of players."""
        top = QFormLayout()
        self.game_combo = QComboBox(self)
        self.game_combo.setObjectName("gameCombo")
        for spec in games():
            self.game_combo.addItem(names.game_title(spec), spec.id)
        i = self.game_combo.findData(self.settings.last_game_id)
        self.game_combo.setCurrentIndex(max(0, i))
        top.addRow(self.tr("&Game:"), self.game_combo)
        self.game_blurb = QLabel(self)
        self.game_blurb.setWordWrap(True)
        top.addRow(self.game_blurb)
        self.players_spin = QSpinBox(self)
        self.players_spin.setObjectName("playersSpin")
        self.players_spin.setMaximumWidth(90)
        top.addRow(self.tr("&Players:"), self.players_spin)
        return top

    def _make_seats_box(self) -> QGroupBox:
        """The seats' grid (filled by :meth:`_build_seats`), the level's line and the seats' problem."""
        seats_box = QGroupBox(self.tr("Seats (in play order)"), self)
        seats_column = QVBoxLayout(seats_box)
        self.seats_grid = QGridLayout()
        self.seats_grid.setColumnStretch(1, 1)
        seats_column.addLayout(self.seats_grid)
        # what the level being chosen does, under the seats (one line per level would not fit a
        # 720-pixel screen with six players in aksara Jawa): the level last picked or pointed at
        self.level_help = QLabel(self)
        self.level_help.setObjectName("levelHelp")
        self.level_help.setWordWrap(True)
        self.level_help.setTextFormat(Qt.TextFormat.RichText)
        seats_column.addWidget(self.level_help)
        self.seats_problem = QLabel(self.tr("At least one seat must be a person to start."), self)
        self.seats_problem.setObjectName("seatsProblem")
        self.seats_problem.setWordWrap(True)
        self.seats_problem.hide()
        seats_column.addWidget(self.seats_problem)
        seats_column.addStretch(1)
        return seats_box

    def _make_rules_box(self) -> QGroupBox:
        """The Rules box: the presets' combo, the game's own editor, the preset's help (the game's
        options form is added by :meth:`_game_changed`)."""
        self.rules_box = QGroupBox(self.tr("Rules"), self)
        self.rules_layout = QVBoxLayout(self.rules_box)
        preset_row = QFormLayout()
        self.preset_combo = QComboBox(self)
        self.preset_combo.setObjectName("presetCombo")
        self.preset_label = QLabel(self.tr("R&ules:"), self)
        self.preset_label.setBuddy(self.preset_combo)
        # a game with an editor of its own (GameUI.edits_options) offers it beside the combo
        self.edit_rules_button = QPushButton(self.tr("&Edit rules…"), self)
        self.edit_rules_button.setObjectName("editRulesButton")
        self.edit_rules_button.clicked.connect(self._edit_rules)
        combo_row = QHBoxLayout()
        combo_row.addWidget(self.preset_combo, 1)
        combo_row.addWidget(self.edit_rules_button)
        preset_row.addRow(self.preset_label, combo_row)
        self.rules_layout.addLayout(preset_row)
        self.preset_help = QLabel(self)
        self.preset_help.setObjectName("presetHelp")
        self.preset_help.setWordWrap(True)
        self.rules_layout.addWidget(self.preset_help)
        return self.rules_box

    def _make_match_box(self) -> QGroupBox:
        """How the match ends (the mode and its number), the mode's help and the practice choice."""
        match_box = QGroupBox(self.tr("Match"), self)
        mbox = QVBoxLayout(match_box)
        mform = QFormLayout()
        mbox.addLayout(mform)
        self.mode_combo = QComboBox(self)
        self.mode_combo.setObjectName("modeCombo")
        mform.addRow(self.tr("&End:"), self.mode_combo)
        mf = MatchOptions.model_fields
        self.stake_spin = QSpinBox(self)
        self.stake_spin.setObjectName("stakeSpin")
        self.stake_spin.setRange(*number_range(mf["stake_cents"], 0, 1_000_000))
        self.stake_spin.setValue(mf["stake_cents"].default)
        show_money_unit(self.stake_spin)
        self.target_spin = QSpinBox(self)
        self.target_spin.setObjectName("targetSpin")
        self.target_spin.setRange(*number_range(mf["target"], 1, 1_000_000))
        self.target_spin.setValue(mf["target"].default)
        self.target_spin.setSuffix(self.tr(" points"))
        self.hands_spin = QSpinBox(self)
        self.hands_spin.setObjectName("handsSpin")
        self.hands_spin.setRange(*number_range(mf["hands"], 1, 10_000))
        self.hands_spin.setValue(mf["hands"].default)
        self.stake_label = QLabel(names.text("match.stake_cents"), self)
        self.target_label = QLabel(names.text("match.target"), self)
        self.hands_label = QLabel(self)
        mform.addRow(self.stake_label, self.stake_spin)
        mform.addRow(self.target_label, self.target_spin)
        mform.addRow(self.hands_label, self.hands_spin)
        self.limit_spin = QSpinBox(self)   # the number of a game's own ending (lives, bangkong …)
        self.limit_spin.setObjectName("limitSpin")
        self.limit_label = QLabel(self)
        self.limit_label.setBuddy(self.limit_spin)
        mform.addRow(self.limit_label, self.limit_spin)
        self.mode_help = QLabel(self)
        self.mode_help.setWordWrap(True)
        # below the form, not in it: a form row gives a word-wrapped label too little height
        mbox.addWidget(self.mode_help)
        self._make_practice_choice(mbox)
        return match_box

    def _make_deal_box(self, seed: int | None) -> QGroupBox:
        """The deal number (empty: new cards) and what it is for."""
        deal_box = QGroupBox(self.tr("Deal number"), self)
        dform = QVBoxLayout(deal_box)
        self.seed_edit = QLineEdit(self)
        self.seed_edit.setObjectName("seedEdit")
        self.seed_edit.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{0,18}"), self))
        self.seed_edit.setPlaceholderText(self.tr("random"))
        if seed is not None:
            self.seed_edit.setText(str(seed))
        dform.addWidget(self.seed_edit)
        note = QLabel(self.tr("Leave it empty for new cards. The same number with the same number of "
                              "players deals the same cards, to replay or share a game."), self)
        note.setWordWrap(True)
        dform.addWidget(note)
        return deal_box

    def showEvent(self, event: QShowEvent) -> None:
        fit_wrapped_labels(self)
        super().showEvent(event)
        self._fit_page_width()
        want = self._open_size()
        self.resize(max(self.width(), want.width()), max(self.height(), want.height()))
        self._keep_on_screen()

    # -- building --------------------------------------------------------------------------
    @property
    def spec(self) -> GameSpec:
        return get_game(self.game_combo.currentData())

    def _game_changed(self) -> None:
        spec = self.spec
        self.game_blurb.setText(names.text(spec.title_key + ".blurb", ""))
        self.game_blurb.setVisible(bool(self.game_blurb.text()))
        self.players_spin.blockSignals(True)
        self.players_spin.setRange(spec.min_players, spec.max_players)
        wanted = self.settings.default_opponents + 1 if spec.id == self.settings.last_game_id \
            else spec.default_players
        self.players_spin.setValue(min(max(wanted, spec.min_players), spec.max_players))
        self.players_spin.blockSignals(False)
        self._build_seats(spec)
        self._players_changed()
        if self._options_form is not None:
            self.rules_layout.removeWidget(self._options_form)
            self._options_form.hide()   # deleted when the event loop next runs: never drawn meanwhile
            self._options_form.deleteLater()
        gui = game_ui(spec.id)
        self._options_form = OptionsForm(spec.options_model, parent=self.rules_box, money=gui.money_options,
                                         summary=gui.option_summary)
        self._options_form.setObjectName("optionsForm")
        self._options_form.changed.connect(self._options_edited)
        self.rules_layout.addWidget(self._options_form)
        self._fill_presets(spec)
        current = self.mode_combo.currentData()
        self.mode_combo.blockSignals(True)
        self.mode_combo.clear()
        for mode in spec.match_modes:
            self.mode_combo.addItem(game_ui(spec.id).words.mode_title(mode), mode)
        for ending in spec.match_endings:   # the game's own endings, in the game's own words
            self.mode_combo.addItem(names.text(ending.title_key, ending.mode.replace("_", " ")), ending.mode)
        i = self.mode_combo.findData(current if current is not None else self._first_mode(spec))
        self.mode_combo.setCurrentIndex(max(0, i))
        self.mode_combo.blockSignals(False)
        fit_combo_popup(self.mode_combo)
        self._mode_changed()
        mnemonics.unique_in_dialog(self)    # (the game's own texts: Ce Pe's "&Edit rules…")
        fit_wrapped_labels(self)
        if self.isVisible():      # a game whose boxes need more room: as much as the screen has
            self._fit_page_width()
            want = self._open_size()
            self.resize(max(self.width(), want.width()), max(self.height(), want.height()))
            self._keep_on_screen()

    @staticmethod
    def _first_mode(spec: GameSpec) -> str:
        """The ending offered first: a practice match (undo allowed, which a newcomer needs more
        than stakes) — a number of hands, else the game's first ending that is not for money."""
        modes = [*spec.match_modes, *(e.mode for e in spec.match_endings)]
        if "hands" in modes:
            return "hands"
        return next((m for m in modes if m != "money"), modes[0] if modes else "money")

    # -- presets ----------------------------------------------------------------------------
    def _fill_presets(self, spec: GameSpec) -> None:
        """The game's named sets of options, the player's own (``GameUI.option_presets``), then
        "Custom"; hidden for a game with neither.  Each is kept whole: the game's defaults with the
        set's values."""
        gui = game_ui(spec.id)
        self._presets = [(names.text(key, key.rsplit(".", 1)[-1].capitalize()), names.text(key + ".help", ""),
                          self._whole(values)) for key, values in spec.presets]
        self._presets += [(label, "", self._whole(values)) for label, values in gui.option_presets(self)]
        self.preset_combo.blockSignals(True)
        self.preset_combo.clear()
        for i, (label, helptext, _values) in enumerate(self._presets):
            self.preset_combo.addItem(label, i)
            self.preset_combo.setItemData(i, helptext, Qt.ItemDataRole.ToolTipRole)
        self.preset_combo.addItem(self.tr("Custom"), None)
        self.preset_combo.blockSignals(False)
        fit_combo_popup(self.preset_combo)
        for w in (self.preset_label, self.preset_combo, self.preset_help):
            w.setVisible(bool(self._presets) or gui.edits_options)
        self.edit_rules_button.setVisible(gui.edits_options)
        self._options_edited()

    def _whole(self, values: dict[str, object]) -> dict[str, object]:
        """A set of options as the game reads it (its defaults filled in), comparable with any other;
        options the game refuses stay as given (they then match no preset)."""
        try:
            return self.spec.make_options(values).model_dump(mode="json")
        except OptionsError:
            return dict(values)

    def _preset_chosen(self) -> None:
        i = self.preset_combo.currentData()
        if i is not None:
            self.options_form.set_values(self._presets[i][2])   # _options_edited follows
        self._show_preset_help()

    def _options_edited(self) -> None:
        """The preset the options now equal, or "Custom" once the player changed one."""
        shown = self._whole(self.options_form.values())
        match = next((i for i, (_label, _help, values) in enumerate(self._presets)
                      if all(shown.get(k) == v for k, v in values.items())),
                     self.preset_combo.count() - 1)
        self.preset_combo.blockSignals(True)
        self.preset_combo.setCurrentIndex(match)
        self.preset_combo.blockSignals(False)
        self._show_preset_help()

    def _show_preset_help(self) -> None:
        i = self.preset_combo.currentData()
        self.preset_help.setText(self._presets[i][1] if i is not None else "")
        self.preset_help.setVisible(bool(self.preset_help.text()))

    def _edit_rules(self) -> None:
        """The game's own editor, on the options shown; what it gives back is shown (the presets are
        listed again: the player may have saved or deleted a rule set there)."""
        spec = self.spec
        chosen = game_ui(spec.id).edit_options(self, self.options_form.values())
        self._fill_presets(spec)
        if chosen is not None:
            self.options_form.set_values(chosen)

    def _build_seats(self, spec: GameSpec) -> None:
        old = [(e.text(), c.currentData()) for _, e, c in self._seat_rows]
        for lab, edit, combo in self._seat_rows:
            for w in (lab, edit, combo):
                self.seats_grid.removeWidget(w)
                w.hide()   # deleted when the event loop next runs: never drawn meanwhile
                w.deleteLater()
        self._seat_rows = []
        levels = bot_levels(spec.id)
        default_level = self.settings.default_bot_level if self.settings.default_bot_level in levels \
            else ("normal" if "normal" in levels else levels[0])
        helps = self._level_helps = {lv: level_help(spec.id, lv, self.settings) for lv in levels}
        self.seats_grid.addWidget(QLabel(self.tr("Seat"), self), 0, 0)
        self.seats_grid.addWidget(QLabel(self.tr("Name"), self), 0, 1)
        self.seats_grid.addWidget(QLabel(self.tr("Player"), self), 0, 2)
        for i in range(spec.max_players):
            lab = QLabel(str(i + 1), self)
            edit = QLineEdit(self)
            edit.setMaxLength(40)
            edit.setObjectName(f"seatName{i}")
            combo = QComboBox(self)
            combo.setObjectName(f"seatLevel{i}")
            # any seat a person (several take turns at this computer) or a computer player
            combo.addItem(self.tr("Person"), None)
            combo.setItemData(0, self.tr("Someone at this computer; with several people, the table is "
                                         "handed over between their turns"), Qt.ItemDataRole.ToolTipRole)
            for lv in levels:
                combo.addItem(self.tr("Computer: {level}").format(level=names.bot_level_name(lv)), lv)
                combo.setItemData(combo.count() - 1, helps[lv], Qt.ItemDataRole.ToolTipRole)
            keep = old[i][1] if i < len(old) and (old[i][1] in levels or old[i][1] is None) \
                else (None if i == 0 else default_level)
            edit.setText(old[i][0] if i < len(old) and old[i][0].strip()
                         else self._person_name(i) if keep is None and i > 0 else self._default_name(i))
            combo.setCurrentIndex(combo.findData(keep))
            fit_combo_popup(combo)
            combo.currentIndexChanged.connect(lambda _j, i=i: self._seat_kind_changed(i))
            for signal in (combo.highlighted, combo.currentIndexChanged):
                signal.connect(lambda j, c=combo: self._show_level_help(c.itemData(j)))
            combo.currentIndexChanged.connect(self._check_seats)
            # room for a whole name: the level combos beside it ask for the width of their longest
            # text, which in aksara Jawa left the names a few pixels wide
            fm = edit.fontMetrics()
            edit.setMinimumWidth(max(fm.averageCharWidth() * 12, fm.horizontalAdvance(edit.text()))
                                 + 2 * fm.averageCharWidth())
            self.seats_grid.addWidget(lab, i + 1, 0)
            self.seats_grid.addWidget(edit, i + 1, 1)
            self.seats_grid.addWidget(combo, i + 1, 2)
            self._seat_rows.append((lab, edit, combo))
        self._show_level_help(self._seat_rows[1][2].currentData() if len(self._seat_rows) > 1 else default_level)
        self._check_seats()

    @staticmethod
    def _default_name(i: int) -> str:
        """The name a seat is offered: "You" (in the current language) for the first, a Javanese name
        for the others."""
        return names.default_human_name() if i == 0 else names.DEFAULT_BOT_NAMES[(i - 1) % len(names.DEFAULT_BOT_NAMES)]

    @staticmethod
    def _person_name(i: int) -> str:
        """The name offered to a person in seat ``i`` at a table of several people: "Player 2" … —
        with several people at one computer, nobody is "You", the first person neither."""
        return names.person_name(i)

    def _people(self) -> int:
        """How many of the seats in play are people."""
        return sum(combo.currentData() is None for _, _, combo in self._seat_rows[:self.players_spin.value()])

    def _seat_kind_changed(self, i: int) -> None:
        """A seat made a person gets a person's name of its own (in place of the computer player's
        name it was offered), and back: a name the player typed is kept.  The first person is "You"
        only while nobody else sits at the computer (then "Player 1")."""
        if i > 0:
            _, edit, combo = self._seat_rows[i]
            text = " ".join(edit.text().split())
            bot_name = self._default_name(i)
            if combo.currentData() is None:
                if not text or text == bot_name or names.is_default_human_name(text):
                    edit.setText(self._person_name(i))
            elif not text or text == self._person_name(i):
                edit.setText(bot_name)
        self._name_the_first_person()

    def _name_the_first_person(self) -> None:
        if not self._seat_rows:
            return
        _, edit, combo = self._seat_rows[0]
        text = " ".join(edit.text().split())
        several = self._people() > 1
        if combo.currentData() is None and several and (not text or names.is_default_human_name(text)):
            edit.setText(self._person_name(0))
        elif (not several or combo.currentData() is not None) and text == self._person_name(0):
            edit.setText(self._default_name(0))

    def _check_seats(self) -> None:
        """At least one of the seats in play must be a person: Start waits for one, and a line says so."""
        n = self.players_spin.value()
        someone = any(combo.currentData() is None for _, _, combo in self._seat_rows[:n])
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(someone)
        self.seats_problem.setVisible(not someone)

    def _show_level_help(self, level: str | None) -> None:
        """The line under the seats: what ``level`` does."""
        if level in self._level_helps:
            self.level_help.setText(self.tr("{level}: {description}").format(
                level=f"<b>{html.escape(names.bot_level_name(level))}</b>",
                description=html.escape(self._level_helps[level])))

    def _players_changed(self) -> None:
        n = self.players_spin.value()
        for i, row in enumerate(self._seat_rows):
            for w in row:
                w.setVisible(i < n)
        self._check_seats()
        self._name_the_first_person()     # (a person's seat left or came back)

    def _mode_changed(self) -> None:
        mode = self.mode_combo.currentData()
        per_point = self.spec.stake_per_point
        for lab, spin, m in ((self.stake_label, self.stake_spin, "money"),
                             (self.target_label, self.target_spin, "target"),
                             (self.hands_label, self.hands_spin, "hands")):
            shown = mode == m and (m != "money" or per_point)
            lab.setVisible(shown)
            spin.setVisible(shown)
        ui = game_ui(self.spec.id)
        self.hands_label.setText(ui.words.count_label())
        ending = ending_of(self.spec, mode) if mode else None
        self._show_limit(ending)
        if ending is not None:
            self.mode_help.setText(names.text(ending.title_key + ".help", ""))
        else:
            self.mode_help.setText(ui.match_mode_help(mode) if mode else "")
        self._show_practice_choice(mode)
        # the options that only matter in a money match are offered for one only
        if self._options_form is not None:
            self._options_form.set_hidden(frozenset() if mode == "money" else ui.money_only_options)

    def _make_practice_choice(self, box: QVBoxLayout) -> None:
        """Whether moves may be taken back: a practice match may (on unless the player says no), a
        money match never — its check box is then off and disabled, and the mode's help says so."""
        self.practice_check = QCheckBox(self.tr("Practice match: &undo allowed"), self)
        self.practice_check.setObjectName("practiceCheck")
        self.practice_check.setChecked(True)
        self._practice_wanted = True   # the player's choice, back when a money match is left
        self.practice_check.toggled.connect(self._practice_toggled)
        self.practice_check.setToolTip(self.tr("Undo (Ctrl+Z) takes back your moves and Restart this deal plays a "
                                               "deal again; the hands where you do it are marked as practice."))
        box.addWidget(self.practice_check)

    def _practice_toggled(self, on: bool) -> None:
        if self.practice_check.isEnabled():
            self._practice_wanted = on

    def _show_practice_choice(self, mode: str | None) -> None:
        money = mode == "money"
        self.practice_check.setEnabled(not money)
        self.practice_check.setChecked(not money and self._practice_wanted)
        if money:   # (said under the mode: no line of its own, the dialog must fit a small screen)
            self.mode_help.setText(self.mode_help.text() + " " + self.tr("A money match cannot be undone."))

    def _show_limit(self, ending: MatchEnding | None) -> None:
        """The number a game's ending takes (its label from the game's words), if it takes one."""
        shown = ending is not None and ending.limit_default is not None
        self.limit_label.setVisible(shown)
        self.limit_spin.setVisible(shown)
        if ending is not None and ending.limit_default is not None:
            self.limit_label.setText(names.text(ending.title_key + ".limit", ""))
            self.limit_spin.setRange(*ending.limit_range)
            self.limit_spin.setValue(ending.limit_default)

    # -- reading ---------------------------------------------------------------------------
    @property
    def options_form(self) -> OptionsForm:
        assert self._options_form is not None
        return self._options_form

    def set_players(self, n: int) -> None:
        self.players_spin.setValue(n)

    def seat_edit(self, i: int) -> QLineEdit:
        return self._seat_rows[i][1]

    def seat_level(self, i: int) -> QComboBox:
        return self._seat_rows[i][2]

    def accept(self) -> None:
        """Start — unless the game refuses the options shown (a rule set that cannot be played):
        then the player is told, and the dialog stays open with every choice as it was."""
        try:
            self.spec.make_options(self.options_form.values())
        except OptionsError:
            QMessageBox.warning(self, i18n.latin(lambda: self.tr("These rules cannot be played")), self.tr(
                "The game cannot be dealt with these rules. Change them, or choose a set of rules in the "
                "Rules list, and start again."))
            return
        super().accept()

    def config(self) -> NewGameConfig:
        n = self.players_spin.value()
        seats: list[Seat] = []
        several = self._people() > 1
        for i in range(n):
            _, edit, combo = self._seat_rows[i]
            name = " ".join(edit.text().split())[:40]
            if combo.currentData() is None and several and (not name or names.is_default_human_name(name)):
                name = self._person_name(i)   # with several people nobody is "You"
            name = name or self._default_name(i)
            if combo.currentData() is None:
                # the name offered is saved as the default, shown in whatever language is chosen later
                seats.append(Seat.human(names.DEFAULT_HUMAN_NAME if names.is_default_human_name(name) else name))
            else:   # (the first seat's "You", kept when it became a computer player, is not its name)
                bot_name = names.DEFAULT_BOT_NAMES[(i - 1) % len(names.DEFAULT_BOT_NAMES)]
                seats.append(Seat.bot(combo.currentData(), bot_name if names.is_default_human_name(name) else name))
        text = self.seed_edit.text().strip()
        chosen = bool(text)
        seed = min(int(text), self.MAX_SEED) if chosen else random_seed()
        mode = self.mode_combo.currentData()
        mo: dict[str, object] = {"mode": mode}
        if mode == "money":
            mo["stake_cents"] = self.stake_spin.value()
        elif mode == "target":
            mo["target"] = self.target_spin.value()
        elif mode == "hands":
            mo["hands"] = self.hands_spin.value()
        elif self.limit_spin.isVisibleTo(self):
            mo["limit"] = self.limit_spin.value()
        return NewGameConfig(self.spec.id, seats, seed, self.option_values(mode), mo, chosen,
                             self.practice_check.isChecked())

    def option_values(self, mode: str | None) -> dict[str, object]:
        """The rules chosen; a match not for money plays the options that only matter for money
        (hidden then) at their defaults: no side bet is asked for in a match of points."""
        values = self.options_form.values()
        if mode != "money":
            fields = self.spec.options_model.model_fields
            for name in game_ui(self.spec.id).money_only_options & values.keys():
                values[name] = fields[name].get_default(call_default_factory=True)
        return values


__all__ = ["NewGameConfig", "NewGameDialog", "random_seed"]
