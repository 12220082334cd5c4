"""Pèi's guided first round: matching and capturing, the stock's bottom card, choosing between two
kinds of a rank, the iyo rank, a card that joins the pool, and the score at the end.

The deal is ``python3 tools/lesson_deal.py pei --players 3`` (seed 1): you are the patih; Sari,
the raja, plays first.  After your third turn the round plays itself (``watch_from``); you end
ngeté with pang kéyang, pang picis and macan.
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
    "2 play RF", "2 capture OT", "2 draw", "0 play C9", "0 draw", "0 capture C8",  # 0
    "1 play OT", "1 capture M1", "1 draw", "2 play C1", "2 capture M1", "2 draw",  # 6
    "2 capture C3", "0 play S2", "0 capture M2", "0 draw", "0 capture C6", "1 play S2",  # 12
    "1 capture C2", "1 draw", "1 capture C7", "2 play C2", "2 draw", "2 capture C5",  # 18
    "0 play RF", "0 capture C1", "0 draw", "1 play OT", "1 capture WF", "1 draw",  # 24
    "2 play S4", "2 capture C4", "2 draw", "0 play C5", "0 capture S5", "0 draw",  # 30
    "1 play S8", "1 draw", "2 play S9", "2 draw", "2 capture S1", "0 play C7",  # 36
    "0 capture C7", "0 draw", "1 play S7", "1 capture S7", "1 draw", "2 play M6",  # 42
    "2 draw", "2 capture C4", "0 play M3", "0 capture C3", "0 draw", "1 play M5",  # 48
    "1 draw", "1 capture S3", "2 play S3", "2 capture S3", "2 draw", "0 play S9",  # 54
    "0 draw", "1 play C3", "1 draw", "2 play C5", "2 draw", "0 play S4",  # 60
    "0 capture C4", "0 draw", "1 play WF", "1 draw", "2 play M4", "2 capture C4",  # 66
    "2 draw", "0 play C8", "0 draw", "1 play M9", "1 draw", "2 play M6",  # 72
    "2 draw", "0 play M2", "0 draw", "0 capture S4", "1 play S2", "1 draw",  # 78
    "2 play C1", "2 draw", "0 play M9", "0 draw", "1 play M3", "1 draw",  # 84
    "2 play S1", "2 draw", "0 play C3", "0 draw", "1 play S9", "1 draw",  # 90
    "2 play S5", "2 draw", "0 play M8", "0 draw", "1 play M8", "1 draw",  # 96
    "2 play S5", "2 draw", "0 play C1", "0 draw", "1 play M5", "1 draw",  # 102
)

WATCH_FROM = 27   # after your third turn

NOTES = (
    Note(QT_TRANSLATE_NOOP("PeiLesson", "Welcome to Pèi! Three players each play cards to capture cards of the same "
                                        "rank. Press Enter or click Next."), 0, NOWHERE),
    Note(QT_TRANSLATE_NOOP("PeiLesson", "This is the pool: 36 cards face up, laid out by rank. Everything you capture "
                                        "comes from here."), 0, role("pool")),
    Note(QT_TRANSLATE_NOOP("PeiLesson", "Your 14 cards. You play one to capture a pool card of the same rank — a 9 "
                                        "takes a 9, whatever its suit."), 0, role("hand", 0)),
    codes_note(0, role("hand", 0)),
    frames_note(0, cards("C9", "S9", "M9")),
    Note(QT_TRANSLATE_NOOP("PeiLesson", "This round Sari is the raja and plays first; you are the patih and play "
                                        "next, then Budi, the unyik."), 0, plate(2)),
    Note(QT_TRANSLATE_NOOP("PeiLesson", "Your turn. Play {card}: the pool holds one kind of 9, so it is captured at "
                                        "once. Click the card, or press Enter (it is already chosen)."), 3,
         (MOVE, cards("M9", where="pool"))),
    Note(QT_TRANSLATE_NOOP("PeiLesson", "As the patih you also see the next card of the stock. Only you see it."),
         4, role("peek")),
    Note(QT_TRANSLATE_NOOP("PeiLesson", "Now turn up the bottom card of the stock: press D or click the stock. It "
                                        "captures the same way."), 4, MOVE),
    Note(QT_TRANSLATE_NOOP("PeiLesson", "The stock's card matches two kinds of 8 in the pool, so you choose which to "
                                        "capture: {card} glows. Click it, or press Enter."), 5,
         (MOVE, cards("C8", where="pending"), cards("M8", where="pool"))),
    Note(QT_TRANSLATE_NOOP("PeiLesson", "Play {card}: the pool holds two kinds of 2, and you will choose again."),
         13, (MOVE, cards("C2", "S2", "M2", where="pool"))),
    Note(QT_TRANSLATE_NOOP("PeiLesson", "Capture {card}: with your 8 of Coins and 2 of Strings it makes pang picis, a "
                                        "combination worth more at the end than loose cards."), 14,
         (MOVE, cards("C8", where="captured", seat=0), cards("S2", where="pending"))),
    Note(QT_TRANSLATE_NOOP("PeiLesson", "The six iyo cards — White Flower, Red Flower, Old Thousand and the three 1s "
                                        "— are one rank. Play {card} to capture a 1."), 24,
         (MOVE, cards("WF", "C1", "S1", where="pool"))),
    Note(QT_TRANSLATE_NOOP("PeiLesson", "Turn up the stock's card (D). A card that matches nothing in the pool simply "
                                        "joins it."), 26, MOVE),
    Note(QT_TRANSLATE_NOOP("PeiLesson", "That is all there is to it. Now the round plays itself: watch the captures "
                                        "pile up by each seat."), WATCH_FROM, role("captured", 0)),
    Note(QT_TRANSLATE_NOOP("PeiLesson", "The round is over. Your captures make pang kéyang, pang picis and macan and "
                                        "score 307, the best: you are ngeté."), len(SCRIPT), plate(0)),
)

SUMMARY = (
    QT_TRANSLATE_NOOP("PeiLesson", "Three players: the raja plays first, then the patih, then the unyik."),
    QT_TRANSLATE_NOOP("PeiLesson", "On your turn play a card to capture a pool card of the same rank, then turn up "
                                   "the bottom card of the stock (D) and do the same with it."),
    QT_TRANSLATE_NOOP("PeiLesson", "When the pool holds two kinds of that rank you choose which to capture; a card "
                                   "that matches nothing joins the pool."),
    QT_TRANSLATE_NOOP("PeiLesson", "The six iyo cards are one rank."),
    QT_TRANSLATE_NOOP("PeiLesson", "At the end combinations such as pang kéyang and pang picis score more than loose "
                                   "cards; the best score is ngeté, then tengah, then kete."),
)


def lesson() -> Lesson:
    return Lesson(
        game_id="pei", n_players=3, human=0, seed=1,
        hand=("C1", "C3", "C5", "C7", "C8", "C9", "M2", "M3", "M8", "M9", "RF", "S2", "S4", "S9"),
        script=SCRIPT, notes=NOTES, summary=SUMMARY, context="PeiLesson",
        names=("", "Budi", "Sari"), watch_from=WATCH_FROM,
    )
