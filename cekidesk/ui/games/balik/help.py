"""The How-to-play pages of the Balik Satu family, one per game, in the project's own words after
RULINGS §5 and the source (``balik-satu.txt``: Pwee 2003, *The Babas*, Amaro 1993 and *Javaanse
kaartspelen*), with the cards' Peranakan and Javanese names (the latter in Latin letters and aksara
Jawa) and every house choice of ``cekidesk.games.balik`` marked "(house)"."""

from __future__ import annotations

from cekidesk.engine.cards import ALL_KINDS, Counting, Kind
from cekidesk.games.balik.family import DECK_COLUMNS, FIXED_DECKS, PLAYERS
from cekidesk.games.balik.rules import NO_DRAW_TURNS

from ...foundations import names
from ...foundations.i18n import QT_TRANSLATE_NOOP
from ..help_page import (
    BR,
    GAP,
    Block,
    Bold,
    Bullets,
    CardName,
    Cards,
    Contents,
    Escaped,
    HelpPage,
    Inline,
    Italic,
    KeysTable,
    Para,
    Picture,
    Said,
    Section,
    Small,
    Table,
    Title,
    fmt,
)
from .texts import JAVANESE_IDS, PAIR_IDS, PERANAKAN_IDS, call_term, set_term

CARD_HEIGHT = 64
GALLERY_HEIGHT = 52


def help_page(game_id: str) -> HelpPage:
    """The page of ``game_id``."""
    title = names.game_title(f"game.{game_id}")
    return HelpPage(
        "BalikHelp",
        (
            Title(Escaped(fmt(QT_TRANSLATE_NOOP("BalikHelp", "How to play {game}"), game=Said(title, escape=False)))),
            Para(_intro(game_id)),
            Contents(),
            _cards(game_id),
            _deal(game_id),
            _sets(game_id),
            _calls(game_id),
            _score(game_id),
            _money(game_id),
            _table(game_id),
            _house(game_id),
            Section("keys", QT_TRANSLATE_NOOP("BalikHelp", "Keys"), (KeysTable(),)),
            Section(
                "source",
                QT_TRANSLATE_NOOP("BalikHelp", "Source"),
                (
                    Para(
                        QT_TRANSLATE_NOOP(
                            "BalikHelp",
                            "After the article “Balik Satu”, which draws on Pwee (2003, p. 122), <i>The Babas</i> "
                            "(p. 155 and 162), Amaro (1993) for the Kristang Chaqui, <i>Gateway to Old School "
                            "Games</i>, and Tjan Tjoe Siem's <i>Javaanse kaartspelen</i> (pp. 94–98) for Gonggong, "
                            "Tantanan and Cekèn. This page is CekiDesk's own summary.",
                        )
                    ),
                ),
            ),
        ),
    )


def _term(code: str) -> Inline:
    """A game word in both scripts (where it has aksara Jawa), in italics."""
    t = names.game_term(code)
    if t is None:
        return Said(code)
    word = Italic(Said(t.latin))
    return (word, Said(" "), Said(t.script)) if t.script else word


