"""Words for the codes the engine uses: card names, game terms, game titles, option texts, bot levels,
win kinds, money.  The engine speaks in codes ("S9", "ceki.option.iyo_one_rank", "double"); the
window speaks through this module.

Every translatable string is marked with ``QT_TRANSLATE_NOOP(context, text)`` where it is written and
looked up with ``QCoreApplication.translate(context, text)`` when it is shown, so ``pyside6-lupdate``
finds them all.  Contexts: ``CardName`` (English card names and the formats that combine names),
``Terms`` (game titles, option texts, match modes, bot levels, win kinds, term glosses), plus the
contexts game UI modules register with :func:`register_texts`.

**Card names and game terms in Javanese are data, not translations.**  The Javanese card names
(RULINGS §1) and the game's own words (*ceki*, *raja*, *bunci ireng* …) are the same in every
interface language, and the player chooses separately (Settings ``card_names``: ``"latin"``,
``"javanese"`` = Javanese script, ``"both"``) how they are written — so the Javanese-script forms must
be there with the English interface too.  They are therefore kept here, in Latin letters and in aksara
Jawa, as literal tables (reviewable by eye); ``tests/test_names.py`` checks every script form against
:func:`cekidesk.aksara.transliterate` of its Latin form and against the bundled font.  Only the
English words around them (card names such as "9 of Strings", glosses such as "first seat") go
through Qt translation.
"""
from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from PySide6.QtCore import QCoreApplication, QLocale, QTranslator

from cekidesk.engine.cards import CardCodeError, Kind, WKind
from cekidesk.engine.core import GameSpec
from cekidesk.languages import LANGUAGES

from . import i18n
from .i18n import QT_TRANSLATE_NOOP

log = logging.getLogger(__name__)

STYLES = ("latin", "javanese", "both")   # the Settings card_names choices


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


class JavaneseNames(NamedTuple):
    latin: tuple[str, ...]    # first = the default name, then the alternates
    script: tuple[str, ...]   # the same names in aksara Jawa


# The Surakarta/Yogyakarta names of RULINGS §1 (first name the default; the names in brackets there
# are the alternates), in Latin letters and in aksara Jawa (made with cekidesk.aksara, checked by
# tests/test_names.py).  Plain e is the pepet, é/è the taling, as RULINGS spells them.
_CARD_JV: dict[Kind, JavaneseNames] = {
    Kind.OT: JavaneseNames(("iyo ratu",), ("ꦲꦶꦪꦺꦴꦫꦠꦸ",)),
    Kind.WF: JavaneseNames(("kucing",), ("ꦏꦸꦕꦶꦁ",)),
    Kind.RF: JavaneseNames(("kenci",), ("ꦏꦼꦚ꧀ꦕꦶ",)),
    Kind.C1: JavaneseNames(("kasut",), ("ꦏꦱꦸꦠ꧀",)),
    Kind.S1: JavaneseNames(("bedor",), ("ꦧꦼꦢꦺꦴꦂ",)),
    Kind.M1: JavaneseNames(("petik", "gundhul"), ("ꦥꦼꦠꦶꦏ꧀", "ꦒꦸꦤ꧀ꦝꦸꦭ꧀")),
    Kind.C2: JavaneseNames(("plompong",), ("ꦥ꧀ꦭꦺꦴꦩ꧀ꦥꦺꦴꦁ",)),
    Kind.S2: JavaneseNames(("déngkék",), ("ꦢꦺꦁꦏꦺꦏ꧀",)),
    Kind.M2: JavaneseNames(("dhimpil", "loro cina"), ("ꦝꦶꦩ꧀ꦥꦶꦭ꧀", "ꦭꦺꦴꦫꦺꦴꦕꦶꦤ")),
    Kind.C3: JavaneseNames(("plenthi", "tambur cilik"), ("ꦥ꧀ꦭꦼꦤ꧀ꦛꦶ", "ꦠꦩ꧀ꦧꦸꦂꦕꦶꦭꦶꦏ꧀")),
    Kind.S3: JavaneseNames(("gunung",), ("ꦒꦸꦤꦸꦁ",)),
    Kind.M3: JavaneseNames(("telu cina", "jarum"), ("ꦠꦼꦭꦸꦕꦶꦤ", "ꦗꦫꦸꦩ꧀")),
    Kind.C4: JavaneseNames(("tambur",), ("ꦠꦩ꧀ꦧꦸꦂ",)),
    Kind.S4: JavaneseNames(("cawang",), ("ꦕꦮꦁ",)),
    Kind.M4: JavaneseNames(("papat cina",), ("ꦥꦥꦠ꧀ꦕꦶꦤ",)),
    Kind.C5: JavaneseNames(("kanthong",), ("ꦏꦤ꧀ꦛꦺꦴꦁ",)),
    Kind.S5: JavaneseNames(("lima lintrik",), ("ꦭꦶꦩꦭꦶꦤ꧀ꦠꦿꦶꦏ꧀",)),
    Kind.M5: JavaneseNames(("lima cina", "babi"), ("ꦭꦶꦩꦕꦶꦤ", "ꦧꦧꦶ")),
    Kind.C6: JavaneseNames(("kerok",), ("ꦏꦼꦫꦺꦴꦏ꧀",)),
    Kind.S6: JavaneseNames(("kléja",), ("ꦏ꧀ꦭꦺꦗ",)),
    Kind.M6: JavaneseNames(("nem cina",), ("ꦤꦼꦩ꧀ꦕꦶꦤ",)),
    Kind.C7: JavaneseNames(("kéra",), ("ꦏꦺꦫ",)),
    Kind.S7: JavaneseNames(("pitu lintrik",), ("ꦥꦶꦠꦸꦭꦶꦤ꧀ꦠꦿꦶꦏ꧀",)),
    Kind.M7: JavaneseNames(("pitu cina",), ("ꦥꦶꦠꦸꦕꦶꦤ",)),
    Kind.C8: JavaneseNames(("picis",), ("ꦥꦶꦕꦶꦱ꧀",)),
    Kind.S8: JavaneseNames(("wolu lintrik", "manis"), ("ꦮꦺꦴꦭꦸꦭꦶꦤ꧀ꦠꦿꦶꦏ꧀", "ꦩꦤꦶꦱ꧀")),
    Kind.M8: JavaneseNames(("wolu cina",), ("ꦮꦺꦴꦭꦸꦕꦶꦤ",)),
    Kind.C9: JavaneseNames(("glindhing",), ("ꦒ꧀ꦭꦶꦤ꧀ꦝꦶꦁ",)),
    Kind.S9: JavaneseNames(("sanga bang", "obor"), ("ꦱꦔꦧꦁ", "ꦲꦺꦴꦧꦺꦴꦂ")),
    Kind.M9: JavaneseNames(("kéyang",), ("ꦏꦺꦪꦁ",)),
}

