"""Kartu Lima in words and widgets: the game's terms, options and payments, the status line, hints,
the game log, the end of a hand and the How-to-play page.  (The table is :mod:`.layout`, the
riddles :mod:`.wangsalan`.)

The help page follows RULINGS §4 (the project's reading of the Kartu Lima text in the shared rule
sources) and states every house choice of :mod:`cekidesk.games.kartu_lima.rules`.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any, cast

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QWidget

from cekidesk.engine.cards import Kind
from cekidesk.engine.core import Action, Event, HandResult
from cekidesk.engine.match import HandRecord, Match
from cekidesk.games.kartu_lima.rules import GROUP_NAME, HOLDER_BETS, KartuLimaOptions, KartuLimaView

from ... import names
from ...i18n import QT_TRANSLATE_NOOP
from ...lessons import Lesson
from ..base import GameUI, HandEndContent, HelpContext, Namer, log_sentence, register_game_ui, seat_name
from . import wangsalan
from .layout import namer_style
from .lesson import lesson as kartu_lima_lesson

TRICK_HEIGHT = 56

names.register_terms(
    {
        "cina_cilik": names.GameTerm(
            "cina cilik",
            "ꦕꦶꦤꦕꦶꦭꦶꦏ꧀",
            QT_TRANSLATE_NOOP(
                "Terms", "the little Myriads: 2 to 9 of Myriads, with the Red Flower and Old Thousand above them"
            ),
        ),
        "lintrik_cilik": names.GameTerm(
            "lintrik cilik",
            "ꦭꦶꦤ꧀ꦠꦿꦶꦏ꧀ꦕꦶꦭꦶꦏ꧀",
            QT_TRANSLATE_NOOP("Terms", "the little Strings: 5 and 7, then 8, then 9 of Strings"),
        ),
        "jagoan": names.GameTerm(
            "jagoan",
            "ꦗꦒꦺꦴꦲꦤ꧀",
            QT_TRANSLATE_NOOP("Terms", "a rooster: a card laid face down with a bet that it will kill"),
        ),
        "wangsalan": names.GameTerm(
            "wangsalan", "ꦮꦁꦱꦭꦤ꧀", QT_TRANSLATE_NOOP("Terms", "a riddle that names a card without saying its name")
        ),
        "ana_kene": names.GameTerm(
            "ana kéné", "ꦲꦤꦏꦺꦤꦺ", QT_TRANSLATE_NOOP("Terms", "“I have it!”: said by the holder of a led dika's partner")
        ),
        "mraji_papat": names.GameTerm(
            "mraji papat",
            "ꦩꦿꦗꦶꦥꦥꦠ꧀",
            QT_TRANSLATE_NOOP("Terms", "two mraji pairs shown at the start: the fifth trick is played at once"),
        ),
    }
)

# why a computer player (the hint) chose its move: cekidesk.games.kartu_lima.search.reasons
names.register_texts(
    "Reasons",
    {
        "reason.kartu-lima.reveal": QT_TRANSLATE_NOOP("Reasons", "these five cards win the hand at once"),
        "reason.kartu-lima.mraji_papat": QT_TRANSLATE_NOOP("Reasons", "two mraji pairs win the fifth trick for sure"),
        "reason.kartu-lima.wins_last": QT_TRANSLATE_NOOP("Reasons", "{kind} should win the fifth trick"),
        "reason.kartu-lima.leads_for_last": QT_TRANSLATE_NOOP("Reasons", "{kind} takes the lead of the fifth trick"),
        "reason.kartu-lima.keeps_strong": QT_TRANSLATE_NOOP("Reasons", "keeps {kind} for the fifth trick"),
        "reason.kartu-lima.drains": QT_TRANSLATE_NOOP("Reasons", "draws out the others' {group}"),
        "reason.kartu-lima.follows_low": QT_TRANSLATE_NOOP("Reasons", "follows with a low card, {kind}"),
        "reason.kartu-lima.mberi_weakest": QT_TRANSLATE_NOOP("Reasons", "throws away the weakest card, {kind}"),
        "reason.kartu-lima.rooster_dika": QT_TRANSLATE_NOOP("Reasons", "a dika, {kind}, can kill its copy"),
        "reason.kartu-lima.rooster_blind": QT_TRANSLATE_NOOP("Reasons", "a rooster must be laid; {kind} costs least"),
        "reason.kartu-lima.no_rooster": QT_TRANSLATE_NOOP("Reasons", "no dika here is likely to kill"),
        "reason.kartu-lima.guess_most": QT_TRANSLATE_NOOP("Reasons", "{kind} is the likeliest top card"),
        "reason.kartu-lima.colour_most": QT_TRANSLATE_NOOP("Reasons", "most unseen cards are {colour}"),
        "reason.kartu-lima.keeps_best": QT_TRANSLATE_NOOP("Reasons", "{kind} is the best card to keep"),
        "reason.kartu-lima.tomprang": QT_TRANSLATE_NOOP("Reasons", "this hand looks strong enough to add a stake"),
        "reason.kartu-lima.no_tomprang": QT_TRANSLATE_NOOP("Reasons", "this hand is too weak for another stake"),
        "reason.kartu-lima.bet": QT_TRANSLATE_NOOP("Reasons", "a bet of {amount} suits this hand"),
        "kartu-lima.colour.red": QT_TRANSLATE_NOOP("Reasons", "red"),
        "kartu-lima.colour.black": QT_TRANSLATE_NOOP("Reasons", "black"),
        "kartu-lima.group.cina_cilik": QT_TRANSLATE_NOOP("Reasons", "cina cilik"),
        "kartu-lima.group.coins_34": QT_TRANSLATE_NOOP("Reasons", "3 and 4 of Coins"),
        "kartu-lima.group.coins_89": QT_TRANSLATE_NOOP("Reasons", "8 and 9 of Coins"),
        "kartu-lima.group.lintrik_cilik": QT_TRANSLATE_NOOP("Reasons", "lintrik cilik"),
        "kartu-lima.group.dika": QT_TRANSLATE_NOOP("Reasons", "dika"),
    },
)

names.register_texts(
    "KartuLimaTerms",
    {
        "game.kartu-lima": QT_TRANSLATE_NOOP("KartuLimaTerms", "Kartu Lima"),
        "game.kartu-lima.blurb": QT_TRANSLATE_NOOP(
            "KartuLimaTerms",
            "5–9 players, one pack, five cards each. Tricks of card groups, played "
            "anticlockwise; only the fifth trick counts. With streaks, four stake methods, "
            "roosters, side bets and the riddles of the Surakarta table.",
        ),
        "kartu-lima.option.stakes": QT_TRANSLATE_NOOP("KartuLimaTerms", "Stake method"),
        "kartu-lima.option.stakes.help": QT_TRANSLATE_NOOP(
            "KartuLimaTerms", "How each hand is paid for in a money match; the amounts of the chosen method are below."
        ),
        "kartu-lima.option.stakes.wudhon_tengah": QT_TRANSLATE_NOOP("KartuLimaTerms", "Wudhon tengah: a pot each hand"),
        "kartu-lima.option.stakes.undhuh_undhuh": QT_TRANSLATE_NOOP(
            "KartuLimaTerms", "Undhuh-undhuh: one stake a win from a lasting pot"
        ),
        "kartu-lima.option.stakes.bal_balan": QT_TRANSLATE_NOOP(
            "KartuLimaTerms", "Bal-balan: bets against the banjiran"
        ),
        "kartu-lima.option.stakes.pethitan": QT_TRANSLATE_NOOP(
            "KartuLimaTerms", "Pethitan: a dika led last takes the pot"
        ),
        "kartu-lima.option.wudhon_stake": QT_TRANSLATE_NOOP("KartuLimaTerms", "Wudhon stake"),
        "kartu-lima.option.wudhon_stake.help": QT_TRANSLATE_NOOP(
            "KartuLimaTerms", "Everybody puts this into the pot each hand; the winner takes the pot."
        ),
        "kartu-lima.option.undhuh_stake": QT_TRANSLATE_NOOP("KartuLimaTerms", "Undhuh stake"),
        "kartu-lima.option.undhuh_stake.help": QT_TRANSLATE_NOOP(
            "KartuLimaTerms", "Everybody pays this into an empty pot; each winner takes one stake out of it."
        ),
        "kartu-lima.option.undhuh_streak": QT_TRANSLATE_NOOP("KartuLimaTerms", "A streak takes the whole pot"),
        "kartu-lima.option.undhuh_streak.help": QT_TRANSLATE_NOOP(
            "KartuLimaTerms",
            "A second win in a row (mbanjir) takes the rest of the pot, and a ladhu keeps taking whole pots.",
        ),
        "kartu-lima.option.tomprang": QT_TRANSLATE_NOOP("KartuLimaTerms", "Tomprang"),
        "kartu-lima.option.tomprang.help": QT_TRANSLATE_NOOP(
            "KartuLimaTerms",
            "From the second hand, everybody but the banjiran may add one stake for the hand; "
            "the winner takes every tomprang (house rule).",
        ),
        "kartu-lima.option.bal_stake": QT_TRANSLATE_NOOP("KartuLimaTerms", "Base bet"),
        "kartu-lima.option.bal_stake.help": QT_TRANSLATE_NOOP(
            "KartuLimaTerms", "The smallest bet against the banjiran; the largest is twice what they won."
        ),
        "kartu-lima.option.pethitan_stake": QT_TRANSLATE_NOOP("KartuLimaTerms", "Pethitan stake"),
        "kartu-lima.option.pethitan_stake.help": QT_TRANSLATE_NOOP(
            "KartuLimaTerms",
            "Everybody puts this into the pot each hand; it is taken only when a dika is led to the last trick.",
        ),
        "kartu-lima.option.roosters": QT_TRANSLATE_NOOP("KartuLimaTerms", "Roosters (jagoan)"),
        "kartu-lima.option.roosters.help": QT_TRANSLATE_NOOP(
            "KartuLimaTerms",
            "Tantangan: who wants lays a dika face down with a bet. Tetep: everybody lays a "
            "card; only a dika can kill.",
        ),
        "kartu-lima.option.roosters.off": QT_TRANSLATE_NOOP("KartuLimaTerms", "No roosters"),
        "kartu-lima.option.roosters.tantangan": QT_TRANSLATE_NOOP("KartuLimaTerms", "Tantangan: who wants"),
        "kartu-lima.option.roosters.tetep": QT_TRANSLATE_NOOP("KartuLimaTerms", "Tetep: everybody"),
        "kartu-lima.option.rooster_stake": QT_TRANSLATE_NOOP("KartuLimaTerms", "Rooster bet"),
        "kartu-lima.option.rooster_stake.help": QT_TRANSLATE_NOOP(
            "KartuLimaTerms", "A rooster that kills wins this from every other rooster that did not."
        ),
        "kartu-lima.option.gor_goran": QT_TRANSLATE_NOOP("KartuLimaTerms", "Gor-goran"),
        "kartu-lima.option.gor_goran.help": QT_TRANSLATE_NOOP(
            "KartuLimaTerms", "Everybody names a card of their hand as a guess of the pack's top card."
        ),
        "kartu-lima.option.kucingan": QT_TRANSLATE_NOOP("KartuLimaTerms", "Kucingan"),
        "kartu-lima.option.kucingan.help": QT_TRANSLATE_NOOP(
            "KartuLimaTerms", "The player dealt the White Flower wins a side stake from everybody."
        ),
        "kartu-lima.option.bedoran": QT_TRANSLATE_NOOP("KartuLimaTerms", "Bedoran"),
        "kartu-lima.option.bedoran.help": QT_TRANSLATE_NOOP(
            "KartuLimaTerms", "The player dealt the 1 of Strings wins a side stake from everybody."
        ),
        "kartu-lima.option.kasutan": QT_TRANSLATE_NOOP("KartuLimaTerms", "Kasutan"),
        "kartu-lima.option.kasutan.help": QT_TRANSLATE_NOOP(
            "KartuLimaTerms", "The player dealt the 1 of Coins wins a side stake from everybody."
        ),
        "kartu-lima.option.pil": QT_TRANSLATE_NOOP("KartuLimaTerms", "Pil"),
        "kartu-lima.option.pil.help": QT_TRANSLATE_NOOP(
            "KartuLimaTerms", "The player dealt the 2 of Myriads wins a side stake from everybody."
        ),
        "kartu-lima.option.kek": QT_TRANSLATE_NOOP("KartuLimaTerms", "Kèk"),
        "kartu-lima.option.kek.help": QT_TRANSLATE_NOOP(
            "KartuLimaTerms", "The player dealt the 2 of Strings wins a side stake from everybody."
        ),
        "kartu-lima.option.pong": QT_TRANSLATE_NOOP("KartuLimaTerms", "Pong"),
        "kartu-lima.option.pong.help": QT_TRANSLATE_NOOP(
            "KartuLimaTerms", "The player dealt the 2 of Coins wins a side stake from everybody."
        ),
        "kartu-lima.option.lemon": QT_TRANSLATE_NOOP("KartuLimaTerms", "Lemon"),
        "kartu-lima.option.lemon.help": QT_TRANSLATE_NOOP(
            "KartuLimaTerms",
            "The last digit of your five cards' Javanese sum: the highest wins a side stake from every lower one.",
        ),
        "kartu-lima.option.abang_ireng": QT_TRANSLATE_NOOP("KartuLimaTerms", "Abang-ireng"),
        "kartu-lima.option.abang_ireng.help": QT_TRANSLATE_NOOP(
            "KartuLimaTerms", "Everybody guesses red or black for the pack's top card."
        ),
        "kartu-lima.option.side_stake": QT_TRANSLATE_NOOP("KartuLimaTerms", "Side stake"),
        "kartu-lima.option.side_stake.help": QT_TRANSLATE_NOOP(
            "KartuLimaTerms", "What each side bet wins from each loser."
        ),
        "kartu-lima.option.five_myriads": QT_TRANSLATE_NOOP("KartuLimaTerms", "Five Myriads win at once"),
        "kartu-lima.option.five_myriads.help": QT_TRANSLATE_NOOP(
            "KartuLimaTerms", "A player dealt five Myriads shows them and wins the hand without a trick."
        ),
        "kartu-lima.option.five_cina_cilik": QT_TRANSLATE_NOOP("KartuLimaTerms", "Five cina cilik take the pot"),
        "kartu-lima.option.five_cina_cilik.help": QT_TRANSLATE_NOOP(
            "KartuLimaTerms", "A player dealt five cina cilik shows them and wins the hand and the whole pot."
        ),
        "kartu-lima.option.ana_kene": QT_TRANSLATE_NOOP("KartuLimaTerms", "Say “ana kéné”"),
        "kartu-lima.option.ana_kene.help": QT_TRANSLATE_NOOP(
            "KartuLimaTerms",
            "When a dika is led, whoever holds its partner says so. Turn it off if you do not want the hint.",
        ),
        # itemised payments (dialogs.stake_item_text)
        "stake.wudhon_stake": QT_TRANSLATE_NOOP("KartuLimaTerms", "wudhon stake"),
        "stake.wudhon_win": QT_TRANSLATE_NOOP("KartuLimaTerms", "wudhon: the winner takes the pot"),
        "stake.undhuh_stake": QT_TRANSLATE_NOOP("KartuLimaTerms", "undhuh stake into an empty pot"),
        "stake.undhuh_win": QT_TRANSLATE_NOOP("KartuLimaTerms", "undhuh: the winner takes one stake"),
        "stake.undhuh_all": QT_TRANSLATE_NOOP("KartuLimaTerms", "undhuh: a streak takes the pot"),
        "stake.tomprang": QT_TRANSLATE_NOOP("KartuLimaTerms", "tomprang"),
        "stake.bal_lost": QT_TRANSLATE_NOOP("KartuLimaTerms", "bal-balan: the banjiran won again"),
        "stake.bal_won": QT_TRANSLATE_NOOP("KartuLimaTerms", "bal-balan: a bettor won"),
        "stake.pethitan_stake": QT_TRANSLATE_NOOP("KartuLimaTerms", "pethitan stake"),
        "stake.pethitan_win": QT_TRANSLATE_NOOP("KartuLimaTerms", "pethitan: the last trick's dika"),
        "stake.rooster": QT_TRANSLATE_NOOP("KartuLimaTerms", "rooster (jagoan) killed"),
        "stake.kucingan": QT_TRANSLATE_NOOP("KartuLimaTerms", "kucingan: the White Flower"),
        "stake.bedoran": QT_TRANSLATE_NOOP("KartuLimaTerms", "bedoran: the 1 of Strings"),
        "stake.kasutan": QT_TRANSLATE_NOOP("KartuLimaTerms", "kasutan: the 1 of Coins"),
        "stake.pil": QT_TRANSLATE_NOOP("KartuLimaTerms", "pil: the 2 of Myriads"),
        "stake.kek": QT_TRANSLATE_NOOP("KartuLimaTerms", "kèk: the 2 of Strings"),
        "stake.pong": QT_TRANSLATE_NOOP("KartuLimaTerms", "pong: the 2 of Coins"),
        "stake.lemon": QT_TRANSLATE_NOOP("KartuLimaTerms", "lemon: the higher last digit"),
        "stake.gor_goran": QT_TRANSLATE_NOOP("KartuLimaTerms", "gor-goran: the top card guessed"),
        "stake.abang_ireng": QT_TRANSLATE_NOOP("KartuLimaTerms", "abang-ireng: its colour guessed"),
        "kartu-lima.match.money.help": QT_TRANSLATE_NOOP(
            "KartuLimaTerms",
            "Every hand is settled by the stake method and side bets chosen under Rules, with "
            "the amounts set there (the stake per point is not used). Money in the pot stays in "
            "the middle from hand to hand. The match goes on until you stop.",
        ),
    },
)

_GROUPS = {
    "coins_34": lambda: QCoreApplication.translate("KartuLimaUI", "3 & 4 of Coins"),
    "coins_89": lambda: QCoreApplication.translate("KartuLimaUI", "8 & 9 of Coins"),
}


def group_name(kind: Kind, style: str = "latin") -> str:
    """The led group in words: "cina cilik", "8 & 9 of Coins", "dika (1 of Coins)"; the game's own
    words (*cina cilik*, *lintrik cilik*, *dika*) in the card-name form ``style``."""
    code = GROUP_NAME[kind]
    if code == "dika":
        return QCoreApplication.translate("KartuLimaUI", "dika ({card})").replace(
            "dika", names.term("dika", style), 1).format(card=names.card_name(kind))
    if code in _GROUPS:
        return _GROUPS[code]()
    return names.term(code, style)


def _kind(code: Any) -> Kind:
    return code if isinstance(code, Kind) else Kind.parse(str(code))


# Game-log sentences, by (event, the human did it, variant)
_TEMPLATES: dict[tuple[str, bool, str], str] = {
    ("cut", False, ""): QT_TRANSLATE_NOOP("GameLog", "Cut for the deal: {cuts}. {name} deals."),
    ("cut", False, "again"): QT_TRANSLATE_NOOP("GameLog", "Cut for the deal (ties cut again): {cuts}. {name} deals."),
    ("cut_one", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} {card}"),
    ("deal", True, ""): QT_TRANSLATE_NOOP(
        "GameLog", "{dealer} deals five cards each; {starter} leads. You hold {cards}."
    ),
    ("chose", True, "bet"): QT_TRANSLATE_NOOP("GameLog", "You bet {amount} against the banjiran."),
    ("chose", True, "tomprang"): QT_TRANSLATE_NOOP("GameLog", "You add a tomprang."),
    ("chose", True, "pass"): QT_TRANSLATE_NOOP("GameLog", "You pass."),
    ("chose", True, "rooster"): QT_TRANSLATE_NOOP("GameLog", "You lay {card} as your rooster, face down."),
    ("chose", True, "no_rooster"): QT_TRANSLATE_NOOP("GameLog", "You lay no rooster."),
    ("chose", True, "gor"): QT_TRANSLATE_NOOP("GameLog", "You guess {card} for the pack's top card."),
    ("chose", True, "red"): QT_TRANSLATE_NOOP("GameLog", "You guess red."),
    ("chose", True, "black"): QT_TRANSLATE_NOOP("GameLog", "You guess black."),
    ("chose", True, "keep"): QT_TRANSLATE_NOOP("GameLog", "You keep {card}."),
    ("reveal", False, "bet"): QT_TRANSLATE_NOOP("GameLog", "The bets against the banjiran: {list}."),
    ("reveal", False, "tomprang"): QT_TRANSLATE_NOOP("GameLog", "Tomprang: {list}."),
    ("reveal", False, "colour"): QT_TRANSLATE_NOOP("GameLog", "Abang-ireng guesses: {list}."),
    ("roosters", False, ""): QT_TRANSLATE_NOOP("GameLog", "Roosters laid face down by {list}."),
    ("roosters", False, "none"): QT_TRANSLATE_NOOP("GameLog", "Nobody lays a rooster."),
    ("lead", True, ""): QT_TRANSLATE_NOOP("GameLog", "Trick {trick}: you lead {card} ({group})."),
    ("lead", False, ""): QT_TRANSLATE_NOOP("GameLog", "Trick {trick}: {name} leads {card} ({group})."),
    ("lead", True, "mraji"): QT_TRANSLATE_NOOP(
        "GameLog", "Trick {trick}: you lead {card} ({group}) — a mraji, you hold its copy too."
    ),
    ("wangsalan", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name}: “{phrase}” — {meaning}."),
    ("ana_kene", True, ""): QT_TRANSLATE_NOOP("GameLog", "You say “{word}”: you hold the other {card}."),
    ("ana_kene", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} says “{word}”: they hold the other {card}."),
    ("play", True, ""): QT_TRANSLATE_NOOP("GameLog", "You play {card}."),
    ("play", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} plays {card}."),
    ("play", True, "wins"): QT_TRANSLATE_NOOP("GameLog", "You play {card}: it takes the trick so far."),
    ("play", False, "wins"): QT_TRANSLATE_NOOP("GameLog", "{name} plays {card}: it takes the trick so far."),
    ("play", True, "kills"): QT_TRANSLATE_NOOP("GameLog", "You play {card}: your rooster kills!"),
    ("play", False, "kills"): QT_TRANSLATE_NOOP("GameLog", "{name} plays {card}: their rooster kills!"),
    ("mberi", True, ""): QT_TRANSLATE_NOOP("GameLog", "You cannot follow and throw {card} face down (mberi)."),
    ("mberi", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} cannot follow and throws a card face down (mberi)."),
    ("trick", True, ""): QT_TRANSLATE_NOOP("GameLog", "You win trick {trick} with {card} and lead next."),
    ("trick", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} wins trick {trick} with {card} and leads next."),
    ("trick", True, "last"): QT_TRANSLATE_NOOP("GameLog", "You win the fifth trick with {card}: the hand is yours!"),
    ("trick", False, "last"): QT_TRANSLATE_NOOP(
        "GameLog", "{name} wins the fifth trick with {card}: the hand is theirs."
    ),
    ("mraji_papat", True, ""): QT_TRANSLATE_NOOP(
        "GameLog",
        "You show mraji papat: {cards}. The others keep one card each, and the fifth trick is played at once.",
    ),
    ("mraji_papat", False, ""): QT_TRANSLATE_NOOP(
        "GameLog",
        "{name} shows mraji papat: {cards}. The others keep one card each, and the fifth trick is played at once.",
    ),
    ("discarded", False, ""): QT_TRANSLATE_NOOP("GameLog", "Every other card goes face down, unseen."),
    ("instant", True, "five_myriads"): QT_TRANSLATE_NOOP("GameLog", "You show five Myriads, {cards}, and win at once!"),
    ("instant", False, "five_myriads"): QT_TRANSLATE_NOOP(
        "GameLog", "{name} shows five Myriads, {cards}, and wins at once."
    ),
    ("instant", True, "five_cina_cilik"): QT_TRANSLATE_NOOP(
        "GameLog", "You show five cina cilik, {cards}: the hand and the whole pot are yours!"
    ),
    ("instant", False, "five_cina_cilik"): QT_TRANSLATE_NOOP(
        "GameLog", "{name} shows five cina cilik, {cards}, and takes the hand and the whole pot."
    ),
    ("end", True, ""): QT_TRANSLATE_NOOP("GameLog", "Hand over: you are banjiran and deal next."),
    ("end", False, ""): QT_TRANSLATE_NOOP("GameLog", "Hand over: {name} is banjiran and deals next."),
    ("end_top", False, ""): QT_TRANSLATE_NOOP("GameLog", "The pack's top card was {card}."),
}


def _say(key: tuple[str, bool, str], **values: object) -> str:
    return log_sentence(_TEMPLATES[key], None, **values)


def _join(parts: Sequence[str]) -> str:
    return QCoreApplication.translate("Terms", ", ").join(parts)


def streak_text(streak: int) -> str:
    """A winner's streak in words: "banjiran", "mbanjir: a second win in a row", "ladhu: 4 wins in a row"."""
    if streak >= 3:
        return names.counted(QCoreApplication.translate("KartuLimaUI", "ladhu: %n wins in a row", None, streak), streak)
    if streak == 2:
        return QCoreApplication.translate("KartuLimaUI", "mbanjir: a second win in a row")
    return QCoreApplication.translate("KartuLimaUI", "banjiran: wins and deals next")