def _intro(game_id: str) -> str:
    return {
        "balik-satu": lambda: QT_TRANSLATE_NOOP(
            "BalikHelp",
            "Balik Satu (“turn one”) is the rummy of the Peranakan families of Malaysia and Singapore. Everybody "
            "collects five sets of three cards; at least one set must be three identical cards, a <i>mata</i> "
            "(“eye”). The winner turns one more card from the stock, and that card sets the score.",
        ),
        "chaqui": lambda: QT_TRANSLATE_NOOP(
            "BalikHelp",
            "Chaqui (also Chiqui or Chekki) is Balik Satu as the Kristang of Malacca played it. A set of three "
            "identical cards is an <i>olo</i>; an olo completed with somebody's discard is laid open, and the score "
            "is a fixed amount for each olo.",
        ),
        "balik-lima-belas": lambda: QT_TRANSLATE_NOOP(
            "BalikHelp",
            "Balik Lima Belas (“turn fifteen”) is Balik Satu with another way of scoring: the winner turns fifteen "
            "cards and uses them to turn mixed sets into mata.",
        ),
        "chot": lambda: QT_TRANSLATE_NOOP(
            "BalikHelp",
            "Chot, or Kiong, is Balik Lima Belas for four players in two partnerships, partners sitting opposite. "
            "Points are taken as tokens of one and of ten; when somebody reaches twenty, the sides pool their tokens "
            "for a <i>bangkong</i>.",
        ),
        "gonggong": lambda: QT_TRANSLATE_NOOP(
            "BalikHelp",
            "Gonggong is the Javanese game of the same shape, described in Surakarta in the 1940s and played mostly "
            "by women. With 14 cards each, a win needs at least one <i>bak</i> (three identical cards); there are "
            "several ways to pay, with a pot or without.",
        ),
        "tantanan": lambda: QT_TRANSLATE_NOOP(
            "BalikHelp",
            "Tantanan is the small, fast Javanese form: four players, one pack, five cards. A win is three pairs, "
            "one of them identical (a <i>bak</i>).",
        ),
        "ceken": lambda: QT_TRANSLATE_NOOP(
            "BalikHelp", "Cekèn (or Sampèn) is Tantanan for three players, as it was played in Yogyakarta."
        ),
    }[game_id]()


def _cards(game_id: str) -> Section:
    out: list[Block] = []
    out.append(
        Para(
            QT_TRANSLATE_NOOP(
                "BalikHelp",
                "The Ceki pack has thirty kinds: the 1 to 9 of Coins, Strings and Myriads, the White Flower, the Red "
                "Flower and the Old Thousand. The six <i>yu</i> cards (Javanese <i>iyo</i>) are the three 1s, the "
                "two Flowers and the Old Thousand. The red-stamped cards are the 9 of Strings (the Red Nine), the "
                "Red Flower (<i>Nyonya</i>) and the Old Thousand (<i>Lau Chian</i>).",
            )
        )
    )
    if game_id in PERANAKAN_IDS:
        out.append(
            Para(
                QT_TRANSLATE_NOOP(
                    "BalikHelp",
                    "At a Peranakan table the cards go by Malay and Hokkien names; CekiDesk writes them after the "
                    "English name in this game (the tooltips of the table give every name). The Javanese names, in "
                    "Latin letters and in aksara Jawa, are the Surakarta names of 1941.",
                )
            )
        )
    else:
        out.append(
            Para(
                QT_TRANSLATE_NOOP(
                    "BalikHelp",
                    "The Javanese names, in Latin letters and in aksara Jawa, are the Surakarta names of 1941; the "
                    "Peranakan names of Balik Satu are given beside them.",
                )
            )
        )
    # a row per rank: Coins, Strings, Myriads (and the honours), each card with all its names
    ranks = [[k for k in ALL_KINDS if not k.is_honour and k.pips == r] for r in range(1, 10)]
    ranks.append([Kind.WF, Kind.RF, Kind.OT])
    out.append(
        Table(tuple(tuple(cell for k in rank for cell in _card_cells(k)) for rank in ranks), padding=2, spacing=4)
    )
    return Section("cards", QT_TRANSLATE_NOOP("BalikHelp", "The cards and their names"), tuple(out))


def _card_cells(k: Kind) -> tuple[Inline, Inline]:
    """A card's picture beside its English, Peranakan (and Balik Satu's own) and Javanese names."""
    word = names.balik_satu_word(k)
    per: Inline = (CardName(k.code, "peranakan"), Said(f" ({word})") if word else Said(""))
    return (
        Picture(k.code, GALLERY_HEIGHT, CardName(k.code)),
        Small(
            Bold(CardName(k.code)),
            BR,
            Italic(per),
            BR,
            Italic(CardName(k.code, "javanese")),
            Said(" "),
            CardName(k.code, "script"),
        ),
    )


