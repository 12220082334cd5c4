"""Words for the codes the engine uses: card names, game titles, option texts, bot levels, win kinds,
money.  The engine speaks in codes ("S9", "ceki.option.iyo_one_rank", "double"); the window speaks
through this module.

Every string is marked with ``QT_TRANSLATE_NOOP(context, text)`` where it is written and looked up
with ``QCoreApplication.translate(context, text)`` when it is shown, so ``pyside6-lupdate`` finds
them all and an Indonesian or Javanese translation only has to load a ``.qm`` file.

Contexts: ``CardName`` (English card names), ``JavaneseCardName`` (the Javanese names in Latin
letters, RULINGS §1; a translation may give them in Javanese script), ``Terms`` (game titles, option
texts, match modes, bot levels, win kinds and other game words).
"""
from __future__ import annotations

import logging
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QLocale

from cekidesk.engine.cards import Kind

log = logging.getLogger(__name__)


def _tr(context: str, text: str) -> str:
    return QCoreApplication.translate(context, text)


# ---------------------------------------------------------------------------------------------
# Cards

_CARD_EN: dict[Kind, str] = {
    Kind.C1: QT_TRANSLATE_NOOP("CardName", "1 of Coins"),
    Kind.C2: QT_TRANSLATE_NOOP("CardName", "2 of Coins"),
    Kind.C3: QT_TRANSLATE_NOOP("CardName", "3 of Coins"),
    Kind.C4: QT_TRANSLATE_NOOP("CardName", "4 of Coins"),
    Kind.C5: QT_TRANSLATE_NOOP("CardName", "5 of Coins"),
    Kind.C6: QT_TRANSLATE_NOOP("CardName", "6 of Coins"),
    Kind.C7: QT_TRANSLATE_NOOP("CardName", "7 of Coins"),
    Kind.C8: QT_TRANSLATE_NOOP("CardName", "8 of Coins"),
    Kind.C9: QT_TRANSLATE_NOOP("CardName", "9 of Coins"),
    Kind.S1: QT_TRANSLATE_NOOP("CardName", "1 of Strings"),
    Kind.S2: QT_TRANSLATE_NOOP("CardName", "2 of Strings"),
    Kind.S3: QT_TRANSLATE_NOOP("CardName", "3 of Strings"),
    Kind.S4: QT_TRANSLATE_NOOP("CardName", "4 of Strings"),
    Kind.S5: QT_TRANSLATE_NOOP("CardName", "5 of Strings"),
    Kind.S6: QT_TRANSLATE_NOOP("CardName", "6 of Strings"),
    Kind.S7: QT_TRANSLATE_NOOP("CardName", "7 of Strings"),
    Kind.S8: QT_TRANSLATE_NOOP("CardName", "8 of Strings"),
    Kind.S9: QT_TRANSLATE_NOOP("CardName", "9 of Strings"),
    Kind.M1: QT_TRANSLATE_NOOP("CardName", "1 of Myriads"),
    Kind.M2: QT_TRANSLATE_NOOP("CardName", "2 of Myriads"),
    Kind.M3: QT_TRANSLATE_NOOP("CardName", "3 of Myriads"),
    Kind.M4: QT_TRANSLATE_NOOP("CardName", "4 of Myriads"),
    Kind.M5: QT_TRANSLATE_NOOP("CardName", "5 of Myriads"),
    Kind.M6: QT_TRANSLATE_NOOP("CardName", "6 of Myriads"),
    Kind.M7: QT_TRANSLATE_NOOP("CardName", "7 of Myriads"),
    Kind.M8: QT_TRANSLATE_NOOP("CardName", "8 of Myriads"),
    Kind.M9: QT_TRANSLATE_NOOP("CardName", "9 of Myriads"),
    Kind.WF: QT_TRANSLATE_NOOP("CardName", "White Flower"),
    Kind.RF: QT_TRANSLATE_NOOP("CardName", "Red Flower"),
    Kind.OT: QT_TRANSLATE_NOOP("CardName", "Old Thousand"),
}

