"""The Balik Satu family's table layout: every card and plate in view at 1280×720 and 1920×1080 for
every table size up to fourteen, no seat's cards over another's, the hand sorted into its sets, the
revealed stock card, Chaqui's exposed olo, Gonggong's coins, Chot's tokens and bangkong record, the
winner's sets with the turned card and the kena swap at the end."""
from __future__ import annotations

import dataclasses
import math
import random

import pytest
from balik_helpers import stacked
from PySide6.QtCore import QRectF

import cekidesk.ui.games  # noqa: F401  (the registry of the games' UIs: it loads every table layout)
from cekidesk.engine.cards import Kind
from cekidesk.engine.core import Action
from cekidesk.games import get_game
from cekidesk.games.balik import rules
from cekidesk.games.balik.scoring import BalikCarry, BangkongRecord
from cekidesk.ui.foundations import names
from cekidesk.ui.foundations.cardpics import card_width
from cekidesk.ui.games.balik.layout import BalikLayout, hand_groups
from cekidesk.ui.table.layouts import LayoutOptions, label_rect, layout_class, text_width

SIZES = ((1280, 720), (1920, 1080))


def seat_names(n: int) -> list[str]:
    return ["You"] + [names.DEFAULT_BOT_NAMES[i % len(names.DEFAULT_BOT_NAMES)] for i in range(n - 1)]


def card_rect(c) -> QRectF:
    w = card_width(c.height)
    vis_w, vis_h = w * c.peek[0], c.height * c.peek[1]
    return QRectF(c.pos.x() - w / 2, c.pos.y() - c.height / 2, vis_w, vis_h)


def views_of_random_hands(game_id: str, n: int, seed: int, every: int = 9):
    """Views of seat 0 along a random hand (calls and claims preferred), and the end."""
    spec = get_game(game_id)
    st = rules.new_hand(game_id, spec.options_model(), n, seed, seed % n)
    rng = random.Random(seed)
    out = [st.view(0)]
    i = 0
    while not st.is_terminal():
        p = st.to_act()[0]
        legal = st.legal_actions(p)
        pick = next((a for a in legal if a.verb in ("call", "claim", "win")), None) or rng.choice(legal)
        st.apply(pick)
        i += 1
        if i % every == 0 or st.view(0).phase in ("claim", "call") or st.is_terminal():
            out.append(st.view(0))
    return out


def check_plan(plan, W: float, H: float) -> None:
    for c in plan.cards:
        r = card_rect(c)
        assert r.left() >= -0.5 and r.top() >= -0.5 and r.right() <= W + 0.5 and r.bottom() <= H + 0.5, c.key
    seats = {s.seat: s.rect for s in plan.seats}
    for s in plan.seats:
        assert s.rect.left() >= 0 and s.rect.top() >= 0 and s.rect.right() <= W and s.rect.bottom() <= H, s.seat
        for t in plan.seats:
            if t.seat < s.seat:
                assert not s.rect.intersects(t.rect), (s.seat, t.seat)
    by_seat: dict[int, list[QRectF]] = {}
    for c in plan.cards:
        if c.seat >= 0 and c.role in ("hand", "opponent", "reveal") and c.key[0] != "revealed":
            by_seat.setdefault(c.seat, []).append(card_rect(c))
    for q, rects in by_seat.items():
        for p, other in by_seat.items():
            if p != q:
                assert not any(a.intersects(b) for a in rects for b in other), (q, p)
        for p, rect in seats.items():
            if p != q:
                assert not any(a.intersects(rect) for a in rects), ("cards of", q, "over the plate of", p)
    for lab in plan.labels:
        half = text_width(lab.text, lab.size, lab.style != "count") / 2
        assert lab.pos.x() - half >= -1 and lab.pos.x() + half <= W + 1, lab.text


