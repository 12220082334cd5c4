"""The Pèi table (RULINGS §3): three seats — the human at the bottom, the others at the upper left
and upper right, placed so that play (raja → patih → unyik) goes anticlockwise on the screen: the
seat after the human in play order sits on the right.

The middle is the face-down stock with its count, the face-up last card beside it (the unyik's last
draw), the card only this player has seen (the patih's peek; in la pêche the unyik's), and the pool,
laid out by rank in a square around the stock as the source describes: nines and ones in front of
the raja, eights and twos in front of the patih, sevens, threes and fives in front of the unyik,
sixes and fours on the dealer's side (the fourth side, opposite the human: the table deals).  Each
rank has a fixed place for each of its kinds, copies of a kind are stacked.

Every seat shows its name plate, its role and running score, and its captured cards (public)
grouped as the best arrangement groups them: each combination, then the loose cards, as a stack
with a count ("×5") whose cards are never covered past their index (the corner and the frame that
tells the rank).  The hand's cards are no larger than the pool's where the middle has room for
that.  A card waiting for a capture choice is shown large beside the stock, and the pool cards it
may capture glow.  At the end of the round every group carries its points, and each seat its total
and rank.
"""
from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt

from cekidesk.engine.cards import ALL_KINDS, Kind
from cekidesk.engine.core import Action, Event
from cekidesk.games.pei.rules import PeiOptions, PeiView, rank_of, score_cards

from ...foundations.cardpics import card_ratio, card_width
from ...foundations.names import counted
from ...table.layouts import (
    CardSpec,
    Choreo,
    DropZone,
    LabelSpec,
    LayoutOptions,
    Pairing,
    Plan,
    SeatSpec,
    TableLayout,
    clamp_to_scene,
    register_layout,
    text_height,
    text_width,
)

# the ranks laid out in front of each role, and on the dealer's side (the source's square)
SIDE_RANKS: dict[str, tuple[int, ...]] = {
    "raja": (9, 1, 10),      # (10: the RF/OT/M1 rank of the ten_rank option, beside the ones)
    "patih": (8, 2),
    "unyik": (7, 3, 5),
    "dealer": (6, 4),
}
ROLE_KEYS = ("raja", "patih", "unyik")
# how much of a card's width a card of the next kind in a captured stack leaves uncovered: the
# corner code, the frame that tells the rank and the edge of the picture that tells the suit
INDEX_STEP = 0.5
# how much of a card's height the next copy of the same kind leaves uncovered in a stack: the
# corner code and the top of the frame
PILE_STEP = 0.14
# the keys a capture choice answers to (1 … 6: at most six kinds of one rank)
CHOICE_KEYS = (Qt.Key.Key_1, Qt.Key.Key_2, Qt.Key.Key_3, Qt.Key.Key_4, Qt.Key.Key_5, Qt.Key.Key_6, Qt.Key.Key_7,
               Qt.Key.Key_8, Qt.Key.Key_9)

_ROLE_TEXT = {
    "raja": lambda: QCoreApplication.translate("TableWidget", "raja"),
    "patih": lambda: QCoreApplication.translate("TableWidget", "patih"),
    "unyik": lambda: QCoreApplication.translate("TableWidget", "unyik"),
}
_RANK_TEXT = (
    lambda: QCoreApplication.translate("TableWidget", "ngeté"),
    lambda: QCoreApplication.translate("TableWidget", "tengah"),
    lambda: QCoreApplication.translate("TableWidget", "kete"),
)


def _kind(code: object) -> Kind:
    return code if isinstance(code, Kind) else Kind.parse(str(code))


def rank_kinds(options: PeiOptions) -> dict[int, list[Kind]]:
    """The kinds of each rank (1–9, and 10 with ``ten_rank``), in a fixed order."""
    out: dict[int, list[Kind]] = {}
    for k in ALL_KINDS:
        out.setdefault(rank_of(k, options), []).append(k)
    for r in out:
        out[r].sort(key=lambda k: (not k.is_honour, k.value))   # flowers and Old Thousand first
    return out


def hand_sort_key(kind: Kind, options: PeiOptions) -> tuple[int, int]:
    """The human's hand by rank (the iyo cards together), then by kind."""
    return rank_of(kind, options), kind.value


def _columns(kinds: Sequence[Kind]) -> list[tuple[Kind, int]]:
    """A group's cards as (kind, copies) in the order the kinds first come: one column of a stack
    per kind, its copies piled."""
    counts: dict[Kind, int] = {}
    for k in kinds:
        counts[k] = counts.get(k, 0) + 1
    return list(counts.items())


# the hand's card height, as a share of the table's size (and the most a pool card gets)
HAND_SHARE = 0.19
# the least the hand's cards shrink to (as a share) so that the pool's are as large
HAND_MIN = 0.12
# the least share of the width an opponent's column of captured cards narrows to for the pool
COLUMN_MIN = 0.15
# the bottom band's height in hand-card heights (the lifted selection above, a margin below)
HAND_BAND = 1.19

# the pool square, in units of a pool card's height (a card 1 high, 1/ratio wide)
_U_W = 1 / card_ratio()
_PITCH = 1.08 * _U_W       # between two kinds of one rank
_RGAP = 0.5 * _U_W         # between two ranks
_DY = 0.15                 # a stacked copy shows this much of the card below
_ROW_H = 1 + 2 * _DY       # a row leaves room for three stacked copies
_VGAP = 0.12
_SGAP = 0.6 * _U_W         # between a side block and the centre column
_PEND_H = 1.3              # the card waiting for a capture choice, larger


