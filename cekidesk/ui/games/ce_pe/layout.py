"""The Ce Pe table (RULINGS §6): the shared counter large in the middle, "73 / 100", its pill warming
from green through amber to red as it nears the limit and popping on every change; under it the
direction of play and who moves next; beside it the stock and the discard pile with the last play's
thrower.

The seats lie round an ellipse, the human at the bottom, play going clockwise (to the human's left)
until a reverse.  Each seat shows its hand as backs, its lives as cards turned face down, its tokens,
and "next" on the plate of the player who moves after the current one; a player who is out is
faded with their place.

The human's hand lies large at the bottom.  A card with one legal move plays on a click; a card
with several (an Ace's +1 or +11, a 10 or Queen up or down, the player a 3 or 5 names) shows them as
choice buttons (``CardSpec.choices``); a card that cannot be played is dimmed, its tooltip saying
why ("would make 104", from ``view.blocked``).  With no playable card the cards become the ones to
turn face down (lives), or the ``lose`` move is offered as a button with its reason.
"""
from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from functools import partial
from typing import Any

from PySide6.QtCore import QCoreApplication, QPointF, QRectF

from cekidesk.engine.cards import WKind
from cekidesk.engine.core import Event
from cekidesk.games.ce_pe.rules import CePeView

from ...foundations import names
from ...foundations.cardpics import back_code, card_width
from ...table.layouts import (
    CardSpec,
    ChoiceSpec,
    Choreo,
    LabelSpec,
    LayoutOptions,
    Pairing,
    Plan,
    SeatSpec,
    TableLayout,
    clamp_to_scene,
    copy_keys,
    frame,
    hands_by_seat,
    labels_inside,
    register_layout,
    text_height,
    text_width,
    wrap_label,
)
from .game_ui import CePeUI
from .texts import blocked_text, by_rank, counter_str, rules_of

FAMILY = "western"
# the counter's pill from cool to hot: (share of the limit reached, colour)
WARMTH: tuple[tuple[float, tuple[int, int, int]], ...] = (
    (0.0, (34, 110, 76)), (0.6, (60, 120, 60)), (0.8, (214, 160, 40)), (0.9, (222, 110, 30)), (1.0, (200, 40, 30)))


def counter_share(counter: int, limit: int, start: int = 0) -> float:
    """The share of the way from the start to the limit the counter has gone (0 to 1)."""
    span = max(1, limit - min(start, limit - 1))
    return min(1.0, max(0.0, (counter - min(start, limit - 1)) / span))


def warmth(counter: int, limit: int, start: int = 0) -> tuple[int, int, int]:
    """The counter's colour: the share of the way from the start to the limit, between the
    :data:`WARMTH` colours (at or above the limit: the hottest).  (The counter's gauge says the
    same share by its length: :func:`counter_share`.)"""
    t = counter_share(counter, limit, start)
    for (t0, c0), (t1, c1) in zip(WARMTH, WARMTH[1:], strict=False):
        if t <= t1:
            f = (t - t0) / (t1 - t0) if t1 > t0 else 1.0
            return tuple(round(a + (b - a) * f) for a, b in zip(c0, c1, strict=True))  # type: ignore[return-value]
    return WARMTH[-1][1]


def count(x: Any) -> int:
    """A per-seat number the view may give as a count or as the cards themselves."""
    return x if isinstance(x, int) else len(x or ())


def counter_text(counter: int, limit: int) -> str:
    """ "73 / 100" (with a real minus sign)."""
    return QCoreApplication.translate(
        "CePeTable", "{counter} / {limit}").format(counter=counter_str(counter), limit=counter_str(limit))


