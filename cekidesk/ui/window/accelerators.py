"""Accelerators (the ``&`` letters) unique within each menu and the menu bar, in every language.

The texts come from many places (the window's commands, the features' actions, the games' words)
and from four translations; two of them in one menu may mark the same letter (English "&New…" and
"&Next hand"; a Javanese "(&S)" twice).  :func:`unique_accelerators` keeps the first of a letter and
moves each later one to a free letter of its text — a word's first letter first — as KDE's
accelerator manager does; a text written in aksara Jawa ("ꦲꦚꦂ(&A)…") gets a free Latin letter in
its brackets.  A text with no free letter loses its mark rather than share one.
"""
from __future__ import annotations

import re
import string
from collections.abc import Iterable

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QMenuBar

#: an accelerator written after the text, as East Asian and aksara Jawa menus do: "ꦲꦚꦂ(&A)"
_BRACKETED = re.compile(r"\(&([^&])\)")


def accelerator(text: str) -> str | None:
    """The letter ``text`` marks with ``&`` (casefolded), or None (``&&`` is a plain ``&``)."""
    i = 0
    while i < len(text) - 1:
        if text[i] == "&":
            if text[i + 1] != "&":
                return text[i + 1].casefold()
            i += 1
        i += 1
    return None


def _unmarked(text: str) -> str:
    """``text`` without its accelerator's ``&`` (``&&`` kept)."""
    out, i = [], 0
    while i < len(text):
        if text[i] == "&" and i + 1 < len(text):
            if text[i + 1] == "&":
                out.append("&&")
                i += 2
                continue
            i += 1
            continue
        out.append(text[i])
        i += 1
    return "".join(out)


def _remarked(text: str, used: set[str]) -> str:
    """``text`` with its mark on a letter not in ``used`` (a word's first letter first)."""
    bracket = _BRACKETED.search(text)
    if bracket is not None:
        free = next((ch for ch in string.ascii_uppercase if ch.casefold() not in used), None)
        return text[:bracket.start()] + (f"(&{free})" if free else "") + text[bracket.end():]
    plain = _unmarked(text)
    letters = [i for i, ch in enumerate(plain) if ch.isalnum() and not (i > 0 and plain[i - 1] == "&")]
    starts = [i for i in letters if i == 0 or not plain[i - 1].isalnum()]
    for i in starts + [i for i in letters if i not in starts]:
        if plain[i].casefold() not in used:
            return plain[:i] + "&" + plain[i:]
    return plain


def unique_in(actions: Iterable[QAction]) -> None:
    """Make the accelerators of ``actions`` (one menu's, in their order) unique: the first text to
    mark a letter keeps it, then each later one moves to a letter nobody marks."""
    marked = [(a, accelerator(a.text())) for a in actions if not a.isSeparator()]
    used: set[str] = set()
    moving: list[QAction] = []
    for a, key in marked:
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