# The Peranakan (Malaysia/Singapore) names of RULINGS §1, used by Balik Satu and its family, and the
# three words Balik Satu's source itself uses.  Malay/Hokkien words: there is no Javanese-script form.
_CARD_PERANAKAN: dict[Kind, str] = {
    Kind.OT: "yu lau chian", Kind.WF: "yu kuching", Kind.RF: "yu nyonya", Kind.C1: "yu kasut",
    Kind.S1: "yu panjang", Kind.M1: "yu hue sio", Kind.C2: "ji hitam", Kind.S2: "ji burung",
    Kind.M2: "ji ban", Kind.C3: "sa batik", Kind.S3: "sa udang", Kind.M3: "sa ban",
    Kind.C4: "si hitam", Kind.S4: "si putih", Kind.M4: "si ban", Kind.C5: "go pending",
    Kind.S5: "go burung", Kind.M5: "go ban", Kind.C6: "lak hitam", Kind.S6: "lak putih",
    Kind.M6: "lak ban", Kind.C7: "jit hitam", Kind.S7: "jit burung", Kind.M7: "jit ban",
    Kind.C8: "puek kerang", Kind.S8: "puek menak", Kind.M8: "puek ban", Kind.C9: "kau hitam",
    Kind.S9: "kau merah", Kind.M9: "kau ban",
}
_BALIK_SATU_WORDS: dict[Kind, str] = {Kind.RF: "Nyonya", Kind.OT: "Lau Chian", Kind.S9: QT_TRANSLATE_NOOP(
    "CardName", "Red Nine")}

