"""Guided first hands ("Learn to play"): the data of a lesson, and how a game writes one.

A lesson is ONE real hand of a game, played move by move from a script, with short coach notes
shown on the table before the moves they teach.  The runner (:mod:`cekidesk.ui.window.coach`) starts it as
an ordinary match in the controller; the computer seats play the script, and the person may make
only the scripted move, and only once the notes before it are read.  Nothing here imports the
runner: a game's lesson is plain data (Qt only for translations).

How to write a lesson for a game
================================

1. **Find the deal.**  ``python tools/lesson_deal.py GAME --players N [--options JSON]`` tries match
   seeds and plays each hand with the game's computer players in the order the controller plays
   them (every computer seat that must act, in ``to_act`` order, before the person), and prints
   the first seed whose hand shows what the game's criterion in the tool asks (add one for a new
   game), with the person's dealt hand and every move as action strings.  A seed, not a stacked
   deck: ``Match(spec, n, seed, options, match_options)`` deals exactly as a real match does, so
   (seed, options, actions) replays in the engine untouched and the lesson is an ordinary match
   that can be saved, undone or looked at in the history.

2. **Write ``cekidesk/ui/games/<pkg>/lesson.py``** with a function returning a :class:`Lesson`
   (built when asked, so a test can build it again).  ``hand`` is the person's dealt hand (card
   codes, sorted): the tests deal the seed and compare, so a change in shuffling that would make the
   script nonsense is caught at once.  ``script`` is the whole hand, every seat's moves in order,
   exactly as the tool printed them.

3. **Write the notes**: each a :class:`Note` whose text is marked with
   ``QT_TRANSLATE_NOOP("CekiLesson", "…")`` — the lesson's ``context``, written out in every call:
   lupdate reads the literal, and skips a text whose context is a variable without a word.  It is
   translated when shown, so a change of language shows the next note in the new language.
   ``before`` is the index in ``script`` of the move the note comes before (notes before the same
   move are shown in order; ``len(script)``: after the last move, with the result on the table).
   ``target`` says what the note points at: :data:`MOVE` — the card(s), pile or button the move
   ``before`` is made with (the person's move: what they click) —, ``role("stock")`` (cards of that
   layout role, optionally of one seat), ``cards("C9", "M9")`` (the cards of those codes, by default
   in the person's hand: **every note that names cards points at them**), ``plate(seat)`` (a seat's
   name plate) or :data:`NOWHERE`; a tuple of several gets an outline and an arrow each.
   The last note before one of the person's moves is that move's own: it stays up until the move is
   made, by the key or the click it names (or Enter), so name them right; the others wait for Enter
   or Next.  While a lesson runs the cards show their codes (C9, WF …), and ``picture="frames"``
   adds the legend of the frames' patterns to a note.
   A text may say ``{card}`` (the card of the move ``before``, in the player's card names) and
   ``{name}`` (the player who makes it).  Keep notes short (1–3 sentences),
   concrete about the cards on the table, and name the key and the click of the taught move.

   A long hand need not be clicked through to its end: ``watch_from`` is the move from which the
   person's moves are made for them (the notes still come where they are due).

4. **``summary``**: the rules the lesson showed, one short sentence each (same marking), shown in
   the closing dialog.

5. **Register it**: the game's :class:`~cekidesk.ui.games.base.GameUI` returns it from
   ``lesson()``.  The tests (``tests/test_lessons.py``) then check it for you: the script is legal
   move by move, the dealt hand is as written, every note's target is on the real table when the
   note is shown, and no note is empty in any language.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QCoreApplication

from cekidesk.engine.core import Action
from cekidesk.engine.match import Match
from cekidesk.games import new_match

from .i18n import QT_TRANSLATE_NOOP

__all__ = ["CARDS_CONTEXT", "MOVE", "NOWHERE", "Lesson", "Note", "QT_TRANSLATE_NOOP", "Target", "cards",
           "codes_note", "frames_note", "plate", "role"]


@dataclass(frozen=True)
class Target:
    """What a note points at on the table.  ``kind``: ``"move"`` (the card, pile or button of the
    move the note comes before), ``"role"`` (the cards of the layout role ``role``, of ``seat`` only
    when it is not −1: ``"stock"``, ``"pile"``, ``"pool"``, ``"hand"`` …), ``"seat"`` (the plate of
    ``seat``), ``"cards"`` (the face-up cards whose codes are ``codes``, of the layout role ``role``
    — any role when empty — and of ``seat`` when not −1) or ``"none"``."""

    kind: str
    role: str = ""
    seat: int = -1
    codes: tuple[str, ...] = ()


# the card(s), pile or button the move a note comes before is made with
MOVE = Target("move")
# a note that points at nothing (a word about the game as a whole)
NOWHERE = Target("none")


def role(name: str, seat: int = -1) -> Target:
    """The cards of the table layout's role ``name`` (``CardSpec.role``), of ``seat`` only if given."""
    return Target("role", name, seat)