def _hrow_width(ranks: dict[int, list[Kind]], rs: list[int]) -> float:
    n = sum(len(ranks[r]) for r in rs)
    return n * _PITCH - (_PITCH - _U_W) + _RGAP * max(0, len(rs) - 1) if n else 0.0


def _vblock(ranks: dict[int, list[Kind]], rs: list[int]) -> tuple[float, float]:
    wmax = max((len(ranks[r]) * _PITCH - (_PITCH - _U_W) for r in rs), default=0.0)
    return wmax, len(rs) * _ROW_H + max(0, len(rs) - 1) * _VGAP


def _square(ranks: dict[int, list[Kind]], sides: dict[str, str]) -> tuple:
    """The pool square's parts in pool-card units: the ranks on each screen side, the left and right
    blocks' widths, the centre column's width and height, the whole width and height."""
    side_ranks = {side: [r for r in SIDE_RANKS[role] if r in ranks] for role, side in sides.items()}
    band_w = 0.85 * _U_W + 3 * _U_W + _PEND_H * _U_W + 4 * 0.35 * _U_W   # peek, stock, last, pending
    band_h = max(1.0, _PEND_H)
    lw, lh = _vblock(ranks, side_ranks["left"])
    rw, rh = _vblock(ranks, side_ranks["right"])
    cw = max(_hrow_width(ranks, side_ranks["top"]), _hrow_width(ranks, side_ranks["bottom"]), band_w)
    ch = _ROW_H + _VGAP * 2 + band_h + _ROW_H
    total_w = lw + _SGAP + cw + _SGAP + rw
    return side_ranks, lw, rw, cw, ch, total_w, max(ch, lh, rh)


def _keys_for(kinds: Sequence[Kind], prefix: tuple) -> list[tuple]:
    """Stable keys prefix + (kind, n) for a multiset of kinds: the n-th copy of each kind."""
    seen: dict[Kind, int] = {}
    out = []
    for k in kinds:
        n = seen.get(k, 0)
        seen[k] = n + 1
        out.append(prefix + (k, n))
    return out