def _deck_words(game_id: str) -> Inline:
    if game_id in ("balik-satu", "chaqui", "balik-lima-belas"):
        babas = ", ".join(f"{n}: {DECK_COLUMNS['babas'][n] / 2:g}" for n in range(2, 15))
        pwee = ", ".join(f"{n}: {h / 2:g}" for n, h in DECK_COLUMNS["pwee"].items())
        amaro = ", ".join(f"{n}: {h / 2:g}" for n, h in DECK_COLUMNS["amaro"].items())
        return fmt(
            QT_TRANSLATE_NOOP(
                "BalikHelp",
                "The number of packs (of 60 cards) grows with the table. The Babas (players: packs): {babas}. Pwee: "
                "{pwee}. Amaro: {amaro}. The New Game dialog chooses the column; where the chosen book has no number "
                "for the table, The Babas' number is used (house).",
            ),
            babas=Said(babas, escape=False),
            pwee=Said(pwee, escape=False),
            amaro=Said(amaro, escape=False),
        )
    decks = FIXED_DECKS[game_id]
    if game_id == "gonggong":
        return QT_TRANSLATE_NOOP(
            "BalikHelp",
            "Four players play with six sets of 30 cards (180 cards), six with eight sets (240); five"
            " play with seven sets (house). A set is half a pack, one card of each kind, as the "
            "description of Surakarta's game counts them. The New Game dialog also offers the larger "
            "deal in packs of 60 (360 cards for four, 480 for six).",
        )
    if game_id == "chot":
        return QT_TRANSLATE_NOOP("BalikHelp", "Three packs, 180 cards; the partners sit opposite each other.")
    n = next(iter(decks))
    return fmt(QT_TRANSLATE_NOOP("BalikHelp", "One pack of 60 cards for %n player(s)."), count=n)


def _deal(game_id: str) -> Section:
    hand = 5 if game_id in PAIR_IDS else 14
    lo, hi, _ = PLAYERS[game_id]
    out: list[Block] = []
    out.append(Para(_deck_words(game_id)))
    out.append(
        Para(
            fmt(
                QT_TRANSLATE_NOOP(
                    "BalikHelp",
                    "Everybody gets {hand} cards and the player after the dealer one more, {extra}; the rest is the "
                    "stock, face down. Play goes anticlockwise: the next player is the one on your right (at "
                    "CekiDesk's table, the next seat round the ring to the right). The first player begins by "
                    "throwing a card.",
                ),
                hand=hand,
                extra=hand + 1,
            )
        )
    )
    out.append(
        Para(
            QT_TRANSLATE_NOOP(
                "BalikHelp",
                "A turn: take the last card thrown (only the top of the pile, and only if the player before you "
                "threw it), or draw the top card of the stock; then throw one card face up. A card just taken from "
                "the pile cannot be thrown back in the same turn (house).",
            )
        )
    )
    if lo != hi:
        out.append(
            Para(fmt(QT_TRANSLATE_NOOP("BalikHelp", "This game is played by {lo} to {hi} players."), lo=lo, hi=hi))
        )
    return Section("deal", QT_TRANSLATE_NOOP("BalikHelp", "The deal and a turn"), tuple(out))


