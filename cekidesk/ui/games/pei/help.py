"""Pèi's How-to-play page, in the project's own words after RULINGS §3 (the project's reading of the
Pèi rule text in the shared rule sources), with the house rules the app chose."""

from __future__ import annotations

from cekidesk.games.pei.rules import COMBO_CARDS, COMBOS, PeiOptions, combo_rate

from ...foundations import names
from ...foundations.i18n import QT_TRANSLATE_NOOP
from ..help_page import (
    BR,
    GAP,
    Bold,
    Bullets,
    Cards,
    Contents,
    Escaped,
    HelpContext,
    HelpPage,
    Inline,
    Key,
    KeysTable,
    Para,
    Said,
    Section,
    Small,
    Table,
    Title,
    Tr,
    fmt,
)
from .texts import STAKE_HELP

HELP_HEIGHT = 84


def _combos_table() -> Table:
    """A row per combination: its cards, its name and meaning, what it scores."""
    rows: list[tuple[Inline, ...]] = []
    opts = PeiOptions()
    for code in COMBOS:
        rate = combo_rate(code, opts)
        if code == "bunci_ireng":
            extra = fmt(
                QT_TRANSLATE_NOOP(
                    "PeiHelp",
                    "Extend it with an unbroken run: 4, 5 … 9 of Coins, {rate} points each (52 with the 4, up to 117 "
                    "with all nine).",
                ),
                rate=rate,
            )
        else:
            extra = fmt(QT_TRANSLATE_NOOP("PeiHelp", "Each further copy of one of these cards adds {rate}."), rate=rate)
        words: Inline = (
            Bold(Key(f"pei.combo.{code}", code.replace("_", " "), escape=True)),
            Said(" — "),
            Key(f"pei.combo.{code}.help", "", escape=True),
            BR,
            Escaped(
                fmt(
                    QT_TRANSLATE_NOOP("PeiHelp", "{rate} points a card: {base} for the three."),
                    rate=rate,
                    base=3 * rate,
                )
            ),
            BR,
            Small(Escaped(extra)),
        )
        rows.append((Cards(tuple(k.code for k in COMBO_CARDS[code]), HELP_HEIGHT), words))
    return Table(tuple(rows))


INTRO = Para(
    QT_TRANSLATE_NOOP(
        "PeiHelp",
        "Pèi is a Javanese fishing game for exactly three players with two packs of Ceki cards (120 cards). You "
        "capture cards from a face-up pool by matching their rank, and you try to collect five special combinations, "
        "which score far more than ordinary cards.",
    )
)