class PeiLayout(TableLayout):
    game_id = "pei"
    game_keys = (int(Qt.Key.Key_D),) + tuple(int(k) for k in CHOICE_KEYS)

    def __init__(self, seat_names: Sequence[str], human_seat: int):
        super().__init__(seat_names, human_seat)
        self._stock_pos = QPointF()
        self._stock_h = 0.0
        self.sides: dict[str, str] = {}        # role/"dealer" -> "bottom", "right", "top", "left"
        self.seat_side: dict[int, str] = {}    # seat -> "bottom", "right", "left"
        self.choice_keys: dict[int, Action] = {}

    # ------------------------------------------------------------------------------------------
    # hand order (drag to reorder when the hand is not sorted automatically)
    def _hand_order(self, view: PeiView, sort: bool) -> list[tuple]:
        kinds = sorted(view.hand, key=lambda k: hand_sort_key(k, view.options))
        keys = _keys_for(kinds, ("h",))
        return self.merge_hand_order(keys, sort)


    # ------------------------------------------------------------------------------------------
    def _name(self, seat: int) -> str:
        return self.seat_title(seat)

    def place_seats(self, view: PeiView) -> dict[int, str]:
        """Seat → screen side.  The human at the bottom; the next in play order on the right, the
        one after on the left (play goes anticlockwise)."""
        me = self.human
        roles = list(view.roles)
        r = roles.index(me)
        right = roles[(r + 1) % 3]
        left = roles[(r + 2) % 3]
        return {me: "bottom", right: "right", left: "left"}

    # ------------------------------------------------------------------------------------------
    def plan(self, view: PeiView, width: float, height: float, options: LayoutOptions) -> Plan:
        W, H = float(width), float(height)
        me = self.human if 0 <= self.human < view.n_players else view.viewer
        self.human = me
        s = max(240.0, min(H, 0.62 * W)) * options.card_scale
        M = max(6.0, 0.012 * s)
        gap = 0.012 * s
        plan = Plan()
        legal = set(view.legal)
        over = view.result is not None
        opts = view.options
        ranks = rank_kinds(opts)

        seat_side = self.place_seats(view)
        self.seat_side = seat_side
        side_of_seat = {"bottom": "bottom", "right": "right", "left": "left"}
        self.sides = {ROLE_KEYS[i]: side_of_seat[seat_side[view.roles[i]]] for i in range(3)}
        self.sides["dealer"] = "top"

        panel_h = round(0.07 * s * options.plate_scale)
        back_h = round(0.085 * s)
        cap_h = round(0.1 * s)
        col_w = max(0.2 * W, 4 * card_width(cap_h))             # the opponents' captured cards
        col_top = M + max(panel_h, back_h) + gap
        hand_h = round(HAND_SHARE * s)
        if not over:
            hand_h, col_w = self._hand_and_columns(ranks, W, H, s, M, gap, col_w, col_top)

        # -- captured cards arranged (public): groups of (kinds, points, code)
        arrangements = []
        for q in range(view.n_players):
            arr = score_cards(view.captured[q], opts)
            groups = [(list(c.cards), c.points, c.code) for c in arr.combos]
            if arr.loose:
                groups.append((sorted(arr.loose, key=lambda k: hand_sort_key(k, opts)), arr.loose_points, ""))
            arrangements.append(groups)

        # ============================================================================ bottom band
        hand_top = H - M - HAND_BAND * hand_h                      # with the lifted selection
        if over:
            col_w = 0.39 * W                                    # the pool is (nearly) empty: room
        z = _Sizes(W=W, H=H, s=s, M=M, gap=gap, font=max(9.0, 0.021 * s), small=max(8.0, 0.0175 * s),
                   panel_w=round(0.2 * s), panel_h=panel_h, back_h=back_h, col_w=col_w, col_top=col_top,
                   hand_h=hand_h, hand_top=hand_top, hand_cy=hand_top + 0.13 * hand_h + hand_h / 2, over=over)

        for seat, side in seat_side.items():
            if side != "bottom":
                self._opponent(plan, view, z, seat, side == "left", arrangements[seat])
        hand_l, hand_r = self._person(plan, view, z, me, options, arrangements[me])

        # ============================================================================ the middle
        mid_top = col_top
        mid_bot = hand_top - gap
        box = QRectF(M + col_w + gap, mid_top, W - 2 * (M + col_w + gap), max(40.0, mid_bot - mid_top))
        if over:
            self._leftovers(plan, view, box, cap_h, z.small)
        else:
            self._middle(plan, view, box, s, z.font, z.small, ranks, legal, me, over)

        # the capture choice: a clear word above the hand
        if view.phase == "capture" and view.current == me and not over:
            plan.labels.append(LabelSpec(("choose",), QCoreApplication.translate(
                "TableWidget", "Choose which card to capture"), QPointF((hand_l + hand_r) / 2, hand_top + z.font * 0.2),
                z.font * 1.1, "winner"))

        # keys
        keys: dict[int, Action] = {}
        draw_a = Action(me, "draw")
        if draw_a in legal:
            keys[int(Qt.Key.Key_D)] = draw_a
        keys.update({int(k): a for k, a in self.choice_keys.items()})
        plan.keys = keys
        drops = {a.card: a for a in view.legal if a.verb == "play"}
        if drops:
            plan.drops.append(DropZone(QRectF(M, mid_top, W - 2 * M, max(1.0, mid_bot - mid_top)), drops))
        clamp_to_scene(plan, W, H)
        return plan

    def _opponent(self, plan: Plan, view: PeiView, z: _Sizes, seat: int, outer_left: bool,
                  captured: list[tuple[list[Kind], int, str]]) -> None:
        """Another player in their half of the top: the plate at the outer edge, the hand as a small fan
        of backs beside it (towards the middle), role and score beside the backs, and their captured
        cards in a column on their side, down to the hand."""
        W, M, gap, panel_w, panel_h, back_h = z.W, z.M, z.gap, z.panel_w, z.panel_h, z.back_h
        half = (W - 3 * M) / 2
        x0 = M if outer_left else 2 * M + half
        x1 = x0 + half
        px = x0 if outer_left else x1 - panel_w
        panel = QRectF(px, M, panel_w, panel_h)
        plan.seats.append(self._seat(view, seat, panel, z.over))
        cnt = view.hand_counts[seat]
        bw = card_width(back_h)
        sp = 0.2 * bw
        fan_w = bw + 13 * sp
        by = M + back_h / 2
        bx0 = px + panel_w + gap + bw / 2 if outer_left else px - gap - fan_w + bw / 2
        for i in range(cnt):
            plan.cards.append(CardSpec(("o", seat, i), None, False, QPointF(bx0 + i * sp, by), back_h,
                                       z=300 + 20 * seat + i * 0.1, role="opponent", seat=seat,
                                       tooltip=self._name(seat),
                                       peek=(sp / bw + 0.02, 1.0) if i + 1 < cnt else (1.0, 1.0)))
        lx = bx0 + fan_w - bw / 2 + gap if outer_left else bx0 - bw / 2 - gap
        self._role_labels(plan, view, seat, lx, M + max(panel_h, back_h) / 2, z.font, grow_right=outer_left)
        cx0 = M if outer_left else W - M - z.col_w
        region = QRectF(cx0, z.col_top, z.col_w, max(20.0, z.hand_top - gap - z.col_top))
        h_max = round(0.15 * z.s) if z.over else round(0.14 * z.s)
        self._captured(plan, view, seat, captured, region, h_max, z.small, z.over,
                       align="left" if outer_left else "right")

    def _person(self, plan: Plan, view: PeiView, z: _Sizes, me: int, options: LayoutOptions,
                captured: list[tuple[list[Kind], int, str]]) -> tuple[float, float]:
        """The person at the bottom: the plate with role and score above it, the hand, and their captured
        cards in what the hand leaves of the bottom band (at the end, the whole band).  Gives the hand's
        room, left and right."""
        W, H, s, M, gap, hand_h, hand_top, hand_cy = z.W, z.H, z.s, z.M, z.gap, z.hand_h, z.hand_top, z.hand_cy
        over = z.over
        wh = card_width(hand_h)
        panel = QRectF(M, hand_cy - z.panel_h / 2 + 0.2 * z.panel_h, z.panel_w, z.panel_h)
        plan.seats.append(self._seat(view, me, panel, over, human=True))
        labels_r = self._role_labels(plan, view, me, M, panel.top() - z.font * 0.95, z.font, grow_right=True)
        hand_l = max(M + z.panel_w, labels_r) + 2 * gap        # clear of the plate and its role and score
        # the human's captured cards take what the hand leaves of the bottom band (it shrinks as the
        # round goes on), at least an opponent's column; the hand keeps a third of the width
        hand_need = max(wh * (1 + 1.04 * (len(view.hand) - 1)), W / 3) if view.hand and not over else 0.0
        cap_w = min(max(z.col_w, W - M - 2 * gap - hand_l - hand_need), W - M - hand_l)
        hand_r = W - M - cap_w - 2 * gap
        if over:
            # the hand is empty: the human's captured cards take the whole bottom band, larger
            region = QRectF(hand_l, hand_top + 0.03 * s, W - M - hand_l, H - M - hand_top - 0.03 * s)
            self._captured(plan, view, me, captured, region, round(0.15 * s), z.small, over, align="center")
            return hand_l, hand_r
        self._hand(plan, view, z, me, options, hand_l, hand_r)
        region = QRectF(W - M - cap_w, hand_top + 0.02 * s, cap_w, H - M - hand_top - 0.02 * s)
        self._captured(plan, view, me, captured, region, round(0.12 * s), z.small, over, align="right")
        return hand_l, hand_r

    def _hand(self, plan: Plan, view: PeiView, z: _Sizes, me: int, options: LayoutOptions, hand_l: float,
              hand_r: float) -> None:
        """The person's hand in a gentle arc between ``hand_l`` and ``hand_r`` (not selectable while they
        choose a capture)."""
        legal = set(view.legal)
        hand_h, hand_cy, hand_top = z.hand_h, z.hand_cy, z.hand_top
        wh = card_width(hand_h)
        pending_choice = view.phase == "capture" and view.current == me
        human_cards: list[CardSpec] = []
        order = self._hand_order(view, options.sort_hand)
        n = len(order)
        avail = max(wh, hand_r - hand_l)
        sp = 1.04 * wh if n <= 1 else min(1.04 * wh, (avail - wh) / (n - 1))
        row_w = wh + sp * max(0, n - 1)
        x = (hand_l + hand_r) / 2 - row_w / 2 + wh / 2
        mid = (n - 1) / 2
        arc = 0.005 * hand_h
        for i, key in enumerate(order):
            d = i - mid
            a = Action(me, "play", key[1])
            human_cards.append(CardSpec(
                key, key[1], True, QPointF(x + i * sp, hand_cy + arc * d * d), hand_h, rotation=0.9 * d,
                z=600 + i, role="hand", seat=me, action=a if a in legal else None,
                selectable=not pending_choice,
                peek=(min(1.0, sp / wh + 0.02), 1.0) if i + 1 < n and sp < wh else (1.0, 1.0)))
        plan.cards.extend(human_cards)
        if human_cards:
            xs = [c.pos.x() for c in human_cards]
            hl, hr = min(xs) - wh / 2, max(xs) + wh / 2
        else:
            hl = hr = (hand_l + hand_r) / 2
        plan.hand_rect = QRectF(hl - wh, hand_top - 0.05 * z.s, hr - hl + 2 * wh, z.H - hand_top + 0.05 * z.s)

    def _hand_and_columns(self, ranks: dict[int, list[Kind]], W: float, H: float, s: float, M: float,
                          gap: float, col_w: float, col_top: float) -> tuple[int, float]:
        """The hand's card height and the opponents' columns' width, so that the pool, in the middle
        between the columns and above the hand, gets cards as large as the hand's: the height where
        both are equal (at most :data:`HAND_SHARE` of the table); the columns narrow (down to
        :data:`COLUMN_MIN` of the width) where the pool needs the width, and the hand shrinks (down
        to :data:`HAND_MIN`) only where even that is not enough."""
        _, _, _, _, _, total_w, total_h = _square(ranks, self.sides)
        # the middle is H - M - HAND_BAND * hand_h - gap - col_top high (see plan)
        tall = min(HAND_SHARE * s, (H - M - gap - col_top) / (total_h + HAND_BAND))
        col_w = max(COLUMN_MIN * W, min(col_w, (W - 2 * (M + gap) - total_w * tall) / 2))
        wide = (W - 2 * (M + col_w + gap)) / total_w
        return math.floor(max(HAND_MIN * s, min(tall, wide))), col_w

    # ------------------------------------------------------------------------------------------
    def _role_labels(self, plan: Plan, view: PeiView, seat: int, x: float, y: float, font: float,
                     grow_right: bool) -> float:
        """The seat's role (a red pill) and its running score — at the end its rank and total —
        from ``x`` on; the far edge of the two."""
        role = ROLE_KEYS[view.roles.index(seat)]
        role_text = _ROLE_TEXT[role]()
        rw = text_width(role_text, font, True)
        result = view.result
        if result is not None:
            order = list(result.details.get("ranking", []))
            place = order.index(seat) if seat in order else 2
            pts = result.points[seat]
            score_text = QCoreApplication.translate("TableWidget", "%1 · %2 points").replace(
                "%1", _RANK_TEXT[place]()).replace("%2", str(pts))
            style = "winner" if place == 0 else "count"
        else:
            pts = view.scores[seat]
            score_text = QCoreApplication.translate("TableWidget", "%1 points").replace("%1", str(pts))
            style = "count"
        sw = text_width(score_text, font, style == "winner")
        tip = QCoreApplication.translate("TableWidget", "Points of the captured cards (best arrangement)")
        if grow_right:
            rx = x + rw / 2
            sx = x + rw + font * 0.4 + sw / 2
        else:
            rx = x - rw / 2
            sx = x - rw - font * 0.4 - sw / 2
        plan.labels.append(LabelSpec(("role", seat), role_text, QPointF(rx, y), font, "banner",
                                     QCoreApplication.translate("TableWidget", "This round's role")))
        plan.labels.append(LabelSpec(("score", seat), score_text, QPointF(sx, y), font, style, tip))
        return sx + sw / 2 if grow_right else sx - sw / 2

    def _seat(self, view: PeiView, seat: int, rect: QRectF, over: bool, human: bool = False) -> SeatSpec:
        role = ROLE_KEYS[view.roles.index(seat)]
        result = view.result
        winner = over and result is not None and bool(result.winners) and result.winners[0] == seat
        extra = QCoreApplication.translate("TableWidget", "%1 — %2 points").replace(
            "%1", _ROLE_TEXT[role]()).replace("%2", str(view.scores[seat]))
        return SeatSpec(seat=seat, rect=rect, name=self._name(seat), count=view.hand_counts[seat],
                        dealer=seat == view.dealer, to_move=(seat in view.to_act) and not over,
                        winner=winner, human=human, extra=extra)

    # ------------------------------------------------------------------------------------------
    def _captured(self, plan: Plan, view: PeiView, seat: int, groups: list, region: QRectF, h_max: float,
                  small: float, over: bool, align: str) -> None:
        """A seat's captured cards in ``region``: each combination a stack, then the loose cards,
        wrapped into rows, a group never split; the cards as large as the region allows (up to
        ``h_max``).  In a stack the kinds fan out sideways by :data:`INDEX_STEP` of a card's width,
        the copies of one kind pile downwards by :data:`PILE_STEP` of its height, so no card is ever
        covered past its index; a badge "×n" says how many cards the group holds.  At the end each
        group's points beneath it."""
        if not groups:
            return
        stacks = [(gi, _columns(kinds)) for gi, (kinds, _, _) in enumerate(groups)]
        badge = small * 1.2
        label_room = small * 1.45 if over else 0.0
        gap_u = 0.35                       # between two groups, in card widths

        rows, h = _captured_rows(stacks, region, h_max, badge, label_room, gap_u)
        w = card_width(h)
        keys_seen: dict[Kind, int] = {}
        places: dict[int, list[tuple[int, int]]] = {}     # group -> the (row, place) of its pieces
        for r, row in enumerate(rows):
            for i, (gi, _) in enumerate(row):
                places.setdefault(gi, []).append((r, i))
        y = region.top()
        for r, (row, rh) in enumerate(zip(rows, _row_heights(rows, h, badge, label_room), strict=True)):
            widths = [_stack_size(cols, h)[0] for _, cols in row]
            rw = sum(widths) + gap_u * w * max(0, len(row) - 1)
            if align == "left":
                x = region.left()
            elif align == "right":
                x = region.right() - rw
            else:
                x = region.center().x() - rw / 2
            top = y + badge
            for i, ((gi, cols), gw) in enumerate(zip(row, widths, strict=True)):
                kinds, points, code = groups[gi]
                tip = self._group_tip(code, points)
                z0 = 400 + 40 * seat + r + i * 0.01
                for j, (k, n) in enumerate(cols):
                    below = cols[j + 1][1] if j + 1 < len(cols) else 0
                    for c in range(n):
                        m = keys_seen.get(k, 0)
                        keys_seen[k] = m + 1
                        # covered on the right by the next kind's cards only as far down as they reach
                        px = INDEX_STEP + 0.02 if c < below else 1.0
                        py = PILE_STEP + 0.02 if c + 1 < n else 1.0
                        plan.cards.append(CardSpec(
                            ("cap", seat, k, m), k, True,
                            QPointF(x + w / 2 + j * INDEX_STEP * w, top + h / 2 + c * PILE_STEP * h), h,
                            z=z0 + j * 0.0002 + c * 0.00001, role="captured", seat=seat, tooltip=tip,
                            peek=(min(1.0, px), min(1.0, py))))
                count = QCoreApplication.translate("TableWidget", "×%1").replace("%1", str(len(kinds)))
                if places[gi][0] == (r, i):
                    plan.labels.append(LabelSpec(("capn", seat, gi), count,
                                                 QPointF(x + gw - text_width(count, small) / 2, y + badge / 2),
                                                 small, "count", tip))
                if over and places[gi][-1] == (r, i):
                    plan.labels.append(LabelSpec(("pts", seat, gi), str(points),
                                                 QPointF(x + gw / 2, top + rh - badge - label_room + small * 0.7),
                                                 small, "count", tip))
                x += gw + gap_u * w
            y += rh

    @staticmethod
    def _group_tip(code: str, points: int) -> str:
        from ...foundations import names  # the combination names live with the game's words
        if code:
            return QCoreApplication.translate("TableWidget", "%1: %2 points").replace(
                "%1", names.text(f"pei.combo.{code}", code.replace("_", " "))).replace("%2", str(points))
        return QCoreApplication.translate("TableWidget", "Loose cards: %1 points").replace("%1", str(points))

    # ------------------------------------------------------------------------------------------
    def _middle(self, plan: Plan, view: PeiView, box: QRectF, s: float, font: float, small: float,
                ranks: dict[int, list[Kind]], legal: set, me: int, over: bool) -> None:
        """The stock, the last card, the peek, the pending card and the pool square, as large as
        ``box`` allows."""
        _, lw, _, cw, _, total_w, total_h = _square(ranks, self.sides)
        ph = min(box.height() / total_h, box.width() / total_w, HAND_SHARE * s)
        sq_w, sq_h = total_w * ph, total_h * ph
        x0 = box.center().x() - sq_w / 2
        y0 = box.top() + (box.height() - sq_h) / 2
        cx0 = x0 + (lw + _SGAP) * ph                         # the centre column's left edge
        ccx = cx0 + cw * ph / 2
        cy = y0 + sq_h / 2                                  # the stock's centre line

        self._pool(plan, view, ranks, me, over, ph, (x0, y0, sq_w, sq_h), ccx, cy)
        self._stock_band(plan, view, ccx, cy, ph, font, small, legal, me, over)

    def _pool(self, plan: Plan, view: PeiView, ranks: dict[int, list[Kind]], me: int, over: bool, ph: float,
              square: tuple[float, float, float, float], ccx: float, cy: float) -> None:
        """The pool square round the stock band: each rank's cards stacked by kind, rows above and below,
        blocks left and right, as the roles sit; the cards the person may capture glow (keys 1, 2 …)."""
        side_ranks, lw, rw_, cw, ch, total_w, total_h = _square(ranks, self.sides)
        U_W, pitch, rgap, dy, row_h, vgap = _U_W, _PITCH, _RGAP, _DY, _ROW_H, _VGAP
        x0, y0, sq_w, sq_h = square
        pw = card_width(ph)

        def hrow_width(rs: list[int]) -> float:
            return _hrow_width(ranks, rs)

        # -- pool cards by kind
        pool_kinds: dict[Kind, int] = {}
        for k in view.pool:
            pool_kinds[k] = pool_kinds.get(k, 0) + 1
        choice: dict[Kind, Action] = {}
        self.choice_keys = {}
        if view.phase == "capture" and view.current == me and not over:
            for i, a in enumerate(a for a in view.legal if a.verb == "capture"):
                choice[cast(Kind, a.card)] = a   # a capture names a Ceki kind
                if i < len(CHOICE_KEYS):
                    self.choice_keys[CHOICE_KEYS[i]] = a
        choice_no = {a.card: i + 1 for i, a in enumerate(choice.values())}

        def stack(k: Kind, x: float, ytop: float, z0: float) -> None:
            n = pool_kinds.get(k, 0)
            if not n:
                return
            step = dy * ph if n <= 3 else 2 * dy * ph / (n - 1)
            for i in range(n):
                top = i == n - 1
                a = choice.get(k) if top else None
                tip = None
                if a is not None:
                    tip = QCoreApplication.translate("TableWidget", "Capture this card (key %1)").replace(
                        "%1", str(choice_no[k]))
                plan.cards.append(CardSpec(
                    ("pool", k, i), k, True, QPointF(x, ytop + ph / 2 + i * step), ph, z=100 + z0 + i,
                    role="pool", action=a, selectable=a is not None, strong=True, tooltip=tip,
                    peek=(1.0, min(1.0, step / ph + 0.02)) if not top else (1.0, 1.0)))

        def hrow(rs: list[int], ytop: float) -> None:
            x = ccx - hrow_width(rs) * ph / 2 + pw / 2
            for r in rs:
                for k in ranks[r]:
                    stack(k, x, ytop, k.value)
                    x += pitch * ph
                x += (rgap - (pitch - U_W)) * ph

        def vblock_at(rs: list[int], left: float, bw: float) -> None:
            bh = (len(rs) * row_h + max(0, len(rs) - 1) * vgap) * ph
            y = cy - bh / 2
            for r in rs:
                n = len(ranks[r])
                rwid = (n * pitch - (pitch - U_W)) * ph
                x = left + bw * ph / 2 - rwid / 2 + pw / 2
                for k in ranks[r]:
                    stack(k, x, y, k.value)
                    x += pitch * ph
                y += (row_h + vgap) * ph

        hrow(side_ranks["top"], y0 + (sq_h - ch * ph) / 2)
        hrow(side_ranks["bottom"], y0 + (sq_h + ch * ph) / 2 - row_h * ph)
        vblock_at(side_ranks["left"], x0, lw)
        vblock_at(side_ranks["right"], x0 + sq_w - rw_ * ph, rw_)

    def _stock_band(self, plan: Plan, view: PeiView, ccx: float, cy: float, ph: float, font: float, small: float,
                    legal: set[Action], me: int, over: bool) -> None:
        """The stock band: the patih's peek, the stock (drawn from the bottom), the last card turned up and
        the card waiting for the choice of a capture."""
        pw = card_width(ph)
        sx = ccx - 0.35 * pw
        sc = view.stock_count - (1 if view.last_card is not None else 0)
        shown = 0 if sc <= 0 else min(sc, 1 + sc // 10, 5)
        off = max(1.0, 0.015 * ph)
        draw_a = Action(me, "draw")
        stock_act = draw_a if draw_a in legal else None
        left = view.stock_count
        tip_stock = counted(QCoreApplication.translate("TableWidget", "Stock: %n card(s) (drawn from the bottom)", "",
                                                       left), left)
        for i in range(shown):
            plan.cards.append(CardSpec(("stock", i), None, False, QPointF(sx - i * off, cy - i * off), ph,
                                       z=150 + i, role="stock", action=stock_act, strong=True, tooltip=tip_stock))
        self._stock_pos = QPointF(sx - max(0, shown - 1) * off, cy - max(0, shown - 1) * off)
        self._stock_h = ph
        plan.slots.append(QRectF(sx - pw / 2, cy - ph / 2, pw, ph))
        if view.stock_count or not over:
            plan.labels.append(LabelSpec(("stock",), str(view.stock_count), QPointF(sx, cy), font,
                                         "count", QCoreApplication.translate("TableWidget", "Cards left in the stock")))
        right = sx + pw / 2
        if view.last_card is not None:
            lx = right + 0.3 * pw + pw / 2
            plan.cards.append(CardSpec(("last",), view.last_card, True, QPointF(lx, cy), ph, z=160, role="last",
                                       tooltip=QCoreApplication.translate(
                                           "TableWidget",
                                           "Turned up from the stock: the last card, drawn by the unyik")))
            right = lx + pw / 2
        if view.peek is not None:
            kh = 0.85 * ph
            kx = sx - pw / 2 - 0.3 * pw - card_width(kh) / 2
            plan.cards.append(CardSpec(("peek",), view.peek, True, QPointF(kx, cy - (ph - kh) / 2), kh, z=160,
                                       role="peek", dim=False, mark="ceki",
                                       tooltip=QCoreApplication.translate(
                                           "TableWidget", "Only you see this card: it will be your last draw")))
            only = QCoreApplication.translate("TableWidget", "only you see this")
            # under the card, clear of the stock however large its words (the interface's size)
            ly = max(cy + ph / 2 + small * 0.75, cy + ph / 2 + text_height(only, small) / 2 + 1)
            plan.labels.append(LabelSpec(("peek",), only, QPointF(kx, ly), small, "count"))
        if view.pending is not None:
            hp = _PEND_H * ph
            px = right + 0.45 * pw + card_width(hp) / 2
            who = view.current
            tip = QCoreApplication.translate("TableWidget", "Waiting for the choice of the card to capture")
            plan.cards.append(CardSpec(("pending",), view.pending, True, QPointF(px, cy), hp, z=900,
                                       role="pending", seat=who, mark="drawn", tooltip=tip))

    def _leftovers(self, plan: Plan, view: PeiView, box: QRectF, h: float, small: float) -> None:
        """At the end of the round: the cards nobody captured, in a column in the middle."""
        left = sorted(view.pool, key=lambda k: hand_sort_key(k, view.options))
        if not left:
            return
        w = card_width(h)
        per = max(1, int((box.width() - w) // (0.6 * w)) + 1)
        rows = math.ceil(len(left) / per)
        while rows * h * 1.08 + small * 2 > box.height() and h > 12:
            h *= 0.9
            w = card_width(h)
            per = max(1, int((box.width() - w) // (0.6 * w)) + 1)
            rows = math.ceil(len(left) / per)
        y0 = box.center().y() - rows * h * 1.08 / 2 + h / 2
        plan.labels.append(LabelSpec(("left",), QCoreApplication.translate("TableWidget", "Left in the pool"),
                                     QPointF(box.center().x(), y0 - h / 2 - small), small, "count"))
        for r in range(rows):
            part = left[r * per:(r + 1) * per]
            rw = w + 0.6 * w * (len(part) - 1)
            x = box.center().x() - rw / 2 + w / 2
            for j, k in enumerate(part):
                i = sum(1 for q in left[:r * per + j] if q == k)
                plan.cards.append(CardSpec(("pool", k, i), k, True, QPointF(x + j * 0.6 * w, y0 + r * h * 1.08), h,
                                           z=100 + r + j * 0.01, role="pool",
                                           peek=(0.62, 1.0) if j + 1 < len(part) else (1.0, 1.0)))

    # ------------------------------------------------------------------------------------------

    # ------------------------------------------------------------------------------------------
    def choreograph(self, events: Sequence[Event], old: dict[Hashable, Any], new: Plan, view: PeiView,
                    played_key: tuple | None = None) -> Choreo:
        ch = Choreo()
        newk = new.by_key()
        me = self.human
        stock = (self._stock_pos, False, 0.0, self._stock_h)
        pr = Pairing(ch, old, newk)
        vanished, used_old, used_new = pr.vanished, pr.used_old, pr.used_new
        reuse, first_new, last_vanished = pr.reuse, pr.first_new, pr.last_vanished

        def dest_for(p: int | None, card: Kind, captured: Kind | None, choice: bool):
            if choice:
                return first_new(lambda k: k == ("pending",))
            if captured is None:
                return first_new(lambda k: k[0] == "pool" and k[1] == card)
            return first_new(lambda k: k[0] == "cap" and k[1] == p and k[2] == card)

        def captured_pair(p: int | None, captured: Kind) -> None:
            nk = first_new(lambda k: k[0] == "cap" and k[1] == p and k[2] == captured)
            ok = last_vanished(lambda k: k[0] == "pool" and k[1] == captured)
            if nk is not None and ok is not None:
                reuse(nk, ok)
                ch.delay[nk] = 0.35

        for e in events:
            p = e.player
            t = e.type
            d = e.data
            if t == "deal":
                ch.deal = True
                continue
            if t in ("play", "draw"):
                card = _kind(d.get("card"))
                cap = _kind(d["captured"]) if d.get("captured") else None
                nk = dest_for(p, card, cap, bool(d.get("choice")))
                if t == "play":
                    if p == me:
                        ok = last_vanished(lambda k: k[0] == "h" and k[1] == card)
                        if (played_key is not None and ok is not None and played_key != ok
                                and played_key in old and played_key in newk and played_key[1] == card):
                            # the clicked copy flies; the other copy takes its place in the hand
                            reuse(played_key, ok)
                            ok = played_key
                            used_old.discard(ok)
                    else:
                        ok = last_vanished(lambda k: k[0] == "o" and k[1] == p)
                    if nk is not None and ok is not None:
                        reuse(nk, ok)
                else:
                    ok = ("last",) if ("last",) in vanished and ("last",) not in used_old else None
                    if nk is not None:
                        if ok is not None:
                            reuse(nk, ok)
                        else:
                            ch.start[nk] = stock
                            used_new.add(nk)
                if cap is not None:
                    captured_pair(p, cap)
            elif t == "capture":
                card = _kind(d.get("card"))
                cap = _kind(d.get("captured"))
                nk = first_new(lambda k: k[0] == "cap" and k[1] == p and k[2] == card)
                if nk is not None and ("pending",) in vanished:
                    reuse(nk, ("pending",))
                captured_pair(p, cap)
            elif t == "end":
                for q in range(view.n_players):
                    ch.banners.append(("score", q))
        if ch.deal:
            self._deal(ch, new, view)
        return ch

    def _deal(self, ch: Choreo, new: Plan, view: PeiView) -> None:
        """Everything flies from the stock: each player's hand, then the pool cards, in the deal's
        packets (raja, patih, unyik; seven to the hand, six to the pool; twice)."""
        per_seat: dict[int, list] = {q: [] for q in range(view.n_players)}
        pool: list = []
        last: list = []
        for c in new.cards:
            if c.role in ("hand", "opponent") and 0 <= c.seat < view.n_players:
                per_seat[c.seat].append(c.key)
            elif c.role == "pool":
                pool.append(c.key)
            elif c.role in ("last", "peek"):
                last.append(c.key)
        stock = (self._stock_pos, False, 0.0, self._stock_h)
        step = 0.45
        packet = 0
        for rnd in range(2):
            for i, seat in enumerate(view.roles):
                keys = per_seat[seat][rnd * 7:(rnd + 1) * 7]
                for j, key in enumerate(keys):
                    ch.start[key] = stock
                    ch.delay[key] = packet * step + j * 0.03
                    ch.reuse.pop(key, None)
                packet += 1
                share = pool[(rnd * 3 + i) * 6:(rnd * 3 + i + 1) * 6]
                for j, key in enumerate(share):
                    ch.start[key] = stock
                    ch.delay[key] = packet * step + j * 0.03
                packet += 1
        for key in pool[36:]:
            ch.start[key] = stock
            ch.delay[key] = packet * step
        for key in last:
            ch.start[key] = stock
            ch.delay[key] = packet * step + 0.3

    @staticmethod
    def shortcuts() -> list[tuple[str, str]]:
        return [
            ("D", QCoreApplication.translate("TableWidget", "Pèi: draw from the bottom of the stock")),
            ("1 … 6", QCoreApplication.translate("TableWidget", "Pèi: choose which pool card to capture")),
        ]


register_layout(PeiLayout.game_id, PeiLayout)


@dataclass(frozen=True)
class _Sizes:
    """The sizes and bands of one Pèi table: the scene, its scale, margin and gap, the words' sizes,
    the plates, the backs, the captured cards' columns and the person's hand."""

    W: float
    H: float
    s: float
    M: float
    gap: float
    font: float
    small: float
    panel_w: float
    panel_h: float
    back_h: float
    col_w: float
    col_top: float
    hand_h: float
    hand_top: float
    hand_cy: float
    over: bool


_Piece = tuple[int, list[tuple[Kind, int]]]    # a group's index and the columns of its cards in one row


def _stack_size(cols: list[tuple[Kind, int]], h: float) -> tuple[float, float]:
    """The width and height of a stack of captured cards (its kinds sideways, their copies downwards)."""
    w = card_width(h)
    return (w * (1 + INDEX_STEP * (len(cols) - 1)),
            h * (1 + PILE_STEP * (max(n for _, n in cols) - 1)))


def _row_heights(rows: list[list[_Piece]], h: float, badge: float, label_room: float) -> list[float]:
    return [badge + max(_stack_size(cols, h)[1] for _, cols in row) + label_room + 0.05 * h for row in rows]


def _wrap(stacks: list[_Piece], region: QRectF, h: float, gap_u: float) -> list[list[_Piece]]:
    """Rows of (group index, columns) pieces: a group starts a fresh row rather than split, unless it is
    wider than a whole row."""
    w = card_width(h)
    rows: list[list[_Piece]] = [[]]
    x = 0.0
    for gi, cols in stacks:
        rest = cols
        while rest:
            lead = gap_u * w if rows[-1] else 0.0
            room = region.width() - x - lead
            fit = 0 if room < w else 1 + int((room - w) // (INDEX_STEP * w))
            if rows[-1] and (fit < len(rest) <= 1 + int((region.width() - w) // (INDEX_STEP * w))
                             or not fit):
                rows.append([])
                x = 0.0
                continue
            piece, rest = rest[:max(1, fit)], rest[max(1, fit):]
            rows[-1].append((gi, piece))
            x += lead + _stack_size(piece, h)[0]
            if rest:
                rows.append([])
                x = 0.0
    return rows


def _captured_rows(stacks: list[_Piece], region: QRectF, h_max: float, badge: float, label_room: float,
                   gap_u: float) -> tuple[list[list[_Piece]], float]:
    """The rows of a seat's captured cards and their card height: as large as ``region`` allows, up to
    ``h_max``."""

    def fits(h: float) -> bool:
        rows = _wrap(stacks, region, h, gap_u)
        return (sum(_row_heights(rows, h, badge, label_room)) <= region.height()
                and all(_stack_size(cols, h)[0] <= region.width() for row in rows for _, cols in row))

    h = h_max
    while h > 12 and not fits(h):
        h *= 0.95
    return _wrap(stacks, region, h, gap_u), h
