"""Pèi's words: every word the engine gives as a code — option titles, the choices of the stake method
and the variant, the combinations, the roles, the ranks and the itemised stake payments — registered
here (context ``PeiTerms``), the log lines' templates and what Pèi calls a deal (a "round",
:class:`RoundWords`).  Its game UI is :mod:`.game_ui`, the How-to-play page :mod:`.help` (after
RULINGS §3, with the house rules the app chose), the table :mod:`.layout`.
"""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication

from cekidesk.engine.cards import Counting, Kind

from ...foundations import names
from ...foundations.i18n import QT_TRANSLATE_NOOP
from ..base import DealWords, log_sentence, seat_name

ROLES = ("raja", "patih", "unyik")
PLACES = ("ngete", "tengah", "kete")
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
    "pei.option.stakes.wudon": QT_TRANSLATE_NOOP("PeiTerms", "Totohan wudon (middle stakes): a pot split ⅔ / ⅓"),
    "pei.option.stakes.rampung": QT_TRANSLATE_NOOP("PeiTerms", "Totohan bayaran or rampung (settled stakes): payments"),
    "pei.option.stakes.parewanan": QT_TRANSLATE_NOOP("PeiTerms", "Toh paréwanan (reckless stakes): wudon and rampung"),
    "pei.option.stakes.wulwulan": QT_TRANSLATE_NOOP("PeiTerms", "Wul-wulan (nir): a jackpot for 400"),
    "pei.option.stakes.jedhil": QT_TRANSLATE_NOOP("PeiTerms", "Toh jedhil (extract stakes): small payouts from a pot"),
    "pei.option.wudon_stake": QT_TRANSLATE_NOOP("PeiTerms", "Wudon (middle) stake"),
    "pei.option.wudon_stake.help": QT_TRANSLATE_NOOP(
        "PeiTerms", "Each player puts this into the pot every round; the ngeté takes ⅔, the tengah ⅓, "
                    "or the ngeté all of it with 350 points."),
    "pei.option.te_lumrah": QT_TRANSLATE_NOOP("PeiTerms", "Té lumrah (normal payment)"),
    "pei.option.te_lumrah.help": QT_TRANSLATE_NOOP(
        "PeiTerms", "The kete pays this to the ngeté when the ngeté has 200 points or more."),
    "pei.option.te_mati": QT_TRANSLATE_NOOP("PeiTerms", "Té mati (dead payment)"),
    "pei.option.te_mati.help": QT_TRANSLATE_NOOP(
        "PeiTerms", "Every other player under 200 points pays this to the ngeté."),
    "pei.option.belahan": QT_TRANSLATE_NOOP("PeiTerms", "Belahan (split)"),
    "pei.option.belahan.help": QT_TRANSLATE_NOOP(
        "PeiTerms", "Both others pay this to the ngeté when the ngeté has 350 points or more."),
    "pei.option.patang_atusan": QT_TRANSLATE_NOOP("PeiTerms", "Patang atusan (four hundred)"),
    "pei.option.patang_atusan.help": QT_TRANSLATE_NOOP(
        "PeiTerms", "Both others pay this as well when the ngeté has 400 points or more."),
    "pei.option.jung": QT_TRANSLATE_NOOP("PeiTerms", "Jung (the difference) per 10 points"),
    "pei.option.jung.help": QT_TRANSLATE_NOOP(
        "PeiTerms", "Each player pays every higher player this much for each 10 points of difference "
                    "(rounded up). 0: no jung."),
    "pei.option.wulwulan_stake": QT_TRANSLATE_NOOP("PeiTerms", "Wul-wulan (jackpot) stake"),
    "pei.option.wulwulan_stake.help": QT_TRANSLATE_NOOP(
        "PeiTerms", "Each player adds this to the pot every round; the first to score 400 takes the pot."),
    "pei.option.jedhil_stake": QT_TRANSLATE_NOOP("PeiTerms", "Jedhil (extract) stake"),
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
    "stake.te_lumrah": QT_TRANSLATE_NOOP("PeiTerms", "té lumrah (normal payment): the ngeté has 200 or more"),
    "stake.te_mati": QT_TRANSLATE_NOOP("PeiTerms", "té mati (dead payment): under 200 points"),
    "stake.belahan": QT_TRANSLATE_NOOP("PeiTerms", "belahan (split): the ngeté has 350 or more"),
    "stake.patang_atusan": QT_TRANSLATE_NOOP("PeiTerms", "patang atusan (four hundred): the ngeté has 400 or more"),
    "stake.jung": QT_TRANSLATE_NOOP("PeiTerms", "jung: the difference in points"),
    "stake.wudon_stake": QT_TRANSLATE_NOOP("PeiTerms", "wudon (middle) stake"),
    "stake.wudon_win": QT_TRANSLATE_NOOP("PeiTerms", "wudon: the ngeté's two thirds"),
    "stake.wudon_second": QT_TRANSLATE_NOOP("PeiTerms", "wudon: the tengah's third"),
    "stake.wudon_all": QT_TRANSLATE_NOOP("PeiTerms", "wudon: 350 or more takes the whole pot"),
    "stake.wulwulan_stake": QT_TRANSLATE_NOOP("PeiTerms", "wul-wulan (jackpot) stake"),
    "stake.wulwulan_win": QT_TRANSLATE_NOOP("PeiTerms", "wul-wulan: 400 points take the pot"),
    "stake.jedhil_stake": QT_TRANSLATE_NOOP("PeiTerms", "jedhil (extract stakes): the pot is topped up"),
    "stake.jedhil_win": QT_TRANSLATE_NOOP("PeiTerms", "jedhil: the ngeté's payout"),
    "stake.jedhil_second": QT_TRANSLATE_NOOP("PeiTerms", "jedhil: the tengah's payout"),
    "stake.jentolan_deals": QT_TRANSLATE_NOOP("PeiTerms", "jentolan (no stake): no money; the kete deals next"),
    # the money match
    "pei.match.money.help": QT_TRANSLATE_NOOP(
        "PeiTerms", "Every round is settled by the stake method chosen under Rules, with the amounts set "
                    "there (the stake per point is not used). Money in the pot stays in the middle from "
                    "round to round. The match goes on until you stop."),
})

# the places the player's statistics count (cekidesk.games.pei.stats.WIN_KINDS)
names.register_win_kinds(("pei",), "PeiTerms", {
    "ngete": QT_TRANSLATE_NOOP("PeiTerms", "ngeté"),
    "tengah": QT_TRANSLATE_NOOP("PeiTerms", "tengah"),
    "kete": QT_TRANSLATE_NOOP("PeiTerms", "kete"),
})

# Stake methods explained at the end of a round
STAKE_HELP = {
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


def say(key: tuple[str, bool, str], n: int | None = None, **values: object) -> str:
    return log_sentence(_TEMPLATES[key], n, **values)


def role_name(i: int) -> str:
    return names.text(f"pei.role.{ROLES[i]}")


def place_name(i: int) -> str:
    return names.text(f"pei.rank.{PLACES[i]}")


def combo_name(code: str) -> str:
    return names.text(f"pei.combo.{code}", code.replace("_", " "))


def kind_of(code: object) -> Kind:
    return code if isinstance(code, Kind) else Kind.parse(str(code))


def jv(code: object) -> int:
    return kind_of(code).value_in(Counting.JAVANESE)


def _you_or(seat: int, seat_names: Sequence[str], human: int) -> str:
    if seat == human:
        return QCoreApplication.translate("GameLog", "you")
    return seat_name(seat, seat_names)


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
