"""The statistics in the window (issue #16): the recorder, the charts, the Statistics window, and the
win kinds every game names."""
from __future__ import annotations

import csv
import random

import pytest
from helpers import play_hands, seats_for
from PySide6.QtCore import QObject, QPointF, Signal
from PySide6.QtWidgets import QApplication
from waiting import HANG_GUARD_MS

from cekidesk.bots import make_bot
from cekidesk.engine.match import Match
from cekidesk.games import games, new_match
from cekidesk.persistence.saves import Seat, document_to_match, match_to_document
from cekidesk.persistence.settings import Settings
from cekidesk.persistence.statistics import CSV_COLUMNS, StatisticsStore, statistics_path
from cekidesk.selfplay import play_hand
from cekidesk.ui.adapters.statistics import StatisticsRecorder
from cekidesk.ui.foundations import names
from cekidesk.ui.games import game_ui
from cekidesk.ui.main_window import MainWindow
from cekidesk.ui.window.charts import BarChart, LineChart


class FakeController(QObject):
    """What the recorder reads of the controller: the match, the seats, its people, two signals."""

    started = Signal()
    handEnded = Signal()

    def __init__(self, match: Match, seats: list[Seat]):
        super().__init__()
        self.match, self.seats = match, tuple(seats)
        self.counts_for_statistics = True
        self.undone_hands: frozenset[int] = frozenset()

    @property
    def human_seats(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if s.kind == "human")

    def replace(self, match: Match) -> None:
        self.match = match
        self.started.emit()


def _recording(game: str = "ceki", seed: int = 3, seats=None, mode: str = "money"):
    seats = seats or seats_for(4)
    match = new_match(game, len(seats), seed, None, {"mode": mode})
    c = FakeController(match, seats)
    store = StatisticsStore()
    StatisticsRecorder(c, store, c)   # parented: kept alive with the controller
    c.started.emit()
    return c, store


def _finish(c: FakeController, seed: int = 1, hands: int = 1) -> None:
    """Play on to the end of hand number ``hands`` and tell the recorder."""
    rng = random.Random(seed)
    while len(c.match.history) < hands:
        if c.match.hand_over():
            c.match.next_hand()
            c.started.emit()
        play_hands(c.match, rng, len(c.match.history) + 1)
        c.handEnded.emit()


def test_a_hand_is_recorded_once_however_often_its_end_is_told(qtbot):
    c, store = _recording()
    _finish(c, hands=2)
    c.handEnded.emit()              # the same end again (an undo and a redo)
    rebuilt = document_to_match(match_to_document(c.match, c.seats))   # an undo rebuilds the match
    c.replace(rebuilt)
    c.handEnded.emit()
    assert store.totals("ceki").hands == 2 and store.totals("ceki").matches == 1
    _finish(c, hands=3)
    assert store.totals("ceki").hands == 3
    assert StatisticsStore().totals("ceki").hands == 3          # each hand is written at once


def test_the_same_match_reopened_later_is_known_and_a_new_match_on_the_same_deal_is_not(qtbot):
    c, store = _recording()
    _finish(c, hands=2)
    saved = match_to_document(c.match, c.seats)
    # another session opens the saved match (its hand 2 ends again) and plays on
    c2, store2 = _recording()
    c2.replace(document_to_match(saved))
    c2.handEnded.emit()
    _finish(c2, seed=2, hands=3)
    assert store2.totals("ceki").hands == 3 and store2.totals("ceki").matches == 1
    # a new match on the same deal number counts as a match of its own
    c3, store3 = _recording()
    _finish(c3, hands=1)
    assert store3.totals("ceki").hands == 4 and store3.totals("ceki").matches == 2


def test_the_record_has_the_level_the_kind_the_points_and_the_money(qtbot):
    c, store = _recording(seats=[Seat.human("Sari"), Seat.bot("normal", "A"), Seat.bot("normal", "B")])
    _finish(c, hands=4)
    (m,) = store.matches_of("ceki")
    assert (m.level, m.money, m.game) == ("normal", True, "ceki")
    for h, rec in zip(m.hands, c.match.history, strict=True):
        assert h.won == (0 in rec.result.winners)
        assert h.kind == (rec.result.details.get("win_kind") if h.won else None)
        assert (h.points, h.money) == (rec.result.points[0], rec.payments[0])
    mixed, store2 = _recording(seats=seats_for(4, ("beginner", "normal")), seed=9)
    _finish(mixed)
    assert store2.matches_of("ceki")[-1].level == "mixed"


def test_undone_hands_are_marked(qtbot):
    c, store = _recording()
    c.undone_hands = frozenset({1})
    _finish(c, hands=3)
    assert [h.undone for h in store.matches_of("ceki")[0].hands] == [False, True, False]


