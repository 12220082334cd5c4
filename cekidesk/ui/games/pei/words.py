"""Pèi in words and widgets: the status line, hints, the game log, the end of a round, the New Game
texts and the How-to-play page.  (The table itself is :mod:`cekidesk.ui.games.pei.layout`.)

The help page follows RULINGS §3 (the project's reading of the Pèi rule text in the shared rule
sources) and says which house rules the app chose.  Every word the engine gives as a code — option
titles, the choices of the stake method and the variant, the combinations, the roles, the ranks and
the itemised stake payments — is registered here (context ``PeiTerms``).
"""
from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any, cast

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from cekidesk.engine.cards import Counting, Kind
from cekidesk.engine.core import Action, Event, HandResult
from cekidesk.engine.match import HandRecord, Match
from cekidesk.games.pei.rules import COMBO_CARDS, COMBOS, UNYIK, PeiOptions, PeiView, combo_rate, rank_of

from ... import names
from ...i18n import QT_TRANSLATE_NOOP
from ...lessons import Lesson
from ..base import DealWords, GameUI, HandEndContent, HelpContext, Namer, log_sentence, register_game_ui, seat_name
from .lesson import lesson as pei_lesson

ROLES = ("raja", "patih", "unyik")
PLACES = ("ngete", "tengah", "kete")
SHOWCASE_HEIGHT = 70
LOOSE_WIDTH = 330   # the loose cards' fan fits in about this many pixels (it overlaps more to fit)
HELP_HEIGHT = 84

# why a computer player (the hint) chose its move: cekidesk.games.pei.search.reasons
names.register_texts("Reasons", {
    "reason.pei.capture": QT_TRANSLATE_NOOP("Reasons", "it is the pool card worth most to you"),
    "reason.pei.captures": QT_TRANSLATE_NOOP("Reasons", "it captures from the pool"),
    "reason.pei.lays": QT_TRANSLATE_NOOP("Reasons", "nothing captures now; it costs least in the pool"),
    "reason.pei.keeps_rank": QT_TRANSLATE_NOOP("Reasons", "keeps %Ln more card(s) of its rank for later"),
    "reason.pei.combo": QT_TRANSLATE_NOOP("Reasons", "brings your {combo} to %Ln of its {of} cards"),
    "reason.pei.completes": QT_TRANSLATE_NOOP("Reasons", "completes your {combo}"),
    "reason.pei.denies": QT_TRANSLATE_NOOP("Reasons", "takes the card an opponent lacks for {combo}"),
})