# Western cards (Ce Pe's deck).  In Indonesian and Javanese the suits are *sekop* (spades), *hati*
# (hearts), *keriting* (clubs) and *wajik* (diamonds): the translations say so.
_WCARD_EN: dict[str, str] = {
    "AS": QT_TRANSLATE_NOOP("CardName", "Ace of Spades"),
    "2S": QT_TRANSLATE_NOOP("CardName", "2 of Spades"),
    "3S": QT_TRANSLATE_NOOP("CardName", "3 of Spades"),
    "4S": QT_TRANSLATE_NOOP("CardName", "4 of Spades"),
    "5S": QT_TRANSLATE_NOOP("CardName", "5 of Spades"),
    "6S": QT_TRANSLATE_NOOP("CardName", "6 of Spades"),
    "7S": QT_TRANSLATE_NOOP("CardName", "7 of Spades"),
    "8S": QT_TRANSLATE_NOOP("CardName", "8 of Spades"),
    "9S": QT_TRANSLATE_NOOP("CardName", "9 of Spades"),
    "10S": QT_TRANSLATE_NOOP("CardName", "10 of Spades"),
    "JS": QT_TRANSLATE_NOOP("CardName", "Jack of Spades"),
    "QS": QT_TRANSLATE_NOOP("CardName", "Queen of Spades"),
    "KS": QT_TRANSLATE_NOOP("CardName", "King of Spades"),
    "AH": QT_TRANSLATE_NOOP("CardName", "Ace of Hearts"),
    "2H": QT_TRANSLATE_NOOP("CardName", "2 of Hearts"),
    "3H": QT_TRANSLATE_NOOP("CardName", "3 of Hearts"),
    "4H": QT_TRANSLATE_NOOP("CardName", "4 of Hearts"),
    "5H": QT_TRANSLATE_NOOP("CardName", "5 of Hearts"),
    "6H": QT_TRANSLATE_NOOP("CardName", "6 of Hearts"),
    "7H": QT_TRANSLATE_NOOP("CardName", "7 of Hearts"),
    "8H": QT_TRANSLATE_NOOP("CardName", "8 of Hearts"),
    "9H": QT_TRANSLATE_NOOP("CardName", "9 of Hearts"),
    "10H": QT_TRANSLATE_NOOP("CardName", "10 of Hearts"),
    "JH": QT_TRANSLATE_NOOP("CardName", "Jack of Hearts"),
    "QH": QT_TRANSLATE_NOOP("CardName", "Queen of Hearts"),
    "KH": QT_TRANSLATE_NOOP("CardName", "King of Hearts"),
    "AD": QT_TRANSLATE_NOOP("CardName", "Ace of Diamonds"),
    "2D": QT_TRANSLATE_NOOP("CardName", "2 of Diamonds"),
    "3D": QT_TRANSLATE_NOOP("CardName", "3 of Diamonds"),
    "4D": QT_TRANSLATE_NOOP("CardName", "4 of Diamonds"),
    "5D": QT_TRANSLATE_NOOP("CardName", "5 of Diamonds"),
    "6D": QT_TRANSLATE_NOOP("CardName", "6 of Diamonds"),
    "7D": QT_TRANSLATE_NOOP("CardName", "7 of Diamonds"),
    "8D": QT_TRANSLATE_NOOP("CardName", "8 of Diamonds"),
    "9D": QT_TRANSLATE_NOOP("CardName", "9 of Diamonds"),
    "10D": QT_TRANSLATE_NOOP("CardName", "10 of Diamonds"),
    "JD": QT_TRANSLATE_NOOP("CardName", "Jack of Diamonds"),
    "QD": QT_TRANSLATE_NOOP("CardName", "Queen of Diamonds"),
    "KD": QT_TRANSLATE_NOOP("CardName", "King of Diamonds"),
    "AC": QT_TRANSLATE_NOOP("CardName", "Ace of Clubs"),
    "2C": QT_TRANSLATE_NOOP("CardName", "2 of Clubs"),
    "3C": QT_TRANSLATE_NOOP("CardName", "3 of Clubs"),
    "4C": QT_TRANSLATE_NOOP("CardName", "4 of Clubs"),
    "5C": QT_TRANSLATE_NOOP("CardName", "5 of Clubs"),
    "6C": QT_TRANSLATE_NOOP("CardName", "6 of Clubs"),
    "7C": QT_TRANSLATE_NOOP("CardName", "7 of Clubs"),
    "8C": QT_TRANSLATE_NOOP("CardName", "8 of Clubs"),
    "9C": QT_TRANSLATE_NOOP("CardName", "9 of Clubs"),
    "10C": QT_TRANSLATE_NOOP("CardName", "10 of Clubs"),
    "JC": QT_TRANSLATE_NOOP("CardName", "Jack of Clubs"),
    "QC": QT_TRANSLATE_NOOP("CardName", "Queen of Clubs"),
    "KC": QT_TRANSLATE_NOOP("CardName", "King of Clubs"),
}


# Games whose players name the cards the Peranakan way: each such game's UI module says so with
# :func:`register_peranakan_game` (names.py names no game).
PERANAKAN_GAMES: set[str] = set()


def register_peranakan_game(game_id: str) -> None:
    """A game UI module whose players use the Peranakan card names (Balik Satu's family) says so."""
    PERANAKAN_GAMES.add(game_id)

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



