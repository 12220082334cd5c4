"""The table of the Balik Satu family, one layout for its seven games and any number of seats up to
fourteen.

The human sits at the bottom with the hand large, sorted into its complete sets (``view.sets``, the
matas first), then the other cards by group, each group a little apart, the card just drawn or taken
last and marked.  The others sit round an ellipse above, in play order going anticlockwise on the
screen (the next player is on the human's right), each a compact plate (name, card count, the call
as a badge in the game's own word: *tan* / *ceki*, *ceki kowah* / *ceki nocog* drawn as the source's
two coins and one coin, *tan kowah* / *tan nokang*) over a small fan of backs; Chaqui's exposed *olo*
lie face up, small, in the fan.

Inside the ring: the stock with its count (a click draws), the discard pile's latest cards with the
top one large (a click takes it, when that is legal) and its thrower named, the pot (Gonggong's pot
methods) and Chot's side display (each side's tokens of one and ten and the *bangkong* record).  A
stock card drawn after a call is shown face up near its drawer while it can be claimed; as the cards
move (``choreograph``) a revealed draw flies face up from the stock, pauses there and then goes into
the drawer's hand, or toward the claimer with *sampèi!*.  At the end every hand is turned face up
and the winner's sets lie in the middle with the card(s) turned for the score, those swapped in by
*kena* marked.

Every decision that is not a card (call or not, claim or let go, win) is a :class:`ChoiceSpec` from
``view.legal``.
"""
from __future__ import annotations

import math
from collections.abc import Hashable, Iterator, Sequence
from functools import partial
from typing import Any

from pydantic import BaseModel
from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt

from cekidesk.engine.cards import Kind
from cekidesk.engine.core import Action, Event
from cekidesk.games.balik.rules import BalikView

from ...foundations import names
from ...foundations.cardpics import card_ratio, card_width
from ...table.layouts import (
    CardSpec,
    ChoiceSpec,
    Choreo,
    DropZone,
    LabelSpec,
    LayoutOptions,
    Pairing,
    Plan,
    SeatSpec,
    TableLayout,
    card_rect,
    clamp_to_scene,
    copy_keys,
    frame,
    label_rect,
    labels_inside,
    register_layout,
    text_height,
    text_width,
)
from .texts import GAME_IDS, call_of, call_term, kind_of, set_term, side_lines, yu_one_rank

# window-wide keys of the moves
KEYS = {
    "draw": Qt.Key.Key_D,
    "take": Qt.Key.Key_T,
    "call": Qt.Key.Key_C,
    "no_call": Qt.Key.Key_K,      # (N is the window's next hand)
    "win": Qt.Key.Key_S,
    "claim": Qt.Key.Key_S,
    "pass": Qt.Key.Key_P,
}
# the verbs offered as buttons
CHOICE_VERBS = ("win", "claim", "pass", "call", "no_call")
# how many discards under the top one stay in view
PILE_SHOWN = 6


def _in_fan(seat: int, key: Any) -> bool:
    """Whether ``key`` is one of the backs of ``seat``'s fan."""
    return key[0] == "o" and key[1] == seat


def kind_code(kind: Any) -> str | None:
    return kind.code if kind is not None else None


def group_of(kind: Kind, game_id: str, options: BaseModel) -> int:
    """The group ("rank") a card makes sets in: the pips, the *yu* class one group (or, without
    ``yu_one_rank``, each honour a group of its own); Tantanan and Cekèn: all honours are 1s."""
    if kind.is_honour:
        return 0 if yu_one_rank(options) else 10 + int(kind)
    return kind.pips - 1


def hand_groups(view: BalikView) -> list[list[Kind]]:
    """The viewer's hand as shown: the complete sets (``view.sets``), then the other cards by group,
    the card just drawn or taken (``view.drawn``) alone at the end."""
    rest = list(view.hand)
    groups: list[list[Kind]] = []
    for st in view.sets:
        groups.append(list(st))
        for k in st:
            rest.remove(k)
    drawn = view.drawn if view.drawn in rest else None
    if drawn is not None:
        rest.remove(drawn)
    by_group: dict[int, list[Kind]] = {}
    for k in sorted(rest):
        by_group.setdefault(group_of(k, view.game_id, view.options), []).append(k)
    groups += [by_group[g] for g in sorted(by_group)]
    if drawn is not None:
        groups.append([drawn])
    return groups