names.register_texts("PeiTerms", {
    "game.pei": QT_TRANSLATE_NOOP("PeiTerms", "Pèi"),
    "game.pei.blurb": QT_TRANSLATE_NOOP(
        "PeiTerms", "3 players, 120 cards. A Javanese fishing game: play a card and capture a pool card of "
                    "the same rank, then draw from the bottom of the stock and do it again. Capture the "
                    "five scoring combinations."),
    # options
    "pei.option.variant": QT_TRANSLATE_NOOP("PeiTerms", "Variant"),
    "pei.option.variant.help": QT_TRANSLATE_NOOP(
        "PeiTerms", "Javanese: the game of Surakarta and Yogyakarta. La pêche: the Chinese game (dealt in "
                    "packs; extra copies of a combination card score only their own value). Magelang: the "
                    "combinations score more (bunci 30, pang 20, macan 10 a card)."),
    "pei.option.variant.javanese": QT_TRANSLATE_NOOP("PeiTerms", "Javanese (Surakarta, Yogyakarta)"),
    "pei.option.variant.la_peche": QT_TRANSLATE_NOOP("PeiTerms", "La pêche (Chinese)"),
    "pei.option.variant.magelang": QT_TRANSLATE_NOOP("PeiTerms", "Pèi Magelang"),
    "pei.option.ten_rank": QT_TRANSLATE_NOOP("PeiTerms", "A separate rank of ten"),
    "pei.option.ten_rank.help": QT_TRANSLATE_NOOP(
        "PeiTerms", "Off (the default): all six iyo cards are one rank and capture each other. On: the Red "
                    "Flower, Old Thousand and 1 of Myriads (10 points each) match only each other."),
    "pei.option.second_bunci": QT_TRANSLATE_NOOP("PeiTerms", "A second bunci ireng counts"),
    "pei.option.second_bunci.help": QT_TRANSLATE_NOOP(
        "PeiTerms", "On: a second full 1-2-3 of Coins (with its own run) is another bunci ireng. Off: further copies "
                    "of the 1, 2 and 3 of Coins score their own value."),
    "pei.option.stakes": QT_TRANSLATE_NOOP("PeiTerms", "Stake method"),
    "pei.option.stakes.help": QT_TRANSLATE_NOOP(
        "PeiTerms", "How each round is paid for in a money match. The amounts of the chosen method are "
                    "below."),
    "pei.option.stakes.jentolan": QT_TRANSLATE_NOOP("PeiTerms", "Jentolan: no money, the loser deals"),
    "pei.option.stakes.wudon": QT_TRANSLATE_NOOP("PeiTerms", "Totohan wudon: a pot split ⅔ / ⅓"),
    "pei.option.stakes.rampung": QT_TRANSLATE_NOOP("PeiTerms", "Totohan bayaran (rampung): payments"),
    "pei.option.stakes.parewanan": QT_TRANSLATE_NOOP("PeiTerms", "Toh paréwanan: wudon and rampung"),
    "pei.option.stakes.wulwulan": QT_TRANSLATE_NOOP("PeiTerms", "Wul-wulan (nir): a jackpot for 400"),
    "pei.option.stakes.jedhil": QT_TRANSLATE_NOOP("PeiTerms", "Toh jedhil: small payouts from a pot"),
    "pei.option.wudon_stake": QT_TRANSLATE_NOOP("PeiTerms", "Wudon stake"),
    "pei.option.wudon_stake.help": QT_TRANSLATE_NOOP(
        "PeiTerms", "Each player puts this into the pot every round; the ngeté takes ⅔, the tengah ⅓, "
                    "or the ngeté all of it with 350 points."),
    "pei.option.te_lumrah": QT_TRANSLATE_NOOP("PeiTerms", "Té lumrah"),
    "pei.option.te_lumrah.help": QT_TRANSLATE_NOOP(
        "PeiTerms", "The kete pays this to the ngeté when the ngeté has 200 points or more."),
    "pei.option.te_mati": QT_TRANSLATE_NOOP("PeiTerms", "Té mati"),
    "pei.option.te_mati.help": QT_TRANSLATE_NOOP(
        "PeiTerms", "Every other player under 200 points pays this to the ngeté."),
    "pei.option.belahan": QT_TRANSLATE_NOOP("PeiTerms", "Belahan"),
    "pei.option.belahan.help": QT_TRANSLATE_NOOP(
        "PeiTerms", "Both others pay this to the ngeté when the ngeté has 350 points or more."),
    "pei.option.patang_atusan": QT_TRANSLATE_NOOP("PeiTerms", "Patang atusan"),
    "pei.option.patang_atusan.help": QT_TRANSLATE_NOOP(
        "PeiTerms", "Both others pay this as well when the ngeté has 400 points or more."),
    "pei.option.jung": QT_TRANSLATE_NOOP("PeiTerms", "Jung per 10 points"),
    "pei.option.jung.help": QT_TRANSLATE_NOOP(
        "PeiTerms", "Each player pays every higher player this much for each 10 points of difference "
                    "(rounded up). 0: no jung."),
    "pei.option.wulwulan_stake": QT_TRANSLATE_NOOP("PeiTerms", "Wul-wulan stake"),
    "pei.option.wulwulan_stake.help": QT_TRANSLATE_NOOP(
        "PeiTerms", "Each player adds this to the pot every round; the first to score 400 takes the pot."),
    "pei.option.jedhil_stake": QT_TRANSLATE_NOOP("PeiTerms", "Jedhil stake"),
    "pei.option.jedhil_stake.help": QT_TRANSLATE_NOOP(
        "PeiTerms", "Each player puts this into the pot whenever it is too low for the round's payouts."),
    "pei.option.jedhil_win": QT_TRANSLATE_NOOP("PeiTerms", "Jedhil: the ngeté takes"),
    "pei.option.jedhil_win.help": QT_TRANSLATE_NOOP("PeiTerms", "From the pot, with fewer than 350 points."),
    "pei.option.jedhil_win_350": QT_TRANSLATE_NOOP("PeiTerms", "Jedhil: the ngeté takes at 350"),
    "pei.option.jedhil_win_350.help": QT_TRANSLATE_NOOP("PeiTerms", "From the pot, with 350 to 399 points."),
    "pei.option.jedhil_win_400": QT_TRANSLATE_NOOP("PeiTerms", "Jedhil: the ngeté takes at 400"),
    "pei.option.jedhil_win_400.help": QT_TRANSLATE_NOOP("PeiTerms", "From the pot, with 400 points or more."),
    "pei.option.jedhil_second": QT_TRANSLATE_NOOP("PeiTerms", "Jedhil: the tengah takes"),
    "pei.option.jedhil_second.help": QT_TRANSLATE_NOOP("PeiTerms", "From the pot, every round."),
    # combinations
    "pei.combo.bunci_ireng": QT_TRANSLATE_NOOP("PeiTerms", "bunci ireng"),
    "pei.combo.bunci_abang": QT_TRANSLATE_NOOP("PeiTerms", "bunci abang"),
    "pei.combo.pang_keyang": QT_TRANSLATE_NOOP("PeiTerms", "pang kéyang"),
    "pei.combo.pang_picis": QT_TRANSLATE_NOOP("PeiTerms", "pang picis"),
    "pei.combo.macan": QT_TRANSLATE_NOOP("PeiTerms", "macan"),
    "pei.combo.bunci_ireng.help": QT_TRANSLATE_NOOP("PeiTerms", "Black Thirteen"),
    "pei.combo.bunci_abang.help": QT_TRANSLATE_NOOP("PeiTerms", "Red Thirteen"),
    "pei.combo.pang_keyang.help": QT_TRANSLATE_NOOP("PeiTerms", "the kéyang pang"),
    "pei.combo.pang_picis.help": QT_TRANSLATE_NOOP("PeiTerms", "the coin pang"),
    "pei.combo.macan.help": QT_TRANSLATE_NOOP("PeiTerms", "Tiger"),
    # roles and ranking
    "pei.role.raja": QT_TRANSLATE_NOOP("PeiTerms", "raja"),
    "pei.role.patih": QT_TRANSLATE_NOOP("PeiTerms", "patih"),
    "pei.role.unyik": QT_TRANSLATE_NOOP("PeiTerms", "unyik"),
    "pei.rank.ngete": QT_TRANSLATE_NOOP("PeiTerms", "ngeté"),
    "pei.rank.tengah": QT_TRANSLATE_NOOP("PeiTerms", "tengah"),
    "pei.rank.kete": QT_TRANSLATE_NOOP("PeiTerms", "kete"),
    # itemised stake payments (dialogs.stake_item_text)
    "stake.te_lumrah": QT_TRANSLATE_NOOP("PeiTerms", "té lumrah: the ngeté has 200 or more"),
    "stake.te_mati": QT_TRANSLATE_NOOP("PeiTerms", "té mati: under 200 points"),
    "stake.belahan": QT_TRANSLATE_NOOP("PeiTerms", "belahan: the ngeté has 350 or more"),
    "stake.patang_atusan": QT_TRANSLATE_NOOP("PeiTerms", "patang atusan: the ngeté has 400 or more"),
    "stake.jung": QT_TRANSLATE_NOOP("PeiTerms", "jung: the difference in points"),
    "stake.wudon_stake": QT_TRANSLATE_NOOP("PeiTerms", "wudon stake"),
    "stake.wudon_win": QT_TRANSLATE_NOOP("PeiTerms", "wudon: the ngeté's two thirds"),
    "stake.wudon_second": QT_TRANSLATE_NOOP("PeiTerms", "wudon: the tengah's third"),
    "stake.wudon_all": QT_TRANSLATE_NOOP("PeiTerms", "wudon: 350 or more takes the whole pot"),
    "stake.wulwulan_stake": QT_TRANSLATE_NOOP("PeiTerms", "wul-wulan stake"),
    "stake.wulwulan_win": QT_TRANSLATE_NOOP("PeiTerms", "wul-wulan: 400 points take the pot"),
    "stake.jedhil_stake": QT_TRANSLATE_NOOP("PeiTerms", "jedhil: the pot is topped up"),
    "stake.jedhil_win": QT_TRANSLATE_NOOP("PeiTerms", "jedhil: the ngeté's payout"),
    "stake.jedhil_second": QT_TRANSLATE_NOOP("PeiTerms", "jedhil: the tengah's payout"),
    "stake.jentolan_deals": QT_TRANSLATE_NOOP("PeiTerms", "jentolan: no money; the kete deals next"),
    # the money match
    "pei.match.money.help": QT_TRANSLATE_NOOP(
        "PeiTerms", "Every round is settled by the stake method chosen under Rules, with the amounts set "
                    "there (the stake per point is not used). Money in the pot stays in the middle from "
                    "round to round. The match goes on until you stop."),
})

