"""The autosave's journal (issue 33, "Nothing is lost at a fault"): every move is on its way to the
disk before the next is made, so whatever moment the process dies at — the autosave being written or
not, in the middle of a hand, across a hand, after an undo — reopening gives the match as it was; a
torn or damaged tail loses its own lines only; the journal stays about one hand long."""
from __future__ import annotations

import random

import pytest

from cekidesk.engine.match import Match
from cekidesk.games import get_game
from cekidesk.persistence import journal, saves
from cekidesk.persistence.journal import Journal, journal_path, read_records
from cekidesk.persistence.paths import autosave_path
from cekidesk.persistence.saves import Seat, load_autosave, remove_autosave, write_save
from cekidesk.session import ManualScheduler, Session


class DiskWriter:
    """An autosave writer that writes at once (``hold``: keeps the requests unwritten, as a writer
    thread that lags behind)."""

    def __init__(self, hold: bool = False) -> None:
        self.hold = hold
        self.held: list = []
        self.writes = 0

    def write(self, data: bytes, written=None) -> None:
        if self.hold:
            self.held.append((data, written))
            return
        write_save(autosave_path(), data)
        self.writes += 1
        if written is not None:
            written()

    def release(self) -> None:
        self.hold = False
        for data, written in self.held:
            self.write(data, written)
        self.held.clear()

    def remove(self) -> None:
        remove_autosave()

    def flush(self) -> bool:
        return not self.held

    def will_exist(self) -> bool:
        return autosave_path().exists()


def seats(n: int) -> list[Seat]:
    return [Seat.human("Sari")] + [Seat.bot("beginner", f"P{i}") for i in range(1, n)]


def session(writer: DiskWriter) -> tuple[Session, ManualScheduler]:
    scheduler = ManualScheduler()
    return Session(scheduler, pace_ms=0, writer=writer), scheduler


def play(s: Session, sch: ManualScheduler, rng: random.Random, moves: int) -> None:
    """``moves`` moves: the person's random ones, the computer players' as they come, hands dealt."""
    for _ in range(moves):
        sch.run()
        m = s.match
        assert m is not None
        if m.hand_over():
            if m.is_over():
                return
            s.next_hand()
            continue
        if s.waiting_for_human():
            legal = m.state.legal_actions(s.human_seat)
            s.play(legal[rng.randrange(len(legal))])


def same(a: Match, b: Match) -> None:
    assert a.logs == b.logs and a.scores == b.scores and a.ledger == b.ledger and a.carry == b.carry
    assert a.state.view(0) == b.state.view(0) and a.rng.getstate() == b.rng.getstate()


@pytest.mark.parametrize("game_id", ["ceki", "ce-pe", "balik-satu", "kartu-lima"])
def test_a_kill_at_any_moment_loses_nothing_when_the_autosave_lags(game_id):
    """The writer never finishes (as if the process died while it wrote): the journal alone brings
    back every move since the autosave on the disk, across hands."""
    spec = get_game(game_id)
    writer = DiskWriter()
    s, sch = session(writer)
    s.new_match(game_id, seats(spec.min_players), 5, match_options={"mode": "money"}
                if "money" in spec.match_modes else None)
    sch.run()
    writer.hold = True   # from now on nothing reaches the autosave file: only the journal
    rng = random.Random(1)
    for _ in range(6):
        play(s, sch, rng, rng.randrange(1, 60))
        sch.run()
        loaded = load_autosave()
        assert loaded is not None and s.match is not None
        same(loaded.match, s.match)


def test_undo_redo_and_restart_are_in_the_journal():
    writer = DiskWriter()
    s, sch = session(writer)
    s.start(saves.load_match(_a_practice_save()).match, seats(3), undo_allowed=True)
    sch.run()
    writer.hold = True
    rng = random.Random(2)
    play(s, sch, rng, 30)
    for op, then in ((s.undo, 0), (s.undo, 0), (s.redo, 7), (s.restart_deal, 9), (s.undo, 5), (s.next_hand, 0),
                     (s.undo, 0), (s.redo, 3)):
        if op == s.next_hand:   # to the end of the hand: the undo that follows goes back into it
            while s.match is not None and not s.match.hand_over():
                play(s, sch, rng, 1)
            sch.run()
        assert op().done
        loaded = load_autosave()
        assert loaded is not None and s.match is not None
        same(loaded.match, s.match)
        assert loaded.undone_hands == s.undone_hands
        play(s, sch, rng, then)
        sch.run()
        loaded = load_autosave()
        assert loaded is not None
        same(loaded.match, s.match)
    assert s.undone_hands and s.match is not None and s.match.hand_index >= 1


def _a_practice_save():
    from cekidesk.games import new_match

    path = autosave_path().with_name("practice.cekisave")
    m = new_match("ceki", 3, 8, match_options={"mode": "target", "target": 10_000})
    saves.save_match(path, m, seats(3), undo_allowed=True)
    return path


