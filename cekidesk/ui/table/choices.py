"""The table's controls for decisions that are not a card (:class:`~.layouts.ChoiceSpec`).

A :class:`ChoiceBar` is a row of ordinary Qt controls laid over the table's viewport at one anchor
(a seat or the table's centre): a button per action, and for an amount range a spin box, a slider
and a button.  It knows no game and judges nothing: it offers what the layout's plan lists (taken
from ``view.legal`` and ``view.ranges``) and reports the chosen action; the table passes it on like
a card click.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QRectF, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QFrame,
    QGraphicsView,
    QHBoxLayout,
    QPushButton,
    QSlider,
    QSpinBox,
    QWidget,
)

from cekidesk.engine.core import Action, AmountRange

from ..foundations import names
from .layouts import CardSpec, ChoiceSpec, Plan

_ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
# the largest amount the controls offer (Qt's spin boxes and sliders hold a 32-bit int); a range
# that grows beyond it (Kartu Lima's bal-balan cap doubles with every win) is offered up to it
MAX_AMOUNT = 2**31 - 1


class _AmountControls:
    """A range's spin box and slider, kept in step, and the button that chooses the amount."""

    def __init__(self, bar: ChoiceBar, spec: ChoiceSpec, r: AmountRange):
        self.range = r
        self.spin = QSpinBox(bar)
        hi = min(r.hi, MAX_AMOUNT)        # a spin box and a slider hold 32-bit amounts; more is never offered
        self.spin.setRange(r.lo, hi)
        self.spin.setSingleStep(r.step)
        if spec.money:
            before, after = names.money_affixes()
            self.spin.setPrefix(before)
            self.spin.setSuffix(after)
        else:
            self.spin.setSuffix(spec.unit)
        self.spin.setValue(r.clamp(r.lo if spec.default is None else spec.default))
        self.spin.setAccessibleName(spec.label)
        self.slider = QSlider(Qt.Orientation.Horizontal, bar)
        self.slider.setRange(r.lo, hi)
        self.slider.setSingleStep(r.step)
        self.slider.setPageStep(max(r.step, (hi - r.lo) // 10 // r.step * r.step))
        self.slider.setValue(self.spin.value())
        self.slider.setAccessibleName(spec.label)
        self.spin.valueChanged.connect(self.slider.setValue)
        self.slider.valueChanged.connect(lambda v: self.spin.setValue(r.clamp(v)))

    def action(self, player: int) -> Action:
        return self.range.action(player, self.range.clamp(self.spin.value()))


def signature(specs: Sequence[ChoiceSpec], player: int) -> tuple:
    """What a bar of ``specs`` shows: a new plan with the same signature keeps the bar (and its
    focus and amounts)."""
    return (player, tuple((s.key, s.label, s.action, s.range, s.unit, s.tooltip, s.group) for s in specs))


class ChoiceBar(QFrame):
    """The choices of one anchor, in the plan's order; choices of one group stand together."""

    chosen = Signal(object)   # an Action of the plan

    def __init__(self, parent: QWidget, specs: Sequence[ChoiceSpec], player: int):
        super().__init__(parent)
        self.setObjectName("choiceBar")
        self.setAccessibleName(QCoreApplication.translate("TableReading", "Choices"))   # (a screen reader's name)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.specs = list(specs)
        self.player = player
        self.buttons: dict[Hashable, QPushButton] = {}
        self.amounts: dict[Hashable, _AmountControls] = {}
        row = self._row = QHBoxLayout(self)
        row.setContentsMargins(8, 6, 8, 6)
        row.setSpacing(6)
        group = None
        for spec in self.specs:
            if group is not None and spec.group != group:
                row.addSpacing(14)
            group = spec.group
            button = QPushButton(spec.label, self)
            button.setAutoDefault(False)
            button.setToolTip(spec.tooltip)
            if spec.range is not None:
                amount = self.amounts[spec.key] = _AmountControls(self, spec, spec.range)
                amount.spin.setToolTip(spec.tooltip)
                amount.spin.installEventFilter(self)
                row.addWidget(amount.slider)
                row.addWidget(amount.spin)
            button.installEventFilter(self)
            button.clicked.connect(lambda _=False, key=spec.key: self.activate(key))
            self.buttons[spec.key] = button
            row.addWidget(button)

    def signature(self) -> tuple:
        return signature(self.specs, self.player)

    def activate(self, key: Hashable) -> bool:
        """Choose the choice ``key`` (a range: the amount shown now); False if the bar has none."""
        spec = next((s for s in self.specs if s.key == key), None)
        if spec is None:
            return False
        amount = self.amounts.get(key)
        self.chosen.emit(amount.action(self.player) if amount is not None else spec.action)
        return True

    def focus_action(self, action: Action) -> bool:
        """Put the keyboard on the button that chooses ``action`` (a range's: with its amount in the
        box), so that Enter chooses exactly it; False if the bar does not offer it."""
        for spec in self.specs:
            amount = self.amounts.get(spec.key)
            if amount is not None and amount.range.holds(action) and isinstance(action.amount, int):
                amount.spin.setValue(action.amount)
            elif spec.action != action:
                continue
            self.buttons[spec.key].setFocus(Qt.FocusReason.OtherFocusReason)
            return True
        return False

    def focusables(self) -> list[QWidget]:
        """The bar's controls in keyboard order."""
        out: list[QWidget] = []
        for spec in self.specs:
            amount = self.amounts.get(spec.key)
            if amount is not None:
                out += [amount.slider, amount.spin]
            out.append(self.buttons[spec.key])
        return out

    def set_pixel_size(self, px: int) -> None:
        """Scale the bar's text (the table's size decides it) and fit the bar to its contents, so a
        long label is never cut."""
        font = self.font()
        font.setPixelSize(px)
        self.setFont(font)
        for amount in self.amounts.values():
            amount.slider.setMinimumWidth(px * 7)
            amount.spin.setMinimumWidth(amount.spin.sizeHint().width())
        self._row.activate()
        self.resize(self.sizeHint())

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        """Enter chooses (on a button, or the amount in a spin box); Left/Right go from button to
        button of the bar."""
        if (event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent)
                or event.modifiers() & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier)):
            return False
        key = event.key()
        if key in _ENTER:
            for spec_key, amount in self.amounts.items():
                if obj is amount.spin:
                    return self.activate(spec_key)
            if isinstance(obj, QAbstractButton):
                obj.click()
                return True
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right) and isinstance(obj, QAbstractButton):
            buttons: list[QAbstractButton] = list(self.buttons.values())
            i = buttons.index(obj) + (1 if key == Qt.Key.Key_Right else -1)
            buttons[i % len(buttons)].setFocus(Qt.FocusReason.TabFocusReason)
            return True
        return False


