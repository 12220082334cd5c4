"""The Balik Satu family's words: the seven games' titles, options, terms, payments and score items and
the log lines' templates.  Its game UI is :mod:`.game_ui`, the table :mod:`.layout`, the How-to-play
pages :mod:`.help`.

One :class:`~.game_ui.BalikUI`, parameterised by the game id, is registered for each of the seven games
(:data:`GAME_IDS`); what differs between them is said by small tables here: what a set of
identical cards is called (*mata*, *olo*, *bak*) and what the two calls are called (*tan* / *ceki*;
Gonggong's *ceki kowah* / *ceki nocog*; Tantanan's *tan kowah* / *tan nokang*).  The engine speaks of
``mata``, ``tan`` and ``ceki`` in every game (``cekidesk.games.balik``); the words are the UI's.
Balik Satu, Chaqui, Balik Lima Belas and Chot are Peranakan and Kristang games: their cards carry the
Peranakan names (``names.register_peranakan_game``); Gonggong, Tantanan and Cekèn the Javanese ones.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel
from PySide6.QtCore import QCoreApplication

from cekidesk.engine.cards import Kind
from cekidesk.games.balik.rules import (
    BalikLimaBelasOptions,
    BalikSatuOptions,
    ChaquiOptions,
    ChotOptions,
    GonggongOptions,
)

from ...foundations import names
from ...foundations.i18n import QT_TRANSLATE_NOOP
from ..base import (
    Namer,
    log_sentence,
    seat_name,
)

# the family's games, in the New Game dialog's order
GAME_IDS = ("balik-satu", "chaqui", "balik-lima-belas", "chot", "gonggong", "tantanan", "ceken")
# the games of the Peranakan and Kristang tables (Peranakan card names)
PERANAKAN_IDS = ("balik-satu", "chaqui", "balik-lima-belas", "chot")
# the games played with pairs (three pairs to win, five cards in hand)
PAIR_IDS = frozenset({"tantanan", "ceken"})
# the games that count as Gonggong does (*rabas* / *metu*, *bak*)
JAVANESE_IDS = frozenset({"gonggong", "tantanan", "ceken"})

for _gid in PERANAKAN_IDS:
    names.register_peranakan_game(_gid)


def set_term(game_id: str) -> str:
    """The term code of a set of identical cards in ``game_id``: mata, olo or bak."""
    if game_id == "chaqui":
        return "olo"
    return "bak" if game_id in JAVANESE_IDS else "mata"


def call_term(game_id: str, call: str) -> str:
    """The term code of the engine's call ``"tan"`` / ``"ceki"`` in ``game_id``."""
    if game_id == "gonggong":
        return {"tan": "ceki_kowah", "ceki": "ceki_nocog"}.get(call, call)
    if game_id in PAIR_IDS:
        return {"tan": "tan_kowah", "ceki": "tan_nokang"}.get(call, call)
    return call


def set_size(game_id: str) -> int:
    return 2 if game_id in PAIR_IDS else 3


_YU_OPTIONS = (BalikSatuOptions, ChaquiOptions, BalikLimaBelasOptions, ChotOptions, GonggongOptions)


def yu_one_rank(options: BaseModel) -> bool:
    """Whether the six *yu* cards are one rank under ``options`` (Tantanan and Cekèn have no such option:
    there every honour is a 1)."""
    return options.yu_one_rank if isinstance(options, _YU_OPTIONS) else True


def style_of(namer: object) -> str:
    """The card-name form ("latin", "javanese", "both") a namer of :func:`names.card_namer` writes,
    in which the game's own words are written too."""
    return names.namer_style(namer)


def kind_of(code: object) -> Kind:
    return code if isinstance(code, Kind) else Kind.parse(str(code))


def call_of(game_id: str, hand: Sequence[Kind]) -> str:
    """The call a waiting hand makes: *tan* when it already holds a set of identical cards."""
    s = set_size(game_id)
    return "tan" if any(n >= s for n in Counter(hand).values()) else "ceki"


