"""Ceki's How-to-play page, as data: the game in the project's own words after the rule text *Ceki (or
Kowah)*, the cards with their names, an example of a win and CekiDesk's house rules."""

from __future__ import annotations

from cekidesk.engine.cards import ALL_KINDS, Kind
from cekidesk.games.ceki.rules import NO_DRAW_TURNS

from ...foundations.i18n import QT_TRANSLATE_NOOP
from ..help_page import (
    BR,
    Bold,
    Bullets,
    CardName,
    Cards,
    Cell,
    Contents,
    HelpPage,
    Italic,
    Key,
    KeysTable,
    Para,
    Said,
    Section,
    Small,
    Space,
    Table,
    Title,
    fmt,
)
from .texts import SAMPLE_SETS

GALLERY_HEIGHT = 92
EXAMPLE_HEIGHT = 100


def _gallery() -> Table:
    """Every card, a row per suit and one of the special cards, each with its English and Javanese name."""
    rows = (
        (QT_TRANSLATE_NOOP("CekiHelp", "Coins"), [k for k in ALL_KINDS if k.code.startswith("C")]),
        (QT_TRANSLATE_NOOP("CekiHelp", "Strings"), [k for k in ALL_KINDS if k.code.startswith("S")]),
        (QT_TRANSLATE_NOOP("CekiHelp", "Myriads"), [k for k in ALL_KINDS if k.code.startswith("M")]),
        (QT_TRANSLATE_NOOP("CekiHelp", "Special cards"), [Kind.WF, Kind.RF, Kind.OT]),
    )
    return Table(
        tuple(
            (
                Bold(label),
                *(
                    Cell(
                        (
                            Cards((k.code,), GALLERY_HEIGHT),
                            BR,
                            Small(CardName(k.code), BR, Italic(CardName(k.code, "javanese"))),
                        ),
                        align="center",
                        valign="top",
                    )
                    for k in kinds
                ),
            )
            for label, kinds in rows
        ),
        padding=2,
        spacing=2,
    )


GALLERY = _gallery()

INTRO = Para(
    QT_TRANSLATE_NOOP(
        "CekiHelp",
        "Ceki is a quick rummy game for 2 to 6 players. You try to hold three sets of three cards of the same value. "
        "CekiDesk deals, keeps the score, and calls <i>ceki</i> for you.",
    )
)

