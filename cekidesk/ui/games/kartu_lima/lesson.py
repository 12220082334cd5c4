"""Kartu Lima's guided first hand: the guess everybody makes at once, following the led group,
throwing face down (mberi), equal cards, leading, and the fifth trick that alone counts.

The deal is ``python3 tools/lesson_deal.py kartu-lima --players 5 --options '{"abang_ireng": true}'``
(seed 43): you deal, Joko on your right leads; you throw two cards face down, beat Joko's 4 of
Strings with its copy, and lead the last two tricks — the fifth wins you the hand.
"""
from __future__ import annotations

from cekidesk.ui.foundations.lessons import (
    MOVE,
    NOWHERE,
    QT_TRANSLATE_NOOP,
    Lesson,
    Note,
    cards,
    codes_note,
    frames_note,
    plate,
    role,
)

SCRIPT = (
    "1 black", "2 red", "3 black", "4 red", "0 black",  # 0
    "4 play C8", "3 mberi M3", "2 mberi C3", "1 mberi M4", "0 mberi M5",  # 5
    "4 play C1", "3 mberi M6", "2 mberi C2", "1 mberi RF", "0 mberi M9",  # 10
    "4 play S4", "3 mberi S8", "2 mberi C5", "1 mberi C5", "0 play S4",  # 15
    "0 play C3", "4 mberi S9", "3 mberi S2", "2 mberi M1", "1 mberi C7",  # 20
    "0 play S7", "4 mberi C9", "3 mberi OT", "2 mberi WF", "1 mberi OT",  # 25
)

NOTES = (
    Note(QT_TRANSLATE_NOOP("KartuLimaLesson", "Welcome to Kartu Lima! Five cards each, five tricks — and only the "
                                              "fifth trick counts. Press Enter or click Next."), 0, NOWHERE),
    Note(QT_TRANSLATE_NOOP("KartuLimaLesson", "Your five cards. The cards go in groups: when a card is led, you must "
                                              "play one of its group if you hold one."), 0, role("hand", 0)),
    codes_note(0, role("hand", 0)),
    frames_note(0, role("hand", 0)),
    Note(QT_TRANSLATE_NOOP("KartuLimaLesson", "First everybody guesses at once whether the pack's top card is red or "
                                              "black (abang-ireng); the guesses are shown together. Guess black: "
                                              "press B or click Black."), 4, MOVE),
    Note(QT_TRANSLATE_NOOP("KartuLimaLesson", "Joko, on the dealer's right, leads the first trick. Play goes round to "
                                              "the right, to you last."), 5, plate(4)),
    Note(QT_TRANSLATE_NOOP("KartuLimaLesson", "Joko led the 8 of Coins. You hold no card of its group (the 8 and 9 of "
                                              "Coins), so you throw any card face down — a mberi: it never wins and "
                                              "nobody sees it. Throw {card}: press Enter or click it."), 9,
         (MOVE, cards("C8", where="trick"))),
    Note(QT_TRANSLATE_NOOP("KartuLimaLesson", "The 1 of Coins is a dika: only its own copy beats it. You have none — "
                                              "throw {card} face down."), 14, (MOVE, cards("C1", where="trick"))),
    Note(QT_TRANSLATE_NOOP("KartuLimaLesson", "Joko led the 4 of Strings, and you hold its copy: you must play it. Of "
                                              "equal cards the last one played wins, so the trick is yours. Play "
                                              "{card}."), 19, (MOVE, cards("S4", where="trick", seat=4))),
    Note(QT_TRANSLATE_NOOP("KartuLimaLesson", "The winner of a trick leads the next one. Lead {card}."), 20, MOVE),
    Note(QT_TRANSLATE_NOOP("KartuLimaLesson", "Trick five, the only one that counts. Lead {card}: whoever wins this "
                                              "trick wins the hand."), 25, MOVE),
    Note(QT_TRANSLATE_NOOP("KartuLimaLesson", "Nobody could follow: you win the fifth trick, the hand and the pot. "
                                              "Your guess was right too — the top card was the 6 of Strings, a black "
                                              "card."),
         len(SCRIPT), plate(0)),
)

SUMMARY = (
    QT_TRANSLATE_NOOP("KartuLimaLesson", "Five cards each and five tricks; only the fifth trick counts."),
    QT_TRANSLATE_NOOP("KartuLimaLesson", "The player on the dealer's right leads the first trick; play goes round to "
                                         "the right."),
    QT_TRANSLATE_NOOP("KartuLimaLesson", "Follow the led group if you can; if you cannot, throw any card face down "
                                         "(mberi): it never wins."),
    QT_TRANSLATE_NOOP("KartuLimaLesson", "The highest card of the group wins the trick, of equal cards the last one "
                                         "played; the winner leads the next trick."),
    QT_TRANSLATE_NOOP("KartuLimaLesson", "Bets and guesses, such as abang-ireng (red or black), are made by everybody "
                                         "at once and shown together."),
)


def lesson() -> Lesson:
    return Lesson(
        game_id="kartu-lima", n_players=5, human=0, seed=43,
        hand=("C3", "M5", "M9", "S4", "S7"),
        script=SCRIPT, notes=NOTES, summary=SUMMARY, context="KartuLimaLesson",
        names=("", "Budi", "Sari", "Ayu", "Joko"), options={"abang_ireng": True},
    )