# Stake methods explained at the end of a round
_STAKE_HELP = {
    "jentolan": QT_TRANSLATE_NOOP("PeiUI", "Jentolan: no money changes hands; the kete deals the next round."),
    "wudon": QT_TRANSLATE_NOOP("PeiUI", "Totohan wudon: everyone stakes the same into the pot; the ngeté takes "
                                         "two thirds and the tengah one third — all of it at 350 points or more."),
    "rampung": QT_TRANSLATE_NOOP("PeiUI", "Totohan bayaran (rampung): té lumrah, té mati, belahan and patang "
                                           "atusan go to the ngeté as the points allow, and everyone pays jung "
                                           "to each higher player for the difference in points."),
    "parewanan": QT_TRANSLATE_NOOP("PeiUI", "Toh paréwanan: the wudon pot and the rampung payments together."),
    "wulwulan": QT_TRANSLATE_NOOP("PeiUI", "Wul-wulan: everyone adds a stake to the pot each round; the first "
                                            "to score 400 points takes the whole pot."),
    "jedhil": QT_TRANSLATE_NOOP("PeiUI", "Toh jedhil: the ngeté and the tengah take small payouts from the pot "
                                          "(more at 350 and 400 points); the pot is topped up when it runs low."),
}

# Game-log sentences, by (event type, the human did it, variant).
_TEMPLATES: dict[tuple[str, bool, str], str] = {
    ("seating", False, ""): QT_TRANSLATE_NOOP(
        "GameLog", "Seating draw: {draws}. Raja: {raja}; patih: {patih}; unyik: {unyik}."),
    ("seating", False, "redraw"): QT_TRANSLATE_NOOP(
        "GameLog", "Seating draw (ties drawn again): {draws}. Raja: {raja}; patih: {patih}; unyik: {unyik}."),
    ("seat_draw", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} {cards} = {sum}"),
    ("deal", True, ""): QT_TRANSLATE_NOOP(
        "GameLog", "You are dealt {cards}; {pool} of your packets go face up to the pool."),
    ("deal", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} is dealt %n card(s); {pool} go face up to the pool."),
    ("last", False, ""): QT_TRANSLATE_NOOP(
        "GameLog", "The top card of the stock is turned up: {card} (the unyik's last draw)."),
    ("peek", True, ""): QT_TRANSLATE_NOOP(
        "GameLog", "You look at the next card of the stock: {card}. Only you know it; it will be your last draw."),
    ("peek", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} looks at a card of the stock that only they will draw."),
    ("play", True, "pool"): QT_TRANSLATE_NOOP("GameLog", "You play {card}: no match, it stays in the pool."),
    ("play", False, "pool"): QT_TRANSLATE_NOOP("GameLog", "{name} plays {card}: no match, it stays in the pool."),
    ("play", True, "capture"): QT_TRANSLATE_NOOP("GameLog", "You play {card} and capture {captured}."),
    ("play", False, "capture"): QT_TRANSLATE_NOOP("GameLog", "{name} plays {card} and captures {captured}."),
    ("play", True, "choice"): QT_TRANSLATE_NOOP(
        "GameLog", "You play {card}: several kinds of that rank lie in the pool."),
    ("play", False, "choice"): QT_TRANSLATE_NOOP(
        "GameLog", "{name} plays {card}: several kinds of that rank lie in the pool."),
    ("draw", True, "pool"): QT_TRANSLATE_NOOP(
        "GameLog", "You draw {card} from the bottom of the stock: it stays in the pool ({left} left)."),
    ("draw", False, "pool"): QT_TRANSLATE_NOOP(
        "GameLog", "{name} draws {card} from the bottom of the stock: it stays in the pool ({left} left)."),
    ("draw", True, "capture"): QT_TRANSLATE_NOOP(
        "GameLog", "You draw {card} from the bottom of the stock and capture {captured} ({left} left)."),
    ("draw", False, "capture"): QT_TRANSLATE_NOOP(
        "GameLog", "{name} draws {card} from the bottom of the stock and captures {captured} ({left} left)."),
    ("draw", True, "choice"): QT_TRANSLATE_NOOP(
        "GameLog", "You draw {card} from the bottom of the stock: several kinds of that rank lie in the pool "
                   "({left} left)."),
    ("draw", False, "choice"): QT_TRANSLATE_NOOP(
        "GameLog", "{name} draws {card} from the bottom of the stock: several kinds of that rank lie in the pool "
                   "({left} left)."),
    ("capture", True, ""): QT_TRANSLATE_NOOP("GameLog", "You choose {captured}: captured with {card}."),
    ("capture", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} chooses {captured}: captured with {card}."),
    ("end", False, ""): QT_TRANSLATE_NOOP("GameLog", "Round over: {results}."),
    ("end_one", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} {points} ({place})"),
    ("end_left", False, ""): QT_TRANSLATE_NOOP("GameLog", "Left in the pool: {cards}."),
}


def _say(key: tuple[str, bool, str], n: int | None = None, **values: object) -> str:
    return log_sentence(_TEMPLATES[key], n, **values)


def role_name(i: int) -> str:
    return names.text(f"pei.role.{ROLES[i]}")


def place_name(i: int) -> str:
    return names.text(f"pei.rank.{PLACES[i]}")


def combo_name(code: str) -> str:
    return names.text(f"pei.combo.{code}", code.replace("_", " "))


def _kind(code: Any) -> Kind:
    return code if isinstance(code, Kind) else Kind.parse(str(code))


def _jv(code: Any) -> int:
    return _kind(code).value_in(Counting.JAVANESE)


