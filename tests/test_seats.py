"""Several people at one computer, through the real main window (offscreen): two people play whole
hands of Ceki, Kartu Lima (choices made at once: the people choose one after the other) and Balik
Satu by keyboard, the table handed over by its pass screen; at every move (the computer players'
behind the screen included) and on every pass screen nothing of one person's hand is shown to the
other — no card item, tooltip, log line, caption, status line or accessibility name; saves and
the autosave with two people open with the pass screen first; the New Game dialog's seats; one
person plays exactly as before."""
from __future__ import annotations

import dataclasses
import enum
import random
import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QApplication, QDialogButtonBox, QLabel, QSlider, QWidget
from waiting import HANG_GUARD_MS
from window_helpers import open_window

from cekidesk.bots import make_bot
from cekidesk.engine.cards import CardCodeError, Kind, WKind
from cekidesk.engine.core import Action
from cekidesk.games import games, get_game, new_match
from cekidesk.persistence import paths
from cekidesk.persistence.saves import Seat, load_match
from cekidesk.persistence.settings import Settings
from cekidesk.ui.adapters.controller import GameController
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.dialogs.new_game import NewGameConfig, NewGameDialog
from cekidesk.ui.foundations import names
from cekidesk.ui.main_window import MainWindow

guard_none_refcount()

SARI, JOKO = "Sari", "Joko"


def seats(n: int, people: dict[int, str]) -> list[Seat]:
    bots = iter(["Budi", "Ayu", "Wati", "Slamet", "Dewi", "Rini", "Agus", "Tono"])
    return [Seat.human(people[i]) if i in people else Seat.bot("normal", next(bots)) for i in range(n)]


def start(w: MainWindow, game: str, n: int, people: dict[int, str], seed: int, options=None,
          mode=None) -> None:
    assert w.start_new_game(NewGameConfig(game, seats(n, people), seed, dict(options or {}),
                                          mode or {"mode": "hands", "hands": 3}))


# ---------------------------------------------------------------------------------------------
# what may not be seen

def kinds_in(obj, out: set | None = None) -> set:
    """Every card kind anywhere in a view (its fields, tuples, dicts, actions …, and card codes in
    texts: a result's hands, Kartu Lima's cut)."""
    out = set() if out is None else out
    if isinstance(obj, (Kind, WKind)):
        out.add(obj)
    elif isinstance(obj, str):
        code = obj.partition(".")[0]
        for family in (Kind, WKind):
            if code == code.upper() and 2 <= len(code) <= 3:
                try:
                    out.add(family.parse(code))
                except CardCodeError:
                    pass
    elif isinstance(obj, enum.Enum) or isinstance(obj, (bytes, int, float, bool)) or obj is None:
        pass
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            kinds_in(getattr(obj, f.name), out)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            kinds_in(k, out)
            kinds_in(v, out)
    elif isinstance(obj, (tuple, list, set, frozenset)):
        for v in obj:
            kinds_in(v, out)
    elif hasattr(obj, "model_dump"):
        kinds_in(tuple(getattr(obj, k) for k in type(obj).model_fields), out)
    return out


def secrets(w: MainWindow) -> set:
    """The kinds a person holds that whoever may be looking cannot know: on the pass screen (and
    between turns) those of every person that not all of them see; while a person's view is shown,
    those of every other person that this view does not show."""
    c = w.controller
    views = {h: kinds_in(c.match.state.view(h)) for h in c.human_seats}
    if c.screened:
        public = set.intersection(*views.values())
        return set.union(*views.values()) - public
    mine = views[c.human_seat]
    return set.union(*(v for h, v in views.items() if h != c.human_seat)) - mine


def this_hands_log(w: MainWindow) -> list[str]:
    """The log's lines of the hand being played (the earlier hands' ended public; at the very start
    of a hand, before its heading, none is of this hand)."""
    lines = w.log_dock.lines()
    index = w.controller.match.hand_index
    starts = [i for i, line in enumerate(lines) if line.startswith(f"Hand {index + 1} — ")]
    return lines[starts[-1]:] if starts else (lines if index == 0 else [])


def texts_shown(w: MainWindow) -> list[str]:
    """Every text of the window a person may read: the log of this hand, the status line and title,
    the scene's labels, captions and tooltips, and every shown widget's text, tooltip and
    accessibility name."""
    out = [*this_hands_log(w), w.status_label.text(), w.info_label.text(), w.windowTitle(),
           *w.table.captions().values()]
    for item in w.table.scene().items():
        out.append(item.toolTip())
        spec = getattr(item, "spec", None)
        out.append(str(getattr(spec, "text", "") or ""))
    for widget in [w, *w.findChildren(QWidget)]:
        if not widget.isVisible():
            continue
        out += [widget.toolTip(), widget.accessibleName(), widget.accessibleDescription()]
        if isinstance(widget, (QLabel, QAbstractButton)):
            out.append(widget.text())
    return [t for t in out if t]


