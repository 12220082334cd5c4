"""The window's first size and place (no geometry remembered yet): 1280×720, or less on a smaller
screen, inside the screen's *available* geometry (without the task bar and panels), centred.  The
window manager's frame and title bar are not known before the window is shown: room is left for them,
so the status line at the bottom is never cut off."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize

#: the first client area on a screen that has room for it
FIRST_SIZE = QSize(1280, 720)
#: room left for the frame a window manager draws around the client area (sides; title bar and bottom)
FRAME = QSize(16, 48)


def first_geometry(available: QRect, minimum: QSize | None = None) -> tuple[QPoint, QSize]:
    """The first place of the window's frame (what ``QWidget.move`` takes) and size of its client
    area (what ``QWidget.resize`` takes) on a screen whose available geometry is ``available``: the
    frame and the client centred in it, the client never below ``minimum`` (the window's smallest)."""
    room = QSize(max(1, available.width() - FRAME.width()), max(1, available.height() - FRAME.height()))
    size = FIRST_SIZE.boundedTo(room).expandedTo(minimum if minimum is not None else QSize(0, 0))
    left = available.left() + max(0, (available.width() - size.width() - FRAME.width()) // 2)
    top = available.top() + max(0, (available.height() - size.height() - FRAME.height()) // 2)
    return QPoint(left, top), size
