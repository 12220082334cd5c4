"""Several people at one computer: the screen that covers the table between two people's turns.

The controller decides who is to move and when the table must be hidden
(:attr:`~cekidesk.ui.adapters.controller.GameController.screened`); the window blanks the table
(:meth:`~cekidesk.ui.table.TableWidget.set_blank`: no card of anybody's hand is left in the scene)
and lays this screen over it.  It names the person the computer is to be handed to and waits for
them: Enter (anywhere in the window) or its button shows their view.  While only computer players
move it says so and waits for nobody.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import QApplication, QFrame, QLabel, QPushButton, QVBoxLayout, QWidget


class PassScreen(QFrame):
    """An opaque screen over the whole table (a child of the table, always its size).  ``ready``:
    the person named said they are at the computer."""

    ready = Signal()

    def __init__(self, table: QWidget):
        super().__init__(table)
        self.setObjectName("passScreen")
        self.setAutoFillBackground(True)
        self.setStyleSheet("#passScreen { background: #16402c; } #passScreen QLabel { color: #f4f1e4; }")
        self._name: str | None = None
        self.title = QLabel(self)
        self.title.setObjectName("passTitle")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title.setWordWrap(True)
        self.button = QPushButton(self)
        self.button.setObjectName("passReady")
        self.button.clicked.connect(self._ready)
        box = QVBoxLayout(self)
        box.addStretch(1)
        box.addWidget(self.title)
        box.addSpacing(24)
        box.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        box.addStretch(1)
        # Enter wherever the keyboard is in the window (the table keeps it after a dialog closes)
        self._keys = [QShortcut(QKeySequence(k), self, context=Qt.ShortcutContext.WindowShortcut)
                      for k in (Qt.Key.Key_Return, Qt.Key.Key_Enter)]
        for sc in self._keys:
            sc.activated.connect(self._ready)
        table.installEventFilter(self)
        self._fit_font()
        self.hide()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and watched is self.parent():
            self.setGeometry(watched.rect())   # type: ignore[attr-defined]
        return False

    def _fit_font(self) -> None:
        """The name large, in the interface font (which aksara Jawa makes larger)."""
        f = QFont(QApplication.font())
        f.setPointSizeF(f.pointSizeF() * 1.8)
        self.title.setFont(f)

    def show_for(self, name: str | None) -> None:
        """Cover the table, asking for ``name`` (None: the computer players are moving, nobody is
        asked for yet)."""
        self._name = name
        self._retranslate()
        parent = self.parentWidget()
        if parent is not None:
            self.setGeometry(parent.rect())
        self.show()
        self.raise_()
        if name is not None and self.window().isActiveWindow():
            self.button.setFocus(Qt.FocusReason.OtherFocusReason)

    def asking_for(self) -> str | None:
        """The name asked for now (None: nobody, or the screen is hidden)."""
        return self._name if self.isVisible() else None

    def _retranslate(self) -> None:
        if self._name is None:
            self.title.setText(self.tr("The computer players are moving…"))
        else:
            self.title.setText(self.tr("Pass to {name} — press Enter when ready").format(name=self._name))
        self.button.setText(self.tr("&Ready"))
        self.button.setVisible(self._name is not None)
        for sc in self._keys:
            sc.setEnabled(self._name is not None)
        self.title.setAccessibleName(self.title.text())
        self.button.setAccessibleName(self.title.text())

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._fit_font()
            self._retranslate()
        super().changeEvent(event)

    def _ready(self) -> None:
        if self.isVisible() and self._name is not None:
            self.ready.emit()
