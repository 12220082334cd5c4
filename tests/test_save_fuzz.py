"""Fuzzing the rule "whatever ``load_match`` accepts, Open and Continue can show and play; a failed
open leaves the current game untouched" (issue 9, items 1–3).

Real saves of Ceki and Pèi (made by playing a few moves: mid-hand, between hands) are mutated field by
field — seats, levels, names, options, match options, seed, log entries, ledger, saved_at … — written
to a file and given to the real window (offscreen) through Open or through Continue at start.  Either
the player gets one clear message and the game in progress is exactly as it was (match, seats,
computer players, table, autosave), or the saved game is on the table and a few moves can be played,
the computer players answering.  Message boxes and modal dialogs are replaced so nothing blocks;
waits are on the game's state, never on the clock.
"""
from __future__ import annotations

import json
import sys
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from PySide6.QtWidgets import QDialog, QMessageBox

from cekidesk.persistence import paths
from cekidesk.persistence.saves import Seat
from cekidesk.persistence.settings import Settings
from cekidesk.ui import dialogs
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.dialogs.new_game import NewGameConfig, NewGameDialog
from cekidesk.ui.main_window import MainWindow
from waiting import HANG_GUARD_MS

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import fuzz_files  # noqa: E402  (tools/ is on sys.path now: its real saves are this file's starting points)

guard_none_refcount()

#: Words that must never reach a player's message.
JARGON = ("Traceback", "Error", "Exception", "pydantic", "NoneType", "ValueError", "BotError", "__", "[type=")

#: How many of the human's moves each opened game must take (the computer players answer between).
MOVES = 3


# ---------------------------------------------------------------------------------------------
# real saves to start from

def _played(game_id: str, n: int, seed: int, actions: int, hands: int = 0, match_options=None) -> dict:
    """The JSON document of a real match: ``hands`` finished hands, then ``actions`` random legal moves."""
    return json.loads(fuzz_files.played_save(game_id, n, seed, actions, hands, match_options))


@lru_cache(maxsize=None)
def _bases() -> tuple[str, ...]:
    return tuple(json.dumps(d) for d in (
        _played("ceki", 3, 41, actions=7),
        _played("ceki", 4, 42, actions=5, hands=1),
        _played("ceki", 3, 43, actions=0, hands=1),                                  # between hands
        _played("ceki", 2, 44, actions=0, hands=1, match_options={"mode": "hands", "hands": 1}),  # over
        _played("pei", 3, 45, actions=6),
        _played("pei", 3, 46, actions=4, hands=1),
    ))


# ---------------------------------------------------------------------------------------------
# mutations: each draws what it needs and edits the document in place