def _sets(game_id: str) -> Section:
    st = _term(set_term(game_id))
    out: list[Block] = []
    if game_id in PAIR_IDS:
        out.append(
            Para(
                fmt(
                    QT_TRANSLATE_NOOP(
                        "BalikHelp",
                        "A set here is a pair: two cards of one rank, the suit does not matter, and all six yu cards "
                        "count as 1s. Two identical cards are a {bak}. Six cards win: three pairs, at least one of "
                        "them a bak. So you hold five and wait for the sixth.",
                    ),
                    bak=st,
                )
            )
        )
        out.append(
            Para(
                (
                    Cards(("C4", "C4"), CARD_HEIGHT),
                    GAP,
                    Cards(("S7", "M7"), CARD_HEIGHT),
                    GAP,
                    Cards(("WF", "C1"), CARD_HEIGHT),
                )
            )
        )
        return Section("sets", QT_TRANSLATE_NOOP("BalikHelp", "Sets and a winning hand"), tuple(out))
    out.append(
        Para(
            fmt(
                QT_TRANSLATE_NOOP(
                    "BalikHelp",
                    "A set is three cards of one rank (any suits), or three identical cards: a {mata}. Fifteen cards "
                    "win: five sets, at least one of them a {mata}. With the option on (the default) the six yu "
                    "cards are all one rank; off, the 1s of the suits are a rank and each honour sets only with its "
                    "own copies.",
                ),
                mata=st,
            )
        )
    )
    out.append(
        Para(
            (
                Cards(("C8", "C8", "C8"), CARD_HEIGHT),
                GAP,
                Cards(("C5", "S5", "M5"), CARD_HEIGHT),
                GAP,
                Cards(("RF", "OT", "S1"), CARD_HEIGHT),
            )
        )
    )
    if game_id in ("balik-satu", "chaqui", "balik-lima-belas", "chot"):
        out.append(
            Para(
                QT_TRANSLATE_NOOP(
                    "BalikHelp",
                    "The fifteenth card must come from the stock: you cannot win on a card taken from the pile.",
                )
            )
        )
    else:
        out.append(
            Para(
                QT_TRANSLATE_NOOP(
                    "BalikHelp",
                    "The winning card may be your own draw (<i>rabas</i>) or another player's card (<i>metu</i>): a "
                    "discard you take, or a card you claim.",
                )
            )
        )
    if game_id == "chaqui":
        out.append(
            Para(
                QT_TRANSLATE_NOOP(
                    "BalikHelp",
                    "When a card taken from the pile completes an olo, the three cards are laid open on the table "
                    "for everyone to see; they stay in your hand but cannot be thrown.",
                )
            )
        )
    return Section("sets", QT_TRANSLATE_NOOP("BalikHelp", "Sets and a winning hand"), tuple(out))


def _calls(game_id: str) -> Section:
    tan, ceki = _term(call_term(game_id, "tan")), _term(call_term(game_id, "ceki"))
    st = _term(set_term(game_id))
    out: list[Block] = []
    out.append(
        Para(
            fmt(
                QT_TRANSLATE_NOOP(
                    "BalikHelp",
                    "When a throw leaves your hand one card short of winning, you may call. CekiDesk asks you: "
                    "<b>Call</b> or <b>Don't call</b>. The call is {tan} when you already hold a {mata}, so any card "
                    "that completes the last set wins; it is {ceki} when the last set must become the {mata}, so "
                    "only one card wins.",
                ),
                tan=tan,
                ceki=ceki,
                mata=st,
            )
        )
    )
    if game_id == "gonggong":
        out.append(
            Para(
                QT_TRANSLATE_NOOP(
                    "BalikHelp",
                    "At the Surakarta table ceki nocog is shown by one coin on the table and ceki kowah by two "
                    "coins, one on the other; CekiDesk shows one or two dots on the caller's plate.",
                )
            )
        )
    out.append(
        Para(
            QT_TRANSLATE_NOOP(
                "BalikHelp",
                "Once anybody has called, every card drawn from the stock is shown face up. If it is "
                "the card a caller waits for, that caller takes it at once, out of turn, and wins: "
                "<i>sampèi!</i> (“it has come!”). The card is the caller's: it cannot be let go. "
                "CekiDesk shows the Sampèi button — or, with <b>Settings ▸ Claim winning cards "
                "automatically</b> (on at first), claims it for you. The drawer's own win comes "
                "first; with several callers, the first in turn order from the drawer wins (house).",
            )
        )
    )
    out.append(
        Para(
            fmt(
                QT_TRANSLATE_NOOP(
                    "BalikHelp",
                    "After a call, every card you throw must keep your hand waiting (house: CekiDesk offers only "
                    "those). A {ceki} caller who turns a mixed set into a {mata} is {tan} from then on; that never "
                    "goes back.",
                ),
                tan=tan,
                ceki=ceki,
                mata=st,
            )
        )
    )
    out.append(
        Para(QT_TRANSLATE_NOOP("BalikHelp", "Anybody may win on a card of their own draw, called or not (house)."))
    )
    if game_id in JAVANESE_IDS:
        out.append(
            Para(
                QT_TRANSLATE_NOOP(
                    "BalikHelp",
                    "A caller may also claim a card thrown by another player that completes the hand, in turn order "
                    "after the thrower, once the thrower has decided on their own call (house: the source does not "
                    "say when).",
                )
            )
        )
    return Section("calls", QT_TRANSLATE_NOOP("BalikHelp", "Calling and sampèi"), tuple(out))