_ROLES = Section(
    "roles",
    QT_TRANSLATE_NOOP("PeiHelp", "Players and roles"),
    (
        Para(
            QT_TRANSLATE_NOOP(
                "PeiHelp",
                "Before every round each player gets two cards from a shuffled pack and adds up their values in "
                "Javanese counting (Red Flower, Old Thousand and 1 of Myriads count 10; White Flower, 1 of Coins and "
                "1 of Strings count 1; every other card its number). The highest sum becomes the <b>raja</b> (king), "
                "the next the <b>patih</b> (councillor), the lowest the <b>unyik</b> (last). Players with equal sums "
                "draw again among themselves.",
            )
        ),
        Para(
            QT_TRANSLATE_NOOP(
                "PeiHelp",
                "The raja plays first, then the patih, then the unyik, round and round. On the table the patih sits "
                "on the raja's right, so play goes anticlockwise: you are always at the bottom, the player after you "
                "on the right and the one before you on the left. A fourth person would only deal and count; in "
                "CekiDesk the table does that.",
            )
        ),
    ),
)
_DEAL = Section(
    "deal",
    QT_TRANSLATE_NOOP("PeiHelp", "The deal"),
    (
        Para(
            QT_TRANSLATE_NOOP(
                "PeiHelp",
                "Each player receives seven cards face down into the hand while six more go face up into the middle, "
                "and this happens twice: everyone holds 14 cards, the face-up <b>pool</b> has 36 cards, and 42 cards "
                "form the face-down <b>stock</b>.",
            )
        ),
        Para(
            QT_TRANSLATE_NOOP(
                "PeiHelp",
                "The pool is laid out by rank around the stock, each rank in front of one role: nines and ones "
                "before the raja, eights and twos before the patih, sevens, threes and fives before the unyik, and "
                "sixes and fours on the dealer's side, opposite you.",
            )
        ),
        Para(
            QT_TRANSLATE_NOOP(
                "PeiHelp",
                "The top card of the stock is turned face up beside it. It will be the very last card drawn, so it "
                "goes to the unyik, who can plan for it. The patih may secretly look at the card below it: the "
                "patih's own last draw. If you are the patih, CekiDesk shows it to you beside the stock, marked "
                "“only you see this”.",
            )
        ),
    ),
)
_TURN = Section(
    "turn",
    QT_TRANSLATE_NOOP("PeiHelp", "A turn"),
    (
        Bullets(
            (
                QT_TRANSLATE_NOOP(
                    "PeiHelp",
                    "<b>Play</b> one card from your hand. If a pool card has the same rank, you capture it: both "
                    "cards go face up in front of you. If none has, your card stays in the pool.",
                ),
                QT_TRANSLATE_NOOP(
                    "PeiHelp",
                    "<b>Draw</b> the bottom card of the stock, turn it over and match it in the same way: capture a "
                    "pool card of its rank, or leave it in the pool.",
                ),
            ),
            ordered=True,
        ),
        Para(
            QT_TRANSLATE_NOOP(
                "PeiHelp",
                "Each player has 14 turns, so the 42 stock cards are used up exactly as the hands run out. Cards "
                "still in the pool at the end belong to nobody.",
            )
        ),
    ),
)
_RANKS = Section(
    "ranks",
    QT_TRANSLATE_NOOP("PeiHelp", "Ranks"),
    (
        Para(
            QT_TRANSLATE_NOOP(
                "PeiHelp",
                "Cards match by rank only; the suit does not matter. The numbered cards have ranks 1 to 9. The six "
                "<i>iyo</i> cards — White Flower, Red Flower, Old Thousand and the 1 of each suit — are all one "
                "rank, the ones, and capture each other:",
            )
        ),
        Para(Cards(("WF", "RF", "OT", "C1", "S1", "M1"), HELP_HEIGHT)),
        Para(
            fmt(
                QT_TRANSLATE_NOOP(
                    "PeiHelp",
                    "Rule option: with “{option}” the Red Flower, Old Thousand and 1 of Myriads form a separate rank "
                    "of ten and match only each other.",
                ),
                option=Key("pei.option.ten_rank", escape=True),
            )
        ),
    ),
)
_CHOICE = Section(
    "choice",
    QT_TRANSLATE_NOOP("PeiHelp", "Choosing a capture"),
    (
        Para(
            QT_TRANSLATE_NOOP(
                "PeiHelp",
                "A card captures exactly one pool card. If all the pool cards of its rank are of one kind, CekiDesk "
                "takes one for you. If the pool holds different kinds of that rank — a 5 of Coins and a 5 of "
                "Myriads, say — you choose: the card waits, shown large beside the stock, the cards you may take "
                "glow, and you click one (or press 1, 2 …). Choose the one that builds your combinations or keeps a "
                "combination card from the others.",
            )
        ),
    ),
)
_COMBOS = Section(
    "combos",
    QT_TRANSLATE_NOOP("PeiHelp", "The combinations"),
    (
        Para(
            QT_TRANSLATE_NOOP(
                "PeiHelp",
                "Five groups of three cards score a fixed amount for every card in them, and every further copy of "
                "one of their cards adds the same amount again:",
            )
        ),
        _combos_table(),
        Para(
            QT_TRANSLATE_NOOP(
                "PeiHelp",
                "(The macan is the 9 of Coins with the 1 of Strings and the 1 of Myriads, as the source's pictures "
                "show; its text names two of the cards the other way round.)",
            )
        ),
    ),
)
_SCORE = Section(
    "score",
    QT_TRANSLATE_NOOP("PeiHelp", "Scoring"),
    (
        Para(
            QT_TRANSLATE_NOOP(
                "PeiHelp",
                "At the end your captured cards are arranged into combinations, and every card left over scores its "
                "Javanese value (10 for Red Flower, Old Thousand and 1 of Myriads, 1 for the other iyo cards, the "
                "number for the rest). The arrangement with the highest total always counts — the table counts in "
                "your favour. That matters because the 8 of Coins and the 9 of Coins can serve either a long bunci "
                "ireng or the pang picis and the macan.",
            )
        ),
        Para(
            QT_TRANSLATE_NOOP(
                "PeiHelp",
                "<b>Example.</b> You captured the 1 to 9 of Coins, the 2 of Strings, the 2 of Myriads, the 1 of "
                "Strings and the 1 of Myriads:",
            )
        ),
        Para(
            (
                Cards(("C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9"), 64),
                GAP,
                Cards(("S2", "M2", "S1", "M1"), 64),
            )
        ),
        Para(
            QT_TRANSLATE_NOOP(
                "PeiHelp",
                "A run of all nine coins is 9 × 13 = 117, plus 2 + 2 + 1 + 10 loose = 132. Stopping the run at the 7 "
                "(7 × 13 = 91) frees the 8 for pang picis (33) and the 9 for macan (30): 154. CekiDesk counts 154.",
            )
        ),
        Para(
            QT_TRANSLATE_NOOP(
                "PeiHelp", "The highest total is <b>ngeté</b>, the second <b>tengah</b>, the lowest <b>kete</b>."
            )
        ),
    ),
)
_VARIANTS = Section(
    "variants",
    QT_TRANSLATE_NOOP("PeiHelp", "Variants"),
    (
        Bullets(
            (
                fmt(
                    QT_TRANSLATE_NOOP(
                        "PeiHelp",
                        "<b>La pêche</b> (the Chinese game): the pack is cut into eight packets of 14 and eight "
                        "spare cards; three packets make the stock, two with the spare cards the pool, three the "
                        "hands. Nothing is turned up; instead the unyik may look at the last stock card. "
                        "Combinations score their three cards only; further copies, and a second full set of a "
                        "combination, count their face value. <i>House rule:</i> a bunci ireng still extends with an "
                        "unbroken run of the 4, 5 … 9 of Coins at {rate} a card (the source does not say whether the "
                        "run counts in la pêche).",
                    ),
                    rate=combo_rate("bunci_ireng", PeiOptions(variant="la_peche")),
                ),
                QT_TRANSLATE_NOOP(
                    "PeiHelp",
                    "<b>Pèi Magelang</b>: bunci ireng and bunci abang score 30 a card, pang picis and pang kéyang "
                    "20, macan 10.",
                ),
            )
        ),
    ),
)
_HOUSE = Section(
    "house",
    QT_TRANSLATE_NOOP("PeiHelp", "CekiDesk's house rules"),
    (
        Bullets(
            (
                QT_TRANSLATE_NOOP(
                    "PeiHelp", "<b>Seats are drawn again every round</b>, so nobody stays unyik for the whole match."
                ),
                QT_TRANSLATE_NOOP(
                    "PeiHelp",
                    "<b>Ties</b>: equal sums in the seating draw draw again; equal scores at the end rank by role "
                    "(raja before patih before unyik).",
                ),
                QT_TRANSLATE_NOOP(
                    "PeiHelp",
                    "<b>Captured cards stay face up</b> for everyone to see (the source allows either), with each "
                    "player's running score on the table.",
                ),
                QT_TRANSLATE_NOOP(
                    "PeiHelp",
                    "The dealer chip is only shown: the table deals. In jentolan it goes to the kete, otherwise to "
                    "the next seat.",
                ),
            )
        ),
    ),
)
_KEYS = Section(
    "keys",
    QT_TRANSLATE_NOOP("PeiHelp", "Keys"),
    (
        Para(
            QT_TRANSLATE_NOOP(
                "PeiHelp",
                "Click a card in your hand (or drag it to the pool) to play it; click the stock or press D to draw; "
                "click a glowing pool card or press 1, 2 … to choose a capture. Left/Right and Enter select and play "
                "as well.",
            )
        ),
        KeysTable(),
    ),
)
_SOURCE = Section(
    "source",
    QT_TRANSLATE_NOOP("PeiHelp", "Source"),
    (
        Para(
            QT_TRANSLATE_NOOP(
                "PeiHelp",
                "These rules follow the article <i>Pèi</i> (ꦥꦺꦲꦶ), which describes the game after <i>Javaanse "
                "kaartspelen</i> (pp. 58–70, with Pèi Magelang on pp. 67–68) and the Chinese <i>la pêche</i> after "
                "Tcheng Ki-tong's <i>Les plaisirs en Chine</i> (p. 270). This page is CekiDesk's own summary; the "
                "house rules above are the app's choices where the source is silent.",
            )
        ),
    ),
)