def as_kind(card: object) -> Kind | None:
    """A Kind from a Kind or a card code ("S9"); None if it is neither."""
    if isinstance(card, Kind):
        return card
    if isinstance(card, str):
        try:
            return Kind.parse(card)
        except CardCodeError:
            return None
    return None


def as_wkind(card: object) -> WKind | None:
    """A WKind from a WKind or a Western card code ("10H"); None if it is neither."""
    if isinstance(card, WKind):
        return card
    if isinstance(card, str):
        try:
            return WKind.parse(card)
        except CardCodeError:
            return None
    return None


def _code(card: object) -> str:
    code = getattr(card, "code", None)
    return str(code if code is not None else card)


def card_name(card: object) -> str:
    """The English (translated) name of a card kind or code: "9 of Strings", "Queen of Hearts"."""
    k = as_kind(card)
    if k is not None:
        return _tr("CardName", _CARD_EN[k])
    w = as_wkind(card)
    return _tr("CardName", _WCARD_EN[w.code]) if w is not None else _code(card)


def javanese_names(card: object) -> JavaneseNames | None:
    """All Javanese names of a Ceki kind, Latin and script; None for other cards."""
    k = as_kind(card)
    return _CARD_JV.get(k) if k is not None else None


def javanese_name(card: object, script: bool = False) -> str:
    """The (default) Javanese name of a Ceki kind: "sanga bang", or with ``script`` "ꦱꦔꦧꦁ";
    "" for other cards."""
    jn = javanese_names(card)
    if jn is None:
        return ""
    return jn.script[0] if script else jn.latin[0]


def javanese_in_style(card: object, style: str = "latin") -> str:
    """The Javanese name as the player chose to see it: Latin letters, aksara Jawa, or both
    ("sanga bang ꦱꦔꦧꦁ")."""
    jn = javanese_names(card)
    if jn is None:
        return ""
    if style == "javanese":
        return jn.script[0]
    if style == "both":
        return QCoreApplication.translate("CardName", "{latin} {script}").format(latin=jn.latin[0], script=jn.script[0])
    return jn.latin[0]


def peranakan_name(card: object) -> str:
    """The Peranakan name (Balik Satu's family): "kau merah"; "" for other cards."""
    k = as_kind(card)
    return _CARD_PERANAKAN.get(k, "") if k is not None else ""


def balik_satu_word(card: object) -> str:
    """Balik Satu's own word for the card, where it has one: Nyonya (RF), Lau Chian (OT), Red Nine (S9)."""
    k = as_kind(card)
    if k is None or k not in _BALIK_SATU_WORDS:
        return ""
    word = _BALIK_SATU_WORDS[k]
    return _tr("CardName", word) if k is Kind.S9 else word


def card_label(card: object, style: str = "latin", game: str | None = None) -> str:
    """The name shown in the game log, the help and dialogs, in the player's card-name form
    (``style`` = Settings ``card_names``): "9 of Strings — sanga bang", "9 of Strings — ꦱꦔꦧꦁ",
    "9 of Strings — sanga bang ꦱꦔꦧꦁ".  In a game that uses the Peranakan names (``game`` in
    :data:`PERANAKAN_GAMES`) the second part is the Peranakan name: "9 of Strings — kau merah"."""
    name = card_name(card)
    if game is not None and game in PERANAKAN_GAMES:
        other = balik_satu_word(card) or peranakan_name(card)
    else:
        other = javanese_in_style(card, style)
    if not other:
        return name
    return QCoreApplication.translate("CardName", "{english} — {javanese}").format(english=name, javanese=other)


def card_tooltip(card: object) -> str:
    """Every name of a card, one per line (the table's tooltips): the English name and code, the
    Javanese names in Latin letters and in aksara Jawa, the Peranakan name (and Balik Satu's word).
    A Western card has its English name and code only."""
    k = as_kind(card)
    if k is None:
        w = as_wkind(card)
        if w is None:
            return _code(card)
        return QCoreApplication.translate("CardName", "{english} ({code})").format(english=card_name(w), code=w.code)
    lines = [QCoreApplication.translate("CardName", "{english} ({code})").format(english=card_name(k), code=k.code)]
    jn = _CARD_JV[k]
    sep = QCoreApplication.translate("CardName", " · ")
    lines.append(QCoreApplication.translate("CardName", "Javanese: {names}").format(names=sep.join(jn.latin)))
    lines.append(sep.join(jn.script))
    per = _CARD_PERANAKAN[k]
    word = balik_satu_word(k)
    if word:
        lines.append(QCoreApplication.translate("CardName", "Peranakan: {name} (Balik Satu: {word})").format(
            name=per, word=word))
    else:
        lines.append(QCoreApplication.translate("CardName", "Peranakan: {name}").format(name=per))
    return "\n".join(lines)