@register_game_ui
class KartuLimaUI(GameUI[KartuLimaView]):
    game_id = "kartu-lima"
    important_events = frozenset({"trick", "instant", "mraji_papat", "end"})
    money_options = frozenset(
        {"wudhon_stake", "undhuh_stake", "bal_stake", "pethitan_stake", "rooster_stake", "side_stake"}
    )

    def lesson(self) -> Lesson:
        return kartu_lima_lesson()

    # -- status line ------------------------------------------------------------------------------
    def your_turn_text(self, view: KartuLimaView, seat_names: Sequence[str]) -> str:
        phase = view.phase
        if phase == "bet":
            lo, hi = view.ranges[0].lo, view.ranges[0].hi
            return QCoreApplication.translate(
                "KartuLimaUI",
                "Bal-balan: bet against the banjiran, from {lo} to {hi}; everybody's bet is shown together.",
            ).format(lo=names.format_money(lo, signed=False), hi=names.format_money(hi, signed=False))
        if phase == "tomprang":
            return QCoreApplication.translate("KartuLimaUI", "Tomprang: add one stake for this hand (T), or pass (P).")
        if phase == "rooster":
            if view.options.roosters == "tetep":
                return QCoreApplication.translate(
                    "KartuLimaUI", "Roosters: click the card of your hand to lay as your rooster."
                )
            return QCoreApplication.translate(
                "KartuLimaUI",
                "Roosters: click a dika of your hand to lay it as your rooster, or choose No rooster (P).",
            )
        if phase == "gor":
            return QCoreApplication.translate(
                "KartuLimaUI", "Gor-goran: click the card of your hand you guess is on top of the pack."
            )
        if phase == "colour":
            return QCoreApplication.translate(
                "KartuLimaUI", "Abang-ireng: is the pack's top card red (R) or black (B)?"
            )
        if phase == "keep":
            return QCoreApplication.translate(
                "KartuLimaUI", "Mraji papat: click the one card you keep; the others go face down."
            )
        if any(a.verb == "reveal" for a in view.legal):
            return QCoreApplication.translate("KartuLimaUI", "You hold five cards that win at once: show them (V).")
        lead = not (view.current and view.current.cards)
        if lead and any(a.verb == "mraji_papat" for a in view.legal):
            return QCoreApplication.translate(
                "KartuLimaUI",
                "Your lead. You hold two mraji pairs: show mraji papat (M) to win at once, or lead a card.",
            )
        if lead:
            return QCoreApplication.translate("KartuLimaUI", "Your lead to trick {n} of 5: any card.").format(
                n=view.trick
            )
        trick = view.current
        led = group_name(cast(Kind, trick.cards[0].kind)) if trick is not None and trick.cards else ""
        if any(a.verb == "mberi" for a in view.legal):
            return QCoreApplication.translate(
                "KartuLimaUI", "Trick {n}: you hold no {group}: throw any card face down (mberi)."
            ).format(n=view.trick, group=led)
        return QCoreApplication.translate(
            "KartuLimaUI", "Trick {n}: follow with a card of the led group, {group}."
        ).format(n=view.trick, group=led)

    def describe_action(self, action: Action, view: KartuLimaView) -> str:
        card = names.card_name(action.card) if action.card is not None else ""
        texts = {
            "play": lambda: QCoreApplication.translate("KartuLimaUI", "play the {card}"),
            "mberi": lambda: QCoreApplication.translate("KartuLimaUI", "throw the {card} face down"),
            "rooster": lambda: QCoreApplication.translate("KartuLimaUI", "lay the {card} as your rooster"),
            "gor": lambda: QCoreApplication.translate("KartuLimaUI", "guess the {card}"),
            "keep": lambda: QCoreApplication.translate("KartuLimaUI", "keep the {card}"),
            "bet": lambda: QCoreApplication.translate("KartuLimaUI", "bet {amount}"),
            "tomprang": lambda: QCoreApplication.translate("KartuLimaUI", "add a tomprang"),
            "pass": lambda: (
                QCoreApplication.translate("KartuLimaUI", "no rooster")
                if view.phase == "rooster"
                else QCoreApplication.translate("KartuLimaUI", "pass")
            ),
            "red": lambda: QCoreApplication.translate("KartuLimaUI", "guess red"),
            "black": lambda: QCoreApplication.translate("KartuLimaUI", "guess black"),
            "mraji_papat": lambda: QCoreApplication.translate("KartuLimaUI", "show mraji papat"),
            "reveal": lambda: QCoreApplication.translate("KartuLimaUI", "show your five cards"),
        }
        if action.verb not in texts:
            return str(action)
        return texts[action.verb]().format(card=card, amount=names.format_money(action.amount or 0, signed=False))

    def hand_over_text(self, result: HandResult, seat_names: Sequence[str], human: int) -> str:
        w = result.winners[0]
        if w == human:
            return QCoreApplication.translate("KartuLimaUI", "Hand over — you win and are banjiran!")
        return QCoreApplication.translate("KartuLimaUI", "Hand over — {name} wins and is banjiran.").format(
            name=seat_name(w, seat_names)
        )

    def hand_summary(self, result: HandResult, seat_names: Sequence[str]) -> str:
        return seat_name(result.winners[0], seat_names)

    def hand_heading(self, match: Any, seat_names: Sequence[str], human: int) -> str:
        # the first hand is dealt by the cut's winner, not the match's drawn dealer
        state = getattr(match, "state", None)
        dealer = getattr(state, "dealer", match.dealer)
        n = match.hand_index + 1
        if dealer == human:
            return QCoreApplication.translate("GameUI", "Hand {n} — you deal").format(n=n)
        return QCoreApplication.translate("GameUI", "Hand {n} — {name} deals").format(
            n=n, name=seat_name(dealer, seat_names)
        )

    # -- game log -----------------------------------------------------------------------------------
    def describe_event(self, event: Event, seat_names: Sequence[str], human: int, namer: Namer) -> str | None:
        p, d, t = event.player, event.data, event.type
        you = p is not None and p == human
        who = seat_name(p, seat_names)
        secret = event.secret or {}

        def card(code: Any) -> str:
            return namer(_kind(code))

        if t == "cut":
            rounds = d.get("rounds") or []
            if not rounds:
                return None
            last = rounds[-1]
            cuts = _join(
                [
                    _say(("cut_one", False, ""), name=seat_name(s, seat_names), card=card(c))
                    for s, c in enumerate(last)
                    if c
                ]
            )
            return _say(
                ("cut", False, "again" if len(rounds) > 1 else ""),
                cuts=cuts,
                name=seat_name(d.get("dealer"), seat_names),
            )
        if t == "deal":
            if not you or not secret.get("cards"):
                return None
            return _say(
                ("deal", True, ""),
                dealer=seat_name(d.get("dealer"), seat_names),
                starter=seat_name(d.get("starter"), seat_names),
                cards=names.card_list(sorted(_kind(c) for c in secret["cards"]), namer),
            )
        if t == "chose":
            choice = secret.get("choice")
            if not you or not choice:
                return None
            verb = choice.get("verb")
            if verb == "pass" and d.get("round") == "rooster":
                verb = "no_rooster"
            key = ("chose", True, "bet" if verb == "bet" else verb)
            if key not in _TEMPLATES:
                return None
            return _say(
                key,
                card=card(choice["card"]) if choice.get("card") else "",
                amount=names.format_money(int(choice.get("amount") or 0), signed=False),
            )
        if t == "reveal":
            return self._reveal_line(d, seat_names)
        if t == "roosters":
            laid = d.get("players") or []
            if not laid:
                return _say(("roosters", False, "none"))
            return _say(("roosters", False, ""), list=_join([seat_name(q, seat_names) for q in laid]))
        if t == "lead":
            kind = _kind(d["card"])
            variant = "mraji" if you and secret.get("mraji") else ""
            line = _say(("lead", you, variant), name=who, trick=d.get("trick"), card=card(kind),
                        group=group_name(kind, namer_style(namer)))
            riddle = wangsalan.for_lead(kind, int(d.get("trick", 0)) + (p or 0))
            if riddle is not None:
                line += " " + _say(
                    ("wangsalan", False, ""),
                    name=who,
                    phrase=wangsalan.phrase(riddle, namer_style(namer)),
                    meaning=wangsalan.meaning(riddle),
                )
            return line
        if t == "ana_kene":
            return _say(
                ("ana_kene", you, ""), name=who, word=names.term("ana_kene", namer_style(namer)), card=card(d["card"])
            )
        if t == "play":
            variant = "kills" if d.get("kills") else "wins" if d.get("wins") else ""
            return _say(("play", you, variant), name=who, card=card(d["card"]))
        if t == "mberi":
            if you and secret.get("card"):
                return _say(("mberi", True, ""), card=card(secret["card"]))
            return _say(("mberi", False, ""), name=who)
        if t == "trick":
            return _say(
                ("trick", you, "last" if d.get("trick") == 5 else ""),
                name=who,
                trick=d.get("trick"),
                card=card(d["card"]),
            )
        if t == "mraji_papat":
            return _say(
                ("mraji_papat", you, ""), name=who, cards=names.card_list([_kind(c) for c in d["cards"]], namer)
            )
        if t == "discarded":
            return _say(("discarded", False, ""))
        if t == "instant":
            which = str(d.get("instant"))
            if ("instant", you, which) not in _TEMPLATES:
                return None
            return _say(("instant", you, which), name=who, cards=names.card_list([_kind(c) for c in d["cards"]], namer))
        if t == "end":
            line = _say(("end", you, ""), name=who)
            if d.get("top_card"):
                line += " " + _say(("end_top", False, ""), card=card(d["top_card"]))
            return line
        return super().describe_event(event, seat_names, human, namer)

    def _reveal_line(self, d: dict, seat_names: Sequence[str]) -> str | None:
        rnd = d.get("round")
        choices = d.get("choices") or []
        if rnd == "bet":
            parts = [
                QCoreApplication.translate("GameLog", "{name} {amount}").format(
                    name=seat_name(c.get("player"), seat_names),
                    amount=names.format_money(int(c.get("amount") or 0), signed=False),
                )
                for c in choices
            ]
        elif rnd == "tomprang":
            parts = [
                QCoreApplication.translate("GameLog", "{name} adds one").format(
                    name=seat_name(c.get("player"), seat_names)
                )
                if c.get("verb") == "tomprang"
                else QCoreApplication.translate("GameLog", "{name} passes").format(
                    name=seat_name(c.get("player"), seat_names)
                )
                for c in choices
            ]
        elif rnd == "colour":
            parts = [
                QCoreApplication.translate("GameLog", "{name} red").format(name=seat_name(c.get("player"), seat_names))
                if c.get("verb") == "red"
                else QCoreApplication.translate("GameLog", "{name} black").format(
                    name=seat_name(c.get("player"), seat_names)
                )
                for c in choices
            ]
        else:
            return None
        return _say(("reveal", False, rnd), list=_join(parts))

    # -- end of a hand ---------------------------------------------------------------------------------
    def fill_hand_end(
        self,
        content: HandEndContent,
        match: Match,
        record: HandRecord,
        seat_names: Sequence[str],
        human: int,
        namer: Namer,
        parent: QWidget,
    ) -> None:
        from ...names import seat_label

        res = record.result
        d = res.details
        w = res.winners[0]
        streak = getattr(record.carry, "streak", 1) or 1
        if w == human:
            content.headline = QCoreApplication.translate("HandEndDialog", "You win the hand — {streak}").format(
                streak=streak_text(streak)
            )
        else:
            content.headline = QCoreApplication.translate("HandEndDialog", "{name} wins the hand — {streak}").format(
                name=seat_name(w, seat_names), streak=streak_text(streak)
            )
        parts: list[str] = []
        if d.get("instant"):
            parts.append(
                QCoreApplication.translate("HandEndDialog", "{name} was dealt {cards}: {what}.").format(
                    name=seat_label(seat_names, w, human),
                    cards=names.card_list([_kind(c) for c in d.get("revealed") or []], namer),
                    what=names.text(f"kartu-lima.option.{d['instant']}"),
                )
            )
        elif d.get("papat") is not None:
            parts.append(
                QCoreApplication.translate(
                    "HandEndDialog", "{name} showed mraji papat and won the fifth trick."
                ).format(name=seat_label(seat_names, d["papat"], human))
            )
        elif d.get("last_lead"):
            parts.append(
                QCoreApplication.translate("HandEndDialog", "The fifth trick was led with {card}.").format(
                    card=namer(_kind(d["last_lead"]))
                )
            )
        roosters = d.get("roosters")
        if roosters and any(roosters):
            laid = [
                QCoreApplication.translate("HandEndDialog", "{name}: {card}").format(
                    name=seat_label(seat_names, q, human), card=namer(_kind(c))
                )
                for q, c in enumerate(roosters)
                if c
            ]
            kills = [seat_label(seat_names, q, human) for q in d.get("kills") or []]
            parts.append(QCoreApplication.translate("HandEndDialog", "Roosters: {list}.").format(list=_join(laid)))
            parts.append(
                QCoreApplication.translate("HandEndDialog", "Killed: {list}.").format(list=_join(kills))
                if kills
                else QCoreApplication.translate("HandEndDialog", "No rooster killed.")
            )
        if d.get("gor"):
            guesses = [
                QCoreApplication.translate("HandEndDialog", "{name}: {card}").format(
                    name=seat_label(seat_names, q, human), card=namer(_kind(c))
                )
                for q, c in enumerate(d["gor"])
                if c
            ]
            parts.append(
                QCoreApplication.translate("HandEndDialog", "Gor-goran guesses: {list}.").format(list=_join(guesses))
            )
        if d.get("top_card"):
            parts.append(
                QCoreApplication.translate("HandEndDialog", "The pack's top card: {card}.").format(
                    card=namer(_kind(d["top_card"]))
                )
            )
        if d.get("lemon"):
            parts.append(
                QCoreApplication.translate("HandEndDialog", "Lemon digits: {list}.").format(
                    list=_join(
                        [
                            QCoreApplication.translate("HandEndDialog", "{name} {digit}").format(
                                name=seat_label(seat_names, q, human), digit=v
                            )
                            for q, v in enumerate(d["lemon"])
                        ]
                    )
                )
            )
        for (code, _), holders in ((b, d.get("holders", {}).get(b[0])) for b in HOLDER_BETS):
            if holders is not None and len(holders) != 1:
                parts.append(
                    QCoreApplication.translate("HandEndDialog", "{bet}: void, carried to the next hand.").format(
                        bet=names.text(f"kartu-lima.option.{code}")
                    )
                )
        content.explanation = " ".join(parts)
        if d.get("tricks"):
            content.caption = QCoreApplication.translate(
                "HandEndDialog", "The tricks (cards thrown face down stay hidden):"
            )
            content.showcase_tab = QCoreApplication.translate("HandEndDialog", "Tricks")
            content.showcase = self.tricks_widget(d["tricks"], seat_names, human, namer, parent)

    def tricks_widget(
        self, tricks: Sequence[Any], seat_names: Sequence[str], human: int, namer: Namer, parent: QWidget
    ) -> QWidget:
        """Each trick in a row: its number, who led and who won, and its cards in the order played
        (a *mberi* as a back)."""
        from ...cardpics import CardRow, back_code
        from ...names import seat_label

        box = QWidget(parent)
        box.setObjectName("kartuLimaTricks")
        grid = QGridLayout(box)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(14)
        grid.setVerticalSpacing(4)
        for row, (leader, cards, winner) in enumerate(tricks):
            number = 5 - len(tricks) + row + 1
            head = QLabel(
                "<b>"
                + html.escape(QCoreApplication.translate("HandEndDialog", "Trick {n}").format(n=number))
                + "</b><br>"
                + html.escape(
                    QCoreApplication.translate("HandEndDialog", "led by {leader}, won by {winner}").format(
                        leader=seat_label(seat_names, leader, human), winner=seat_label(seat_names, winner, human)
                    )
                ),
                box,
            )
            grid.addWidget(head, row, 0, Qt.AlignmentFlag.AlignVCenter)
            codes = [c if c else back_code() for _, c in cards]
            cr = CardRow([codes], TRICK_HEIGHT, namer, box, overlap=0.0)
            cr.setObjectName(f"trick{number}")
            grid.addWidget(cr, row, 1, Qt.AlignmentFlag.AlignLeft)
        grid.setColumnStretch(1, 1)
        return box

    def match_mode_help(self, mode: str) -> str:
        if mode == "money":
            return names.text("kartu-lima.match.money.help")
        return super().match_mode_help(mode)

    def stake_summary(self, match: Match) -> str:
        method = cast(KartuLimaOptions, match.options).stakes
        line = QCoreApplication.translate("KartuLimaUI", "Stakes: {method}.").format(
            method=names.text(f"kartu-lima.option.stakes.{method}", method)
        )
        if match.pot:
            line += " " + QCoreApplication.translate("KartuLimaUI", "In the pot: {money}.").format(
                money=names.format_money(match.pot, signed=False)
            )
        return line

    # -- help ---------------------------------------------------------------------------------------------
    def help_title(self) -> str:
        return QCoreApplication.translate("KartuLimaHelp", "How to play Kartu Lima")

    def rules_source(self) -> str:
        return QCoreApplication.translate(
            "AboutDialog",
            "Rules of Kartu Lima after the article “Kartu Lima”, which follows Tjan Tjoe Siem's "
            "<i>Javaanse kaartspelen</i> (pp. 46–57).",
        )

    def help_html(self, ctx: HelpContext) -> str:
        from .help import help_html

        return help_html(ctx)