def _stakes() -> Section:
    """The stake methods, and an example of rampung and jung in the reader's currency."""
    money = {
        k: Said(names.format_money(v, signed=False), escape=False)
        for k, v in (("step", 5), ("a", 20), ("b", 40), ("c", 25))
    }
    return Section(
        "stakes",
        QT_TRANSLATE_NOOP("PeiHelp", "Stakes"),
        (
            Para(
                QT_TRANSLATE_NOOP(
                    "PeiHelp",
                    "In a money match the stake method chosen under New Game ▸ Rules settles every round; its "
                    "amounts are set there too:",
                )
            ),
            Bullets(
                tuple(
                    Tr("PeiUI", STAKE_HELP[k], escape=True)
                    for k in ("jentolan", "wudon", "rampung", "parewanan", "wulwulan", "jedhil")
                )
            ),
            Para(
                fmt(
                    QT_TRANSLATE_NOOP(
                        "PeiHelp",
                        "The rampung payments add up: té lumrah (the ngeté has 200 or more, paid by the kete), té "
                        "mati (paid by each player under 200), belahan (350 or more, paid by both) and patang atusan "
                        "(400 or more, paid by both as well). With jung each player pays each higher player per 10 "
                        "points of difference, rounded up: at 354, 322 and 275 and {step} a step, the ngeté takes "
                        "{a} from the tengah and {b} from the kete, and the tengah {c} from the kete.",
                    ),
                    step=money["step"],
                    a=money["a"],
                    b=money["b"],
                    c=money["c"],
                )
            ),
        ),
    )


def help_page(ctx: HelpContext) -> HelpPage:
    """Pèi's page."""
    return HelpPage(
        "PeiHelp",
        (
            Title(QT_TRANSLATE_NOOP("PeiHelp", "How to play Pèi")),
            INTRO,
            Contents(),
            _ROLES,
            _DEAL,
            _TURN,
            _RANKS,
            _CHOICE,
            _COMBOS,
            _SCORE,
            _VARIANTS,
            _stakes(),
            _HOUSE,
            _KEYS,
            _SOURCE,
        ),
    )