def name_patterns(w: MainWindow, kind) -> list[re.Pattern]:
    """A card's name as the window words it, and its first part ("1 of Coins — kasut", "1 of Coins").
    (Not the Javanese name alone: "tambur" (C4) is part of C3's other name "tambur cilik"; nor the
    code: rules texts list codes, "red: S9, RF, OT …".)"""
    label = w.card_namer()(kind)
    parts = {label, label.split("—")[0].strip()}
    return [re.compile(r"(?<![\w])" + re.escape(p) + r"(?![\w])") for p in parts if p]


class LeakCheck:
    """Checks the window at every move (the controller's ``changed``, ``screenChanged``) and
    whenever the test asks; counts what it saw."""

    def __init__(self, w: MainWindow):
        self.w = w
        self.checks = 0
        self.screens = 0
        w.controller.changed.connect(lambda _events: self())
        w.controller.screenChanged.connect(self)

    def __call__(self) -> None:
        w, c = self.w, self.w.controller
        if c.match is None or c.match.hand_over():   # (the end of a hand is public: every hand is shown)
            return
        self.checks += 1
        if c.screened:
            self.screens += 1
            assert w.pass_screen.isVisible()
            assert w.table.scene().items() == [], "the table is hidden between two people's turns"
        hidden = secrets(w)
        for it in w.table.card_items():
            assert it.kind not in hidden, f"{it.kind} of another person's hand is on the table"
        shown = texts_shown(w)
        for kind in hidden:
            for pattern in name_patterns(w, kind):
                bad = [t for t in shown if pattern.search(t)]
                assert not bad, f"{kind} of another person's hand is named: {bad}"


# ---------------------------------------------------------------------------------------------
# playing by keyboard

def press(key) -> None:
    win = QGuiApplication.focusWindow()
    assert win is not None
    QTest.keyClick(win, key)


def tab_to(wanted) -> None:
    for _ in range(12):
        if wanted(QApplication.focusWidget()):
            return
        press(Qt.Key.Key_Tab)
    assert wanted(QApplication.focusWidget()), QApplication.focusWidget()


def choose(w: MainWindow) -> Action:
    """The person's move: what the Normal computer player would do in their seat."""
    c = w.controller
    view = c.view()
    if view.ranges:
        r = view.ranges[0]
        return Action(view.viewer, r.verb, amount=r.hi)
    m = c.match
    rng = random.Random(f"person:{m.seed}:{m.hand_index}:{len(m.logs[-1])}")
    action = make_bot(m.spec.id, "normal", view.viewer).choose(view, rng)
    assert action in view.legal
    return action


def act_by_keyboard(w: MainWindow, action: Action) -> None:
    t = w.table
    plan = t._plan
    key = next((k for k, a in plan.keys.items() if a == action), None)
    if key is not None:
        press(key)
        return
    if any(it.action == action for it in t.card_items()):
        tab_to(lambda f: f is t)
        for _ in range(20):
            sel = t.selected_card()
            if sel is not None and sel.action == action:
                break
            press(Qt.Key.Key_Right)
        assert t.selected_card() is not None and t.selected_card().action == action
        press(Qt.Key.Key_Return)
        return
    if action.amount is not None:
        tab_to(lambda f: isinstance(f, QSlider))
        press(Qt.Key.Key_End)
        press(Qt.Key.Key_Tab)
        press(Qt.Key.Key_Return)
        return
    button = next(bar.buttons[action] for bar in t.choice_bars() if action in bar.buttons)
    tab_to(lambda f: f is button)
    press(Qt.Key.Key_Return)


def wait_for_someone(qtbot, w: MainWindow) -> None:
    c = w.controller
    qtbot.waitUntil(lambda: c.waiting_for_human() or c.passing_to() is not None or c.match.hand_over(),
                    timeout=HANG_GUARD_MS)