def cards(*codes: str, where: str = "hand", seat: int = -1) -> Target:
    """The face-up cards of ``codes`` (card codes: ``"C9"``, ``"WF"``, ``"KD"`` …) in the layout role
    ``where`` (the hands by default — a hidden hand shows no codes, so that is the person's; ``""``:
    anywhere on the table), of ``seat`` only if given."""
    return Target("cards", where, seat, tuple(codes))


def plate(seat: int) -> Target:
    """A seat's name plate."""
    return Target("seat", seat=seat)


@dataclass(frozen=True)
class Note:
    """One coach note: ``source`` (English, marked with ``QT_TRANSLATE_NOOP(lesson.context, …)``, or
    with ``QT_TRANSLATE_NOOP(context, …)`` when ``context`` is given), shown before the script's
    move ``before``, pointing at ``target`` (one target, or a tuple of several); ``picture``:
    ``"frames"`` shows the legend of the frames' patterns under the words."""

    source: str
    before: int
    target: Target | tuple[Target, ...] = MOVE
    context: str = ""
    picture: str = ""

    def targets(self) -> tuple[Target, ...]:
        """What the note points at, each target apart (none for :data:`NOWHERE`)."""
        found = self.target if isinstance(self.target, tuple) else (self.target,)
        return tuple(t for t in found if t.kind != "none")


# the translation context of the notes every lesson with Ceki cards shares
CARDS_CONTEXT = "LessonCards"


def codes_note(before: int, target: Target | tuple[Target, ...]) -> Note:
    """The note that reads the cards' codes shown while a lesson runs (Ceki cards)."""
    return Note(QT_TRANSLATE_NOOP("LessonCards", "While you learn, each card shows its code in the corner: C for "
                                                 "Coins, S for Strings, M for Myriads, then the value; WF, RF "
                                                 "and OT are the White Flower, the Red Flower and the Old "
                                                 "Thousand."), before, target, CARDS_CONTEXT)


def frames_note(before: int, target: Target | tuple[Target, ...]) -> Note:
    """The note that teaches the frame trick: a Ceki card's value is the pattern of its frame."""
    return Note(QT_TRANSLATE_NOOP("LessonCards", "The trick of the old players: the frame round the picture "
                                                 "tells the value, whatever the suit — 1 a solid bar, 2 a double "
                                                 "line, 3 a ladder, 4 a zigzag, 5 beads, 6 battlements, 7 a "
                                                 "chequer, 8 a chain, 9 saw teeth. The White and Red Flowers have "
                                                 "the 1's bar; the Old Thousand has no frame."),
                before, target, CARDS_CONTEXT, picture="frames")


@dataclass(frozen=True)
class Lesson:
    """One guided hand of ``game_id`` (see the module docstring for how to write one).

    ``seed`` is the match seed that deals it; ``hand`` the person's dealt cards (codes, sorted), to
    be checked; ``script`` every move of the hand in order (``str(Action)``); ``names`` the computer
    players' names by seat (the person's own seat's is not used); ``context`` the translation
    context of ``notes`` and ``summary``."""

    game_id: str
    n_players: int
    human: int
    seed: int
    hand: tuple[str, ...]
    script: tuple[str, ...]
    notes: tuple[Note, ...]
    summary: tuple[str, ...]
    context: str
    names: tuple[str, ...] = ()
    # from this move on the hand plays itself: the person's scripted moves are made for them at the
    # computer players' pace (a long hand's tail, once its lessons are taught); None: never
    watch_from: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    match_options: dict[str, Any] = field(default_factory=lambda: {"mode": "hands", "hands": 1})

    def actions(self) -> list[Action]:
        return [Action.parse(a) for a in self.script]

    def new_match(self) -> Match:
        """The lesson's match, dealt and not yet played."""
        return new_match(self.game_id, self.n_players, self.seed, self.options, self.match_options)

    def dealt_hand(self) -> tuple[str, ...]:
        """The person's cards as the seed deals them (codes, sorted): what ``hand`` must say."""
        view: Any = self.new_match().state.view(self.human)   # (every game's view has its viewer's ``hand``)
        return tuple(sorted(str(k) for k in view.hand))

    def text(self, note: Note) -> str:
        """``note``'s words in the current language (its ``{card}``/``{name}`` not yet filled)."""
        return QCoreApplication.translate(note.context or self.context, note.source)

    def summary_texts(self) -> list[str]:
        return [QCoreApplication.translate(self.context, s) for s in self.summary]