def _score(game_id: str) -> Section:
    if game_id == "balik-satu":
        blocks = _score_balik_satu()
    elif game_id == "chaqui":
        blocks = _score_chaqui()
    elif game_id in ("balik-lima-belas", "chot"):
        blocks = _score_fifteen(game_id)
    else:
        blocks = _score_javanese()
    return Section("score", QT_TRANSLATE_NOOP("BalikHelp", "Scoring"), tuple(blocks))


def _score_balik_satu() -> list[Block]:
    """Balik Satu: the turned card sets the base, the mata and the calls multiply it."""
    out: list[Block] = []
    kt = _term("kandang_tangan")
    values = ", ".join(f"{names.card_name(k)} {k.value_in(Counting.BALIK_SATU)}" for k in (Kind.S9, Kind.RF, Kind.OT))
    out.append(
        Para(
            fmt(
                QT_TRANSLATE_NOOP(
                    "BalikHelp",
                    "The winner turns the next card of the stock, the <i>balik satu</i>. Its value is the score's "
                    "base: the plain cards their number, and the red-stamped cards more: {values}. If it is the "
                    "White Flower or a 1 of a suit, nobody scores and the hand is dealt again by the same dealer (an "
                    "option, on).",
                ),
                values=Said(values),
            )
        )
    )
    out.append(Para(Cards(("S9", "RF", "OT"), CARD_HEIGHT)))
    out.append(
        Para(
            fmt(
                QT_TRANSLATE_NOOP(
                    "BalikHelp",
                    "{kena}: the turned card may take the place of a card of its rank to make one more mata. Then: "
                    "+1 for each mata, +2 for each red-stamped mata. After a <i>ceki</i> call (still ceki at the "
                    "win): <i>ayam</i> +1 when somebody else drew the winning card, <i>kandang</i> +2 when you drew "
                    "it yourself (options: 5 and 10, or 10 and 20).",
                ),
                kena=_term("kena"),
            )
        )
    )
    out.append(
        Para(
            QT_TRANSLATE_NOOP(
                "BalikHelp",
                "Pwee's book also gives 1 point for a win after a <i>tan</i> call; the source calls "
                "it superfluous (a tan winner always has a mata), so it is an option, off by default.",
            )
        )
    )
    out.append(
        Para(
            fmt(
                QT_TRANSLATE_NOOP(
                    "BalikHelp",
                    "{kt}: a winning hand straight from the deal wins at once and scores double, without the call "
                    "bonus.",
                ),
                kt=kt,
            )
        )
    )
    return out


def _score_chaqui() -> list[Block]:
    """Chaqui: a fixed amount for each olo."""
    out: list[Block] = []
    out.append(
        Para(
            QT_TRANSLATE_NOOP(
                "BalikHelp",
                "Every olo of the winning hand scores a fixed amount (an option: 5 by default, house). A win on a "
                "<i>chiqui</i> — the winning card completed a mixed set whose other two cards are an identical pair "
                "(house reading) — lets the winner turn up to fifteen stock cards, stopping at the one that makes "
                "the pair an olo. A winning hand from the deal scores double (house).",
            )
        )
    )
    return out


def _score_fifteen(game_id: str) -> list[Block]:
    """Balik Lima Belas and Chot: fifteen turned cards swapped into mixed sets."""
    out: list[Block] = []
    kt = _term("kandang_tangan")
    out.append(
        Para(
            fmt(
                QT_TRANSLATE_NOOP(
                    "BalikHelp",
                    "The winner turns fifteen cards from the stock and swaps them, card for card of the same rank, "
                    "into the hand to make as many mata as they can. The score: 1 for the win and 1 for each mata; "
                    "red cards score nothing extra. A winning hand from the deal ({kt}) scores double.",
                ),
                kt=kt,
            )
        )
    )
    if game_id == "balik-lima-belas":
        out.append(
            Para(
                QT_TRANSLATE_NOOP(
                    "BalikHelp", "After a ceki call <i>ayam</i> and <i>kandang</i> are added as in Balik Satu."
                )
            )
        )
    else:
        out.append(
            Para(
                QT_TRANSLATE_NOOP(
                    "BalikHelp",
                    "The points are taken as tokens: tokens of ten after a <i>ceki</i> call (a win "
                    "that completed a mata), else tokens of one. After a ceki call <i>ayam</i> and "
                    "<i>kandang</i> are added as in Balik Lima Belas, so a ceki caller who draws the "
                    "winning card with one mata takes 1 + 1 + 2 = 4 tokens of ten, 40 points "
                    "(options: 5 and 10, or 10 and 20). Both sides’ tokens and the bangkong record "
                    "are shown in the middle of the table.",
                )
            )
        )
    return out


