"""Western cards in the window: pictures at the Western shape through the one card-picture module,
a game on the Western deck gets Western cards and backs on the real table, card rows and the help
draw them, and every Western card has its name."""
from __future__ import annotations

from types import SimpleNamespace

import pytest
from PySide6.QtCore import QPointF, QRectF

from cekidesk import games
from cekidesk.engine.cards import ALL_WKINDS, Kind, WKind, WSuit
from cekidesk.engine.game import Game, GameInfo
from cekidesk.ui.foundations import cardpics, names
from cekidesk.ui.table import TableWidget
from cekidesk.ui.table import layouts as table_layouts
from cekidesk.ui.table.layouts import CardSpec, Plan, SeatSpec, TableLayout

WESTERN_RATIO = 88 / 63
WESTERN_CODES = [k.code for k in ALL_WKINDS]
GAME_ID = "western-test-only"


def _image_stats(img):
    """(share of opaque pixels, share of pixels that differ from the card's middle-top stock,
    share of red pixels) of a QImage."""
    from PySide6.QtGui import QColor

    w, h = img.width(), img.height()
    stock = QColor(img.pixel(w // 2, max(1, h // 30)))
    opaque = differ = red = 0
    for y in range(h):
        for x in range(w):
            c = img.pixelColor(x, y)
            if c.alpha() == 255:
                opaque += 1
            if abs(c.red() - stock.red()) + abs(c.green() - stock.green()) + abs(c.blue() - stock.blue()) > 120:
                differ += 1
            if c.red() > 150 and c.green() < 110 and c.blue() < 110:
                red += 1
    n = w * h
    return opaque / n, differ / n, red / n


# ---------------------------------------------------------------------------------------------
# cardpics

def test_families_have_their_shape_and_back():
    assert cardpics.card_ratio() == pytest.approx(2.6)
    assert cardpics.card_ratio("S9") == pytest.approx(2.6)
    assert cardpics.card_ratio(cardpics.back_code("ceki")) == pytest.approx(2.6)
    for code in WESTERN_CODES + [cardpics.back_code("western")]:
        assert cardpics.card_ratio(code) == pytest.approx(WESTERN_RATIO), code
    assert cardpics.back_code("western") != cardpics.back_code("ceki")
    assert cardpics.kind_code(None, "western") == cardpics.back_code("western")
    assert cardpics.kind_code(None) == cardpics.back_code("ceki")
    assert cardpics.kind_code(WKind(10, WSuit.HEARTS)) == "10H"
    assert cardpics.kind_code(Kind.S9) == "S9"
    assert cardpics.card_width(88, "QH") == pytest.approx(63)


@pytest.mark.parametrize("code", WESTERN_CODES + ["back-western"])
def test_every_western_face_and_the_back_render_at_the_western_shape(qapp, code):
    art = cardpics.card_art()
    assert art.renderer_or_none(code) is not None
    pm = art.pixmap(code, 88)
    assert (pm.width(), pm.height()) == (63, 88)
    assert pm.toImage() == art.pixmap(code, 88, show_code=True).toImage()   # the indices always show
    opaque, differ, red = _image_stats(pm.toImage())
    assert opaque > 0.95          # the card fills its box
    assert differ > 0.05          # and something is drawn on it
    if code[-1] in "HD":
        assert red > 0.02
    elif code[-1] in "SC":
        assert red == 0


def test_the_two_backs_differ_in_shape(qapp):
    art = cardpics.card_art()
    ceki, western = art.pixmap("back", 130), art.pixmap("back-western", 130)
    assert ceki.width() == 50 and western.width() == round(130 / WESTERN_RATIO)


def test_a_card_image_for_the_help_and_a_card_row_draw_western_cards(qtbot):
    img = cardpics.card_image("KD", 60)
    assert (img.width(), img.height()) == (round(60 / WESTERN_RATIO), 60)
    row = cardpics.CardRow([["AS", "10H"], ["QC"]], 60)
    qtbot.addWidget(row)
    sizes = [lab.pixmap().deviceIndependentSize() for lab in row.labels]
    assert [(s.width(), s.height()) for s in sizes] == [(43, 60)] * 3
    assert [lab.toolTip() for lab in row.labels] == ["Ace of Spades", "10 of Hearts", "Queen of Clubs"]
    assert row.labels[1].x() - row.labels[0].x() >= 43       # laid out at the Western width


def test_the_help_page_draws_western_cards_at_their_shape(qtbot):
    from cekidesk.ui.window.help import HowToPlayDialog

    dlg = HowToPlayDialog()
    qtbot.addWidget(dlg)
    img = dlg._picture_source(dlg.browser)
    assert 'width="43" height="60"' in img("JH", 60, "Jack of Hearts")
    assert 'width="23" height="60"' in img("S9", 60, "9 of Strings")


# ---------------------------------------------------------------------------------------------
# the table

class _WesternLayout(TableLayout):
    """A test-only layout: three Western cards face up, two hidden, one seat."""

    game_id = GAME_ID

    def plan(self, view, width, height, options):
        plan = Plan()
        for i, code in enumerate(("AS", "10H", "QD")):
            plan.cards.append(CardSpec(("up", i), WKind.parse(code), True, QPointF(200 + 90 * i, 300), 120))
        for i in range(2):
            plan.cards.append(CardSpec(("down", i), None, False, QPointF(200 + 90 * i, 500), 120))
        plan.seats.append(SeatSpec(0, QRectF(20, 20, 220, 60), "You", 2, human=True))
        return plan


@pytest.fixture
def western_game(monkeypatch):
    class WesternTest(Game):
        info = GameInfo(id=GAME_ID, title_key="western test", min_players=2, max_players=2,
                        match_modes=("hands",), card_family="western")

    spec = WesternTest()
    games.register(spec)
    monkeypatch.setitem(table_layouts._LAYOUTS, GAME_ID, _WesternLayout)
    yield spec
    games.unregister(GAME_ID)


def _table(qtbot, game_id, view):
    w = TableWidget()
    qtbot.addWidget(w)
    w.set_options(animation_speed="off")
    w.set_game(game_id, ["You", "Budi", "Sari", "Wati"], 0)
    w.resize(1280, 720)
    w.show()
    qtbot.waitExposed(w)
    w.show_view(view)
    return w


def test_a_western_game_gets_western_cards_and_backs_on_the_table(qtbot, western_game):
    w = _table(qtbot, GAME_ID, SimpleNamespace(game_id=GAME_ID, viewer=0, legal=(), result=None))
    items = {it.key: it for it in w.card_items()}
    assert len(items) == 5
    for it in items.values():
        assert it.card_rect().width() == pytest.approx(120 / WESTERN_RATIO)
    assert [items[("up", i)].code_shown() for i in range(3)] == ["AS", "10H", "QD"]
    assert [items[("down", i)].code_shown() for i in range(2)] == ["back-western"] * 2
    # the pictures painted are the Western ones: a hidden card shows the Western back
    img = w.grab().toImage()
    dpr = img.devicePixelRatio()
    back = cardpics.card_art().pixmap("back-western", 120).toImage()
    c = w.mapFromScene(QPointF(200, 500))
    painted = img.pixelColor(round(c.x() * dpr), round(c.y() * dpr))
    assert painted == back.pixelColor(back.width() // 2, back.height() // 2)
    # the seat plate's small card has the Western shape too
    assert w.seat_items()[0].family == "western"


def test_the_ceki_table_keeps_the_ceki_shape(qtbot):
    spec = games.get_game("ceki")
    w = _table(qtbot, "ceki", spec.new_hand(spec.options_model(), 4, 7, 0).view(0))
    cards = w.card_items()
    assert cards
    for it in cards:
        assert it.family == "ceki"
        assert it.card_rect().height() / it.card_rect().width() == pytest.approx(2.6, rel=0.01)
        assert it.code_shown() == "back" or not it.code_shown().startswith("back")


def test_clamp_to_scene_keeps_a_western_card_whole():
    """A card at the scene's left edge is pulled in by its own family's half width."""
    def clamped_x(family):
        plan = Plan(cards=[CardSpec("c", None, False, QPointF(0, 300), 140)])
        table_layouts.clamp_to_scene(plan, 1280, 720, family)
        return plan.cards[0].pos.x()
    from cekidesk.ui.table.cards import card_margins

    assert clamped_x("ceki") < clamped_x("western")
    half = 140 / WESTERN_RATIO / 2
    side, _ = card_margins(2 * half)       # (its glow and halo stay on the table too)
    assert half + side < clamped_x("western") <= half + side + 1.5


# ---------------------------------------------------------------------------------------------
# names

def test_every_western_card_has_its_name(qapp):
    seen = {}
    for k in ALL_WKINDS:
        name = names.card_name(k)
        assert name == names.card_name(k.code) == names.card_label(k, "both")
        assert names.card_tooltip(k) == f"{name} ({k.code})"
        assert name not in seen, (k, seen.get(name))
        seen[name] = k
    assert len(seen) == 52
    # the names round-trip: a name gives back its card and code
    for name, k in seen.items():
        assert WKind.parse(k.code) == k
        rank, _, suit = name.partition(" of ")
        assert suit == {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}[k.suit.value]
        assert rank == {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}.get(k.rank, str(k.rank))
    assert names.card_name("QH") == "Queen of Hearts" and names.card_name("10S") == "10 of Spades"
    # the pictures carry the same names (the SVG's title)
    for k in ALL_WKINDS:
        svg = (cardpics.resource("cards", "western", f"{k.code}.svg")).read_text(encoding="ascii")
        assert f"<title>{names.card_name(k)}</title>" in svg
    # the Ceki names are unchanged, and a code that names no card is shown as it is
    assert names.card_name("S9") == "9 of Strings" and names.card_name("XX") == "XX"


def test_western_names_are_marked_for_translation():
    import ast
    import inspect

    tree = ast.parse(inspect.getsource(names))
    marked = {node.args[1].value for node in ast.walk(tree)
              if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "QT_TRANSLATE_NOOP"
              and node.args[0].value == "CardName"}
    assert {names.card_name(k) for k in ALL_WKINDS} <= marked