def play_hand(qtbot, w: MainWindow, leaks: LeakCheck, max_moves: int = 600) -> dict[str, int]:
    """Play the hand to its end by keyboard: Enter on every pass screen, then the person's move.
    Counts the pass screens answered, by name, and the moves made."""
    c = w.controller
    asked: dict[str, int] = {}
    moves = 0
    while True:
        wait_for_someone(qtbot, w)
        if c.match.hand_over():
            return {**asked, "moves": moves}
        if c.passing_to() is not None:
            name = w.pass_screen.asking_for()
            assert name == w.seat_names()[c.passing_to()]
            assert w.status_label.text() == f"Waiting for {name}…"
            leaks()
            asked[name] = asked.get(name, 0) + 1
            press(Qt.Key.Key_Return)
            assert not c.screened and not w.pass_screen.isVisible()
            assert c.human_seat in c.human_seats and w.table._human == c.human_seat
            continue
        leaks()
        viewer = c.human_seat
        assert w.table.current_view() == c.view() and w.table.current_view().viewer == viewer
        action = choose(w)
        n = len(c.match.logs[-1])
        act_by_keyboard(w, action)
        qtbot.waitUntil(lambda a=action, n=n: a in c.match.logs[-1][n:], timeout=HANG_GUARD_MS)
        moves += 1
        assert moves < max_moves


@pytest.fixture
def window(qtbot, boxes):
    w = open_window(qtbot)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w, timeout=HANG_GUARD_MS)
    yield w
    w.close()


@pytest.mark.parametrize("game, n, people, seed, options", [
    ("ceki", 3, {0: SARI, 2: JOKO}, 11, {}),
    ("kartu-lima", 5, {0: SARI, 2: JOKO}, 8,
     {"stakes": "bal_balan", "roosters": "tantangan", "gor_goran": True, "abang_ireng": True}),
    ("balik-satu", 4, {1: SARI, 3: JOKO}, 5, {}),
])
def test_two_people_play_a_hand_by_keyboard_and_never_see_each_others_cards(qtbot, window, game, n, people,
                                                                           seed, options):
    w = window
    c = w.controller
    leaks = LeakCheck(w)
    start(w, game, n, people, seed, options)
    assert c.human_seats == tuple(sorted(people))
    assert c.screened and w.pass_screen.isVisible()      # nobody's hand shows before the first is ready
    done = play_hand(qtbot, w, leaks)
    assert done[SARI] >= 1 and done[JOKO] >= 1 and done["moves"] >= 2, done
    # the end of the hand is public: the table is shown, the end-of-hand dialog as with one person
    assert not c.screened and not w.pass_screen.isVisible() and w.table.card_items()
    qtbot.waitUntil(lambda: w.hand_end_dialog is not None and w.hand_end_dialog.isVisible(), timeout=HANG_GUARD_MS)
    assert leaks.checks > done["moves"] and leaks.screens >= done[SARI] + done[JOKO]
    if game == "kartu-lima":   # everybody chose at once: both people chose in one round, one after the other
        rounds = [a for a in c.match.logs[-1] if a.verb in ("red", "black")]
        assert {a.player for a in rounds} >= set(people)


def test_the_next_hand_and_a_bot_behind_the_screen(qtbot, window):
    """The next hand starts behind the screen; a computer player's move between two people's turns
    is made behind it (its caption is not shown, the log says it without any secret)."""
    w = window
    c = w.controller
    leaks = LeakCheck(w)
    start(w, "ceki", 3, {0: SARI, 2: JOKO}, 12)
    play_hand(qtbot, w, leaks)
    qtbot.waitUntil(lambda: w.hand_end_dialog is not None, timeout=HANG_GUARD_MS)
    w.next_hand()
    assert c.match.hand_index == 1 and c.screened and w.pass_screen.isVisible()
    leaks()
    wait_for_someone(qtbot, w)
    assert w.pass_screen.asking_for() == w.seat_names()[c.passing_to()]
    assert not w.table.captions()


def test_undo_like_rebuild_shows_the_screen_again_for_whoever_is_to_move(qtbot, window):
    """An undo rebuilds the match and emits ``started``: the screen comes back for the person to move."""
    w = window
    c = w.controller
    start(w, "ceki", 3, {0: SARI, 2: JOKO}, 13)
    wait_for_someone(qtbot, w)
    c.reveal()
    assert c.waiting_for_human() and w.table.card_items()
    c.started.emit()
    assert c.screened and w.pass_screen.asking_for() == w.seat_names()[c.human_seat]
    assert w.table.scene().items() == [] and not c.waiting_for_human()
    assert not c.play(c.match.state.legal_actions(c.human_seat)[0])   # nobody moves behind the screen