def check_only_seen_cards_face_up(plan, view) -> None:
    """No face-up card the viewer may not see: their hand, the pile, a revealed draw, exposed olo,
    and at the end the hands, the winner's sets and the turned cards."""
    from collections import Counter

    seen = Counter(view.hand) + Counter(k for k, _ in view.discards)
    if view.revealed is not None:
        seen[view.revealed[0]] += 1
    for q, olos in enumerate(view.exposed):
        if q != view.viewer:
            seen.update(k for k in olos for _ in range(3))
    if view.result is not None:
        d = view.result.details
        for codes in [*(d.get("hands") or []), *(d.get("sets") or []), d.get("turned") or []]:
            seen.update(Kind.parse(c) for c in codes)
    shown = Counter(c.kind for c in plan.cards if c.face_up)
    assert not shown - seen, shown - seen
    assert all(c.kind is None for c in plan.cards if not c.face_up)


@pytest.mark.parametrize("n", [2, 4, 7, 9, 12, 14])
def test_every_card_and_plate_is_in_view_and_apart_at_any_table_size(qapp, n):
    lay_cls = layout_class("balik-satu")
    for seed in range(2):
        for view in views_of_random_hands("balik-satu", n, seed):
            lay = lay_cls(seat_names(n), 0)
            for W, H in SIZES:
                plan = lay.plan(view, W, H, LayoutOptions())
                check_plan(plan, W, H)
                check_only_seen_cards_face_up(plan, view)
                hand = [c for c in plan.cards if c.role == "hand"]
                if view.result is None:
                    assert sorted(c.kind for c in hand) == sorted(view.hand)
                    assert {c.key for c in plan.cards if c.role == "opponent" and c.seat == 1} or \
                        view.hand_counts[1] == 0
                    assert sum(1 for c in plan.cards if c.role == "opponent" and c.seat == 3 % n) \
                        + (view.revealed is not None and view.revealed[1] == 3 % n and view.phase != "claim") \
                        == view.hand_counts[3 % n] or 3 % n == 0
                    # every discard action is on a card of the hand, every other move a button or the piles
                    acts = {c.action for c in plan.cards if c.action is not None}
                    acts |= {ch.action for ch in plan.choices}
                    assert acts == set(view.legal), (acts, view.legal)


@pytest.mark.parametrize("game_id", ["chaqui", "balik-lima-belas", "chot", "gonggong", "tantanan", "ceken"])
def test_the_other_games_fit_too(qapp, game_id):
    spec = get_game(game_id)
    for n in sorted({spec.min_players, spec.max_players}):
        lay = layout_class(game_id)(seat_names(n), 0)
        for view in views_of_random_hands(game_id, n, 1, every=5):
            for W, H in SIZES:
                plan = lay.plan(view, W, H, LayoutOptions())
                check_plan(plan, W, H)
                check_only_seen_cards_face_up(plan, view)


def test_the_hand_is_sorted_into_its_sets_then_by_rank_the_card_just_drawn_marked(qapp):
    # seat 0 is first (dealer 1): C2 ×3 (a mata), C5 S5 M5 (a set), then loose cards, M9 extra
    human = "C2 C2 C2 C5 S5 M5 C7 S7 M1 WF C9 S3 M4 S4 M9"
    other = "C1 S1 OT RF C3 M3 C4 C6 S6 M6 C8 S8 M8 M2"
    st = stacked("balik-satu", 2, {0: human, 1: other})
    view = st.view(0)
    groups = hand_groups(view)
    assert groups[0] == [Kind.C2] * 3 and sorted(groups[1]) == sorted([Kind.C5, Kind.S5, Kind.M5])
    assert [g for g in groups[2:]] == sorted(groups[2:], key=lambda g: [k.pips if not k.is_honour else 1 for k in g])
    plan = BalikLayout(seat_names(2), 0).plan(view, 1280, 720, LayoutOptions())
    hand = [c for c in plan.cards if c.role == "hand"]
    assert [c.kind for c in hand][:6] == [Kind.C2] * 3 + groups[1]
    # the sets stand apart: a wider gap after the third and the sixth card
    step = hand[1].pos.x() - hand[0].pos.x()
    assert hand[3].pos.x() - hand[2].pos.x() > step * 1.2 and hand[6].pos.x() - hand[5].pos.x() > step * 1.2
    # throw, then the other player takes it: next turn the human draws, and the drawn card is marked
    st.apply(Action(0, "discard", Kind.M9))
    st.apply(Action(1, "draw"))
    st.apply(Action(1, "discard", st.view(1).drawn))
    st.apply(Action(0, "draw"))
    view = st.view(0)
    plan = BalikLayout(seat_names(2), 0).plan(view, 1280, 720, LayoutOptions())
    marked = [c for c in plan.cards if c.role == "hand" and c.mark == "drawn"]
    assert len(marked) == 1 and marked[0].kind == view.drawn


