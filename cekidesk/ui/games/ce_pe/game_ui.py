"""Ce Pe's game UI (:class:`CePeUI`): the status line, hints and choice labels, the game log, the end of a
hand, the rule sets of New Game and the How-to-play page (:mod:`.help`); its words are in
:mod:`.texts`."""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from cekidesk.engine.core import Action, Event, HandResult
from cekidesk.engine.match import HandRecord, Match
from cekidesk.games.ce_pe.rules import CePeView

from ...foundations import names
from ...foundations.lessons import Lesson
from ..base import GameUI, HandEndContent, Namer, hands_tab, register_game_ui, seat_name
from ..help_page import HelpContext, HelpPage
from .editor import RuleSetHooks
from .help import help_page
from .lesson import lesson as ce_pe_lesson
from .texts import by_rank, change_text, counter_str, rules_of, say, signed, wkind


@register_game_ui
class CePeUI(RuleSetHooks, GameUI[CePeView]):
    game_id = "ce-pe"
    important_events = frozenset({"out", "win", "instant_win", "lose_token", "turn_down", "redeal"})

    # -- status line --------------------------------------------------------------------------
    def your_turn_text(self, view: CePeView, seat_names: Sequence[str]) -> str:
        verbs = {a.verb for a in view.legal}
        counter, limit = counter_str(view.counter), counter_str(view.limit)
        if view.phase == "give":        # (issue 32: the player is chosen with the card, after the draw)
            return QCoreApplication.translate(
                "CePeUI", "Exchange: click the card you give and choose who gets it; you take a random card "
                          "of their hand.")
        if "turn_down" in verbs:
            return QCoreApplication.translate(
                "CePeUI", "No card of yours can be played at {counter} (limit {limit}): click the card to turn "
                          "face down — you lose a life.").format(counter=counter, limit=limit)
        if "lose" in verbs:
            return self.lose_reason(view)
        return QCoreApplication.translate(
            "CePeUI", "Your turn: the counter is at {counter}, the limit {limit}. Play a card.").format(
            counter=counter, limit=limit)

    def lose_reason(self, view: CePeView) -> str:
        """Why the person loses now (no card of theirs can be played), and what they lose."""
        counter, limit = counter_str(view.counter), counter_str(view.limit)
        if rules_of(view).penalty == "tokens":
            return QCoreApplication.translate(
                "CePeUI", "No card of yours can be played at {counter} (limit {limit}): you lose a token.").format(
                counter=counter, limit=limit)
        return QCoreApplication.translate(
            "CePeUI", "No card of yours can be played at {counter} (limit {limit}): you are out.").format(
            counter=counter, limit=limit)

    def describe_action(self, action: Action, view: CePeView) -> str:
        card = names.card_name(action.card) if action.card is not None else ""
        if action.verb == "give":
            return QCoreApplication.translate("CePeUI", "give the {card}").format(card=card)
        if action.verb == "turn_down":
            return QCoreApplication.translate("CePeUI", "turn the {card} face down").format(card=card)
        if action.verb == "lose":
            return (QCoreApplication.translate("CePeUI", "lose a token") if rules_of(view).penalty == "tokens"
                    else QCoreApplication.translate("CePeUI", "drop out"))
        if action.verb != "play":
            return str(action)
        line = QCoreApplication.translate("CePeUI", "play the {card}").format(card=card)
        how = self.choice_label(action, view, [])
        return line if not how else QCoreApplication.translate("CePeUI", "{play}: {how}").format(play=line, how=how)

    def choice_label(self, action: Action, view: CePeView, seat_names: Sequence[str]) -> str:
        """One way of playing a card in a few words ("+11 → 53", "−10 → 42", "Budi next"): the label of
        its choice button.  ``seat_names`` empty: the target as "player N"."""
        parts: list[str] = []
        if action.amount is not None:
            effect = rules_of(view).effect_of(wkind(action.card))
            after = action.amount if effect.counter == "set" else view.counter + action.amount
            change = "= " + counter_str(after) if effect.counter == "set" else signed(action.amount)
            parts.append(QCoreApplication.translate("CePeUI", "{change} → {after}").format(
                change=change, after=counter_str(after)))
        if action.target is not None:
            who = seat_names[action.target] if 0 <= action.target < len(seat_names) else str(action.target + 1)
            chooses_next = action.verb == "play" and rules_of(view).effect_of(
                wkind(action.card)).action == "choose_next"     # (a give's target: an exchange's)
            parts.append(QCoreApplication.translate("CePeUI", "{name} next").format(name=who) if chooses_next
                         else QCoreApplication.translate("CePeUI", "with {name}").format(name=who))
        return QCoreApplication.translate("Terms", ", ").join(parts)

    def hand_over_text(self, result: HandResult, seat_names: Sequence[str], human: int) -> str:
        d = result.details
        if not result.winners:
            loser = d.get("loser")
            if loser == human:
                return QCoreApplication.translate("CePeUI", "Hand over — you lost; the cards are dealt again.")
            return QCoreApplication.translate("CePeUI", "Hand over — {name} lost; the cards are dealt again.").format(
                name=seat_name(loser, seat_names))
        w = result.winners[0]
        if d.get("reason") == "instant_win":
            if w == human:
                return QCoreApplication.translate("CePeUI", "Hand over — you made {counter} and win at once!").format(
                    counter=counter_str(int(d.get("counter", 0))))
            return QCoreApplication.translate("CePeUI", "Hand over — {name} made {counter} and wins at once.").format(
                name=seat_name(w, seat_names), counter=counter_str(int(d.get("counter", 0))))
        if w == human:
            return QCoreApplication.translate("CePeUI", "Hand over — you are the last player standing!")
        return QCoreApplication.translate("CePeUI", "Hand over — {name} is the last player standing.").format(
            name=seat_name(w, seat_names))

    def hand_summary(self, result: HandResult, seat_names: Sequence[str]) -> str:
        if result.winners:
            return seat_name(result.winners[0], seat_names)
        return QCoreApplication.translate("CePeUI", "{name} lost").format(
            name=seat_name(result.details.get("loser"), seat_names))

    # -- game log -------------------------------------------------------------------------------
    def describe_event(self, event: Event, seat_names: Sequence[str], human: int, namer: Namer) -> str | None:
        p, d, t = event.player, event.data, event.type     # (d holds the secrets the human may see)
        you = p is not None and p == human
        who = seat_name(p, seat_names)
        target = d.get("target")
        to_you = target is not None and target == human
        tname = seat_name(target, seat_names)

        def card(code: object) -> str:
            return namer(wkind(code))

        if t == "deal":
            cards = d.get("cards")
            if not you or not cards:
                return None       # (one deal event a seat: the human's says it all)
            variant = {(False, False): "", (False, True): "you_begin", (True, False): "you_deal",
                       (True, True): "you_deal_begin"}[(d.get("dealer") == human, d.get("first") == human)]
            return say(("deal", True, variant), len(cards),
                        dealer=seat_name(d.get("dealer"), seat_names),
                        starter=seat_name(d.get("first"), seat_names), counter=counter_str(int(d.get("counter", 0))),
                        cards=names.card_list(sorted((wkind(c) for c in cards), key=by_rank), namer))
        if t == "play":
            change = change_text(d.get("before"), d.get("after"), d.get("amount"))
            variant = "set" if change == "=" else "change" if change else ""
            return say(("play", you, variant), name=who, card=card(d["card"]), change=change,
                        after=counter_str(int(d.get("after", 0))))
        if t == "draw":
            return say(("draw", True, ""), card=card(d["card"])) if you and d.get("card") else None
        if t == "reshuffle":
            n = int(d.get("count", 0))
            return say(("reshuffle", False, ""), n)
        if t == "reverse":
            return say(("reverse", False, "cw" if int(d.get("direction", 1)) > 0 else "ccw"))
        if t == "skip":
            skipped = d.get("seat", target)
            if skipped == human:
                return say(("skip", False, "you"))
            return say(("skip", False, ""), target=seat_name(skipped, seat_names))
        if t == "choose_next":
            chosen = d.get("seat", target)
            variant = "self" if chosen == p else ("you" if chosen == human and not you else "")
            return say(("choose_next", you, variant), name=who, target=seat_name(chosen, seat_names))
        if t == "exchange":
            given, taken = d.get("given"), d.get("taken")    # codes, for the two players only
            if d.get("took_card") is False:
                return say(("exchange", you, "empty"), name=who, target=tname)
            if given and isinstance(taken, str):
                return say(("exchange", you, "" if you else "you"), name=who, target=tname,
                            given=card(given), taken=card(taken))
            return say(("exchange", False, ""), name=who, target=tname)
        if t == "swap_hands":
            return say((t, you, "you" if to_you and not you else ""), name=who, target=tname)
        if t == "take_replacement":
            got = d.get("card")
            if (you or to_you) and got:
                return say(("take_replacement", you, "" if you else "you"), name=who, target=tname, card=card(got))
            if d.get("took_card") is False:
                return say(("take_replacement", you, "empty"), name=who, target=tname)
            return say(("take_replacement", False, ""), name=who, target=tname)
        if t == "kill":       # (issue 32: a rule set's "make them lose one card")
            lost = d.get("card")
            if d.get("lost") is False:
                return say(("kill", you, "empty"), name=who, target=tname)
            if to_you and not you and lost:
                return say(("kill", False, "you"), name=who, card=card(lost))
            return say(("kill", you, ""), name=who, target=tname)
        if t == "turn_down":
            if you and d.get("card"):
                return say(("turn_down", True, ""), card=card(d["card"]))
            return say(("turn_down", False, ""), name=who)
        if t == "lose_token":
            return say(("lose_token", you, ""), int(d.get("left", 0)), name=who)
        if t == "out":
            return say(("out", you, ""), name=who, place=d.get("place", "?"))
        if t == "instant_win":
            return say(("instant_win", you, ""), name=who, counter=counter_str(int(d.get("counter", 0))))
        if t == "win":
            return say(("win", you, "instant_win" if d.get("reason") == "instant_win" else ""), name=who)
        if t == "redeal":
            return say(("redeal", False, ""))
        return super().describe_event(event, seat_names, human, namer)

    # -- moves made for the player ----------------------------------------------------------------
    def auto_action(self, view: CePeView, settings: object | None) -> Action | None:
        """A person with no playable card under tokens or "out" has one move, ``lose``: the table shows
        why (the status line, the button), and the window plays it after the pace."""
        legal = view.legal
        if len(legal) == 1 and legal[0].verb == "lose":
            return legal[0]
        return None

    # -- end of a hand ---------------------------------------------------------------------------
    def fill_hand_end(self, content: HandEndContent, match: Match, record: HandRecord, seat_names: Sequence[str],
                      human: int, namer: Namer, parent: QWidget) -> None:
        res = record.result
        d = res.details
        counter = counter_str(int(d.get("counter", 0)))
        content.headline = self.hand_over_text(res, seat_names, human)
        order = [int(q) for q in d.get("order") or ()]
        n = len(seat_names)
        parts: list[str] = []
        if res.winners and d.get("reason") == "instant_win":
            parts.append(QCoreApplication.translate(
                "HandEndDialog", "{name} left the counter at exactly {counter}, the instant win of these "
                                 "rules.").format(name=names.seat_label(seat_names, res.winners[0], human),
                                                  counter=counter))
        elif not res.winners and d.get("loser") is not None:
            parts.append(QCoreApplication.translate(
                "HandEndDialog", "{name} could not play at {counter}; under these rules the cards are dealt again "
                                 "after every loss.").format(name=names.seat_label(seat_names, d["loser"], human),
                                                             counter=counter))
        else:
            parts.append(QCoreApplication.translate(
                "HandEndDialog", "The counter ended at {counter}.").format(counter=counter))
        if order:
            parts.append(QCoreApplication.translate("HandEndDialog", "Out, first to last: {list}.").format(
                list=QCoreApplication.translate("Terms", ", ").join(names.seat_label(seat_names, q, human)
                                                                     for q in order)))
        content.explanation = " ".join(parts)
        hands = d.get("hands")
        if hands and any(hands):
            content.caption = QCoreApplication.translate("HandEndDialog", "Everyone's last cards:")
            content.showcase_tab = QCoreApplication.translate("HandEndDialog", "Hands")
            out = QCoreApplication.translate("HandEndDialog", "out")
            none = QCoreApplication.translate("HandEndDialog", "no cards")
            notes = {q: out if q in order else none for q, h in enumerate(list(hands)[:n]) if q in order or not h}
            content.showcase = hands_tab([list(h) for h in hands][:n], seat_names, human, namer, parent,
                                         notes=notes)

    def stake_summary(self, match: Match) -> str:
        """Each player out pays the winner a stake (with a redeal: when the match is decided)."""
        stake = names.format_money(match.match_options.stake_cents, signed=False)
        if rules_of(match).redeal_after_loss:
            return QCoreApplication.translate(
                "CePeUI", "Stake: {stake} from each other player to the last one standing, when the match is "
                          "decided.").format(stake=stake)
        return QCoreApplication.translate(
            "CePeUI", "Stake: {stake} from each player out to the winner of the hand.").format(stake=stake)

    def lesson(self) -> Lesson:
        return ce_pe_lesson()

    # -- help ----------------------------------------------------------------------------------------
    def help_title(self) -> str:
        return QCoreApplication.translate("CePeHelp", "How to play Ce Pe")

    def rules_source(self) -> str:
        return QCoreApplication.translate(
            "AboutDialog", "Rules of Ce Pe after the blog post “Ce Pe” and its comments (the Normal 99 and "
                           "Bloody variants), and the classic Ninety-Nine.")

    def help_page(self, ctx: HelpContext) -> HelpPage:
        return help_page(ctx)