def test_save_and_open_with_two_people_resumes_with_the_pass_screen(qtbot, window, tmp_path, monkeypatch):
    from cekidesk.ui import dialogs

    monkeypatch.setattr(dialogs, "ask_continue", lambda parent, loaded: True)
    w = window
    c = w.controller
    start(w, "ceki", 3, {0: SARI, 2: JOKO}, 14)
    leaks = LeakCheck(w)
    for _ in range(2):   # a few turns of each
        wait_for_someone(qtbot, w)
        c.reveal()
        action = choose(w)
        act_by_keyboard(w, action)
        qtbot.waitUntil(lambda: c.passing_to() is not None or c.waiting_for_human(), timeout=HANG_GUARD_MS)
    wait_for_someone(qtbot, w)
    path = tmp_path / "two.cekisave"
    assert w.save_to(path)
    loaded = load_match(path)
    assert [s.kind for s in loaded.seats] == ["human", "bot", "human"]
    moves = list(c.match.logs[-1])
    w2 = open_window(qtbot)
    LeakCheck(w2)
    assert w2.open_file(path)
    c2 = w2.controller
    assert c2.human_seats == (0, 2) and c2.match.logs[-1] == moves
    assert c2.screened and w2.pass_screen.isVisible() and w2.table.scene().items() == []
    wait_for_someone(qtbot, w2)
    assert w2.pass_screen.asking_for() == w2.seat_names()[c2.passing_to()]
    assert c2.reveal() and c2.waiting_for_human()
    w2.close()
    # the autosave continues the same way
    c.flush_autosave()
    w.close()
    w3 = open_window(qtbot)
    w3.startup()   # (the unfinished game is continued)
    c3 = w3.controller
    assert c3.match is not None and c3.human_seats == (0, 2) and c3.screened and w3.pass_screen.isVisible()
    w3.close()
    assert leaks.checks


def test_one_person_never_sees_the_pass_screen(qtbot, window):
    w = window
    c = w.controller
    shown = []
    c.screenChanged.connect(lambda: shown.append(c.screened))
    start(w, "ceki", 3, {0: "You"}, 15)
    assert c.human_seats == (0,) and c.human_seat == 0 and c.log_viewer == 0
    for _ in range(3):
        qtbot.waitUntil(lambda: c.waiting_for_human() or c.match.hand_over(), timeout=HANG_GUARD_MS)
        if c.match.hand_over():
            break
        assert c.play(choose(w))
    assert not shown and not c.screened and not w.pass_screen.isVisible()
    # after a game of two people the table is never hidden again
    start(w, "ceki", 3, {0: SARI, 1: JOKO}, 16)
    assert c.screened
    start(w, "ceki", 3, {0: "You"}, 17)
    assert not c.screened and not w.pass_screen.isVisible() and w.table.card_items()


def test_the_hint_is_the_viewers_only_and_stays_out_of_the_shared_log(qtbot, window):
    w = window
    c = w.controller
    start(w, "ceki", 3, {0: SARI, 2: JOKO}, 18)
    wait_for_someone(qtbot, w)
    c.reveal()
    lines = len(w.log_dock.lines())
    assert w.show_hint()
    qtbot.waitUntil(lambda: w.hints.hint is not None, timeout=HANG_GUARD_MS)
    assert "Hint: " in w.status_label.text()
    assert len(w.log_dock.lines()) == lines
    while c.waiting_for_human():   # (a draw, then a throw: then the table is hidden)
        n = len(c.match.logs[-1])
        act_by_keyboard(w, choose(w))
        qtbot.waitUntil(lambda n=n: len(c.match.logs[-1]) > n, timeout=HANG_GUARD_MS)
    assert c.screened or c.match.hand_over()
    assert "Hint" not in w.status_label.text() and w.hints.hint is None


# ---------------------------------------------------------------------------------------------
# seats: controller, saves, New Game

def test_the_controller_seats_one_or_more_people_and_never_none():
    m = new_match("ceki", 3, 1)
    GameController.make_bots(m, seats(3, {0: SARI, 2: JOKO}))
    GameController.make_bots(m, seats(3, {0: SARI, 1: JOKO, 2: "Ayu"}))
    with pytest.raises(ValueError):
        GameController.make_bots(m, seats(3, {}))


