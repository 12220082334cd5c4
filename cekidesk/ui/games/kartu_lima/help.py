"""The How-to-play page of Kartu Lima, in the project's own words after RULINGS §4 and the source
(``kartu-lima.txt``, the article "Kartu Lima" after *Javaanse kaartspelen*), with every house choice
of :mod:`cekidesk.games.kartu_lima.rules` and every wangsalan of the source."""

from __future__ import annotations

from cekidesk.games.kartu_lima.rules import DIKA_KINDS

from ...foundations import names
from ...foundations.i18n import QT_TRANSLATE_NOOP
from ..help_page import (
    BR,
    Bold,
    Bullets,
    Cards,
    Contents,
    HelpContext,
    HelpPage,
    Inline,
    Italic,
    KeysTable,
    Para,
    Picture,
    Said,
    Section,
    Table,
    Title,
)
from . import wangsalan

HELP_HEIGHT = 70

INTRO = Para(
    QT_TRANSLATE_NOOP(
        "KartuLimaHelp",
        "Kartu Lima (“five cards”, also called Tepu) is a Javanese trick game for 5 to 9 players with one pack of 60 "
        "Ceki cards. Everybody gets five cards and five tricks are played, but only the <b>fifth trick</b> counts: "
        "its winner wins the hand.",
    )
)