def test_a_lesson_and_a_match_of_several_people_record_nothing(qtbot):
    c, store = _recording()
    c.counts_for_statistics = False
    _finish(c, hands=2)
    assert store.totals("ceki").hands == 0 and not statistics_path().exists()
    two, store2 = _recording(seats=[Seat.human("Sari"), Seat.human("Budi"), Seat.bot("normal", "A")])
    _finish(two)
    assert store2.totals("ceki").hands == 0


# -- the charts ------------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [0, 1, 200])
def test_the_charts_paint_offscreen_and_name_the_point_under_the_mouse(qtbot, n):
    line, bars = LineChart(), BarChart()
    for w in (line, bars):
        qtbot.addWidget(w)
        w.resize(600, 300)
        w.empty_text = "Nothing yet"
    values = [(i * 37) % 91 - 45 for i in range(n)]
    line.set_points(values, [f"match {i + 1}" for i in range(n)], lambda v: f"{v:g}")
    bars.set_bars([(f"kind {i}", (i * 7) % 5 + (n > 0), f"kind {i} tip") for i in range(min(n, 6))])
    for w in (line, bars):
        image = w.grab().toImage()
        assert not image.isNull()
        assert len({image.pixel(x, y) for x in range(0, 600, 7) for y in range(0, 300, 7)}) > 1   # something drawn
    if n == 0:
        assert line.tooltip_at(QPointF(300, 150)) is None and bars.tooltip_at(QPointF(300, 150)) is None
        return
    plot = line.layout_chart().plot
    for i in {0, n // 2, n - 1}:
        x = plot.left() + plot.width() * (i + 0.5) / n
        assert line.tooltip_at(QPointF(x, plot.center().y())) == f"match {i + 1}"
    lay = bars.layout_chart()
    for i, hit in enumerate(lay.hits):
        assert bars.tooltip_at(hit.rect.center()) == f"kind {i} tip"


# -- every game's win kinds ------------------------------------------------------------------------------

@pytest.mark.parametrize("spec", games(), ids=lambda s: s.id)
def test_every_games_win_kinds_are_codes_with_words(spec):
    game_ui(spec.id)                 # its words are registered by its UI module
    assert spec.win_kind is not None and spec.win_kinds, "a game names its win kinds for the statistics"
    for code in spec.win_kinds:
        assert names.has_win_kind_words(spec.id, code), f"{spec.id}: no words for the win kind {code!r}"
    n = spec.default_players
    match = new_match(spec.id, n, 11)
    bots = [make_bot(spec.id, "beginner", p) for p in range(n)]
    rngs = [random.Random(p) for p in range(n)]
    seen = set()
    for hand in range(60):
        if hand:
            match.next_hand()
        play_hand(match, lambda p, view: bots[p].choose(view, rngs[p]), 100_000, "hand")
        rec = match.history[-1]
        for seat in range(n):
            kind = spec.win_kind(rec.result, seat)
            assert kind is None or kind in spec.win_kinds, f"{spec.id}: {kind!r}"
            if seat in rec.result.winners:
                assert kind is not None, f"{spec.id}: a win without a kind"
            seen.add(kind)
    assert seen - {None}


# -- the window ---------------------------------------------------------------------------------------------

QUIET = Settings(animation_speed="off", bot_pace_ms=0)


def _window(qtbot) -> MainWindow:
    w = MainWindow(QUIET.model_copy())
    qtbot.addWidget(w)
    w.controller.pace_ms = 0
    return w


def _play_a_hand(qtbot, w: MainWindow) -> None:
    """The person plays their first legal move every time, through the table's signal."""
    c = w.controller

    def move() -> bool:
        if c.match.hand_over():
            return True
        if c.waiting_for_human():
            w.table.actionChosen.emit(c.view().legal[0])
        return c.match.hand_over()

    qtbot.waitUntil(move, timeout=HANG_GUARD_MS)


def test_statistics_survive_a_restart_of_the_window(qtbot, boxes, tmp_path):
    from cekidesk.ui.dialogs.new_game import NewGameConfig

    w = _window(qtbot)
    assert w.start_new_game(NewGameConfig("ceki", seats_for(3, ("beginner",)), 5, {}, {"mode": "money"}))
    _play_a_hand(qtbot, w)
    rec = w.controller.match.history[-1]
    w.close()

    w2 = _window(qtbot)
    dlg = w2.show_statistics()
    dlg.game_box.setCurrentIndex(dlg.game_box.findData("ceki"))
    assert dlg.values["hands"].text() == "1 hand"
    assert dlg.values["won"].text().startswith("1 hand" if 0 in rec.result.winners else "0 hands")
    assert dlg.line.values == [rec.payments[0]]
    assert dlg.level_box.itemData(1) == "beginner"
    assert not dlg.empty.isVisible()
    # the CSV export
    out = tmp_path / "stats.csv"
    assert dlg.export_to(str(out))
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert tuple(rows[0]) == CSV_COLUMNS and len(rows) == 1
    assert (rows[0]["game"], rows[0]["hand"], rows[0]["money_cents"]) == ("ceki", "1", str(rec.payments[0]))
    # reset asks first (the boxes fixture answers yes)
    assert dlg.reset("ceki")
    assert boxes[-1][0] == "question"
    assert dlg.empty.isVisible() and dlg.line.is_empty()
    w2.close()


def test_a_damaged_statistics_file_is_told_once_and_recording_goes_on(qtbot, boxes):
    from cekidesk.ui.dialogs.new_game import NewGameConfig

    path = statistics_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\x00\x01 not statistics")
    w = _window(qtbot)
    w.startup(new=True)             # the New Game dialog is cancelled by the fixture
    told = [b for b in boxes if b[0] == "warning"]
    assert len(told) == 1 and "statistics" in told[0][2] and "statistics.json.damaged-" in told[0][2]
    assert "Traceback" not in told[0][2]
    assert w.start_new_game(NewGameConfig("ceki", seats_for(3, ("beginner",)), 6, {}, {"mode": "money"}))
    _play_a_hand(qtbot, w)
    assert StatisticsStore().totals("ceki").hands == 1
    kept = list(path.parent.glob("statistics.json.damaged-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == b"\x00\x01 not statistics"
    w.close()
    QApplication.processEvents()


@pytest.mark.parametrize("lang", ["en", "jv-Java"])
def test_the_statistics_window_fits_1280x720_with_every_text_whole(qtbot, lang):
    from test_jv_readable import clips, shown

    from cekidesk.ui.foundations import i18n
    from cekidesk.ui.foundations.fonts import install_javanese_font
    from cekidesk.ui.window.statistics_window import StatisticsDialog

    install_javanese_font()
    i18n.set_language(lang)
    try:
        c, store = _recording(game="kartu-lima", seats=seats_for(5), seed=4)
        _finish(c, hands=6)
        dlg = shown(qtbot, StatisticsDialog(store, "kartu-lima"), (1280, 720))
        assert dlg.minimumSizeHint().width() <= 1280 and dlg.minimumSizeHint().height() <= 720
        assert (dlg.width(), dlg.height()) == (1280, 720)
        assert not dlg.line.is_empty() and not dlg.bars.is_empty()
        assert clips(dlg) == []
        for chart in (dlg.line, dlg.bars):   # the charts' own labels: inside the chart, not elided
            assert chart.height() >= chart.minimumSizeHint().height()
    finally:
        i18n.set_language("en")


def test_the_money_chart_says_where_the_matches_not_played_for_money_are(qtbot):
    from cekidesk.ui.window.statistics_window import StatisticsDialog

    c, store = _recording(mode="hands")
    _finish(c, hands=2)
    dlg = StatisticsDialog(store, "ceki")
    qtbot.addWidget(dlg)
    assert dlg.measure_box.currentData() is False and dlg.line.values == [c.match.scores[0]]
    dlg.measure_box.setCurrentIndex(0)          # money
    assert dlg.line.is_empty() and "Points" in dlg.line.empty_text


def test_the_charts_draw_in_the_palettes_colours(qtbot):
    from PySide6.QtGui import QColor, QPalette

    for chart in (LineChart(), BarChart()):
        qtbot.addWidget(chart)
        pal = chart.palette()
        pal.setColor(QPalette.ColorRole.Window, QColor("#101010"))
        pal.setColor(QPalette.ColorRole.WindowText, QColor("#ff0000"))
        pal.setColor(QPalette.ColorRole.Highlight, QColor("#00ff00"))
        chart.setPalette(pal)
        chart.setAutoFillBackground(True)
        chart.resize(400, 240)
        if isinstance(chart, LineChart):
            chart.set_points([3, -2, 5], ["a", "b", "c"], str)
        else:
            chart.set_bars([("one", 3, "a"), ("two", 1, "b")])
        image = chart.grab().toImage()
        colours = {QColor(image.pixel(x, y)).name() for x in range(400) for y in range(240)}
        assert {"#101010", "#00ff00", "#ff0000"} <= colours


@pytest.mark.parametrize("values", [[0], [1], [0, 1], [-1, 2], [3, 3, 3], [-45, 45]])
def test_the_line_charts_axis_writes_no_value_twice(qtbot, values):
    """The values are whole points or cents: no tick between two whole numbers, written as one of them
    (a first match of 0 had an axis reading "+1 0 0 0 0 0")."""
    line = LineChart()
    qtbot.addWidget(line)
    line.resize(600, 300)
    line.set_points(values, [str(v) for v in values], lambda v: f"{int(v):+d}")
    labels = [line.format(t) for t in line._ticks()]
    assert len(labels) == len(set(labels)) >= 2, labels
    ticks = line._ticks()
    assert ticks[0] <= min(values) and ticks[-1] >= max(values)
