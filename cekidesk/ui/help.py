"""Help ▸ How to play: the rules of Ceki (Kowah) in CekiDesk's own words, with card pictures.

The text follows RULINGS §2 (the project's reading of the Ceki (Kowah) rule text in the shared rule
sources) and says which house rules the app chose.  The pictures are rendered from the card SVGs
and handed to the document with ``document().addResource`` under ``card:<code>`` URLs.
"""
from __future__ import annotations

import html
from typing import Sequence

from PySide6.QtCore import QUrl
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from cekidesk.engine.cards import ALL_KINDS, Kind

from . import names
from .dialogs import CARD_ASPECT, card_image, device_ratio

GALLERY_HEIGHT = 92
EXAMPLE_HEIGHT = 100

#: The sample winning hand: three 9s, three 7s (the pair of 7s was face-down) and three White Flowers.
SAMPLE_SETS = (("C9", "S9", "M9"), ("C7", "M7", "M7"), ("WF", "WF", "WF"))


class HowToPlayDialog(QDialog):
    """A non-modal window with the rules (QTextBrowser)."""

    def __init__(self, shortcuts: Sequence[tuple[str, str]] = (), parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("howToPlay")
        self.setWindowTitle(self.tr("How to play Ceki"))
        lay = QVBoxLayout(self)
        self.browser = QTextBrowser(self)
        self.browser.setObjectName("helpBrowser")
        self.browser.setOpenExternalLinks(False)
        self.browser.setOpenLinks(True)
        lay.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.button(QDialogButtonBox.StandardButton.Close).setText(self.tr("Close"))
        buttons.rejected.connect(self.close)
        lay.addWidget(buttons)
        self.shortcuts = list(shortcuts)
        self._add_pictures()
        self.browser.setHtml(self.page_html())
        self.resize(940, 700)

    # -- pictures --------------------------------------------------------------------------
    def _add_pictures(self) -> None:
        doc = self.browser.document()
        dpr = device_ratio(self)
        for h in (GALLERY_HEIGHT, EXAMPLE_HEIGHT):
            for k in ALL_KINDS:
                img = card_image(k.code, h, dpr)
                doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(f"card:{k.code}/{h}"), img)

    @staticmethod
    def _img(code: str, height: int, title: str = "") -> str:
        w = round(height * CARD_ASPECT)
        t = html.escape(title, quote=True)
        return f'<img src="card:{code}/{height}" width="{w}" height="{height}" title="{t}" alt="{t}">'

    # -- text ------------------------------------------------------------------------------
    def _p(self, text: str) -> str:
        return f"<p>{text}</p>"

    def page_html(self) -> str:
        esc = html.escape
        out: list[str] = []
        out.append("<h1>" + self.tr("How to play Ceki (Kowah)") + "</h1>")
        out.append(self._p(self.tr("Ceki is a quick rummy game for 2 to 6 players. You try to hold three sets of "
                              "three cards of the same value. CekiDesk deals, keeps the score, and calls "
                              "<i>ceki</i> for you.")))
        out.append("<p>" + " · ".join(
            f'<a href="#{a}">{esc(t)}</a>' for a, t in (
                ("cards", self.tr("The cards")), ("deal", self.tr("The deal")), ("turn", self.tr("Your turn")),
                ("sets", self.tr("Sets")), ("ceki", self.tr("Calling ceki")), ("win", self.tr("Winning")),
                ("end", self.tr("Drawn hands and the match")), ("house", self.tr("CekiDesk's house rules")),
                ("keys", self.tr("Playing with the keyboard")), ("source", self.tr("Source")))) + "</p>")

        # cards
        out.append('<h2><a name="cards"></a>' + self.tr("The cards") + "</h2>")
        out.append(self._p(self.tr("Two packs are used: 120 cards, four of each of 30 kinds. There are three "
                              "suits numbered 1 to 9 — <b>Coins</b> (round cash coins), <b>Strings</b> "
                              "(strings of cash) and <b>Myriads</b> (a Chinese numeral above the sign 萬) — "
                              "and three special cards: the <b>White Flower</b>, the <b>Red Flower</b> and "
                              "the <b>Old Thousand</b>.")))
        out.append(self._p(self.tr("You do not need to read the pictures: look at the thick frame around each "
                              "picture. Every value has its own frame pattern, the same in all three suits, "
                              "so cards that make a set have the same frame. The two Flowers wear the frame "
                              "of the 1s; the Old Thousand has no frame.")))
        out.append(self._gallery())
        out.append(self._p(self.tr("Two pairs are easy to confuse at first. The <b>White Flower</b> is the dark "
                              "card with a white flower, while the <b>1 of Coins</b> is one big coin between "
                              "rows of small dots. The <b>9 of Strings</b> and the <b>Red Flower</b> both "
                              "have a red stamp, but the 9 of Strings has the saw-tooth frame of the 9s and "
                              "strings of cash with a big dot at the top.")))
        out.append("<p>" + " ".join(self._img(c, EXAMPLE_HEIGHT, names.card_name(c))
                                    for c in ("WF", "C1", "S9", "RF")) + "</p>")

        # deal
        out.append('<h2><a name="deal"></a>' + self.tr("The deal") + "</h2>")
        out.append(self._p(self.tr("The first dealer is picked at random. Everyone receives eight cards, dealt two "
                              "at a time. The rest of the cards form the face-down stock in the middle. The "
                              "player on the dealer's left plays first, and play goes round clockwise. After "
                              "each hand the deal moves one seat to the left.")))

        # turn
        out.append('<h2><a name="turn"></a>' + self.tr("Your turn") + "</h2>")
        out.append(self._p(self.tr("A turn has two steps:")))
        out.append("<ol><li>" + self.tr("<b>Get a card</b>: draw the top card of the stock, <i>or</i> pick up the "
                                   "card the previous player has just thrown. Only that last thrown card can "
                                   "be picked up; the ones below it are out of play.") + "</li><li>"
                   + self.tr("<b>Throw a card</b> face-up onto the discard pile, so that you again hold eight. "
                        "A card you have just drawn from the stock may be thrown straight back.")
                   + "</li></ol>")
        out.append(self._p(self.tr("In CekiDesk you click the stock or the discard pile, then click the card to "
                              "throw. Only moves that are allowed are offered.")))

        # sets
        out.append('<h2><a name="sets"></a>' + self.tr("Sets") + "</h2>")
        out.append(self._p(self.tr("A set is three cards of the same value; the suits do not matter. Three 7s — "
                              "the 7 of Coins and two 7s of Myriads, for example — are a set worth "
                              "7 + 7 + 7 = 21 points. The White Flower, the Red Flower and the Old Thousand "
                              "only make sets with cards of their own kind, and each counts 1 point, so "
                              "three 9s (27 points) are the best set and three Flowers the poorest (3).")))
        out.append("<p>" + " ".join(self._img(c, EXAMPLE_HEIGHT, names.card_name(c))
                                    for c in ("C7", "M7", "M7")) + "&nbsp;&nbsp;&nbsp;&nbsp;"
                   + " ".join(self._img(c, EXAMPLE_HEIGHT, names.card_name(c)) for c in ("WF", "WF", "WF"))
                   + "</p>")
        out.append(self._p(self.tr("Rule option (New Game ▸ Rules): with <i>“{option}”</i> the six 1s — White "
                              "Flower, Red Flower, Old Thousand and the 1 of each suit — all count as one "
                              "value, as in the Javanese games.").format(
                                  option=esc(names.text("ceki.option.iyo_one_rank")))))

        # ceki
        out.append('<h2><a name="ceki"></a>' + self.tr("Calling ceki") + "</h2>")
        out.append(self._p(self.tr("Eight cards can hold at most two sets and a pair. That is the hand that can "
                              "win, and the moment you have it — at the end of your turn, or straight from "
                              "the deal — you call <i>ceki</i>. CekiDesk does this for you and announces "
                              "it: your pair goes face-down in front of you and your two sets are frozen. "
                              "(If one of your sets has the same value as the pair, all five of those cards "
                              "go face-down.)")))
        out.append(self._p(self.tr("From then on you only wait for one card: the third card of your pair's value. "
                              "Each turn you draw from the stock and throw the drawn card — unless it is your "
                              "card — or you pick up the discard if it is the card you are waiting for. "
                              "Everyone can see that you have called, so the player before you will try not "
                              "to throw your card.")))

        # win
        out.append('<h2><a name="win"></a>' + self.tr("Winning") + "</h2>")
        out.append(self._p(self.tr("The first player to complete three sets wins the hand and is the only one to "
                              "score: the sum of the nine cards (numbered cards their number, Flowers and "
                              "Old Thousand 1 each), multiplied according to where the winning card came "
                              "from:")))
        out.append("<table cellspacing='0' cellpadding='4' border='1'>"
                   + "".join(f"<tr><td><b>×{m}</b></td><td><b>{esc(names.win_kind_name(k))}</b></td>"
                             f"<td>{esc(names.win_kind_help(k))}</td></tr>"
                             for m, k in ((1, "plain"), (2, "double"), (3, "triple")))
                   + "</table>")
        out.append(self._p(self.tr("<b>Example.</b> You have called with three 9s, three White Flowers and a pair "
                              "of 7s face-down. The player before you keeps the card they drew and throws a "
                              "7 of Myriads from their hand; you take it and win:")))
        out.append("<p>" + "&nbsp;&nbsp;&nbsp;&nbsp;".join(
            " ".join(self._img(c, EXAMPLE_HEIGHT, names.card_name(c)) for c in group) for group in SAMPLE_SETS)
            + "</p>")
        out.append(self._p(self.tr("The nine cards count 27 + 21 + 3 = 51. The card had been kept in the thrower's "
                              "hand, so it is a double win: 51 × 2 = <b>102 points</b>. Had they thrown it "
                              "straight after drawing it, you would score 51 (plain); had you drawn it "
                              "yourself from the stock, 153 (triple).")))

        # end
        out.append('<h2><a name="end"></a>' + self.tr("Drawn hands and the match") + "</h2>")
        out.append(self._p(self.tr("If the stock runs out, the hand is drawn: nobody scores and the deal moves "
                              "on. (The only exception: if the very last card thrown is the one the next "
                              "player is waiting for, they may still take it and win.)")))
        out.append(self._p(self.tr("When you start a game you choose how the match goes: <b>for money</b> — after "
                              "each hand every loser pays the winner the winner's score times the stake, and "
                              "you play as long as you like; <b>to a target score</b> — the match ends after "
                              "the hand in which somebody reaches it; or <b>a fixed number of hands</b> — the "
                              "highest total wins. View ▸ Score sheet shows every hand so far.")))

        # house
        out.append('<h2><a name="house"></a>' + self.tr("CekiDesk's house rules") + "</h2>")
        out.append(self._p(self.tr("The old rule text leaves a few things open. CekiDesk plays them this way:")))
        out.append("<ul>" + "".join("<li>" + s + "</li>" for s in (
            self.tr("<b>Ceki is called automatically</b> as soon as you hold two sets and a pair, because that "
               "is the only hand that can win."),
            self.tr("<b>A card picked up from the discard pile cannot be thrown back</b> in the same turn (that "
               "would be passing)."),
            self.tr("<b>An empty stock ends the hand as a draw</b>, with no score."),
            self.tr("<b>The deal passes clockwise</b> (to the left) after every hand, whoever won."),
        )) + "</ul>")

        # keys
        out.append('<h2><a name="keys"></a>' + self.tr("Playing with the keyboard") + "</h2>")
        if self.shortcuts:
            out.append("<table cellspacing='0' cellpadding='3'>" + "".join(
                f"<tr><td><b>{esc(k)}</b></td><td>&nbsp;&nbsp;{esc(v)}</td></tr>" for k, v in self.shortcuts)
                + "</table>")
        else:
            out.append(self._p(self.tr("Every menu command shows its key in the menu.")))

        # source
        out.append('<h2><a name="source"></a>' + self.tr("Source") + "</h2>")
        out.append(self._p(self.tr("These rules follow the Ceki (Kowah) rule text in CekiDesk's shared rule "
                              "sources, read according to the project's RULINGS. This page is CekiDesk's own "
                              "summary; the house rules above are the app's choices where the source is "
                              "silent.")))
        return "<html><body>" + "\n".join(out) + "</body></html>"

    def _gallery(self) -> str:
        rows = (
            (self.tr("Coins"), [k for k in ALL_KINDS if k.code.startswith("C")]),
            (self.tr("Strings"), [k for k in ALL_KINDS if k.code.startswith("S")]),
            (self.tr("Myriads"), [k for k in ALL_KINDS if k.code.startswith("M")]),
            (self.tr("Special cards"), [Kind.WF, Kind.RF, Kind.OT]),
        )
        out = ["<table cellspacing='2' cellpadding='2'>"]
        for label, kinds in rows:
            out.append(f"<tr><td valign='middle'><b>{html.escape(label)}</b></td>")
            for k in kinds:
                out.append("<td align='center' valign='top'>" + self._img(k.code, GALLERY_HEIGHT, names.card_label(k))
                           + f"<br><small>{html.escape(names.card_name(k))}<br><i>{html.escape(names.javanese_name(k))}"
                           + "</i></small></td>")
            out.append("</tr>")
        out.append("</table>")
        return "".join(out)
