"""The generic form of a game's options: one widget per field of its pydantic model (New Game's Rules
box, Ce Pe's rule editor).  Every string goes through ``self.tr`` (context: ``OptionsForm``)."""
from __future__ import annotations

import enum
import math
import types
import typing
from collections.abc import Callable, Mapping
from functools import partial
from typing import Literal, cast

from pydantic import BaseModel
from pydantic.fields import FieldInfo
from PySide6.QtCore import QRect, Qt, Signal
from PySide6.QtGui import QFont, QFontMetricsF, QTextLayout
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QSpinBox,
    QStyle,
    QStyleOptionComboBox,
    QVBoxLayout,
    QWidget,
)

from ..foundations import names
from .helpers import show_money_unit
from .mnemonics import remarked

# the widest range of a number field without bounds of its own
NUMBER_BOUND = 1_000_000_000


def number_range(info: FieldInfo, lo: int, hi: int) -> tuple[int, int]:
    """The bounds a field's constraints (``ge``, ``gt``, ``le``, ``lt``) give, else ``lo`` and ``hi``."""
    for m in info.metadata:
        for attr, fix in (("ge", 0), ("gt", 1)):
            v = getattr(m, attr, None)
            if v is not None:
                lo = int(v) + fix
        for attr, fix in (("le", 0), ("lt", -1)):
            v = getattr(m, attr, None)
            if v is not None:
                hi = int(v) + fix
    return lo, hi


def row_label(title: str) -> str:
    """A form row's label as the dialogs write theirs: the title with an Alt letter and a colon
    ("&Variant:"); a title with no Latin letter (aksara Jawa) takes its letter in brackets after it, as
    the translations of aksara Jawa do ("ꦥꦼꦩꦺꦤ꧀(&A):").  Two rows may mark one letter here: the
    dialog's accelerator fixer (``mnemonics.unique_in_dialog``) moves the later ones."""
    return marked_title(title) + ":"


def marked_title(title: str) -> str:
    """``title`` with an Alt letter (its first word's first Latin letter, else "(&A)" after it)."""
    text = title.replace("&", "&&")
    if any(ch.isascii() and ch.isalnum() for ch in text):
        return remarked(text, set())
    return text + "(&A)"


def drawn_width(font: QFont, text: str) -> float:
    """The width ``text`` takes drawn in ``font`` (laid out as a label lays it out: aksara Jawa's shaped
    clusters and its fallback fonts are wider than ``QFontMetrics`` measures them)."""
    layout = QTextLayout(text, font)
    layout.beginLayout()
    line = layout.createLine()
    width = 0.0
    if line.isValid():
        line.setLineWidth(1e6)
        width = line.naturalTextWidth()
    layout.endLayout()
    return max(width, QFontMetricsF(font).horizontalAdvance(text))


def fit_combo_popup(combo: QComboBox) -> None:
    """Make ``combo`` and its drop-down list as wide as its items are drawn.  Qt sizes both from the
    combo's font metrics, narrower than an aksara Jawa item is drawn (a match's ending in Tantanan
    took 285 pixels in a combo of 174): the widest item laid out in every font it may be drawn in
    (the combo's, the list's, the menu's), with the combo's frame and arrow, and in the list the
    item's margins, the menu's check column and a scroll bar."""
    view = combo.view()
    faces = [combo.font(), view.font(), QApplication.font("QComboMenuItem")]   # type: ignore[call-overload]  # (bytes is refused at run time)
    texts = [combo.itemText(i) for i in range(combo.count())]
    shown = max((drawn_width(combo.font(), t) for t in texts), default=0.0)
    listed = max((drawn_width(QFont(f), t) for t in texts for f in faces), default=0.0)
    icon = combo.iconSize().width() + 4 if any(not combo.itemIcon(i).isNull() for i in range(combo.count())) else 0
    opt = QStyleOptionComboBox()
    opt.initFrom(combo)
    opt.rect = QRect(0, 0, 1000, max(combo.height(), 30))
    style = combo.style()
    field = style.subControlRect(QStyle.ComplexControl.CC_ComboBox, opt, QStyle.SubControl.SC_ComboBoxEditField, combo)
    combo.setMinimumWidth(math.ceil(shown + icon + 1000 - field.width() + 4))
    frame = style.pixelMetric(QStyle.PixelMetric.PM_DefaultFrameWidth, None, combo)
    extra = 2 * frame + 2 * style.pixelMetric(QStyle.PixelMetric.PM_MenuHMargin, None, combo) \
        + style.pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, combo) + 32   # (check column, margins)
    view.setMinimumWidth(math.ceil(listed + icon + extra))


