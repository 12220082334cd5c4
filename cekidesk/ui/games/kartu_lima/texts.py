"""Kartu Lima's words: the game's terms, options and payments, the card groups' names, the log lines'
templates and the streaks.  Its game UI is :mod:`.game_ui`, the How-to-play page :mod:`.help` (after
RULINGS §4, with every house choice of :mod:`cekidesk.games.kartu_lima.rules`), the table
:mod:`.layout`, the riddles :mod:`.wangsalan`.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication

from cekidesk.engine.cards import Kind
from cekidesk.games.kartu_lima.rules import GROUP_NAME

from ...foundations import names
from ...foundations.i18n import QT_TRANSLATE_NOOP
from ..base import log_sentence

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

# how a hand was won, for the player's statistics (cekidesk.games.kartu_lima.stats.WIN_KINDS)
names.register_win_kinds(("kartu-lima",), "KartuLimaTerms", {
    "trick": QT_TRANSLATE_NOOP("KartuLimaTerms", "the fifth trick"),
    "papat": QT_TRANSLATE_NOOP("KartuLimaTerms", "mraji papat"),
    "five_myriads": QT_TRANSLATE_NOOP("KartuLimaTerms", "five Myriads"),
    "five_cina_cilik": QT_TRANSLATE_NOOP("KartuLimaTerms", "five cina cilik"),
})

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


def kind_of(code: object) -> Kind:
    return code if isinstance(code, Kind) else Kind.parse(str(code))


# Game-log sentences, by (event, the human did it, variant)
TEMPLATES: dict[tuple[str, bool, str], str] = {
    ("cut", False, ""): QT_TRANSLATE_NOOP("GameLog", "Cut for the deal: {cuts}. {name} deals."),
    ("cut", False, "again"): QT_TRANSLATE_NOOP("GameLog", "Cut for the deal (ties cut again): {cuts}. {name} deals."),
    ("cut", True, ""): QT_TRANSLATE_NOOP("GameLog", "Cut for the deal: {cuts}. You deal."),
    ("cut", True, "again"): QT_TRANSLATE_NOOP("GameLog", "Cut for the deal (ties cut again): {cuts}. You deal."),
    ("cut_one", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} {card}"),
    ("deal", True, ""): QT_TRANSLATE_NOOP(
        "GameLog", "{dealer} deals five cards each; {starter} leads. You hold {cards}."
    ),
    # (issue 32: you as the subject in the second person, never "You deals" or "You leads")
    ("deal", True, "you_lead"): QT_TRANSLATE_NOOP(
        "GameLog", "{dealer} deals five cards each; you lead. You hold {cards}."
    ),
    ("deal", True, "you_deal"): QT_TRANSLATE_NOOP(
        "GameLog", "You deal five cards each; {starter} leads. You hold {cards}."
    ),
    ("deal", True, "you_deal_lead"): QT_TRANSLATE_NOOP(
        "GameLog", "You deal five cards each and lead. You hold {cards}."
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


def say(key: tuple[str, bool, str], **values: object) -> str:
    return log_sentence(TEMPLATES[key], None, **values)


def join(parts: Sequence[str]) -> str:
    return QCoreApplication.translate("Terms", ", ").join(parts)


def streak_text(streak: int) -> str:
    """A winner's streak in words: "banjiran", "mbanjir: a second win in a row", "ladhu: 4 wins in a row"."""
    if streak >= 3:
        return names.counted(QCoreApplication.translate("KartuLimaUI", "ladhu: %n wins in a row", None, streak), streak)
    if streak == 2:
        return QCoreApplication.translate("KartuLimaUI", "mbanjir: a second win in a row")
    return QCoreApplication.translate("KartuLimaUI", "banjiran: wins and deals next")
