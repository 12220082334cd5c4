"""The session without a window (issue 28): ``cekidesk.session`` imports no Qt, and with a synchronous
scheduler every registered game is played to the end of a short match through the session alone, with
undo, redo, the hint and the replay of the last round on the way; every change set is checked (the
views it carries are the match's, no event shows a seat a secret it may not see, undo's availability,
the end of a hand)."""
from __future__ import annotations

import dataclasses
import random
import subprocess
import sys

import pytest

from cekidesk.bots import bot_levels, make_bot
from cekidesk.engine.core import Action, Event, View
from cekidesk.engine.match import Match
from cekidesk.games import games, new_match
from cekidesk.persistence.saves import Seat
from cekidesk.persistence.statistics import StatisticsStore
from cekidesk.session import (
    AutosaveRestored,
    Changes,
    HintReady,
    ManualScheduler,
    Played,
    ReplayFrame,
    Session,
    StatisticsKeeper,
    Thinking,
)
from cekidesk.session.scheduler import Timer

GAME_IDS = [spec.id for spec in games()]
FIRST = GAME_IDS[0]


def weakest(game_id: str) -> str:
    """The game's weakest computer player (every game has one; none is named here)."""
    return bot_levels(game_id)[0]


def players(game_id: str, at_least: int = 3) -> int:
    """A number of players the game is played by: ``at_least`` if it can be, else the nearest."""
    spec = next(s for s in games() if s.id == game_id)
    return max(spec.min_players, min(at_least, spec.max_players))


def quick_levels(game_id: str) -> list[str]:
    """The game's levels that answer at once (no search in the bot process): what the hint may ask here."""
    return [level for level in bot_levels(game_id) if not make_bot(game_id, level, 0).searches]