_CARDS = Section(
    "cards",
    QT_TRANSLATE_NOOP("CekiHelp", "The cards"),
    (
        Para(
            QT_TRANSLATE_NOOP(
                "CekiHelp",
                "Two packs are used: 120 cards, four of each of 30 kinds. There are three suits numbered 1 to 9 — "
                "<b>Coins</b> (round cash coins), <b>Strings</b> (strings of cash) and <b>Myriads</b> (a Chinese "
                "numeral above the sign 萬) — and three special cards: the <b>White Flower</b>, the <b>Red Flower</b> "
                "and the <b>Old Thousand</b>.",
            )
        ),
        Para(
            QT_TRANSLATE_NOOP(
                "CekiHelp",
                "You do not need to read the pictures: look at the thick frame around each picture. Every value has "
                "its own frame pattern, the same in all three suits, so cards that make a set have the same frame. "
                "The two Flowers wear the frame of the 1s; the Old Thousand has no frame.",
            )
        ),
        GALLERY,
        Para(
            QT_TRANSLATE_NOOP(
                "CekiHelp",
                "Two pairs are easy to confuse at first. The <b>White Flower</b> is the dark card with a white "
                "flower, while the <b>1 of Coins</b> is one big coin between rows of small dots. The <b>9 of "
                "Strings</b> and the <b>Red Flower</b> both have a red stamp, but the 9 of Strings has the saw-tooth "
                "frame of the 9s and strings of cash with a big dot at the top.",
            )
        ),
        Para(Cards(("WF", "C1", "S9", "RF"), EXAMPLE_HEIGHT)),
    ),
)
_DEAL = Section(
    "deal",
    QT_TRANSLATE_NOOP("CekiHelp", "The deal"),
    (
        Para(
            QT_TRANSLATE_NOOP(
                "CekiHelp",
                "The first dealer is picked at random. Everyone receives eight cards, dealt two at a time. The rest "
                "of the cards form the face-down stock in the middle. The player on the dealer's left plays first, "
                "and play goes round clockwise. After each hand the deal moves one seat to the left.",
            )
        ),
    ),
)
_TURN = Section(
    "turn",
    QT_TRANSLATE_NOOP("CekiHelp", "Your turn"),
    (
        Para(QT_TRANSLATE_NOOP("CekiHelp", "A turn has two steps:")),
        Bullets(
            (
                QT_TRANSLATE_NOOP(
                    "CekiHelp",
                    "<b>Get a card</b>: draw the top card of the stock, <i>or</i> pick up the card the previous "
                    "player has just thrown. Only that last thrown card can be picked up; the ones below it are out "
                    "of play.",
                ),
                QT_TRANSLATE_NOOP(
                    "CekiHelp",
                    "<b>Throw a card</b> face-up onto the discard pile, so that you again hold eight. A card you "
                    "have just drawn from the stock may be thrown straight back.",
                ),
            ),
            ordered=True,
        ),
        Para(
            QT_TRANSLATE_NOOP(
                "CekiHelp",
                "In CekiDesk you click the stock or the discard pile, then click the card to throw. Only moves that "
                "are allowed are offered.",
            )
        ),
    ),
)
_SETS = Section(
    "sets",
    QT_TRANSLATE_NOOP("CekiHelp", "Sets"),
    (
        Para(
            QT_TRANSLATE_NOOP(
                "CekiHelp",
                "A set is three cards of the same value; the suits do not matter. Three 7s — the 7 of Coins and two "
                "7s of Myriads, for example — are a set worth 7 + 7 + 7 = 21 points. The White Flower, the Red "
                "Flower and the Old Thousand only make sets with cards of their own kind, and each counts 1 point, "
                "so three 9s (27 points) are the best set and three Flowers the poorest (3).",
            )
        ),
        Para((Cards(("C7", "M7", "M7"), EXAMPLE_HEIGHT), Space(4), Cards(("WF", "WF", "WF"), EXAMPLE_HEIGHT))),
        Para(
            fmt(
                QT_TRANSLATE_NOOP(
                    "CekiHelp",
                    "Rule option (New Game ▸ Rules): with <i>“{option}”</i> the six 1s — White Flower, Red Flower, "
                    "Old Thousand and the 1 of each suit — all count as one value, as in the Javanese games.",
                ),
                option=Key("ceki.option.iyo_one_rank", escape=True),
            )
        ),
    ),
)
_CEKI = Section(
    "ceki",
    QT_TRANSLATE_NOOP("CekiHelp", "Calling ceki"),
    (
        Para(
            QT_TRANSLATE_NOOP(
                "CekiHelp",
                "Eight cards can hold at most two sets and a pair. That is the hand that can win, and the moment you "
                "have it — at the end of your turn, or straight from the deal — you call <i>ceki</i>. CekiDesk does "
                "this for you and announces it: your pair goes face-down in front of you and your two sets are "
                "frozen. (If one of your sets has the same value as the pair, all five of those cards go face-down.)",
            )
        ),
        Para(
            QT_TRANSLATE_NOOP(
                "CekiHelp",
                "From then on you only wait for one card: the third card of your pair's value. Each turn you draw "
                "from the stock and throw the drawn card — unless it is your card — or you pick up the discard if it "
                "is the card you are waiting for. Everyone can see that you have called, so the player before you "
                "will try not to throw your card.",
            )
        ),
    ),
)
_WIN = Section(
    "win",
    QT_TRANSLATE_NOOP("CekiHelp", "Winning"),
    (
        Para(
            QT_TRANSLATE_NOOP(
                "CekiHelp",
                "The first player to complete three sets wins the hand and is the only one to score: the sum of the "
                "nine cards (numbered cards their number, Flowers and Old Thousand 1 each), multiplied according to "
                "where the winning card came from:",
            )
        ),
        Table(
            tuple(
                (Bold(Said(f"×{m}")), Bold(Key(f"win.{k}", k, escape=True)), Key(f"win.{k}.help", "", escape=True))
                for m, k in ((1, "plain"), (2, "double"), (3, "triple"))
            ),
            padding=4,
            border=1,
            middle=False,
        ),
        Para(
            QT_TRANSLATE_NOOP(
                "CekiHelp",
                "<b>Example.</b> You have called with three 9s, three White Flowers and a pair of 7s face-down. The "
                "player before you keeps the card they drew and throws a 7 of Myriads from their hand; you take it "
                "and win:",
            )
        ),
        Para(
            tuple(
                part
                for i, group in enumerate(SAMPLE_SETS)
                for part in ((Space(4),) if i else ()) + (Cards(group, EXAMPLE_HEIGHT),)
            )
        ),
        Para(
            QT_TRANSLATE_NOOP(
                "CekiHelp",
                "The nine cards count 27 + 21 + 3 = 51. The card had been kept in the thrower's hand, so it is a "
                "double win: 51 × 2 = <b>102 points</b>. Had they thrown it straight after drawing it, you would "
                "score 51 (plain); had you drawn it yourself from the stock, 153 (triple).",
            )
        ),
    ),
)
_END = Section(
    "end",
    QT_TRANSLATE_NOOP("CekiHelp", "Drawn hands and the match"),
    (
        Para(
            QT_TRANSLATE_NOOP(
                "CekiHelp",
                "If the stock runs out, the hand is drawn: nobody scores and the deal moves on. (The only exception: "
                "if the very last card thrown is the one the next player is waiting for, they may still take it and "
                "win.)",
            )
        ),
        Para(
            fmt(
                QT_TRANSLATE_NOOP(
                    "CekiHelp",
                    "<b>House rule:</b> a hand also ends drawn after <b>{turns} turns in a row</b> in which nobody "
                    "draws from the stock. Players who only pick up each other's discards could otherwise pass cards "
                    "round for ever; in real play even six such turns in a row are rare. Drawing from the stock "
                    "starts the count again, and in your last round before the limit the status line counts down the "
                    "turns left.",
                ),
                turns=NO_DRAW_TURNS,
            )
        ),
        Para(
            QT_TRANSLATE_NOOP(
                "CekiHelp",
                "When you start a game you choose how the match goes: <b>for money</b> — after each hand every loser "
                "pays the winner the winner's score times the stake, and you play as long as you like; <b>to a "
                "target score</b> — the match ends after the hand in which somebody reaches it; or <b>a fixed number "
                "of hands</b> — the highest total wins. View ▸ Score sheet shows every hand so far.",
            )
        ),
    ),
)
_HOUSE = Section(
    "house",
    QT_TRANSLATE_NOOP("CekiHelp", "CekiDesk's house rules"),
    (
        Para(
            QT_TRANSLATE_NOOP("CekiHelp", "The old rule text leaves a few things open. CekiDesk plays them this way:")
        ),
        Bullets(
            (
                QT_TRANSLATE_NOOP(
                    "CekiHelp",
                    "<b>Ceki is called automatically</b> as soon as you hold two sets and a pair, because that is "
                    "the only hand that can win.",
                ),
                QT_TRANSLATE_NOOP(
                    "CekiHelp",
                    "<b>A card picked up from the discard pile cannot be thrown back</b> in the same turn (that "
                    "would be passing).",
                ),
                QT_TRANSLATE_NOOP("CekiHelp", "<b>An empty stock ends the hand as a draw</b>, with no score."),
                fmt(
                    QT_TRANSLATE_NOOP(
                        "CekiHelp",
                        "<b>{turns} turns in a row without a draw from the stock end the hand as a draw</b>, with no "
                        "score.",
                    ),
                    turns=NO_DRAW_TURNS,
                ),
                QT_TRANSLATE_NOOP(
                    "CekiHelp", "<b>The deal passes clockwise</b> (to the left) after every hand, whoever won."
                ),
            )
        ),
    ),
)
_KEYS = Section("keys", QT_TRANSLATE_NOOP("CekiHelp", "Playing with the keyboard"), (KeysTable(),))
_SOURCE = Section(
    "source",
    QT_TRANSLATE_NOOP("CekiHelp", "Source"),
    (
        Para(
            QT_TRANSLATE_NOOP(
                "CekiHelp",
                "These rules follow the rule text <i>Ceki (or Kowah): a traditional game for 2–6 players</i>. This "
                "page is CekiDesk's own summary; the house rules above are the app's choices where the source is "
                "silent.",
            )
        ),
    ),
)


HELP_PAGE = HelpPage(
    "CekiHelp",
    (
        Title(QT_TRANSLATE_NOOP("CekiHelp", "How to play Ceki (Kowah)")),
        INTRO,
        Contents(),
        _CARDS,
        _DEAL,
        _TURN,
        _SETS,
        _CEKI,
        _WIN,
        _END,
        _HOUSE,
        _KEYS,
        _SOURCE,
    ),
)
