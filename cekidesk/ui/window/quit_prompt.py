"""The question at quit when something could not be written (the game's automatic save, the
statistics): what would be lost, and *Save As…*, *Quit anyway* or *Cancel*.  :func:`ask` shows it
(tests answer it instead); :func:`make_box` builds it (for a picture of it)."""
from __future__ import annotations

from typing import Literal

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QPushButton, QWidget

from ..foundations import i18n

Choice = Literal["save_as", "quit", "cancel"]
# what the statistics became at quit: written, kept aside for the next start, or lost
StatisticsFate = Literal["saved", "kept", "lost"]


def quit_text(game_detail: str | None, statistics: StatisticsFate) -> str:
    """The question's words: the game's moves at risk (``game_detail``: why it could not be saved;
    None: the game is safe), and what became of the statistics."""
    parts: list[str] = []
    if game_detail is not None:
        parts.append(QCoreApplication.translate(
            "QuitPrompt", "The game could not be saved automatically ({detail}). If you quit now, the moves "
            "played since it was last saved are lost; Save As… keeps the game in a file you choose.").format(
            detail=game_detail))
    if statistics == "kept":
        parts.append(QCoreApplication.translate(
            "QuitPrompt", "Your statistics could not be saved either; they are kept aside and counted at the "
            "next start."))
    elif statistics == "lost":
        parts.append(QCoreApplication.translate(
            "QuitPrompt", "Your statistics could not be saved anywhere: the hands played since they were last "
            "saved will not be counted."))
    return "\n\n".join(parts)


def no_answer_detail() -> str:
    """Why the game is at risk when the disk did not finish writing it."""
    return QCoreApplication.translate("QuitPrompt", "the disk did not answer in time")


def make_box(parent: QWidget | None, text: str, can_save: bool) -> tuple[QMessageBox, dict[Choice, QPushButton]]:
    """The question, not shown yet, and its buttons by choice (*Save As…* only when ``can_save``)."""
    box = QMessageBox(parent)
    box.setObjectName("quitPrompt")
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(i18n.latin(lambda: QCoreApplication.translate("QuitPrompt", "Not everything is saved")))
    box.setText(text)
    buttons: dict[Choice, QPushButton] = {}
    if can_save:
        buttons["save_as"] = box.addButton(QCoreApplication.translate("MainWindow", "Save &As…"),
                                           QMessageBox.ButtonRole.AcceptRole)
    buttons["quit"] = box.addButton(QCoreApplication.translate("QuitPrompt", "&Quit anyway"),
                                    QMessageBox.ButtonRole.DestructiveRole)
    buttons["cancel"] = box.addButton(QCoreApplication.translate("QuitPrompt", "Cancel"),
                                      QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(buttons["cancel"])
    box.setEscapeButton(buttons["cancel"])
    return box, buttons


def ask(parent: QWidget | None, text: str, can_save: bool) -> Choice:
    """Show the question and wait for the answer (closing it is *Cancel*)."""
    box, buttons = make_box(parent, text, can_save)
    box.exec()
    clicked = box.clickedButton()
    box.deleteLater()
    return next((choice for choice, b in buttons.items() if b is clicked), "cancel")