names.register_terms({
    "olo": names.GameTerm("olo", "ꦲꦺꦴꦭꦺꦴ", QT_TRANSLATE_NOOP(
        "Terms", "Chaqui's “eye”: three identical cards")),
    "bak": names.GameTerm("bak", "ꦧꦏ꧀", QT_TRANSLATE_NOOP(
        "Terms", "identical cards: a triplet in Gonggong, an identical pair in Tantanan")),
    "kena": names.GameTerm("kena", "ꦏꦼꦤ", QT_TRANSLATE_NOOP(
        "Terms", "“contact”: a turned card takes the place of a same-rank card to make a mata")),
    "kandang_tangan": names.GameTerm("kandang tangan", "ꦏꦤ꧀ꦢꦁꦠꦔꦤ꧀", QT_TRANSLATE_NOOP(
        "Terms", "“cage in hand”: dealt a winning hand, which scores double")),
    "bangkong": names.GameTerm("bangkong", "ꦧꦁꦏꦺꦴꦁ", QT_TRANSLATE_NOOP(
        "Terms", "Chot's round of 20 points, won by the side with more points")),
    "rabas": names.GameTerm("rabas", "ꦫꦧꦱ꧀", QT_TRANSLATE_NOOP("Terms", "“clear”: a win on a card you drew yourself")),
    "metu": names.GameTerm("metu", "ꦩꦼꦠꦸ", QT_TRANSLATE_NOOP("Terms", "“came out”: a win on another player's card")),
    "nocog": names.GameTerm("nocog", "ꦤꦺꦴꦕꦺꦴꦒ꧀", QT_TRANSLATE_NOOP("Terms", "waiting for one exact card")),
    "nokang": names.GameTerm("nokang", "ꦤꦺꦴꦏꦁ", QT_TRANSLATE_NOOP("Terms", "waiting for one exact card")),
    "ceki_nocog": names.GameTerm("ceki nocog", "ꦕꦼꦏꦶꦤꦺꦴꦕꦺꦴꦒ꧀", QT_TRANSLATE_NOOP(
        "Terms", "Gonggong's call when only one exact card wins: one coin on the table")),
    "ceki_kowah": names.GameTerm("ceki kowah", "ꦕꦼꦏꦶꦏꦺꦴꦮꦃ", QT_TRANSLATE_NOOP(
        "Terms", "Gonggong's call when any card of a rank wins: two coins, one on the other")),
    "tan_nokang": names.GameTerm("tan nokang", "ꦠꦤ꧀ꦤꦺꦴꦏꦁ", QT_TRANSLATE_NOOP(
        "Terms", "Tantanan's call when only an identical card wins")),
    "tan_kowah": names.GameTerm("tan kowah", "ꦠꦤ꧀ꦏꦺꦴꦮꦃ", QT_TRANSLATE_NOOP(
        "Terms", "Tantanan's call when any card of a rank wins")),
    "undhuh_undhuhan": names.GameTerm("undhuh-undhuhan", "ꦲꦸꦤ꧀ꦝꦸꦃꦲꦸꦤ꧀ꦝꦸꦲꦤ꧀", QT_TRANSLATE_NOOP(
        "Terms", "“pickings”: the winner takes from a pot")),
    "toh_bayaran": names.GameTerm("toh bayaran", "ꦠꦺꦴꦃꦧꦪꦫꦤ꧀", QT_TRANSLATE_NOOP(
        "Terms", "“stake payments”: everyone pays the winner's points")),
    "bak_bakan": names.GameTerm("bak-bakan", "ꦧꦏ꧀ꦧꦏꦤ꧀", QT_TRANSLATE_NOOP(
        "Terms", "Yogyakarta's name of toh bayaran: payment by the bak")),
    "umbuk": names.GameTerm("umbuk", "ꦲꦸꦩ꧀ꦧꦸꦏ꧀", QT_TRANSLATE_NOOP(
        "Terms", "“piled”: a pot; metu takes half of it, rabas all")),
    "ceken": names.GameTerm("cekèn", "ꦕꦼꦏꦺꦤ꧀", QT_TRANSLATE_NOOP(
        "Terms", "a side bet each loser pays the winner; also the three-player Tantanan")),
    "balik_lima_belas": names.GameTerm("balik lima belas", "ꦧꦭꦶꦏ꧀ꦭꦶꦩꦧꦼꦭꦱ꧀", QT_TRANSLATE_NOOP(
        "Terms", "“turn fifteen”: the winner turns fifteen cards to make more mata")),
})