def chaqui_with_an_exposed_olo():
    """Seat 0 (first) throws the M9; seat 1 takes it to its pair: an olo, laid open."""
    human = "C2 C2 C2 C5 S5 M5 C7 S7 M1 WF C9 S3 M4 S4 M9"
    other = "M9 M9 OT RF C3 M3 C4 C6 S6 M6 C8 S8 M8 M2"
    st = stacked("chaqui", 2, {0: human, 1: other})
    st.apply(Action(0, "discard", Kind.M9))
    st.apply(Action(1, "take"))
    return st


def test_chaquis_exposed_olo_lies_face_up_in_the_seats_fan(qapp):
    st = chaqui_with_an_exposed_olo()
    view = st.view(0)
    assert view.exposed[1] == (Kind.M9,)
    for W, H in SIZES:
        plan = BalikLayout(seat_names(2), 0).plan(view, W, H, LayoutOptions())
        fan = [c for c in plan.cards if c.role == "opponent" and c.seat == 1]
        assert len(fan) == view.hand_counts[1] == 15
        assert [c.kind for c in fan if c.face_up] == [Kind.M9] * 3
        assert all("olo" in c.tooltip for c in fan if c.face_up)
        check_plan(plan, W, H)
    # the exposer's own table: the three marked, not playable
    plan = BalikLayout(seat_names(2), 1).plan(st.view(1), 1280, 720, LayoutOptions())
    olo = [c for c in plan.cards if c.role == "hand" and c.mark == "set_aside"]
    assert [c.kind for c in olo] == [Kind.M9] * 3 and all(c.action is None for c in olo)


def test_call_badges_in_each_games_words_gonggongs_as_coins(qapp):
    cases = {"balik-satu": ("tan", "ceki"), "gonggong": ("●● ceki kowah", "● ceki nocog"),
             "tantanan": ("tan kowah", "tan nokang")}
    for game_id, (tan, ceki) in cases.items():
        spec = get_game(game_id)
        n = spec.min_players
        view = views_of_random_hands(game_id, n, 0)[0]
        view = dataclasses.replace(view, calls=("tan", "ceki") + (None,) * (n - 2))
        plan = BalikLayout(seat_names(n), 0).plan(view, 1280, 720, LayoutOptions())
        badges = {s.seat: s.badge for s in plan.seats}
        assert (badges[0], badges[1]) == (tan, ceki), game_id
        tips = {s.seat: s.badge_tip for s in plan.seats}
        assert tips[1] and tips[1] != ceki
        # in aksara Jawa where the player reads the script
        plan = BalikLayout(seat_names(n), 0).plan(view, 1280, 720,
                                                  LayoutOptions(card_namer=names.card_namer("javanese")))
        assert all(ch not in "abcdefghijklmnopqrstuvwxyz" for ch in {s.seat: s.badge for s in plan.seats}[1])


def test_chots_side_display_shows_both_sides_tokens_and_the_bangkong_record(qapp):
    carry = BalikCarry(ones=(3, 0, 5, 1), tens=(0, 1, 0, 0),
                       record=(BangkongRecord(side=0, total=25, excess=7),
                               BangkongRecord(side=None, total=21, excess=0)))
    st = rules.new_hand("chot", get_game("chot").options_model(), 4, 3, 0, carry=carry)
    view = st.view(0)
    names4 = ["You", "Budi", "Sari", "Ayu"]
    for W, H in SIZES:
        plan = BalikLayout(names4, 0).plan(view, W, H, LayoutOptions())
        texts = [lab.text for lab in plan.labels if lab.key[0] == "chot"]
        assert texts == ["You and Sari: 8 points in this bangkong (8 × 1, 0 × 10)",
                         "Budi and Ayu: 11 points in this bangkong (1 × 1, 1 × 10)",
                         "Bangkong 1: You and Sari with 25, 7 more",
                         "Bangkong 2: tied at 21"]
        extra = {s.seat: s.extra for s in plan.seats}
        assert extra[1] == "10 pts (0×1, 1×10)" and extra[2] == "5 pts (5×1, 0×10)"
        check_plan(plan, W, H)


