"""The question at start: continue the unfinished game, or begin a new one?"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from cekidesk.persistence.saves import LoadedGame

from ..foundations import i18n, names


def describe_saved(loaded: LoadedGame) -> str:
    """One line about an unfinished game: the game, the opponents (with several people, every
    player: each person is named), the hand and, if it can be shown
    in this computer's time zone, when it was saved (any date leaves the line without a date rather
    than failing: a date near the year 1 or 9999 may not fit the local time zone)."""
    m = loaded.match
    doc = loaded.document
    others = ", ".join(s.name for s in loaded.seats if s.kind != "human")
    shown = names.seat_display_names([(s.kind, s.name) for s in loaded.seats])
    people = [name for s, name in zip(loaded.seats, shown, strict=True) if s.kind == "human"]
    when = ""
    if doc.saved_at is not None:
        try:
            when = doc.saved_at.astimezone().strftime("%Y-%m-%d %H:%M")
        except (ValueError, OSError, OverflowError):
            when = ""
    if len(people) > 1:     # several people at this computer: every one of them named
        players = ", ".join(shown)
        text = QCoreApplication.translate("ContinueQuestion", "{game}: {players} — hand {hand}").format(
            game=names.game_title(m.spec), players=players, hand=m.hand_index + 1)
    else:
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


__all__ = ["ask_continue", "describe_saved"]
