"""Mnemonics (the ``&`` letters: Alt+letter) unique in each dialog, in every language.

A dialog's buttons, check boxes, labels with a buddy, group boxes and tabs take their texts from
several places and four translations; two of them may mark one letter (Javanese "&Pemain:" and
"&Pungkasan:" in New Game; "(&P)" twice in aksara Jawa), and Alt+P then only cycles between them.
:func:`unique_in_dialog` keeps the first of a letter and moves each later one to a free letter of its
text — a word's first letter first (the menus' accelerators, ``ui/window/accelerators.py``, use these rules too) — or,
for a text written in aksara Jawa ("ꦥꦼꦩꦺꦤ꧀(&P):"), to a free Latin letter in its brackets.  A text with
no free letter loses its mark rather than share one.

:class:`DialogMnemonics`, installed on the main window, runs it for every dialog and message box
the window makes (and their own dialogs) when it is shown and again after a language change (once
the dialog has put its new texts in); a dialog that makes new texts while open (New Game's game)
calls :func:`unique_in_dialog` itself.
"""
from __future__ import annotations

import re
import string
from collections.abc import Callable, Sequence
from functools import partial

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QAbstractButton, QDialog, QGroupBox, QLabel, QTabBar, QWidget

#: a mnemonic written after the text, as aksara Jawa texts do: "ꦥꦼꦩꦺꦤ꧀(&P)"
_BRACKETED = re.compile(r"\(&([^&])\)")


def marked(text: str) -> str | None:
    """The letter ``text`` marks with ``&`` (casefolded), or None (``&&`` is a plain ``&``)."""
    i = 0
    while i < len(text) - 1:
        if text[i] == "&":
            if text[i + 1] != "&":
                return text[i + 1].casefold()
            i += 1
        i += 1
    return None


def _plain(text: str) -> str:
    """``text`` without its mark's ``&`` (``&&`` kept)."""
    return re.sub(r"&(.)", lambda m: m.group(0) if m.group(1) == "&" else m.group(1), text)


def remarked(text: str, used: set[str]) -> str:
    """``text`` with its mark on a letter not in ``used`` (a word's first letter first)."""
    bracket = _BRACKETED.search(text)
    if bracket is not None:
        free = next((ch for ch in string.ascii_uppercase if ch.casefold() not in used), None)
        return text[:bracket.start()] + (f"(&{free})" if free else "") + text[bracket.end():]
    plain = _plain(text)
    letters = [i for i, ch in enumerate(plain) if ch.isalnum() and ch.isascii()
               and not (i > 0 and plain[i - 1] == "&")]
    starts = [i for i in letters if i == 0 or not plain[i - 1].isalnum()]
    for i in starts + [i for i in letters if i not in starts]:
        if plain[i].casefold() not in used:
            return plain[:i] + "&" + plain[i:]
    return plain


def unique_marks(texts: Sequence[str]) -> list[str]:
    """``texts`` (in their order) with unique marks: the first to mark a letter keeps it, then each
    later one moves to a letter nobody marks."""
    out = list(texts)
    used: set[str] = set()
    moving: list[int] = []
    for i, text in enumerate(out):
        key = marked(text)
        if key is None:
            continue
        if key in used:
            moving.append(i)
        else:
            used.add(key)
    for i in moving:
        out[i] = remarked(out[i], used)
        key = marked(out[i])
        if key is not None:
            used.add(key)
    return out


def _set_tab_text(bar: QTabBar, i: int, text: str) -> None:
    bar.setTabText(i, text)


def _texts(top: QWidget) -> list[tuple[str, Callable[[str], None]]]:
    """Every text of ``top`` that can carry a mnemonic, in the order the widgets were made, with how
    to set it again: buttons, labels with a buddy (plain text), group boxes, tabs."""
    found: list[tuple[str, Callable[[str], None]]] = []
    for w in top.findChildren(QWidget):
        if w.window() is not top:
            continue        # (a dialog's own dialog has its own letters)
        if isinstance(w, QAbstractButton):
            found.append((w.text(), w.setText))
        elif isinstance(w, QLabel) and w.buddy() is not None and "<" not in w.text():
            found.append((w.text(), w.setText))
        elif isinstance(w, QGroupBox):
            found.append((w.title(), w.setTitle))
        elif isinstance(w, QTabBar):
            found += [(w.tabText(i), partial(_set_tab_text, w, i)) for i in range(w.count())]
    return found


def unique_in_dialog(top: QWidget) -> None:
    """Make the mnemonics of ``top``'s widgets unique (see the module)."""
    found = _texts(top)
    for (old, put), new in zip(found, unique_marks([text for text, _ in found]), strict=True):
        if new != old:
            put(new)


def dialog_marks(top: QWidget) -> list[tuple[str, str]]:
    """(letter, text) of every mnemonic of ``top`` (for tests and checks)."""
    return [(key, text) for text, _ in _texts(top) if (key := marked(text)) is not None]


class DialogMnemonics(QObject):
    """Every dialog of a window (and each dialog's own dialogs) with unique mnemonics when it is
    shown and after a language change.  It watches the window for a dialog or message box made
    as its child (``ChildPolished``, before the dialog is first shown), then that dialog itself:
    never the whole application's events."""

    def watch(self, obj: QObject) -> None:
        obj.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.ChildPolished:   # (a new child is polished before it is first shown)
            child = event.child()   # type: ignore[attr-defined]
            if isinstance(child, QDialog):
                self.watch(child)       # (installed again: Qt keeps one)
        elif isinstance(watched, QDialog) and kind in (QEvent.Type.Show, QEvent.Type.LanguageChange):
            if kind == QEvent.Type.Show:
                unique_in_dialog(watched)
            # (after a language change the dialog retranslates in its own handler: once it has)
            QTimer.singleShot(0, watched, partial(unique_in_dialog, watched))
        return False


def install(window: QWidget) -> DialogMnemonics:
    """Watch ``window`` for its dialogs (see :class:`DialogMnemonics`)."""
    f = DialogMnemonics(window)
    f.watch(window)
    return f


__all__ = ["DialogMnemonics", "dialog_marks", "install", "marked", "remarked", "unique_in_dialog", "unique_marks"]
