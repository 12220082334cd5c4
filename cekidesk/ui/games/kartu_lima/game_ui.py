"""Kartu Lima's game UI (:class:`KartuLimaUI`): the status line, hints, the game log with the riddles,
the end of a hand and the How-to-play page (:mod:`.help`); its words are in :mod:`.texts`."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any, cast

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QWidget

from cekidesk.engine.cards import Kind
from cekidesk.engine.core import Action, Event, HandResult
from cekidesk.engine.match import HandRecord, Match
from cekidesk.games.kartu_lima.rules import HOLDER_BETS, KartuLimaCarry, KartuLimaOptions, KartuLimaState, KartuLimaView

from ...foundations import names
from ...foundations.lessons import Lesson
from ..base import GameUI, HandAt, HandEndContent, Namer, register_game_ui, seat_name
from ..help_page import HelpContext, HelpPage
from . import wangsalan
from .help import help_page
from .layout import namer_style
from .lesson import lesson as kartu_lima_lesson
from .texts import TEMPLATES, group_name, join, kind_of, say, streak_text

TRICK_HEIGHT = 56


@register_game_ui
class KartuLimaUI(GameUI[KartuLimaView]):
    game_id = "kartu-lima"
    important_events = frozenset({"trick", "instant", "mraji_papat", "end"})
    money_options = frozenset(
        {"wudhon_stake", "undhuh_stake", "bal_stake", "pethitan_stake", "rooster_stake", "side_stake"}
    )
    # the stake method, its choices and the side bets pay money only (a hand's point is its win)
    money_only_options = money_options | frozenset(
        {"stakes", "undhuh_streak", "tomprang", "gor_goran", "kucingan", "bedoran", "kasutan", "pil", "kek", "pong",
         "lemon", "abang_ireng"}
    )

    def lesson(self) -> Lesson:
        return kartu_lima_lesson()

    # -- status line ------------------------------------------------------------------------------
    def your_turn_text(self, view: KartuLimaView, seat_names: Sequence[str]) -> str:
        phase = view.phase
        if phase == "bet":
            lo, hi = view.ranges[0].lo, view.ranges[0].hi
            return QCoreApplication.translate(
                "KartuLimaUI",
                "Bal-balan: bet against the banjiran, from {lo} to {hi}; everybody's bet is shown together.",
            ).format(lo=names.format_money(lo, signed=False), hi=names.format_money(hi, signed=False))
        if phase == "tomprang":
            return QCoreApplication.translate("KartuLimaUI", "Tomprang: add one stake for this hand (T), or pass (P).")
        if phase == "rooster":
            if view.options.roosters == "tetep":
                return QCoreApplication.translate(
                    "KartuLimaUI", "Roosters: click the card of your hand to lay as your rooster."
                )
            return QCoreApplication.translate(
                "KartuLimaUI",
                "Roosters: click a dika of your hand to lay it as your rooster, or choose No rooster (P).",
            )
        if phase == "gor":
            return QCoreApplication.translate(
                "KartuLimaUI", "Gor-goran: click the card of your hand you guess is on top of the pack."
            )
        if phase == "colour":
            return QCoreApplication.translate(
                "KartuLimaUI", "Abang-ireng: is the pack's top card red (R) or black (B)?"
            )
        if phase == "keep":
            return QCoreApplication.translate(
                "KartuLimaUI", "Mraji papat: click the one card you keep; the others go face down."
            )
        if any(a.verb == "reveal" for a in view.legal):
            return QCoreApplication.translate("KartuLimaUI", "You hold five cards that win at once: show them (V).")
        lead = not (view.current and view.current.cards)
        if lead and any(a.verb == "mraji_papat" for a in view.legal):
            return QCoreApplication.translate(
                "KartuLimaUI",
                "Your lead. You hold two mraji pairs: show mraji papat (M) to win at once, or lead a card.",
            )
        if lead:
            return QCoreApplication.translate("KartuLimaUI", "Your lead to trick {n} of 5: any card.").format(
                n=view.trick
            )
        trick = view.current
        led = group_name(cast(Kind, trick.cards[0].kind)) if trick is not None and trick.cards else ""
        if any(a.verb == "mberi" for a in view.legal):
            return QCoreApplication.translate(
                "KartuLimaUI", "Trick {n}: you hold no {group}: throw any card face down (mberi)."
            ).format(n=view.trick, group=led)
        return QCoreApplication.translate(
            "KartuLimaUI", "Trick {n}: follow with a card of the led group, {group}."
        ).format(n=view.trick, group=led)

    def describe_action(self, action: Action, view: KartuLimaView) -> str:
        card = names.card_name(action.card) if action.card is not None else ""
        texts = {
            "play": lambda: QCoreApplication.translate("KartuLimaUI", "play the {card}"),
            "mberi": lambda: QCoreApplication.translate("KartuLimaUI", "throw the {card} face down"),
            "rooster": lambda: QCoreApplication.translate("KartuLimaUI", "lay the {card} as your rooster"),
            "gor": lambda: QCoreApplication.translate("KartuLimaUI", "guess the {card}"),
            "keep": lambda: QCoreApplication.translate("KartuLimaUI", "keep the {card}"),
            "bet": lambda: QCoreApplication.translate("KartuLimaUI", "bet {amount}"),
            "tomprang": lambda: QCoreApplication.translate("KartuLimaUI", "add a tomprang"),
            "pass": lambda: (
                QCoreApplication.translate("KartuLimaUI", "no rooster")
                if view.phase == "rooster"
                else QCoreApplication.translate("KartuLimaUI", "pass")
            ),
            "red": lambda: QCoreApplication.translate("KartuLimaUI", "guess red"),
            "black": lambda: QCoreApplication.translate("KartuLimaUI", "guess black"),
            "mraji_papat": lambda: QCoreApplication.translate("KartuLimaUI", "show mraji papat"),
            "reveal": lambda: QCoreApplication.translate("KartuLimaUI", "show your five cards"),
        }
        if action.verb not in texts:
            return str(action)
        return texts[action.verb]().format(card=card, amount=names.format_money(action.amount or 0, signed=False))

    def hand_over_text(self, result: HandResult, seat_names: Sequence[str], human: int) -> str:
        w = result.winners[0]
        if w == human:
            return QCoreApplication.translate("KartuLimaUI", "Hand over — you win and are banjiran!")
        return QCoreApplication.translate("KartuLimaUI", "Hand over — {name} wins and is banjiran.").format(
            name=seat_name(w, seat_names)
        )

    def hand_summary(self, result: HandResult, seat_names: Sequence[str]) -> str:
        return seat_name(result.winners[0], seat_names)

    def hand_heading(self, match: HandAt, seat_names: Sequence[str], human: int) -> str:
        # the first hand is dealt by the cut's winner, not the match's drawn dealer
        state = match.state
        dealer = state.dealer if isinstance(state, KartuLimaState) else match.dealer
        n = match.hand_index + 1
        if dealer == human:
            return QCoreApplication.translate("GameUI", "Hand {n} — you deal").format(n=n)
        return QCoreApplication.translate("GameUI", "Hand {n} — {name} deals").format(
            n=n, name=seat_name(dealer, seat_names)
        )

    # -- game log -----------------------------------------------------------------------------------
    def describe_event(self, event: Event, seat_names: Sequence[str], human: int, namer: Namer) -> str | None:
        p, d, t = event.player, event.data, event.type
        you = p is not None and p == human
        who = seat_name(p, seat_names)

        def card(code: object) -> str:
            return namer(kind_of(code))

        if t in ("cut", "deal", "chose"):
            return self._opening_line(event, seat_names, human, namer)
        if t == "reveal":
            return self._reveal_line(d, seat_names, human)
        if t == "roosters":
            laid = d.get("players") or []
            if not laid:
                return say(("roosters", False, "none"))
            return say(("roosters", False, ""), list=join([seat_name(q, seat_names) for q in laid]))
        if t in ("lead", "ana_kene", "play", "mberi", "trick"):
            return self._trick_line(event, seat_names, human, namer)
        if t == "mraji_papat":
            return say(
                ("mraji_papat", you, ""), name=who, cards=names.card_list([kind_of(c) for c in d["cards"]], namer)
            )
        if t == "discarded":
            return say(("discarded", False, ""))
        if t == "instant":
            which = str(d.get("instant"))
            if ("instant", you, which) not in TEMPLATES:
                return None
            cards = names.card_list([kind_of(c) for c in d["cards"]], namer)
            return say(("instant", you, which), name=who, cards=cards)
        if t == "end":
            line = say(("end", you, ""), name=who)
            if d.get("top_card"):
                line += " " + say(("end_top", False, ""), card=card(d["top_card"]))
            return line
        return super().describe_event(event, seat_names, human, namer)

    def _opening_line(self, event: Event, seat_names: Sequence[str], human: int, namer: Namer) -> str | None:
        """The log line of the cut for the first dealer, the person's dealt cards or their choice."""
        p, d, t = event.player, event.data, event.type
        you = p is not None and p == human
        secret = event.secret or {}

        def card(code: object) -> str:
            return namer(kind_of(code))

        if t == "cut":
            rounds = d.get("rounds") or []
            if not rounds:
                return None
            last = rounds[-1]
            cuts = join(
                [
                    say(("cut_one", False, ""), name=seat_name(s, seat_names), card=card(c))
                    for s, c in enumerate(last)
                    if c
                ]
            )
            return say(
                ("cut", d.get("dealer") == human, "again" if len(rounds) > 1 else ""),
                cuts=cuts,
                name=seat_name(d.get("dealer"), seat_names),
            )
        if t == "deal":
            if not you or not secret.get("cards"):
                return None
            variant = {(False, False): "", (False, True): "you_lead", (True, False): "you_deal",
                       (True, True): "you_deal_lead"}[(d.get("dealer") == human, d.get("starter") == human)]
            return say(
                ("deal", True, variant),
                dealer=seat_name(d.get("dealer"), seat_names),
                starter=seat_name(d.get("starter"), seat_names),
                cards=names.card_list(sorted(kind_of(c) for c in secret["cards"]), namer),
            )
        if t == "chose":
            choice = secret.get("choice")
            if not you or not choice:
                return None
            verb = choice.get("verb")
            if verb == "pass" and d.get("round") == "rooster":
                verb = "no_rooster"
            key = ("chose", True, "bet" if verb == "bet" else verb)
            if key not in TEMPLATES:
                return None
            return say(
                key,
                card=card(choice["card"]) if choice.get("card") else "",
                amount=names.format_money(int(choice.get("amount") or 0), signed=False),
            )
        return None

    def _trick_line(self, event: Event, seat_names: Sequence[str], human: int, namer: Namer) -> str | None:
        """The log line of a move of a trick: a lead (with its riddle), a partner's ana kéné, a card played or
        thrown face down, the trick's winner."""
        p, d, t = event.player, event.data, event.type
        you = p is not None and p == human
        who = seat_name(p, seat_names)
        secret = event.secret or {}

        def card(code: object) -> str:
            return namer(kind_of(code))

        if t == "lead":
            kind = kind_of(d["card"])
            variant = "mraji" if you and secret.get("mraji") else ""
            line = say(("lead", you, variant), name=who, trick=d.get("trick"), card=card(kind),
                        group=group_name(kind, namer_style(namer)))
            riddle = wangsalan.for_lead(kind, int(d.get("trick", 0)) + (p or 0))
            if riddle is not None:
                line += " " + say(
                    ("wangsalan", False, ""),
                    name=who,
                    phrase=wangsalan.phrase(riddle, namer_style(namer)),
                    meaning=wangsalan.meaning(riddle),
                )
            return line
        if t == "ana_kene":
            return say(
                ("ana_kene", you, ""), name=who, word=names.term("ana_kene", namer_style(namer)), card=card(d["card"])
            )
        if t == "play":
            variant = "kills" if d.get("kills") else "wins" if d.get("wins") else ""
            return say(("play", you, variant), name=who, card=card(d["card"]))
        if t == "mberi":
            if you and secret.get("card"):
                return say(("mberi", True, ""), card=card(secret["card"]))
            return say(("mberi", False, ""), name=who)
        if t == "trick":
            return say(
                ("trick", you, "last" if d.get("trick") == 5 else ""),
                name=who,
                trick=d.get("trick"),
                card=card(d["card"]),
            )
        return None

    def _reveal_line(self, d: dict, seat_names: Sequence[str], human: int = -1) -> str | None:
        rnd = d.get("round")
        choices = d.get("choices") or []
        if rnd == "bet":
            parts = [
                QCoreApplication.translate("GameLog", "{name} {amount}").format(
                    name=seat_name(c.get("player"), seat_names),
                    amount=names.format_money(int(c.get("amount") or 0), signed=False),
                )
                for c in choices
            ]
        elif rnd == "tomprang":
            parts = [self._tomprang_part(c, seat_names, human) for c in choices]
        elif rnd == "colour":
            parts = [
                QCoreApplication.translate("GameLog", "{name} red").format(name=seat_name(c.get("player"), seat_names))
                if c.get("verb") == "red"
                else QCoreApplication.translate("GameLog", "{name} black").format(
                    name=seat_name(c.get("player"), seat_names)
                )
                for c in choices
            ]
        else:
            return None
        return say(("reveal", False, rnd), list=join(parts))

    @staticmethod
    def _tomprang_part(choice: dict, seat_names: Sequence[str], human: int) -> str:
        """One player's answer in the tomprang round's line: "Budi adds one", "you pass"."""
        q = choice.get("player")
        adds = choice.get("verb") == "tomprang"
        if q is not None and q == human:
            return (QCoreApplication.translate("GameLog", "you add one") if adds
                    else QCoreApplication.translate("GameLog", "you pass"))
        return (QCoreApplication.translate("GameLog", "{name} adds one") if adds
                else QCoreApplication.translate("GameLog", "{name} passes")).format(name=seat_name(q, seat_names))

    # -- end of a hand ---------------------------------------------------------------------------------
    def fill_hand_end(
        self,
        content: HandEndContent,
        match: Match,
        record: HandRecord,
        seat_names: Sequence[str],
        human: int,
        namer: Namer,
        parent: QWidget,
    ) -> None:

        res = record.result
        d = res.details
        w = res.winners[0]
        streak = (record.carry.streak if isinstance(record.carry, KartuLimaCarry) else 1) or 1
        if w == human:
            content.headline = QCoreApplication.translate("HandEndDialog", "You win the hand — {streak}").format(
                streak=streak_text(streak)
            )
        else:
            content.headline = QCoreApplication.translate("HandEndDialog", "{name} wins the hand — {streak}").format(
                name=seat_name(w, seat_names), streak=streak_text(streak)
            )
        parts = self._hand_end_parts(d, w, seat_names, human, namer)
        content.explanation = " ".join(parts)
        if d.get("tricks"):
            content.caption = QCoreApplication.translate(
                "HandEndDialog", "The tricks (cards thrown face down stay hidden):"
            )
            content.showcase_tab = QCoreApplication.translate("HandEndDialog", "Tricks")
            content.showcase = self.tricks_widget(d["tricks"], seat_names, human, namer, parent)

    @staticmethod
    def _hand_end_parts(d: dict[str, Any], w: int, seat_names: Sequence[str], human: int, namer: Namer) -> list[str]:
        """The end-of-hand explanation: how the hand was won, then the roosters and the side bets."""

        parts: list[str] = []
        if d.get("instant"):
            parts.append(
                (QCoreApplication.translate("HandEndDialog", "You were dealt {cards}: {what}.") if w == human
                 else QCoreApplication.translate("HandEndDialog", "{name} was dealt {cards}: {what}.")).format(
                    name=names.seat_label(seat_names, w, human),
                    cards=names.card_list([kind_of(c) for c in d.get("revealed") or []], namer),
                    what=names.text(f"kartu-lima.option.{d['instant']}"),
                )
            )
        elif d.get("papat") is not None:
            parts.append(
                QCoreApplication.translate(
                    "HandEndDialog", "{name} showed mraji papat and won the fifth trick."
                ).format(name=names.seat_label(seat_names, d["papat"], human))
            )
        elif d.get("last_lead"):
            parts.append(
                QCoreApplication.translate("HandEndDialog", "The fifth trick was led with {card}.").format(
                    card=namer(kind_of(d["last_lead"]))
                )
            )
        return parts + KartuLimaUI._side_bet_parts(d, seat_names, human, namer)

    @staticmethod
    def _side_bet_parts(d: dict[str, Any], seat_names: Sequence[str], human: int, namer: Namer) -> list[str]:
        """The roosters laid and killed, the gor-goran guesses, the pack's top card, the lemon digits and the
        holder bets carried."""

        parts: list[str] = []
        roosters = d.get("roosters")
        if roosters and any(roosters):
            laid = [
                QCoreApplication.translate("HandEndDialog", "{name}: {card}").format(
                    name=names.seat_label(seat_names, q, human), card=namer(kind_of(c))
                )
                for q, c in enumerate(roosters)
                if c
            ]
            kills = [names.seat_label(seat_names, q, human) for q in d.get("kills") or []]
            parts.append(QCoreApplication.translate("HandEndDialog", "Roosters: {list}.").format(list=join(laid)))
            parts.append(
                QCoreApplication.translate("HandEndDialog", "Killed: {list}.").format(list=join(kills))
                if kills
                else QCoreApplication.translate("HandEndDialog", "No rooster killed.")
            )
        if d.get("gor"):
            guesses = [
                QCoreApplication.translate("HandEndDialog", "{name}: {card}").format(
                    name=names.seat_label(seat_names, q, human), card=namer(kind_of(c))
                )
                for q, c in enumerate(d["gor"])
                if c
            ]
            parts.append(
                QCoreApplication.translate("HandEndDialog", "Gor-goran guesses: {list}.").format(list=join(guesses))
            )
        if d.get("top_card"):
            parts.append(
                QCoreApplication.translate("HandEndDialog", "The pack's top card: {card}.").format(
                    card=namer(kind_of(d["top_card"]))
                )
            )
        if d.get("lemon"):
            parts.append(
                QCoreApplication.translate("HandEndDialog", "Lemon digits: {list}.").format(
                    list=join(
                        [
                            QCoreApplication.translate("HandEndDialog", "{name} {digit}").format(
                                name=names.seat_label(seat_names, q, human), digit=v
                            )
                            for q, v in enumerate(d["lemon"])
                        ]
                    )
                )
            )
        for (code, _), holders in ((b, d.get("holders", {}).get(b[0])) for b in HOLDER_BETS):
            if holders is not None and len(holders) != 1:
                parts.append(
                    QCoreApplication.translate("HandEndDialog", "{bet}: void, carried to the next hand.").format(
                        bet=names.text(f"kartu-lima.option.{code}")
                    )
                )
        return parts

    def tricks_widget(
        self, tricks: Sequence[Any], seat_names: Sequence[str], human: int, namer: Namer, parent: QWidget
    ) -> QWidget:
        """Each trick in a row: its number, who led and who won, and its cards in the order played
        (a *mberi* as a back)."""
        from ...foundations.cardpics import CardRow, back_code

        box = QWidget(parent)
        box.setObjectName("kartuLimaTricks")
        grid = QGridLayout(box)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(14)
        grid.setVerticalSpacing(4)
        for row, (leader, cards, winner) in enumerate(tricks):
            number = 5 - len(tricks) + row + 1
            head = QLabel(
                "<b>"
                + html.escape(QCoreApplication.translate("HandEndDialog", "Trick {n}").format(n=number))
                + "</b><br>"
                + html.escape(
                    QCoreApplication.translate("HandEndDialog", "led by {leader}, won by {winner}").format(
                        leader=names.seat_label(seat_names, leader, human),
                        winner=names.seat_label(seat_names, winner, human),
                    )
                ),
                box,
            )
            grid.addWidget(head, row, 0, Qt.AlignmentFlag.AlignVCenter)
            codes = [c if c else back_code() for _, c in cards]
            cr = CardRow([codes], TRICK_HEIGHT, namer, box, overlap=0.0)
            cr.setObjectName(f"trick{number}")
            grid.addWidget(cr, row, 1, Qt.AlignmentFlag.AlignLeft)
        grid.setColumnStretch(1, 1)
        return box

    def match_mode_help(self, mode: str) -> str:
        if mode == "money":
            return names.text("kartu-lima.match.money.help")
        return super().match_mode_help(mode)

    def stake_summary(self, match: Match) -> str:
        method = cast(KartuLimaOptions, match.options).stakes
        line = QCoreApplication.translate("KartuLimaUI", "Stakes: {method}.").format(
            method=names.text(f"kartu-lima.option.stakes.{method}", method)
        )
        if match.pot:
            line += " " + QCoreApplication.translate("KartuLimaUI", "In the pot: {money}.").format(
                money=names.format_money(match.pot, signed=False)
            )
        return line

    # -- help ---------------------------------------------------------------------------------------------
    def help_title(self) -> str:
        return QCoreApplication.translate("KartuLimaHelp", "How to play Kartu Lima")

    def rules_source(self) -> str:
        return QCoreApplication.translate(
            "AboutDialog",
            "Rules of Kartu Lima after the article “Kartu Lima”, which follows Tjan Tjoe Siem's "
            "<i>Javaanse kaartspelen</i> (pp. 46–57).",
        )

    def help_page(self, ctx: HelpContext) -> HelpPage:
        return help_page(ctx)
