"""The window's dialogs: New Game, Settings, end of a hand, score sheet, final standings, About, and
the "continue your game?" question.  Plus the card pictures they (and the help) show.

Every string goes through ``self.tr`` (context: the class) or ``QCoreApplication.translate``.
"""
from __future__ import annotations

import enum
import html
import random
import types
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Literal

from pydantic import BaseModel
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QRect, QRegularExpression, Qt, Signal
from PySide6.QtGui import QFont, QGuiApplication, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from cekidesk import __version__
from cekidesk.bots import bot_levels, make_bot
from cekidesk.engine.core import GameSpec, OptionsError
from cekidesk.engine.match import HandRecord, Match, MatchEnding, MatchOptions, ending_of
from cekidesk.games import DEFAULT_GAME_ID, games, get_game
from cekidesk.persistence.saves import LoadedGame, Seat
from cekidesk.persistence.settings import EXPERT_SECONDS, Settings

from . import i18n, names
from .cardpics import card_pixmap
from .fonts import fit_javanese_line
from .games import HandEndContent, game_ui
from .names import seat_label


class _WrapFitter(QObject):
    """Keeps a word-wrapped label's minimum height at what its text needs at its current width.
    Qt's layouts ask a wrapped label for its height at its preferred width, not at the width it
    ends up with, so in a crowded dialog (or a long translation) its last lines would be cut off.
    A label on a hidden page (a tab not shown) is fitted when it is shown: hidden, it may be laid
    out a few pixels wide, and the height of that width would stretch its page."""

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if (event.type() in (QEvent.Type.Resize, QEvent.Type.Show) and isinstance(obj, QLabel) and obj.wordWrap()
                and obj.isVisible()):
            need = obj.heightForWidth(obj.width())
            if need > 0 and need != obj.minimumHeight():
                obj.setMinimumHeight(need)
        return False


def fit_wrapped_labels(root: QWidget) -> None:
    """Make every word-wrapped label below ``root`` keep room for all its lines."""
    fitter = root.findChild(_WrapFitter) or _WrapFitter(root)
    for lab in root.findChildren(QLabel):
        if lab.wordWrap() and not lab.property("_wrapFitted"):
            lab.setProperty("_wrapFitted", True)
            lab.installEventFilter(fitter)


def show_money_unit(spin: QSpinBox) -> None:
    """A spin box that enters an amount of money shows it as every amount is shown ("Rp 5", "5 ¢")."""
    before, after = names.money_affixes()
    spin.setPrefix(before)
    spin.setSuffix(after)


def close_buttons(dialog: QDialog, text: str) -> tuple[QDialogButtonBox, QPushButton]:
    """A button box with one Close button (``text``) that rejects ``dialog``.  Not Qt's standard
    Close button: a button box gives its standard buttons Qt's own text again at every language
    change, after the dialog has retranslated them."""
    box = QDialogButtonBox(dialog)
    button = box.addButton(text, QDialogButtonBox.ButtonRole.RejectRole)
    button.setObjectName("closeButton")
    box.rejected.connect(dialog.reject)
    return box, button


def level_help(game_id: str, level: str, settings: Settings) -> str:
    """What a computer player of ``level`` does, in one line, with the thinking time its bots get
    in ``game_id`` when the window makes them with ``settings``."""
    bot = make_bot(game_id, level, budget=settings.bot_budgets().get(level))
    return names.bot_level_help(level, bot.budget)


# ---------------------------------------------------------------------------------------------
# Options built from a pydantic model

def _number_range(info: Any, lo: int, hi: int) -> tuple[int, int]:
    for m in getattr(info, "metadata", ()):
        for attr, fix in (("ge", 0), ("gt", 1)):
            v = getattr(m, attr, None)
            if v is not None:
                lo = int(v) + fix
        for attr, fix in (("le", 0), ("lt", -1)):
            v = getattr(m, attr, None)
            if v is not None:
                hi = int(v) + fix
    return lo, hi


def _optional_int(annotation: Any) -> bool:
    """Whether a field is ``int | None`` (a number that may be switched off)."""
    return typing.get_origin(annotation) in (typing.Union, types.UnionType) \
        and set(typing.get_args(annotation)) == {int, type(None)}


def _optional_value(spin: QSpinBox) -> int | None:
    """An optional number's value: None at its lowest step ("Off")."""
    return None if spin.value() == spin.minimum() else spin.value()


def _set_number(spin: QSpinBox, value: int | None) -> None:
    """Show ``value`` in a spin box (None: its lowest step, an optional number's "Off")."""
    spin.setValue(spin.minimum() if value is None else value)


def _choices(annotation: Any) -> list[Any] | None:
    if typing.get_origin(annotation) is Literal:
        return list(typing.get_args(annotation))
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return list(annotation)
    return None