@dataclass(frozen=True, eq=False)
class CardNamer:
    """A ``kind -> name`` function (:func:`card_label` in the form ``style``, for ``game``) for the log
    and dialogs; its ``style`` names the form (a game's own words are written in it too)."""

    style: str = "latin"
    game: str | None = None

    def __call__(self, kind: Any) -> str:
        return card_label(kind, self.style, self.game)


def card_namer(style: str = "latin", game: str | None = None) -> CardNamer:
    """A namer of cards in the form ``style`` (see :class:`CardNamer`)."""
    return CardNamer(style, game)


def namer_style(namer: object) -> str:
    """The card-name form ("latin", "javanese", "both") a namer writes: a :class:`CardNamer`'s, else Latin."""
    return namer.style if isinstance(namer, CardNamer) else "latin"


def value_name(card: object) -> str:
    """The value a card makes sets with, in the plural: "5s", "White Flowers"."""
    k = as_kind(card)
    if k is None:
        return str(card)
    if k.is_honour:
        return _tr("Terms", _HONOUR_VALUE[k])
    return _tr("Terms", _VALUE[k.pips])


def by_value(card: object) -> tuple[int, int]:
    """Sort key that keeps cards of one value together: the 1s … the 9s, then the special cards."""
    k = as_kind(card)
    if k is None:
        return (99, 0)
    return (k.pips if not k.is_honour else 10 + k.value, k.value)


def card_list(cards: Iterable[Any], namer: Callable[[Any], str] | None = None) -> str:
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
# Game terms: the games' own words, the same in every interface language, in Latin letters and in
# aksara Jawa (checked like the card names), with a short English gloss that is translated.

class GameTerm(NamedTuple):
    latin: str
    script: str     # "" for a Malay/Hokkien word with no Javanese-script form
    gloss: str      # English, marked for translation in the "Terms" context