# how a hand was won, for the player's statistics (cekidesk.games.balik.stats.WIN_KINDS)
names.register_win_kinds(GAME_IDS, "Terms", {
    "self": QT_TRANSLATE_NOOP("Terms", "on your own draw"),
    "claim": QT_TRANSLATE_NOOP("Terms", "sampèi on another's draw"),
    "discard": QT_TRANSLATE_NOOP("Terms", "on a discard"),
    "dealt": QT_TRANSLATE_NOOP("Terms", "dealt a winning hand"),
})

# why a computer player (the hint) chose its move: cekidesk.games.balik.search.reasons
names.register_texts("Reasons", {
    "reason.balik.win": QT_TRANSLATE_NOOP("Reasons", "the hand is complete: sampèi!"),
    "reason.balik.claim": QT_TRANSLATE_NOOP("Reasons", "the {kind} completes the hand"),
    "reason.balik.call": QT_TRANSLATE_NOOP("Reasons", "one card from winning: call {call}"),
    "reason.balik.no_call": QT_TRANSLATE_NOOP("Reasons", "the wait is better kept quiet for now"),
    "reason.balik.pass": QT_TRANSLATE_NOOP("Reasons", "the card is not worth claiming"),
    "reason.balik.take": QT_TRANSLATE_NOOP("Reasons", "the {kind} fits the sets of the hand"),
    "reason.balik.draw": QT_TRANSLATE_NOOP("Reasons", "the {kind} on the pile does not help the hand"),
    "reason.balik.waits": QT_TRANSLATE_NOOP("Reasons", "%Ln winning card(s) still to come"),
    "reason.balik.dead": QT_TRANSLATE_NOOP("Reasons", "no card of the {kind}'s rank is left to come"),
    "reason.balik.lone": QT_TRANSLATE_NOOP("Reasons", "the {kind} is left over from the sets"),
    "reason.balik.few_live": QT_TRANSLATE_NOOP("Reasons", "%Ln card(s) that go with the {kind} are still to come"),
    "balik.call.tan": QT_TRANSLATE_NOOP("Reasons", "tan"),
    "balik.call.ceki": QT_TRANSLATE_NOOP("Reasons", "ceki"),
})

