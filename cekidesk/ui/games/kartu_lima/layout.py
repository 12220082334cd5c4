"""The Kartu Lima table (RULINGS §4): a ring of 5–9 seats, the human at the bottom with their five
cards large, the others round an ellipse so that play (anticlockwise) goes from the human to the
seat on the right, up, and back down on the left.

The middle is the trick: each card lies between the centre and the seat that played it, a *mberi*
as a back, the card winning so far glowing; between them the undealt pack, the trick count ("only
the fifth counts"), the led group and the pot.  Until the next lead the finished trick stays where
it was, its winner's card marked.  Every seat's plate carries its streak (*banjiran*, *mbanjir*,
*ladhu*) as a badge and, while everybody chooses at once, whether they have chosen, then what they
chose once it is shown.  When a card with a *wangsalan* is led, the riddle appears at the leader's
seat (the Javanese phrase in the player's card-name form, its meaning in the interface language);
"ana kéné" appears at the seats that hold a led *dika*'s partner.

Every decision that is not a card (a bet, *tomprang* or pass, no rooster, red or black, the
instant-win reveal, the *mraji papat* declaration) is a :class:`ChoiceSpec` from ``view.legal`` /
``view.ranges``; a rooster, a gor-goran guess and the card kept after *mraji papat* are chosen by
clicking a card of the hand, which carries that (legal) action.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from functools import partial
from typing import Any

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt

from cekidesk.engine.cards import Kind
from cekidesk.engine.core import Action, Event
from cekidesk.games.kartu_lima.rules import KartuLimaView, Trick, streak_name

from ...foundations import names
from ...foundations.cardpics import card_width
from ...table.layouts import (
    CardSpec,
    ChoiceSpec,
    Choreo,
    DropZone,
    Frame,
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
    wrap_label,
)
from . import wangsalan
from .texts import group_name

# window-wide keys of the non-card choices
KEYS = {
    "tomprang": Qt.Key.Key_T,
    "pass": Qt.Key.Key_P,
    "red": Qt.Key.Key_R,
    "black": Qt.Key.Key_B,
    "mraji_papat": Qt.Key.Key_M,
    "reveal": Qt.Key.Key_V,
}
# the verbs chosen by clicking a card of the hand
CARD_VERBS = frozenset({"play", "mberi", "rooster", "gor", "keep"})


def namer_style(namer: object) -> str:
    """The card-name form ("latin", "javanese", "both") a namer of :func:`names.card_namer` writes."""
    return names.namer_style(namer)


def _in_hand(kind: Kind | None, key: Any) -> bool:
    """Whether ``key`` is a card of the person's hand (of ``kind``, if known)."""
    return key[0] == "h" and (kind is None or key[1] == kind)


def _opponents(seat: int, key: Any) -> bool:
    """Whether ``key`` is one of the backs of ``seat``'s hand."""
    return key[0] == "o" and key[1] == seat


def clear_of(specs: list[LabelSpec], taken: list[QRectF], W: float, M: float) -> bool:
    """Move a block of labels sideways, as little as it takes, off every card and label of ``taken``
    it covers (staying inside the scene); where no sideways place is free it stays.  Whether it is
    clear."""

    def covered(dx: float) -> list[QRectF]:
        block = [label_rect(sp, dx) for sp in specs]
        return [t for t in taken if any(t.intersects(r) for r in block)]

    def inside(dx: float) -> bool:
        return all(M <= r.left() and r.right() <= W - M for r in (label_rect(sp, dx) for sp in specs))

    dx = 0.0
    for _ in range(6):
        hits = covered(dx)
        if not hits:
            break
        block = [label_rect(sp, dx) for sp in specs]
        left, right = min(r.left() for r in block), max(r.right() for r in block)
        moves = [m for m in (dx + min(t.left() for t in hits) - 2 - right, dx + max(t.right() for t in hits) + 2 - left)
                 if inside(m)]
        if not moves:
            return False
        dx = min(moves, key=abs)
    if covered(dx):
        return False
    for sp in specs:
        sp.pos = QPointF(sp.pos.x() + dx, sp.pos.y())
    return True