class OptionsForm(QWidget):
    """A form for a game's options model: bool → check box, int → spin box (an amount of money for
    the fields in ``money``; ``int | None``: its lowest step reads "Off"), float → number box, Literal /
    Enum → combo box, str → line edit; a field no widget can edit (a table of effects) is kept as it
    is and shown read-only in the words of ``summary(field, value)`` (hidden when that is "").  Titles
    and descriptions are translated keys (``names.text``); each widget is named ``option_<field>``;
    ``skip`` leaves fields out (their values are not in :meth:`values`).  ``changed`` is emitted
    when the player edits an option (and when :meth:`set_values` fills the form)."""

    changed = Signal()

    def __init__(self, model: type[BaseModel], values: dict[str, Any] | None = None,
                 parent: QWidget | None = None, money: frozenset[str] = frozenset(),
                 summary: Callable[[str, Any], str] | None = None, skip: frozenset[str] = frozenset()):
        super().__init__(parent)
        self._summary = summary or (lambda name, value: "")
        self.model = model
        self.widgets: dict[str, QWidget] = {}
        self._getters: dict[str, Callable[[], Any]] = {}
        self._rows: dict[str, list[QWidget]] = {}      # field -> the widgets of its rows (for show_if)
        self._show_if: dict[str, dict[str, list[Any]]] = {}
        self._setters: dict[str, Callable[[Any], None]] = {}
        self._summaries: dict[str, QLabel] = {}         # the read-only fields
        # the form scrolls inside the Rules box when a game has many options
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.scroll_area = QScrollArea(self)
        self.scroll_area.setObjectName("optionsScroll")
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QScrollArea.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        inner = QWidget(self.scroll_area)
        inner.setObjectName("optionsInner")
        lay = QFormLayout(inner)
        self._form = lay
        lay.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        values = values or {}
        for name, info in model.model_fields.items():
            if name in skip:
                continue
            title = names.text(info.title, name.replace("_", " ").capitalize()) if info.title \
                else name.replace("_", " ").capitalize()
            helptext = names.text(info.description, "") if info.description else ""
            current = values.get(name, info.get_default(call_default_factory=True))
            ann = info.annotation
            choices = _choices(ann)
            w: QWidget
            if ann is bool:
                w = QCheckBox(title, self)
                w.setChecked(bool(current))
                self._getters[name] = w.isChecked
                label = None
            elif choices is not None:
                w = QComboBox(self)
                for c in choices:
                    raw = c.value if isinstance(c, enum.Enum) else c
                    key = f"{info.title}.{raw}" if info.title else f"{name}.{raw}"
                    w.addItem(names.text(key, str(raw).replace("_", " ")), c)
                if current in choices:
                    w.setCurrentIndex(choices.index(current))
                self._getters[name] = w.currentData
                label = title
            elif ann is int:
                w = QSpinBox(self)
                lo, hi = _number_range(info, -1_000_000_000, 1_000_000_000)
                w.setRange(lo, hi)
                w.setValue(int(current))
                if name in money:
                    show_money_unit(w)
                self._getters[name] = w.value
                label = title
            elif _optional_int(ann):
                w = QSpinBox(self)
                lo, hi = _number_range(info, -1_000_000_000, 1_000_000_000)
                w.setRange(lo - 1, hi)          # the lowest step is "off" (None)
                w.setSpecialValueText(self.tr("Off"))
                w.setValue(lo - 1 if current is None else int(current))
                self._getters[name] = partial(_optional_value, w)
                label = title
            elif ann is float:
                w = QDoubleSpinBox(self)
                lo, hi = _number_range(info, -1_000_000_000, 1_000_000_000)
                w.setRange(lo, hi)
                w.setValue(float(current))
                self._getters[name] = w.value
                label = title
            elif ann is str:
                w = QLineEdit(self)
                w.setText("" if current is None else str(current))
                self._getters[name] = w.text
                label = title
            else:
                w = self._read_only(name, current)
                label = title
            w.setObjectName(f"option_{name}")
            if helptext:
                w.setToolTip(helptext)
            self.widgets[name] = w
            if label is None:
                lay.addRow(w)
            else:
                lay.addRow(label, w)
            self._rows[name] = [w]
            extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
            show_if = extra.get("show_if")
            if isinstance(show_if, dict) and show_if:
                self._show_if[name] = {k: list(v) for k, v in show_if.items() if isinstance(v, list | tuple)}
            if helptext:
                note = QLabel(helptext, self)
                note.setWordWrap(True)
                note.setObjectName(f"option_{name}_help")
                note.setStyleSheet("color: palette(placeholder-text);")
                f = note.font()
                f.setPointSizeF(max(7.0, f.pointSizeF() * 0.9))
                note.setFont(f)
                lay.addRow(note)
                self._rows[name].append(note)
        if not model.model_fields:
            lay.addRow(QLabel(self.tr("This game has no options."), self))
        # fields shown only for some values of another field (json_schema_extra={"show_if": {...}})
        for controller in {c for cond in self._show_if.values() for c in cond}:
            cw = self.widgets.get(controller)
            if isinstance(cw, QComboBox):
                cw.currentIndexChanged.connect(self._update_shown)
            elif isinstance(cw, QCheckBox):
                cw.toggled.connect(self._update_shown)
            elif isinstance(cw, (QSpinBox, QDoubleSpinBox)):
                cw.valueChanged.connect(self._update_shown)
            elif isinstance(cw, QLineEdit):
                cw.textChanged.connect(self._update_shown)
        for name, w in self.widgets.items():
            self._connect(name, w)
        self._update_shown()
        self.scroll_area.setWidget(inner)
        outer.addWidget(self.scroll_area)
        self.scroll_area.setMinimumHeight(min(inner.sizeHint().height() + 4, 150))
        self.scroll_area.setMinimumWidth(inner.minimumSizeHint().width()
                                    + self.scroll_area.verticalScrollBar().sizeHint().width() + 2)

    def _read_only(self, name: str, value: Any) -> QLabel:
        """A field the form cannot edit: its value is kept and shown in words (see the class)."""
        w = QLabel(self)
        w.setWordWrap(True)
        w.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        kept = {"value": value}

        def show(v: Any) -> None:
            kept["value"] = v
            w.setText(self._summary(name, v))
            self._update_shown()
            self.changed.emit()

        self._getters[name] = lambda: kept["value"]
        self._setters[name] = show
        self._summaries[name] = w
        w.setText(self._summary(name, value))
        return w

    def is_shown(self, name: str) -> bool:
        """Whether the field's row is offered now (its show_if conditions hold)."""
        for controller, allowed in self._show_if.get(name, {}).items():
            get = self._getters.get(controller)
            if get is None:
                continue
            v = get()
            v = v.value if isinstance(v, enum.Enum) else v
            if v not in allowed:
                return False
        return True

    def _update_shown(self, *_: Any) -> None:
        for name in {*self._show_if, *self._summaries}:
            on = self.is_shown(name) and (name not in self._summaries or bool(self._summaries[name].text()))
            for w in self._rows.get(name, []):
                self._form.setRowVisible(w, on)

    def _connect(self, name: str, w: QWidget) -> None:
        """Report edits through :attr:`changed` and learn how to set the field (for presets)."""
        if isinstance(w, QCheckBox):
            w.toggled.connect(self.changed)
            self._setters[name] = lambda v: w.setChecked(bool(v))
        elif isinstance(w, QComboBox):
            w.currentIndexChanged.connect(self.changed)

            def pick(v: Any, w: QComboBox = w) -> None:
                for i in range(w.count()):
                    d = w.itemData(i)
                    if d == v or (isinstance(d, enum.Enum) and d.value == v):
                        w.setCurrentIndex(i)
            self._setters[name] = pick
        elif isinstance(w, QSpinBox):
            w.valueChanged.connect(self.changed)
            self._setters[name] = partial(_set_number, w)
        elif isinstance(w, QDoubleSpinBox):
            w.valueChanged.connect(self.changed)
            self._setters[name] = w.setValue
        elif isinstance(w, QLineEdit):
            w.textChanged.connect(self.changed)
            self._setters[name] = lambda v: w.setText("" if v is None else str(v))

    def set_values(self, values: dict[str, Any]) -> None:
        """Show these option values (a preset's); fields not given keep what they show."""
        for name, v in values.items():
            setter = self._setters.get(name)
            if setter is not None:
                setter(v.value if isinstance(v, enum.Enum) else v)

    def values(self) -> dict[str, Any]:
        out = {}
        for name, get in self._getters.items():
            v = get()
            out[name] = v.value if isinstance(v, enum.Enum) else v
        return out