class CePeLayout(TableLayout[CePeView]):
    game_id = "ce-pe"

    def __init__(self, seat_names: Sequence[str], human_seat: int):
        super().__init__(seat_names, human_seat)
        self._seat_pos: dict[int, QPointF] = {}
        self._stock = (QPointF(), 0.0)

    # ------------------------------------------------------------------------------------------
    def plan(self, view: CePeView, width: float, height: float, options: LayoutOptions) -> Plan:
        f = frame(width, height, scale=options.card_scale)
        W, H, s, M, gap = f.W, f.H, f.s, f.M, f.gap
        me = self.viewer_seat(view)
        font = max(10.0, 0.024 * s)
        plan = Plan()
        over = view.result is not None
        ui = CePeUI()

        hand_h = round(0.24 * s)
        back_h = round(0.075 * s)
        pile_h = round(0.17 * s)
        panel_w = round(max(round(0.25 * s), round(0.13 * W)) * options.plate_scale)
        panel_h = round(0.07 * s * options.plate_scale)
        bw = card_width(back_h, back_code(FAMILY))
        fan_sp = 0.3 * bw
        hand_top = H - M - hand_h * 1.1
        top, bottom = M, hand_top - gap
        centre = QPointF(W / 2, (top + bottom) / 2)
        # a seat is its plate with a row under it (over it, in the lower half): its backs, its lives
        seat_h = panel_h + gap + back_h
        rx = W / 2 - 8 - panel_w / 2
        ry = (bottom - top) / 2 - seat_h / 2
        n = view.n_players
        angles = {q: math.pi / 2 + 2 * math.pi * ((q - me) % n) / n for q in range(n)}
        self._seat_pos = {}

        # ======================================================================== the other seats
        for q in range(n):
            if q == me:
                continue
            a = angles[q]
            px, py = centre.x() + math.cos(a) * rx, centre.y() + math.sin(a) * ry
            upper = py <= centre.y() + 1
            plate_y = py - seat_h / 2 if upper else py + seat_h / 2 - panel_h
            rect = QRectF(px - panel_w / 2, plate_y, panel_w, panel_h)
            row_y = rect.bottom() + gap + back_h / 2 if upper else rect.top() - gap - back_h / 2
            self._seat_pos[q] = QPointF(px, row_y)
            plan.seats.append(self._seat(view, q, rect, over))
            cnt = view.hand_counts[q]
            step = min(fan_sp, (panel_w * 0.55 - bw) / max(1, cnt - 1))
            x0 = rect.left() + bw / 2
            shown = self._shown_hand(view, q)
            for i in range(cnt):
                kind = shown[i] if i < len(shown) else None
                plan.cards.append(CardSpec(
                    ("o", q, i), kind, kind is not None, QPointF(x0 + i * step, row_y), back_h,
                    z=300 + 10 * q + i, role="opponent", seat=q, tooltip=self.seat_title(q), dim=bool(view.out[q])))
            self._lives(plan, view, q, QPointF(rect.right() - panel_w * 0.22, row_y), back_h * 0.75, bw * 0.75)

        # ======================================================================== the human
        wh = card_width(hand_h, back_code(FAMILY))
        hand_cy = H - M - hand_h / 2 - 0.04 * hand_h
        hand: list[WKind] = sorted(view.hand, key=by_rank)
        order = self.merge_hand_order(copy_keys(hand, "h"), options.sort_hand)
        k = len(order)
        sp = min(1.06 * wh, (W * 0.6) / max(1, k))
        x = W / 2 - sp * (k - 1) / 2
        mid = (k - 1) / 2
        blocked = {kind: value for kind, value in (view.blocked or ())}
        mine = me == view.current and not over
        for i, key in enumerate(order):
            kind = key[1]
            acts = [a for a in view.legal if a.card == kind and a.verb in ("play", "give", "turn_down")] if mine else []
            tip = None
            if kind in blocked and not over:
                tip = ui_blocked(blocked[kind], any(a.verb == "turn_down" for a in acts))
            choices = [] if len(acts) < 2 else [
                ChoiceSpec(("card", key, a.amount, a.target), ui.choice_label(a, view, self._titles(view)), action=a,
                           anchor=me, group=kind.code, tooltip=ui.describe_action(a, view)) for a in acts]
            plan.cards.append(CardSpec(
                key, kind, True, QPointF(x + i * sp, hand_cy + 0.004 * hand_h * (i - mid) ** 2), hand_h,
                rotation=0.8 * (i - mid), z=600 + i, role="hand", seat=me,
                action=acts[0] if len(acts) == 1 else None, choices=choices, selectable=True,
                dim=kind in blocked and not acts and mine, tooltip=tip))
        hand_l = W / 2 - sp * (k - 1) / 2 - wh / 2 if k else W / 2
        panel = QRectF(max(M, hand_l - 2 * gap - panel_w), H - M - panel_h - 0.1 * hand_h, panel_w, panel_h)
        plan.seats.append(self._seat(view, me, panel, over, human=True))
        self._seat_pos[me] = panel.center()
        plan.hand_rect = QRectF(hand_l - wh, hand_top - 0.05 * s, max(wh, sp * k) + 2 * wh, H - hand_top + 0.05 * s)
        self._lives(plan, view, me, QPointF(panel.center().x(), panel.top() - back_h * 0.55), back_h * 0.8, bw * 0.8)

        # ======================================================================== the middle
        self._middle(plan, view, centre, pile_h, font, s, options)
        if mine:
            plan.choices += [ChoiceSpec(("lose",), self._lose_label(view), action=a, anchor=me,
                                        tooltip=ui.lose_reason(view)) for a in view.legal if a.verb == "lose"]
        clamp_to_scene(plan, W, H, FAMILY)
        labels_inside(plan, W)
        return plan

    def _titles(self, view: CePeView) -> list[str]:
        return [self.seat_title(q) for q in range(view.n_players)]

    @staticmethod
    def _lose_label(view: CePeView) -> str:
        if rules_of(view).penalty == "tokens":
            return QCoreApplication.translate("CePeTable", "Lose a token")
        return QCoreApplication.translate("CePeTable", "Drop out")

    @staticmethod
    def _shown_hand(view: CePeView, q: int) -> list[Any]:
        """The cards of another hand everyone may see: every hand at the end of the hand."""
        if view.result is None:
            return []
        hands = view.result.details.get("hands") or ()
        if q >= len(hands):
            return []
        return [WKind.parse(str(c)) for c in hands[q]]

    def _seat(self, view: CePeView, q: int, rect: QRectF, over: bool, human: bool = False) -> SeatSpec:
        out = bool(view.out[q])
        badge = tip = ""
        if out:
            badge, tip = self._seat_extra(view, q), QCoreApplication.translate("CePeTable", "Out of this hand")
        elif not over and q == view.next_player and q != view.current:
            badge = QCoreApplication.translate("CePeTable", "next")
            tip = QCoreApplication.translate("CePeTable", "Plays after the current player, as things stand")
        winner = over and view.result is not None and q in view.result.winners
        return SeatSpec(seat=q, rect=rect, name=self.seat_title(q), count=view.hand_counts[q], dealer=q == view.dealer,
                        to_move=q == view.current and not over and not out, badge=badge, badge_tip=tip,
                        winner=winner, human=human, extra=self._seat_extra(view, q), greyed=out)

    def _seat_extra(self, view: CePeView, q: int) -> str:
        """The plate's tooltip line: out with the place, the tokens left, the lives lost."""
        if view.out[q]:
            order = list(view.eliminated or ())
            place = view.n_players - order.index(q) if q in order else None
            if place is None:
                return QCoreApplication.translate("CePeTable", "out")
            return QCoreApplication.translate("CePeTable", "out, place {place}").format(place=place)
        parts = []
        tokens = view.tokens[q] if view.tokens is not None else None
        if tokens is not None:     # (a plain name as the count: lupdate reads no other)
            parts.append(names.counted(QCoreApplication.translate("CePeTable", "%n token(s)", None, tokens), tokens))
        down = count(view.face_down[q])
        if down:
            parts.append(names.counted(
                QCoreApplication.translate("CePeTable", "%n card(s) face down", None, down), down))
        return QCoreApplication.translate("Terms", ", ").join(parts)

    def _lives(self, plan: Plan, view: CePeView, q: int, pos: QPointF, h: float, w: float) -> None:
        """The seat's turned-down cards (the lives lost), lying sideways in a row; its tokens as a label."""
        down = count(view.face_down[q])
        sp = w * 0.45
        x0 = pos.x() - sp * (down - 1) / 2
        tip = names.counted(QCoreApplication.translate(
            "CePeTable", "%n card(s) turned face down: a life lost for each", None, down), down)
        for i in range(down):
            plan.cards.append(CardSpec(("down", q, i), None, False, QPointF(x0 + i * sp, pos.y()), h, rotation=90,
                                       z=250 + i, role="facedown", seat=q, dim=True, tooltip=tip))
        tokens = view.tokens[q] if view.tokens is not None else None
        if tokens is not None and not view.out[q]:
            text = "●" * tokens if tokens <= 8 else f"● × {tokens}"
            plan.labels.append(LabelSpec(("tokens", q), text, QPointF(pos.x(), pos.y()), max(10.0, h * 0.3), "count",
                                         names.counted(QCoreApplication.translate(
                                             "CePeTable", "%n token(s) left", None, tokens), tokens)))

    # ------------------------------------------------------------------------------------------
    def _middle(self, plan: Plan, view: CePeView, centre: QPointF, pile_h: float, font: float, s: float,
                options: LayoutOptions) -> None:
        """The counter in the middle, the direction and the next player under it, the stock on its
        left and the discard pile on its right; the words under a pile a fifth of a line below it
        (their height the interface's: 1.3× in aksara Jawa)."""
        limit = view.limit
        big = max(22.0, 0.085 * s)
        text = counter_text(view.counter, limit)
        over_limit_tip = QCoreApplication.translate(
            "CePeTable", "The counter: no play may take it above {limit}").format(limit=limit)
        plan.labels.append(LabelSpec(("counter",), text, QPointF(centre.x(), centre.y() - big * 0.3), big, "banner",
                                     over_limit_tip, fill=warmth(view.counter, limit, rules_of(view).start),
                                     gauge=counter_share(view.counter, limit, rules_of(view).start)))
        # the direction and the next player under the counter, in lines no wider than four pile cards
        # (or the counter): the piles stand beside them
        tw = text_width(text, big, True) / 2
        pw = card_width(pile_h, back_code(FAMILY))
        if view.result is None and 0 <= view.next_player < view.n_players:
            arrow = "↻" if view.direction > 0 else "↺"
            way = (QCoreApplication.translate("CePeTable", "clockwise") if view.direction > 0
                   else QCoreApplication.translate("CePeTable", "anticlockwise"))
            if view.current == view.viewer:     # (your turn: the next player comes after you)
                line = QCoreApplication.translate("CePeTable", "{arrow} {way} · then: {name}").format(
                    arrow=arrow, way=way, name=self.seat_title(view.next_player))
            else:
                line = QCoreApplication.translate("CePeTable", "{arrow} {way} · next: {name}").format(
                    arrow=arrow, way=way, name=self.seat_title(view.next_player))
            tip = QCoreApplication.translate("CePeTable",
                                             "The direction of play and who moves after the current player")
            y = centre.y() - big * 0.3 + text_height(text, big, True) / 2 + options.line(font) * 0.2
            for j, part in enumerate(wrap_label(line, font, max(2 * tw, 4 * pw))):
                h = text_height(part, font)
                plan.labels.append(LabelSpec(("direction",) if j == 0 else ("direction", j), part,
                                             QPointF(centre.x(), y + h / 2), font, "count", tip))
                tw = max(tw, text_width(part, font) / 2)
                y += h + options.line(font) * 0.1
        # the stock: a small stack and its count
        sx = centre.x() - tw - pw * 0.9
        self._stock = (QPointF(sx, centre.y()), pile_h)
        shown = min(3, view.stock_count)
        off = max(1.0, 0.02 * pile_h)
        left = view.stock_count
        tip = names.counted(QCoreApplication.translate("CePeTable", "The stock: %n card(s)", None, left), left)
        for i in range(shown):
            plan.cards.append(CardSpec(("stock", i), None, False, QPointF(sx - i * off, centre.y() - i * off), pile_h,
                                       z=50 + i, role="stock", tooltip=tip))
        if not shown:
            plan.slots.append(QRectF(sx - pw / 2, centre.y() - pile_h / 2, pw, pile_h))
        # the top of the words under a pile (clear of its turned cards' corners)
        under = centre.y() + pile_h / 2 + pw * 0.1 + options.line(font) * 0.2
        plan.labels.append(LabelSpec(("stockcount",), str(view.stock_count),
                                     QPointF(sx, under + text_height(str(view.stock_count), font * 0.9) / 2),
                                     font * 0.9, "count"))
        # the discard pile: the last cards fanned a little, the top one straight
        dx = centre.x() + tw + pw * 0.9
        discards = list(view.discards or ())
        keys = copy_keys([kind for kind, _ in discards], "d")
        for i, ((kind, who), key) in enumerate(zip(discards, keys, strict=True)):
            top = i == len(discards) - 1
            rot = 0.0 if top else ((i * 37) % 19 - 9)
            plan.cards.append(CardSpec(key, kind, True, QPointF(dx + (0 if top else (i % 3 - 1) * 0.04 * pw),
                                                                centre.y()), pile_h, rotation=rot, z=100 + i,
                                       role="pile", seat=who if who is not None else -1,
                                       tooltip=QCoreApplication.translate(
                                           "CePeTable", "Played by {name}").format(name=self.seat_title(who))
                                       if who is not None else None))
        if not discards:
            plan.slots.append(QRectF(dx - pw / 2, centre.y() - pile_h / 2, pw, pile_h))
        last = view.last_play
        if last is not None:
            name = self.seat_title(last[0])
            pos, size = self._thrower_place(plan, name, font * 0.9, dx, under, centre, pile_h, pw)
            plan.labels.append(LabelSpec(("thrower",), name, pos, size, "count", QCoreApplication.translate(
                "CePeTable", "Played the top card")))

    @staticmethod
    def _thrower_place(plan: Plan, name: str, size: float, dx: float, under: float, centre: QPointF,
                       pile_h: float, pw: float) -> tuple[QPointF, float]:
        """Where (and how large) the name of the top card's player stands: under the discards, else
        over them, moved toward the middle as far as its own width, else lower under them, else beside
        them — the first
        place that clears every seat (its plate, its cards: with eight players a lower seat's backs
        reach up beside the piles), every card and every label already placed; a long name (your
        own in aksara Jawa) a little smaller when no place holds it at its size."""
        taken = [s.rect for s in plan.seats]
        for c in plan.cards:
            cw = card_width(c.height, back_code(FAMILY))
            across, up = (c.height, cw) if abs(c.rotation) > 45 else (cw, c.height)   # (turned down: lying)
            more = pw * 0.12 if c.role == "pile" else 0.0     # a pile card turned up to 9°
            taken.append(QRectF(c.pos.x() - across / 2 - more, c.pos.y() - up / 2, across + 2 * more, up))
        for lab in plan.labels:
            bold = lab.style in ("banner", "winner")
            lw, lh = text_width(lab.text, lab.size, bold), text_height(lab.text, lab.size, bold)
            taken.append(QRectF(lab.pos.x() - lw / 2, lab.pos.y() - lh / 2, lw, lh))
        first = QPointF(dx, under + text_height(name, size) / 2)
        for shrink in (1.0, 0.85, 0.72):
            z = size * shrink
            w, h = text_width(name, z), text_height(name, z)
            below, above = under + h / 2, centre.y() - pile_h / 2 - pw * 0.12 - h / 2
            beside = dx + pw * 0.74 + w / 2
            places = [QPointF(dx - t * w / 4, y) for y in (below, above) for t in range(5)]
            places += [QPointF(dx - t * w / 4, below + k * h * 0.5) for k in (1, 2, 3, 4) for t in range(9)]
            places += [QPointF(beside, centre.y() + t * (pile_h - h) / 4) for t in (0, -1, 1, -2, 2)]
            for place in places:
                box = QRectF(place.x() - w / 2 - 2, place.y() - h / 2 - 2, w + 4, h + 4)   # (2 pixels apart)
                if not any(box.intersects(r) for r in taken):
                    return place, z
        return first, size

    # ------------------------------------------------------------------------------------------
    def choreograph(self, events: Sequence[Event], old: dict[Hashable, Any], new: Plan, view: CePeView,
                    played_key: Any = None) -> Choreo:
        """A played card flies from its player (the clicked card of the human's hand, else from the
        seat, turning face up) to the pile; a drawn card from the stock; the counter pops when it
        changed; a deal comes from the stock, one card at a time."""
        ch = Choreo()
        newk = new.by_key()
        pr = Pairing(ch, old, newk)
        pile = [c.key for c in new.cards if c.role == "pile"]
        stock_pos, stock_h = self._stock
        for e in events:
            t, p = e.type, e.player
            if t == "deal":
                ch.deal = True
            elif t == "play" and p is not None and pile:
                nk = pile[-1]
                if nk in pr.used_new or nk in old:
                    continue
                ok = played_key if p == self.human and played_key in old and played_key not in newk else None
                if ok is None and p == self.human:
                    ok = pr.last_vanished(lambda key: key[0] == "h" and str(key[1]) == str(e.data.get("card")))
                if ok is not None:
                    pr.reuse(nk, ok)
                elif p in self._seat_pos:
                    ch.start[nk] = (self._seat_pos[p], False, 0.0, stock_h * 0.5)
                if e.data.get("before") != e.data.get("after") and ("counter",) not in ch.banners:
                    ch.banners.append(("counter",))
            elif t in ("draw", "reshuffle") and p == self.human:
                nk = pr.first_new(partial(_of_seat, "h", None))
                if nk is not None:
                    ch.start[nk] = (stock_pos, False, 0.0, stock_h)
                    pr.used_new.add(nk)
            elif t == "turn_down" and p is not None:
                nk = pr.first_new(partial(_of_seat, "down", p))
                ok = pr.last_vanished(partial(_of_seat, "h", None) if p == self.human else partial(_of_seat, "o", p))
                if nk is not None and ok is not None:
                    pr.reuse(nk, ok)
        if ch.deal:
            self._deal(ch, new, view)
        return ch

    def _deal(self, ch: Choreo, new: Plan, view: CePeView) -> None:
        """The cards fly from the stock, one round at a time from the player left of the dealer."""
        n = view.n_players
        per_seat = hands_by_seat(new, n)
        pos, h = self._stock
        for j in range(n):
            for r, key in enumerate(per_seat[(view.dealer + 1 + j) % n]):
                ch.start[key] = (pos, False, 0.0, h)
                ch.delay[key] = (r * n + j) * 0.1
                ch.reuse.pop(key, None)


def _of_seat(prefix: str, seat: int | None, key: Any) -> bool:
    """Whether the card key ``key`` is ``prefix``'s (of ``seat``, when given: backs, turned-down cards)."""
    return key[0] == prefix and (seat is None or key[1] == seat)


def ui_blocked(value: int, turn_down: bool) -> str:
    """A dimmed card's tooltip: why it cannot be played (and, with no playable card, that a click turns
    it face down)."""
    text = blocked_text(value)
    if turn_down:
        text += "\n" + QCoreApplication.translate("CePeTable", "Click to turn it face down (you lose a life)")
    return text


register_layout(CePeLayout.game_id, CePeLayout)