def _optional_int(annotation: object) -> bool:
    """Whether a field is ``int | None`` (a number that may be switched off)."""
    return typing.get_origin(annotation) in (typing.Union, types.UnionType) \
        and set(typing.get_args(annotation)) == {int, type(None)}


def _optional_value(spin: QSpinBox) -> int | None:
    """An optional number's value: None at its lowest step ("Off")."""
    return None if spin.value() == spin.minimum() else spin.value()


def _set_number(spin: QSpinBox, value: object) -> None:
    """Show ``value`` (a whole number) in a spin box (None: its lowest step, an optional number's "Off")."""
    spin.setValue(spin.minimum() if value is None else cast(int, value))


def _choices(annotation: object) -> list[object] | None:
    if typing.get_origin(annotation) is Literal:
        return list(typing.get_args(annotation))
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return list(annotation)
    return None


def _extra(info: FieldInfo) -> dict[str, object]:
    return dict(info.json_schema_extra) if isinstance(info.json_schema_extra, dict) else {}


def _plain(value: object) -> object:
    """An option's value as the game's options read it (an enum member: its value)."""
    return value.value if isinstance(value, enum.Enum) else value


class OptionsForm(QWidget):
    """A form for a game's options model: bool → check box, int → spin box (an amount of money for
    the fields in ``money``; ``int | None``: its lowest step reads "Off"), float → number box, Literal /
    Enum → combo box, str → line edit; a field no widget can edit (a table of effects) is kept as it
    is and shown read-only in the words of ``summary(field, value)`` (hidden when that is "").  Titles
    and descriptions are translated keys (``names.text``); each widget is named ``option_<field>``;
    ``skip`` leaves fields out (their values are not in :meth:`values`), and so does a field marked
    ``json_schema_extra={"legacy": True}`` (kept only for matches saved before a rule changed); a
    choice's values listed in ``"legacy_values"`` are not offered.  ``changed`` is emitted
    when the player edits an option (and when :meth:`set_values` fills the form)."""

    changed = Signal()

    def __init__(self, model: type[BaseModel], values: Mapping[str, object] | None = None,
                 parent: QWidget | None = None, money: frozenset[str] = frozenset(),
                 summary: Callable[[str, object], str] | None = None, skip: frozenset[str] = frozenset()):
        super().__init__(parent)
        self._summary: Callable[[str, object], str] = summary or (lambda name, value: "")
        self.model = model
        self.widgets: dict[str, QWidget] = {}
        self._getters: dict[str, Callable[[], object]] = {}
        self._rows: dict[str, list[QWidget]] = {}      # field -> the widgets of its rows (for show_if)
        self._show_if: dict[str, dict[str, list[object]]] = {}
        self._setters: dict[str, Callable[[object], None]] = {}
        self._summaries: dict[str, QLabel] = {}         # the read-only fields
        self._hidden: frozenset[str] = frozenset()       # hidden whatever their conditions (set_hidden)
        self._ever_hidden: set[str] = set()
        # the form scrolls inside the Rules box when a game has many options
        outer, inner = self._make_scroll_area()
        values = values or {}
        for name, info in model.model_fields.items():
            if name not in skip and not _extra(info).get("legacy"):
                self._add_field(name, info, values.get(name, info.get_default(call_default_factory=True)), money)
        if not model.model_fields:
            self._form.addRow(QLabel(self.tr("This game has no options."), self))
        self._watch_conditions()
        for name, w in self.widgets.items():
            self._connect(name, w)
        self._update_shown()
        self.scroll_area.setWidget(inner)
        outer.addWidget(self.scroll_area)
        self.scroll_area.setMinimumHeight(min(inner.sizeHint().height() + 4, 150))
        self.scroll_area.setMinimumWidth(inner.minimumSizeHint().width()
                                    + self.scroll_area.verticalScrollBar().sizeHint().width() + 2)

    # -- building ------------------------------------------------------------------------------
    def _make_scroll_area(self) -> tuple[QVBoxLayout, QWidget]:
        """The form's own layout and the page inside its scroll area (which holds the form)."""
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.scroll_area = QScrollArea(self)
        self.scroll_area.setObjectName("optionsScroll")
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QScrollArea.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        inner = QWidget(self.scroll_area)
        inner.setObjectName("optionsInner")
        self._form = QFormLayout(inner)
        self._form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        # a row too wide for the form puts its field under its label (aksara Jawa's long titles and
        # choices side by side were 1,500 pixels wide: more than a 1280×720 screen)
        self._form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        return outer, inner

    def _add_field(self, name: str, info: FieldInfo, current: object, money: frozenset[str]) -> None:
        """One field's row (its widget, with its title as the label or the check box's text), and
        its description under it."""
        title = names.text(info.title, name.replace("_", " ").capitalize()) if info.title \
            else name.replace("_", " ").capitalize()
        helptext = names.text(info.description, "") if info.description else ""
        w, label = self._editor(name, info, title, current, money)
        w.setObjectName(f"option_{name}")
        if helptext:
            w.setToolTip(helptext)
        self.widgets[name] = w
        if label is None:
            self._form.addRow(w)
        else:
            takes_focus = w.focusPolicy() != Qt.FocusPolicy.NoFocus
            row_title = QLabel(row_label(label) if takes_focus else label + ":", self)
            row_title.setObjectName(f"option_{name}_label")
            if takes_focus:      # (a read-only summary has no letter: nothing to go to)
                row_title.setBuddy(w)
            self._form.addRow(row_title, w)
        self._rows[name] = [w]
        extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
        show_if = extra.get("show_if")
        if isinstance(show_if, dict) and show_if:
            self._show_if[name] = {k: list(v) for k, v in show_if.items() if isinstance(v, list | tuple)}
        if helptext:
            self._add_help(name, helptext)

    def _editor(self, name: str, info: FieldInfo, title: str, current: object,
                money: frozenset[str]) -> tuple[QWidget, str | None]:
        """The widget that edits a field, and its row's label (None: a check box, titled itself)."""
        ann = info.annotation
        choices = _choices(ann)
        legacy = _extra(info).get("legacy_values")
        if choices is not None and isinstance(legacy, list):
            choices = [c for c in choices if _plain(c) not in legacy]     # (old matches' rules: not offered)
        if ann is bool:
            check = QCheckBox(marked_title(title), self)
            check.setChecked(bool(current))
            self._getters[name] = check.isChecked
            return check, None
        if choices is not None:
            combo = QComboBox(self)
            for c in choices:
                raw = _plain(c)
                key = f"{info.title}.{raw}" if info.title else f"{name}.{raw}"
                combo.addItem(names.text(key, str(raw).replace("_", " ")), c)
            if current in choices:
                combo.setCurrentIndex(choices.index(current))
            fit_combo_popup(combo)
            self._getters[name] = combo.currentData
            return combo, title
        if ann is int:
            spin = QSpinBox(self)
            spin.setRange(*number_range(info, -NUMBER_BOUND, NUMBER_BOUND))
            spin.setValue(int(cast(int, current)))
            if name in money:
                show_money_unit(spin)
            self._getters[name] = spin.value
            return spin, title
        if _optional_int(ann):
            spin = QSpinBox(self)
            lo, hi = number_range(info, -NUMBER_BOUND, NUMBER_BOUND)
            spin.setRange(lo - 1, hi)          # the lowest step is "off" (None)
            spin.setSpecialValueText(self.tr("Off"))
            spin.setValue(lo - 1 if current is None else int(cast(int, current)))
            self._getters[name] = partial(_optional_value, spin)
            return spin, title
        if ann is float:
            number = QDoubleSpinBox(self)
            number.setRange(*number_range(info, -NUMBER_BOUND, NUMBER_BOUND))
            number.setValue(float(cast(float, current)))
            self._getters[name] = number.value
            return number, title
        if ann is str:
            edit = QLineEdit(self)
            edit.setText("" if current is None else str(current))
            self._getters[name] = edit.text
            return edit, title
        return self._read_only(name, current), title

    def _add_help(self, name: str, helptext: str) -> None:
        """A field's description, in a smaller grey line under its row."""
        note = QLabel(helptext, self)
        note.setWordWrap(True)
        note.setObjectName(f"option_{name}_help")
        note.setStyleSheet("color: palette(placeholder-text);")
        f = note.font()
        f.setPointSizeF(max(7.0, f.pointSizeF() * 0.9))
        note.setFont(f)
        self._form.addRow(note)
        self._rows[name].append(note)

    def _watch_conditions(self) -> None:
        """Fields shown only for some values of another field (``json_schema_extra={"show_if": {...}}``):
        shown or hidden whenever that field changes."""
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

    def _read_only(self, name: str, value: object) -> QLabel:
        """A field the form cannot edit: its value is kept and shown in words (see the class)."""
        w = QLabel(self)
        w.setWordWrap(True)
        w.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        kept = {"value": value}

        def show(v: object) -> None:
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
            if _plain(get()) not in allowed:
                return False
        return True

    def set_hidden(self, fields: frozenset[str]) -> None:
        """Hide the rows of ``fields`` whatever their conditions (New Game: the options that only
        matter in a money match, when the match is not for money); their values are still read."""
        self._ever_hidden |= fields
        self._hidden = fields
        self._update_shown()

    def _update_shown(self, *_: object) -> None:
        for name in {*self._show_if, *self._summaries, *self._ever_hidden}:
            on = (name not in self._hidden and self.is_shown(name)
                  and (name not in self._summaries or bool(self._summaries[name].text())))
            for w in self._rows.get(name, []):
                self._form.setRowVisible(w, on)

    def _connect(self, name: str, w: QWidget) -> None:
        """Report edits through :attr:`changed` and learn how to set the field (for presets)."""
        if isinstance(w, QCheckBox):
            w.toggled.connect(self.changed)
            self._setters[name] = lambda v: w.setChecked(bool(v))
        elif isinstance(w, QComboBox):
            w.currentIndexChanged.connect(self.changed)

            def pick(v: object, w: QComboBox = w) -> None:
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
            self._setters[name] = lambda v: w.setValue(cast(float, v))
        elif isinstance(w, QLineEdit):
            w.textChanged.connect(self.changed)
            self._setters[name] = lambda v: w.setText("" if v is None else str(v))

    # -- the values ----------------------------------------------------------------------------
    def set_values(self, values: Mapping[str, object]) -> None:
        """Show these option values (a preset's); fields not given keep what they show."""
        for name, v in values.items():
            setter = self._setters.get(name)
            if setter is not None:
                setter(_plain(v))

    def values(self) -> dict[str, object]:
        return {name: _plain(get()) for name, get in self._getters.items()}


__all__ = ["OptionsForm", "fit_combo_popup", "marked_title", "number_range", "row_label"]