# ---------------------------------------------------------------------------------------------
# New Game

@dataclass
class NewGameConfig:
    game_id: str
    seats: list[Seat]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    match_options: dict[str, Any] = field(default_factory=dict)
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

        outer = QVBoxLayout(self)

        top = QFormLayout()
        self.game_combo = QComboBox(self)
        self.game_combo.setObjectName("gameCombo")
        for spec in games():
            self.game_combo.addItem(names.game_title(spec), spec.id)
        i = self.game_combo.findData(settings.last_game_id)
        self.game_combo.setCurrentIndex(max(0, i))
        top.addRow(self.tr("&Game:"), self.game_combo)
        self.game_blurb = QLabel(self)
        self.game_blurb.setWordWrap(True)
        top.addRow(self.game_blurb)
        self.players_spin = QSpinBox(self)
        self.players_spin.setObjectName("playersSpin")
        self.players_spin.setMaximumWidth(90)
        top.addRow(self.tr("&Players:"), self.players_spin)
        outer.addLayout(top)

        middle = QHBoxLayout()
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
        left = QVBoxLayout()
        left.addWidget(seats_box, 1)
        middle.addLayout(left, 3)

        right = QVBoxLayout()
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
        right.addWidget(self.rules_box, 1)  # its form scrolls: it gives up height first

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
        self.stake_spin.setRange(*_number_range(mf["stake_cents"], 0, 1_000_000))
        self.stake_spin.setValue(mf["stake_cents"].default)
        show_money_unit(self.stake_spin)
        self.target_spin = QSpinBox(self)
        self.target_spin.setObjectName("targetSpin")
        self.target_spin.setRange(*_number_range(mf["target"], 1, 1_000_000))
        self.target_spin.setValue(mf["target"].default)
        self.target_spin.setSuffix(self.tr(" points"))
        self.hands_spin = QSpinBox(self)
        self.hands_spin.setObjectName("handsSpin")
        self.hands_spin.setRange(*_number_range(mf["hands"], 1, 10_000))
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
        right.addWidget(match_box)

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
        left.addWidget(deal_box)   # under the seats: the Rules get the right column's height
        middle.addLayout(right, 2)
        outer.addLayout(middle, 1)

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
        self._game_changed()
        self.resize(880, 660)

    def showEvent(self, event: Any) -> None:
        fit_wrapped_labels(self)
        super().showEvent(event)

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
        i = self.mode_combo.findData(current)
        self.mode_combo.setCurrentIndex(max(0, i))
        self.mode_combo.blockSignals(False)
        self._mode_changed()
        fit_wrapped_labels(self)

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
        for w in (self.preset_label, self.preset_combo, self.preset_help):
            w.setVisible(bool(self._presets) or gui.edits_options)
        self.edit_rules_button.setVisible(gui.edits_options)
        self._options_edited()

    def _whole(self, values: dict[str, Any]) -> dict[str, Any]:
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
            edit.setText(old[i][0] if i < len(old) and old[i][0].strip() else self._default_name(i))
            keep = old[i][1] if i < len(old) and (old[i][1] in levels or old[i][1] is None) \
                else (None if i == 0 else default_level)
            combo.setCurrentIndex(combo.findData(keep))
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
        for i in range(n):
            _, edit, combo = self._seat_rows[i]
            name = " ".join(edit.text().split())[:40] or self._default_name(i)
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
        mo: dict[str, Any] = {"mode": mode}
        if mode == "money":
            mo["stake_cents"] = self.stake_spin.value()
        elif mode == "target":
            mo["target"] = self.target_spin.value()
        elif mode == "hands":
            mo["hands"] = self.hands_spin.value()
        elif self.limit_spin.isVisibleTo(self):
            mo["limit"] = self.limit_spin.value()
        return NewGameConfig(self.spec.id, seats, seed, self.options_form.values(), mo, chosen,
                             self.practice_check.isChecked())


# ---------------------------------------------------------------------------------------------
# Settings