def test_importing_the_session_pulls_in_no_qt():
    code = ("import sys, cekidesk.session, cekidesk.session.session; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


class Writer:
    """An autosave writer that keeps what it was asked."""

    def __init__(self) -> None:
        self.writes = 0
        self.removed = False

    def write(self, data: bytes, written=None) -> None:
        assert data
        self.writes += 1
        self.removed = False

    def remove(self) -> None:
        self.removed = True

    def flush(self) -> bool:
        return True

    def will_exist(self) -> bool:
        return self.writes > 0 and not self.removed


class Table:
    """A session on a :class:`ManualScheduler`, every change set it gives checked against the match."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch):
        self.scheduler = ManualScheduler()
        self.writer = Writer()
        self.session = Session(self.scheduler, pace_ms=0, writer=self.writer,
                               hint_levels=quick_levels)
        self.session.listener = self.check
        self.raw: list[Event] = []          # the engine's events since the last change set
        self.seen: list[Changes] = []
        real_apply = Match.apply

        def apply(match: Match, action: Action) -> list[Event]:
            events = real_apply(match, action)
            self.raw.extend(events)
            return events

        monkeypatch.setattr(Match, "apply", apply)

    def check(self, ch: Changes) -> Changes:
        """Everything a change set says is so, and hides what it must."""
        s, m = self.session, self.session.match
        raw, self.raw = self.raw, []
        self.seen.append(ch)
        assert m is not None
        played = ch.of(Played)
        assert len(played) <= 1
        if not played:
            raw = []   # (a rebuild replays the log: its moves are no news)
        if ch.played or ch.started:
            assert {v.seat for v in ch.views} == set(s.human_seats)
        guide = s.guiding()
        for sv in ch.views:
            view = m.state.view(sv.seat)
            assert sv.view == (guide.narrow(view) if guide is not None and sv.seat == s.human_seat else view)
            assert sv.events == tuple(e.for_viewer(sv.seat) for e in raw)    # as this seat may see them
        for p in played:
            assert p.events == tuple(e.for_viewer(ch.viewer) for e in raw)
            assert p.log_events == tuple(e.for_viewer(ch.log_viewer) for e in raw)
        for frame in ch.of(ReplayFrame):
            assert frame.view.viewer == ch.viewer
            assert all(e.secret is None for e in frame.events)
        shown = [e for sv in ch.views for e in sv.events] + [e for p in played for e in (*p.events, *p.log_events)]
        assert all(e.secret is None for e in shown), "an event handed out still carries its secret"
        for e in raw:
            for sv in ch.views:
                if e.secret and sv.seat not in e.secret_to:
                    hidden = {k: v for k, v in e.secret.items() if e.data.get(k) != v}
                    leaked = [k for k in hidden for x in sv.events if x.type == e.type and k in x.data]
                    assert not leaked, f"seat {sv.seat} sees {leaked} of {e.type}"
        assert (ch.can_undo, ch.can_redo, ch.can_restart) == (s.can_undo(), s.can_redo(), s.can_restart())
        assert ch.hand_ended == (bool(played) and m.hand_over()) or ch.rewound
        assert ch.match_ended == (ch.hand_ended and m.is_over())
        assert ch.standings == tuple(m.standings())
        return ch

    def op(self, ch: Changes) -> Changes:
        return self.check(ch)

    def settle(self) -> None:
        """Let the computer players move until a person may move or the hand is over."""
        s = self.session
        self.scheduler.run(until=lambda: s.match is not None and (s.match.hand_over() or s.waiting_for_human()
                                                                   or s.passing_to() is not None))
        assert s.match is not None and (s.match.hand_over() or s.waiting_for_human() or s.passing_to() is not None)


def short_match(spec_id: str) -> dict[str, object]:
    spec = next(s for s in games() if s.id == spec_id)
    return {"mode": "hands", "hands": 2} if "hands" in spec.match_modes else {"mode": spec.match_modes[0]}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_plays_a_match_through_the_session(game_id, monkeypatch):
    spec = next(s for s in games() if s.id == game_id)
    n = players(game_id)
    t = Table(monkeypatch)
    s = t.session
    s.statistics = StatisticsKeeper(StatisticsStore())
    seats = [Seat.human("Sari")] + [Seat.bot(weakest(game_id), f"Bot {i}") for i in range(1, n)]
    ch = t.op(s.start(Match(spec, n, 5, None, short_match(game_id)), seats, undo_allowed=True))
    assert ch.done and ch.started and not ch.rewound and not ch.can_undo
    person = make_bot(game_id, weakest(game_id), 0)
    rng = random.Random(7)
    moves = hints = replays = undos = 0
    for _ in range(5000):
        t.settle()
        m = s.match
        assert m is not None
        if m.hand_over():
            if m.is_over():
                break
            ch = t.op(s.next_hand())
            assert ch.done and ch.started
            continue
        if moves == 1 and not hints and s.hint_level() is not None:
            hints += _hint(t)
        if s.can_replay() and not replays:
            replays += _replay(t)
        if moves >= 1 and not undos and s.can_undo():
            undos += _undo_and_redo(t)
        ch = t.op(s.play(person.choose(s.view(), rng)))
        assert ch.done and ch.played and ch.can_undo
        moves += 1
    m = s.match
    assert m is not None and (m.is_over() or short_match(game_id)["mode"] != "hands")
    assert hints == (s.hint_level() is not None) and replays == 1 and undos == 1 and moves > 2
    # every move journaled at once, the whole autosave written at each hand and after each rebuild
    journal = s.autosaves.journal
    assert journal is not None and journal.seq > moves
    assert t.writer.writes >= len(m.logs) and t.writer.removed == m.is_over()
    # (every hand ended by a move is recorded; a hand may also end as it is dealt)
    assert 1 <= s.statistics.store.totals(game_id).hands <= len(m.history)
    assert any(c.thinking is not None and c.thinking >= 0 for c in t.seen)


def _hint(t: Table) -> int:
    s = t.session
    ch = t.op(s.hint())
    assert ch.done and ch.hint_ready and ch.of(HintReady)
    hint = ch.hint
    assert hint is not None
    assert hint.action in s.view().legal or any(r.holds(hint.action) for r in s.view().ranges)
    return 1


def _replay(t: Table) -> int:
    s = t.session
    m = s.match
    assert m is not None
    logs = [list(h) for h in m.logs]
    ch = t.op(s.start_replay())
    assert ch.done and ch.replaying and len(ch.replay_frames) == 1 and not ch.can_replay
    t.scheduler.run(until=lambda: not s.replaying)
    frames = [f for c in t.seen for f in c.replay_frames]
    assert t.seen[-1].replay_ended and not s.replaying
    assert len(frames) >= 2 and frames[-1].view == s.view()     # the replay ends where the hand is
    assert [list(h) for h in m.logs] == logs and s.match is m    # the match was not touched
    return 1


def _undo_and_redo(t: Table) -> int:
    s = t.session
    m = s.match
    assert m is not None
    before = [list(h) for h in m.logs]
    ch = t.op(s.undo())
    assert ch.done and ch.rewound and ch.can_redo
    assert s.match is not None and sum(map(len, s.match.logs)) < sum(map(len, before))
    assert m.hand_index in s.undone_hands
    ch = t.op(s.redo())
    assert ch.done and ch.rewound
    assert [list(h) for h in s.match.logs] == before
    t.settle()
    ch = t.op(s.restart_deal())
    assert ch.done and ch.rewound and not s.match.logs[-1]
    ch = t.op(s.redo())
    assert ch.done and [list(h) for h in s.match.logs] == before
    return 1


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_two_people_hand_the_computer_over_and_see_only_their_own(game_id, monkeypatch):
    spec = next(s for s in games() if s.id == game_id)
    if spec.max_players < 2:
        pytest.skip("a game of one player has no hand-over")
    n = players(game_id, 2)
    t = Table(monkeypatch)
    s = t.session
    seats = [Seat.human("Sari"), Seat.human("Joko")] + [Seat.bot(weakest(game_id), f"Bot {i}") for i in range(2, n)]
    mode = short_match(game_id)["mode"]
    ch = t.op(s.new_match(game_id, seats, 3, match_options={"mode": mode, "hands": 3}))
    assert ch.screened and ch.log_viewer is None
    people = {0: make_bot(game_id, weakest(game_id), 0), 1: make_bot(game_id, weakest(game_id), 1)}
    rng = random.Random(3)
    viewers = set()
    for _ in range(5000):
        t.settle()
        m = s.match
        assert m is not None
        if m.hand_over():
            if m.is_over() or viewers == {0, 1}:
                break
            t.op(s.next_hand())
            continue
        if s.passing_to() is not None:
            assert not s.waiting_for_human()
            legal = m.state.legal_actions(s.passing_to())
            if legal:
                assert not t.op(s.play(legal[0])).done          # nobody moves behind the screen
            ch = t.op(s.reveal())
            assert ch.done and not ch.screened and ch.screen_changed
            continue
        viewers.add(s.human_seat)
        ch = t.op(s.play(people[s.human_seat].choose(s.view(), rng)))
        assert ch.done and ch.log_viewer is None
    assert viewers == {0, 1}


def test_a_computer_player_thinks_off_the_session_and_its_move_comes_to_the_listener(monkeypatch):
    t = Table(monkeypatch)
    s = t.session
    n = players(FIRST)
    m = new_match(FIRST, n, 4)
    first = m.state.to_act()[0]
    seats = [Seat.human("Sari") if q == (first + 1) % n else Seat.bot(weakest(FIRST), f"Bot {q}") for q in range(n)]
    ch = t.op(s.start(m, seats))
    assert ch.started
    assert ch.thinking == first                      # the first player, a computer, thinks at once
    assert s.busy_seat == first and not ch.played
    seen = len(t.seen)
    t.scheduler.run_one()                            # the answer is delivered on the session's thread
    assert s.pending is not None and s.pending[1] == first and s.busy_seat < 0 and len(t.seen) == seen
    t.scheduler.run_one()                            # and played after its pace
    arrived = t.seen[-1]
    assert arrived.played and arrived.of(Played)[0].seat == first and s.pending is None
    assert any(isinstance(step, Thinking) for c in t.seen for step in c.steps)


def test_pause_keeps_a_chosen_move_and_a_step_plays_it(monkeypatch):
    t = Table(monkeypatch)
    s = t.session
    s.pace_ms = 600
    seats = [Seat.human("Sari")] + [Seat.bot(weakest(FIRST), f"Bot {i}") for i in range(1, players(FIRST))]
    t.op(s.new_match(FIRST, seats, 9))
    t.settle()
    person, rng = make_bot(FIRST, weakest(FIRST), 0), random.Random(1)
    while s.waiting_for_human():    # (the person may have more than one move in a row)
        assert t.op(s.play(person.choose(s.view(), rng))).done
    assert not s.match.hand_over() and s.busy_seat >= 0
    assert not t.op(s.next_hand()).done and not t.op(s.step()).done   # refused: the state as it is
    ch = t.op(s.set_paused(True))
    assert ch.paused and ch.paused_changed
    t.scheduler.run()
    assert s.pending is not None and not t.seen[-1].played    # chosen, and waiting
    moves = sum(map(len, s.match.logs))
    assert t.op(s.step()).done
    t.scheduler.run_one()
    assert sum(map(len, s.match.logs)) == moves + 1
    assert not t.op(s.set_paused(False)).paused


def test_the_timer_restarts_and_stops():
    sched = ManualScheduler()
    fired: list[int] = []
    timer = Timer(sched, lambda: fired.append(sched.now))
    timer.start(100)
    timer.start(300)
    assert timer.is_active()
    sched.run()
    assert fired == [300] and not timer.is_active()
    timer.start(5)
    timer.stop()
    sched.run()
    assert fired == [300]


def test_the_replay_steps_by_hand_and_stops(monkeypatch):
    t = Table(monkeypatch)
    s = t.session
    s.pace_ms = 60_000
    seats = [Seat.human("Sari")] + [Seat.bot(weakest(FIRST), f"Bot {i}") for i in range(1, players(FIRST))]
    t.op(s.new_match(FIRST, seats, 11))
    person, rng = make_bot(FIRST, weakest(FIRST), 0), random.Random(2)
    for _ in range(200):
        t.settle()
        if s.can_replay() or s.match.hand_over():
            break
        assert t.op(s.play(person.choose(s.view(), rng))).done
    assert s.can_replay()
    assert t.op(s.start_replay()).replaying
    assert not t.op(s.play(s.view().legal[0] if s.view().legal else Action(0, "x"))).done   # nobody moves
    ch = t.op(s.step_replay())
    assert ch.done and len(ch.replay_frames) == 1 and ch.replaying
    ch = t.op(s.stop_replay())
    assert ch.done and ch.replay_ended and not ch.replaying and not t.op(s.stop_replay()).done


def test_an_autosave_failure_is_told_once_and_its_end_too(monkeypatch):
    t = Table(monkeypatch)
    s = t.session
    seats = [Seat.human("Sari")] + [Seat.bot(weakest(FIRST), f"Bot {i}") for i in range(1, players(FIRST))]
    t.op(s.new_match(FIRST, seats, 2))
    assert t.writer.writes == 1
    ch = t.op(s.autosaved("the disk is full"))
    assert [p.code for p in ch.problems] == ["autosave_failed"] and s.autosave_failing
    assert not t.op(s.autosaved("the disk is full")).steps       # told once
    ch = t.op(s.autosaved(""))
    assert ch.of(AutosaveRestored) and not s.autosave_failing


class Lesson:
    """A guide that lets the person make only their first legal move, after a note is read."""

    def __init__(self, match: Match):
        self.match, self.read = match, False

    def guides(self, match: Match) -> bool:
        return match is self.match

    def taught(self, view: View) -> Action | None:
        return view.legal[0] if view.legal else None

    def narrow(self, view: View) -> View:
        move = self.taught(view)
        return dataclasses.replace(view, legal=(move,) if move is not None else ())

    def allows(self, action: Action) -> bool:
        return self.read and action == self.taught(self.match.state.view(action.player))

    def waiting(self) -> bool:
        return not self.read


def test_a_lesson_narrows_the_view_and_nobody_moves_while_a_note_is_unread(monkeypatch):
    t = Table(monkeypatch)
    s = t.session
    n = players(FIRST)
    m = new_match(FIRST, n, 6)
    first = m.state.to_act()[0]
    seats = [Seat.human("Sari") if q == first else Seat.bot(weakest(FIRST), f"Bot {q}") for q in range(n)]
    s.guide = lesson = Lesson(m)
    ch = t.op(s.start(m, seats, counts_for_statistics=False))
    assert s.guiding() is lesson and t.writer.writes == 0          # a lesson is never autosaved
    assert len(ch.seat(first).view.legal) <= 1 and ch.waiting_for_human
    taught = ch.seat(first).view.legal[0]
    assert not t.op(s.play(taught)).done                          # the note is not read yet
    lesson.read = True
    t.op(s.guide_read())
    ch = t.op(s.play(taught))
    assert ch.done and ch.played