def _score_javanese() -> list[Block]:
    """The Javanese games: bak and the turned card's Javanese value."""
    out: list[Block] = []
    out.append(
        Para(
            QT_TRANSLATE_NOOP(
                "BalikHelp",
                "<i>Toh bayaran</i>, step by step: 1 for metu, 2 for metu with a red winning card or for rabas, 3 "
                "for rabas with a red winning card (house: a red card means the winning card is red-stamped); +1 for "
                "each bak and +2 for each red bak; then the next stock card is turned and its Javanese value added: "
                "the Red Flower, the Old Thousand and the 1 of Myriads 10, the other cards their number.",
            )
        )
    )
    out.append(Para(Cards(("RF", "OT", "M1"), CARD_HEIGHT)))
    out.append(Para(QT_TRANSLATE_NOOP("BalikHelp", "A winning hand from the deal is a rabas, scored double (house).")))
    return out


def _money(game_id: str) -> Section:
    out: list[Block] = []
    if game_id == "chot":
        out.append(
            Para(
                QT_TRANSLATE_NOOP(
                    "BalikHelp",
                    "When a seat has 20 points or more after a hand, the bangkong ends (house: counted after the "
                    "hand): each side pools its points, the larger side wins the bangkong, and its total and its "
                    "excess over the other side are written down. A tie is written down as tied and nobody pays "
                    "(house). CekiDesk pays each bangkong when it ends (which comes to the same as the source's "
                    "reckoning at the end): the losing side pays the amount per bangkong and per excess point of the "
                    "options, each loser paying half to one winner (house). The match lasts the number of bangkong "
                    "chosen in New Game.",
                )
            )
        )
        return Section("money", QT_TRANSLATE_NOOP("BalikHelp", "Paying"), tuple(out))
    if game_id == "gonggong":
        out.append(
            Para(
                QT_TRANSLATE_NOOP(
                    "BalikHelp",
                    "The scoring option chooses how money moves. <i>Toh bayaran</i> (Yogyakarta's <i>bak-bakan</i>): "
                    "everyone pays the winner the points × the stake. <i>Toh bayaran</i> turning fourteen: steps 1 "
                    "and 2, then the winner turns fourteen cards and counts the bak they make with the hand less its "
                    "winning card. <i>Undhuh-undhuhan</i>: a pot that lasts; when it is empty everyone puts in one "
                    "stake (house); metu takes one stake from it, rabas all of it. <i>Umbuk</i>: the same pot; metu "
                    "takes half (rounded down, house), rabas all. A drawn hand leaves the pot where it is.",
                )
            )
        )
        out.append(
            Para(
                QT_TRANSLATE_NOOP(
                    "BalikHelp",
                    "<i>Cekèn</i>, the side bet: with an amount in the options, every loser also pays the winner "
                    "that much after each won hand (house: the source's ad-hoc bets made one fixed bet).",
                )
            )
        )
        return Section("money", QT_TRANSLATE_NOOP("BalikHelp", "Paying"), tuple(out))
    out.append(
        Para(QT_TRANSLATE_NOOP("BalikHelp", "Everybody pays the winner the score × the stake per point of the match."))
    )
    return Section("money", QT_TRANSLATE_NOOP("BalikHelp", "Paying"), tuple(out))


