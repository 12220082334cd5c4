"""Every game's guided first hand ("Learn to play", cekidesk/ui/foundations/lessons.py) as data: the seed deals
the hand the lesson says, the script is legal move by move and plays the whole hand, the notes sit
at moves of the script and say something in every language."""
from __future__ import annotations

import pytest

from cekidesk.engine.core import EngineError
from cekidesk.ui.foundations import i18n
from cekidesk.ui.foundations.lessons import Lesson
from cekidesk.ui.games import registered_game_uis

LESSONS: dict[str, Lesson] = {gid: ui.lesson() for gid, ui in sorted(registered_game_uis().items())
                              if ui.lesson() is not None}


def test_the_first_games_have_lessons():
    assert {"ceki", "pei", "kartu-lima"} <= set(LESSONS)


@pytest.mark.parametrize("game_id", sorted(LESSONS))
def test_the_seed_deals_the_hand_the_lesson_says(game_id):
    lesson = LESSONS[game_id]
    assert lesson.game_id == game_id
    assert lesson.dealt_hand() == lesson.hand


@pytest.mark.parametrize("game_id", sorted(LESSONS))
def test_the_script_is_legal_move_by_move_and_plays_the_whole_hand(game_id):
    lesson = LESSONS[game_id]
    match = lesson.new_match()
    for i, action in enumerate(lesson.actions()):
        assert not match.hand_over(), f"the hand is over before move {i}"
        try:
            match.apply(action)
        except EngineError as exc:
            pytest.fail(f"move {i} ({action}) is not legal: {exc}")
    assert match.hand_over()
    # the person moves in it, and the first note comes before anything happens
    assert any(a.player == lesson.human for a in lesson.actions())
    assert min(n.before for n in lesson.notes) == 0


def test_an_illegal_script_is_caught():
    """(The check above can fail: a move out of its order is refused by the engine.)"""
    lesson = LESSONS["ceki"]
    with pytest.raises(EngineError):
        lesson.new_match().apply(lesson.actions()[2])   # seat 0 cannot move first: seat 2 starts


@pytest.mark.parametrize("game_id", sorted(LESSONS))
def test_notes_sit_at_moves_of_the_script(game_id):
    lesson = LESSONS[game_id]
    for note in lesson.notes:
        assert 0 <= note.before <= len(lesson.script)
        for target in note.targets():
            if target.kind == "move":
                assert note.before < len(lesson.script), "a note after the hand has no move to point at"
            if target.kind == "seat":
                assert 0 <= target.seat < lesson.n_players
            if target.kind == "cards":
                assert target.codes
    assert lesson.summary


@pytest.mark.parametrize("language", ["en", "id", "jv", "jv-Java"])
def test_no_note_is_empty_in_any_language(qapp, language):
    i18n.set_language(language)
    try:
        for lesson in LESSONS.values():
            texts = [lesson.text(n) for n in lesson.notes] + lesson.summary_texts()
            # (a note of another context, shared by the lessons, is translated too)
            if language != "en":
                assert all(lesson.text(n) != n.source for n in lesson.notes if n.context), language
            assert all(t.strip() for t in texts)
            # the placeholders a runner fills are the only ones
            for t in texts:
                t.format(card="x", name="y")
    finally:
        i18n.set_language("en")


def test_lupdate_finds_every_note_and_summary_in_its_context(tmp_path):
    """The texts reach the translators: lupdate reads ``QT_TRANSLATE_NOOP("Context", "…")`` only with
    the context written out (a variable context is skipped without a word)."""
    import sys
    import xml.etree.ElementTree as ET
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import update_translations as tool

    out = tmp_path / "all.ts"
    tool.lupdate_to(out)
    found = {(ctx.findtext("name"), m.findtext("source")) for ctx in ET.parse(out).getroot()
             for m in ctx.findall("message")}
    for lesson in LESSONS.values():
        texts = [(n.context or lesson.context, n.source) for n in lesson.notes] + \
            [(lesson.context, t) for t in lesson.summary]
        assert [t for t in texts if t not in found] == []