def test_the_end_shows_the_winners_sets_the_turned_card_and_the_swap(qapp):
    # seat 0 first, holding a won hand but for one card: C3 C3 S3 + turned C3 → kena
    human = "C2 S2 M2 C3 C3 S3 C4 S4 M4 C5 S5 M5 C6 C6 M9"
    other = "C7 S7 M8 C9 S1 M1 WF RF OT S8 M9 C8 S9 M7"
    st = stacked("balik-satu", 2, {0: human, 1: other}, stock="C6 C3")
    st.apply(Action(0, "discard", Kind.M9))
    st.apply(Action(0, "call"))
    st.apply(Action(1, "draw"))
    st.apply(Action(0, "claim"))
    view = st.view(0)
    assert view.result.details["swaps"] == [["S3", "C3"]]
    for W, H in SIZES:
        plan = BalikLayout(seat_names(2), 0).plan(view, W, H, LayoutOptions())
        sets = [c for c in plan.cards if c.key[0] == "set"]
        assert sorted(c.kind.code for c in sets) == sorted(c for st_ in view.result.details["sets"] for c in st_)
        assert [c.kind for c in sets if c.mark == "drawn"] == [Kind.C3]          # came in by kena
        assert [c.kind for c in sets if c.mark == "win"] == [Kind.C6]
        turned = [c for c in plan.cards if c.key[0] == "turned"]
        assert [c.kind for c in turned] == [Kind.C3]
        texts = {lab.key: lab.text for lab in plan.labels}
        assert texts[("result",)] == "You: 6 points"
        # every hand face up
        assert all(c.face_up for c in plan.cards if c.seat == 1 and c.role == "reveal")
        check_plan(plan, W, H)
    assert math.isfinite(plan.cards[0].pos.x())


def gap(a: QRectF, b: QRectF) -> float:
    """How far apart two rectangles are (0 where they touch or overlap)."""
    return math.hypot(max(0.0, a.left() - b.right(), b.left() - a.right()),
                      max(0.0, a.top() - b.bottom(), b.top() - a.bottom()))


def lies_on(plan, keys: set) -> list:
    """The cards, labels and plates of ``plan`` that the cards and labels of ``keys`` lie on."""
    ours = [card_rect(c) for c in plan.cards if c.key[:1] in keys] + \
        [label_rect(lab) for lab in plan.labels if lab.key in keys]
    rest = [(c.key, card_rect(c)) for c in plan.cards if c.key[:1] not in keys] + \
        [(lab.key, label_rect(lab)) for lab in plan.labels if lab.key not in keys] + \
        [(("plate", s.seat), s.rect) for s in plan.seats]
    return [key for key, r in rest if any(r.intersects(o) for o in ours)]


@pytest.mark.parametrize("game_id, n", [("balik-satu", 2), ("balik-satu", 3), ("balik-satu", 6), ("balik-satu", 10),
                                        ("balik-satu", 14), ("chaqui", 10), ("gonggong", 6), ("ceken", 3)])
def test_a_revealed_draw_lies_by_its_drawer_on_nothing_else(qapp, game_id, n):
    """A revealed stock draw lay over its drawer's fan and plate, the top seat's down to the
    thrower's name over the pile: at every seat, the card and its "… drew" lie on no other card,
    label or plate, the card within its height of its drawer's plate or cards, from a small window
    to full HD, the pile empty or full."""
    lay = layout_class(game_id)(seat_names(n), 0)
    for view in views_of_random_hands(game_id, n, 1, every=150)[:-1]:
        for q in range(n):
            shown = dataclasses.replace(view, revealed=(Kind.C5, q), phase="claim" if q == 0 else view.phase)
            for W, H in ((1018, 555), *SIZES):
                plan = lay.plan(shown, W, H, LayoutOptions())
                plates = {s.seat: s.rect for s in plan.seats}
                assert lies_on(plan, {("revealed",)}) == [], (q, W, len(view.discards))
                (card,) = [c for c in plan.cards if c.key == ("revealed",)]
                seat = [c for c in plan.cards if c.seat == q and c.key[0] in ("o", "h")]
                near = max(0.0, min(gap(card_rect(card), r) for r in [*map(card_rect, seat), plates[q]]))
                assert near <= card.height, (q, W)