def _table(game_id: str) -> Section:
    out: list[Block] = []
    out.append(
        Para(
            QT_TRANSLATE_NOOP(
                "BalikHelp",
                "Your hand lies at the bottom, sorted into the sets it holds (the mata first), then the other cards "
                "by rank; the card you got this turn is marked. The others sit round the table in play order, each "
                "with the number of cards and the call. Click the stock (D) to draw or the large top card of the "
                "pile (T) to take it, then a card of your hand to throw it. Calls, claims and the win are buttons "
                "beside your name. At the end every hand is shown, the winner's sets in the middle with the card(s) "
                "turned for the score; a card that came in by a swap is marked.",
            )
        )
    )
    return Section("table", QT_TRANSLATE_NOOP("BalikHelp", "At the table"), tuple(out))


def _house(game_id: str) -> Section:
    items: list[Inline] = [
        QT_TRANSLATE_NOOP(
            "BalikHelp",
            "Only the first player, who holds one card more, can be dealt a winning hand; they must then win at once "
            "(house).",
        ),
        QT_TRANSLATE_NOOP("BalikHelp", "A card taken from the pile cannot be thrown back in the same turn (house)."),
        QT_TRANSLATE_NOOP("BalikHelp", "After a call, only throws that keep the hand waiting are allowed (house)."),
        QT_TRANSLATE_NOOP(
            "BalikHelp",
            "With several callers waiting for a revealed card, the first in turn order from the drawer wins it "
            "(house).",
        ),
        QT_TRANSLATE_NOOP(
            "BalikHelp",
            "Anybody may win on their own stock draw, called or not; without a call there is no call bonus (house).",
        ),
        QT_TRANSLATE_NOOP(
            "BalikHelp",
            "If the stock runs out, the hand is drawn; if the scoring needs more cards than are left, the winner "
            "turns what there is (house).",
        ),
        fmt(
            QT_TRANSLATE_NOOP(
                "BalikHelp",
                "A hand is drawn after {n} turns in a row without a draw from the stock, so that it cannot go on for "
                "ever (house).",
            ),
            n=NO_DRAW_TURNS,
        ),
        QT_TRANSLATE_NOOP(
            "BalikHelp",
            "The deal passes to the next player after every hand; a replayed hand is dealt again by the same dealer "
            "(house).",
        ),
    ]
    if game_id in ("balik-satu", "chaqui", "balik-lima-belas"):
        items.append(
            QT_TRANSLATE_NOOP(
                "BalikHelp", "Where the chosen column of packs has no number for the table, The Babas' is used (house)."
            )
        )
    if game_id == "balik-satu":
        items.append(QT_TRANSLATE_NOOP("BalikHelp", "A turned yu card replays even a hand won from the deal (house)."))
    if game_id == "chaqui":
        items.append(
            QT_TRANSLATE_NOOP(
                "BalikHelp",
                "5 points per olo by default; a chiqui is a mixed set completed beside an identical pair; a winning "
                "hand from the deal scores double (house).",
            )
        )
    if game_id in JAVANESE_IDS:
        items.append(
            QT_TRANSLATE_NOOP(
                "BalikHelp",
                "A win on a taken discard (metu), and claims of a thrown card by callers, after the thrower's own "
                "call decision (house).",
            )
        )
        items.append(
            QT_TRANSLATE_NOOP(
                "BalikHelp",
                "Rabas is a win on one's own stock draw or from the deal; “a red card” is a red-stamped winning card "
                "(house).",
            )
        )
    if game_id in PAIR_IDS:
        items.append(
            QT_TRANSLATE_NOOP(
                "BalikHelp",
                "The sixth card of the draw-and-throw turn: you hold five, get a sixth by drawing or taking, and "
                "throw one, exactly like the fifteenth card of Balik Satu (house).",
            )
        )
    if game_id == "gonggong":
        items.append(
            QT_TRANSLATE_NOOP(
                "BalikHelp",
                "Five players play with seven packs; an empty pot is first filled with one stake from each player; "
                "umbuk rounds half the pot down (house).",
            )
        )
    if game_id == "chot":
        items.append(
            QT_TRANSLATE_NOOP(
                "BalikHelp",
                "Points count after the hand; each bangkong is paid when it ends, each loser paying half; a tied "
                "bangkong pays nothing (house).",
            )
        )
    return Section("house", QT_TRANSLATE_NOOP("BalikHelp", "CekiDesk's house rules"), (Bullets(tuple(items)),))
