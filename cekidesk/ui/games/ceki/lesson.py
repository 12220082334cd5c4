"""Ceki's guided first hand: draw, throw, take a discard that makes a set, call ceki, win on a draw.

The deal is ``python3 tools/lesson_deal.py ceki --players 3`` (seed 11): Sari (seat 2) starts; you
hold two 9s and keep the 4s and 6s that come; Sari's 4 of Coins makes your set of 4s, which you
take; throwing the 8 of Coins leaves two sets and a pair of 9s, so CekiDesk calls ceki for you; your
next draw from the stock is the third 9 — a triple win.
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
    "2 draw", "2 discard OT",
    "0 draw", "0 discard WF",            # 2, 3
    "1 draw", "1 discard WF",
    "2 draw", "2 discard C1",
    "0 draw", "0 discard M2",            # 8, 9
    "1 draw", "1 discard C8",
    "2 take", "2 discard M2",            # 12: Sari takes Budi's 8 of Coins
    "0 draw", "0 discard C2",            # 14, 15
    "1 draw", "1 discard M5",
    "2 take", "2 discard M3",
    "0 draw", "0 discard S5",            # 20, 21
    "1 draw", "1 discard M5",
    "2 draw", "2 discard C4",
    "0 take", "0 discard C8",            # 26, 27: the 4 of Coins makes your 4s; the call
    "1 draw", "1 discard S3",
    "2 draw", "2 discard RF",
    "0 draw",                            # 32: the third 9
)

NOTES = (
    Note(QT_TRANSLATE_NOOP("CekiLesson", "Welcome to Ceki! Everybody holds eight cards. You win with three sets: "
                                         "three cards of one value, whatever their suits. Press Enter or click Next."),
         0, NOWHERE),
    Note(QT_TRANSLATE_NOOP("CekiLesson", "These are your cards. Your two 9s are already a pair: one more 9 would make "
                                         "a set."), 0, (role("hand", 0), cards("C9", "M9"))),
    codes_note(0, role("hand", 0)),
    frames_note(0, cards("C9", "M9")),
    Note(QT_TRANSLATE_NOOP("CekiLesson", "Sari plays first. Watch: she draws a card from the stock, then throws one "
                                         "onto the discard pile."), 0, plate(2)),
    Note(QT_TRANSLATE_NOOP("CekiLesson", "Your turn. This is the stock: press D or click it to draw its top card."),
         2, MOVE),
    Note(QT_TRANSLATE_NOOP("CekiLesson", "Now throw a card you do not need. {card} goes with nothing in your hand: "
                                         "click it, or press Enter (it is already chosen; Left / Right choose another "
                                         "card)."), 3, MOVE),
    Note(QT_TRANSLATE_NOOP("CekiLesson", "Throw {card}: it makes nothing with your other cards. The card to throw is "
                                         "already chosen: press Enter."), 9, MOVE),
    Note(QT_TRANSLATE_NOOP("CekiLesson", "Look: instead of drawing, Sari takes the card Budi just threw. The last "
                                         "discard may be taken when it helps."), 12,
         (plate(2), cards("C8", where="pile"))),
    Note(QT_TRANSLATE_NOOP("CekiLesson", "Keep the cards that can grow into sets — your 4s, 6s and 9s. Throw {card}."),
         21, (MOVE, cards("S4", "M4", "C6", "S6", "M6", "C9", "M9"))),
    Note(QT_TRANSLATE_NOOP("CekiLesson", "Sari threw a 4: with your two 4s it makes a set! Take it: press T or click "
                                         "the glowing discard."), 26, (MOVE, cards("S4", "M4"))),
    Note(QT_TRANSLATE_NOOP("CekiLesson", "Two sets, the 4s and the 6s, and the pair of 9s. Throw {card}: with two "
                                         "sets and a pair CekiDesk calls ceki for you and lays the pair face down."),
         27, (MOVE, cards("C9", "M9"))),
    Note(QT_TRANSLATE_NOOP("CekiLesson", "Ceki! Now you wait for a third 9 — from the stock or from the discards."),
         28, cards("C9", "M9", where="facedown")),
    Note(QT_TRANSLATE_NOOP("CekiLesson", "Your turn: draw from the stock (D). Is it a 9?"), 32, MOVE),
    Note(QT_TRANSLATE_NOOP("CekiLesson", "A 9! Three sets: you win. Your score is the sum of your nine cards, tripled "
                                         "because the winning card came from the stock."), len(SCRIPT),
         cards("C9", "M9", where="reveal", seat=0)),
)

SUMMARY = (
    QT_TRANSLATE_NOOP("CekiLesson", "Everybody holds eight cards. On your turn draw from the stock (D) or take the "
                                    "last discard (T), then throw a card."),
    QT_TRANSLATE_NOOP("CekiLesson", "A set is three cards of one value, whatever their suits; the White Flower, the "
                                    "Red Flower and the Old Thousand only go with their own kind."),
    QT_TRANSLATE_NOOP("CekiLesson", "With two sets and a pair you call ceki: the pair lies face down and you wait for "
                                    "its third card."),
    QT_TRANSLATE_NOOP("CekiLesson", "The winner scores the sum of the nine cards: doubled when the player before "
                                    "threw a card they had kept, tripled when it was drawn from the stock."),
)


def lesson() -> Lesson:
    return Lesson(
        game_id="ceki", n_players=3, human=0, seed=11,
        hand=("C8", "C9", "M2", "M6", "M9", "S4", "S5", "WF"),
        script=SCRIPT, notes=NOTES, summary=SUMMARY, context="CekiLesson",
        names=("", "Budi", "Sari"),
    )