names.register_texts("BalikTerms", {
    # the games
    "game.balik-satu": QT_TRANSLATE_NOOP("BalikTerms", "Balik Satu"),
    "game.balik-satu.blurb": QT_TRANSLATE_NOOP(
        "BalikTerms", "2–14 players, two to eight packs. The Peranakan rummy: collect five sets of three "
                      "with at least one mata, call tan or ceki when one card short, and win on a card from "
                      "the stock; the winner turns one more card for the score."),
    "game.chaqui": QT_TRANSLATE_NOOP("BalikTerms", "Chaqui"),
    "game.chaqui.blurb": QT_TRANSLATE_NOOP(
        "BalikTerms", "2–14 players. The Kristang Balik Satu: an olo completed from a discard is laid open, "
                      "every olo scores a fixed amount, and a win on a chiqui pair turns up to fifteen "
                      "cards to make it an olo."),
    "game.balik-lima-belas": QT_TRANSLATE_NOOP("BalikTerms", "Balik Lima Belas"),
    "game.balik-lima-belas.blurb": QT_TRANSLATE_NOOP(
        "BalikTerms", "2–14 players. Balik Satu scored by turning fifteen cards: the winner swaps them into "
                      "mata, one point for the win and one for each mata."),
    "game.chot": QT_TRANSLATE_NOOP("BalikTerms", "Chot (Kiong)"),
    "game.chot.blurb": QT_TRANSLATE_NOOP(
        "BalikTerms", "4 players in two partnerships, three packs. Balik Lima Belas for tokens of one and "
                      "ten; at 20 points the sides pool them for a bangkong."),
    "game.gonggong": QT_TRANSLATE_NOOP("BalikTerms", "Gonggong"),
    "game.gonggong.blurb": QT_TRANSLATE_NOOP(
        "BalikTerms", "4–6 players, six to eight sets of 30 cards, 14 cards. The Javanese Balik Satu of Surakarta: "
                      "win with at least one bak, by rabas or metu, scored by toh bayaran or from a pot."),
    "game.tantanan": QT_TRANSLATE_NOOP("BalikTerms", "Tantanan"),
    "game.tantanan.blurb": QT_TRANSLATE_NOOP(
        "BalikTerms", "4 players, one pack, five cards. The quick Javanese form: three pairs, one of them "
                      "identical, scored as Gonggong's toh bayaran."),
    "game.ceken": QT_TRANSLATE_NOOP("BalikTerms", "Cekèn (Sampèn)"),
    "game.ceken.blurb": QT_TRANSLATE_NOOP(
        "BalikTerms", "3 players, one pack, five cards: Tantanan as played in Yogyakarta."),
    # options (titles and help; a choice's key is the title's key and the value)
    "balik.option.deck_column": QT_TRANSLATE_NOOP("BalikTerms", "Packs for the number of players"),
    "balik.option.deck_column.help": QT_TRANSLATE_NOOP(
        "BalikTerms", "Which book's table of packs to use. Where the chosen book gives no number for this "
                      "many players, The Babas' number is used."),
    "balik.option.deck_column.babas": QT_TRANSLATE_NOOP("BalikTerms", "The Babas (2 packs for 2, ½ more a player)"),
    "balik.option.deck_column.pwee": QT_TRANSLATE_NOOP("BalikTerms", "Pwee (2½ packs for 2)"),
    "balik.option.deck_column.amaro": QT_TRANSLATE_NOOP("BalikTerms", "Amaro (2 packs for 3)"),
    "balik.option.deck": QT_TRANSLATE_NOOP("BalikTerms", "Deck"),
    "balik.option.deck.help": QT_TRANSLATE_NOOP(
        "BalikTerms", "Packs of 60 cards: six for four players, seven for five, eight for six. Sets of 30 "
                      "cards, as the Surakarta description counts them: 180 cards for four, 240 for six."),
    "balik.option.deck.packs": QT_TRANSLATE_NOOP("BalikTerms", "Six to eight packs (360 cards for four)"),
    "balik.option.deck.sets": QT_TRANSLATE_NOOP("BalikTerms", "Six to eight sets (180 cards for four)"),
    "balik.option.yu_one_rank": QT_TRANSLATE_NOOP("BalikTerms", "The six yu cards are one rank"),
    "balik.option.yu_one_rank.help": QT_TRANSLATE_NOOP(
        "BalikTerms", "White Flower, Red Flower, Old Thousand and the three 1s make sets with each other. "
                      "Off: the 1s of the suits are one rank, and each of the three honours sets only with "
                      "its own copies."),
    "balik.option.replay_on_yu": QT_TRANSLATE_NOOP("BalikTerms", "A turned yu card replays the hand"),
    "balik.option.replay_on_yu.help": QT_TRANSLATE_NOOP(
        "BalikTerms", "If the winner's turned card is the White Flower or a 1 of a suit, nobody scores and the "
                      "hand is dealt again by the same dealer."),
    "balik.option.call_bonus": QT_TRANSLATE_NOOP("BalikTerms", "Ayam / kandang bonus"),
    "balik.option.call_bonus.help": QT_TRANSLATE_NOOP(
        "BalikTerms", "Extra points for a win after a ceki call: ayam when somebody else drew the winning "
                      "card, kandang when the winner drew it."),
    "balik.option.call_bonus.1/2": QT_TRANSLATE_NOOP("BalikTerms", "ayam 1, kandang 2"),
    "balik.option.call_bonus.5/10": QT_TRANSLATE_NOOP("BalikTerms", "ayam 5, kandang 10"),
    "balik.option.call_bonus.10/20": QT_TRANSLATE_NOOP("BalikTerms", "ayam 10, kandang 20"),
    "balik.option.call_bonus.none": QT_TRANSLATE_NOOP("BalikTerms", "no ayam or kandang (older CekiDesk)"),
    "balik.option.revealed_card_can_be_let_go": QT_TRANSLATE_NOOP(
        "BalikTerms", "A caller may let a winning revealed card go (older CekiDesk)"),
    "balik.option.revealed_card_can_be_let_go.help": QT_TRANSLATE_NOOP(
        "BalikTerms", "How CekiDesk played before it followed the source (“the calling player takes it”): kept "
                      "for the matches saved then, so that they replay as they were played."),
    "balik.option.tan_bonus": QT_TRANSLATE_NOOP("BalikTerms", "A point for a win after a tan call (Pwee)"),
    "balik.option.tan_bonus.help": QT_TRANSLATE_NOOP(
        "BalikTerms", "Pwee's book gives one more point for winning after a tan call. Off by default: the "
                      "source calls it superfluous, since a tan winner always scores at least 1 for a mata."),
    "balik.option.olo_points": QT_TRANSLATE_NOOP("BalikTerms", "Points per olo"),
    "balik.option.olo_points.help": QT_TRANSLATE_NOOP(
        "BalikTerms", "What each olo of the winning hand scores (house: the source gives five as an example)."),
    "balik.option.scoring": QT_TRANSLATE_NOOP("BalikTerms", "Scoring"),
    "balik.option.scoring.help": QT_TRANSLATE_NOOP(
        "BalikTerms", "Toh bayaran: everyone pays the winner's points. Undhuh-undhuhan and umbuk: the "
                      "winner takes from a pot that lasts from hand to hand."),
    "balik.option.scoring.toh_bayaran": QT_TRANSLATE_NOOP("BalikTerms", "Toh bayaran (bak-bakan): turn one card"),
    "balik.option.scoring.toh_bayaran_14": QT_TRANSLATE_NOOP("BalikTerms", "Toh bayaran: turn fourteen cards"),
    "balik.option.scoring.undhuh": QT_TRANSLATE_NOOP("BalikTerms", "Undhuh-undhuhan: a stake from the pot"),
    "balik.option.scoring.umbuk": QT_TRANSLATE_NOOP("BalikTerms", "Umbuk: half the pot"),
    "balik.option.ceken_cents": QT_TRANSLATE_NOOP("BalikTerms", "Cekèn side bet"),
    "balik.option.ceken_cents.help": QT_TRANSLATE_NOOP(
        "BalikTerms", "Each loser also pays the winner this much every won hand (0: no side bet)."),
    "balik.option.bangkong_cents": QT_TRANSLATE_NOOP("BalikTerms", "Paid per bangkong"),
    "balik.option.bangkong_cents.help": QT_TRANSLATE_NOOP(
        "BalikTerms", "What the side that loses a bangkong pays the winning side."),
    "balik.option.excess_cents": QT_TRANSLATE_NOOP("BalikTerms", "Paid per excess point"),
    "balik.option.excess_cents.help": QT_TRANSLATE_NOOP(
        "BalikTerms", "What the losing side pays for each point by which the winners' pool is larger."),
    # Chot's match ending
    "ending.bangkong": QT_TRANSLATE_NOOP("BalikTerms", "A number of bangkong"),
    "ending.bangkong.help": QT_TRANSLATE_NOOP(
        "BalikTerms", "The match ends after this many bangkong; the side that won more of them wins, then "
                      "the one with more excess points."),
    "ending.bangkong.limit": QT_TRANSLATE_NOOP("BalikTerms", "Bangkong:"),
    # payments
    "stake.win": QT_TRANSLATE_NOOP("BalikTerms", "the winner's points"),
    "stake.ante": QT_TRANSLATE_NOOP("BalikTerms", "a stake into the empty pot"),
    "stake.pot": QT_TRANSLATE_NOOP("BalikTerms", "the winner's share of the pot"),
    "stake.ceken": QT_TRANSLATE_NOOP("BalikTerms", "cekèn side bet"),
    "stake.bangkong": QT_TRANSLATE_NOOP("BalikTerms", "bangkong"),
    "stake.excess": QT_TRANSLATE_NOOP("BalikTerms", "bangkong: the excess points"),
})