NAMES = st.one_of(
    st.text(st.characters(blacklist_categories=("Cc", "Cs")), min_size=1, max_size=40),   # mostly valid
    st.text(max_size=45),
    st.sampled_from(["", " ", "W" * 40, "ꦱꦫꦶ", "\u202eSari", "Bu\u200bdi", "👨‍👩‍👧 family", "a\nb", "\x00",
                     "Śàŕí ñ", "x" * 41, "مريم", "﷽" * 40]),
)
# today's levels that play fast (the searching ones would make every example slow), the ids of
# CekiDesk 0.1 (read as today's), and ids that are no level
LEVELS = st.sampled_from(["beginner", "normal", "random", "heuristic", "grandmaster", "Heuristic", "Normal", "",
                          "x" * 40, None])
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.text(max_size=12)
    | st.sampled_from(["javanese", "magelang", "la_peche", "jedhil", "wudon", "money", "target", "hands"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)
DATES = st.one_of(
    st.sampled_from(["9999-12-31T23:59:59-14:00", "9999-12-31T23:59:59Z", "0001-01-01T00:00:00+14:00",
                     "0001-01-01T00:00:00Z", "2026-02-30T00:00:00Z", "yesterday", "", "2026-11-24T07:00:00",
                     "2026-11-24T07:00:00+23:59"]),
    st.datetimes(timezones=st.timezones()).map(lambda d: d.isoformat()),
    st.integers(-2**40, 2**40), st.none(),
)
OPTION_KEYS = ["iyo_one_rank", "variant", "ten_rank", "second_bunci", "stakes", "wudon_stake", "jedhil_stake",
               "te_mati", "jokers"]
MATCH_KEYS = ["mode", "stake_cents", "target", "hands", "rounds"]


def _seat(data: st.DataObject, doc: dict) -> int:
    return data.draw(st.integers(0, len(doc["seats"]) - 1), label="seat")


def m_seat_kind(data, doc):
    s = doc["seats"][_seat(data, doc)]
    if s["kind"] == "human":
        s.update(kind="bot", level=data.draw(LEVELS, label="level"))
    else:
        s.update(kind="human")
        if data.draw(st.booleans(), label="drop level"):
            s.pop("level", None)


def m_swap_human(data, doc):
    """The person sits elsewhere (a valid save: the table must show that seat's hand)."""
    i, j = _seat(data, doc), _seat(data, doc)
    doc["seats"][i], doc["seats"][j] = doc["seats"][j], doc["seats"][i]


def m_level(data, doc):
    doc["seats"][_seat(data, doc)]["level"] = data.draw(LEVELS, label="level")


def m_name(data, doc):
    doc["seats"][_seat(data, doc)]["name"] = data.draw(NAMES, label="name")


def m_seat_count(data, doc):
    if data.draw(st.booleans(), label="add") or len(doc["seats"]) < 2:
        doc["seats"].append({"kind": "bot", "level": "beginner", "name": "Extra"})
        doc["ledger"]["scores"].append(0)
        doc["ledger"]["cents"].append(0)
    else:
        doc["seats"].pop()
        doc["ledger"]["scores"].pop()
        doc["ledger"]["cents"].pop()


def m_option(data, doc):
    key = data.draw(st.sampled_from(OPTION_KEYS), label="option")
    if data.draw(st.booleans(), label="remove"):
        doc["options"].pop(key, None)
    else:
        doc["options"][key] = data.draw(JSON_VALUES, label="value")


def m_match_option(data, doc):
    key = data.draw(st.sampled_from(MATCH_KEYS), label="match option")
    doc["match_options"][key] = data.draw(st.one_of(st.integers(-5, 2_000_000), JSON_VALUES), label="value")


def m_seed(data, doc):
    doc["seed"] = data.draw(st.one_of(st.integers(-2**64, 2**65), st.sampled_from([0, -1, 2**63 - 1, 2**64 - 1])),
                            label="seed")


def m_log(data, doc):
    log = doc["log"]
    hand = data.draw(st.integers(0, len(log) - 1), label="hand")
    moves = log[hand]
    what = data.draw(st.sampled_from(["cut", "drop", "duplicate", "replace", "swap", "hand"]), label="log edit")
    if what == "hand":
        log.append([])
    elif not moves:
        return
    elif what == "cut":
        del moves[data.draw(st.integers(0, len(moves) - 1), label="from"):]
    else:
        i = data.draw(st.integers(0, len(moves) - 1), label="move")
        if what == "drop":
            del moves[i]
        elif what == "duplicate":
            moves.insert(i, moves[i])
        elif what == "swap":
            j = data.draw(st.integers(0, len(moves) - 1), label="other move")
            moves[i], moves[j] = moves[j], moves[i]
        else:
            moves[i] = data.draw(st.one_of(
                st.text(min_size=1, max_size=20),
                st.sampled_from(["0 draw", "1 draw", "0 take", "0 discard S9", "2 play C5", "0 flip", "9 draw"])),
                label="action")


def m_ledger(data, doc):
    led = doc["ledger"]
    key = data.draw(st.sampled_from(["scores", "cents", "hands_finished", "pot"]), label="ledger")
    delta = data.draw(st.integers(-3, 3), label="delta")
    if key in ("scores", "cents"):
        led[key][_seat(data, doc) % len(led[key])] += delta
    else:
        led[key] += delta


def m_saved_at(data, doc):
    doc["saved_at"] = data.draw(DATES, label="saved_at")


def m_app_version(data, doc):
    doc["app_version"] = data.draw(st.one_of(st.text(max_size=45), st.sampled_from(["99.0.0", ""])),
                                   label="app_version")


MUTATIONS: list[Callable[[st.DataObject, dict], None]] = [
    m_seat_kind, m_swap_human, m_level, m_name, m_seat_count, m_option, m_match_option, m_seed, m_log,
    m_ledger, m_saved_at, m_app_version,
]
#: The edits that often leave a playable save, drawn more often so that many fuzzed games are opened.
GENTLE = [m_swap_human, m_name, m_level, m_saved_at, m_app_version]


# ---------------------------------------------------------------------------------------------
# the window

@pytest.fixture
def boxes(monkeypatch):
    """Message boxes and modal dialogs answered at once, and recorded."""
    seen: list[tuple[str, str, str]] = []

    def fake(kind):
        def f(parent, title, text, *args, **kwargs):
            seen.append((kind, title, text))
            return QMessageBox.StandardButton.Yes if kind == "question" else QMessageBox.StandardButton.Ok
        return f

    for kind in ("warning", "critical", "information", "question"):
        monkeypatch.setattr(QMessageBox, kind, staticmethod(fake(kind)))
    monkeypatch.setattr(NewGameDialog, "exec", lambda self: QDialog.DialogCode.Rejected)
    continued: list[str] = []
    monkeypatch.setattr(dialogs, "ask_continue",
                        lambda parent, loaded: continued.append(dialogs.describe_saved(loaded)) or True)
    return seen


@pytest.fixture
def window(qtbot, boxes):
    w = MainWindow(Settings(animation_speed="off", bot_pace_ms=0))
    qtbot.addWidget(w)
    w.show()
    yield w
    w.close()


def _ensure_game_in_progress(w: MainWindow) -> None:
    m = w.controller.match
    if m is None or m.is_over():
        seats = [Seat.human("You"), Seat.bot("normal", "Budi"), Seat.bot("beginner", "Sari")]
        assert w.start_new_game(NewGameConfig("ceki", seats, 7, {}, {"mode": "money", "stake_cents": 5}))


def _session(w: MainWindow, with_autosave: bool = True) -> tuple:
    c = w.controller
    c.flush_autosave()
    auto = paths.autosave_path()
    saved = auto.read_bytes() if with_autosave and auto.exists() else None
    return (c.match, c.match.state.view(c.human_seat), [list(h) for h in c.match.logs], c.seats, dict(c.bots),
            w.table.current_view(), list(w.table._names), saved)


def _play_a_few_moves(qtbot, w: MainWindow, pick: int) -> None:
    """The human's legal moves through the controller, the computer players answering; the next
    hand is dealt when one ends, until MOVES moves were made or the match is over."""
    c = w.controller
    made = 0
    while made < MOVES and not c.match.is_over():
        qtbot.waitUntil(lambda: c.waiting_for_human() or c.match.hand_over(), timeout=HANG_GUARD_MS)
        if c.match.hand_over():
            if c.match.is_over():
                break
            w.next_hand()
            continue
        legal = c.view().legal
        assert legal and c.play(legal[pick % len(legal)])
        made += 1
        assert w.table.current_view() == c.view()


def _assert_clear(message: tuple[str, str, str]) -> None:
    kind, title, text = message
    assert kind == "warning" and title and text[:1].isupper() and text.rstrip().endswith("."), message
    for word in JARGON:
        assert word not in text, (word, text)


@settings(max_examples=60, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_a_mutated_save_opens_and_plays_or_is_refused_clearly_leaving_the_game_untouched(qtbot, window, boxes,
                                                                                          data):
    w = window
    doc: dict[str, Any] = json.loads(data.draw(st.sampled_from(_bases()), label="base"))
    for mutate in data.draw(st.lists(st.sampled_from(MUTATIONS + GENTLE * 3), min_size=1, max_size=3), label="mutations"):
        mutate(data, doc)
    via = data.draw(st.sampled_from(["open", "continue"]), label="via")
    pick = data.draw(st.integers(0, 50), label="move choice")

    _ensure_game_in_progress(w)
    before = _session(w, with_autosave=via == "open")
    boxes.clear()
    with tempfile.TemporaryDirectory() as folder, qtbot.capture_exceptions() as errors:
        if via == "open":
            path = Path(folder) / "fuzzed.cekisave"
            path.write_text(json.dumps(doc), encoding="utf-8")
            opened = w.open_file(path)
        else:
            paths.autosave_path().write_text(json.dumps(doc), encoding="utf-8")
            w.startup()          # offers to continue (answered yes) or says why it cannot
            opened = w.controller.match is not before[0]
        if opened:
            assert w.controller.match.seed == doc["seed"]
            assert [s.name for s in w.controller.seats] == [s["name"] for s in doc["seats"]]
            assert not [b for b in boxes if b[0] != "question"], boxes
            _play_a_few_moves(qtbot, w, pick)
            event(f"{via}: opened and played")
        else:
            assert len(boxes) == 1, boxes
            _assert_clear(boxes[0])
            event(f"{via}: refused ({boxes[0][2][:45]}…)")
            assert _session(w, with_autosave=via == "open") == before
    assert not errors, errors
