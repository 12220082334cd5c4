"""Accelerators (the ``&`` letters) unique within each menu and the menu bar, in every language.

The texts come from many places (the window's commands, the features' actions, the games' words)
and from four translations; two of them in one menu may mark the same letter (English "&New…" and
"&Next hand"; a Javanese "(&S)" twice).  :func:`unique_accelerators` keeps the first of a letter and
moves each later one to a free letter of its text — a word's first letter first — as KDE's
accelerator manager does; a text written in aksara Jawa ("ꦲꦚꦂ(&A)…") gets a free Latin letter in
its brackets.  A text with no free letter loses its mark rather than share one.
"""
from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QMenuBar

from ..widgets.mnemonics import marked, remarked

#: the letter a text marks (casefolded) and the text with its mark moved to a free letter: the same
#: rules as the dialogs' mnemonics (a word's first letter first; aksara Jawa's "(&A)" a free Latin one)
accelerator = marked
_remarked = remarked


def unique_in(actions: Iterable[QAction]) -> None:
    """Make the accelerators of ``actions`` (one menu's, in their order) unique: the first text to
    mark a letter keeps it, then each later one moves to a letter nobody marks."""
    keys = [(a, accelerator(a.text())) for a in actions if not a.isSeparator()]
    used: set[str] = set()
    moving: list[QAction] = []
    for a, key in keys:
        if key is None:
            continue
        if key in used:
            moving.append(a)
        else:
            used.add(key)
    for a in moving:
        a.setText(_remarked(a.text(), used))
        key = accelerator(a.text())
        if key is not None:
            used.add(key)


def unique_accelerators(bar: QMenuBar) -> None:
    """Every menu of ``bar`` (and the bar itself) with unique accelerators."""
    unique_in(bar.actions())
    for menu in bar.findChildren(QMenu):
        unique_in(menu.actions())
