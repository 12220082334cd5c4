"""The How-to-play pages of the Balik Satu family, one per game, in the project's own words after
RULINGS §5 and the source (``balik-satu.txt``: Pwee 2003, *The Babas*, Amaro 1993 and *Javaanse
kaartspelen*), with the cards' Peranakan and Javanese names (the latter in Latin letters and aksara
Jawa) and every house choice of ``cekidesk.games.balik`` marked "(house)"."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication

from cekidesk.engine.cards import ALL_KINDS, Counting, Kind
from cekidesk.games.balik.family import DECK_COLUMNS, FIXED_DECKS, PLAYERS
from cekidesk.games.balik.rules import NO_DRAW_TURNS

from ... import names
from ..base import HelpContext
from .words import JAVANESE_IDS, PAIR_IDS, PERANAKAN_IDS, call_term, set_term

CARD_HEIGHT = 64
GALLERY_HEIGHT = 52


def help_html(game_id: str, ctx: HelpContext) -> str:
    """The page of ``game_id``."""
    out: list[str] = []
    title = names.game_title(f"game.{game_id}")
    out.append(
        "<h1>" + html.escape(QCoreApplication.translate("BalikHelp", "How to play {game}").format(game=title)) + "</h1>"
    )
    out.append(ctx.p(_intro(game_id)))
    out.append(
        ctx.contents(
            [
                ("cards", QCoreApplication.translate("BalikHelp", "The cards and their names")),
                ("deal", QCoreApplication.translate("BalikHelp", "The deal and a turn")),
                ("sets", QCoreApplication.translate("BalikHelp", "Sets and a winning hand")),
                ("calls", QCoreApplication.translate("BalikHelp", "Calling and sampèi")),
                ("score", QCoreApplication.translate("BalikHelp", "Scoring")),
                ("money", QCoreApplication.translate("BalikHelp", "Paying")),
                ("table", QCoreApplication.translate("BalikHelp", "At the table")),
                ("house", QCoreApplication.translate("BalikHelp", "CekiDesk's house rules")),
                ("keys", QCoreApplication.translate("BalikHelp", "Keys")),
                ("source", QCoreApplication.translate("BalikHelp", "Source")),
            ]
        )
    )
    out += _cards(game_id, ctx)
    out += _deal(game_id, ctx)
    out += _sets(game_id, ctx)
    out += _calls(game_id, ctx)
    out += _score(game_id, ctx)
    out += _money(game_id, ctx)
    out += _table(game_id, ctx)
    out += _house(game_id, ctx)
    out.append(ctx.heading("keys", QCoreApplication.translate("BalikHelp", "Keys")))
    out.append(ctx.keys_table())
    out.append(ctx.heading("source", QCoreApplication.translate("BalikHelp", "Source")))
    out.append(
        ctx.p(
            QCoreApplication.translate(
                "BalikHelp",
                "After the article “Balik Satu”, which draws on Pwee (2003, "
                "p. 122), <i>The Babas</i> (p. 155 and 162), Amaro (1993) for the Kristang Chaqui, "
                "<i>Gateway to Old School Games</i>, and Tjan Tjoe Siem's <i>Javaanse kaartspelen</i> (pp. "
                "94–98) for Gonggong, Tantanan and Cekèn. This page is CekiDesk's own summary.",
            )
        )
    )
    return "\n".join(out)


def _term(code: str, ctx: HelpContext) -> str:
    """A game word in both scripts (where it has aksara Jawa), in italics."""
    t = names.game_term(code)
    if t is None:
        return html.escape(code)
    word = f"<i>{html.escape(t.latin)}</i>"
    return f"{word} {html.escape(t.script)}" if t.script else word


def _intro(game_id: str) -> str:
    return {
        "balik-satu": lambda: QCoreApplication.translate(
            "BalikHelp",
            "Balik Satu (“turn one”) is the rummy of the Peranakan families of Malaysia and Singapore. Everybody "
            "collects five sets of three cards; at least one set must be three identical cards, a <i>mata</i> "
            "(“eye”). The winner turns one more card from the stock, and that card sets the score.",
        ),
        "chaqui": lambda: QCoreApplication.translate(
            "BalikHelp",
            "Chaqui (also Chiqui or Chekki) is Balik Satu as the Kristang of Malacca played it. A set of three "
            "identical cards is an <i>olo</i>; an olo completed with somebody's discard is laid open, and the "
            "score is a fixed amount for each olo.",
        ),
        "balik-lima-belas": lambda: QCoreApplication.translate(
            "BalikHelp",
            "Balik Lima Belas (“turn fifteen”) is Balik Satu with another way of scoring: the winner turns "
            "fifteen cards and uses them to turn mixed sets into mata.",
        ),
        "chot": lambda: QCoreApplication.translate(
            "BalikHelp",
            "Chot, or Kiong, is Balik Lima Belas for four players in two partnerships, partners sitting "
            "opposite. Points are taken as tokens of one and of ten; when somebody reaches twenty, the sides "
            "pool their tokens for a <i>bangkong</i>.",
        ),
        "gonggong": lambda: QCoreApplication.translate(
            "BalikHelp",
            "Gonggong is the Javanese game of the same shape, described in Surakarta in the 1940s and played "
            "mostly by women. With 14 cards each, a win needs at least one <i>bak</i> (three identical cards); "
            "there are several ways to pay, with a pot or without.",
        ),
        "tantanan": lambda: QCoreApplication.translate(
            "BalikHelp",
            "Tantanan is the small, fast Javanese form: four players, one pack, five cards. A win is three "
            "pairs, one of them identical (a <i>bak</i>).",
        ),
        "ceken": lambda: QCoreApplication.translate(
            "BalikHelp", "Cekèn (or Sampèn) is Tantanan for three players, as it was played in Yogyakarta."
        ),
    }[game_id]()


def _cards(game_id: str, ctx: HelpContext) -> list[str]:
    out = [ctx.heading("cards", QCoreApplication.translate("BalikHelp", "The cards and their names"))]
    out.append(
        ctx.p(
            QCoreApplication.translate(
                "BalikHelp",
                "The Ceki pack has thirty kinds: the 1 to 9 of Coins, Strings and Myriads, the White Flower, the Red "
                "Flower and the Old Thousand. The six <i>yu</i> cards (Javanese <i>iyo</i>) are the three 1s, the two "
                "Flowers and the Old Thousand. The red-stamped cards are the 9 of Strings (the Red Nine), the Red "
                "Flower (<i>Nyonya</i>) and the Old Thousand (<i>Lau Chian</i>).",
            )
        )
    )
    if game_id in PERANAKAN_IDS:
        out.append(
            ctx.p(
                QCoreApplication.translate(
                    "BalikHelp",
                    "At a Peranakan table the cards go by Malay and Hokkien names; CekiDesk writes them after the "
                    "English name in this game (the tooltips of the table give every name). The Javanese names, in "
                    "Latin letters and in aksara Jawa, are the Surakarta names of 1941.",
                )
            )
        )
    else:
        out.append(
            ctx.p(
                QCoreApplication.translate(
                    "BalikHelp",
                    "The Javanese names, in Latin letters and in aksara Jawa, are the Surakarta names of 1941; the "
                    "Peranakan names of Balik Satu are given beside them.",
                )
            )
        )
    # a row per rank: Coins, Strings, Myriads (and the honours), each card with all its names
    ranks = [[k for k in ALL_KINDS if not k.is_honour and k.pips == r] for r in range(1, 10)]
    ranks.append([Kind.WF, Kind.RF, Kind.OT])
    rows = ["<table cellspacing='4' cellpadding='2'>"]
    for rank in ranks:
        rows.append("<tr>" + "".join(_card_cell(k, ctx) for k in rank) + "</tr>")
    rows.append("</table>")
    out.append("".join(rows))
    return out


def _card_cell(k: Kind, ctx: HelpContext) -> str:
    """A card's picture beside its English, Peranakan (and Balik Satu's own) and Javanese names."""
    word = names.balik_satu_word(k)
    per = html.escape(names.peranakan_name(k)) + (f" ({html.escape(word)})" if word else "")
    return (
        "<td valign='middle'>" + ctx.img(k.code, GALLERY_HEIGHT, names.card_name(k)) + "</td>"
        f"<td valign='middle'><small><b>{html.escape(names.card_name(k))}</b><br><i>{per}</i><br>"
        f"<i>{html.escape(names.javanese_name(k))}</i> {html.escape(names.javanese_name(k, script=True))}"
        "</small></td>"
    )


def _deck_words(game_id: str) -> str:
    if game_id in ("balik-satu", "chaqui", "balik-lima-belas"):
        babas = ", ".join(f"{n}: {DECK_COLUMNS['babas'][n] / 2:g}" for n in range(2, 15))
        pwee = ", ".join(f"{n}: {h / 2:g}" for n, h in DECK_COLUMNS["pwee"].items())
        amaro = ", ".join(f"{n}: {h / 2:g}" for n, h in DECK_COLUMNS["amaro"].items())
        return QCoreApplication.translate(
            "BalikHelp",
            "The number of packs (of 60 cards) grows with the table. The Babas (players: packs): {babas}. "
            "Pwee: {pwee}. Amaro: {amaro}. The New Game dialog chooses the column; where the chosen "
            "book has no number for the table, The Babas' number is used (house).",
        ).format(babas=babas, pwee=pwee, amaro=amaro)
    decks = FIXED_DECKS[game_id]
    if game_id == "gonggong":
        return QCoreApplication.translate(
            "BalikHelp",
            "Four players play with six packs (360 cards), six with eight (480); five play with seven "
            "packs (house). The description of Surakarta's game counts six sets, 180 cards, for four "
            "and eight sets, 240 cards, for six, a set being half a pack; the New Game dialog offers "
            "that smaller deck too.",
        )
    if game_id == "chot":
        return QCoreApplication.translate("BalikHelp", "Three packs, 180 cards; the partners sit opposite each other.")
    n = next(iter(decks))
    return names.counted(QCoreApplication.translate("BalikHelp", "One pack of 60 cards for %n player(s).", None, n), n)


def _deal(game_id: str, ctx: HelpContext) -> list[str]:
    hand = 5 if game_id in PAIR_IDS else 14
    lo, hi, _ = PLAYERS[game_id]
    out = [ctx.heading("deal", QCoreApplication.translate("BalikHelp", "The deal and a turn"))]
    out.append(ctx.p(_deck_words(game_id)))
    out.append(
        ctx.p(
            QCoreApplication.translate(
                "BalikHelp",
                "Everybody gets {hand} cards and the player after the dealer one more, {extra}; the rest is the stock, "
                "face down. Play goes anticlockwise: the next player is the one on your right (at CekiDesk's table, "
                "the next seat round the ring to the right). The first player begins by throwing a card.",
            ).format(hand=hand, extra=hand + 1)
        )
    )
    out.append(
        ctx.p(
            QCoreApplication.translate(
                "BalikHelp",
                "A turn: take the last card thrown (only the top of the pile, and only if the player before you threw "
                "it), or draw the top card of the stock; then throw one card face up. A card just taken from the pile "
                "cannot be thrown back in the same turn (house).",
            )
        )
    )
    if lo != hi:
        out.append(
            ctx.p(
                QCoreApplication.translate("BalikHelp", "This game is played by {lo} to {hi} players.").format(
                    lo=lo, hi=hi
                )
            )
        )
    return out


def _sets(game_id: str, ctx: HelpContext) -> list[str]:
    st = _term(set_term(game_id), ctx)
    out = [ctx.heading("sets", QCoreApplication.translate("BalikHelp", "Sets and a winning hand"))]
    if game_id in PAIR_IDS:
        out.append(
            ctx.p(
                QCoreApplication.translate(
                    "BalikHelp",
                    "A set here is a pair: two cards of one rank, the suit does not matter, and all six yu cards count "
                    "as 1s. Two identical cards are a {bak}. Six cards win: three pairs, at least one of them a bak. "
                    "So you hold five and wait for the sixth.",
                ).format(bak=st)
            )
        )
        out.append(
            "<p>"
            + ctx.cards(["C4", "C4"], CARD_HEIGHT)
            + "&nbsp;&nbsp;&nbsp;"
            + ctx.cards(["S7", "M7"], CARD_HEIGHT)
            + "&nbsp;&nbsp;&nbsp;"
            + ctx.cards(["WF", "C1"], CARD_HEIGHT)
            + "</p>"
        )
        return out
    out.append(
        ctx.p(
            QCoreApplication.translate(
                "BalikHelp",
                "A set is three cards of one rank (any suits), or three identical cards: a {mata}. Fifteen cards win: "
                "five sets, at least one of them a {mata}. With the option on (the default) the six yu cards are all "
                "one rank; off, the 1s of the suits are a rank and each honour sets only with its own copies.",
            ).format(mata=st)
        )
    )
    out.append(
        "<p>"
        + ctx.cards(["C8", "C8", "C8"], CARD_HEIGHT)
        + "&nbsp;&nbsp;&nbsp;"
        + ctx.cards(["C5", "S5", "M5"], CARD_HEIGHT)
        + "&nbsp;&nbsp;&nbsp;"
        + ctx.cards(["RF", "OT", "S1"], CARD_HEIGHT)
        + "</p>"
    )
    if game_id in ("balik-satu", "chaqui", "balik-lima-belas", "chot"):
        out.append(
            ctx.p(
                QCoreApplication.translate(
                    "BalikHelp",
                    "The fifteenth card must come from the stock: you cannot win on a card taken from the pile.",
                )
            )
        )
    else:
        out.append(
            ctx.p(
                QCoreApplication.translate(
                    "BalikHelp",
                    "The winning card may be your own draw (<i>rabas</i>) or another player's card (<i>metu</i>): a "
                    "discard you take, or a card you claim.",
                )
            )
        )
    if game_id == "chaqui":
        out.append(
            ctx.p(
                QCoreApplication.translate(
                    "BalikHelp",
                    "When a card taken from the pile completes an olo, the three cards are laid open on the table for "
                    "everyone to see; they stay in your hand but cannot be thrown.",
                )
            )
        )
    return out


def _calls(game_id: str, ctx: HelpContext) -> list[str]:
    tan, ceki = _term(call_term(game_id, "tan"), ctx), _term(call_term(game_id, "ceki"), ctx)
    st = _term(set_term(game_id), ctx)
    out = [ctx.heading("calls", QCoreApplication.translate("BalikHelp", "Calling and sampèi"))]
    out.append(
        ctx.p(
            QCoreApplication.translate(
                "BalikHelp",
                "When a throw leaves your hand one card short of winning, you may call. CekiDesk asks you: <b>Call</b> "
                "or <b>Don't call</b>. The call is {tan} when you already hold a {mata}, so any card that completes "
                "the "
                "last set wins; it is {ceki} when the last set must become the {mata}, so only one card wins.",
            ).format(tan=tan, ceki=ceki, mata=st)
        )
    )
    if game_id == "gonggong":
        out.append(
            ctx.p(
                QCoreApplication.translate(
                    "BalikHelp",
                    "At the Surakarta table ceki nocog is shown by one coin on the table and ceki kowah by two coins, "
                    "one on the other; CekiDesk shows one or two dots on the caller's plate.",
                )
            )
        )
    out.append(
        ctx.p(
            QCoreApplication.translate(
                "BalikHelp",
                "Once anybody has called, every card drawn from the stock is shown face up. If it is the card a caller "
                "waits for, that caller takes it at once, out of turn, and wins: <i>sampèi!</i> (“it has come!”). "
                "CekiDesk asks you whether to claim it — or, with <b>Settings ▸ Claim winning cards automatically</b> "
                "(on at first), claims it for you. The drawer's own win comes first; with several callers, the first "
                "in turn order from the drawer wins (house).",
            )
        )
    )
    out.append(
        ctx.p(
            QCoreApplication.translate(
                "BalikHelp",
                "After a call, every card you throw must keep your hand waiting (house: CekiDesk offers only those). "
                "A {ceki} caller who turns a mixed set into a {mata} is {tan} from then on; that never goes back.",
            ).format(tan=tan, ceki=ceki, mata=st)
        )
    )
    out.append(
        ctx.p(
            QCoreApplication.translate(
                "BalikHelp", "Anybody may win on a card of their own draw, called or not (house)."
            )
        )
    )
    if game_id in JAVANESE_IDS:
        out.append(
            ctx.p(
                QCoreApplication.translate(
                    "BalikHelp",
                    "A caller may also claim a card thrown by another player that completes the hand, in turn order "
                    "after "
                    "the thrower, once the thrower has decided on their own call (house: the source does not say "
                    "when).",
                )
            )
        )
    return out


def _score(game_id: str, ctx: HelpContext) -> list[str]:
    out = [ctx.heading("score", QCoreApplication.translate("BalikHelp", "Scoring"))]
    kt = _term("kandang_tangan", ctx)
    if game_id == "balik-satu":
        values = ", ".join(
            f"{html.escape(names.card_name(k))} {k.value_in(Counting.BALIK_SATU)}" for k in (Kind.S9, Kind.RF, Kind.OT)
        )
        out.append(
            ctx.p(
                QCoreApplication.translate(
                    "BalikHelp",
                    "The winner turns the next card of the stock, the <i>balik satu</i>. Its value is the score's "
                    "base: "
                    "the plain cards their number, and the red-stamped cards more: {values}. If it is the White "
                    "Flower or "
                    "a 1 of a suit, nobody scores and the hand is dealt again by the same dealer (an option, on).",
                ).format(values=values)
            )
        )
        out.append("<p>" + ctx.cards(["S9", "RF", "OT"], CARD_HEIGHT) + "</p>")
        out.append(
            ctx.p(
                QCoreApplication.translate(
                    "BalikHelp",
                    "{kena}: the turned card may take the place of a card of its rank to make one more mata. Then: +1 "
                    "for each mata, +2 for each red-stamped mata. After a <i>ceki</i> call (still ceki at the win): "
                    "<i>ayam</i> +1 when somebody else drew the winning card, <i>kandang</i> +2 when you drew it "
                    "yourself "
                    "(options: 5 and 10, or 10 and 20).",
                ).format(kena=_term("kena", ctx))
            )
        )
        out.append(
            ctx.p(
                QCoreApplication.translate(
                    "BalikHelp",
                    "{kt}: a winning hand straight from the deal wins at once and scores double, without "
                    "the call bonus.",
                ).format(kt=kt)
            )
        )
    elif game_id == "chaqui":
        out.append(
            ctx.p(
                QCoreApplication.translate(
                    "BalikHelp",
                    "Every olo of the winning hand scores a fixed amount (an option: 5 by default, house). A win on a "
                    "<i>chiqui</i> — the winning card completed a mixed set whose other two cards are an identical "
                    "pair "
                    "(house reading) — lets the winner turn up to fifteen stock cards, stopping at the one that "
                    "makes the "
                    "pair an olo. A winning hand from the deal scores double (house).",
                )
            )
        )
    elif game_id in ("balik-lima-belas", "chot"):
        out.append(
            ctx.p(
                QCoreApplication.translate(
                    "BalikHelp",
                    "The winner turns fifteen cards from the stock and swaps them, card for card of the same rank, "
                    "into "
                    "the hand to make as many mata as they can. The score: 1 for the win and 1 for each mata; red "
                    "cards "
                    "score nothing extra. A winning hand from the deal ({kt}) scores double.",
                ).format(kt=kt)
            )
        )
        if game_id == "balik-lima-belas":
            out.append(
                ctx.p(
                    QCoreApplication.translate(
                        "BalikHelp", "After a ceki call <i>ayam</i> and <i>kandang</i> are added as in Balik Satu."
                    )
                )
            )
        else:
            out.append(
                ctx.p(
                    QCoreApplication.translate(
                        "BalikHelp",
                        "The points are taken as tokens: tokens of ten after a <i>ceki</i> call (a win that "
                        "completed a mata), else tokens of one. Both sides’ tokens and the bangkong record are "
                        "shown in the middle of the table.",
                    )
                )
            )
    else:
        out.append(
            ctx.p(
                QCoreApplication.translate(
                    "BalikHelp",
                    "<i>Toh bayaran</i>, step by step: 1 for metu, 2 for metu with a red winning card or for rabas, "
                    "3 for "
                    "rabas with a red winning card (house: a red card means the winning card is red-stamped); +1 for "
                    "each bak and +2 for each red bak; then the next stock card is turned and its Javanese value "
                    "added: "
                    "the Red Flower, the Old Thousand and the 1 of Myriads 10, the other cards their number.",
                )
            )
        )
        out.append("<p>" + ctx.cards(["RF", "OT", "M1"], CARD_HEIGHT) + "</p>")
        out.append(
            ctx.p(
                QCoreApplication.translate(
                    "BalikHelp", "A winning hand from the deal is a rabas, scored double (house)."
                )
            )
        )
    return out


def _money(game_id: str, ctx: HelpContext) -> list[str]:
    out = [ctx.heading("money", QCoreApplication.translate("BalikHelp", "Paying"))]
    if game_id == "chot":
        out.append(
            ctx.p(
                QCoreApplication.translate(
                    "BalikHelp",
                    "When a seat has 20 points or more after a hand, the bangkong ends (house: counted after the "
                    "hand): "
                    "each side pools its points, the larger side wins the bangkong, and its total and its excess over "
                    "the other side are written down. A tie is written down as tied and nobody pays (house). CekiDesk "
                    "pays each bangkong when it ends (which comes to the same as the source's reckoning at the end): "
                    "the "
                    "losing side pays the amount per bangkong and per excess point of the options, each loser paying "
                    "half to one winner (house). The match lasts the number of bangkong chosen in New Game.",
                )
            )
        )
        return out
    if game_id == "gonggong":
        out.append(
            ctx.p(
                QCoreApplication.translate(
                    "BalikHelp",
                    "The scoring option chooses how money moves. <i>Toh bayaran</i> (Yogyakarta's <i>bak-bakan</i>): "
                    "everyone pays the winner the points × the stake. <i>Toh bayaran</i> turning fourteen: steps 1 "
                    "and 2, "
                    "then the winner turns fourteen cards and counts the bak they make with the hand less its winning "
                    "card. <i>Undhuh-undhuhan</i>: a pot that lasts; when it is empty everyone puts in one stake "
                    "(house); "
                    "metu takes one stake from it, rabas all of it. <i>Umbuk</i>: the same pot; metu takes half "
                    "(rounded "
                    "down, house), rabas all. A drawn hand leaves the pot where it is.",
                )
            )
        )
        out.append(
            ctx.p(
                QCoreApplication.translate(
                    "BalikHelp",
                    "<i>Cekèn</i>, the side bet: with an amount in the options, every loser also pays the winner that "
                    "much after each won hand (house: the source's ad-hoc bets made one fixed bet).",
                )
            )
        )
        return out
    out.append(
        ctx.p(
            QCoreApplication.translate(
                "BalikHelp", "Everybody pays the winner the score × the stake per point of the match."
            )
        )
    )
    return out


def _table(game_id: str, ctx: HelpContext) -> list[str]:
    out = [ctx.heading("table", QCoreApplication.translate("BalikHelp", "At the table"))]
    out.append(
        ctx.p(
            QCoreApplication.translate(
                "BalikHelp",
                "Your hand lies at the bottom, sorted into the sets it holds (the mata first), then the other cards by "
                "rank; the card you got this turn is marked. The others sit round the table in play order, each with "
                "the number of cards and the call. Click the stock (D) to draw or the large top card of the pile (T) "
                "to take it, then a card of your hand to throw it. Calls, claims and the win are buttons beside your "
                "name. At the end every hand is shown, the winner's sets in the middle with the card(s) turned for the "
                "score; a card that came in by a swap is marked.",
            )
        )
    )
    return out


def _house(game_id: str, ctx: HelpContext) -> list[str]:
    items = [
        QCoreApplication.translate(
            "BalikHelp",
            "Only the first player, who holds one card more, can be dealt a winning hand; they must then win "
            "at once (house).",
        ),
        QCoreApplication.translate(
            "BalikHelp", "A card taken from the pile cannot be thrown back in the same turn (house)."
        ),
        QCoreApplication.translate(
            "BalikHelp", "After a call, only throws that keep the hand waiting are allowed (house)."
        ),
        QCoreApplication.translate(
            "BalikHelp",
            "With several callers waiting for a revealed card, the first in turn order from the drawer wins it "
            "(house).",
        ),
        QCoreApplication.translate(
            "BalikHelp",
            "Anybody may win on their own stock draw, called or not; without a call there is no call bonus (house).",
        ),
        QCoreApplication.translate(
            "BalikHelp",
            "If the stock runs out, the hand is drawn; if the scoring needs more cards than are left, the "
            "winner turns what there is (house).",
        ),
        QCoreApplication.translate(
            "BalikHelp",
            "A hand is drawn after {n} turns in a row without a draw from the stock, so that it cannot go on "
            "for ever (house).",
        ).format(n=NO_DRAW_TURNS),
        QCoreApplication.translate(
            "BalikHelp",
            "The deal passes to the next player after every hand; a replayed hand is dealt again by the same "
            "dealer (house).",
        ),
    ]
    if game_id in ("balik-satu", "chaqui", "balik-lima-belas"):
        items.append(
            QCoreApplication.translate(
                "BalikHelp", "Where the chosen column of packs has no number for the table, The Babas' is used (house)."
            )
        )
    if game_id == "balik-satu":
        items.append(
            QCoreApplication.translate("BalikHelp", "A turned yu card replays even a hand won from the deal (house).")
        )
    if game_id == "chaqui":
        items.append(
            QCoreApplication.translate(
                "BalikHelp",
                "5 points per olo by default; a chiqui is a mixed set completed beside an identical "
                "pair; a winning hand from the deal scores double (house).",
            )
        )
    if game_id in JAVANESE_IDS:
        items.append(
            QCoreApplication.translate(
                "BalikHelp",
                "A win on a taken discard (metu), and claims of a thrown card by callers, after the "
                "thrower's own call decision (house).",
            )
        )
        items.append(
            QCoreApplication.translate(
                "BalikHelp",
                "Rabas is a win on one's own stock draw or from the deal; “a red card” is a red-stamped "
                "winning card (house).",
            )
        )
    if game_id in PAIR_IDS:
        items.append(
            QCoreApplication.translate(
                "BalikHelp",
                "The sixth card of the draw-and-throw turn: you hold five, get a sixth by drawing or "
                "taking, and throw one, exactly like the fifteenth card of Balik Satu (house).",
            )
        )
    if game_id == "gonggong":
        items.append(
            QCoreApplication.translate(
                "BalikHelp",
                "Five players play with seven packs; an empty pot is first filled with one stake from "
                "each player; umbuk rounds half the pot down (house).",
            )
        )
    if game_id == "chot":
        items.append(
            QCoreApplication.translate(
                "BalikHelp",
                "Points count after the hand; each bangkong is paid when it ends, each loser paying "
                "half; a tied bangkong pays nothing (house).",
            )
        )
    return [ctx.heading("house", QCoreApplication.translate("BalikHelp", "CekiDesk's house rules")), ctx.ul(items)]
