"""The Ceki table: the human at the bottom, the other seats clockwise (left → top → right), the
stock and the discard pile in the middle (its newest cards fanned, the thrower of the top one named),
beside every seat the strip of the cards that player threw, callers' face-down cards beside their
seats (the person's own in their hand's row, after the frozen sets), and at the end of a hand every
hand revealed with the winner's three sets grouped."""
from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt

from cekidesk.engine.cards import Kind
from cekidesk.engine.core import Action, Event
from cekidesk.games.ceki.rules import PHASE_DRAW, PHASE_OVER, SET_GROUPS, CekiView

from ...foundations.cardpics import card_ratio, card_width
from ...foundations.fonts import script_scale
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
    copy_keys,
    labels_inside,
    register_layout,
    text_height,
    text_width,
)
from .texts import earlier_throws_text, face_down_text, taker_text, thrower_text

# the pile's newest cards fanned, the newest in front; the older ones lie stacked beneath them
PILE_FANNED = 4
# how far apart the fanned discards lie, in card widths (the part of each one left uncovered)
PILE_STEP = 0.76
# the height of a strip's cards (the cards a seat threw), of the table's size
STRIP_H = 0.095
# how far apart a strip's cards lie, in card widths, and its rows, in card heights
STRIP_STEP, STRIP_ROW = 0.72, 0.62
# the rows of the strip of another player (the person's, beside their hand, has one)
STRIP_ROWS = 2
# the pile's cards stacked beneath the fan drawn as a visible edge each, at the most
PILE_EDGES = 6


def _kind(code: object) -> Kind:
    return code if isinstance(code, Kind) else Kind.parse(str(code))