_DEAL = Section(
    "deal",
    QT_TRANSLATE_NOOP("KartuLimaHelp", "Seats and the deal"),
    (
        Para(
            QT_TRANSLATE_NOOP(
                "KartuLimaHelp",
                "Before the first hand everybody cuts a card; the highest Javanese value deals (Red Flower, Old "
                "Thousand and 1 of Myriads count 10, the White Flower and the other 1s count 1, the rest their "
                "number); players tied for the highest cut again. Later hands are dealt by the last winner. Each "
                "player gets five cards; the player on the dealer's right leads the first trick, and play goes "
                "anticlockwise — on the screen from you to the seat on your right.",
            )
        ),
    ),
)
_GROUPS = Section(
    "groups",
    QT_TRANSLATE_NOOP("KartuLimaHelp", "Card groups"),
    (
        Para(
            QT_TRANSLATE_NOOP(
                "KartuLimaHelp",
                "A card can only be beaten by a higher card of its own group. The groups, lowest card first:",
            )
        ),
        Table(
            (
                (
                    Cards(("M2", "M3", "M4", "M5", "M6", "M7", "M8", "M9", "RF", "OT"), HELP_HEIGHT),
                    QT_TRANSLATE_NOOP(
                        "KartuLimaHelp",
                        "<b>cina cilik</b>: the 2 to 9 of Myriads are equal; the Red Flower beats them, the Old "
                        "Thousand beats all.",
                    ),
                ),
                (
                    Cards(("C3", "C4"), HELP_HEIGHT),
                    QT_TRANSLATE_NOOP("KartuLimaHelp", "<b>3 & 4 of Coins</b>: the 4 beats the 3."),
                ),
                (
                    Cards(("C8", "C9"), HELP_HEIGHT),
                    QT_TRANSLATE_NOOP("KartuLimaHelp", "<b>8 & 9 of Coins</b>: the 9 beats the 8."),
                ),
                (
                    Cards(("S5", "S7", "S8", "S9"), HELP_HEIGHT),
                    QT_TRANSLATE_NOOP(
                        "KartuLimaHelp",
                        "<b>lintrik cilik</b>: the 5 and 7 of Strings are equal, then the 8, then the 9.",
                    ),
                ),
                (
                    Cards(tuple(k.code for k in DIKA_KINDS), HELP_HEIGHT),
                    QT_TRANSLATE_NOOP(
                        "KartuLimaHelp",
                        "<b>dika</b>: twelve cards, each a group of its own. A led dika can only be followed — and "
                        "beaten — by its identical copy.",
                    ),
                ),
            )
        ),
    ),
)
_TRICKS = Section(
    "tricks",
    QT_TRANSLATE_NOOP("KartuLimaHelp", "Tricks"),
    (
        Bullets(
            (
                QT_TRANSLATE_NOOP(
                    "KartuLimaHelp", "You must play a card of the led group if you have one; you need not beat it."
                ),
                QT_TRANSLATE_NOOP(
                    "KartuLimaHelp",
                    "With none, you throw any card <b>face down</b> (<i>mberi</i>). It can never win, and nobody "
                    "else sees what it was — on the table it lies as a back.",
                ),
                QT_TRANSLATE_NOOP(
                    "KartuLimaHelp",
                    "The highest card of the led group wins; of equal cards the one played <b>last</b> wins. The "
                    "winner leads the next trick.",
                ),
                QT_TRANSLATE_NOOP(
                    "KartuLimaHelp",
                    "The table shows the trick count and the led group in the middle; the card winning so far glows.",
                ),
            )
        ),
    ),
)
_STREAKS = Section(
    "streaks",
    QT_TRANSLATE_NOOP("KartuLimaHelp", "Streaks"),
    (
        Para(
            QT_TRANSLATE_NOOP(
                "KartuLimaHelp",
                "The winner of the fifth trick is <b>banjiran</b> and deals the next hand. A second win in a row is "
                "<b>mbanjir</b>, a third and every later one <b>ladhu</b>. The streak is shown as a badge on the "
                "seat and lasts from hand to hand; some stake methods pay more for it.",
            )
        ),
    ),
)
_MRAJI = Section(
    "mraji",
    QT_TRANSLATE_NOOP("KartuLimaHelp", "Mraji"),
    (
        Para(
            QT_TRANSLATE_NOOP(
                "KartuLimaHelp",
                "A <b>mraji</b> is both copies of a group's top card: two identical dika, or two of the 9 of "
                "Strings, 9 of Coins, 4 of Coins or Old Thousand. Led, such a card cannot be beaten. The first "
                "leader holding two mraji pairs may show <b>mraji papat</b>: everybody else keeps one card, the rest "
                "go face down, and the fifth trick is played at once — the shower leads a mraji card and wins.",
            )
        ),
        Para(Cards(("S9", "S9", "OT", "OT"), HELP_HEIGHT)),
    ),
)
_INSTANT = Section(
    "instant",
    QT_TRANSLATE_NOOP("KartuLimaHelp", "Instant wins"),
    (
        Para(
            QT_TRANSLATE_NOOP(
                "KartuLimaHelp",
                "Options, both on by default: five Myriads dealt to one player win the hand at once; five cina cilik "
                "win the hand and the whole pot. The holder shows them before the first trick.",
            )
        ),
    ),
)
_STAKES = Section(
    "stakes",
    QT_TRANSLATE_NOOP("KartuLimaHelp", "Stake methods"),
    (
        Bullets(
            (
                QT_TRANSLATE_NOOP(
                    "KartuLimaHelp",
                    "<b>Wudhon tengah</b>: everybody puts a stake into the pot each hand; the winner takes it all.",
                ),
                QT_TRANSLATE_NOOP(
                    "KartuLimaHelp",
                    "<b>Undhuh-undhuh</b>: when the pot is empty everybody pays a stake into it; each winner takes "
                    "one stake, so a pot lasts as many hands as there are players. Options: a second win in a row "
                    "takes the rest of the pot and a ladhu keeps taking whole pots; <i>tomprang</i> lets the others "
                    "add a stake for one hand, which the winner takes.",
                ),
                QT_TRANSLATE_NOOP(
                    "KartuLimaHelp",
                    "<b>Bal-balan</b>: the first hand is played as wudhon tengah. From then on everybody else bets "
                    "against the banjiran, at least the base bet and at most twice what the banjiran won. If the "
                    "banjiran wins again, they take every bet; if another player wins, each other bettor pays that "
                    "winner their bet, but no more than the winner's own bet.",
                ),
                QT_TRANSLATE_NOOP(
                    "KartuLimaHelp",
                    "<b>Pethitan</b>: everybody stakes into the pot each hand; the pot is taken only when a dika is "
                    "led to the last trick — by its leader if unbeaten, otherwise by the player who killed it.",
                ),
            )
        ),
    ),
)
_ROOSTERS = Section(
    "roosters",
    QT_TRANSLATE_NOOP("KartuLimaHelp", "Roosters"),
    (
        Para(
            QT_TRANSLATE_NOOP(
                "KartuLimaHelp",
                "With roosters (<i>jagoan</i>) everybody chooses at once, after the deal. In <b>tantangan</b> who "
                "wants lays a dika of their hand face down as a rooster, with a bet; in <b>tetep</b> everybody must "
                "lay a card, but only a dika can win. A rooster <b>kills</b> when it wins a trick it did not lead; "
                "it then wins the rooster bet from every other rooster that did not kill. Nobody sees the others' "
                "roosters until the hand is over.",
            )
        ),
    ),
)
_SIDE = Section(
    "side",
    QT_TRANSLATE_NOOP("KartuLimaHelp", "Side bets"),
    (
        Bullets(
            (
                QT_TRANSLATE_NOOP(
                    "KartuLimaHelp",
                    "<b>Gor-goran</b>: everybody names a card of their hand as a guess of the pack's top card; a "
                    "right guess wins the side stake from every wrong one.",
                ),
                QT_TRANSLATE_NOOP(
                    "KartuLimaHelp",
                    "<b>Kucingan, bedoran, kasutan, pil, kèk, pong</b>: the player dealt the White Flower, the 1 of "
                    "Strings, the 1 of Coins, the 2 of Myriads, the 2 of Strings or the 2 of Coins wins the side "
                    "stake from everybody. With two holders (or none) the bet is void and carried: the next single "
                    "holder wins one more stake for every hand it was carried.",
                ),
                QT_TRANSLATE_NOOP(
                    "KartuLimaHelp",
                    "<b>Lemon</b>: add up your five cards in Javanese counting; the highest last digit wins the side "
                    "stake from every lower one.",
                ),
                QT_TRANSLATE_NOOP(
                    "KartuLimaHelp",
                    "<b>Abang-ireng</b>: everybody guesses red or black for the pack's top card. Red are the 9 of "
                    "Strings, Red Flower, Old Thousand, every Myriad and the 5, 7 and 8 of Strings; the rest are "
                    "black.",
                ),
            )
        ),
        Para(
            QT_TRANSLATE_NOOP(
                "KartuLimaHelp",
                "Bets, tomprang, rooster and guesses are chosen with the buttons in the middle of the table or by "
                "clicking a card of your hand; everybody chooses at once, and the choices are shown together.",
            )
        ),
    ),
)
_WANGSALAN_INTRO = (
    Para(
        QT_TRANSLATE_NOOP(
            "KartuLimaHelp",
            "At the Surakarta table the leader names the card with a riddle, a <b>wangsalan</b>, instead of its "
            "name; when a dika is led, whoever holds its partner says <i>ana kéné</i> — “I have it!”. CekiDesk shows "
            "the riddle at the leader's seat and the ana kéné at the holder's (an option turns ana kéné off). Every "
            "wangsalan of the source, with what it alludes to:",
        )
    ),
)
_HOUSE = Section(
    "house",
    QT_TRANSLATE_NOOP("KartuLimaHelp", "CekiDesk's house rules"),
    (
        Para(QT_TRANSLATE_NOOP("KartuLimaHelp", "Where the source is silent or unclear, CekiDesk chooses:")),
        Bullets(
            (
                QT_TRANSLATE_NOOP(
                    "KartuLimaHelp",
                    "The players sit as the New Game dialog lists them; the cut only chooses the first dealer.",
                ),
                QT_TRANSLATE_NOOP(
                    "KartuLimaHelp", "The dealer deals one card at a time, five rounds, starting on their right."
                ),
                QT_TRANSLATE_NOOP(
                    "KartuLimaHelp",
                    "A face-down (mberi) card is never shown, not even after the hand — except a rooster or a "
                    "gor-goran guess, which the bets need.",
                ),
                QT_TRANSLATE_NOOP("KartuLimaHelp", "After mraji papat the shower's fifth card goes face down too."),
                QT_TRANSLATE_NOOP(
                    "KartuLimaHelp",
                    "Instant wins: the holder must show the cards; with several holders the first in play order "
                    "does; five of the 2–9 of Myriads count as five cina cilik when both options are on.",
                ),
                QT_TRANSLATE_NOOP(
                    "KartuLimaHelp",
                    "Tomprang is one more stake a player adds for this hand only; the winner takes every tomprang as "
                    "well as the stake from the pot (a winner's own comes back).",
                ),
                QT_TRANSLATE_NOOP(
                    "KartuLimaHelp",
                    "Bal-balan: the banjiran pays nothing when they lose, and “what the banjiran won” is their gain "
                    "by the stake method in the hand they won.",
                ),
                QT_TRANSLATE_NOOP(
                    "KartuLimaHelp",
                    "Pethitan: when no dika is led to the last trick the pot stays and grows; an instant win takes it.",
                ),
                QT_TRANSLATE_NOOP(
                    "KartuLimaHelp",
                    "A rooster stays one of its owner's five cards and is played like any other; it kills when it "
                    "wins a trick it did not lead.",
                ),
                QT_TRANSLATE_NOOP(
                    "KartuLimaHelp",
                    "Gor-goran: the guessed card stays in the hand; the guesses are shown at the end of the hand.",
                ),
                QT_TRANSLATE_NOOP(
                    "KartuLimaHelp",
                    "Side bets: everybody takes part; when several win a bet paid “by the others”, each loser pays "
                    "each winner; a holder bet is also void and carried when nobody holds the card.",
                ),
            )
        ),
    ),
)
_KEYS = Section(
    "keys",
    QT_TRANSLATE_NOOP("KartuLimaHelp", "Keys"),
    (
        Para(
            QT_TRANSLATE_NOOP(
                "KartuLimaHelp",
                "Click a card of your hand (or drag it to the middle) to play it; Left/Right and Enter select and "
                "play as well. Tab reaches the buttons of a choice; T, P, R, B, M and V make them directly.",
            )
        ),
        KeysTable(),
    ),
)
_SOURCE = Section(
    "source",
    QT_TRANSLATE_NOOP("KartuLimaHelp", "Source"),
    (
        Para(
            QT_TRANSLATE_NOOP(
                "KartuLimaHelp",
                "These rules follow the article <i>Kartu Lima</i>, which describes the Surakarta game after Tjan "
                "Tjoe Siem's <i>Javaanse kaartspelen</i> (pp. 46–57), with notes from Tauern and Uhlenbeck. This "
                "page is CekiDesk's own summary; the house rules above are the app's choices where the source is "
                "silent.",
            )
        ),
    ),
)