_TERMS: dict[str, GameTerm] = {
    # calls and sets
    "ceki": GameTerm("ceki", "ꦕꦼꦏꦶ", QT_TRANSLATE_NOOP("Terms", "the call: one card short of winning")),
    "tan": GameTerm("tan", "ꦠꦤ꧀", QT_TRANSLATE_NOOP("Terms", "the call when a set of identical cards is already made")),
    "sampei": GameTerm("sampèi", "ꦱꦩ꧀ꦥꦺꦲꦶ", QT_TRANSLATE_NOOP(
        "Terms", "“arrived!”: a caller's winning card has been drawn")),
    "mata": GameTerm("mata", "ꦩꦠ", QT_TRANSLATE_NOOP("Terms", "a set of three identical cards")),
    "iyo": GameTerm("iyo", "ꦲꦶꦪꦺꦴ", QT_TRANSLATE_NOOP(
        "Terms", "the six rank-1 cards: the three flowers, the Old Thousand and the three 1s")),
    "kowah": GameTerm("kowah", "ꦏꦺꦴꦮꦃ", QT_TRANSLATE_NOOP("Terms", "waiting for any card of a rank")),
    # Pèi: seats, combinations, ranking, stakes
    "raja": GameTerm("raja", "ꦫꦗ", QT_TRANSLATE_NOOP("Terms", "king: the first seat, who plays first")),
    "patih": GameTerm("patih", "ꦥꦠꦶꦃ", QT_TRANSLATE_NOOP("Terms", "minister: the second seat")),
    "unyik": GameTerm("unyik", "ꦲꦸꦚꦶꦏ꧀", QT_TRANSLATE_NOOP("Terms", "the third seat")),
    "bunci_ireng": GameTerm("bunci ireng", "ꦧꦸꦚ꧀ꦕꦶꦲꦶꦉꦁ", QT_TRANSLATE_NOOP(
        "Terms", "Black Thirteen: 1-2-3 of Coins and its run")),
    "bunci_abang": GameTerm("bunci abang", "ꦧꦸꦚ꧀ꦕꦶꦲꦧꦁ", QT_TRANSLATE_NOOP("Terms", "Red Thirteen: the three red cards")),
    "pang_keyang": GameTerm("pang kéyang", "ꦥꦁꦏꦺꦪꦁ", QT_TRANSLATE_NOOP(
        "Terms", "White Flower, 8 of Strings and 9 of Myriads")),
    "pang_picis": GameTerm("pang picis", "ꦥꦁꦥꦶꦕꦶꦱ꧀", QT_TRANSLATE_NOOP(
        "Terms", "8 of Coins, 2 of Strings and 2 of Myriads")),
    "macan": GameTerm("macan", "ꦩꦕꦤ꧀", QT_TRANSLATE_NOOP("Terms", "Tiger: 9 of Coins, 1 of Strings and 1 of Myriads")),
    "ngete": GameTerm("ngeté", "ꦔꦼꦠꦺ", QT_TRANSLATE_NOOP("Terms", "the highest score of the round")),
    "tengah": GameTerm("tengah", "ꦠꦼꦔꦃ", QT_TRANSLATE_NOOP("Terms", "the middle score of the round")),
    "kete": GameTerm("kete", "ꦏꦼꦠꦼ", QT_TRANSLATE_NOOP("Terms", "the lowest score of the round")),
    "jentolan": GameTerm("jentolan", "ꦗꦼꦤ꧀ꦠꦺꦴꦭꦤ꧀", QT_TRANSLATE_NOOP(
        "Terms", "playing without a stake: the loser deals next")),
    "wudon": GameTerm("wudon", "ꦮꦸꦢꦺꦴꦤ꧀", QT_TRANSLATE_NOOP("Terms", "a pot of equal stakes shared by the first two")),
    # Kartu Lima
    "dika": GameTerm("dika", "ꦢꦶꦏ", QT_TRANSLATE_NOOP(
        "Terms", "a card that is a group of its own, beaten only by its copy")),
    "banjiran": GameTerm("banjiran", "ꦧꦚ꧀ꦗꦶꦫꦤ꧀", QT_TRANSLATE_NOOP("Terms", "the winner of the round, who deals next")),
    "mbanjir": GameTerm("mbanjir", "ꦩ꧀ꦧꦚ꧀ꦗꦶꦂ", QT_TRANSLATE_NOOP("Terms", "winning a second round in a row")),
    "ladhu": GameTerm("ladhu", "ꦭꦝꦸ", QT_TRANSLATE_NOOP("Terms", "winning a third round in a row")),
    "mraji": GameTerm("mraji", "ꦩꦿꦗꦶ", QT_TRANSLATE_NOOP("Terms", "a pair of top cards, unbeatable when led")),
    "mberi": GameTerm("mberi", "ꦩ꧀ꦧꦼꦫꦶ", QT_TRANSLATE_NOOP(
        "Terms", "throwing a card face down when you cannot follow")),
    # Balik Satu
    "balik_satu": GameTerm("balik satu", "ꦧꦭꦶꦏ꧀ꦱꦠꦸ", QT_TRANSLATE_NOOP(
        "Terms", "“turn one”: the winner's extra card that sets the score")),
    "kandang": GameTerm("kandang", "ꦏꦤ꧀ꦢꦁ", QT_TRANSLATE_NOOP("Terms", "winning on a card you drew yourself")),
    "ayam": GameTerm("ayam", "ꦲꦪꦩ꧀", QT_TRANSLATE_NOOP("Terms", "winning on a card somebody else drew")),
}


def register_terms(mapping: dict[str, GameTerm]) -> None:
    """Add a game's own terms (a game UI module).  The gloss must be marked with
    ``QT_TRANSLATE_NOOP("Terms", …)``; the script form must pass the same test as the built-in ones
    (tests/test_names.py checks every registered term)."""
    for code, value in mapping.items():
        if code in _TERMS and _TERMS[code] != value:
            raise ValueError(f"the term {code!r} is already registered")
        _TERMS[code] = GameTerm(*value)


def term_codes() -> list[str]:
    return list(_TERMS)


def game_term(code: str) -> GameTerm | None:
    return _TERMS.get(code)


def term(code: str, style: str = "latin") -> str:
    """A game word in the player's form: "bunci ireng", "ꦧꦸꦚ꧀ꦕꦶꦲꦶꦉꦁ" or "bunci ireng ꦧꦸꦚ꧀ꦕꦶꦲꦶꦉꦁ"
    (``style`` = Settings ``card_names``).  A word with no script form is always in Latin letters.
    An unknown code gives the code itself (and a log line)."""
    t = _TERMS.get(code)
    if t is None:
        log.info("no game term %r", code)
        return code.replace("_", " ")
    if style == "javanese" and t.script:
        return t.script
    if style == "both" and t.script:
        return QCoreApplication.translate("CardName", "{latin} {script}").format(latin=t.latin, script=t.script)
    return t.latin


def term_gloss(code: str) -> str:
    """The translated explanation of a game word ("king: the first seat …"); "" if unknown."""
    t = _TERMS.get(code)
    return _tr("Terms", t.gloss) if t is not None else ""