# the score build-up's item codes (``details["score"]``) in words
_SCORE_ITEMS = {
    "card": QT_TRANSLATE_NOOP("BalikScore", "the turned card, {card}"),
    "mata": QT_TRANSLATE_NOOP("BalikScore", "%n mata(s)"),
    "red_mata": QT_TRANSLATE_NOOP("BalikScore", "%n red mata(s), 2 each"),
    "ayam": QT_TRANSLATE_NOOP("BalikScore", "ayam: won after a ceki call on a card somebody else drew"),
    "kandang": QT_TRANSLATE_NOOP("BalikScore", "kandang: won after a ceki call on a card of one's own draw"),
    "tan": QT_TRANSLATE_NOOP("BalikScore", "tan: won after a tan call (Pwee)"),
    "double": QT_TRANSLATE_NOOP("BalikScore", "doubled: a winning hand from the deal"),
    "win": QT_TRANSLATE_NOOP("BalikScore", "the win"),
    "olo": QT_TRANSLATE_NOOP("BalikScore", "%n olo(s)"),
    "metu": QT_TRANSLATE_NOOP("BalikScore", "metu: won on another player's card"),
    "metu_red": QT_TRANSLATE_NOOP("BalikScore", "metu with a red card"),
    "rabas": QT_TRANSLATE_NOOP("BalikScore", "rabas: won on one's own draw"),
    "rabas_red": QT_TRANSLATE_NOOP("BalikScore", "rabas with a red card"),
    "bak": QT_TRANSLATE_NOOP("BalikScore", "%n bak"),
    "red_bak": QT_TRANSLATE_NOOP("BalikScore", "%n red bak, 2 each"),
    "turn_bak": QT_TRANSLATE_NOOP("BalikScore", "%n bak with the fourteen turned cards"),
    "turn_red_bak": QT_TRANSLATE_NOOP("BalikScore", "%n red bak with the fourteen turned cards, 2 each"),
}
# items whose points count something: how many (the points ÷ the points each)
_PER_ITEM = {"mata": 1, "red_mata": 2, "bak": 1, "red_bak": 2, "turn_bak": 1, "turn_red_bak": 2}