class BalikLayout(TableLayout[BalikView]):
    game_id = "balik-satu"
    game_keys = tuple(sorted({int(k) for k in KEYS.values()}))

    def __init__(self, seat_names: Sequence[str], human_seat: int):
        super().__init__(seat_names, human_seat)
        self._stock = (QPointF(), 0.0)
        self._seat_pos: dict[int, QPointF] = {}
        self._reveal_pos: dict[int, QPointF] = {}   # where a seat's revealed draw lies (found when asked)
        self._fan_h = 0.0
        self._fans: dict[int, QRectF] = {}
        self._plates: dict[int, QRectF] = {}
        self._sep = 0.0     # the room between a card and its words, from the label line height
        self._font = 0.0
        self._mid_h = 0.0
        self._scene = QRectF()
        self._centre = QPointF()
        self._plan = Plan()         # the last plan: what a revealed draw must keep off
        self._taken: list[QRectF] | None = None

    # ------------------------------------------------------------------------------------------
    def plan(self, view: BalikView, width: float, height: float, options: LayoutOptions) -> Plan:
        f = frame(width, height, 0.6)
        W, H, s, M = f.W, f.H, f.s, f.M
        n = view.n_players
        me = self.viewer_seat(view)
        font = max(10.0, 0.022 * s)
        self._sep = options.line(font) * 0.2    # between a card and its words, or two lines
        self._font = font
        self._scene = QRectF(0, 0, W, H)
        plan = Plan()
        self._plan, self._taken = plan, None
        legal = set(view.legal)
        over = view.result is not None
        style = names.namer_style(options.card_namer)

        big = n <= 6
        # the card size grows the cards one reads: the person's hand, the stock and the pile
        hand_h = round((0.19 if big else 0.17) * s * options.card_scale)
        mid_h = round((0.15 if big else 0.12) * s * options.card_scale)
        fan_h = round((0.075 if big else 0.055) * s)
        self._fan_h = fan_h
        self._mid_h = mid_h
        panel_w = round(max(round(0.2 * s), round((0.11 if big else 0.095) * W)) * options.plate_scale)
        panel_h = round(0.066 * s * options.plate_scale)
        hand_top = H - M - hand_h * 1.14

        # the ring of the others: the human's place at the bottom, the next seat to their right
        cx, cy = W / 2, (M + hand_top) / 2
        self._centre = QPointF(cx, cy)
        rx = W / 2 - M - panel_w / 2
        ry = (hand_top - M) / 2 - panel_h / 2 - fan_h * 0.6
        self._seat_pos = {}
        self._reveal_pos = {}
        self._fans = {}
        self._plates = {}
        for q in range(n):
            if q == me:
                continue
            a = math.pi / 2 - 2 * math.pi * ((q - me) % n) / n
            self._seat_pos[q] = QPointF(cx + math.cos(a) * rx, cy + math.sin(a) * ry)

        # -- the human ----------------------------------------------------------------------------
        self._human(plan, view, me, W, H, M, hand_h, QPointF(cx, cy + ry), panel_w, panel_h, font, legal, over,
                    style, options)
        # -- the others ---------------------------------------------------------------------------
        for q, pos in list(self._seat_pos.items()):
            if q == me:
                continue
            self._other(plan, view, q, pos, panel_w, panel_h, fan_h, font, over, style, cx, cy)
        # -- the middle ---------------------------------------------------------------------------
        inner_w = 2 * (rx - panel_w / 2) - 0.04 * s
        self._middle(plan, view, me, QPointF(cx, cy), inner_w, mid_h, font, legal, over)

        plan.choices = self.choices(view, style)
        plan.keys = {int(KEYS[a.verb]): a for a in view.legal if a.verb in KEYS}
        drops = {a.card: a for a in view.legal if a.verb == "discard"}
        if drops:
            plan.drops.append(DropZone(QRectF(cx - rx * 0.55, cy - ry * 0.6, rx * 1.1, ry * 1.2), drops))
        clamp_to_scene(plan, W, H)
        labels_inside(plan, W)
        return plan

    # ------------------------------------------------------------------------------------------
    def _human(self, plan: Plan, view: BalikView, me: int, W: float, H: float, M: float, hand_h: float, seat: QPointF,
               panel_w: float, panel_h: float, font: float, legal: set, over: bool, style: str,
               options: LayoutOptions) -> None:
        """The hand across the bottom; the plate at the ring's lowest place, above the hand's middle
        (the buttons of a decision stand above it, where no card lies)."""
        wh = card_width(hand_h)
        hand_cy = H - M - hand_h / 2 - 0.05 * hand_h
        max_w = W - 2 * M
        result = view.result
        if result is not None:
            hands = result.details.get("hands") or []
            kinds = [kind_of(c) for c in hands[me]] if me < len(hands) else list(view.hand)
            groups = [sorted(kinds)]
            role = "reveal"
        elif options.sort_hand:
            groups = hand_groups(view)
            role = "hand"
        else:
            order = self.merge_hand_order(copy_keys(sorted(view.hand), "h"), False)
            groups = [[k[1] for k in order]]
            role = "hand"
        flat = copy_keys([k for g in groups for k in g], "h")
        if not options.sort_hand and not over:
            flat = self.merge_hand_order(flat, False)
        else:
            self.merge_hand_order(flat, True)
        total = len(flat)
        gap = 0.35 * wh
        sp = 1.02 * wh
        width = sp * (total - 1) + gap * (len(groups) - 1) if total else 0.0
        if total > 1 and width + wh > max_w:
            f = (max_w - wh) / width
            sp, gap, width = sp * f, gap * f, width * f
        x = W / 2 - width / 2
        drawn_i = -1     # the card just got: its last copy in the order shown
        if not over and view.drawn is not None:
            drawn_i = max((j for j, key in enumerate(flat) if key[1] == view.drawn), default=-1)
        i = 0
        frozen = bool(view.calls[me]) and not over
        exposed = list(view.exposed[me]) * 3 if not over and me < len(view.exposed) else []
        for gi, g in enumerate(groups):
            for _ in g:
                key = flat[i]
                kind = key[1]
                act = Action(me, "discard", kind)
                spec = CardSpec(key, kind, True, QPointF(x, hand_cy), hand_h, z=600 + i, role=role, seat=me,
                                action=act if act in legal else None, selectable=not over)
                if kind in exposed:
                    exposed.remove(kind)
                    spec.mark = "set_aside"
                    spec.tooltip = QCoreApplication.translate("BalikTable", "Laid open: it cannot be discarded")
                elif i == drawn_i:
                    spec.mark = "drawn"
                    spec.tooltip = QCoreApplication.translate("BalikTable", "The card you just got")
                elif frozen and spec.action is None:
                    spec.mark = "frozen"
                plan.cards.append(spec)
                x += sp
                i += 1
            if gi + 1 < len(groups):
                x += gap
        left = W / 2 - width / 2 - wh / 2
        plan.hand_rect = QRectF(left - wh, hand_cy - hand_h * 0.7, width + 3 * wh, hand_h * 1.4)
        rect = QRectF(seat.x() - panel_w / 2, seat.y() - panel_h / 2, panel_w, panel_h)
        plan.seats.append(self._seat(view, me, rect, over, style, human=True))
        self._seat_pos[me] = rect.center()
        self._reveal_pos[me] = QPointF(rect.right() + 0.6 * wh, seat.y() - 0.2 * hand_h)

    # ------------------------------------------------------------------------------------------
    def _other(self, plan: Plan, view: BalikView, q: int, pos: QPointF, panel_w: float, panel_h: float, fan_h: float,
               font: float, over: bool, style: str, cx: float, cy: float) -> None:
        rect = QRectF(pos.x() - panel_w / 2, pos.y() - panel_h / 2, panel_w, panel_h)
        plan.seats.append(self._seat(view, q, rect, over, style))
        self._plates[q] = rect
        w = card_width(fan_h)
        if view.result is not None:
            hands = view.result.details.get("hands") or []
            kinds: list[Kind | None] = [kind_of(c) for c in sorted(hands[q], key=names.by_value)] \
                if q < len(hands) else []
            sp = min(0.42 * w, (panel_w * 1.05 - w) / max(1, len(kinds) - 1))
            prefix = "rev"
        else:
            shown = [k for k in view.exposed[q] for _ in range(3)] if q < len(view.exposed) else []
            # a revealed card already in the drawer's hand lies apart, face up (see _revealed)
            apart = 1 if view.revealed is not None and view.revealed[1] == q and view.phase != "claim" else 0
            kinds = [None] * max(0, view.hand_counts[q] - len(shown) - apart) + list(shown)
            sp = min(0.22 * w, (panel_w - w) / max(1, len(kinds) - 1))
            prefix = "o"
        cnt = len(kinds)
        # the backs close together; exposed olo after a gap, wider apart so that they can be read
        steps = [0.0] + [sp if over or b is None else 0.85 * w if a is None else 0.55 * w
                         for a, b in zip(kinds, kinds[1:], strict=False)]
        xs = [sum(steps[:i + 1]) for i in range(cnt)]
        span = xs[-1] if xs else 0.0
        fan = self._toward_middle(pos, QPointF(cx, cy), panel_w, panel_h, span + w, fan_h * 1.1)
        self._fans[q] = fan
        fx, fy = fan.center().x(), fan.center().y()
        x0 = fx - span / 2
        for i, kind in enumerate(kinds):
            up = kind is not None
            tip = None
            if up and not over:
                tip = QCoreApplication.translate("BalikTable", "Laid open ({set})").format(
                    set=names.term(set_term(view.game_id), style))
            plan.cards.append(CardSpec(
                (prefix, q, i), kind, up, QPointF(x0 + xs[i], fy), fan_h, z=300 + 20 * q + i * 0.1,
                role="reveal" if over else "opponent", seat=q, tooltip=tip or self.seat_title(q),
                peek=(1.0, 1.0) if i + 1 == cnt else (min(1.0, steps[i + 1] / w + 0.02), 1.0)))

    @staticmethod
    def _toward_middle(pos: QPointF, c: QPointF, pw: float, ph: float, fw: float, fh: float) -> QRectF:
        """The fan's place: from the plate straight toward the middle, just clear of the plate (so
        that the fans of neighbouring seats, all drawn inward, keep apart)."""
        dx, dy = c.x() - pos.x(), c.y() - pos.y()
        d = math.hypot(dx, dy) or 1.0
        ux, uy = dx / d, dy / d
        tx = (pw + fw) / 2 / abs(ux) if abs(ux) > 1e-6 else math.inf
        ty = (ph + fh) / 2 / abs(uy) if abs(uy) > 1e-6 else math.inf
        t = min(tx, ty) + 0.1 * fh
        x, y = pos.x() + ux * t, pos.y() + uy * t
        return QRectF(x - fw / 2, y - fh / 2, fw, fh)

    def _seat(self, view: BalikView, q: int, rect: QRectF, over: bool, style: str, human: bool = False) -> SeatSpec:
        call = view.calls[q] if q < len(view.calls) else None
        badge = tip = ""
        if call:
            code = call_term(view.game_id, call)
            word = names.term(code, "javanese" if style == "javanese" else "latin")
            badge = word
            if view.game_id == "gonggong":
                # the source's coins: one for nocog, two stacked for kowah
                badge = ("● " if call == "ceki" else "●● ") + word
            tip = names.term_tooltip(code)
        winner = over and view.result is not None and q in view.result.winners
        return SeatSpec(seat=q, rect=rect, name=self.seat_title(q), count=view.hand_counts[q],
                        dealer=q == view.dealer, to_move=q in view.to_act and not over, badge=badge,
                        badge_tip=tip, winner=winner, human=human, extra=self._seat_extra(view, q))

    def _seat_extra(self, view: BalikView, q: int) -> str:
        """The plate's second line: Chot's points of the seat in the bangkong under way."""
        cv = view.carry_view
        if view.game_id != "chot" or cv is None or q >= len(cv.points):
            return ""
        return QCoreApplication.translate("BalikTable", "{points} pts ({ones}×1, {tens}×10)").format(
            points=cv.points[q], ones=cv.ones[q], tens=cv.tens[q])

    # ------------------------------------------------------------------------------------------
    def _middle(self, plan: Plan, view: BalikView, me: int, c: QPointF, inner_w: float, mid_h: float, font: float,
                legal: set, over: bool) -> None:
        showcase = view.result is not None and view.result.winners
        if showcase:
            # the end: the winner's sets take the middle, between the side seats
            self._showcase(plan, view, c, inner_w, mid_h, font)
        else:
            self._stock_and_pile(plan, view, me, c, mid_h, font, legal, over)
        # the words under the middle: the result, the pot, Chot's sides
        self._notes(plan, view, c, mid_h, font, over)
        if not showcase:
            self._revealed(plan, view, me)    # last: it keeps off everything else

    def _stock_and_pile(self, plan: Plan, view: BalikView, me: int, c: QPointF, mid_h: float, font: float, legal: set,
                        over: bool) -> None:
        wm = card_width(mid_h)
        small_h = round(mid_h * 0.62)
        ws = card_width(small_h)
        stock_x = c.x() - 1.9 * wm
        sc = view.stock_count
        draw_a = Action(me, "draw")
        shown = 0 if sc == 0 else min(sc, 1 + sc // 20, 6)
        off = max(1.0, 0.012 * mid_h)
        tip = names.counted(QCoreApplication.translate("BalikTable", "Stock: %n card(s)", None, sc), sc)
        for i in range(shown):
            plan.cards.append(CardSpec(("stock", i), None, False, QPointF(stock_x - i * off, c.y() - i * off), mid_h,
                                       z=100 + i, role="stock", action=draw_a if draw_a in legal else None,
                                       strong=True, tooltip=tip))
        top_off = max(0, shown - 1) * off
        self._stock = (QPointF(stock_x - top_off, c.y() - top_off), mid_h)
        plan.slots.append(QRectF(stock_x - wm / 2, c.y() - mid_h / 2, wm, mid_h))
        plan.labels.append(LabelSpec(("stock",), str(sc), self._under(QPointF(stock_x, c.y() + mid_h / 2), str(sc),
                                                                      font * 0.95),
                                     font * 0.95, "count",
                                     QCoreApplication.translate("BalikTable", "Cards left in the stock")))
        self._pile(plan, view, me, c, mid_h, wm, small_h, ws, font, legal)

    def _notes(self, plan: Plan, view: BalikView, c: QPointF, mid_h: float, font: float, over: bool) -> None:
        """Under the middle: a drawn hand's reason, the pot, Chot's sides and bangkong record."""
        notes: list[tuple[Hashable, str, str, str]] = []    # key, text, style, tooltip
        if view.result is not None and not view.result.winners:
            d = view.result.details
            text = (QCoreApplication.translate("BalikTable", "Dealt again") if d.get("replay")
                    else QCoreApplication.translate("BalikTable", "Drawn hand"))
            notes.append((("result",), text, "winner", ""))
        cv = view.carry_view
        if cv is not None and cv.pot:
            notes.append((("pot",), QCoreApplication.translate("BalikTable", "Pot: {money}").format(
                money=names.format_money(cv.pot, signed=False)), "count", ""))
        if view.game_id == "chot" and cv is not None and view.sides:
            for i, line in enumerate(side_lines(cv, view.sides, [self.seat_title(q) for q in range(view.n_players)])):
                notes.append((("chot", i), line, "count", names.term_tooltip("bangkong")))
        # under the stock's count (or the score's cards), a line apart
        y = c.y() + mid_h * 0.5 + text_height("0", font * 0.95) + 6 * self._sep
        if view.result is not None and view.result.winners:
            y = c.y() + mid_h * 1.25 + 4 * self._sep
        for key, text, st, tip in notes:
            h = text_height(text, font * 0.9, st != "count")
            plan.labels.append(LabelSpec(key, text, QPointF(c.x(), y + h / 2), font * 0.9, st, tip))
            y += h + self._sep

    def _under(self, edge: QPointF, text: str, size: float, bold: bool = False) -> QPointF:
        """Where a label of ``text`` goes just under a card whose bottom edge's middle is ``edge``."""
        return QPointF(edge.x(), edge.y() + self._sep + text_height(text, size, bold) / 2)

    def _over(self, edge: QPointF, text: str, size: float, bold: bool = False) -> QPointF:
        """Where a label of ``text`` goes just over a card whose top edge's middle is ``edge``."""
        return QPointF(edge.x(), edge.y() - self._sep - text_height(text, size, bold) / 2)

    def _free_span(self, c: QPointF, inner_w: float, top: float, bottom: float) -> tuple[float, float]:
        """The x range of the middle between the side seats' fans and plates, from ``top`` to
        ``bottom`` (a seat straight above or below the middle bounds no side)."""
        left, right = c.x() - inner_w / 2, c.x() + inner_w / 2
        for r in (*self._fans.values(), *self._plates.values()):
            if r.bottom() < top or r.top() > bottom:
                continue
            if r.right() <= c.x():
                left = max(left, r.right())
            elif r.left() >= c.x():
                right = min(right, r.left())
        return left, right

    def _pile(self, plan: Plan, view: BalikView, me: int, c: QPointF, mid_h: float, wm: float, small_h: float,
              ws: float, font: float, legal: set) -> None:
        """The top discard large beside the stock, its thrower named above it; the few before it
        small, to its right, the newest nearest."""
        pile = list(view.discards)
        if not pile:
            plan.slots.append(QRectF(c.x() - wm / 2, c.y() - mid_h / 2, wm, mid_h))
            return
        take_a = Action(me, "take")
        n = len(pile)
        top_kind, thrower = pile[-1]
        plan.cards.append(CardSpec(("pile", n - 1), top_kind, True, c, mid_h, z=260, role="pile",
                                   action=take_a if take_a in legal else None, strong=True,
                                   tooltip=QCoreApplication.translate("BalikTable", "Thrown by {name}").format(
                                       name=self.seat_title(thrower))))
        plan.labels.append(LabelSpec(("thrower",), self.seat_title(thrower),
                                     self._over(QPointF(c.x(), c.y() - mid_h / 2), self.seat_title(thrower),
                                                font * 0.85), font * 0.85, "count",
                                     QCoreApplication.translate("BalikTable", "Who threw the top discard")))
        x0 = c.x() + wm / 2 + 0.15 * wm + ws / 2
        sp = 0.7 * ws
        older = pile[max(0, n - 1 - PILE_SHOWN):n - 1]
        for j, (kind, who) in enumerate(reversed(older)):
            idx = n - 2 - j
            plan.cards.append(CardSpec(
                ("pile", idx), kind, True, QPointF(x0 + j * sp, c.y() + (mid_h - small_h) / 2), small_h,
                z=250 - j, role="pile", dim=True,
                tooltip=QCoreApplication.translate("BalikTable", "Thrown by {name}").format(name=self.seat_title(who)),
                peek=(1.0, 1.0)))

    def _revealed(self, plan: Plan, view: BalikView, me: int) -> None:
        """A drawn stock card lying face up after a call, near its drawer, "… drew" over it."""
        rev = view.revealed
        if rev is None or (rev[1] == me and view.phase != "claim"):
            return      # the person's own card is in their hand, marked as just drawn
        kind, drawer = rev
        pos = self._reveal_spot(drawer)
        h = self._reveal_h()
        mine = view.claim is not None and view.phase == "claim" and me in view.to_act
        plan.cards.append(CardSpec(("revealed",), kind, True, pos, h, z=900, role="reveal", seat=drawer,
                                   mark="win" if mine else "drawn",
                                   tooltip=QCoreApplication.translate("BalikTable", "Drawn by {name}, face up").format(
                                       name=self.seat_title(drawer))))
        text = self._drew(drawer)
        size = self._font * 0.85
        plan.labels.append(LabelSpec(("revealed",), text, self._over(QPointF(pos.x(), pos.y() - h / 2), text,
                                                                     size, True), size, "banner"))

    def _reveal_h(self) -> float:
        return round(self._mid_h * 1.05)

    def _drew(self, q: int) -> str:
        return QCoreApplication.translate("BalikTable", "{name} drew").format(name=self.seat_title(q))

    def _reveal_spot(self, q: int) -> QPointF:
        """Where seat ``q``'s revealed draw lies (its card's centre), found once a plan: the first of
        :meth:`_reveal_places` where the card and its words lie on no card, label or plate of the
        plan (the top seat's, straight on the way to the pile, had reached the thrower's name over
        it), else the first where they cover fewest."""
        if q not in self._reveal_pos:
            taken = self._taken_rects()
            room = self._reveal_block(q, QPointF())     # round a card centred at (0, 0)

            def cost(at: QPointF) -> tuple[bool, int]:
                block = room.translated(at)
                return not self._scene.contains(block), sum(block.intersects(r) for r in taken)

            def clear(at: QPointF) -> bool:
                block = room.translated(at)
                return self._scene.contains(block) and not any(block.intersects(r) for r in taken)

            free = next((at for at in self._reveal_places(q) if clear(at)), None)
            self._reveal_pos[q] = free if free is not None else min(self._reveal_places(q), key=cost)
        return self._reveal_pos[q]

    def _reveal_places(self, q: int) -> Iterator[QPointF]:
        """The places a revealed draw of another seat may take, best first: on the way from the
        plate to the middle, nearest first (just past the seat's fan), or a little to either side
        of the way (off a neighbour's fan); then beside the fan, then beside the plate and fan, the
        side toward the middle first, the words level with the top or the card with the middle."""
        p, c = self._seat_pos[q], self._centre
        dx, dy = c.x() - p.x(), c.y() - p.y()
        d = math.hypot(dx, dy) or 1.0
        step = 0.3 * self._reveal_h()
        sx, sy = -dy / d * step, dx / d * step      # a step across the way
        for i in range(1, 21):
            x, y = p.x() + dx * i / 20, p.y() + dy * i / 20
            for k in (0, 1, -1, 2, -2):
                yield QPointF(x + k * sx, y + k * sy)
        b = self._reveal_block(q, QPointF())     # the block round a card centred at (0, 0)
        for box in (self._fans[q], self._plates[q].united(self._fans[q])):
            xs = (box.right() - b.left(), box.left() - b.right())
            for x in xs if p.x() <= c.x() else reversed(xs):
                for y in (box.top() - b.top(), box.center().y() - b.center().y()):
                    yield QPointF(x, y)

    def _reveal_block(self, q: int, at: QPointF) -> QRectF:
        """The room a revealed draw of seat ``q`` takes with its card's centre at ``at``: the card,
        its words over it, a little room round them."""
        text, size, h = self._drew(q), self._font * 0.85, self._reveal_h()
        w = max(card_width(h), text_width(text, size, True))
        top = at.y() - h / 2 - self._sep - text_height(text, size, True)
        m = 2 * self._sep     # (the pill drawn is a little larger than its text measured)
        return QRectF(at.x() - w / 2 - m, top - m, w + 2 * m, at.y() + h / 2 - top + 2 * m)

    def _taken_rects(self) -> list[QRectF]:
        """The cards, labels and plates of the last plan but a revealed draw's own."""
        if self._taken is None:
            plan = self._plan
            self._taken = [*(card_rect(c) for c in plan.cards if c.key != ("revealed",)),
                           *(label_rect(lab) for lab in plan.labels if lab.key != ("revealed",)),
                           *(s.rect for s in plan.seats)]
        return self._taken

    def _showcase(self, plan: Plan, view: BalikView, c: QPointF, inner_w: float, mid_h: float, font: float) -> None:
        """The winner's sets in the middle, between the side seats, the cards turned for the score
        under them (those a swap took in marked), and the score."""
        left, right = self._free_span(c, inner_w, c.y() - mid_h * 0.7, c.y() + mid_h * 1.3)
        d = view.result.details if view.result is not None else {}
        sets = [[kind_of(k) for k in st] for st in d.get("sets") or []]
        turned = [kind_of(k) for k in d.get("turned") or []]
        swapped_in = [kind_of(into) for _out, into in d.get("swaps") or []]
        winner = d.get("winner")
        win_card = kind_of(d["card"]) if d.get("card") else None
        total = sum(len(st) for st in sets)
        x_left = left + 0.05 * mid_h
        avail = right - 0.05 * mid_h - x_left
        # as large as fits, up to the stock's size: card widths of the row, the gaps between sets included
        units = 1.02 * (total - 1) + 0.35 * max(0, len(sets) - 1) + 1 if total else 1
        h = min(mid_h, avail / units * card_ratio() * 0.98)
        h = max(h, mid_h * 0.45)
        w = card_width(h)
        gap = 0.35 * w
        sp = 1.02 * w
        width = sp * (total - 1) + gap * max(0, len(sets) - 1) if total else 0.0
        if total > 1 and width + w > avail:
            f = (avail - w) / width
            sp, gap, width = sp * f, gap * f, width * f
        x = x_left + w / 2 + max(0.0, (avail - width - w) / 2)
        sets_left = x - w / 2
        i = 0
        kena = list(swapped_in)
        win_marked = False
        y = c.y() - mid_h * 0.15
        for st in sets:
            for k in st:
                mark, tip = None, None
                if k in kena:
                    kena.remove(k)
                    mark = "drawn"
                    tip = names.term_tooltip("kena")
                elif win_card is not None and k == win_card and not win_marked:
                    win_marked = True
                    mark = "win"
                plan.cards.append(CardSpec(("set", i), k, True, QPointF(x, y), h, z=700 + i, role="reveal",
                                           mark=mark, tooltip=tip))
                x += sp
                i += 1
            x += gap
        if turned:
            self._turned(plan, turned, swapped_in, c, inner_w, sets_left, y + h / 2, mid_h, font)
        if isinstance(winner, int):
            total_pts = d.get("total", 0)
            text = QCoreApplication.translate("BalikTable", "{name}: {total}").format(
                name=self.seat_title(winner), total=names.counted(QCoreApplication.translate(
                    "BalikTable", "%n point(s)", None, total_pts), total_pts))
            plan.labels.append(LabelSpec(("result",), text, self._over(QPointF(c.x(), y - h / 2), text, font * 1.05,
                                                                       True), font * 1.05, "winner"))

    def _turned(self, plan: Plan, turned: list[Kind], swapped_in: list[Kind], c: QPointF, inner_w: float,
                sets_left: float, top: float, mid_h: float, font: float) -> None:
        """The cards turned for the score in a row under the winner's sets (whose bottom is ``top``),
        from under the sets' first card, "Turned for the score" over the row; the row and its words
        kept between the side seats' fans and plates at their height (the words, wider than a single
        turned card, had reached a side seat's fan); those a swap took in greyed."""
        label = QCoreApplication.translate("BalikTable", "Turned for the score")
        size = font * 0.8
        lh = text_height(label, size)
        th = round(mid_h * 0.55)
        tw = card_width(th)
        ty = top + 3 * self._sep + lh + th / 2
        left, right = self._free_span(c, inner_w, top, ty + th / 2)
        left, right = left + 0.05 * mid_h, right - 0.05 * mid_h
        n = len(turned)
        tsp = min(1.02 * tw, (right - left - tw) / max(1, n - 1))
        row = tsp * (n - 1) + tw
        block = max(row, text_width(label, size))
        x0 = max(min(sets_left, right - block), left) if block <= right - left else (left + right - block) / 2
        tx = x0 + (block - row) / 2 + tw / 2
        used = list(swapped_in)
        for j, k in enumerate(turned):
            taken = k in used
            if taken:
                used.remove(k)
            plan.cards.append(CardSpec(("turned", j), k, True, QPointF(tx + j * tsp, ty), th, z=800 + j,
                                       role="reveal", dim=taken, tooltip=label))
        plan.labels.append(LabelSpec(("turned",), label, self._over(QPointF(x0 + block / 2, ty - th / 2), label, size),
                                     size, "count"))

    # ------------------------------------------------------------------------------------------
    def choices(self, view: BalikView, style: str = "latin") -> list[ChoiceSpec]:
        """Call or keep quiet, claim or let go, win: buttons at the human's plate."""
        out = []
        for verb in CHOICE_VERBS:
            for a in view.legal:
                if a.verb != verb:
                    continue
                label, tip = self._choice_words(view, a, style)
                out.append(ChoiceSpec(a, label, action=a, anchor=view.viewer, group=view.phase, tooltip=tip,
                                      shortcut=int(KEYS[verb])))
        return out

    @staticmethod
    def _choice_words(view: BalikView, a: Action, style: str) -> tuple[str, str]:
        v = a.verb
        if v == "call":
            code = call_term(view.game_id, call_of(view.game_id, view.hand))
            return (QCoreApplication.translate("BalikTable", "Call {call}").format(call=names.term(code, style)),
                    QCoreApplication.translate("BalikTable", "{call} (key C). From now on every card drawn from "
                                                             "the stock is shown, and you may claim the one that "
                                                             "wins for you.").format(call=names.term_tooltip(code)))
        if v == "no_call":
            return (QCoreApplication.translate("BalikTable", "Don't call"),
                    QCoreApplication.translate("BalikTable", "Keep your waiting hand to yourself for now (key K)"))
        if v == "pass":
            return (QCoreApplication.translate("BalikTable", "Let it go"),
                    QCoreApplication.translate("BalikTable", "Do not claim this card (key P)"))
        if v == "claim":
            return (QCoreApplication.translate("BalikTable", "Sampèi! Claim it"),
                    QCoreApplication.translate("BalikTable", "This card completes your hand: take it and win (key S)"))
        return (QCoreApplication.translate("BalikTable", "Sampèi! Win"),
                QCoreApplication.translate("BalikTable", "Your hand is complete: show it and win (key S)"))

    # ------------------------------------------------------------------------------------------
    def choreograph(self, events: Sequence[Event], old: dict[Hashable, Any], new: Plan, view: BalikView,
                    played_key: Any = None) -> Choreo:
        ch = Choreo()
        newk = new.by_key()
        pr = Pairing(ch, old, newk)
        me = self.human
        stock_pos, stock_h = self._stock
        for e in events:
            t, p = e.type, e.player
            if t == "deal":
                ch.deal = True
            elif t == "draw" and p is not None:
                self._drawn(ch, pr, e, p, me, stock_pos, stock_h, newk)
            elif t == "take" and p is not None:
                ok = pr.last_vanished(lambda k: k[0] == "pile")
                nk = self._new_in_hand(pr, p, me, e.data.get("card"))
                if nk is not None and ok is not None:
                    pr.reuse(nk, ok)
            elif t == "discard" and p is not None:
                nk = ("pile", len(view.discards) - 1)
                if nk not in newk or nk in pr.used_new:
                    continue
                code = e.data.get("card")
                if p == me:
                    ok = played_key if played_key in old and played_key not in newk else None
                    ok = ok or pr.last_vanished(lambda k: k[0] == "h" and k[1].code == code)
                elif ("revealed",) in old and ("revealed",) not in newk and old[("revealed",)].kind.code == code:
                    ok = ("revealed",)      # the revealed card itself is thrown
                else:
                    ok = pr.last_vanished(partial(_in_fan, p))
                if ok is not None:
                    pr.reuse(nk, ok)
            elif t in ("claim", "win") and ("revealed",) in old and ("revealed",) not in pr.used_old:
                code = e.data.get("card")
                nk = pr.first_new(lambda k: k[0] == "set" and kind_code(newk[k].kind) == code)
                if nk is not None:
                    pr.reuse(nk, ("revealed",))
                    ch.delay[nk] = 0.3
                    ch.banners.append(("result",))
            elif t == "call" and p is not None:
                ch.banners.append(("thrower",))
            elif t in ("exhausted", "no_draw", "replay"):
                ch.banners.append(("result",))
        if ("revealed",) in old and ("revealed",) not in newk:
            # nobody claimed it: into the drawer's hand
            nk = pr.first_new(lambda k: k[0] in ("h", "o"))
            if nk is not None:
                pr.reuse(nk, ("revealed",))
        if ch.deal:
            self._deal(ch, new, view)
        return ch

    def _new_in_hand(self, pr: Pairing, p: int, me: int, code: Any) -> Any:
        if p == me:
            nk = pr.first_new(lambda k: k[0] == "h" and (code is None or k[1].code == code))
            return nk if nk is not None else pr.first_new(lambda k: k[0] == "h")
        return pr.first_new(partial(_in_fan, p))

    def _drawn(self, ch: Choreo, pr: Pairing, e: Event, p: int, me: int, stock_pos: QPointF, stock_h: float,
               newk: dict) -> None:
        """A draw: from the stock into the hand; a revealed one face up first, at its drawer's place,
        long enough to read, then on (or it stays there while it may be claimed)."""
        code = e.data.get("card") or (e.secret or {}).get("card")
        if e.data.get("revealed") and ("revealed",) in newk and ("revealed",) not in pr.used_new:
            ch.start[("revealed",)] = (stock_pos, True, 0.0, stock_h)
            pr.used_new.add(("revealed",))
            return
        nk = self._new_in_hand(pr, p, me, code)
        if nk is None:
            return
        pr.used_new.add(nk)
        if e.data.get("revealed"):
            spot = self._reveal_spot(p) if p in self._seat_pos else stock_pos
            ch.start[nk] = (spot, True, 0.0, stock_h * 1.05)
            ch.delay[nk] = 1.6
        else:
            ch.start[nk] = (stock_pos, False, 0.0, stock_h)

    def _deal(self, ch: Choreo, new: Plan, view: BalikView) -> None:
        """Seven cards at a time from the stock, from the first player anticlockwise, the extra card
        to the first player, then seven more (the source's deal)."""
        n = view.n_players
        per_seat: dict[int, list] = {q: [] for q in range(n)}
        for c in new.cards:
            if c.role in ("hand", "opponent") and 0 <= c.seat < n:
                per_seat[c.seat].append(c.key)
        pos, h = self._stock
        start = (pos, False, 0.0, h)
        for j in range(n):
            q = (view.first + j) % n
            for r, key in enumerate(per_seat[q]):
                ch.start[key] = start
                ch.delay[key] = ((r // 7) * n + j) * 0.25 + (r % 7) * 0.03
                ch.reuse.pop(key, None)

    @staticmethod
    def shortcuts() -> list[tuple[str, str]]:
        return [
            ("D / T", QCoreApplication.translate("TableWidget", "Balik Satu: draw from the stock, take the discard")),
            ("C / K", QCoreApplication.translate("TableWidget", "Balik Satu: call, or keep quiet")),
            ("S / P", QCoreApplication.translate("TableWidget", "Balik Satu: win or claim (sampèi!), let a card go")),
        ]


for _gid in GAME_IDS:
    register_layout(_gid, type(f"BalikLayout_{_gid.replace('-', '_')}", (BalikLayout,), {"game_id": _gid}))
