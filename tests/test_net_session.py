"""The session's side of the table server (issue 29): people each at a screen of their own
(``own_screens``) move by seat (``play_for``), a person's seat may be played by a computer for a
while (``set_computer``), and every change set carries the moves' events as a spectator sees them."""
from __future__ import annotations

from cekidesk.bots import make_bot
from cekidesk.engine.core import Action
from cekidesk.games import new_match
from cekidesk.persistence.saves import Seat
from cekidesk.session import ManualScheduler, Played, ScreenChanged, Session

PEOPLE = [Seat.human("Ayu"), Seat.human("Budi"), Seat.human("Citra"), Seat.bot("beginner", "Dewi")]


def _session() -> tuple[Session, ManualScheduler]:
    scheduler = ManualScheduler()
    session = Session(scheduler, pace_ms=0, own_screens=True)
    session.start(new_match("ceki", 4, 5), PEOPLE, undo_allowed=False)
    return session, scheduler


def _to_act(session: Session) -> int:
    return session.match.state.to_act()[0]


def test_each_person_moves_by_seat_and_nothing_is_screened():
    session, scheduler = _session()
    assert not session.screened
    for _ in range(12):
        scheduler.run(until=lambda: _to_act(session) != 3)
        seat = _to_act(session)
        other = (seat + 1) % 3
        action = session.view_of(seat).legal[0]
        assert not session.play_for(other, action).done, "not theirs"
        assert not session.play_for(other, action._replace(player=other)).done, "not their turn"
        changes = session.play_for(seat, action)
        assert changes.done and changes.of(Played)[0].seat == seat and not changes.of(ScreenChanged)
        assert {v.seat for v in changes.views} == {0, 1, 2}
        # each person's events as they may see them, and the spectator's with no secret at all
        for view in changes.views:
            assert all(e.secret is None for e in view.events)
        assert all(e.secret is None and e.secret_to == frozenset() for e in changes.public_events)
        if session.match.hand_over():
            break


def test_a_computer_plays_a_persons_seat_until_it_is_given_back():
    session, scheduler = _session()
    scheduler.run(until=lambda: _to_act(session) != 3)
    seat = _to_act(session)
    session.set_computer(seat, make_bot("ceki", "beginner", seat))
    assert not session.play_for(seat, session.view_of(seat).legal[0]).done, "the computer plays it now"
    moved = []
    session.listener = lambda changes: moved.extend(p.seat for p in changes.of(Played))
    scheduler.run(until=lambda: seat in moved)
    assert seat in moved
    session.set_computer(seat, None)
    scheduler.run(until=lambda: session.match.hand_over() or _to_act(session) == seat)
    if not session.match.hand_over():
        assert seat not in session.bots
        assert session.play_for(seat, session.view_of(seat).legal[0]).done


def test_a_seat_that_is_not_a_persons_cannot_be_played_for():
    session, scheduler = _session()
    scheduler.run(until=lambda: _to_act(session) == 3 or session.match.hand_over())
    if _to_act(session) == 3:
        assert not session.play_for(3, session.match.state.view(3).legal[0]).done
    assert not session.play_for(9, Action(9, "draw")).done