def _you_or(seat: int, seat_names: Sequence[str], human: int) -> str:
    if seat == human:
        return QCoreApplication.translate("GameLog", "you")
    return seat_name(seat, seat_names)


class CardFan(QLabel):
    """Card pictures overlapping in a fan (one picture): many loose cards in little room.  ``cards``
    holds the codes, the tooltip their names."""

    def __init__(self, codes: Sequence[str], height: int, step: float, namer: Namer, parent: QWidget | None = None):
        super().__init__(parent)
        from PySide6.QtGui import QPainter, QPixmap

        from ...cardpics import card_pixmap, card_width, device_ratio

        self.cards = [str(c) for c in codes]
        w = round(card_width(height, self.cards[0] if self.cards else None))
        dx = max(1, round(w * step))
        dpr = device_ratio(parent)
        total = w + dx * max(0, len(self.cards) - 1)
        pm = QPixmap(round(total * dpr), round(height * dpr))
        pm.setDevicePixelRatio(dpr)
        pm.fill(Qt.GlobalColor.transparent)
        p = QPainter(pm)
        for i, code in enumerate(self.cards):
            p.drawPixmap(i * dx, 0, card_pixmap(code, height, parent))
        p.end()
        self.setPixmap(pm)
        self.setToolTip(names.card_list(self.cards, namer))
        self.setAccessibleName(names.card_list(self.cards))


class RoundWords(DealWords):
    """Pèi calls a deal a *round*, everywhere."""

    def next(self) -> str:
        return self.tr("&Next round")

    def next_help(self) -> str:
        return self.tr("Deal the next round")

    def press_next(self) -> str:
        return self.tr("Press N for the next round.")

    def over(self, n: int) -> str:
        return self.tr("Round {n} is over").format(n=n)

    def points_now(self) -> str:
        return self.tr("Points this round")

    def column(self) -> str:
        return self.tr("Round")

    def number(self, n: int, seed: int) -> str:
        return self.tr("Round {n} · deal no. {seed}").format(n=n, seed=seed)

    def summary(self, n: int, result: str) -> str:
        return self.tr("Round {n}: {result}").format(n=n, result=result)

    def progress(self, done: int, total: int) -> str:
        return names.counted(self.tr("Round {done} of %n.", "", total), total).format(done=done)

    def total(self, n: int) -> str:
        return names.counted(self.tr("%n round(s)", "", n), n)

    def played(self, n: int) -> str:
        return names.counted(self.tr("%n round(s) played.", "", n), n)

    def count_label(self) -> str:
        return self.tr("Number of rounds")

    def mode_title(self, mode: str) -> str:
        if mode == "hands":
            return self.tr("A fixed number of rounds")
        if mode == "money":
            return self.tr("Play for money: settle every round")
        return super().mode_title(mode)

    def mode_help(self, mode: str) -> str:
        if mode == "hands":
            return self.tr("The match ends after this many rounds; the highest score wins.")
        if mode == "target":
            return self.tr("The match ends after the round in which somebody reaches the target score.")
        return super().mode_help(mode)