def test_new_game_dialog_lets_any_seat_be_a_person(qtbot):
    dlg = NewGameDialog(Settings())
    qtbot.addWidget(dlg)
    dlg.set_players(3)
    start_button = dlg.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    person = dlg.seat_level(0).findData(None)
    assert dlg.seat_level(0).currentData() is None and dlg.seat_level(0).isEnabled()
    for i in range(3):
        assert dlg.seat_level(i).findData(None) >= 0           # a person, or a computer of a level
    dlg.seat_level(2).setCurrentIndex(person)
    dlg.seat_edit(2).setText(JOKO)
    dlg.seat_edit(0).setText(SARI)
    cfg = dlg.config()
    assert [s.kind for s in cfg.seats] == ["human", "bot", "human"]
    assert (cfg.seats[0].name, cfg.seats[2].name) == (SARI, JOKO)
    assert start_button.isEnabled()
    # seat 1 a computer player too: nobody is left to play — Start is off and a line says why
    dlg.seat_level(0).setCurrentIndex(dlg.seat_level(0).findData("normal"))
    dlg.seat_level(2).setCurrentIndex(dlg.seat_level(2).findData("hard"))
    assert not start_button.isEnabled()
    assert dlg.seats_problem.isVisibleTo(dlg) and "person" in dlg.seats_problem.text()
    assert [s.kind for s in dlg.config().seats] == ["bot", "bot", "bot"]
    dlg.seat_edit(0).setText(names.default_human_name())
    assert dlg.config().seats[0].name not in ("You", names.DEFAULT_HUMAN_NAME)   # a computer is not "You"
    dlg.seat_level(1).setCurrentIndex(dlg.seat_level(1).findData(None))
    assert start_button.isEnabled() and not dlg.seats_problem.isVisibleTo(dlg)
    cfg = dlg.config()
    assert [s.kind for s in cfg.seats] == ["bot", "human", "bot"] and cfg.seats[1].level is None
    # a seat beyond the number of players does not count
    dlg.set_players(2)
    dlg.seat_level(1).setCurrentIndex(dlg.seat_level(1).findData("normal"))
    dlg.seat_level(2).setCurrentIndex(person)
    assert not start_button.isEnabled()


def test_new_game_with_two_people_from_the_dialog_starts_behind_the_screen(qtbot, window, monkeypatch):
    w = window

    def exec_(dlg):
        dlg.set_players(3)
        dlg.seat_level(1).setCurrentIndex(dlg.seat_level(1).findData(None))
        dlg.seat_edit(1).setText(JOKO)
        return NewGameDialog.DialogCode.Accepted

    monkeypatch.setattr(NewGameDialog, "exec", exec_)
    assert w.new_game()
    c = w.controller
    assert c.human_seats == (0, 1) and c.screened
    assert paths.autosave_path().exists() or c.flush_autosave()


def test_seat_names_of_people_in_the_shared_texts(qtbot, window):
    """With several people nobody is "you" in the shared texts: the log names everybody."""
    w = window
    start(w, "ceki", 3, {0: SARI, 2: JOKO}, 19)
    wait_for_someone(qtbot, w)
    assert w.you() == -1
    assert not any(re.search(r"\bYou\b|\byou\b", line) for line in w.log_dock.lines()[1:])
    assert names.seat_display_name("human", SARI) == SARI


def test_a_save_with_several_people_loads_and_one_with_nobody_is_refused(tmp_path):
    from cekidesk.persistence.saves import SaveFileError, save_match

    m = new_match("ceki", 3, 21)
    m.apply(m.state.legal_actions(m.state.to_act()[0])[0])
    path = tmp_path / "people.cekisave"
    save_match(path, m, seats(3, {0: SARI, 1: JOKO, 2: "Ayu"}))
    loaded = load_match(path)
    assert [s.name for s in loaded.seats] == [SARI, JOKO, "Ayu"] and loaded.match.logs == m.logs
    save_match(path, m, seats(3, {}))
    with pytest.raises(SaveFileError) as err:
        load_match(path)
    assert err.value.reason == "human_seats" and "no human player" in str(err.value)


@pytest.mark.parametrize("game", [spec.id for spec in games()])
def test_every_game_hands_the_table_over_from_each_persons_seat(qtbot, window, game):
    """In every registered game two people (the first and the last seat: the table turns to each)
    take turns behind the pass screen, and nothing of one's hand reaches the other."""
    w = window
    c = w.controller
    leaks = LeakCheck(w)
    n = get_game(game).default_players
    start(w, game, n, {0: SARI, n - 1: JOKO}, 3)
    viewers = set()
    moves = 0
    while moves < 12 and not c.match.hand_over():
        wait_for_someone(qtbot, w)
        if c.passing_to() is not None:
            leaks()
            assert c.reveal()
            continue
        if c.match.hand_over():
            break
        leaks()
        viewers.add(c.human_seat)
        assert w.table.current_view().viewer == c.human_seat and w.table.seat_items()
        n_log = len(c.match.logs[-1])
        assert c.play(choose(w))
        qtbot.waitUntil(lambda n_log=n_log: len(c.match.logs[-1]) > n_log, timeout=HANG_GUARD_MS)
        moves += 1
    assert viewers and leaks.checks