# The Surakarta/Yogyakarta names (RULINGS §1, first name of each entry), in Latin letters.
_CARD_JV: dict[Kind, str] = {
    Kind.C1: QT_TRANSLATE_NOOP("JavaneseCardName", "kasut"),
    Kind.C2: QT_TRANSLATE_NOOP("JavaneseCardName", "plompong"),
    Kind.C3: QT_TRANSLATE_NOOP("JavaneseCardName", "plenthi"),
    Kind.C4: QT_TRANSLATE_NOOP("JavaneseCardName", "tambur"),
    Kind.C5: QT_TRANSLATE_NOOP("JavaneseCardName", "kanthong"),
    Kind.C6: QT_TRANSLATE_NOOP("JavaneseCardName", "kerok"),
    Kind.C7: QT_TRANSLATE_NOOP("JavaneseCardName", "kéra"),
    Kind.C8: QT_TRANSLATE_NOOP("JavaneseCardName", "picis"),
    Kind.C9: QT_TRANSLATE_NOOP("JavaneseCardName", "glindhing"),
    Kind.S1: QT_TRANSLATE_NOOP("JavaneseCardName", "bedor"),
    Kind.S2: QT_TRANSLATE_NOOP("JavaneseCardName", "déngkék"),
    Kind.S3: QT_TRANSLATE_NOOP("JavaneseCardName", "gunung"),
    Kind.S4: QT_TRANSLATE_NOOP("JavaneseCardName", "cawang"),
    Kind.S5: QT_TRANSLATE_NOOP("JavaneseCardName", "lima lintrik"),
    Kind.S6: QT_TRANSLATE_NOOP("JavaneseCardName", "kléja"),
    Kind.S7: QT_TRANSLATE_NOOP("JavaneseCardName", "pitu lintrik"),
    Kind.S8: QT_TRANSLATE_NOOP("JavaneseCardName", "wolu lintrik"),
    Kind.S9: QT_TRANSLATE_NOOP("JavaneseCardName", "sanga bang"),
    Kind.M1: QT_TRANSLATE_NOOP("JavaneseCardName", "petik"),
    Kind.M2: QT_TRANSLATE_NOOP("JavaneseCardName", "dhimpil"),
    Kind.M3: QT_TRANSLATE_NOOP("JavaneseCardName", "telu cina"),
    Kind.M4: QT_TRANSLATE_NOOP("JavaneseCardName", "papat cina"),
    Kind.M5: QT_TRANSLATE_NOOP("JavaneseCardName", "lima cina"),
    Kind.M6: QT_TRANSLATE_NOOP("JavaneseCardName", "nem cina"),
    Kind.M7: QT_TRANSLATE_NOOP("JavaneseCardName", "pitu cina"),
    Kind.M8: QT_TRANSLATE_NOOP("JavaneseCardName", "wolu cina"),
    Kind.M9: QT_TRANSLATE_NOOP("JavaneseCardName", "kéyang"),
    Kind.WF: QT_TRANSLATE_NOOP("JavaneseCardName", "kucing"),
    Kind.RF: QT_TRANSLATE_NOOP("JavaneseCardName", "kenci"),
    Kind.OT: QT_TRANSLATE_NOOP("JavaneseCardName", "iyo ratu"),
}

_VALUE: dict[int, str] = {  # the value a set is made of, as in "a set of 5s"
    1: QT_TRANSLATE_NOOP("Terms", "1s"), 2: QT_TRANSLATE_NOOP("Terms", "2s"),
    3: QT_TRANSLATE_NOOP("Terms", "3s"), 4: QT_TRANSLATE_NOOP("Terms", "4s"),
    5: QT_TRANSLATE_NOOP("Terms", "5s"), 6: QT_TRANSLATE_NOOP("Terms", "6s"),
    7: QT_TRANSLATE_NOOP("Terms", "7s"), 8: QT_TRANSLATE_NOOP("Terms", "8s"),
    9: QT_TRANSLATE_NOOP("Terms", "9s"),
}
_HONOUR_VALUE: dict[Kind, str] = {
    Kind.WF: QT_TRANSLATE_NOOP("Terms", "White Flowers"),
    Kind.RF: QT_TRANSLATE_NOOP("Terms", "Red Flowers"),
    Kind.OT: QT_TRANSLATE_NOOP("Terms", "Old Thousands"),
}


def as_kind(card: Any) -> Kind | None:
    """A Kind from a Kind or a card code ("S9"); None if it is neither."""
    if isinstance(card, Kind):
        return card
    if isinstance(card, str):
        try:
            return Kind.parse(card)
        except ValueError:
            return None
    return None


def card_name(card: Any) -> str:
    """The English (translated) name of a card kind or code: "9 of Strings"."""
    k = as_kind(card)
    if k is None:
        code = getattr(card, "code", None)
        return str(code if code is not None else card)
    return _tr("CardName", _CARD_EN[k])