@register_game_ui
class PeiUI(GameUI[PeiView]):
    game_id = "pei"
    important_events = frozenset({"seating", "end"})
    deal_words_class = RoundWords
    money_options = frozenset({"wudon_stake", "te_lumrah", "te_mati", "belahan", "patang_atusan", "jung",
                               "wulwulan_stake", "jedhil_stake", "jedhil_win", "jedhil_win_350",
                               "jedhil_win_400", "jedhil_second"})

    def lesson(self) -> Lesson:
        return pei_lesson()

    # -- status line ------------------------------------------------------------------------------
    def _match_text(self, card: Kind, view: PeiView) -> str:
        """What ``card`` would do against the pool, in words."""
        r = rank_of(card, view.options)
        kinds = sorted({k for k in view.pool if rank_of(k, view.options) == r})
        if not kinds:
            return QCoreApplication.translate("PeiUI", "no pool card has its rank, so it will stay in the pool")
        if len(kinds) == 1:
            return QCoreApplication.translate(
                "PeiUI", "it will capture the {card}").format(card=names.card_name(kinds[0]))
        return QCoreApplication.translate("PeiUI", "you will choose which to capture: {cards}").format(
            cards=names.card_list(kinds))

    def your_turn_text(self, view: PeiView, seat_names: Sequence[str]) -> str:
        if view.phase == "capture" and view.pending is not None:
            kinds = [a.card for a in view.legal if a.verb == "capture"]
            return QCoreApplication.translate(
                "PeiUI", "Your turn: choose which card to capture with your {card} — {cards} (click it, "
                         "or press 1 to {n}).").format(card=names.card_name(view.pending),
                                                             cards=names.card_list(kinds), n=len(kinds))
        if view.phase == "draw":
            known = None
            if view.stock_count == 1 and view.last_card is not None:
                known = view.last_card
            elif view.peek is not None and view.stock_count == (2 if view.last_card is not None else 1):
                known = view.peek
            if known is not None:
                return QCoreApplication.translate(
                    "PeiUI", "Your turn: draw your last card, the {card} (D) — {what}.").format(
                    card=names.card_name(known), what=self._match_text(known, view))
            return QCoreApplication.translate(
                "PeiUI", "Your turn: draw from the bottom of the stock (click it or press D); the card "
                         "drawn captures a pool card of its rank like a played card.")
        if view.phase == "play":
            plays = [cast(Kind, a.card) for a in view.legal]   # every play names a Ceki kind
            pool_ranks = {rank_of(k, view.options) for k in view.pool}
            captures = [c for c in plays if rank_of(c, view.options) in pool_ranks]
            if captures:
                return QCoreApplication.translate(
                    "PeiUI", "Your turn: play a card from your hand. {n} of your kinds can capture from "
                             "the pool.").format(n=len(captures))
            return QCoreApplication.translate(
                "PeiUI", "Your turn: play a card from your hand. None of them matches the pool: your "
                         "card will stay there.")
        return super().your_turn_text(view, seat_names)

    def describe_action(self, action: Action, view: PeiView) -> str:
        if action.verb == "draw":
            return QCoreApplication.translate("PeiUI", "draw from the stock")
        card = cast(Kind | None, action.card)   # a Pèi action names a Ceki kind
        if action.verb == "capture" and card is not None:
            return QCoreApplication.translate("PeiUI", "capture the {card}").format(card=names.card_name(card))
        if action.verb == "play" and card is not None:
            return QCoreApplication.translate("PeiUI", "play the {card} ({what})").format(
                card=names.card_name(card), what=self._match_text(card, view))
        return str(action)

    def _ranking(self, result: HandResult) -> list[int]:
        order = list(result.details.get("ranking") or [])
        if len(order) != len(result.points):
            order = sorted(range(len(result.points)), key=lambda s: -result.points[s])
        return order

    def hand_over_text(self, result: HandResult, seat_names: Sequence[str], human: int) -> str:
        order = self._ranking(result)
        w = order[0]
        pts = names.format_points(result.points[w])
        if w == human:
            return QCoreApplication.translate(
                "PeiUI", "Round over — you are {place} with {score} points!").format(place=place_name(0), score=pts)
        return QCoreApplication.translate("PeiUI", "Round over — {name} is {place} with {score} points.").format(
            name=seat_name(w, seat_names), place=place_name(0), score=pts)

    def hand_summary(self, result: HandResult, seat_names: Sequence[str]) -> str:
        order = self._ranking(result)
        w = order[0]
        return QCoreApplication.translate("ScoreSheet", "{name} {place} {score}").format(
            name=seat_name(w, seat_names), place=place_name(0), score=names.format_points(result.points[w]))

    def hand_heading(self, match: Any, seat_names: Sequence[str], human: int) -> str:
        n = match.hand_index + 1
        roles = getattr(match.state, "roles", None)
        if not roles:
            return QCoreApplication.translate("PeiUI", "Round {n}").format(n=n)
        raja = roles[0]
        if raja == human:
            return QCoreApplication.translate("PeiUI", "Round {n} — you are raja").format(n=n)
        return QCoreApplication.translate(
            "PeiUI", "Round {n} — {name} is raja").format(n=n, name=seat_name(raja, seat_names))

    # -- game log -----------------------------------------------------------------------------------
    def describe_event(self, event: Event, seat_names: Sequence[str], human: int, namer: Namer) -> str | None:
        p = event.player
        d = event.data
        you = p is not None and p == human
        who = seat_name(p, seat_names)
        t = event.type

        def card(code: Any) -> str:
            return namer(_kind(code))

        if t == "seating":
            pairs = d.get("cards") or []
            roles = list(d.get("roles") or [])
            draws = QCoreApplication.translate("Terms", ", ").join(
                _say(("seat_draw", False, ""), name=seat_name(s, seat_names),
                     cards=QCoreApplication.translate("GameLog", "{a} + {b}").format(a=card(pair[0]), b=card(pair[1])),
                     sum=_jv(pair[0]) + _jv(pair[1]))
                for s, pair in enumerate(pairs) if pair)
            variant = "redraw" if len(d.get("rounds") or []) > 1 else ""
            if len(roles) != 3:
                return None
            return _say(("seating", False, variant), draws=draws, raja=seat_name(roles[0], seat_names),
                        patih=seat_name(roles[1], seat_names), unyik=seat_name(roles[2], seat_names))
        if t == "deal":
            pool = len(d.get("pool") or [])
            cards = d.get("cards")
            if you and cards:
                line = _say(("deal", True, ""), cards=names.card_list(sorted((_kind(c) for c in cards),
                                                                              key=names.by_value), namer), pool=pool)
            else:
                line = _say(("deal", False, ""), name=who, n=int(d.get("count", 0)), pool=pool)
            last = d.get("last_card")
            if last and d.get("role") == UNYIK:
                line += " " + _say(("last", False, ""), card=card(last))
            return line
        if t == "peek":
            if you and d.get("card"):
                return _say(("peek", True, ""), card=card(d["card"]))
            return _say(("peek", False, ""), name=who)
        if t in ("play", "draw"):
            variant = "choice" if d.get("choice") else ("capture" if d.get("captured") else "pool")
            return _say((t, you, variant), name=who, card=card(d.get("card")),
                        captured=card(d["captured"]) if d.get("captured") else "", left=d.get("left", ""))
        if t == "capture":
            return _say(("capture", you, ""), name=who, card=card(d.get("card")), captured=card(d.get("captured")))
        if t == "end":
            pts = d.get("points") or []
            order = d.get("ranking") or []
            parts = [_say(("end_one", False, ""), name=seat_name(s, seat_names),
                          points=names.format_points(pts[s]) if s < len(pts) else "?", place=place_name(i))
                     for i, s in enumerate(order)]
            line = _say(("end", False, ""), results=QCoreApplication.translate("Terms", ", ").join(parts))
            left = d.get("left") or []
            if left:
                line += " " + _say(("end_left", False, ""), cards=names.card_list([_kind(c) for c in left], namer))
            return line
        return super().describe_event(event, seat_names, human, namer)

    # -- end of a round --------------------------------------------------------------------------------
    def fill_hand_end(self, content: HandEndContent, match: Match, record: HandRecord, seat_names: Sequence[str],
                      human: int, namer: Namer, parent: QWidget) -> None:
        from ...names import seat_label

        res = record.result
        d = res.details
        order = self._ranking(res)
        w = order[0]
        if w == human:
            content.headline = QCoreApplication.translate("HandEndDialog", "You are ngeté with {score} points!").format(
                score=names.format_points(res.points[w]))
        else:
            content.headline = QCoreApplication.translate(
                "HandEndDialog", "{name} is ngeté with {score} points").format(
                name=seat_name(w, seat_names), score=names.format_points(res.points[w]))
        ranking = QCoreApplication.translate("HandEndDialog", "Ranking: {list}.").format(
            list=QCoreApplication.translate("Terms", ", ").join(
                QCoreApplication.translate("HandEndDialog", "{place} {name} ({score})").format(
                    place=place_name(i), name=seat_label(seat_names, s, human),
                    score=names.format_points(res.points[s]))
                for i, s in enumerate(order)))
        stakes = d.get("stakes") or cast(PeiOptions, match.options).stakes
        parts = [ranking]
        if match.match_options.mode == "money" and stakes in _STAKE_HELP:
            parts.append(QCoreApplication.translate("PeiUI", _STAKE_HELP[stakes]))
        left = d.get("left") or []
        if left:
            parts.append(QCoreApplication.translate("HandEndDialog", "Nobody captured: {cards}.").format(
                cards=names.card_list([_kind(c) for c in left], namer)))
        content.explanation = " ".join(parts)
        content.caption = QCoreApplication.translate(
            "HandEndDialog", "Each player's captured cards, arranged for the best score:")
        content.showcase_tab = QCoreApplication.translate("HandEndDialog", "Captured cards")
        content.showcase = self.arrangements_widget(res, seat_names, human, namer, parent, order)

    def arrangements_widget(self, res: HandResult, seat_names: Sequence[str], human: int, namer: Namer,
                            parent: QWidget, order: Sequence[int] | None = None) -> QWidget:
        """Every player's combinations as card pictures with their points, the loose cards and the
        total — one row per player, from ngeté to kete."""
        from ...cardpics import CardRow, FlowLayout, card_width
        from ...names import seat_label

        order = list(order or self._ranking(res))
        arrs = res.details.get("arrangements") or []
        area = QScrollArea(parent)
        area.setObjectName("peiArrangements")
        area.setWidgetResizable(True)
        area.setFrameShape(QScrollArea.Shape.NoFrame)
        inner = QWidget(area)
        grid = QGridLayout(inner)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(14)
        grid.setVerticalSpacing(6)
        self.showcase_rows: list[tuple[int, list[QWidget]]] = []
        for row, seat in enumerate(order):
            arr: dict[str, Any] = arrs[seat] if seat < len(arrs) else {"combos": [], "loose": [], "loose_points": 0,
                                                       "total": res.points[seat]}
            head = QLabel(f"<b>{html.escape(seat_label(seat_names, seat, human))}</b><br>"
                          + html.escape(place_name(row)) + "<br>"
                          + html.escape(QCoreApplication.translate("HandEndDialog", "{score} points").format(
                              score=names.format_points(arr.get("total", res.points[seat])))), inner)
            head.setObjectName(f"peiSeat{seat}")
            grid.addWidget(head, row, 0, Qt.AlignmentFlag.AlignTop)
            line = QWidget(inner)
            flow = FlowLayout(line, 12, 6)
            rows: list[QWidget] = []

            def add(cards: QWidget, caption: str, name: str, line: QWidget = line, flow: FlowLayout = flow,
                    rows: list[QWidget] = rows) -> None:
                """One group of ``line``: its cards with their caption beneath."""
                box = QWidget(line)
                bl = QVBoxLayout(box)
                bl.setContentsMargins(0, 0, 0, 0)
                bl.setSpacing(2)
                cards.setParent(box)
                bl.addWidget(cards)
                cap = QLabel(caption, box)
                cap.setObjectName(name)
                bl.addWidget(cap, 0, Qt.AlignmentFlag.AlignLeft)
                flow.addWidget(box)
                rows.append(cards)

            for code, cards, points in arr.get("combos", []):
                cr = CardRow([cards], SHOWCASE_HEIGHT, namer, line, overlap=0.3)
                cr.setObjectName(f"combo_{code}")
                cr.setToolTip(names.text(f"pei.combo.{code}.help", ""))
                add(cr, QCoreApplication.translate("HandEndDialog", "{name} {points}").format(
                    name=combo_name(code), points=points), f"comboLabel_{code}")
            loose = arr.get("loose", [])
            if loose:
                w = card_width(SHOWCASE_HEIGHT, str(loose[0]))
                step = min(0.45, max(0.2, (LOOSE_WIDTH - w) / max(1, len(loose) - 1) / w))
                fan = CardFan(loose, SHOWCASE_HEIGHT, step, namer, line)
                fan.setObjectName("loose")
                add(fan, QCoreApplication.translate("HandEndDialog", "loose cards {points}").format(
                    points=arr.get("loose_points", 0)), "looseLabel")
            if not rows:
                flow.addWidget(QLabel(QCoreApplication.translate("HandEndDialog", "(captured nothing)"), line))
            grid.addWidget(line, row, 1)
            self.showcase_rows.append((seat, rows))
        grid.setColumnStretch(1, 1)
        grid.setRowStretch(len(order), 1)
        area.setWidget(inner)
        area.setMinimumHeight(SHOWCASE_HEIGHT + 58)    # a row at least; more scroll down
        return area

    def match_mode_help(self, mode: str) -> str:
        if mode == "money":
            return names.text("pei.match.money.help")
        return super().match_mode_help(mode)

    def stake_summary(self, match: Match) -> str:
        method = cast(PeiOptions, match.options).stakes   # a Pèi match has Pèi options
        line = QCoreApplication.translate("PeiUI", "Stakes: {method}.").format(
            method=names.text(f"pei.option.stakes.{method}", method))
        if match.pot or method in ("wulwulan", "jedhil", "wudon", "parewanan"):
            line += " " + QCoreApplication.translate("PeiUI", "In the pot: {money}.").format(
                money=names.format_money(match.pot, signed=False))
        return line

    # -- help ---------------------------------------------------------------------------------------------
    def help_title(self) -> str:
        return QCoreApplication.translate("PeiHelp", "How to play Pèi")

    def rules_source(self) -> str:
        return QCoreApplication.translate("AboutDialog", "Rules of Pèi after the article “Pèi”, which follows "
                                          "<i>Javaanse kaartspelen</i> and Tcheng Ki-tong's <i>Les plaisirs en "
                                          "Chine</i>.")

    def help_html(self, ctx: HelpContext) -> str:
        esc = html.escape
        p = ctx.p
        out: list[str] = ["<h1>" + QCoreApplication.translate("PeiHelp", "How to play Pèi") + "</h1>"]
        out.append(p(QCoreApplication.translate(
            "PeiHelp", "Pèi is a Javanese fishing game for exactly three players with two packs of Ceki cards "
                       "(120 cards). You capture cards from a face-up pool by matching their rank, and you try "
                       "to collect five special combinations, which score far more than ordinary cards.")))
        out.append(ctx.contents([
            ("roles", QCoreApplication.translate("PeiHelp", "Players and roles")),
            ("deal", QCoreApplication.translate("PeiHelp", "The deal")),
            ("turn", QCoreApplication.translate("PeiHelp", "A turn")),
            ("ranks", QCoreApplication.translate("PeiHelp", "Ranks")),
            ("choice", QCoreApplication.translate("PeiHelp", "Choosing a capture")),
            ("combos", QCoreApplication.translate("PeiHelp", "The combinations")),
            ("score", QCoreApplication.translate("PeiHelp", "Scoring")),
            ("variants", QCoreApplication.translate("PeiHelp", "Variants")),
            ("stakes", QCoreApplication.translate("PeiHelp", "Stakes")),
            ("house", QCoreApplication.translate("PeiHelp", "CekiDesk's house rules")),
            ("keys", QCoreApplication.translate("PeiHelp", "Keys")),
            ("source", QCoreApplication.translate("PeiHelp", "Source"))]))

        out.append(ctx.heading("roles", QCoreApplication.translate("PeiHelp", "Players and roles")))
        out.append(p(QCoreApplication.translate(
            "PeiHelp", "Before every round each player gets two cards from a shuffled pack and adds up their "
                       "values in Javanese counting (Red Flower, Old Thousand and 1 of Myriads count 10; White "
                       "Flower, 1 of Coins and 1 of Strings count 1; every other card its number). The highest "
                       "sum becomes the <b>raja</b> (king), the next the <b>patih</b> (councillor), the lowest "
                       "the <b>unyik</b> (last). Players with equal sums draw again among themselves.")))
        out.append(p(QCoreApplication.translate(
            "PeiHelp", "The raja plays first, then the patih, then the unyik, round and round. On the table the "
                       "patih sits on the raja's right, so play goes anticlockwise: you are always at the "
                       "bottom, the player after you on the right and the one before you on the left. A fourth "
                       "person would only deal and count; in CekiDesk the table does that.")))

        out.append(ctx.heading("deal", QCoreApplication.translate("PeiHelp", "The deal")))
        out.append(p(QCoreApplication.translate(
            "PeiHelp", "Each player receives seven cards face down into the hand while six more go face up "
                       "into the middle, and this happens twice: everyone holds 14 cards, the face-up "
                       "<b>pool</b> has 36 cards, and 42 cards form the face-down <b>stock</b>.")))
        out.append(p(QCoreApplication.translate(
            "PeiHelp", "The pool is laid out by rank around the stock, each rank in front of one role: nines "
                       "and ones before the raja, eights and twos before the patih, sevens, threes and fives "
                       "before the unyik, and sixes and fours on the dealer's side, opposite you.")))
        out.append(p(QCoreApplication.translate(
            "PeiHelp", "The top card of the stock is turned face up beside it. It will be the very last card "
                       "drawn, so it goes to the unyik, who can plan for it. The patih may secretly look at "
                       "the card below it: the patih's own last draw. If you are the patih, CekiDesk shows it "
                       "to you beside the stock, marked “only you see this”.")))

        out.append(ctx.heading("turn", QCoreApplication.translate("PeiHelp", "A turn")))
        out.append("<ol><li>" + QCoreApplication.translate(
            "PeiHelp", "<b>Play</b> one card from your hand. If a pool card has the same rank, you "
                       "capture it: both cards go face up in front of you. If none has, your card "
                       "stays in the pool.") + "</li><li>"
                   + QCoreApplication.translate(
                       "PeiHelp", "<b>Draw</b> the bottom card of the stock, turn it over and match it in the same "
                                  "way: capture a pool card of its rank, or leave it in the pool.") + "</li></ol>")
        out.append(p(QCoreApplication.translate(
            "PeiHelp", "Each player has 14 turns, so the 42 stock cards are used up exactly as the hands run "
                       "out. Cards still in the pool at the end belong to nobody.")))

        out.append(ctx.heading("ranks", QCoreApplication.translate("PeiHelp", "Ranks")))
        out.append(p(QCoreApplication.translate(
            "PeiHelp", "Cards match by rank only; the suit does not matter. The numbered cards have ranks 1 to "
                       "9. The six <i>iyo</i> cards — White Flower, Red Flower, Old Thousand and the 1 of each "
                       "suit — are all one rank, the ones, and capture each other:")))
        out.append("<p>" + ctx.cards(["WF", "RF", "OT", "C1", "S1", "M1"], HELP_HEIGHT) + "</p>")
        out.append(p(QCoreApplication.translate(
            "PeiHelp", "Rule option: with “{option}” the Red Flower, Old Thousand and 1 of Myriads form a "
                       "separate rank of ten and match only each other.").format(
                            option=esc(names.text("pei.option.ten_rank")))))

        out.append(ctx.heading("choice", QCoreApplication.translate("PeiHelp", "Choosing a capture")))
        out.append(p(QCoreApplication.translate(
            "PeiHelp", "A card captures exactly one pool card. If all the pool cards of its rank are of one "
                       "kind, CekiDesk takes one for you. If the pool holds different kinds of that rank — a "
                       "5 of Coins and a 5 of Myriads, say — you choose: the card waits, shown large beside "
                       "the stock, the cards you may take glow, and you click one (or press 1, 2 …). Choose "
                       "the one that builds your combinations or keeps a combination card from the others.")))

        out.append(ctx.heading("combos", QCoreApplication.translate("PeiHelp", "The combinations")))
        out.append(p(QCoreApplication.translate(
            "PeiHelp", "Five groups of three cards score a fixed amount for every card in them, and every "
                       "further copy of one of their cards adds the same amount again:")))
        rows = []
        opts = PeiOptions()
        for code in COMBOS:
            rate = combo_rate(code, opts)
            extra = ""
            if code == "bunci_ireng":
                extra = QCoreApplication.translate(
                    "PeiHelp", "Extend it with an unbroken run: 4, 5 … 9 of Coins, {rate} points each (52 with "
                               "the 4, up to 117 with all nine).").format(rate=rate)
            else:
                extra = QCoreApplication.translate(
                    "PeiHelp", "Each further copy of one of these cards adds {rate}.").format(rate=rate)
            rows.append(
                "<tr><td valign='middle'>" + ctx.cards([k.code for k in COMBO_CARDS[code]], HELP_HEIGHT) + "</td>"
                + f"<td valign='middle'><b>{esc(combo_name(code))}</b> — "
                + f"{esc(names.text(f'pei.combo.{code}.help', ''))}<br>"
                + esc(QCoreApplication.translate(
                    "PeiHelp", "{rate} points a card: {base} for the three.").format(rate=rate, base=3 * rate))
                + "<br><small>" + esc(extra) + "</small></td></tr>")
        out.append("<table cellspacing='0' cellpadding='6'>" + "".join(rows) + "</table>")
        out.append(p(QCoreApplication.translate(
            "PeiHelp", "(The macan is the 9 of Coins with the 1 of Strings and the 1 of Myriads, as the "
                       "source's pictures show; its text names two of the cards the other way round.)")))

        out.append(ctx.heading("score", QCoreApplication.translate("PeiHelp", "Scoring")))
        out.append(p(QCoreApplication.translate(
            "PeiHelp", "At the end your captured cards are arranged into combinations, and every card left "
                       "over scores its Javanese value (10 for Red Flower, Old Thousand and 1 of Myriads, 1 for "
                       "the other iyo cards, the number for the rest). The arrangement with the highest total "
                       "always counts — the table counts in your favour. That matters because the 8 of Coins "
                       "and the 9 of Coins can serve either a long bunci ireng or the pang picis and the "
                       "macan.")))
        out.append(p(QCoreApplication.translate(
            "PeiHelp", "<b>Example.</b> You captured the 1 to 9 of Coins, the 2 of Strings, the 2 of Myriads, "
                       "the 1 of Strings and the 1 of Myriads:")))
        out.append("<p>" + ctx.cards(["C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9"], 64)
                   + "&nbsp;&nbsp;&nbsp;" + ctx.cards(["S2", "M2", "S1", "M1"], 64) + "</p>")
        out.append(p(QCoreApplication.translate(
            "PeiHelp", "A run of all nine coins is 9 × 13 = 117, plus 2 + 2 + 1 + 10 loose = 132. Stopping the "
                       "run at the 7 (7 × 13 = 91) frees the 8 for pang picis (33) and the 9 for macan (30): "
                       "154. CekiDesk counts 154.")))
        out.append(p(QCoreApplication.translate(
            "PeiHelp", "The highest total is <b>ngeté</b>, the second <b>tengah</b>, the lowest <b>kete</b>.")))

        out.append(ctx.heading("variants", QCoreApplication.translate("PeiHelp", "Variants")))
        out.append("<ul><li>" + QCoreApplication.translate(
            "PeiHelp", "<b>La pêche</b> (the Chinese game): the pack is cut into eight packets of "
                       "14 and eight spare cards; three packets make the stock, two with the spare "
                       "cards the pool, three the hands. Nothing is turned up; instead the unyik may "
                       "look at the last stock card. Combinations score their three cards only; "
                       "further copies, and a second full set of a combination, count their face "
                       "value. <i>House rule:</i> a bunci ireng still extends with an unbroken run "
                       "of the 4, 5 … 9 of Coins at {rate} a card (the source does not say whether "
                       "the run counts in la pêche).").format(
                                       rate=combo_rate("bunci_ireng", PeiOptions(variant="la_peche")))
                   + "</li><li>"
                   + QCoreApplication.translate(
                       "PeiHelp", "<b>Pèi Magelang</b>: bunci ireng and bunci abang score 30 a card, pang picis and "
                                  "pang kéyang 20, macan 10.") + "</li></ul>")

        out.append(ctx.heading("stakes", QCoreApplication.translate("PeiHelp", "Stakes")))
        out.append(p(QCoreApplication.translate(
            "PeiHelp", "In a money match the stake method chosen under New Game ▸ Rules settles every round; "
                       "its amounts are set there too:")))
        out.append("<ul>" + "".join("<li>" + esc(QCoreApplication.translate("PeiUI", _STAKE_HELP[k])) + "</li>"
                                    for k in ("jentolan", "wudon", "rampung", "parewanan", "wulwulan", "jedhil"))
                   + "</ul>")
        out.append(p(QCoreApplication.translate(
            "PeiHelp", "The rampung payments add up: té lumrah (the ngeté has 200 or more, paid by the kete), "
                       "té mati (paid by each player under 200), belahan (350 or more, paid by both) and "
                       "patang atusan (400 or more, paid by both as well). With jung each player pays each "
                       "higher player per 10 points of difference, rounded up: at 354, 322 and 275 and {step} a "
                       "step, the ngeté takes {a} from the tengah and {b} from the kete, and the tengah {c} "
                       "from the kete.").format(**{k: names.format_money(v, signed=False) for k, v in
                                                    (("step", 5), ("a", 20), ("b", 40), ("c", 25))})))

        out.append(ctx.heading("house", QCoreApplication.translate("PeiHelp", "CekiDesk's house rules")))
        out.append("<ul>" + "".join("<li>" + s + "</li>" for s in (
            QCoreApplication.translate(
                "PeiHelp", "<b>Seats are drawn again every round</b>, so nobody stays unyik for the whole match."),
            QCoreApplication.translate(
                "PeiHelp", "<b>Ties</b>: equal sums in the seating draw draw again; equal scores at the end rank by "
                           "role (raja before patih before unyik)."),
            QCoreApplication.translate(
                "PeiHelp", "<b>Captured cards stay face up</b> for everyone to see (the source allows either), with "
                           "each player's running score on the table."),
            QCoreApplication.translate(
                "PeiHelp", "The dealer chip is only shown: the table deals. In jentolan it goes to the kete, otherwise "
                           "to the next seat."),
        )) + "</ul>")

        out.append(ctx.heading("keys", QCoreApplication.translate("PeiHelp", "Keys")))
        out.append(p(QCoreApplication.translate(
            "PeiHelp", "Click a card in your hand (or drag it to the pool) to play it; click the stock or "
                       "press D to draw; click a glowing pool card or press 1, 2 … to choose a capture. "
                       "Left/Right and Enter select and play as well.")))
        out.append(ctx.keys_table())

        out.append(ctx.heading("source", QCoreApplication.translate("PeiHelp", "Source")))
        out.append(p(QCoreApplication.translate(
            "PeiHelp", "These rules follow the article <i>Pèi</i> (ꦥꦺꦲꦶ), which describes the game after "
                       "<i>Javaanse kaartspelen</i> (pp. 58–70, with Pèi Magelang on pp. 67–68) and the Chinese "
                       "<i>la pêche</i> after Tcheng Ki-tong's <i>Les plaisirs en Chine</i> (p. 270). This page "
                       "is CekiDesk's own summary; the house rules above are the app's choices where the "
                       "source is silent.")))
        return "\n".join(out)