def test_the_journal_stays_about_one_hand_long_once_the_autosave_is_written():
    writer = DiskWriter()
    s, sch = session(writer)
    s.new_match("ceki", seats(3), 3)
    rng = random.Random(3)
    for _ in range(4):
        play(s, sch, rng, 60)
        m = s.match
        assert m is not None and s.autosaves.journal is not None
        assert s.autosaves.journal.pending() <= len(m.logs[-1]) + 1
        assert len(read_records()[0]) == s.autosaves.journal.pending()
    loaded = load_autosave()
    assert loaded is not None
    same(loaded.match, s.match)


def _journaled(moves: int = 40) -> tuple[Session, bytes]:
    writer = DiskWriter()
    s, sch = session(writer)
    s.new_match("ceki", seats(3), 4)
    sch.run()
    writer.hold = True
    play(s, sch, random.Random(4), moves)
    sch.run()
    return s, journal_path().read_bytes()


@pytest.mark.parametrize("damage", ["torn", "crc", "garbage", "newline-only", "binary"])
def test_a_damaged_last_line_loses_that_line_only(damage):
    s, data = _journaled()
    lines = data.split(b"\n")[:-1]
    assert len(lines) > 5
    last = lines[-1]
    if damage == "torn":
        bad = data[:-len(last) // 2 - 1]                       # cut inside the last line
    elif damage == "crc":
        bad = data[:-len(last) - 1] + b"0" * 8 + last[8:] + b"\n"
    elif damage == "garbage":
        bad = data[:-len(last) - 1] + b"\x00\x01 not json\n"
    elif damage == "newline-only":
        bad = data[:-len(last) - 1] + b"\n"
    else:
        bad = data[:-1] + bytes(range(256))
    journal_path().write_bytes(bad)
    records, torn = read_records()
    assert torn
    loaded = load_autosave()
    assert loaded is not None and s.match is not None
    expected = len(records)
    assert expected >= len(lines) - 1
    # the match is the session's without (at most) the last move
    got = sum(len(h) for h in loaded.match.logs)
    want = sum(len(h) for h in s.match.logs)
    assert want - 1 <= got <= want
    assert loaded.match.logs[-1] == s.match.logs[-1][:len(loaded.match.logs[-1])]


def test_a_damaged_line_in_the_middle_keeps_the_lines_before_it():
    s, data = _journaled()
    lines = data.split(b"\n")
    lines[3] = lines[3][:-2] + b"xx"
    journal_path().write_bytes(b"\n".join(lines))
    records, torn = read_records()
    assert torn and len(records) == 3
    loaded = load_autosave()
    assert loaded is not None   # the autosave and the journal's first three lines


def test_lines_of_another_match_and_lines_that_do_not_fit_are_left_alone():
    s, data = _journaled()
    key = journal.match_key(s.match)
    other = journal.move_line("pei:3:1:", 0, 0, s.match.logs[-1][0]) if s.match.logs[-1] else b""
    gap = journal.move_line(key, s.match.hand_index + 5, 0, s.match.logs[0][0])
    journal_path().write_bytes(other + data + gap)
    loaded = load_autosave()
    assert loaded is not None
    same(loaded.match, s.match)


def test_a_journal_too_big_is_read_as_far_as_the_bound(monkeypatch):
    s, data = _journaled()
    monkeypatch.setattr(journal, "MAX_JOURNAL_BYTES", len(data) // 2)
    records, torn = read_records()
    assert torn and 0 < len(records) < data.count(b"\n")
    assert load_autosave() is not None


def test_a_journal_line_is_in_the_file_before_the_call_returns(tmp_path):
    j = Journal(tmp_path / "j.journal")
    from cekidesk.games import new_match

    m = new_match("ceki", 3, 1)
    for i, a in enumerate(m.state.legal_actions(m.state.to_act()[0])[:1]):
        j.append([journal.move_line(journal.match_key(m), 0, i, a)])
        assert (tmp_path / "j.journal").read_bytes().count(b"\n") == 1
    j.rotate(j.seq)
    assert (tmp_path / "j.journal").read_bytes() == b"" and j.pending() == 0
    j.close()


def test_a_journal_that_cannot_be_written_is_told_and_the_autosave_is_written_instead(monkeypatch):
    from cekidesk.session import Problem

    writer = DiskWriter()
    s, sch = session(writer)
    s.new_match("ceki", seats(3), 6)
    sch.run()
    told = []
    s.listener = told.append

    def refuse(self, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Journal, "append", refuse)
    before = writer.writes
    changes = []
    m = s.match
    assert m is not None
    for _ in range(3):
        sch.run()
        if s.waiting_for_human():
            changes.append(s.play(m.state.legal_actions(s.human_seat)[0]))
    problems = [st for c in [*changes, *told] for st in c.steps if isinstance(st, Problem)]
    assert [p.code for p in problems] == ["autosave_failed"]   # told once
    assert writer.writes > before   # every move then written whole
    loaded = load_autosave()
    assert loaded is not None
    same(loaded.match, s.match)