def javanese_name(card: Any) -> str:
    """The Javanese name of a Ceki kind in Latin letters ("sanga bang"); "" for other cards."""
    k = as_kind(card)
    return _tr("JavaneseCardName", _CARD_JV[k]) if k is not None else ""


def card_label(card: Any, style: str = "latin") -> str:
    """The name shown in tooltips and the help: "9 of Strings — sanga bang".

    ``style`` is the Settings ``card_names`` value.  Javanese script is wired by the translations
    work (the ``JavaneseCardName`` context); until then "javanese" and "both" show the Latin
    spelling too, so nothing is ever blank.
    """
    name = card_name(card)
    jv = javanese_name(card)
    if not jv:
        return name
    if style == "javanese":
        return QCoreApplication.translate("CardName", "{javanese} — {english}").format(english=name, javanese=jv)
    return QCoreApplication.translate("CardName", "{english} — {javanese}").format(english=name, javanese=jv)


def card_namer(style: str = "latin"):
    """A ``kind -> name`` function for the table's tooltips."""
    return lambda kind: card_label(kind, style)


def value_name(card: Any) -> str:
    """The value a card makes sets with, in the plural: "5s", "White Flowers"."""
    k = as_kind(card)
    if k is None:
        return str(card)
    if k.is_honour:
        return _tr("Terms", _HONOUR_VALUE[k])
    return _tr("Terms", _VALUE[k.pips])


def by_value(card: Any) -> tuple[int, int]:
    """Sort key that keeps cards of one value together: the 1s … the 9s, then the special cards."""
    k = as_kind(card)
    if k is None:
        return (99, 0)
    return (k.pips if not k.is_honour else 10 + k.value, k.value)


def card_list(cards: Any, namer: Any = None) -> str:
    """"1 of Coins, 3 of Strings and Red Flower" (each name by ``namer``, default :func:`card_name`)."""
    namer = namer or card_name
    names = [namer(c) for c in cards]
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    return QCoreApplication.translate("Terms", "{first} and {last}").format(
        first=QCoreApplication.translate("Terms", ", ").join(names[:-1]), last=names[-1])


# ---------------------------------------------------------------------------------------------
# Keys used by the engine (game titles, options, match options)

_KEYS: dict[str, str] = {
    # games
    "game.ceki": QT_TRANSLATE_NOOP("Terms", "Ceki (Kowah)"),
    "game.ceki.short": QT_TRANSLATE_NOOP("Terms", "Ceki"),
    "game.ceki.blurb": QT_TRANSLATE_NOOP(
        "Terms", "2–6 players, 120 cards. Collect three sets of three cards of one value; with two sets "
                 "and a pair you call ceki and wait for the third card."),
    # Ceki options
    "ceki.option.iyo_one_rank": QT_TRANSLATE_NOOP("Terms", "The six 1s (iyo) are one value"),
    "ceki.option.iyo_one_rank.help": QT_TRANSLATE_NOOP(
        "Terms", "White Flower, Red Flower, Old Thousand and the 1 of Coins, Strings and Myriads all "
                 "make sets with each other, as in the Javanese games. Off (the source's rule): the three "
                 "flowers and the Old Thousand make sets only with their own kind."),
    # match options
    "match.mode": QT_TRANSLATE_NOOP("Terms", "Match"),
    "match.mode.money": QT_TRANSLATE_NOOP("Terms", "Play for money: settle every hand"),
    "match.mode.target": QT_TRANSLATE_NOOP("Terms", "First to a target score"),
    "match.mode.hands": QT_TRANSLATE_NOOP("Terms", "A fixed number of hands"),
    "match.mode.money.help": QT_TRANSLATE_NOOP(
        "Terms", "Each loser pays the winner the winner's score times the stake. The match goes on "
                 "until you stop."),
    "match.mode.target.help": QT_TRANSLATE_NOOP(
        "Terms", "The match ends after the hand in which somebody reaches the target score."),
    "match.mode.hands.help": QT_TRANSLATE_NOOP(
        "Terms", "The match ends after this many hands; the highest score wins."),
    "match.stake_cents": QT_TRANSLATE_NOOP("Terms", "Stake per point"),
    "match.target": QT_TRANSLATE_NOOP("Terms", "Target score"),
    "match.hands": QT_TRANSLATE_NOOP("Terms", "Number of hands"),
    # bot levels
    "bot.random": QT_TRANSLATE_NOOP("Terms", "Beginner"),
    "bot.heuristic": QT_TRANSLATE_NOOP("Terms", "Skilled"),
    "bot.random.help": QT_TRANSLATE_NOOP("Terms", "Plays any allowed move at random."),
    "bot.heuristic.help": QT_TRANSLATE_NOOP(
        "Terms", "Counts the cards still live, builds sets and avoids feeding a player who has called."),
    # win kinds and outcomes
    "win.plain": QT_TRANSLATE_NOOP("Terms", "plain"),
    "win.double": QT_TRANSLATE_NOOP("Terms", "double"),
    "win.triple": QT_TRANSLATE_NOOP("Terms", "triple"),
    "win.plain.help": QT_TRANSLATE_NOOP(
        "Terms", "the previous player threw the card they had just drawn"),
    "win.double.help": QT_TRANSLATE_NOOP(
        "Terms", "the previous player threw a card they had been keeping"),
    "win.triple.help": QT_TRANSLATE_NOOP("Terms", "drawn from the stock"),
    "outcome.draw": QT_TRANSLATE_NOOP("Terms", "Drawn hand: the stock ran out and nobody won."),
    # settings choices
    "speed.off": QT_TRANSLATE_NOOP("Terms", "Off"),
    "speed.fast": QT_TRANSLATE_NOOP("Terms", "Fast"),
    "speed.normal": QT_TRANSLATE_NOOP("Terms", "Normal"),
    "speed.slow": QT_TRANSLATE_NOOP("Terms", "Slow"),
    "cardnames.latin": QT_TRANSLATE_NOOP("Terms", "Latin letters"),
    "cardnames.javanese": QT_TRANSLATE_NOOP("Terms", "Javanese script"),
    "cardnames.both": QT_TRANSLATE_NOOP("Terms", "Both"),
}