class KartuLimaLayout(TableLayout[KartuLimaView]):
    game_id = "kartu-lima"
    game_keys = tuple(int(k) for k in KEYS.values())

    def __init__(self, seat_names: Sequence[str], human_seat: int):
        super().__init__(seat_names, human_seat)
        self._pack = (QPointF(), 0.0)
        self._seat_pos: dict[int, QPointF] = {}

    # ------------------------------------------------------------------------------------------
    def _ring(
        self,
        view: KartuLimaView,
        W: float,
        H: float,
        top: float,
        bottom: float,
        plate: tuple[float, float],
        side: float,
    ) -> tuple[QPointF, float, float, dict[int, float]]:
        """The ring's centre, radii and each seat's angle (the human at the bottom, the next in play
        order — the seat on their right — going anticlockwise on the screen)."""
        n = view.n_players
        pw, ph = plate
        cx, cy = W / 2, (top + bottom) / 2
        rx = W / 2 - 8 - pw / 2 - side
        ry = (bottom - top) / 2 - ph / 2
        angles = {q: math.pi / 2 + 2 * math.pi * ((q - self.human) % n) / n for q in range(n)}
        return QPointF(cx, cy), rx, ry, angles

    def plan(self, view: KartuLimaView, width: float, height: float, options: LayoutOptions) -> Plan:
        f = frame(width, height, scale=options.card_scale)
        W, H, s, M, gap = f.W, f.H, f.s, f.M, f.gap
        me = self.viewer_seat(view)
        font = max(9.0, 0.022 * s)
        plan = Plan()
        over = view.result is not None
        legal = view.legal
        style = namer_style(options.card_namer)

        hand_h = round(0.22 * s)
        back_h = round(0.075 * s)
        trick_h = round(0.15 * s)
        pack_h = round(0.08 * s)
        panel_w = round(max(round(0.24 * s), round(0.12 * W)) * options.plate_scale)
        panel_h = round(0.07 * s * options.plate_scale)
        bw = card_width(back_h)
        fan_sp = 0.32 * bw
        side = gap + bw + 4 * fan_sp

        hand_top = H - M - hand_h * 1.12
        centre, rx, ry, angles = self._ring(view, W, H, M, hand_top - gap, (panel_w, panel_h), side)
        self._seat_pos = {}

        # -- choices and the actions a card click makes
        card_acts: dict[Kind, Action] = {a.card: a for a in legal if a.verb in CARD_VERBS and isinstance(a.card, Kind)}
        plan.choices = self.choices(view)

        # ======================================================================== the other seats
        shown = self._shown_cards(view)
        plate = (panel_w, panel_h)
        notes: list[tuple[int, QRectF, bool, tuple[float, float]]] = []   # seat, plate, upper, band
        for q in range(view.n_players):
            if q != me:
                pos = QPointF(centre.x() + math.cos(angles[q]) * rx, centre.y() + math.sin(angles[q]) * ry)
                notes.append(self._other_seat(plan, view, q, pos, centre, plate, back_h, f, shown.get(q, []), style))

        # ======================================================================== the human
        info, note = self._person(plan, view, options, card_acts, plate, hand_h, hand_top, f, style)
        notes.append(note)

        # ======================================================================== the middle
        self._middle(plan, view, centre, rx, ry, angles, info, trick_h, pack_h, font, over, style, options)
        leader = view.current.leader if view.current is not None and view.current.cards else None
        for q, rect, upper, band in sorted(notes, key=lambda n: n[0] != leader):   # the riddle's first
            self._place_notes(plan, view, q, rect, upper, band, font, style, options, centre, M)

        # -- keys and the drop zone (a card dragged to the middle is played)
        plan.keys = {int(KEYS[a.verb]): a for a in legal if a.verb in KEYS}
        drops = {a.card: a for a in legal if a.verb in ("play", "mberi")}
        if drops:
            plan.drops.append(DropZone(QRectF(centre.x() - rx * 0.6, centre.y() - ry * 0.7, rx * 1.2, ry * 1.4), drops))
        clamp_to_scene(plan, W, H)
        labels_inside(plan, W)
        return plan

    def _other_seat(self, plan: Plan, view: KartuLimaView, q: int, pos: QPointF, centre: QPointF,
                    plate: tuple[float, float], back_h: float, f: Frame, face: list[Kind],
                    style: str) -> tuple[int, QRectF, bool, tuple[float, float]]:
        """Another seat round the ring at ``pos``: its plate and its hand, a small fan of backs beside the
        plate toward the middle (the cards everybody may see face up).  Gives where the seat's words go:
        (seat, plate, upper half, band), centred on the plate, no wider than twice its room to the
        nearer edge."""
        W, M, gap = f.W, f.M, f.gap
        panel_w, panel_h = plate
        px, py = pos.x(), pos.y()
        over = view.result is not None
        bw = card_width(back_h)
        fan_sp = 0.32 * bw
        rect = QRectF(px - panel_w / 2, py - panel_h / 2, panel_w, panel_h)
        self._seat_pos[q] = QPointF(px, py)
        plan.seats.append(self._seat(view, q, rect, over, style))
        right = px <= centre.x() + 1
        cnt = view.hand_counts[q]
        x0 = rect.right() + gap + bw / 2 if right else rect.left() - gap - bw / 2 - 4 * fan_sp
        for i in range(cnt):
            kind = face[i] if i < len(face) else None
            last = i + 1 == cnt
            plan.cards.append(
                CardSpec(
                    ("o", q, i),
                    kind,
                    kind is not None,
                    QPointF(x0 + i * fan_sp, py),
                    back_h,
                    z=300 + 10 * q + i,
                    role="opponent",
                    seat=q,
                    tooltip=self.seat_title(q),
                    peek=(1.0, 1.0) if last else (fan_sp / bw + 0.02, 1.0),
                )
            )
        half = min(1.1 * panel_w, px - M, W - M - px)
        return q, rect, py < centre.y(), (px - half, px + half)

    def _person(self, plan: Plan, view: KartuLimaView, options: LayoutOptions, card_acts: dict[Kind, Action],
                plate: tuple[float, float], hand_h: float, hand_top: float, f: Frame,
                style: str) -> tuple[QPointF, tuple[int, QRectF, bool, tuple[float, float]]]:
        """The person's hand in a gentle arc (their rooster marked) and their plate left of it.  Gives
        where the trick's information goes (right of the hand) and where their words go (left of it)."""
        W, H, s, M, gap = f.W, f.H, f.s, f.M, f.gap
        panel_w, panel_h = plate
        me = self.viewer_seat(view)
        hand_cy = H - M - hand_h / 2 - 0.04 * hand_h
        wh = card_width(hand_h)
        order = self._hand_order(view, options.sort_hand)
        n = len(order)
        sp = 1.06 * wh
        x = W / 2 - sp * (n - 1) / 2
        mid = (n - 1) / 2
        for i, key in enumerate(order):
            kind = key[1]
            act = card_acts.get(kind)
            tip = None
            if view.my_rooster == kind and view.rooster_live and key[2] == 0:
                tip = QCoreApplication.translate("KartuLimaTable", "Your rooster (jagoan)")
            plan.cards.append(
                CardSpec(
                    key,
                    kind,
                    True,
                    QPointF(x + i * sp, hand_cy + 0.004 * hand_h * (i - mid) ** 2),
                    hand_h,
                    rotation=0.8 * (i - mid),
                    z=600 + i,
                    role="hand",
                    seat=me,
                    action=act,
                    selectable=True,
                    mark="drawn" if tip else None,
                    tooltip=tip,
                )
            )
        hand_l = W / 2 - sp * (n - 1) / 2 - wh / 2 if n else W / 2
        panel = QRectF(max(M, hand_l - 2 * gap - panel_w), H - M - panel_h - 0.1 * hand_h, panel_w, panel_h)
        plan.seats.append(self._seat(view, me, panel, view.result is not None, style, human=True))
        self._seat_pos[me] = panel.center()
        plan.hand_rect = QRectF(hand_l - wh, hand_top - 0.05 * s, max(wh, sp * n) + 2 * wh, H - hand_top + 0.05 * s)
        hand_r = W / 2 + sp * (n - 1) / 2 + wh / 2 if n else W / 2
        info = QPointF((max(hand_r, W / 2 + 2.6 * wh) + W) / 2, hand_cy)
        return info, (me, panel, False, (M, hand_l - gap))     # the person's words: left of the hand

    # ------------------------------------------------------------------------------------------
    def _hand_order(self, view: KartuLimaView, sort: bool) -> list[tuple]:
        return self.merge_hand_order(copy_keys(sorted(view.hand), "h"), sort)

    def _shown_cards(self, view: KartuLimaView) -> dict[int, list[Kind]]:
        """The cards of other hands everybody may see: the *mraji papat* shower's pairs (those not yet
        played) and, at the end, an instant winner's five."""
        out: dict[int, list[Kind]] = {}
        papat, kinds = view.papat
        if papat is not None and papat != view.viewer:
            left = list(kinds)
            for t in (*view.tricks, *([view.current] if view.current else [])):
                for c in t.cards:
                    if c.seat == papat and c.kind in left:
                        left.remove(c.kind)
            out[papat] = left
        if view.instant is not None and view.result is not None:
            seat = view.instant[0]
            out[seat] = sorted(Kind.parse(c) for c in view.result.details.get("revealed") or ())
        return out

    def _seat(self, view: KartuLimaView, q: int, rect: QRectF, over: bool, style: str,
              human: bool = False) -> SeatSpec:
        banjiran, streak = self.streak_after(view)
        badge = tip = ""
        if banjiran == q and streak:
            code = streak_name(streak)
            # one form on the small badge (the tooltip gives both): the script if the player reads only that
            badge = names.term(code, "javanese" if style == "javanese" else "latin")
            tip = names.term_tooltip(code)
        winner = over and view.result is not None and q in view.result.winners
        return SeatSpec(
            seat=q,
            rect=rect,
            name=self.seat_title(q),
            count=view.hand_counts[q],
            dealer=q == (banjiran if view.result is not None and banjiran is not None else view.dealer),
            to_move=q in view.to_act and not over,
            badge=badge,
            badge_tip=tip,
            winner=winner,
            human=human,
            extra=self._seat_extra(view, q),
        )

    @staticmethod
    def streak_after(view: KartuLimaView) -> tuple[int | None, int]:
        """The banjiran and their streak as the table shows them: once a hand is over, its winner's
        (the streak counted as the match's carry counts it), who also deals the next hand — so
        after the last hand of a match too the badge and the dealer's chip are the last hand's."""
        banjiran, streak = view.streak
        if view.result is None or not view.result.winners:
            return banjiran, streak
        w = view.result.winners[0]
        return w, (streak + 1 if banjiran == w else 1)

    def _seat_extra(self, view: KartuLimaView, q: int) -> str:
        """The plate's second line: what the seat chose in the round being played (once shown), or
        that it has chosen; during play, a rooster laid."""
        rnd = view.rounds[-1] if view.rounds and view.phase not in ("play", "over") else None
        if rnd is not None and q in rnd.players:
            if rnd.revealed is not None:
                return ""
            return (
                QCoreApplication.translate("KartuLimaTable", "has chosen")
                if q in rnd.chosen
                else QCoreApplication.translate("KartuLimaTable", "choosing…")
            )
        parts = []
        bet = view.round("bet")
        if bet is not None and bet.revealed is not None:
            amount = next((a.amount for a in bet.revealed if a.player == q), None)
            if amount is not None:
                parts.append(
                    QCoreApplication.translate("KartuLimaTable", "bets %1").replace(
                        "%1", names.format_money(amount, signed=False)
                    )
                )
        top = view.round("tomprang")
        if top is not None and top.revealed is not None:
            if any(a.player == q and a.verb == "tomprang" for a in top.revealed):
                parts.append(QCoreApplication.translate("KartuLimaTable", "tomprang"))
        col = view.round("colour")
        if col is not None and col.revealed is not None:
            verb = next((a.verb for a in col.revealed if a.player == q), None)
            if verb == "red":
                parts.append(QCoreApplication.translate("KartuLimaTable", "red"))
            elif verb == "black":
                parts.append(QCoreApplication.translate("KartuLimaTable", "black"))
        if view.roosters and q < len(view.roosters) and view.roosters[q]:
            parts.append(
                QCoreApplication.translate("KartuLimaTable", "rooster that killed")
                if q in view.kills
                else QCoreApplication.translate("KartuLimaTable", "rooster")
            )
        return QCoreApplication.translate("Terms", ", ").join(parts)

    def _place_notes(self, plan: Plan, view: KartuLimaView, q: int, rect: QRectF, upper: bool,
                     band: tuple[float, float], font: float, style: str, options: LayoutOptions,
                     centre: QPointF, M: float) -> None:
        """Seat ``q``'s words (:meth:`_seat_notes`) where they cover no card, plate or other label:
        beside the plate, the seat's trick card moved off them toward the middle, the block moved
        sideways, the lines wrapped wider or narrower if need be; else beside the seat's trick card,
        on the middle's side; else on the plate's other side; else all that again in smaller letters
        (aksara Jawa's lines are taller).  Where nothing is clear, where the fewest things are covered."""
        card = next((c for c in plan.cards if c.role == "trick" and c.seat == q), None)
        start = card.pos if card is not None else QPointF()
        taken = [label_rect(lab) for lab in plan.labels] + [s.rect for s in plan.seats if s.seat != q]
        places = [(rect, upper, band)]
        if card is not None:
            half = (band[1] - band[0]) / 2
            places.append((card_rect(card), card.pos.y() < centre.y(), (card.pos.x() - half, card.pos.x() + half)))
        places.append((rect, not upper, band))
        best: tuple[int, list[LabelSpec], QPointF] | None = None    # the least covered, if none is clear
        tries = [(i, place, share, size) for size in (font, font * 0.85, font * 0.72)   # (smaller, if need be)
                 for i, place in enumerate(places) for share in (1.0, 1.4, 0.75)]
        for i, (anchor, down, (lo, hi)), share, size in tries:
            mid, room = (lo + hi) / 2, (hi - lo) / 2 * share
            block = self._seat_notes(view, q, anchor, size, style, down, (max(M, mid - room),
                                                                           min(2 * centre.x() - M, mid + room)),
                                     options)
            if card is not None:
                card.pos = start
            mine = card if i < 2 else None     # its own card moves off the block, or is its anchor
            clear = clear_of(block, [card_rect(c) for c in plan.cards if c is not mine] + taken, 2 * centre.x(), M)
            if clear and card is not None and i == 0:
                self._trick_card_off(card, block, centre)     # (its own card, after the block moved)
                clear = not any(card_rect(card).intersects(label_rect(lab)) for lab in block)
            if clear:
                plan.labels += block
                return
            rects = [label_rect(lab) for lab in block]
            n = sum(any(r.intersects(x) for x in rects) for r in [card_rect(c) for c in plan.cards] + taken)
            if best is None or n < best[0]:
                best = (n, block, card.pos if card is not None else start)
        if best is not None:
            if card is not None:
                card.pos = best[2]
            plan.labels += best[1]

    def _seat_notes(
        self,
        view: KartuLimaView,
        q: int,
        rect: QRectF,
        font: float,
        style: str,
        upper: bool,
        band: tuple[float, float],
        options: LayoutOptions,
    ) -> list[LabelSpec]:
        """The labels beside the plate, toward the middle (below an upper seat, above a lower one):
        what the seat chose (:meth:`_seat_extra`) next to the plate, then the wangsalan of the card
        it led to this trick and "ana kéné".  Each line is as wide as the ``band`` lets it be (a
        long meaning takes several), the lines stacked by their own heights."""
        lines: list[tuple[str, str, str, float]] = []  # (key, text, style, size)
        cur = view.current
        if cur is not None and cur.cards and cur.leader == q and cur.cards[0].kind is not None:
            riddle = wangsalan.for_lead(cur.cards[0].kind, cur.number + q)
            if riddle is not None:
                lines.append(("wangsalan", "“" + wangsalan.phrase(riddle, style) + "”", "banner", font))
                lines.append(("meaning", wangsalan.meaning(riddle), "count", font * 0.9))
        if q in view.ana_kene:
            lines.append(
                (
                    "ana_kene",
                    QCoreApplication.translate("KartuLimaTable", "“%1!”").replace("%1", names.term("ana_kene", style)),
                    "winner",
                    font,
                )
            )
        extra = self._seat_extra(view, q)
        if extra:
            chose = ("chose", extra, "count", font * 0.9)
            lines = [chose, *lines] if upper else [*lines, chose]
        if not lines:
            return []
        specs: list[LabelSpec] = []
        for key, text, st, size in lines:
            tip = {"ana_kene": names.term_tooltip("ana_kene"), "chose": ""}.get(key, names.term_tooltip("wangsalan"))
            for j, part in enumerate(wrap_label(text, size, band[1] - band[0], st != "count")):
                specs.append(LabelSpec((key, q) if j == 0 else (key, q, j), part, QPointF(), size, st, tip or text))
        sep = options.line(font) * 0.12     # between two lines; four times that from the plate (and its fan)
        heights = [text_height(sp.text, sp.size, sp.style != "count") for sp in specs]
        y = rect.bottom() + 4 * sep if upper else rect.top() - 4 * sep - sum(heights) - sep * (len(specs) - 1)
        x = rect.center().x()
        for sp, h in zip(specs, heights, strict=True):
            half = text_width(sp.text, sp.size, sp.style != "count") / 2
            sp.pos = QPointF(min(max(x, band[0] + half), band[1] - half), y + h / 2)
            y += h + sep
        return specs

    @staticmethod
    def _trick_card_off(card: CardSpec, block: list[LabelSpec], centre: QPointF) -> None:
        """A seat's card of the trick moved toward the middle, as little as it takes (in tenths of
        the way), off the seat's words (tall in aksara Jawa, several lines for a long meaning)."""
        rects = [label_rect(lab) for lab in block]
        start = card.pos
        for k in range(11):
            t = 1 - k / 10
            card.pos = QPointF(centre.x() + (start.x() - centre.x()) * t, centre.y() + (start.y() - centre.y()) * t)
            if not any(card_rect(card).intersects(r) for r in rects):
                return
        card.pos = start

    # ------------------------------------------------------------------------------------------
    def _middle(
        self,
        plan: Plan,
        view: KartuLimaView,
        centre: QPointF,
        rx: float,
        ry: float,
        angles: dict[int, float],
        info: QPointF,
        trick_h: float,
        pack_h: float,
        font: float,
        over: bool,
        style: str,
        options: LayoutOptions,
    ) -> None:
        """The trick round the pack; the trick count, the led group and the pot at ``info`` (beside the
        hand, where no card lies)."""
        # the pack (the undealt cards), a small stack in the middle
        shown_pack = 0 if over else 3
        off = max(1.0, 0.02 * pack_h)
        for i in range(shown_pack):
            plan.cards.append(
                CardSpec(
                    ("pack", i),
                    None,
                    False,
                    QPointF(centre.x() - i * off, centre.y() - i * off),
                    pack_h,
                    z=50 + i,
                    role="stock",
                    tooltip=QCoreApplication.translate("KartuLimaTable", "The pack: the cards nobody was dealt"),
                )
            )
        self._pack = (QPointF(centre.x(), centre.y()), pack_h)
        trick = self._trick(plan, view, centre, rx, ry, angles, trick_h)
        self._middle_words(plan, view, centre, info, pack_h, font, over, style, options, trick)

    def _trick(self, plan: Plan, view: KartuLimaView, centre: QPointF, rx: float, ry: float,
               angles: dict[int, float], trick_h: float) -> Trick | None:
        """The trick round the pack, each card toward its player's seat (the winning one marked): the
        current one, or the last finished one (dimmed but its winner) until the next lead."""
        trx, try_ = rx * 0.45, ry * 0.6
        trick = view.current if view.current is not None and view.current.cards else None
        finished = False
        if trick is None and view.tricks:
            trick, finished = view.tricks[-1], True
        winning = view.winning if not finished else (trick.winner if trick is not None else None)
        if trick is not None:
            for i, c in enumerate(trick.cards):
                a = angles[c.seat]
                # an upper seat's card lies nearer the middle: its riddle goes between plate and card
                up_y = try_ * (0.7 if math.sin(a) < 0 else 1.0)
                pos = QPointF(centre.x() + math.cos(a) * trx, centre.y() + math.sin(a) * up_y)
                up = not c.mberi
                tip = None
                if c.mberi:
                    tip = (
                        QCoreApplication.translate("KartuLimaTable", "Your card, thrown face down (mberi): %1").replace(
                            "%1", names.card_name(c.kind)
                        )
                        if c.seat == view.viewer and c.kind is not None
                        else QCoreApplication.translate("KartuLimaTable", "Thrown face down (mberi): it cannot win")
                    )
                elif i == 0:
                    tip = QCoreApplication.translate("KartuLimaTable", "Led by %1").replace(
                        "%1", self.seat_title(c.seat)
                    )
                plan.cards.append(
                    CardSpec(
                        ("t", trick.number, c.seat),
                        c.kind if up else None,
                        up,
                        pos,
                        trick_h,
                        z=200 + i,
                        role="trick",
                        seat=c.seat,
                        mark="win" if c.seat == winning and up else None,
                        dim=finished and c.seat != winning,
                        tooltip=tip,
                    )
                )
        return trick

    def _middle_words(self, plan: Plan, view: KartuLimaView, centre: QPointF, info: QPointF, pack_h: float,
                      font: float, over: bool, style: str, options: LayoutOptions, trick: Trick | None) -> None:
        """The trick count above ``info``, the led group and the pot under it, a line apart; over the
        pack, what everybody is choosing now."""
        lh = options.line(font)
        top_y = info.y() - lh * 0.4 - text_height("Ag", font) / 2
        if over:
            line = QCoreApplication.translate("KartuLimaTable", "The hand is over")
        else:
            line = QCoreApplication.translate("KartuLimaTable", "Trick %1 of 5 · only the fifth counts").replace(
                "%1", str(view.trick)
            )
        plan.labels.append(
            LabelSpec(
                ("trickno",),
                line,
                QPointF(info.x(), top_y),
                font,
                "winner" if view.trick == 5 and not over else "count",
                QCoreApplication.translate("KartuLimaTable", "Only the winner of the fifth trick wins the hand"),
            )
        )
        lines: list[str] = []
        if trick is not None and trick.cards and trick.cards[0].kind is not None:
            lines.append(
                QCoreApplication.translate("KartuLimaTable", "Led: %1").replace(
                    "%1", group_name(trick.cards[0].kind, style))
            )
        if view.pot:
            lines.append(
                QCoreApplication.translate("KartuLimaTable", "Pot: %1").replace(
                    "%1", names.format_money(view.pot, signed=False)
                )
            )
        y = info.y() + lh * 0.4
        for i, text in enumerate(lines):
            h = text_height(text, font)
            plan.labels.append(LabelSpec(("mid", i), text, QPointF(info.x(), y + h / 2), font, "count"))
            y += h + lh * 0.3
        if view.phase not in ("play", "over"):
            text = self.phase_text(view)
            y = centre.y() - pack_h / 2 - lh * 0.3 - text_height(text, font, True) / 2
            plan.labels.append(LabelSpec(("phase",), text, QPointF(centre.x(), y), font, "banner"))


    @staticmethod
    def phase_text(view: KartuLimaView) -> str:
        """What everybody is choosing now (all at once)."""
        return {
            "bet": lambda: QCoreApplication.translate(
                "KartuLimaTable", "Bal-balan: everybody bets against the banjiran"
            ),
            "tomprang": lambda: QCoreApplication.translate("KartuLimaTable", "Tomprang: add a stake, or pass"),
            "rooster": lambda: QCoreApplication.translate("KartuLimaTable", "Roosters: lay a card face down"),
            "gor": lambda: QCoreApplication.translate("KartuLimaTable", "Gor-goran: guess the pack's top card"),
            "colour": lambda: QCoreApplication.translate(
                "KartuLimaTable", "Abang-ireng: red or black on top of the pack?"
            ),
            "keep": lambda: QCoreApplication.translate("KartuLimaTable", "Mraji papat: keep one card"),
        }.get(view.phase, lambda: "")()

    # ------------------------------------------------------------------------------------------
    def choices(self, view: KartuLimaView) -> list[ChoiceSpec]:
        """The decisions that are not a card, from ``view.legal`` and ``view.ranges``, in the middle
        of the table (no trick lies there while they are offered: they come before the first lead)."""
        out = [
            ChoiceSpec(
                ("range", r.verb),
                QCoreApplication.translate("KartuLimaTable", "Bet"),
                range=r,
                default=r.lo,
                money=True,
                tooltip=QCoreApplication.translate(
                    "KartuLimaTable", "Your bet against the banjiran, shown when everybody has bet"
                ),
                anchor=-1,
                group="bet",
            )
            for r in view.ranges
        ]
        for a in view.legal:
            if a.verb not in KEYS:
                continue
            label, tip = self._choice_words(view, a)
            out.append(
                ChoiceSpec(a, label, action=a, anchor=-1, group=view.phase, tooltip=tip, shortcut=int(KEYS[a.verb]))
            )
        return out

    @staticmethod
    def _choice_words(view: KartuLimaView, a: Action) -> tuple[str, str]:
        verb = a.verb
        if verb == "tomprang":
            return QCoreApplication.translate("KartuLimaTable", "Tomprang"), QCoreApplication.translate(
                "KartuLimaTable", "Add one more stake this hand: the winner takes it (key T)"
            )
        if verb == "pass" and view.phase == "rooster":
            return QCoreApplication.translate("KartuLimaTable", "No rooster"), QCoreApplication.translate(
                "KartuLimaTable", "Lay no rooster this hand (key P); click a dika of your hand to lay it"
            )
        if verb == "pass":
            return QCoreApplication.translate("KartuLimaTable", "Pass"), QCoreApplication.translate(
                "KartuLimaTable", "Add no tomprang (key P)"
            )
        if verb == "red":
            return QCoreApplication.translate("KartuLimaTable", "Red"), QCoreApplication.translate(
                "KartuLimaTable", "The pack's top card is red: S9, RF, OT, the Myriads, S5, S7, S8 (key R)"
            )
        if verb == "black":
            return QCoreApplication.translate("KartuLimaTable", "Black"), QCoreApplication.translate(
                "KartuLimaTable", "The pack's top card is black: any other card (key B)"
            )
        if verb == "mraji_papat":
            return QCoreApplication.translate("KartuLimaTable", "Mraji papat"), QCoreApplication.translate(
                "KartuLimaTable",
                "Show your two mraji pairs: the others keep one card each, and you win the fifth trick (key M)",
            )
        return QCoreApplication.translate("KartuLimaTable", "Show your cards"), QCoreApplication.translate(
            "KartuLimaTable", "Your five cards win the hand at once (key V)"
        )

    # ------------------------------------------------------------------------------------------
    def choreograph(
        self, events: Sequence[Event], old: dict[Hashable, Any], new: Plan, view: KartuLimaView, played_key: Any = None
    ) -> Choreo:
        ch = Choreo()
        newk = new.by_key()
        pr = Pairing(ch, old, newk)
        me = self.human
        for e in events:
            t, p = e.type, e.player
            if t == "deal":
                ch.deal = True
            elif t in ("lead", "play", "mberi") and p is not None:
                trick = e.data.get("trick")
                nk = ("t", trick, p)
                if nk not in newk or nk in pr.used_new:
                    continue
                if p == me:
                    card = e.data.get("card") or (e.secret or {}).get("card")
                    kind = Kind.parse(card) if card else None
                    ok = None
                    if played_key is not None and played_key in old and played_key not in newk:
                        ok = played_key
                    if ok is None:
                        ok = pr.last_vanished(partial(_in_hand, kind))
                else:
                    ok = pr.last_vanished(partial(_opponents, p))
                if ok is not None:
                    pr.reuse(nk, ok)
            elif t == "end":
                ch.banners.append(("trickno",))
        if ch.deal:
            self._deal(ch, new, view)
        return ch

    def _deal(self, ch: Choreo, new: Plan, view: KartuLimaView) -> None:
        """One card at a time from the pack, five rounds, from the starter anticlockwise."""
        n = view.n_players
        per_seat: dict[int, list] = {q: [] for q in range(n)}
        for c in new.cards:
            if c.role in ("hand", "opponent") and 0 <= c.seat < n:
                per_seat[c.seat].append(c.key)
        pos, h = self._pack
        start = (pos, False, 0.0, h)
        step = 0.12
        for j in range(n):
            q = (view.starter - j) % n
            for r, key in enumerate(per_seat[q]):
                ch.start[key] = start
                ch.delay[key] = (r * n + j) * step
                ch.reuse.pop(key, None)

    @staticmethod
    def shortcuts() -> list[tuple[str, str]]:
        return [
            ("T / P", QCoreApplication.translate("TableWidget", "Kartu Lima: tomprang, or pass (no rooster)")),
            ("R / B", QCoreApplication.translate("TableWidget", "Kartu Lima: abang-ireng, red or black")),
            ("M", QCoreApplication.translate("TableWidget", "Kartu Lima: declare mraji papat")),
            ("V", QCoreApplication.translate("TableWidget", "Kartu Lima: show five cards that win at once")),
        ]


register_layout(KartuLimaLayout.game_id, KartuLimaLayout)
