"""The persistence layer's sentences in the player's language, without Qt.

A refusal or a notice carries its words as :class:`Words`: a text marked with
``QT_TRANSLATE_NOOP(context, text)`` (lupdate reads the call, as it reads the window's ``tr``) and the
values of its ``{placeholders}``, which may be words themselves.  The window renders them with
``QCoreApplication.translate`` (``words.render(QCoreApplication.translate)``); without a translator
they read in English, as ``str()`` of the error does.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

#: (context, source text) -> the text in the player's language
Translate = Callable[[str, str], str]


def QT_TRANSLATE_NOOP(context: str, source: str) -> str:   # noqa: N802 (the name lupdate looks for)
    """Marks ``source`` for translation in ``context``; the window translates it when shown."""
    return source


def english(_context: str, source: str) -> str:
    """The source text itself: the words as the code writes them."""
    return source


@dataclass(frozen=True)
class Joined:
    """Several phrases in a row, joined by ``separator`` ("; " between problems, ", " in a place)."""

    parts: Sequence[Phrase]
    separator: str = "; "

    def render(self, translate: Translate = english) -> str:
        return self.separator.join(render(p, translate) for p in self.parts)


@dataclass(frozen=True)
class Words:
    """A translatable text (``source`` in ``context``) and the values of its placeholders."""

    context: str
    source: str
    params: dict[str, Phrase] = field(default_factory=dict)

    def render(self, translate: Translate = english) -> str:
        values = {name: render(value, translate) for name, value in self.params.items()}
        return translate(self.context, self.source).format(**values)


#: what a placeholder holds: words, several of them, or a plain value (a file name, a number)
Phrase = Words | Joined | str | int


def render(phrase: Phrase, translate: Translate = english) -> str:
    """``phrase`` in the words ``translate`` gives (plain values as they are)."""
    if isinstance(phrase, Words | Joined):
        return phrase.render(translate)
    return str(phrase)
