"""The How-to-play page of Kartu Lima, in the project's own words after RULINGS §4 and the source
(``kartu-lima.txt``, the article "Kartu Lima" after *Javaanse kaartspelen*), with every house choice
of :mod:`cekidesk.games.kartu_lima.rules` and every wangsalan of the source."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication

from cekidesk.games.kartu_lima.rules import DIKA_KINDS

from ... import names
from ..base import HelpContext
from . import wangsalan

HELP_HEIGHT = 70


def help_html(ctx: HelpContext) -> str:
    esc = html.escape
    p = ctx.p
    out: list[str] = ["<h1>" + QCoreApplication.translate("KartuLimaHelp", "How to play Kartu Lima") + "</h1>"]
    out.append(
        p(
            QCoreApplication.translate(
                "KartuLimaHelp",
                "Kartu Lima (“five cards”, also called Tepu) is a Javanese trick game for 5 to 9 players "
                "with one pack of 60 Ceki cards. Everybody gets five cards and five tricks are played, but "
                "only the <b>fifth trick</b> counts: its winner wins the hand.",
            )
        )
    )
    out.append(
        ctx.contents(
            [
                ("deal", QCoreApplication.translate("KartuLimaHelp", "Seats and the deal")),
                ("groups", QCoreApplication.translate("KartuLimaHelp", "Card groups")),
                ("tricks", QCoreApplication.translate("KartuLimaHelp", "Tricks")),
                ("streaks", QCoreApplication.translate("KartuLimaHelp", "Streaks")),
                ("mraji", QCoreApplication.translate("KartuLimaHelp", "Mraji")),
                ("instant", QCoreApplication.translate("KartuLimaHelp", "Instant wins")),
                ("stakes", QCoreApplication.translate("KartuLimaHelp", "Stake methods")),
                ("roosters", QCoreApplication.translate("KartuLimaHelp", "Roosters")),
                ("side", QCoreApplication.translate("KartuLimaHelp", "Side bets")),
                ("wangsalan", QCoreApplication.translate("KartuLimaHelp", "Wangsalan")),
                ("house", QCoreApplication.translate("KartuLimaHelp", "CekiDesk's house rules")),
                ("keys", QCoreApplication.translate("KartuLimaHelp", "Keys")),
                ("source", QCoreApplication.translate("KartuLimaHelp", "Source")),
            ]
        )
    )

    out.append(ctx.heading("deal", QCoreApplication.translate("KartuLimaHelp", "Seats and the deal")))
    out.append(
        p(
            QCoreApplication.translate(
                "KartuLimaHelp",
                "Before the first hand everybody cuts a card; the highest Javanese value deals (Red Flower, "
                "Old Thousand and 1 of Myriads count 10, the White Flower and the other 1s count 1, the rest "
                "their number); players tied for the highest cut again. Later hands are dealt by the last "
                "winner. Each player gets five cards; the player on the dealer's right leads the first "
                "trick, and play goes anticlockwise — on the screen from you to the seat on your right.",
            )
        )
    )

    out.append(ctx.heading("groups", QCoreApplication.translate("KartuLimaHelp", "Card groups")))
    out.append(
        p(
            QCoreApplication.translate(
                "KartuLimaHelp",
                "A card can only be beaten by a higher card of its own group. The groups, lowest card first:",
            )
        )
    )
    rows = [
        (
            ["M2", "M3", "M4", "M5", "M6", "M7", "M8", "M9", "RF", "OT"],
            QCoreApplication.translate(
                "KartuLimaHelp",
                "<b>cina cilik</b>: the 2 to 9 of Myriads are equal; the Red Flower beats them, the Old Thousand "
                "beats all.",
            ),
        ),
        (["C3", "C4"], QCoreApplication.translate("KartuLimaHelp", "<b>3 & 4 of Coins</b>: the 4 beats the 3.")),
        (["C8", "C9"], QCoreApplication.translate("KartuLimaHelp", "<b>8 & 9 of Coins</b>: the 9 beats the 8.")),
        (
            ["S5", "S7", "S8", "S9"],
            QCoreApplication.translate(
                "KartuLimaHelp", "<b>lintrik cilik</b>: the 5 and 7 of Strings are equal, then the 8, then the 9."
            ),
        ),
        (
            [k.code for k in DIKA_KINDS],
            QCoreApplication.translate(
                "KartuLimaHelp",
                "<b>dika</b>: twelve cards, each a group of its own. A led dika can "
                "only be followed — and beaten — by its identical copy.",
            ),
        ),
    ]
    out.append(
        "<table cellspacing='0' cellpadding='6'>"
        + "".join(
            f"<tr><td valign='middle'>{ctx.cards(codes, HELP_HEIGHT)}</td><td valign='middle'>{text}</td></tr>"
            for codes, text in rows
        )
        + "</table>"
    )

    out.append(ctx.heading("tricks", QCoreApplication.translate("KartuLimaHelp", "Tricks")))
    out.append(
        ctx.ul(
            (
                QCoreApplication.translate(
                    "KartuLimaHelp", "You must play a card of the led group if you have one; you need not beat it."
                ),
                QCoreApplication.translate(
                    "KartuLimaHelp",
                    "With none, you throw any card <b>face down</b> (<i>mberi</i>). It can never win, and nobody else "
                    "sees what it was — on the table it lies as a back.",
                ),
                QCoreApplication.translate(
                    "KartuLimaHelp",
                    "The highest card of the led group wins; of equal cards the one played <b>last</b> wins. The "
                    "winner leads the next trick.",
                ),
                QCoreApplication.translate(
                    "KartuLimaHelp",
                    "The table shows the trick count and the led group in the middle; the card winning so far glows.",
                ),
            )
        )
    )

    out.append(ctx.heading("streaks", QCoreApplication.translate("KartuLimaHelp", "Streaks")))
    out.append(
        p(
            QCoreApplication.translate(
                "KartuLimaHelp",
                "The winner of the fifth trick is <b>banjiran</b> and deals the next hand. A second win in a "
                "row is <b>mbanjir</b>, a third and every later one <b>ladhu</b>. The streak is shown as a "
                "badge on the seat and lasts from hand to hand; some stake methods pay more for it.",
            )
        )
    )

    out.append(ctx.heading("mraji", QCoreApplication.translate("KartuLimaHelp", "Mraji")))
    out.append(
        p(
            QCoreApplication.translate(
                "KartuLimaHelp",
                "A <b>mraji</b> is both copies of a group's top card: two identical dika, or two of the 9 "
                "of Strings, 9 of Coins, 4 of Coins or Old Thousand. Led, such a card cannot be beaten. The "
                "first leader holding two mraji pairs may show <b>mraji papat</b>: everybody else keeps one "
                "card, the rest go face down, and the fifth trick is played at once — the shower leads a "
                "mraji card and wins.",
            )
        )
    )
    out.append("<p>" + ctx.cards(["S9", "S9", "OT", "OT"], HELP_HEIGHT) + "</p>")

    out.append(ctx.heading("instant", QCoreApplication.translate("KartuLimaHelp", "Instant wins")))
    out.append(
        p(
            QCoreApplication.translate(
                "KartuLimaHelp",
                "Options, both on by default: five Myriads dealt to one player win the hand at once; five "
                "cina cilik win the hand and the whole pot. The holder shows them before the first trick.",
            )
        )
    )

    out.append(ctx.heading("stakes", QCoreApplication.translate("KartuLimaHelp", "Stake methods")))
    out.append(
        ctx.ul(
            (
                QCoreApplication.translate(
                    "KartuLimaHelp",
                    "<b>Wudhon tengah</b>: everybody puts a stake into the pot each hand; the winner takes it all.",
                ),
                QCoreApplication.translate(
                    "KartuLimaHelp",
                    "<b>Undhuh-undhuh</b>: when the pot is empty everybody pays a stake into it; each winner takes one "
                    "stake, so a pot lasts as many hands as there are players. Options: a second win in a row "
                    "takes the rest of the pot and a ladhu keeps taking whole pots; <i>tomprang</i> lets the "
                    "others add a stake for one hand, which the winner takes.",
                ),
                QCoreApplication.translate(
                    "KartuLimaHelp",
                    "<b>Bal-balan</b>: the first hand is played as wudhon tengah. From then on everybody else bets "
                    "against the banjiran, at least the base bet and at most twice what the banjiran won. If the "
                    "banjiran wins again, they take every bet; if another player wins, each other bettor pays that "
                    "winner their bet, but no more than the winner's own bet.",
                ),
                QCoreApplication.translate(
                    "KartuLimaHelp",
                    "<b>Pethitan</b>: everybody stakes into the pot each hand; the pot is taken only when a "
                    "dika is led to the last trick — by its leader if unbeaten, otherwise by the player who killed it.",
                ),
            )
        )
    )

    out.append(ctx.heading("roosters", QCoreApplication.translate("KartuLimaHelp", "Roosters")))
    out.append(
        p(
            QCoreApplication.translate(
                "KartuLimaHelp",
                "With roosters (<i>jagoan</i>) everybody chooses at once, after the deal. In <b>tantangan</b> "
                "who wants lays a dika of their hand face down as a rooster, with a bet; in <b>tetep</b> "
                "everybody must lay a card, but only a dika can win. A rooster <b>kills</b> when it wins a "
                "trick it did not lead; it then wins the rooster bet from every other rooster that did not "
                "kill. Nobody sees the others' roosters until the hand is over.",
            )
        )
    )

    out.append(ctx.heading("side", QCoreApplication.translate("KartuLimaHelp", "Side bets")))
    out.append(
        ctx.ul(
            (
                QCoreApplication.translate(
                    "KartuLimaHelp",
                    "<b>Gor-goran</b>: everybody names a card of their hand as a guess of the pack's top card; a right "
                    "guess wins the side stake from every wrong one.",
                ),
                QCoreApplication.translate(
                    "KartuLimaHelp",
                    "<b>Kucingan, bedoran, kasutan, pil, kèk, pong</b>: the player dealt the White Flower, the 1 of "
                    "Strings, the 1 of Coins, the 2 of Myriads, the 2 of Strings or the 2 of Coins wins the side stake "
                    "from everybody. With two holders (or none) the bet is void and carried: the next single "
                    "holder wins one more stake for every hand it was carried.",
                ),
                QCoreApplication.translate(
                    "KartuLimaHelp",
                    "<b>Lemon</b>: add up your five cards in Javanese counting; the highest last digit wins the side "
                    "stake from every lower one.",
                ),
                QCoreApplication.translate(
                    "KartuLimaHelp",
                    "<b>Abang-ireng</b>: everybody guesses red or black for the pack's top card. Red are the 9 of "
                    "Strings, Red Flower, Old Thousand, every Myriad and the 5, 7 and 8 of Strings; the rest "
                    "are black.",
                ),
            )
        )
    )
    out.append(
        p(
            QCoreApplication.translate(
                "KartuLimaHelp",
                "Bets, tomprang, rooster and guesses are chosen with the buttons in the middle of the table or by "
                "clicking a card of your hand; everybody chooses at once, and the choices are shown "
                "together.",
            )
        )
    )

    out.append(ctx.heading("wangsalan", QCoreApplication.translate("KartuLimaHelp", "Wangsalan")))
    out.append(
        p(
            QCoreApplication.translate(
                "KartuLimaHelp",
                "At the Surakarta table the leader names the card with a riddle, a <b>wangsalan</b>, instead "
                "of its name; when a dika is led, whoever holds its partner says <i>ana kéné</i> — “I have "
                "it!”. CekiDesk shows the riddle at the leader's seat and the ana kéné at the holder's "
                "(an option turns ana kéné off). Every wangsalan of the source, with what it alludes to:",
            )
        )
    )
    rows_w = []
    for code in wangsalan.ORDER:
        items = "<br>".join(
            f"<b>{esc(names.term(t, ctx.card_names))}</b> — {esc(names.term_gloss(t))}" for t in wangsalan.riddles(code)
        )
        label = (
            ctx.card(code)
            if not code.startswith("M2")
            else QCoreApplication.translate("KartuLimaHelp", "2 to 9 of Myriads")
        )
        rows_w.append(
            f"<tr><td valign='middle'>{ctx.img(code, 56, label)}</td>"
            f"<td valign='middle'><i>{esc(label)}</i><br>{items}</td></tr>"
        )
    out.append("<table cellspacing='0' cellpadding='4'>" + "".join(rows_w) + "</table>")

    out.append(ctx.heading("house", QCoreApplication.translate("KartuLimaHelp", "CekiDesk's house rules")))
    out.append(
        p(QCoreApplication.translate("KartuLimaHelp", "Where the source is silent or unclear, CekiDesk chooses:"))
    )
    out.append(
        ctx.ul(
            (
                QCoreApplication.translate(
                    "KartuLimaHelp",
                    "The players sit as the New Game dialog lists them; the cut only chooses the first dealer.",
                ),
                QCoreApplication.translate(
                    "KartuLimaHelp", "The dealer deals one card at a time, five rounds, starting on their right."
                ),
                QCoreApplication.translate(
                    "KartuLimaHelp",
                    "A face-down (mberi) card is never shown, not even after the hand — except a rooster or a "
                    "gor-goran guess, which the bets need.",
                ),
                QCoreApplication.translate(
                    "KartuLimaHelp", "After mraji papat the shower's fifth card goes face down too."
                ),
                QCoreApplication.translate(
                    "KartuLimaHelp",
                    "Instant wins: the holder must show the cards; with several holders the first in play order does; "
                    "five of the 2–9 of Myriads count as five cina cilik when both options are on.",
                ),
                QCoreApplication.translate(
                    "KartuLimaHelp",
                    "Tomprang is one more stake a player adds for this hand only; the winner takes every tomprang as "
                    "well as the stake from the pot (a winner's own comes back).",
                ),
                QCoreApplication.translate(
                    "KartuLimaHelp",
                    "Bal-balan: the banjiran pays nothing when they lose, and “what the banjiran won” is their gain by "
                    "the stake method in the hand they won.",
                ),
                QCoreApplication.translate(
                    "KartuLimaHelp",
                    "Pethitan: when no dika is led to the last trick the pot stays and grows; an instant win takes it.",
                ),
                QCoreApplication.translate(
                    "KartuLimaHelp",
                    "A rooster stays one of its owner's five cards and is played like any other; it kills when it wins "
                    "a trick it did not lead.",
                ),
                QCoreApplication.translate(
                    "KartuLimaHelp",
                    "Gor-goran: the guessed card stays in the hand; the guesses are shown at the end of the hand.",
                ),
                QCoreApplication.translate(
                    "KartuLimaHelp",
                    "Side bets: everybody takes part; when several win a bet paid “by the others”, each loser "
                    "pays each winner; a holder bet is also void and carried when nobody holds the card.",
                ),
            )
        )
    )

    out.append(ctx.heading("keys", QCoreApplication.translate("KartuLimaHelp", "Keys")))
    out.append(
        p(
            QCoreApplication.translate(
                "KartuLimaHelp",
                "Click a card of your hand (or drag it to the middle) to play it; Left/Right and Enter "
                "select and play as well. Tab reaches the buttons of a choice; T, P, R, B, M and V make "
                "them directly.",
            )
        )
    )
    out.append(ctx.keys_table())

    out.append(ctx.heading("source", QCoreApplication.translate("KartuLimaHelp", "Source")))
    out.append(
        p(
            QCoreApplication.translate(
                "KartuLimaHelp",
                "These rules follow the article <i>Kartu Lima</i>, which describes the Surakarta game after "
                "Tjan Tjoe Siem's <i>Javaanse kaartspelen</i> (pp. 46–57), with notes from Tauern and "
                "Uhlenbeck. This page is CekiDesk's own summary; the house rules above are the app's "
                "choices where the source is silent.",
            )
        )
    )
    return "\n".join(out)