_CONTEXT_OF: dict[str, str] = {}   # keys registered by game UI modules: key -> translation context


def register_texts(context: str, mapping: dict[str, str]) -> None:
    """Add a game's own engine keys (option titles, combination names …).  The texts must be marked
    with ``QT_TRANSLATE_NOOP(context, …)`` where they are written; they are translated when shown."""
    for key, source in mapping.items():
        if key in _KEYS and _KEYS[key] != source:
            raise ValueError(f"the text key {key!r} is already registered")
        _KEYS[key] = source
        _CONTEXT_OF[key] = context


def has_text(key: str) -> bool:
    return key in _KEYS


def text(key: str, default: str | None = None) -> str:
    """The translated text for an engine key.  An unknown key gives ``default`` (or a readable form
    of the key itself) and a log line, never an exception."""
    source = _KEYS.get(key)
    if source is None:
        if default is not None:
            return default
        log.info("no text for the key %r", key)
        last = key.rsplit(".", 1)[-1]
        return last.replace("_", " ").capitalize()
    return _tr(_CONTEXT_OF.get(key, "Terms"), source)


def game_title(spec_or_key: Any) -> str:
    key = getattr(spec_or_key, "title_key", spec_or_key)
    return text(key)


def bot_level_name(level: str) -> str:
    return text(f"bot.{level}", level.replace("_", " ").capitalize())


def win_kind_name(kind: str) -> str:
    return text(f"win.{kind}", kind)


def win_kind_help(kind: str) -> str:
    return text(f"win.{kind}.help", "")


# ---------------------------------------------------------------------------------------------
# Numbers

def format_money(cents: int, signed: bool = True) -> str:
    """Cents as money in the player's locale, without a currency symbol: "+1.62", "−0.54", "0.00"."""
    loc = QLocale()
    units, rest = divmod(abs(int(cents)), 100)
    body = f"{loc.toString(units)}{loc.decimalPoint()}{rest:02d}"
    if cents > 0 and signed:
        return "+" + body
    if cents < 0:
        return "−" + body
    return body


def format_points(points: int, signed: bool = False) -> str:
    loc = QLocale()
    body = loc.toString(abs(int(points)))
    if points < 0:
        return "−" + body
    if points > 0 and signed:
        return "+" + body
    return body


# Sensible default names for computer players (Javanese / Indonesian).
DEFAULT_BOT_NAMES = ("Budi", "Sari", "Ayu", "Joko", "Wati", "Slamet", "Ratna", "Bambang")
