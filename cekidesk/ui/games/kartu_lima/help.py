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


def tr(text: str) -> str:
    return QCoreApplication.translate("KartuLimaHelp", text)


def help_html(ctx: HelpContext) -> str:
    esc = html.escape
    p = ctx.p
    out: list[str] = ["<h1>" + tr("How to play Kartu Lima") + "</h1>"]
    out.append(p(tr("Kartu Lima (“five cards”, also called Tepu) is a Javanese trick game for 5 to 9 players "
                    "with one pack of 60 Ceki cards. Everybody gets five cards and five tricks are played, but "
                    "only the <b>fifth trick</b> counts: its winner wins the hand.")))
    out.append(ctx.contents([
        ("deal", tr("Seats and the deal")), ("groups", tr("Card groups")), ("tricks", tr("Tricks")),
        ("streaks", tr("Streaks")), ("mraji", tr("Mraji")), ("instant", tr("Instant wins")),
        ("stakes", tr("Stake methods")), ("roosters", tr("Roosters")), ("side", tr("Side bets")),
        ("wangsalan", tr("Wangsalan")), ("house", tr("CekiDesk's house rules")), ("keys", tr("Keys")),
        ("source", tr("Source"))]))

    out.append(ctx.heading("deal", tr("Seats and the deal")))
    out.append(p(tr("Before the first hand everybody cuts a card; the highest Javanese value deals (Red Flower, "
                    "Old Thousand and 1 of Myriads count 10, the White Flower and the other 1s count 1, the rest "
                    "their number); players tied for the highest cut again. Later hands are dealt by the last "
                    "winner. Each player gets five cards; the player on the dealer's right leads the first "
                    "trick, and play goes anticlockwise — on the screen from you to the seat on your right.")))

    out.append(ctx.heading("groups", tr("Card groups")))
    out.append(p(tr("A card can only be beaten by a higher card of its own group. The groups, lowest card "
                    "first:")))
    rows = [
        (["M2", "M3", "M4", "M5", "M6", "M7", "M8", "M9", "RF", "OT"],
         tr("<b>cina cilik</b>: the 2 to 9 of Myriads are equal; the Red Flower beats them, the Old Thousand "
            "beats all.")),
        (["C3", "C4"], tr("<b>3 & 4 of Coins</b>: the 4 beats the 3.")),
        (["C8", "C9"], tr("<b>8 & 9 of Coins</b>: the 9 beats the 8.")),
        (["S5", "S7", "S8", "S9"], tr("<b>lintrik cilik</b>: the 5 and 7 of Strings are equal, then the 8, "
                                      "then the 9.")),
        ([k.code for k in DIKA_KINDS], tr("<b>dika</b>: twelve cards, each a group of its own. A led dika can "
                                          "only be followed — and beaten — by its identical copy.")),
    ]
    out.append("<table cellspacing='0' cellpadding='6'>" + "".join(
        f"<tr><td valign='middle'>{ctx.cards(codes, HELP_HEIGHT)}</td><td valign='middle'>{text}</td></tr>"
        for codes, text in rows) + "</table>")

    out.append(ctx.heading("tricks", tr("Tricks")))
    out.append("<ul>" + "".join("<li>" + s + "</li>" for s in (
        tr("You must play a card of the led group if you have one; you need not beat it."),
        tr("With none, you throw any card <b>face down</b> (<i>mberi</i>). It can never win, and nobody else "
           "sees what it was — on the table it lies as a back."),
        tr("The highest card of the led group wins; of equal cards the one played <b>last</b> wins. The "
           "winner leads the next trick."),
        tr("The table shows the trick count and the led group in the middle; the card winning so far glows."),
    )) + "</ul>")

    out.append(ctx.heading("streaks", tr("Streaks")))
    out.append(p(tr("The winner of the fifth trick is <b>banjiran</b> and deals the next hand. A second win in a "
                    "row is <b>mbanjir</b>, a third and every later one <b>ladhu</b>. The streak is shown as a "
                    "badge on the seat and lasts from hand to hand; some stake methods pay more for it.")))

    out.append(ctx.heading("mraji", tr("Mraji")))
    out.append(p(tr("A <b>mraji</b> is both copies of a group's top card: two identical dika, or two of the 9 "
                    "of Strings, 9 of Coins, 4 of Coins or Old Thousand. Led, such a card cannot be beaten. The "
                    "first leader holding two mraji pairs may show <b>mraji papat</b>: everybody else keeps one "
                    "card, the rest go face down, and the fifth trick is played at once — the shower leads a "
                    "mraji card and wins.")))
    out.append("<p>" + ctx.cards(["S9", "S9", "OT", "OT"], HELP_HEIGHT) + "</p>")

    out.append(ctx.heading("instant", tr("Instant wins")))
    out.append(p(tr("Options, both on by default: five Myriads dealt to one player win the hand at once; five "
                    "cina cilik win the hand and the whole pot. The holder shows them before the first trick.")))

    out.append(ctx.heading("stakes", tr("Stake methods")))
    out.append("<ul>" + "".join("<li>" + s + "</li>" for s in (
        tr("<b>Wudhon tengah</b>: everybody puts a stake into the pot each hand; the winner takes it all."),
        tr("<b>Undhuh-undhuh</b>: when the pot is empty everybody pays a stake into it; each winner takes one "
           "stake, so a pot lasts as many hands as there are players. Options: a second win in a row takes the "
           "rest of the pot and a ladhu keeps taking whole pots; <i>tomprang</i> lets the others add a stake "
           "for one hand, which the winner takes."),
        tr("<b>Bal-balan</b>: the first hand is played as wudhon tengah. From then on everybody else bets "
           "against the banjiran, at least the base bet and at most twice what the banjiran won. If the "
           "banjiran wins again, they take every bet; if another player wins, each other bettor pays that "
           "winner their bet, but no more than the winner's own bet."),
        tr("<b>Pethitan</b>: everybody stakes into the pot each hand; the pot is taken only when a dika is led "
           "to the last trick — by its leader if unbeaten, otherwise by the player who killed it."),
    )) + "</ul>")

    out.append(ctx.heading("roosters", tr("Roosters")))
    out.append(p(tr("With roosters (<i>jagoan</i>) everybody chooses at once, after the deal. In <b>tantangan</b> "
                    "who wants lays a dika of their hand face down as a rooster, with a bet; in <b>tetep</b> "
                    "everybody must lay a card, but only a dika can win. A rooster <b>kills</b> when it wins a "
                    "trick it did not lead; it then wins the rooster bet from every other rooster that did not "
                    "kill. Nobody sees the others' roosters until the hand is over.")))

    out.append(ctx.heading("side", tr("Side bets")))
    out.append("<ul>" + "".join("<li>" + s + "</li>" for s in (
        tr("<b>Gor-goran</b>: everybody names a card of their hand as a guess of the pack's top card; a right "
           "guess wins the side stake from every wrong one."),
        tr("<b>Kucingan, bedoran, kasutan, pil, kèk, pong</b>: the player dealt the White Flower, the 1 of "
           "Strings, the 1 of Coins, the 2 of Myriads, the 2 of Strings or the 2 of Coins wins the side stake "
           "from everybody. With two holders (or none) the bet is void and carried: the next single holder wins "
           "one more stake for every hand it was carried."),
        tr("<b>Lemon</b>: add up your five cards in Javanese counting; the highest last digit wins the side "
           "stake from every lower one."),
        tr("<b>Abang-ireng</b>: everybody guesses red or black for the pack's top card. Red are the 9 of "
           "Strings, Red Flower, Old Thousand, every Myriad and the 5, 7 and 8 of Strings; the rest are black."),
    )) + "</ul>")
    out.append(p(tr("Bets, tomprang, rooster and guesses are chosen with the buttons beside your seat or by "
                    "clicking a card of your hand; everybody chooses at once, and the choices are shown "
                    "together.")))

    out.append(ctx.heading("wangsalan", tr("Wangsalan")))
    out.append(p(tr("At the Surakarta table the leader names the card with a riddle, a <b>wangsalan</b>, instead "
                    "of its name; when a dika is led, whoever holds its partner says <i>ana kéné</i> — “I have "
                    "it!”. CekiDesk shows the riddle at the leader's seat and the ana kéné at the holder's "
                    "(an option turns ana kéné off). Every wangsalan of the source, with what it alludes to:")))
    rows_w = []
    for code in wangsalan.ORDER:
        items = "<br>".join(
            f"<b>{esc(names.term(t, ctx.card_names))}</b> — {esc(names.term_gloss(t))}" for t in wangsalan.riddles(code))
        label = ctx.card(code) if not code.startswith("M2") else tr("2 to 9 of Myriads")
        rows_w.append(f"<tr><td valign='middle'>{ctx.img(code, 56, label)}</td>"
                      f"<td valign='middle'><i>{esc(label)}</i><br>{items}</td></tr>")
    out.append("<table cellspacing='0' cellpadding='4'>" + "".join(rows_w) + "</table>")

    out.append(ctx.heading("house", tr("CekiDesk's house rules")))
    out.append(p(tr("Where the source is silent or unclear, CekiDesk chooses:")))
    out.append("<ul>" + "".join("<li>" + s + "</li>" for s in (
        tr("The players sit as the New Game dialog lists them; the cut only chooses the first dealer."),
        tr("The dealer deals one card at a time, five rounds, starting on their right."),
        tr("A face-down (mberi) card is never shown, not even after the hand — except a rooster or a "
           "gor-goran guess, which the bets need."),
        tr("After mraji papat the shower's fifth card goes face down too."),
        tr("Instant wins: the holder must show the cards; with several holders the first in play order does; "
           "five of the 2–9 of Myriads count as five cina cilik when both options are on."),
        tr("Tomprang is one more stake a player adds for this hand only; the winner takes every tomprang as "
           "well as the stake from the pot (a winner's own comes back)."),
        tr("Bal-balan: the banjiran pays nothing when they lose, and “what the banjiran won” is their gain by "
           "the stake method in the hand they won."),
        tr("Pethitan: when no dika is led to the last trick the pot stays and grows; an instant win takes it."),
        tr("A rooster stays one of its owner's five cards and is played like any other; it kills when it wins "
           "a trick it did not lead."),
        tr("Gor-goran: the guessed card stays in the hand; the guesses are shown at the end of the hand."),
        tr("Side bets: everybody takes part; when several win a bet paid “by the others”, each loser pays each "
           "winner; a holder bet is also void and carried when nobody holds the card."),
    )) + "</ul>")

    out.append(ctx.heading("keys", tr("Keys")))
    out.append(p(tr("Click a card of your hand (or drag it to the middle) to play it; Left/Right and Enter "
                    "select and play as well. Tab reaches the buttons of a choice; T, P, R, B, M and V make "
                    "them directly.")))
    out.append(ctx.keys_table())

    out.append(ctx.heading("source", tr("Source")))
    out.append(p(tr("These rules follow the article <i>Kartu Lima</i>, which describes the Surakarta game after "
                    "Tjan Tjoe Siem's <i>Javaanse kaartspelen</i> (pp. 46–57), with notes from Tauern and "
                    "Uhlenbeck. This page is CekiDesk's own summary; the house rules above are the app's "
                    "choices where the source is silent.")))
    return "\n".join(out)
