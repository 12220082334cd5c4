"""Small helpers every dialog uses: word-wrapped labels that keep room for all their lines, a spin
box that enters money in the settings' currency, and a Close button that keeps its translated text."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPushButton, QSpinBox, QWidget

from ..foundations import names


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

__all__ = ["close_buttons", "fit_wrapped_labels", "show_money_unit"]