def score_line(code: str, points: int, turned: Sequence[Any], namer: Namer, olo_points: int = 0) -> str:
    """One line of the build-up: "3 matas: +3"."""
    template = _SCORE_ITEMS.get(code)
    if template is None:
        what = code.replace("_", " ")
    elif code == "olo":
        n = points // olo_points if olo_points else points
        what = names.counted(QCoreApplication.translate("BalikScore", template, None, n), n)
    elif code in _PER_ITEM:
        n = points // _PER_ITEM[code]
        what = names.counted(QCoreApplication.translate("BalikScore", template, None, n), n)
    else:
        card = namer(kind_of(turned[0])) if turned else ""
        what = QCoreApplication.translate("BalikScore", template).format(card=card)
    return QCoreApplication.translate("BalikScore", "{what}: +{points}").format(what=what, points=points)


# Game-log sentences, by (event type, the human did it, variant).
_TEMPLATES: dict[tuple[str, bool, str], str] = {
    ("deal", True, ""): QT_TRANSLATE_NOOP("GameLog", "You are dealt {cards}."),
    ("deal", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} is dealt %n card(s)."),
    ("draw", True, ""): QT_TRANSLATE_NOOP("GameLog", "You draw {card}."),
    ("draw", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} draws from the stock."),
    ("draw", True, "revealed"): QT_TRANSLATE_NOOP("GameLog", "You draw {card}, face up for all to see."),
    ("draw", False, "revealed"): QT_TRANSLATE_NOOP("GameLog", "{name} draws {card}, face up for all to see."),
    ("take", True, ""): QT_TRANSLATE_NOOP("GameLog", "You take {card} from {from_name}."),
    ("take", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} takes {card} from {from_name}."),
    ("take", False, "you"): QT_TRANSLATE_NOOP("GameLog", "{name} takes {card} from you."),
    ("discard", True, ""): QT_TRANSLATE_NOOP("GameLog", "You discard {card}."),
    ("discard", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} discards {card}."),
    ("call", True, ""): QT_TRANSLATE_NOOP("GameLog", "You call {call}! You wait for %n kind(s) of card."),
    ("call", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} calls {call}!"),
    ("no_call", True, ""): QT_TRANSLATE_NOOP("GameLog", "You do not call."),
    ("no_call", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} does not call."),
    ("call_changed", True, ""): QT_TRANSLATE_NOOP("GameLog", "Your call is now {call}."),
    ("call_changed", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name}'s call is now {call}."),
    ("expose", True, ""): QT_TRANSLATE_NOOP("GameLog", "You lay open an {set}: three × {card}."),
    ("expose", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} lays open an {set}: three × {card}."),
    ("claim", True, "stock"): QT_TRANSLATE_NOOP("GameLog", "Sampèi! You claim {card}, drawn by {from_name}."),
    ("claim", False, "stock"): QT_TRANSLATE_NOOP("GameLog", "Sampèi! {name} claims {card}, drawn by {from_name}."),
    ("claim", False, "stock-you"): QT_TRANSLATE_NOOP("GameLog", "Sampèi! {name} claims {card}, drawn by you."),
    ("claim", True, "discard"): QT_TRANSLATE_NOOP("GameLog", "You claim {from_name}'s discard {card}."),
    ("claim", False, "discard"): QT_TRANSLATE_NOOP("GameLog", "{name} claims {from_name}'s discard {card}."),
    ("claim", False, "discard-you"): QT_TRANSLATE_NOOP("GameLog", "{name} claims your discard {card}."),
    ("pass", True, ""): QT_TRANSLATE_NOOP("GameLog", "You let {card} go."),
    ("pass", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} lets {card} go."),
    ("win", True, "self"): QT_TRANSLATE_NOOP("GameLog", "Sampèi! You win on {card}, drawn from the stock."),
    ("win", False, "self"): QT_TRANSLATE_NOOP("GameLog", "Sampèi! {name} wins on {card}, drawn from the stock."),
    ("win", True, "take"): QT_TRANSLATE_NOOP("GameLog", "You win on {from_name}'s discard {card} (metu)."),
    ("win", False, "take"): QT_TRANSLATE_NOOP("GameLog", "{name} wins on {from_name}'s discard {card} (metu)."),
    ("win", False, "take-you"): QT_TRANSLATE_NOOP("GameLog", "{name} wins on your discard {card} (metu)."),
    ("win", True, "dealt"): QT_TRANSLATE_NOOP("GameLog", "You were dealt a winning hand!"),
    ("win", False, "dealt"): QT_TRANSLATE_NOOP("GameLog", "{name} was dealt a winning hand!"),
    ("turn", True, ""): QT_TRANSLATE_NOOP("GameLog", "You turn %n card(s) for the score: {cards}."),
    ("turn", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} turns %n card(s) for the score: {cards}."),
    ("kena", False, ""): QT_TRANSLATE_NOOP("GameLog", "{card_in} takes the place of {card_out}: one more {set}."),
    ("replay", False, ""): QT_TRANSLATE_NOOP("GameLog", "{card} turned: nobody scores and the hand is dealt again."),
    ("exhausted", False, ""): QT_TRANSLATE_NOOP("GameLog", "The stock is empty: the hand is drawn."),
    ("no_draw", False, ""): QT_TRANSLATE_NOOP(
        "GameLog", "Nobody has drawn from the stock for too long: the hand is drawn."),
}