class ChoiceBars:
    """The bars of the choices shown on a ``table`` (a ``QGraphicsView``; the bars lie over its
    viewport), by anchor: the plan's choices and those of the card opened (a card played in several
    ways).  A bar's chosen action goes to ``chosen``.

    Where the keyboard goes as bars come and go is kept here too: when it was in a bar that goes,
    it moves to the first control of the next choices — now, or when the next choices come
    (``back_to_choices``: it waits on the table meanwhile, unless the player clicks the table)."""

    def __init__(self, table: QGraphicsView, chosen: Callable[[Action], object]):
        self._table = table
        self._chosen = chosen
        self.bars: dict[int, ChoiceBar] = {}
        self.back_to_choices = False   # the keyboard left a bar that went: it goes to the next one

    def sync(self, plan: Plan, player: int, opened: CardSpec | None = None, opened_rect: QRectF | None = None) -> None:
        """One bar of controls per anchor of ``plan``'s choices and the ``opened`` card's (lying at
        ``opened_rect``), offered to ``player``; a bar showing the same choices is kept (its focus
        and amount too)."""
        by_anchor: dict[int, list[ChoiceSpec]] = {}
        for c in plan.choices + (opened.choices if opened is not None else []):
            by_anchor.setdefault(c.anchor, []).append(c)
        table = self._table
        focus = QApplication.focusWidget()
        had_focus = any(bar.isAncestorOf(focus) for bar in self.bars.values()) if focus else False
        old, self.bars = self.bars, {}
        for anchor, specs in by_anchor.items():
            kept = old.get(anchor)
            if kept is not None and kept.signature() == signature(specs, player):
                self.bars[anchor] = old.pop(anchor)
                continue
            bar = self.bars[anchor] = ChoiceBar(table.viewport(), specs, player)
            bar.chosen.connect(self._chosen)
        if old and had_focus:
            table.setFocus(Qt.FocusReason.OtherFocusReason)   # before its bar goes (hiding the focus moves it)
        for bar in old.values():
            bar.hide()
            bar.deleteLater()
        self.place(plan, opened, opened_rect)
        self.back_to_choices = had_focus or (self.back_to_choices and table.hasFocus())
        focused = QApplication.focusWidget()
        if self.back_to_choices and not any(focused is not None and bar.isAncestorOf(focused)
                                            for bar in self.bars.values()):
            first = next((bar.focusables()[0] for bar in self.bars.values()), None)
            (first or table).setFocus(Qt.FocusReason.TabFocusReason)
            self.back_to_choices = first is None

    def place(self, plan: Plan, opened: CardSpec | None = None, opened_rect: QRectF | None = None) -> None:
        """Each bar beside its anchor seat's plate (above it, or below if there is no room), a card's
        choices over the card (``opened``, at ``opened_rect``), or in the table's centre, inside the
        table; its text grows with the table and shrinks only if the bar would not fit across it."""
        vp = self._table.viewport()
        W, H = vp.width(), vp.height()
        seats = {s.seat: s.rect for s in plan.seats}
        for anchor, bar in self.bars.items():
            px = round(max(12.0, min(W / 64, H / 40)))
            bar.set_pixel_size(px)
            while bar.width() > W - 16 and px > 9:
                px -= 1
                bar.set_pixel_size(px)
            # a card's choices stand over the card (the seat's own choices beside its plate)
            mine = opened is not None and any(c in bar.specs for c in opened.choices)
            rect = opened_rect if mine and opened_rect is not None else seats.get(anchor)
            if rect is None:
                x, y = (W - bar.width()) / 2, (H - bar.height()) / 2
            else:
                x = rect.center().x() - bar.width() / 2
                y = rect.top() - bar.height() - 8
                if y < 8:
                    y = rect.bottom() + 8
            bar.move(round(min(max(x, 8), W - bar.width() - 8)), round(min(max(y, 8), H - bar.height() - 8)))
            bar.show()
            bar.raise_()

    def focus_action(self, action: Action) -> bool:
        """Put the keyboard on the control that chooses ``action``; False if no bar has one."""
        return any(bar.focus_action(action) for bar in self.bars.values())

    def focusables(self) -> list[QWidget]:
        """Every control of the bars, in the order Tab goes through them."""
        out: list[QWidget] = []
        for bar in self.bars.values():
            out += bar.focusables()
        return out