class SettingsDialog(QDialog):
    """The preferences.  Every change is written into ``settings`` at once and announced with
    ``settingsChanged`` (the window saves and applies it).

    Three tabs (display, computer players, playing): one column of all the rows was 940 pixels
    tall in aksara Jawa, whose lines are 1.3× and much taller than Latin ones — too tall for a
    1280×720 screen —, and two columns still too tall and too wide for it."""

    settingsChanged = Signal()

    SPEEDS = ("off", "fast", "normal", "slow")
    CARD_NAMES = ("latin", "javanese", "both")
    TABLE_COLOURS = ("green", "red")
    CARD_BACKS = ("lattice", "kawung")

    def __init__(self, settings: Settings, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("settingsDialog")
        self.setWindowTitle(i18n.latin(lambda: self.tr("Settings")))
        self.settings = settings
        lay = QVBoxLayout(self)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("settingsTabs")
        lay.addWidget(self.tabs)
        self._labels: dict[str, QLabel] = {}

        def page(key: str) -> QFormLayout:
            w = QWidget(self.tabs)
            w.setObjectName(f"{key}Page")
            self.tabs.addTab(w, "")
            return QFormLayout(w)

        def row(key: str, widget: QWidget) -> None:
            label = QLabel(self)
            label.setBuddy(widget)
            self._labels[key] = label
            form.addRow(label, widget)

        form = page("display")

        self.language = QComboBox(self)
        self.language.setObjectName("languageCombo")
        for lang in i18n.languages():   # each language in its own words, never translated
            self.language.addItem(lang.native, lang.id)
        i = self.language.findData(i18n.resolve(settings.language))
        self.language.setCurrentIndex(max(0, i))
        fit_javanese_line(self.language)
        row("language", self.language)

        self.card_names = QComboBox(self)
        self.card_names.setObjectName("cardNamesCombo")
        for c in self.CARD_NAMES:
            self.card_names.addItem("", c)
        self.card_names.setCurrentIndex(self.CARD_NAMES.index(settings.card_names))
        row("card_names", self.card_names)

        self.currency = QComboBox(self)
        self.currency.setObjectName("currencyCombo")
        for c in names.CURRENCIES:
            self.currency.addItem("", c)
        row("currency", self.currency)

        self.speed = QComboBox(self)
        self.speed.setObjectName("animationCombo")
        for s in self.SPEEDS:
            self.speed.addItem("", s)
        self.speed.setCurrentIndex(self.SPEEDS.index(settings.animation_speed))
        row("speed", self.speed)

        # the table's looks: the felt and the card backs side by side (one row: the dialog fits 720 px)
        looks = QWidget(self)
        looks_row = QHBoxLayout(looks)
        looks_row.setContentsMargins(0, 0, 0, 0)
        self.table_colour = QComboBox(looks)
        self.table_colour.setObjectName("tableColourCombo")
        self.card_back = QComboBox(looks)
        self.card_back.setObjectName("cardBackCombo")
        for combo, ids, chosen in ((self.table_colour, self.TABLE_COLOURS, settings.table_colour),
                                   (self.card_back, self.CARD_BACKS, settings.card_back)):
            for value in ids:
                combo.addItem("", value)
            combo.setCurrentIndex(ids.index(chosen))
            looks_row.addWidget(combo)
        looks_row.addStretch(1)
        row("looks", looks)
        self._labels["looks"].setBuddy(self.table_colour)
        self.show_codes = QCheckBox(self)
        self.show_codes.setObjectName("codesCheck")
        self.show_codes.setChecked(settings.show_card_codes)
        form.addRow(self.show_codes)

        form = page("computer")
        self.pace = QSpinBox(self)
        self.pace.setObjectName("paceSpin")
        self.pace.setRange(0, 5000)
        self.pace.setSingleStep(100)
        self.pace.setValue(settings.bot_pace_ms)
        row("pace", self.pace)

        self.opponents = QSpinBox(self)
        self.opponents.setObjectName("opponentsSpin")
        self.opponents.setRange(1, 5)
        self.opponents.setValue(settings.default_opponents)
        row("opponents", self.opponents)

        self.level = QComboBox(self)
        self.level.setObjectName("levelCombo")
        # the levels of the game played last (a game no longer offered: the default game's)
        self._level_game = settings.last_game_id if bot_levels(settings.last_game_id) else DEFAULT_GAME_ID
        for lv in bot_levels(self._level_game):
            self.level.addItem("", lv)
        i = self.level.findData(settings.default_bot_level)
        self.level.setCurrentIndex(max(0, i))
        row("level", self.level)
        self.level_help = QLabel(self)
        self.level_help.setObjectName("levelHelp")
        self.level_help.setWordWrap(True)
        form.addRow("", self.level_help)

        self.expert = QDoubleSpinBox(self)
        self.expert.setObjectName("expertSpin")
        self.expert.setRange(*EXPERT_SECONDS)
        self.expert.setDecimals(1)
        self.expert.setSingleStep(0.5)
        self.expert.setValue(settings.expert_seconds)
        row("expert", self.expert)
        self.expert_help = QLabel(self)
        self.expert_help.setObjectName("expertHelp")
        self.expert_help.setWordWrap(True)
        form.addRow("", self.expert_help)

        form = page("play")
        self.hints = QCheckBox(self)
        self.hints.setObjectName("hintsCheck")
        self.hints.setChecked(settings.hints)
        form.addRow(self.hints)
        self.highlight = QCheckBox(self)
        self.highlight.setObjectName("highlightCheck")
        self.highlight.setChecked(settings.highlight_legal)
        form.addRow(self.highlight)
        self.sort_hand = QCheckBox(self)
        self.sort_hand.setObjectName("sortCheck")
        self.sort_hand.setChecked(settings.sort_hand)
        form.addRow(self.sort_hand)
        self.auto_claim = QCheckBox(self)
        self.auto_claim.setObjectName("autoClaimCheck")
        self.auto_claim.setChecked(settings.auto_claim)
        form.addRow(self.auto_claim)
        self.auto_throw = QCheckBox(self)
        self.auto_throw.setObjectName("autoThrowCheck")
        self.auto_throw.setChecked(settings.auto_throw_after_call)
        form.addRow(self.auto_throw)
        self.autosave = QCheckBox(self)
        self.autosave.setObjectName("autosaveCheck")
        self.autosave.setChecked(settings.autosave)
        form.addRow(self.autosave)

        self.buttons, self.close_button = close_buttons(self, "")
        lay.addWidget(self.buttons)
        self.retranslate()
        fit_wrapped_labels(self)

        for combo in (self.language, self.card_names, self.speed, self.level, self.table_colour, self.card_back):
            combo.currentIndexChanged.connect(self._store)
        self.currency.currentIndexChanged.connect(self._store_currency)
        for spin in (self.pace, self.opponents, self.expert):
            spin.valueChanged.connect(self._store)
        self.level.currentIndexChanged.connect(self._show_level_help)
        self.expert.valueChanged.connect(self._show_level_help)
        for box in (self.hints, self.highlight, self.sort_hand, self.auto_claim, self.auto_throw, self.show_codes,
                    self.autosave):
            box.toggled.connect(self._store)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        """All texts in the current language (at start and after a language change)."""
        self.setWindowTitle(i18n.latin(lambda: self.tr("Settings")))
        for key, text in (("language", self.tr("&Language:")), ("card_names", self.tr("Javanese card &names:")),
                          ("speed", self.tr("&Animations:")), ("pace", self.tr("Computer &pace:")),
                          ("opponents", self.tr("Default &opponents:")), ("level", self.tr("Default &level:")),
                          ("expert", self.tr("&Expert thinking time:")), ("currency", self.tr("&Money in:")),
                          ("looks", self.tr("&Table and cards:"))):
            self._labels[key].setText(text)
        for i, text in enumerate((self.tr("Display"), self.tr("Computer players"), self.tr("Playing"))):
            self.tabs.setTabText(i, text)
        for i, text in enumerate((self.tr("Rupiah (Rp)"), self.tr("Cents (¢)"), self.tr("Points (no currency)"))):
            self.currency.setItemText(i, text)
        self.currency.setToolTip(self.tr("How stakes and payments are shown and entered. Until you choose, "
                                         "Indonesian and Javanese show rupiah and English cents."))
        shown = self.settings.currency or names.default_currency(i18n.resolve(self.settings.language))
        self.currency.blockSignals(True)    # the language's default is shown, not chosen
        self.currency.setCurrentIndex(names.CURRENCIES.index(shown))
        self.currency.blockSignals(False)
        for i, c in enumerate(self.CARD_NAMES):
            self.card_names.setItemText(i, names.text(f"cardnames.{c}"))
        for i, sp in enumerate(self.SPEEDS):
            self.speed.setItemText(i, names.text(f"speed.{sp}"))
        for i, text in enumerate((self.tr("Green felt"), self.tr("Red-brown felt"))):
            self.table_colour.setItemText(i, text)
        for i, text in enumerate((self.tr("Indigo backs"), self.tr("Red-brown kawung backs"))):
            self.card_back.setItemText(i, text)
        self.table_colour.setToolTip(self.tr("The colour of the table."))
        self.card_back.setToolTip(self.tr("The backs of the cards: an indigo lattice, or the kawung batik "
                                          "motif on red-brown."))
        for i in range(self.level.count()):
            self.level.setItemText(i, names.bot_level_name(self.level.itemData(i)))
        self._show_level_help()
        self.expert.setSuffix(self.tr(" s a move"))
        self.expert_help.setText(self.tr("Longer thinking plays better. A change applies from the next game "
                                         "you start or open."))
        self.pace.setSuffix(self.tr(" ms"))
        self.pace.setToolTip(self.tr("How long each computer player's move stays in view before the next."))
        self.card_names.setToolTip(self.tr("How the Javanese names of the cards are written in the game log, "
                                           "the rules and the table: in Latin letters, in Javanese script "
                                           "(aksara Jawa) or both. Independent of the language."))
        self.hints.setText(self.tr("Offer &hints (the move a Hard computer player would make)"))
        self.highlight.setText(self.tr("&Highlight the moves you can make"))
        self.sort_hand.setText(self.tr("&Sort my hand automatically"))
        self.auto_claim.setText(self.tr("Claim &winning cards automatically"))
        self.auto_claim.setToolTip(self.tr("When a card that completes your hand may be claimed (a revealed stock "
                                           "card after a call), take it at once instead of asking."))
        self.auto_throw.setText(self.tr("After a ceki call, &throw the forced card automatically"))
        self.auto_throw.setToolTip(self.tr("Once you have called, the card you draw is the only one you may throw: "
                                           "the table throws it for you."))
        self.show_codes.setText(self.tr("Show card &codes in the corner (S9, WF …) while learning"))
        self.autosave.setText(self.tr("Save the game &automatically after every move"))
        self.close_button.setText(self.tr("Close"))
        self.adjustSize()

    def _store(self, *_: Any) -> None:
        s = self.settings
        s.language = self.language.currentData()
        s.card_names = self.card_names.currentData()
        s.animation_speed = self.speed.currentData()
        s.table_colour = self.table_colour.currentData()
        s.card_back = self.card_back.currentData()
        s.bot_pace_ms = self.pace.value()
        s.default_opponents = self.opponents.value()
        if self.level.currentData():
            s.default_bot_level = self.level.currentData()
        s.expert_seconds = self.expert.value()
        s.hints = self.hints.isChecked()
        s.highlight_legal = self.highlight.isChecked()
        s.sort_hand = self.sort_hand.isChecked()
        s.auto_claim = self.auto_claim.isChecked()
        s.auto_throw_after_call = self.auto_throw.isChecked()
        s.show_card_codes = self.show_codes.isChecked()
        s.autosave = self.autosave.isChecked()
        self.settingsChanged.emit()

    def _show_level_help(self, *_: Any) -> None:
        """What the chosen level does (an Expert's description names the thinking time chosen here),
        under the list and as each entry's tooltip."""
        shown = self.settings.model_copy(update={"expert_seconds": self.expert.value()})
        for i in range(self.level.count()):
            self.level.setItemData(i, level_help(self._level_game, self.level.itemData(i), shown),
                                   Qt.ItemDataRole.ToolTipRole)
        self.level_help.setText(self.level.currentData(Qt.ItemDataRole.ToolTipRole) or "")

    def _store_currency(self, *_: Any) -> None:
        """Only a choice made here fixes the currency (otherwise it follows the language)."""
        self.settings.currency = self.currency.currentData()
        self.settingsChanged.emit()


# ---------------------------------------------------------------------------------------------
# Score sheet

def _item(text: str, align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignRight, bold: bool = False,
          tip: str = "") -> QTableWidgetItem:
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


def side_name(match: Match, seat: int, seat_names: Sequence[str]) -> str:
    """The partnership ``seat`` plays in, by its players' names ("Sari & Budi"); "" without sides."""
    side = next((s for s in match.sides or () if seat in s), None)
    if side is None:
        return ""
    return QCoreApplication.translate("Sides", " & ").join(seat_names[p] for p in side)


def winners_text(match: Match, winners: Sequence[int], seat_names: Sequence[str], human_seat: int) -> str:
    """The headline of the end of a match: who wins it — a side by its players' names."""
    sides = {side_name(match, w, seat_names) for w in winners}
    if match.sides and len(sides) == 1:
        return QCoreApplication.translate("StandingsDialog", "{names} win the match.").format(names=sides.pop())
    if len(winners) > 1:
        return QCoreApplication.translate("StandingsDialog", "A tie: {names} share the match.").format(
            names=", ".join(sorted(sides) if match.sides else (seat_names[w] for w in winners)))
    if winners[0] == human_seat:
        return QCoreApplication.translate("StandingsDialog", "You win the match!")
    return QCoreApplication.translate("StandingsDialog", "{name} wins the match.").format(name=seat_names[winners[0]])


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
            self.setItem(r, 0, _item(str(rec.index + 1)))
            self.setItem(r, 1, _item(hand_summary(match, rec, seat_names), Qt.AlignmentFlag.AlignLeft,
                                     tip=self.tr("dealt by {name}").format(name=seat_names[rec.dealer])))
            for i in range(n):
                self.setItem(r, 2 + i * per, _item(names.format_points(rec.result.points[i])))
                if money:
                    self.setItem(r, 3 + i * per, _item(names.format_money(rec.payments[i])))
        last = len(rows)
        self.setItem(last, 0, _item(self.tr("Total"), Qt.AlignmentFlag.AlignLeft, bold=True))
        self.setItem(last, 1, _item(words.total(len(rows)), Qt.AlignmentFlag.AlignLeft, bold=True))
        for i in range(n):
            self.setItem(last, 2 + i * per, _item(names.format_points(match.scores[i]), bold=True))
            if money:
                self.setItem(last, 3 + i * per, _item(names.format_money(match.ledger[i]), bold=True))
        self.resizeRowsToContents()
        self.scrollToBottom()

    def cell_text(self, row: int, col: int) -> str:
        it = self.item(row, col)
        return it.text() if it else ""


def match_progress(match: Match, seat_names: Sequence[str]) -> str:
    """One line on where the match stands."""
    mo = match.match_options
    lead = match.standings()[0]
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
        self.progress.setText(match_progress(match, seat_names) if match else self.tr("No game."))


# ---------------------------------------------------------------------------------------------
# End of a hand

class HandEndDialog(QDialog):
    """What happened in the hand — in the game's words (headline, explanation, a showcase such as the
    winner's sets, extra tabs, all from the game's UI module) — then the points and payments, the
    score sheet, and "Next hand"."""

    nextHand = Signal()
    showStandings = Signal()

    def __init__(self, match: Match, seat_names: Sequence[str], human_seat: int,
                 namer: Callable[[Any], str] | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("handEndDialog")
        rec = match.history[-1]
        res = rec.result
        n = match.n_players
        money = match.match_options.mode == "money"
        self.match_over = match.is_over()
        words = game_ui(match.spec.id).words
        self.setWindowTitle(i18n.latin(lambda: words.over(rec.index + 1)))
        lay = QVBoxLayout(self)

        content = HandEndContent()
        game_ui(match.spec.id).fill_hand_end(content, match, rec, seat_names, human_seat,
                                             namer or names.card_name, self)
        head = QLabel(content.headline, self)
        head.setObjectName("handEndHeadline")
        head.setWordWrap(True)
        f = QFont(head.font())
        f.setPointSizeF(f.pointSizeF() * 1.5)
        f.setBold(True)
        head.setFont(f)
        sub = QLabel(content.explanation, self)
        sub.setWordWrap(True)
        sub.setObjectName("handEndExplanation")
        sub.setVisible(bool(content.explanation))
        self.headline = head
        self.explanation = sub
        lay.addWidget(head)
        lay.addWidget(sub)
        if content.showcase is not None and not content.showcase_tab:
            if content.caption:
                lay.addWidget(QLabel(content.caption, self))
            lay.addWidget(content.showcase)
        self.sets_row = content.showcase
        self.content = content

        tabs = QTabWidget(self)
        self.tabs = tabs
        if content.showcase is not None and content.showcase_tab:
            page = QWidget(self)
            sl = QVBoxLayout(page)
            if content.caption:
                sl.addWidget(QLabel(content.caption, page))
            sl.addWidget(content.showcase, 1)
            tabs.addTab(page, content.showcase_tab)
        winners = set(res.winners)
        # payments
        heads = [self.tr("Player"), words.points_now(), self.tr("Match points")]
        if money:
            heads = [self.tr("Player"), words.points_now(), self.tr("Paid / received"),
                     self.tr("Match points"), self.tr("Money")]
        if match.sides:
            heads.append(self.tr("Side"))
        pay = QTableWidget(n, len(heads), self)
        pay.setObjectName("paymentsTable")
        pay.setHorizontalHeaderLabels(heads)
        pay.verticalHeader().setVisible(False)
        pay.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        pay.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        pay.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        out = set(match.out_seats())
        for i in range(n):
            who = seat_label(seat_names, i, human_seat)
            if i in out:
                who = self.tr("{name} — out").format(name=who)
            pay.setItem(i, 0, _item(who, Qt.AlignmentFlag.AlignLeft, bold=(i in winners)))
            if match.sides:
                pay.setItem(i, len(heads) - 1, _item(side_name(match, i, seat_names), Qt.AlignmentFlag.AlignLeft))
            pay.setItem(i, 1, _item(names.format_points(res.points[i])))
            if money:
                pay.setItem(i, 2, _item(names.format_money(rec.payments[i])))
                pay.setItem(i, 3, _item(names.format_points(match.scores[i])))
                pay.setItem(i, 4, _item(names.format_money(match.ledger[i])))
            else:
                pay.setItem(i, 2, _item(names.format_points(match.scores[i])))
        self.payments = pay
        page = QWidget(self)
        pl = QVBoxLayout(page)
        pl.addWidget(pay)
        self.items_label = None
        items = rec.items if money else ()
        if items:
            lines = [stake_item_text(item, seat_names, human_seat) for item in items]
            self.items_label = QLabel("<br>".join(lines), page)
            self.items_label.setObjectName("stakeItems")
            self.items_label.setWordWrap(True)
            pl.addWidget(self.items_label)
        gui = game_ui(match.spec.id)
        if money and gui.uses_pot(match) and not gui.stake_summary(match):
            pot = QLabel(self.tr("In the pot now: {money}").format(
                money=names.format_money(match.pot, signed=False)), page)
            pot.setObjectName("potLabel")
            pl.addWidget(pot)
        pl.addWidget(QLabel(match_progress(match, seat_names), page))
        tabs.addTab(page, self.tr("Points and payments"))
        for title, widget in content.tabs:
            tabs.addTab(widget, title)
        # score sheet
        self.sheet = ScoreSheet(self)
        self.sheet.show_match(match, seat_names, human_seat)
        tabs.addTab(self.sheet, self.tr("Score sheet"))
        lay.addWidget(tabs, 1)

        buttons = QDialogButtonBox(self)
        if self.match_over:
            self.next_button = buttons.addButton(self.tr("Final &standings"), QDialogButtonBox.ButtonRole.AcceptRole)
            self.next_button.clicked.connect(self.showStandings)
        else:
            self.next_button = buttons.addButton(words.next(), QDialogButtonBox.ButtonRole.AcceptRole)
            self.next_button.setToolTip(self.tr("{what} (N)").format(what=words.next_help()))
            self.next_button.clicked.connect(self.nextHand)
        self.next_button.setObjectName("nextHandButton")
        self.next_button.setDefault(True)
        close = buttons.addButton(self.tr("Look at the table"), QDialogButtonBox.ButtonRole.RejectRole)
        close.clicked.connect(self.reject)
        self.next_button.clicked.connect(self.accept)
        lay.addWidget(buttons)
        fit_wrapped_labels(self)
        self._pages_scroll = False
        self._fit_to_screen()

    # the size the dialog opens at where the screen has room (a game's showcase may ask for more)
    OPEN_SIZE = (860, 600)
    # room left around the dialog on the screen, and for the title bar the system adds
    SCREEN_MARGIN, TITLE_BAR = 16, 40

    def _free_area(self) -> QRect:
        """The part of the dialog's screen it may cover (the screen's available area, its margin
        and the title bar taken off)."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        m = self.SCREEN_MARGIN
        return screen.availableGeometry().adjusted(m, m + self.TITLE_BAR, -m, -m)

    def _fit_to_screen(self) -> None:
        """Open as large as the contents want, at least :data:`OPEN_SIZE`, but never larger than the
        screen's free area: at 1280 × 720 the cards wrap into more lines and scroll down rather
        than sideways."""
        free = self._free_area()
        self._scroll_if_tall(free)
        hint = self.sizeHint()
        w = max(self.OPEN_SIZE[0], hint.width())
        if hint.height() > free.height():
            w = max(w, free.width() * 4 // 5)     # wider: the long texts take fewer lines
        self.resize(min(w, free.width()), min(max(self.OPEN_SIZE[1], hint.height()), free.height()))

    def _scroll_if_tall(self, free: QRect) -> None:
        """Make the pages scroll (once) where the dialog's least height is more than ``free``'s."""
        if self._pages_scroll or self.minimumSizeHint().height() <= free.height():
            return
        self._pages_scroll = True
        self._scroll_pages()
        layout = self.layout()
        if layout is not None:
            layout.invalidate()      # the pages' new (scrolling) minimum, not the cached one
            layout.activate()

    def _scroll_pages(self) -> None:
        """Let every tab page that cannot scroll itself scroll down: on a low screen (1280 × 720 with
        the taller lines of aksara Jawa) a long payments page or nine players' tricks would otherwise
        push the dialog, and its buttons, off the screen's bottom."""
        tabs = self.tabs
        current = tabs.currentIndex()
        for i in range(tabs.count()):
            page = tabs.widget(i)
            if page is None or isinstance(page, QAbstractScrollArea):
                continue
            title = tabs.tabText(i)
            area = QScrollArea()
            area.setObjectName(f"{page.objectName() or 'page'}Scroll")
            area.setWidgetResizable(True)
            area.setFrameShape(QFrame.Shape.NoFrame)
            area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            area.setMinimumWidth(page.minimumSizeHint().width() + area.verticalScrollBar().sizeHint().width())
            tabs.removeTab(i)
            area.setWidget(page)
            tabs.insertTab(i, area, title)
        tabs.setCurrentIndex(current)

    def showEvent(self, event: Any) -> None:
        """Keep the whole dialog on the screen (it opens centred on the window, which may be near an
        edge or larger than the dialog's room)."""
        super().showEvent(event)
        self._keep_on_screen()

    def event(self, event: QEvent) -> bool:
        """After each new layout: the wrapped texts are fitted to their width once shown and may
        need fewer lines then, so the minimum the layout set at first (the texts wrapped narrow)
        lets the dialog shrink to the screen's free area now."""
        done = super().event(event)
        if event.type() == QEvent.Type.LayoutRequest and self.isVisible():
            self._keep_on_screen()
        return done

    def _keep_on_screen(self) -> None:
        free = self._free_area()
        self._scroll_if_tall(free)      # (the texts, fitted to their width, may need more lines too)
        if self.height() > free.height():
            self.resize(self.width(), free.height())
        geo = self.geometry()
        x = max(free.left(), min(geo.x(), free.right() + 1 - geo.width()))
        y = max(free.top(), min(geo.y(), free.bottom() + 1 - geo.height()))
        if (x, y) != (geo.x(), geo.y()):
            self.move(x + self.pos().x() - geo.x(), y + self.pos().y() - geo.y())


def stake_item_text(item: Sequence[Any], seat_names: Sequence[str], human_seat: int) -> str:
    """One itemised payment ``(code, payer, payee, cents)`` in words: "Budi pays Sari 0.05 (té
    lumrah)"; a payer or payee of None is the pot in the middle.  A zero item only says something
    (e.g. who deals next when nobody plays for money)."""
    code, payer, payee, cents = item
    what = names.text(f"stake.{code}", code.replace("_", " "))
    money = names.format_money(cents, signed=False)

    def name(seat: Any) -> str:
        return seat_names[seat] if isinstance(seat, int) and 0 <= seat < len(seat_names) else "?"

    if cents == 0:
        who = payer if payer is not None else payee
        if who is None:
            return what
        if who == human_seat:
            return QCoreApplication.translate("Stakes", "You: {what}").format(what=what)
        return QCoreApplication.translate("Stakes", "{name}: {what}").format(name=name(who), what=what)
    if payer is None and payee is None:
        return QCoreApplication.translate("Stakes", "{what}: {money}").format(what=what, money=money)
    if payer is None:
        if payee == human_seat:
            return QCoreApplication.translate("Stakes", "You take {money} from the pot ({what})").format(
                money=money, what=what)
        return QCoreApplication.translate("Stakes", "{payee} takes {money} from the pot ({what})").format(
            payee=name(payee), money=money, what=what)
    if payee is None:
        if payer == human_seat:
            return QCoreApplication.translate("Stakes", "You put {money} into the pot ({what})").format(
                money=money, what=what)
        return QCoreApplication.translate("Stakes", "{payer} puts {money} into the pot ({what})").format(
            payer=name(payer), money=money, what=what)
    if payer == human_seat:
        return QCoreApplication.translate("Stakes", "You pay {payee} {money} ({what})").format(
            payee=name(payee), money=money, what=what)
    if payee == human_seat:
        return QCoreApplication.translate("Stakes", "{payer} pays you {money} ({what})").format(
            payer=name(payer), money=money, what=what)
    return QCoreApplication.translate("Stakes", "{payer} pays {payee} {money} ({what})").format(
        payer=name(payer), payee=name(payee), money=money, what=what)


# ---------------------------------------------------------------------------------------------
# Final standings

class StandingsDialog(QDialog):
    newGame = Signal()

    def __init__(self, match: Match, seat_names: Sequence[str], human_seat: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("standingsDialog")
        self.setWindowTitle(i18n.latin(lambda: self.tr("Final standings")))
        lay = QVBoxLayout(self)
        winners = match.winners() or tuple(match.standings()[:1])
        head = QLabel(self)
        f = QFont(head.font())
        f.setPointSizeF(f.pointSizeF() * 1.5)
        f.setBold(True)
        head.setFont(f)
        head.setText(winners_text(match, winners, seat_names, human_seat))
        self.headline = head
        lay.addWidget(head)
        money = match.match_options.mode == "money"
        order = match.standings()
        out = set(match.out_seats())
        hd = [self.tr("Place"), self.tr("Player"), self.tr("Points")] + ([self.tr("Money")] if money else [])
        if match.sides:
            hd.append(self.tr("Side"))
        table = QTableWidget(len(order), len(hd), self)
        table.setObjectName("standingsTable")
        table.setHorizontalHeaderLabels(hd)
        table.verticalHeader().setVisible(False)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        place = 0
        prev = None
        for r, seat in enumerate(order):
            key = (seat in winners, seat in out, match.scores[seat], match.ledger[seat])
            if key != prev:
                place = r + 1
                prev = key
            who = seat_label(seat_names, seat, human_seat)
            if seat in out:
                who = self.tr("{name} — out").format(name=who)
            table.setItem(r, 0, _item(str(place)))
            table.setItem(r, 1, _item(who, Qt.AlignmentFlag.AlignLeft, bold=seat in winners))
            table.setItem(r, 2, _item(names.format_points(match.scores[seat])))
            if money:
                table.setItem(r, 3, _item(names.format_money(match.ledger[seat])))
            if match.sides:
                table.setItem(r, len(hd) - 1, _item(side_name(match, seat, seat_names), Qt.AlignmentFlag.AlignLeft))
        self.table = table
        lay.addWidget(table)
        lay.addWidget(QLabel(game_ui(match.spec.id).words.played(len(match.history)), self))
        buttons = QDialogButtonBox(self)
        new = buttons.addButton(self.tr("&New game…"), QDialogButtonBox.ButtonRole.AcceptRole)
        new.clicked.connect(self.newGame)
        new.clicked.connect(self.accept)
        close = buttons.addButton(self.tr("Close"), QDialogButtonBox.ButtonRole.RejectRole)
        close.clicked.connect(self.reject)
        lay.addWidget(buttons)
        self.resize(480, 360)


# ---------------------------------------------------------------------------------------------
# About

class AboutDialog(QDialog):
    def __init__(self, game_info: str = "", parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        self.setWindowTitle(i18n.latin(lambda: self.tr("About CekiDesk")))
        lay = QHBoxLayout(self)
        pics = QVBoxLayout()
        for code in ("RF", "OT", "S9"):
            lab = QLabel(self)
            lab.setPixmap(card_pixmap(code, 110, self))
            pics.addWidget(lab)
        pics.addStretch(1)
        lay.addLayout(pics)
        right = QVBoxLayout()
        body = QLabel(self)
        body.setObjectName("aboutText")
        body.setWordWrap(True)
        body.setTextFormat(Qt.TextFormat.RichText)
        body.setOpenExternalLinks(True)
        parts = [
            f"<h2>CekiDesk {__version__}</h2>",
            "<p>" + self.tr("The traditional Ceki-card games of Java and the Peranakan world, on the "
                            "desktop, against computer players.") + "</p>",
        ]
        if game_info:
            parts.append("<p><b>" + self.tr("This game:") + "</b> " + game_info + "</p>")
        parts += [
            "<p><b>" + self.tr("Licence:") + "</b> " + self.tr("MIT licence.") + "</p>",
            "<p><b>" + self.tr("Credits:") + "</b></p><ul>",
            "<li>" + self.tr("Card art drawn for CekiDesk (generated by its card-art script).") + "</li>",
            "<li>" + self.tr("The Chinese characters on the cards are outlines from Noto Serif CJK "
                             "(© Adobe), SIL Open Font License 1.1.") + "</li>",
            "<li>" + self.tr("Javanese script is drawn with Noto Sans Javanese (© Google), "
                             "bundled under the SIL Open Font License 1.1.") + "</li>",
            *("<li>" + credit + "</li>" for credit in (game_ui(spec.id).rules_source() for spec in games())
              if credit),
            "<li>" + self.tr("Built with Qt for Python (PySide6), pydantic and platformdirs.") + "</li>",
            "</ul>",
        ]
        body.setText("".join(parts))
        body.setMinimumWidth(380)
        right.addWidget(body)
        right.addStretch(1)
        right.addWidget(close_buttons(self, self.tr("Close"))[0])
        lay.addLayout(right, 1)


# ---------------------------------------------------------------------------------------------
# Continue?

def describe_saved(loaded: LoadedGame) -> str:
    """One line about an unfinished game: the game, the opponents, the hand and, if it can be shown
    in this computer's time zone, when it was saved (any date leaves the line without a date rather
    than failing: a date near the year 1 or 9999 may not fit the local time zone)."""
    m = loaded.match
    doc = loaded.document
    others = ", ".join(s.name for s in loaded.seats if s.kind != "human")
    when = ""
    if doc.saved_at is not None:
        try:
            when = doc.saved_at.astimezone().strftime("%Y-%m-%d %H:%M")
        except (ValueError, OSError, OverflowError):
            when = ""
    text = QCoreApplication.translate("ContinueQuestion", "{game} with {others} — hand {hand}").format(
        game=names.game_title(m.spec), others=others, hand=m.hand_index + 1)
    if when:
        text += QCoreApplication.translate("ContinueQuestion", ", saved {when}").format(when=when)
    return text + "."


def ask_continue(parent: QWidget | None, loaded: LoadedGame) -> bool:
    """Ask whether to continue the unfinished game.  True: continue; False: a new game."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(i18n.latin(lambda: QCoreApplication.translate("ContinueQuestion", "Continue your game?")))
    box.setText(QCoreApplication.translate("ContinueQuestion", "You have an unfinished game:"))
    box.setInformativeText(describe_saved(loaded) + "\n\n"
                           + QCoreApplication.translate("ContinueQuestion", "Starting a new game will replace it."))
    cont = box.addButton(QCoreApplication.translate("ContinueQuestion", "&Continue"), QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QCoreApplication.translate("ContinueQuestion", "&New game"), QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(cont)
    box.exec()
    return box.clickedButton() is cont


__all__ = [
    "AboutDialog", "HandEndDialog", "NewGameConfig", "NewGameDialog", "OptionsForm",
    "ScoreSheet", "ScoreSheetDialog", "SettingsDialog", "StandingsDialog", "ask_continue",
    "describe_saved", "random_seed",
]