def _wangsalan(card_names: str) -> Section:
    """Every wangsalan of the source, a row per card: its picture, its name, each riddle with its gloss."""
    rows: list[tuple[Inline, ...]] = []
    for code in wangsalan.ORDER:
        label: str | Said = (
            Said(names.card_label(code, card_names))
            if not code.startswith("M2")
            else QT_TRANSLATE_NOOP("KartuLimaHelp", "2 to 9 of Myriads")
        )
        items: list[Inline] = [Italic(label)]
        for t in wangsalan.riddles(code):
            items += [BR, Bold(Said(names.term(t, card_names))), Said(" — "), Said(names.term_gloss(t))]
        rows.append((Picture(code, 56, label), tuple(items)))
    return Section(
        "wangsalan", QT_TRANSLATE_NOOP("KartuLimaHelp", "Wangsalan"), (*_WANGSALAN_INTRO, Table(tuple(rows), padding=4))
    )


def help_page(ctx: HelpContext) -> HelpPage:
    """Kartu Lima's page (the riddles in the reader's card-name form)."""
    return HelpPage(
        "KartuLimaHelp",
        (
            Title(QT_TRANSLATE_NOOP("KartuLimaHelp", "How to play Kartu Lima")),
            INTRO,
            Contents(),
            _DEAL,
            _GROUPS,
            _TRICKS,
            _STREAKS,
            _MRAJI,
            _INSTANT,
            _STAKES,
            _ROOSTERS,
            _SIDE,
            _wangsalan(ctx.card_names),
            _HOUSE,
            _KEYS,
            _SOURCE,
        ),
    )