def term_tooltip(code: str) -> str:
    """A game word with all its forms and its gloss, for tooltips: "raja ꦫꦗ — king: the first seat"."""
    t = _TERMS.get(code)
    if t is None:
        return code
    word = f"{t.latin} {t.script}" if t.script else t.latin
    return QCoreApplication.translate("Terms", "{word} — {gloss}").format(word=word, gloss=_tr("Terms", t.gloss))


# ---------------------------------------------------------------------------------------------
# Keys used by the engine (game titles, options, match options)

_KEYS: dict[str, str] = {
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
    "bot.beginner": QT_TRANSLATE_NOOP("Terms", "Beginner"),
    "bot.normal": QT_TRANSLATE_NOOP("Terms", "Normal"),
    "bot.hard": QT_TRANSLATE_NOOP("Terms", "Hard"),
    "bot.expert": QT_TRANSLATE_NOOP("Terms", "Expert"),
    # {seconds}: the thinking time of a searching level ("0.3", "1.5"), see bot_level_help
    "bot.beginner.help": QT_TRANSLATE_NOOP("Terms", "Makes plausible moves with obvious mistakes: a newcomer can win."),
    "bot.normal.help": QT_TRANSLATE_NOOP("Terms", "Plays a sound game, one turn at a time."),
    "bot.hard.help": QT_TRANSLATE_NOOP(
        "Terms", "Imagines the cards it cannot see and plays the best moves out (about {seconds} s a move)."),
    "bot.expert.help": QT_TRANSLATE_NOOP(
        "Terms", "Reads the table and thinks longer (about {seconds} s a move, set in Settings)."),
    # outcomes
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


def text(key: str, default: str | None = None, n: int | None = None) -> str:
    """The translated text for an engine key; ``n`` fills its ``%n`` count in the plural form it
    needs ("%n imagined deal(s)").  An unknown key gives ``default`` (or a readable form of the key
    itself) and a log line, never an exception."""
    source = _KEYS.get(key)
    if source is None:
        if default is not None:
            return default
        log.info("no text for the key %r", key)
        last = key.rsplit(".", 1)[-1]
        return last.replace("_", " ").capitalize()
    context = _CONTEXT_OF.get(key, "Terms")
    if n is None:
        return _tr(context, source)
    return counted(QCoreApplication.translate(context, source, None, n), n)


def game_title(spec_or_key: GameSpec | str) -> str:
    return text(spec_or_key.title_key if isinstance(spec_or_key, GameSpec) else spec_or_key)


def bot_level_name(level: str) -> str:
    return text(f"bot.{level}", level.replace("_", " ").capitalize())


def bot_level_help(level: str, seconds: float = 0.0) -> str:
    """What a level does, in one line; ``seconds`` is the thinking time of a searching level (as
    the player's locale writes it: "0,3" in Indonesian).  "" for a level without a description."""
    return text(f"bot.{level}.help", "").format(seconds=QLocale().toString(float(seconds), "g", 2))


def win_kind_name(kind: str) -> str:
    return text(f"win.{kind}", kind)


def win_kind_help(kind: str) -> str:
    return text(f"win.{kind}.help", "")


def register_win_kinds(game_ids: Sequence[str], context: str, mapping: dict[str, str]) -> None:
    """The words of games' win-kind codes (``GameSpec.win_kinds``), for the statistics; marked with
    ``QT_TRANSLATE_NOOP(context, …)`` where they are written (a family registers its ids at once)."""
    for game_id in game_ids:
        register_texts(context, {f"winkind.{game_id}.{code}": source for code, source in mapping.items()})


def has_win_kind_words(game_id: str, code: str) -> bool:
    return has_text(f"winkind.{game_id}.{code}")


def win_kind_label(game_id: str, code: str) -> str:
    """A game's win kind in words ("triple", "ngeté", "own draw"); an unknown code as it is."""
    return text(f"winkind.{game_id}.{code}", code.replace("_", " "))


# ---------------------------------------------------------------------------------------------
# Numbers

# How amounts of money are shown (Settings ``currency``): the engine counts whole units.
CURRENCIES = ("rupiah", "cents", "points")
_MONEY_FORMATS = {
    "rupiah": QT_TRANSLATE_NOOP("Money", "Rp %1"),
    "cents": QT_TRANSLATE_NOOP("Money", "%1 ¢"),
    "points": "%1",
}
_currency = "cents"


def default_currency(language: str) -> str:
    """The currency when the player never chose one: rupiah for Indonesian and Javanese."""
    return "cents" if language == "en" else "rupiah"


def set_currency(currency: str) -> None:
    """Show amounts in ``currency`` from now on (the window applies the setting)."""
    global _currency
    _currency = currency if currency in _MONEY_FORMATS else "cents"


def currency() -> str:
    return _currency


def money_affixes() -> tuple[str, str]:
    """What stands before and after an amount ("Rp ", "") — for the spin boxes that enter one."""
    before, _, after = _tr("Money", _MONEY_FORMATS[_currency]).partition("%1")
    return before, after


def format_money(units: int, signed: bool = True) -> str:
    """An amount in the chosen currency and the player's locale: "+Rp 1.500", "−54 ¢", "0"; with
    "points", the plain number.  The sign goes in front of the currency."""
    before, after = money_affixes()
    body = before + QLocale().toString(abs(int(units))) + after
    if units > 0 and signed:
        return "+" + body
    if units < 0:
        return "−" + body
    return body


def counted(text: str, n: int) -> str:
    """A ``%n`` plural text as translated (``self.tr("%n hand(s)", "", n)``).  English is the source
    language and has no translation file to give its forms: its "(s)" becomes the English ending."""
    return text.replace("(s)", "" if n == 1 else "s")


def format_points(points: int, signed: bool = False) -> str:
    loc = QLocale()
    body = loc.toString(abs(int(points)))
    if points < 0:
        return "−" + body
    if points > 0 and signed:
        return "+" + body
    return body


# ---------------------------------------------------------------------------------------------
# Seats

# The human's name when the player keeps the one offered: saved like this (the source word, not a
# translation) and shown in the language of the moment.
DEFAULT_HUMAN_NAME = QT_TRANSLATE_NOOP("Seats", "You")


def default_human_name() -> str:
    """The name offered for the human seat, in the current language ("You", "Anda" …)."""
    return _tr("Seats", DEFAULT_HUMAN_NAME)


def _default_human_names() -> frozenset[str]:
    """The default human name in every interface language (casefolded): a save made in another
    language holds that language's word."""
    global _DEFAULT_NAMES
    if _DEFAULT_NAMES is None:
        words = {DEFAULT_HUMAN_NAME}
        for lang in LANGUAGES:
            qm = i18n.qm_file(lang)
            t = QTranslator()
            if qm is not None and t.load(str(qm)):
                words.add(t.translate("Seats", DEFAULT_HUMAN_NAME) or DEFAULT_HUMAN_NAME)
        _DEFAULT_NAMES = frozenset(w.casefold() for w in words)
    return _DEFAULT_NAMES


_DEFAULT_NAMES: frozenset[str] | None = None


def is_default_human_name(name: str) -> bool:
    key = " ".join(name.split()).casefold()
    if key in (DEFAULT_HUMAN_NAME.casefold(), default_human_name().casefold()):
        return True     # the usual case, without reading the other languages' translations
    return key in _default_human_names()


def seat_display_name(kind: str, name: str) -> str:
    """The name shown for a seat: a human's default name in the current language."""
    if kind == "human" and is_default_human_name(name):
        return default_human_name()
    return name


def person_name(seat: int) -> str:
    """The name of a person at a table of several people who has none of their own: "Player 2"."""
    return QCoreApplication.translate("Seats", "Player {n}").format(n=seat + 1)


def seat_display_names(seats: Sequence[tuple[str, str]]) -> list[str]:
    """The names shown for ``seats`` ((kind, name) each): a person's default name in the current
    language ("You") — with several people at the table nobody is "You": a person who kept the
    default name is "Player 1", "Player 2" … by their seat (issue 32; older saves named the first
    person "You")."""
    several = sum(kind == "human" for kind, _ in seats) > 1
    return [person_name(i) if several and kind == "human" and is_default_human_name(name)
            else seat_display_name(kind, name) for i, (kind, name) in enumerate(seats)]


# Sensible default names for computer players (Javanese / Indonesian).
DEFAULT_BOT_NAMES = ("Budi", "Sari", "Ayu", "Joko", "Wati", "Slamet", "Ratna", "Bambang",
                     "Dewi", "Agus", "Lestari", "Hendra", "Nur")   # enough for a table of fourteen


def seat_label(seat_names: Sequence[str], i: int, human_seat: int) -> str:
    """A seat's name, marked "(you)" for the human unless the name already says so."""
    name = seat_names[i]
    you = QCoreApplication.translate("Seats", "You")
    if i != human_seat or name.strip().casefold() == you.casefold():
        return name
    return QCoreApplication.translate("Seats", "{name} (you)").format(name=name)


