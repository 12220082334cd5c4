"""The hint's words: why a computer player chose its move, in one line.

A bot's :class:`~cekidesk.engine.bot.Decision` carries ``reasons``, ``(code, params)`` pairs such
as ``("ceki.unseen", {"kind": "C9", "n": 3, "of": 4})`` or ``("search.deals", {"deals": 412,
"prior": True})``.  Each code is worded by the text registered under ``"reason." + code`` (games
register theirs in their ``texts.py`` with :func:`cekidesk.ui.foundations.names.register_texts`, as they do
their other texts; the search's own texts are registered here).  A text fills in its parameters:

* ``{kind}`` (and any parameter whose name ends in ``_kind``) is a card code, written with the
  ``namer`` the window passes (the player's card-name form);
* a whole number is written as the locale writes numbers (``{of}``); ``%Ln`` (or ``%n``, digits
  only) is the number that counts something and chooses the plural form: the parameter ``n``, or,
  in a reason without one, its first whole-number parameter (``deals`` of ``search.deals``);
* a true/false parameter chooses the text: when ``prior`` is true, ``reason.search.deals.prior`` is
  used if it is registered (several true ones: their names in alphabetical order, joined by dots);
* any other text parameter is one of the game's words, registered as ``<game>.<param>.<value>``
  (``{"combo": "macan"}`` in ``pei.combo`` is the text ``pei.combo.macan``).

A reason whose code has no text, or whose parameter cannot be worded, is left out (and logged at
debug level): a player never sees a code.
"""
from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, QLocale

from . import names
from .i18n import QT_TRANSLATE_NOOP

log = logging.getLogger(__name__)

_COUNT = re.compile(r"%L?n")   # Qt's count: %n, or %Ln written as the locale writes numbers

names.register_texts("Reasons", {
    "reason.search.deals": QT_TRANSLATE_NOOP("Reasons", "played out best in %Ln imagined deal(s)"),
    "reason.search.deals.prior": QT_TRANSLATE_NOOP("Reasons", "confirmed in %Ln imagined deal(s)"),
})

# The games' reasons that say exactly what is true of the hand (issue 32: the hint tells the truth;
# tests/test_hint_claims.py checks each claim in played positions).  The games' other reasons are
# worded in their own texts.py.
names.register_texts("HintReasons", {
    "reason.ceki.take_pair": QT_TRANSLATE_NOOP("HintReasons", "the {kind} makes a pair"),
    "reason.ceki.take_adds": QT_TRANSLATE_NOOP("HintReasons", "the {kind} joins a set of its value you already hold"),
    "reason.ceki.take_only": QT_TRANSLATE_NOOP("HintReasons",
                                               "the stock is closed: the {kind} is the only card to take"),
    "reason.ceki.draw_no_win": QT_TRANSLATE_NOOP("HintReasons", "the {kind} on the pile does not complete your hand"),
    "reason.ceki.caller_throws": QT_TRANSLATE_NOOP("HintReasons",
                                                   "after a ceki call the card you drew goes straight out"),
    "reason.ceki.breaks_pair": QT_TRANSLATE_NOOP("HintReasons", "it breaks up a pair: one {kind} stays in your hand"),
    "reason.ceki.breaks_set": QT_TRANSLATE_NOOP("HintReasons", "it breaks up a set of three: a pair stays"),
    "reason.ceki.spare": QT_TRANSLATE_NOOP("HintReasons", "the {kind} is one more than its set of three needs"),
    "reason.pei.nothing_captures": QT_TRANSLATE_NOOP("HintReasons", "no card of yours captures now"),
    "reason.balik.no_call_dead": QT_TRANSLATE_NOOP("HintReasons", "no card that completes the hand is left to come"),
    "reason.kartu-lima.takes_trick": QT_TRANSLATE_NOOP("HintReasons", "{kind} beats the cards played so far"),
    "reason.ce_pe.swap_largest": QT_TRANSLATE_NOOP("HintReasons", "swaps hands with the player who holds most cards"),
})


def describe_reasons(reasons: Sequence[tuple[str, dict]], namer: Callable[[str], str]) -> str:
    """``reasons`` (a ``Decision.reasons``) as one translated line, the reasons joined by "; " in
    their order; "" if there is nothing to say.  ``namer`` writes a card code as the player reads it."""
    parts = [part for code, params in reasons if (part := _describe(code, params, namer))]
    return QCoreApplication.translate("Reasons", "; ").join(parts)


def _describe(code: str, params: Mapping[str, Any], namer: Callable[[str], str]) -> str:
    key = _text_key(code, params)
    if key is None:
        log.debug("no words for the reason %r", code)
        return ""
    try:
        values = {name: _word(code, name, value, namer) for name, value in params.items()
                  if not isinstance(value, bool)}
        n = _count(params)
        if n is None and _COUNT.search(names.text(key)):
            raise ValueError("nothing to count")
        return names.text(key, n=n).format(**values)
    except (ValueError, KeyError, IndexError) as exc:
        log.debug("the reason %r %r cannot be worded: %s", code, dict(params), exc)
        return ""


def _text_key(code: str, params: Mapping[str, Any]) -> str | None:
    """The registered text for ``code`` with the variant its true/false parameters choose."""
    base = "reason." + code
    flags = sorted(name for name, value in params.items() if value is True)
    for key in ((".".join([base, *flags]), base) if flags else (base,)):
        if names.has_text(key):
            return key
    return None


def _count(params: Mapping[str, Any]) -> int | None:
    """The number ``%n`` counts: ``n``, else the first whole-number parameter (None: there is none)."""
    numbers = [(name, v) for name, v in params.items() if isinstance(v, int) and not isinstance(v, bool)]
    return next((v for name, v in numbers if name == "n"), numbers[0][1] if numbers else None)


def _word(code: str, name: str, value: Any, namer: Callable[[str], str]) -> str:
    """One parameter as the player reads it; ValueError if it cannot be worded."""
    if name == "kind" or name.endswith("_kind"):
        if names.as_kind(value) is None and names.as_wkind(value) is None:
            raise ValueError(f"{name}={value!r} is not a card")
        return namer(value)
    if isinstance(value, int):
        return QLocale().toString(value)
    key = f"{code.split('.', 1)[0]}.{name}.{value}"
    if isinstance(value, str) and names.has_text(key):
        return names.text(key)
    raise ValueError(f"no words for the parameter {name}={value!r}")