def say(key: tuple[str, bool, str], n: int | None = None, **values: object) -> str:
    return log_sentence(_TEMPLATES[key], n, **values)


def _side_names(side: Sequence[int], seat_names: Sequence[str]) -> str:
    return QCoreApplication.translate("BalikUI", "{a} and {b}").format(
        a=seat_name(side[0], seat_names), b=seat_name(side[1], seat_names))


def side_lines(cv: Any, sides: Sequence[Sequence[int]], seat_names: Sequence[str]) -> list[str]:
    """Chot's tokens by side and the bangkong record, one line each."""
    out = []
    for i, side in enumerate(sides):
        ones = sum(cv.ones[p] for p in side)
        tens = sum(cv.tens[p] for p in side)
        out.append(QCoreApplication.translate(
            "BalikUI", "{side}: {points} points in this bangkong ({ones} × 1, {tens} × 10)").format(
            side=_side_names(side, seat_names), points=cv.side_points[i] if cv.side_points else 0,
            ones=ones, tens=tens))
    for n, (side, total, excess) in enumerate(cv.record, 1):
        if side is None:
            out.append(QCoreApplication.translate("BalikUI", "Bangkong {n}: tied at {total}").format(
                n=n, total=total))
        else:
            out.append(QCoreApplication.translate(
                "BalikUI", "Bangkong {n}: {side} with {total}, {excess} more").format(
                n=n, side=_side_names(sides[side], seat_names), total=total, excess=excess))
    return out
