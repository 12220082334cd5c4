"""Card pictures in a page of a ``QTextBrowser`` (the help's pages, Ce Pe's rule preview)."""
from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import QUrl
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QTextBrowser

from ..foundations.cardpics import card_image, card_width


def picture_source(browser: QTextBrowser, dpr: float) -> Callable[[str, int, str], str]:
    """``img(code, height, title)`` for pages of ``browser``: an ``<img>`` of the card, its picture
    handed to the browser's document once (``card:<code>/<height>``)."""
    doc = browser.document()
    added: set[str] = set()

    def img(code: str, height: int, title: str = "") -> str:
        url = f"card:{code}/{height}"
        if url not in added:
            doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(url), card_image(code, height, dpr))
            added.add(url)
        w = round(card_width(height, code))
        t = html.escape(title, quote=True)
        return f'<img src="{url}" width="{w}" height="{height}" title="{t}" alt="{t}">'

    return img


__all__ = ["picture_source"]