class CekiLayout(TableLayout):
    game_id = "ceki"
    game_keys = (int(Qt.Key.Key_D), int(Qt.Key.Key_T))

    def __init__(self, seat_names: Sequence[str], human_seat: int):
        super().__init__(seat_names, human_seat)
        self._stock_pos = QPointF()
        self._stock_top = QPointF()
        self._stock_h = 0.0

    # ------------------------------------------------------------------------------------------
    # hand order
    def _hand_order(self, view: CekiView, sort: bool) -> list[tuple]:
        keys = copy_keys(view.hand, "h")
        return self.merge_hand_order(keys, sort)

    @staticmethod
    def _called_groups(view: CekiView, order: list[tuple], drawn_key: tuple | None) -> list[list[tuple]]:
        """The person's hand after their call, as the call made it: the frozen sets (three cards of a
        value each, by value), then the face-down cards (the pair; with a set of its value, that set
        and the pair), then the card just drawn."""
        group = SET_GROUPS[view.options.iyo_one_rank]

        def threes(keys: list[tuple]) -> list[list[tuple]]:
            keys = sorted(keys, key=lambda k: (group[k[1]], k[1], k[2]))
            return [keys[i:i + 3] for i in range(0, len(keys), 3)]

        groups = threes([k for k in order if k != drawn_key]) + threes(copy_keys(view.facedown, "hfd"))
        return groups + [[drawn_key]] if drawn_key is not None else groups


    # ------------------------------------------------------------------------------------------
    def _name(self, seat: int) -> str:
        return self.seat_title(seat)

    def _sides(self, n: int) -> list[tuple[int, str, float]]:
        """(seat, side, position along the side 0..1) for every opponent, clockwise from the
        human's left."""
        others = [(self.human + i) % n for i in range(1, n)]
        k = len(others)
        if k == 1:
            places = [("top", 0.5)]
        elif k == 2:
            places = [("top", 0.28), ("top", 0.72)]
        elif k == 3:
            places = [("left", 0.5), ("top", 0.5), ("right", 0.5)]
        elif k == 4:
            places = [("left", 0.5), ("top", 1 / 3), ("top", 2 / 3), ("right", 0.5)]
        else:
            places = [("left", 0.5), ("top", 0.2), ("top", 0.5), ("top", 0.8), ("right", 0.5)]
        return [(s, side, t) for s, (side, t) in zip(others, places, strict=False)]

    # ------------------------------------------------------------------------------------------
    def plan(self, view: CekiView, width: float, height: float, options: LayoutOptions) -> Plan:
        n = view.n_players
        me = self.human if 0 <= self.human < n else view.viewer
        self.human = me
        g = _Geometry.of(self, view, float(width), float(height), options.card_scale, options.plate_scale)
        plan = Plan()
        legal = set(view.legal)
        draw_a = Action(me, "draw")
        take_a = Action(me, "take")
        self._middle(plan, view, g, legal, draw_a, take_a)
        self._human_area(plan, view, g, me, options)
        for seat, side, _ in g.sides:
            self._opponent(plan, view, g, seat, side, options)
        self._score_line(plan, view, g, me)
        key_actions = {}
        if draw_a in legal:
            key_actions[int(Qt.Key.Key_D)] = draw_a
        if take_a in legal:
            key_actions[int(Qt.Key.Key_T)] = take_a
        plan.keys = key_actions
        clamp_to_scene(plan, g.W, g.H)
        labels_inside(plan, g.W)
        return plan

    def _middle(self, plan: Plan, view: CekiView, g: _Geometry, legal: set[Action], draw_a: Action,
                take_a: Action) -> None:
        """The stock and the pile's top cards fanned to its right, centred between the side seats; the
        drop zone of a throw and, for a drawn hand, why."""
        s, mid_h, font, wm = g.s, g.mid_h, g.font, g.wm
        band_l, band_r = g.side_w + g.M, g.W - g.side_w - g.M
        cy = (g.mid_top + g.mid_bot) / 2
        gap = 0.07 * s
        pile_sp = PILE_STEP * wm
        block_w = wm + gap + wm + (PILE_FANNED - 1) * pile_sp
        x0 = (band_l + band_r) / 2 - block_w / 2
        stock_x = x0 + wm / 2
        self._stock_pos = QPointF(stock_x, cy)
        self._stock_h = mid_h
        pile_l = stock_x + wm / 2 + gap + wm / 2   # centre of the first fanned discard
        plan.slots.append(QRectF(stock_x - wm / 2, cy - mid_h / 2, wm, mid_h))
        plan.slots.append(QRectF(pile_l - wm / 2, cy - mid_h / 2, wm, mid_h))

        # stock
        sc = view.stock_count
        shown = 0 if sc == 0 else min(sc, 1 + sc // 14, 7)
        off = max(1.0, 0.012 * mid_h)
        stock_act = draw_a if draw_a in legal else None
        for i in range(shown):
            plan.cards.append(CardSpec(
                ("stock", i), None, False, QPointF(stock_x - i * off, cy - i * off), mid_h,
                z=100 + i, role="stock", action=stock_act, strong=True,
                tooltip=counted(QCoreApplication.translate("TableWidget", "Stock: %n card(s)", "", sc), sc)))
        # under the stock, however tall its words are drawn (the interface's size)
        count_y = cy + mid_h / 2 + max(font * 1.05, text_height(str(sc), font * 0.95) / 2 + 1)
        plan.labels.append(LabelSpec(("stock",), str(sc), QPointF(stock_x, count_y), font * 0.95, "count",
                                     QCoreApplication.translate("TableWidget", "Cards left in the stock")))
        self._stock_top = QPointF(stock_x - max(0, shown - 1) * off, cy - max(0, shown - 1) * off)
        self._pile(plan, view, QPointF(pile_l, cy), mid_h, count_y, font, take_a if take_a in legal else None,
                   g.over)
        drop_rect = QRectF(band_l, g.mid_top, band_r - band_l, g.mid_bot - g.mid_top)
        drops = {a.card: a for a in view.legal if a.verb == "discard"}
        if drops:
            plan.drops.append(DropZone(drop_rect, drops))
        result = view.result
        if result is not None and not result.winners:
            turns = result.details.get("turns")   # drawn by the bound on turns without a stock draw
            why = (QCoreApplication.translate("TableWidget", "Drawn hand: {turns} turns without a draw from the "
                                                             "stock").format(turns=turns) if turns
                   else QCoreApplication.translate("TableWidget", "Drawn hand: the stock is exhausted"))
            plan.labels.append(LabelSpec(("result",), why, QPointF(g.W / 2, g.mid_top + font), font * 1.1,
                                         "winner"))

    def _human_area(self, plan: Plan, view: CekiView, g: _Geometry, me: int, options: LayoutOptions) -> None:
        """The person's hand (or, at the end, their revealed cards), kept inside the window even at narrow
        sizes, the strip of the cards they threw and their plate."""
        s, W, H, hand_h, hand_cy = g.s, g.W, g.H, g.hand_h, g.hand_cy
        if g.over:
            human_cards = self._revealed_hand(view, g, me)
        else:
            human_cards = self._live_hand(plan, view, g, me, options)
        plan.cards.extend(human_cards)
        wh = card_width(hand_h)
        if human_cards:
            xs = [c.pos.x() for c in human_cards]
            hand_l, hand_r = min(xs) - wh / 2, max(xs) + wh / 2
        else:
            hand_l = hand_r = W / 2
        plan.hand_rect = QRectF(hand_l - wh, g.hand_top - 0.05 * s, hand_r - hand_l + 2 * wh,
                                H - g.hand_top + 0.05 * s)
        if not g.over:
            # the cards the person threw, to the right of their hand
            left = hand_r + 0.035 * s
            self._strip(plan, view, me, left, hand_cy + hand_h / 2 - g.strip_h, W - g.M - left, g.strip_h, g.font, 1)
        panel_w, panel_h = g.panel_w, g.panel_h
        hp_x = max(g.M + panel_w / 2, hand_l - 0.03 * s - panel_w / 2)
        plan.seats.append(self._seat(view, me, QRectF(hp_x - panel_w / 2, hand_cy - panel_h / 2, panel_w, panel_h),
                                     g.winner, g.over, human=True))

    def _revealed_hand(self, view: CekiView, g: _Geometry, me: int) -> list[CardSpec]:
        """The person's cards at the end of a hand (the winner's sets grouped)."""
        if me < len(g.hands_codes):
            codes = [_kind(c) for c in g.hands_codes[me]]
        else:
            codes = list(view.hand) + list(view.facedown)
        if me == g.winner and g.sets:
            groups = [[_kind(c) for c in grp] for grp in g.sets]
        else:
            groups = [sorted(codes)]
        keys = copy_keys([k for grp in groups for k in grp], "h")
        return self._row(keys, groups, QPointF(g.W / 2, g.hand_cy), g.hand_h, 1.04, arc=g.arc, role="reveal",
                         seat=me, win_code=g.win_code if me == g.winner else None, z0=600, fan=1.2,
                         max_width=g.hand_max_w)

    def _live_hand(self, plan: Plan, view: CekiView, g: _Geometry, me: int, options: LayoutOptions) -> list[CardSpec]:
        """The person's hand in play: after a call the frozen sets, the face-down cards (labelled) and the
        card just drawn; every card a throw where that is legal."""
        legal = set(view.legal)
        hand_h = g.hand_h
        order = self._hand_order(view, options.sort_hand)
        called = view.called[me]
        drawn_key = None
        if view.drawn is not None:
            drawn_keys = [k for k in order if k[1] == view.drawn]
            drawn_key = max(drawn_keys, key=lambda k: k[2]) if drawn_keys else None
        groups_k = (self._called_groups(view, order, drawn_key) if called else [order])
        flat = [k for grp in groups_k for k in grp]
        hidden = {k for k in flat if k[0] == "hfd"}
        human_cards = self._row(flat, [[k[1] for k in grp] for grp in groups_k], QPointF(g.W / 2, g.hand_cy),
                                hand_h, 1.04, arc=g.arc, role="hand", seat=me, z0=600, fan=1.4,
                                max_width=g.hand_max_w)
        for spec in human_cards:
            if spec.key in hidden:
                # face down for the others; face up to their owner, dimmed and marked
                spec.role, spec.dim, spec.mark = "facedown", True, "set_aside"
                spec.refusal = QCoreApplication.translate(
                    "CekiRefusals", "Your face-down cards stay down until the hand ends: they wait for the card "
                                    "that completes your hand.")
                spec.tooltip = QCoreApplication.translate("TableWidget", "Face-down (your ceki call)") \
                    + "\n" + spec.refusal
                continue
            a = Action(me, "discard", spec.kind)
            spec.selectable = True
            spec.action = a if a in legal else None
            if spec.key == drawn_key:
                spec.mark = "drawn"
                spec.tooltip = QCoreApplication.translate("TableWidget", "The card you drew")
            elif called:
                spec.mark = "frozen"
                spec.tooltip = QCoreApplication.translate("TableWidget", "Frozen set")
            self._why_not(spec, view, me, called)
        down = [c for c in human_cards if c.role == "facedown"]
        if down:
            x = sum(c.pos.x() for c in down) / len(down)
            y = min(c.pos.y() for c in down) - hand_h / 2 - g.font * 0.8 * script_scale()
            plan.labels.append(LabelSpec(("call", me), face_down_text(), QPointF(x, y), g.font * 0.9, "count",
                                         QCoreApplication.translate("TableWidget", "Face-down (your ceki call)")))
        return human_cards

    @staticmethod
    def _why_not(spec: CardSpec, view: CekiView, me: int, called: bool) -> None:
        """Why the person's hand card ``spec`` cannot be thrown now, on their turn: in its tooltip
        when the table greys it (a throw is due and it is not offered), and as the words a click on
        it is answered with (``spec.refusal``)."""
        if spec.action is not None or view.current != me or view.phase == PHASE_OVER:
            return
        if view.phase == PHASE_DRAW:
            spec.refusal = QCoreApplication.translate(
                "CekiRefusals", "First draw a card from the stock or take the card on the pile; then throw one.")
            return
        if called:
            spec.refusal = QCoreApplication.translate(
                "CekiRefusals", "After your ceki call your sets stay: you throw the card you drew.")
        else:
            spec.refusal = QCoreApplication.translate(
                "CekiRefusals", "Taken from the pile this turn: it cannot go straight back.")
        spec.tooltip = "\n".join(t for t in (spec.tooltip, spec.refusal) if t)

    def _opponent(self, plan: Plan, view: CekiView, g: _Geometry, seat: int, side: str,
                  options: LayoutOptions) -> None:
        """Another player: their plate, then their cards (backs, and the face-down cards of a call) with the
        strip of the cards they threw under them — or, at the end, their cards revealed."""
        s, M, W = g.s, g.M, g.W
        panel_w, panel_h, opp_h = g.panel_w, g.panel_h, g.opp_h
        tops = [x for x in g.sides if x[1] == "top"]
        n_top = len(tops)
        top_l = g.side_w + M if g.has_side else M
        top_w = W - 2 * top_l
        if side == "top":
            i = [q for q, _, _ in tops].index(seat)
            cell = top_w / max(1, n_top)
            cx = top_l + cell * (i + 0.5)
            panel = QRectF(cx - panel_w / 2, M, panel_w, panel_h)
            row_cy = M + panel_h + 0.012 * s + opp_h / 2
            row_cx = cx
            row_avail = cell - 0.03 * s
        else:
            cx = M + g.side_w / 2 - M / 2 if side == "left" else W - M - g.side_w / 2 + M / 2
            cy_seat = g.mid_top + (g.mid_bot - g.mid_top) * 0.42
            # the plate, the cards and the strip, clear of the middle's bottom (the person's strip)
            block = panel_h + 0.012 * s + opp_h + 0.012 * s + g.strip_band
            y = max(g.mid_top, min(cy_seat - (panel_h + opp_h + 0.012 * s) / 2, g.mid_bot - block))
            panel = QRectF(cx - panel_w / 2, y, panel_w, panel_h)
            row_cy = panel.bottom() + 0.012 * s + opp_h / 2
            row_cx = cx
            row_avail = g.side_w - 0.02 * s
        plan.seats.append(self._seat(view, seat, panel, g.winner, g.over, namer=options.card_namer))
        if not g.over:
            # the cards this player threw, under their cards, from the plate's left edge on
            left = panel.left()
            right = min(row_cx + row_avail / 2, W - M)
            if side == "top" and n_top == 1:
                right = min(right, cx + 0.25 * W)
            self._strip(plan, view, seat, left, row_cy + opp_h / 2 + 0.012 * s, right - left, g.strip_h, g.font,
                        STRIP_ROWS)
            self._opponent_cards(plan, view, g, seat, row_cx, row_cy, row_avail)
        else:
            self._opponent_revealed(plan, g, seat, side, panel, row_cx, row_cy, row_avail)

    def _opponent_revealed(self, plan: Plan, g: _Geometry, seat: int, side: str, panel: QRectF, row_cx: float,
                           row_cy: float, row_avail: float) -> None:
        """Another player's cards at the end of a hand, as large as fits their space (a winner at the side:
        one set a row)."""
        s, M, W, H, opp_h = g.s, g.M, g.W, g.H, g.opp_h
        codes = [_kind(c) for c in g.hands_codes[seat]] if seat < len(g.hands_codes) else []
        if seat == g.winner and g.sets:
            groups = [[_kind(c) for c in grp] for grp in g.sets]
        else:
            groups = [sorted(codes)]
        total = sum(len(grp) for grp in groups)
        keys = [("rev", seat, i) for i in range(total)]
        if side != "top" and seat == g.winner and len(groups) > 1:
            # a winner at the side: one set a row, large enough to read
            longest = max(len(grp) for grp in groups)
            fit = row_avail * card_ratio() / max(1.0, (longest - 1) * 1.04 + 1)
            room = (H - M - 0.03 * s) - (panel.bottom() + 0.012 * s)
            rh = round(min(0.13 * s, fit, room / (len(groups) * 1.08)))
            y = panel.bottom() + 0.012 * s + rh / 2
            i0 = 0
            marked = False
            for grp in groups:
                wc = g.win_code if not marked and any(k.code == str(g.win_code) for k in grp) else None
                marked = marked or wc is not None
                plan.cards.extend(self._row(keys[i0:i0 + len(grp)], [grp], QPointF(row_cx, y), rh, 1.04,
                                            arc=0.0, role="reveal", seat=seat, win_code=wc,
                                            z0=300 + 20 * seat + i0))
                i0 += len(grp)
                y += rh * 1.08
            return
        gaps = len(groups) - 1
        # as large as fits its space
        units = max(1.0, (total - 1) * 1.04 + 1 + gaps * 0.4)   # row width in card widths
        fit = row_avail * card_ratio() / units
        rh = round(min(0.12 * s, fit))
        rcy = row_cy + (rh - opp_h) / 2
        if side == "top":
            rcy = M + g.panel_h + 0.012 * s + rh / 2
        else:
            rw = card_width(rh) * (total * 1.04 + gaps * 0.4)
            row_cx = max(M + rw / 2, min(W - M - rw / 2, row_cx))
        plan.cards.extend(self._row(keys, groups, QPointF(row_cx, rcy), rh, 1.04, arc=0.0, role="reveal",
                                    seat=seat, win_code=g.win_code if seat == g.winner else None,
                                    z0=300 + 20 * seat))

    def _opponent_cards(self, plan: Plan, view: CekiView, g: _Geometry, seat: int, row_cx: float, row_cy: float,
                        row_avail: float) -> None:
        """Another player's backs in play, then the face-down cards of their call under a "ceki" banner,
        overlapping as much as their room needs."""
        opp_h = g.opp_h
        cnt = view.hand_counts[seat]
        fd = view.facedown_counts[seat]
        w = card_width(opp_h)
        sp = 0.36 * w
        fsp = 0.3 * w
        gap = 0.5 * w if fd else 0.0
        row_w = w + (cnt - 1) * sp + (gap + w + (fd - 1) * fsp if fd else 0.0)
        if row_w > row_avail:
            f = max(0.2, (row_avail - w - (gap + w if fd else 0.0)) /
                    max(1.0, (cnt - 1) * sp + (max(0, fd - 1) * fsp)))
            sp, fsp = sp * f, fsp * f
            row_w = w + (cnt - 1) * sp + (gap + w + (fd - 1) * fsp if fd else 0.0)
        left = row_cx - row_w / 2
        for i in range(cnt):
            plan.cards.append(CardSpec(("o", seat, i), None, False, QPointF(left + w / 2 + i * sp, row_cy),
                                       opp_h, z=300 + 20 * seat + i * 0.1, role="opponent", seat=seat,
                                       tooltip=self._name(seat), mark="frozen" if view.called[seat] else None,
                                       peek=(sp / w + 0.02, 1.0) if i + 1 < cnt else (1.0, 1.0)))
        if fd:
            tip_fd = QCoreApplication.translate("TableWidget", "Face-down (ceki)")
            fx = left + w / 2 + (cnt - 1) * sp + w / 2 + gap + w / 2
            for j in range(fd):
                plan.cards.append(CardSpec(("ofd", seat, j), None, False, QPointF(fx + j * fsp, row_cy),
                                           opp_h, z=300 + 20 * seat + 5 + j * 0.1, role="facedown", seat=seat,
                                           mark="set_aside", tooltip=tip_fd,
                                           peek=(fsp / w + 0.02, 1.0) if j + 1 < fd else (1.0, 1.0)))
            # on the backs (the space under them is the strip's)
            lx = fx + (fd - 1) * fsp / 2
            plan.labels.append(LabelSpec(("call", seat), QCoreApplication.translate("TableWidget", "ceki"),
                                         QPointF(lx, row_cy), g.font * 0.9, "banner"))

    def _score_line(self, plan: Plan, view: CekiView, g: _Geometry, me: int) -> None:
        """The winner's score line ("17 × 2 = 34"), by the person's plate or, for another winner, with
        their name in the middle."""
        result = view.result
        if result is None or not result.winners:
            return
        details, winner, font = g.details, g.winner, g.font
        ws = next((sp for sp in plan.seats if sp.seat == winner), None)
        text = f"{details.get('base', '?')} × {details.get('multiplier', '?')} = {details.get('score', '?')}"
        if ws is not None:
            if winner == me:
                pos = QPointF(ws.rect.center().x(), ws.rect.top() - font * 1.1)
            else:
                pos = QPointF(g.W / 2, g.mid_top + font)
                text = f"{self._name(winner)}: {text}"
            plan.labels.append(LabelSpec(("result",), text, pos, font * 1.1, "winner"))

    def _pile(self, plan: Plan, view: CekiView, first: QPointF, h: float, label_y: float, font: float,
              take: Action | None, over: bool) -> None:
        """The discard pile: its :data:`PILE_FANNED` newest cards fanned from ``first`` (the centre of
        the oldest of them), the top card in front and whole, the older cards stacked beneath the fan
        with their edges showing; the thrower of the top card named under it."""
        pile = view.discards
        n = len(pile)
        if not n:
            return
        w = card_width(h)
        sp = PILE_STEP * w
        edge = max(1.0, 0.012 * h)
        fan0 = max(0, n - PILE_FANNED)
        throwers = [t.thrower for t in view.throws if t.taker < 0]   # the pile is the throws nobody took
        me = self.human
        for i, k in enumerate(pile):
            top = i == n - 1
            if i >= fan0:
                pos = QPointF(first.x() + (i - fan0) * sp, first.y())
                peek = (1.0, 1.0) if top else (sp / w + 0.02, 1.0)
            else:
                depth = min(fan0 - i, PILE_EDGES)
                pos = QPointF(first.x() - depth * edge, first.y())
                peek = (edge / w + 0.02, 1.0) if fan0 - i <= PILE_EDGES else (0.05, 0.05)
            tips = []
            if top:
                tips.append(QCoreApplication.translate("TableWidget", "Last discard, drawn and thrown at once")
                            if view.last_fresh else QCoreApplication.translate("TableWidget", "Last discard"))
            if i < len(throwers):
                tips.append(thrower_text(throwers[i], me, self._name(throwers[i])))
            plan.cards.append(CardSpec(
                ("pile", i), k, True, pos, h, z=200 + i, role="pile", action=take if top else None, strong=True,
                mark="drawn" if top and view.last_fresh and not over else None, tooltip="\n".join(tips), peek=peek))
        who = view.top_thrower
        if who is not None:
            text = thrower_text(who, me, self._name(who))
            size = font * 0.9
            # under the top card, kept clear of the stock's count at the fan's left
            x = max(first.x() + (n - 1 - fan0) * sp, first.x() - w / 2 + text_width(text, size) / 2)
            # clear of the pile however tall its words are (aksara Jawa, the interface's size)
            y = max(label_y, first.y() + h / 2 + text_height(text, size) / 2 + 1)
            plan.labels.append(LabelSpec(("thrower",), text, QPointF(x, y), size, "count",
                                         QCoreApplication.translate("CekiTable", "Who threw the last discard")))

    def _strip(self, plan: Plan, view: CekiView, seat: int, left: float, top: float, avail: float, h: float,
               font: float, rows: int) -> None:
        """The cards ``seat`` threw this hand, newest first from the top left on, each a little over
        the one before, in up to ``rows`` rows (the next row over the bottom of the one above: a
        card's value is at its top) as many as ``avail`` holds, a "+n" for the oldest beyond; a
        card the next player took up is marked and says who took it."""
        throws = view.thrown_by(seat)
        if not throws:
            return
        me = self.human
        w = card_width(h)
        sp, dy = STRIP_STEP * w, STRIP_ROW * h
        count = len(throws)
        size = font * 0.8
        per = max(1, int((avail - w) // sp) + 1)
        if count > per * rows:                      # room for the "+n" after the last row's cards
            per_last = max(1, int((avail - w - text_width(f"+{count}", size)) // sp) + 1)
            shown = throws[::-1][:per * (rows - 1) + per_last]
        else:
            shown = throws[::-1]
        thrower = thrower_text(seat, me, self._name(seat))
        for i, t in enumerate(shown):
            r, c = divmod(i, per)
            j = count - 1 - i                      # the throw's place among the seat's throws: its key
            tip = thrower if t.taker < 0 else thrower + "\n" + taker_text(t.taker, me, self._name(t.taker))
            fx = sp / w + 0.02 if c + 1 < per and i + 1 < len(shown) else 1.0
            fy = dy / h + 0.02 if i + per < len(shown) else 1.0
            plan.cards.append(CardSpec(
                ("thr", seat, j), t.kind, True, QPointF(left + w / 2 + c * sp, top + h / 2 + r * dy), h,
                z=150 + i * 0.1, role="thrown", seat=seat, mark="taken" if t.taker >= 0 else None, tooltip=tip,
                peek=(fx, fy)))
        more = count - len(shown)
        if more:
            text = f"+{more}"
            r, c = divmod(len(shown) - 1, per)
            x = left + w + c * sp + text_width(text, size) / 2 + 0.1 * w
            # low beside the last card: clear of the bottom of the row above
            plan.labels.append(LabelSpec(("thr_more", seat), text, QPointF(x, top + 0.75 * h + r * dy), size, "count",
                                         earlier_throws_text(more)))

    def _seat(self, view: CekiView, seat: int, rect: QRectF, winner: int, over: bool, human: bool = False,
              namer: Any = None) -> SeatSpec:
        called = bool(view.called[seat])
        extra = ""
        known = view.known[seat] if seat < len(view.known) else ()
        if known and not human and not over:
            names = []
            for k in known:
                try:
                    names.append(namer(k) if namer else k.code)
                except Exception:
                    names.append(k.code)
            extra = QCoreApplication.translate("TableWidget", "Seen taking: %1").replace("%1", ", ".join(names))
        return SeatSpec(seat=seat, rect=rect, name=self._name(seat), count=view.hand_counts[seat],
                        dealer=seat == view.dealer, to_move=(seat in view.to_act) and not over,
                        winner=seat == winner,
                        badge=QCoreApplication.translate("TableWidget", "ceki") if called else "",
                        badge_tip=QCoreApplication.translate("TableWidget", "Has called ceki") if called else "",
                        human=human, extra=extra)

    def _row(self, keys: list, groups: list[list[Kind]], centre: QPointF, h: float, spacing: float, *,
             arc: float, role: str, seat: int, win_code: Any = None, z0: float = 0.0, fan: float = 0.0,
             max_width: float | None = None) -> list[CardSpec]:
        w = card_width(h)
        total = sum(len(g) for g in groups)
        gap = 0.4 * w
        width = w * spacing * (total - 1) + gap * (len(groups) - 1) if total else 0.0
        if max_width is not None and total > 1 and width + w > max_width:
            f = max(0.2, (max_width - w) / width)     # overlap the cards rather than leave the window
            spacing, gap, width = spacing * f, gap * f, width * f
        x = centre.x() - width / 2
        out = []
        i = 0
        win_marked = False
        mid = (total - 1) / 2
        for g in groups:
            for j, k in enumerate(g):
                d = i - mid
                mark = None
                if win_code is not None and not win_marked and k.code == str(win_code) and j == len(g) - 1:
                    mark = "win"
                    win_marked = True
                out.append(CardSpec(keys[i], k, True, QPointF(x, centre.y() + arc * d * d), h,
                                    rotation=fan * d, z=z0 + i, role=role, seat=seat, mark=mark))
                x += w * spacing
                i += 1
            x += gap
        if win_code is not None and not win_marked:
            for spec in out:
                if spec.kind is not None and spec.kind.code == str(win_code):
                    spec.mark = "win"
                    break
        return out


    # ------------------------------------------------------------------------------------------
    def choreograph(self, events: Sequence[Event], old: dict[Hashable, Any], new: Plan, view: CekiView,
                    played_key: tuple | None = None) -> Choreo:
        ch = Choreo()
        newk = new.by_key()
        me = self.human
        stock = (self._stock_top, False, 0.0, self._stock_h)
        pr = Pairing(ch, old, newk)
        vanished, appeared, used_old, used_new = pr.vanished, pr.appeared, pr.used_old, pr.used_new
        reuse, first_new, last_vanished = pr.reuse, pr.first_new, pr.last_vanished

        reveal = any(e.type in ("win", "exhausted") for e in events) or view.result is not None
        for e in events:
            p = e.player
            if e.type == "deal":
                ch.deal = True
                continue
            if e.type == "draw":
                if p == me:
                    card = e.data.get("card")
                    nk = first_new(lambda k: k[0] == "h" and (card is None or k[1].code == card))
                    if nk is None:
                        nk = first_new(lambda k: k[0] == "h")
                else:
                    nk = first_new(lambda k: k[0] in ("o",) and k[1] == p)
                if nk is not None:
                    ch.start[nk] = stock
                    used_new.add(nk)
            elif e.type == "take":
                top = ("pile", len(view.discards))   # the card taken was one above the new top
                ok = top if top in old else last_vanished(lambda k: k[0] == "pile")
                if p == me:
                    nk = first_new(lambda k: k[0] == "h" and k[1].code == e.data.get("card"))
                else:
                    nk = first_new(lambda k: k[0] == "o" and k[1] == p)
                if nk is not None and ok is not None:
                    reuse(nk, ok)
            elif e.type == "discard":
                nk = first_new(lambda k: k[0] == "pile")
                if nk is None:
                    continue
                code = e.data.get("card")
                if p == me:
                    ok = last_vanished(lambda k: k[0] == "h" and k[1].code == code)
                    if (played_key is not None and ok is not None and played_key != ok
                            and played_key in old and played_key in newk and played_key[1] == ok[1]):
                        # the clicked copy flies; the other copy takes its place in the hand
                        reuse(nk, played_key)
                        reuse(played_key, ok)
                        continue
                    if ok is None:
                        ok = last_vanished(lambda k: k[0] == "h")
                else:
                    ok = last_vanished(lambda k: k[0] == "o" and k[1] == p)
                if ok is not None:
                    reuse(nk, ok)
                    ch.delay.setdefault(nk, 0.0)
                # the throw shows in the thrower's strip as the card lands on the pile
                for sk in [k for k in appeared if k[0] == "thr" and k[1] == p]:
                    ch.delay[sk] = 0.8
            elif e.type == "call":
                ch.banners.append(("call", p))
                if p == me:
                    for nk in [k for k in appeared if k[0] == "hfd" and k not in used_new]:
                        ok = last_vanished(lambda k: k[0] == "h" and k[1] == nk[1])
                        if ok is not None:
                            reuse(nk, ok)
                            ch.delay[nk] = 0.6
                else:
                    for nk in [k for k in appeared if k[0] == "ofd" and k[1] == p and k not in used_new]:
                        ok = last_vanished(lambda k: k[0] == "o" and k[1] == p)
                        if ok is not None:
                            reuse(nk, ok)
                            ch.delay[nk] = 0.6
        if ch.deal:
            self._deal(ch, new, view)
        if reveal:
            ch.banners.append(("result",))
            # the human's own face-down cards rejoin the hand
            for nk in [k for k in appeared if k[0] == "h" and k not in used_new]:
                ok = last_vanished(lambda k: k[0] in ("hfd", "h") and k[1] == nk[1])
                if ok is not None:
                    reuse(nk, ok)
            # the opponents' backs turn over where they are
            for q in range(view.n_players):
                if q == me:
                    continue
                for nk in [k for k in appeared if k[0] == "rev" and k[1] == q and k not in used_new]:
                    ok = next((k for k in vanished if k not in used_old and k[0] in ("o", "ofd") and k[1] == q), None)
                    if ok is None:
                        ok = last_vanished(lambda k: k[0] == "pile")
                        if ok is None:
                            ch.start[nk] = stock
                            used_new.add(nk)
                        else:
                            reuse(nk, ok)
                        continue
                    reuse(nk, ok)
                    ch.delay[nk] = 0.4 + 0.06 * nk[2]
        return ch

    def _deal(self, ch: Choreo, new: Plan, view: CekiView) -> None:
        n = view.n_players
        first = (view.dealer + 1) % n
        per_seat: dict[int, list] = {q: [] for q in range(n)}
        for c in new.cards:
            if c.role in ("hand", "opponent", "facedown") and 0 <= c.seat < n:
                per_seat[c.seat].append(c.key)
        step = 0.28
        for j in range(n):
            q = (first + j) % n
            for t, key in enumerate(per_seat[q]):
                r = t // 2
                ch.start[key] = (self._stock_top, False, 0.0, self._stock_h)
                ch.delay[key] = (r * n + j) * step + (t % 2) * 0.08
                ch.reuse.pop(key, None)

    @staticmethod
    def shortcuts() -> list[tuple[str, str]]:
        return [
            ("D", QCoreApplication.translate("TableWidget", "Draw a card from the stock")),
            ("T", QCoreApplication.translate("TableWidget", "Take the last discard")),
        ]


register_layout(CekiLayout.game_id, CekiLayout)


@dataclass(frozen=True)
class _Geometry:
    """The sizes and bands of one Ceki table (of the scene's size and the seats round it) and what the
    end of the hand shows."""

    W: float
    H: float
    s: float
    M: float
    hand_h: float
    mid_h: float
    opp_h: float
    panel_w: float
    panel_h: float
    font: float
    wm: float
    sides: list[tuple[int, str, float]]
    has_side: bool
    side_w: float
    strip_h: float
    strip_band: float
    hand_max_w: float
    arc: float
    hand_cy: float
    hand_top: float
    mid_top: float
    mid_bot: float
    over: bool
    details: Mapping[str, object]
    winner: int
    hands_codes: list[list[str]]
    win_code: str | None
    sets: list[list[str]]

    @staticmethod
    def of(layout: CekiLayout, view: CekiView, W: float, H: float, scale: float = 1.0,
           words: float = 1.0) -> _Geometry:
        # the card size (``scale``) grows the cards one reads — the person's hand and the middle's
        # stock and pile —; the other seats' cards and the bands round them keep the table's size
        s = max(200.0, min(H, W * 0.75))
        M = max(6.0, 0.014 * s)
        hand_h = round(0.2 * s * scale)
        mid_h = round(0.16 * s * scale)
        opp_h = round(0.105 * s)
        panel_w = round(0.21 * s * words)
        panel_h = round(0.074 * s * words)
        sides = layout._sides(view.n_players)
        has_side = any(side != "top" for _, side, _ in sides)
        has_top = any(side == "top" for _, side, _ in sides)
        side_w = max(panel_w + 2 * M, 0.17 * W) if has_side else 0.0
        strip_h = round(STRIP_H * s)
        strip_band = strip_h * (1 + STRIP_ROW * (STRIP_ROWS - 1))   # another player's strip, its rows
        # a top seat: its plate, its cards and the strip of the cards it threw
        top_band = M + panel_h + 0.012 * s + opp_h + 0.012 * s + strip_band + 0.02 * s if has_top else M
        # the human's hand area
        arc = 0.0065 * hand_h
        hand_bottom = H - M - 0.09 * hand_h      # room for rotation and the glow
        hand_cy = hand_bottom - hand_h / 2 - arc * 16
        hand_top = hand_cy - hand_h / 2 - 0.12 * hand_h   # with the lifted selection
        result = view.result
        details = result.details if result is not None else {}
        return _Geometry(
            W=W, H=H, s=s, M=M, hand_h=hand_h, mid_h=mid_h, opp_h=opp_h, panel_w=panel_w, panel_h=panel_h,
            font=0.021 * s, wm=card_width(mid_h), sides=sides, has_side=has_side, side_w=side_w, strip_h=strip_h,
            strip_band=strip_band,
            hand_max_w=W - 2 * (M + panel_w + 0.04 * s),   # the name plate on the left, face-down cards right
            arc=arc, hand_cy=hand_cy, hand_top=hand_top,
            mid_top=top_band + 0.02 * s, mid_bot=hand_top - 0.02 * s, over=result is not None, details=details,
            winner=result.winners[0] if result is not None and result.winners else -1,
            hands_codes=details.get("hands") or [], win_code=details.get("card"), sets=details.get("sets") or [])