@pytest.mark.parametrize("game_id, n", [("balik-satu", 2), ("balik-satu", 6), ("balik-satu", 10),
                                        ("balik-satu", 14), ("balik-lima-belas", 6), ("gonggong", 5),
                                        ("gonggong", 6), ("balik-lima-belas", 10), ("chaqui", 6),
                                        ("tantanan", 4), ("ceken", 3)])
def test_the_turned_cards_and_their_words_lie_on_no_seats_cards(qapp, game_id, n):
    """"Turned for the score", wider than the one turned card under it, reached a side seat's fan:
    the turned cards and their words lie on no other card, label or plate at the end of a won hand."""
    lay = layout_class(game_id)(seat_names(n), 0)
    won = 0
    for seed in range(6):
        view = views_of_random_hands(game_id, n, seed, every=10 ** 6)[-1]
        if not view.result.winners:
            continue
        won += 1
        for W, H in ((1018, 555), *SIZES):
            plan = lay.plan(view, W, H, LayoutOptions())
            assert lies_on(plan, {("turned",)}) == [], (seed, W)
    assert won


def test_gonggongs_pot_lies_in_the_middle(qapp):
    from cekidesk.games.balik.scoring import pot_carry

    before = names.currency()
    names.set_currency("cents")
    try:
        carry = pot_carry(4).model_copy(update={"pot": 40})
        st = rules.new_hand("gonggong", get_game("gonggong").options_model(scoring="umbuk"), 4, 3, 0, carry=carry)
        for W, H in SIZES:
            plan = BalikLayout(seat_names(4), 0).plan(st.view(0), W, H, LayoutOptions())
            assert {lab.key: lab.text for lab in plan.labels}[("pot",)] == "Pot: 40 ¢"
            assert not any(lab.key[0] == "chot" for lab in plan.labels)
            check_plan(plan, W, H)
    finally:
        names.set_currency(before)


@pytest.mark.parametrize("game_id, n, reveals", [("balik-satu", 4, False), ("balik-satu", 14, True),
                                                 ("chaqui", 3, True), ("gonggong", 4, True), ("tantanan", 4, True)])
def test_every_move_is_choreographed_from_real_places(qapp, game_id, n, reveals):
    """Along random hands (calls and claims preferred), each new plan's arrivals come from cards of the
    old plan or from a start place: a revealed draw face up from the stock, a discard from the hand."""
    spec = get_game(game_id)
    revealed_seen = 0
    # (Gonggong's 180 cards, issue 32: the first random hands that see a call before the end)
    for seed in (6, 7, 8) if game_id == "gonggong" else range(3):
        st = rules.new_hand(game_id, spec.options_model(), n, seed, seed % n)
        lay = BalikLayout(seat_names(n), 0)
        rng = random.Random(seed)
        old = lay.plan(st.view(0), 1280, 720, LayoutOptions()).by_key()
        while not st.is_terminal():
            p = st.to_act()[0]
            legal = st.legal_actions(p)
            events = st.apply(next((a for a in legal if a.verb in ("call", "claim", "win")), rng.choice(legal)))
            mine = [e.for_viewer(0) for e in events]
            new = lay.plan(st.view(0), 1280, 720, LayoutOptions())
            ch = lay.choreograph(mine, old, new, st.view(0))
            keys = new.by_key()
            assert all(nk in keys and ok in old for nk, ok in ch.reuse.items())
            assert all(nk in keys for nk in ch.start)
            for e in mine:
                if e.type == "draw" and e.data.get("revealed") and ("revealed",) in keys:
                    revealed_seen += 1
                    assert ch.start[("revealed",)][1] is True       # face up from the stock
                if e.type == "discard" and e.player == 0:
                    assert ("pile", len(st.view(0).discards) - 1) in ch.reuse or st.is_terminal()
            old = keys
    assert revealed_seen or not reveals     # (these random hands of four see no call before the end)
