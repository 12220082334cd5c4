"""Ce Pe's guided first hand: the counter and its limit, the cards that change it (an Ace, a Queen, a
10, the King that sets it to the limit), the cards that only act (a 5 naming who plays next, a Jack,
a 7), and lives lost until a player is out.

Two players under the source's own rules (limit 100, four cards, lives); the deal is ``python3
tools/find_lesson_deals.py ce-pe`` (deal 2326): you (seat 0) play first and hold the Ace, Jack and
Queen of Spades and the King of Diamonds.  Your Ace (+1) and Queen (+20) and Budi's 5 and 10 bring
the counter to 31; your King sets it to 100, where Budi can never play again: he turns a card down
each turn (a life) until out, while you play your Jack, a 7 and a 5 and once turn a card down too.
"""
from __future__ import annotations

from cekidesk.ui.foundations.lessons import MOVE, NOWHERE, QT_TRANSLATE_NOOP, Lesson, Note, cards, plate, role

_C = "CePeLesson"

SCRIPT = (
    "0 play AS =1", "1 play 5S @0",        # 0, 1: Budi's 5 names you
    "0 play QS =20", "1 play 10H =10",     # 2, 3: the counter at 31
    "0 play KD =100",                      # 4: the limit
    "1 turn_down 9D",                      # 5: Budi's first life
    "0 play JS", "0 play 7H",              # 6, 7: the Jack skips Budi: you play again
    "1 turn_down 8S",
    "0 play 5C @1",                        # 9: you name Budi
    "1 turn_down 8D",
    "0 turn_down 4S",                      # 11: your own life
    "1 turn_down 2C",                      # 12: Budi's last card: he is out
)

NOTES = (
    Note(QT_TRANSLATE_NOOP("CePeLesson", "Welcome to Ce Pe! The counter in the middle starts at 0, and the cards "
                                         "played change it. It must never pass the limit, 100. Press Enter or click "
                                         "Next."),
         0, NOWHERE),
    Note(QT_TRANSLATE_NOOP("CePeLesson", "These are your four cards. After each card you play you draw a new one from "
                                         "the stock."), 0, role("hand", 0)),
    Note(QT_TRANSLATE_NOOP("CePeLesson", "An Ace adds 1 or 11, as you choose. Play {card} for 1: click it or press "
                                         "Enter."), 0, MOVE),
    Note(QT_TRANSLATE_NOOP("CePeLesson", "Budi played a 5: it adds nothing, but its player names who plays next, and "
                                         "he named you. A Queen adds or takes away 20: play {card} for "
                                         "+20."), 2, (MOVE, cards("5S", where="pile", seat=1))),
    Note(QT_TRANSLATE_NOOP("CePeLesson", "Budi's 10 added 10 (a 10 adds or takes away 10). A King sets the counter to "
                                         "100 at once and can always be played: play {card}."), 4,
         (MOVE, cards("10H", where="pile", seat=1))),
    Note(QT_TRANSLATE_NOOP("CePeLesson", "At 100 Budi has no card he can play. He turns one face down instead: he has "
                                         "lost a life. A player with no cards left is out."), 5, plate(1)),
    Note(QT_TRANSLATE_NOOP("CePeLesson", "A Jack adds nothing and skips the next player: with only two of you, you "
                                         "play again. Play {card}."), 6, MOVE),
    Note(QT_TRANSLATE_NOOP("CePeLesson", "A 7 adds nothing and turns the direction of play. Play {card}."), 7, MOVE),
    Note(QT_TRANSLATE_NOOP("CePeLesson", "Your 5 adds nothing and lets you name who plays next: play {card} and name "
                                         "Budi."), 9, MOVE),
    Note(QT_TRANSLATE_NOOP("CePeLesson", "None of your cards can be played now: each would pass 100 (a dimmed card's "
                                         "tooltip says why). Turn {card} face down — you lose a life too."), 11, MOVE),
    Note(QT_TRANSLATE_NOOP("CePeLesson", "Budi has turned down his last card: he is out, and the last player left wins "
                                         "the hand — you!"), len(SCRIPT), NOWHERE),
)

SUMMARY = (
    QT_TRANSLATE_NOOP("CePeLesson", "Play one card a turn and draw one: the counter must never pass the limit, 100."),
    QT_TRANSLATE_NOOP("CePeLesson", "The 2, 4, 6, 8 and 9 add their number, an Ace 1 or 11; a 10 adds or takes away "
                                    "10, a Queen 20; a King sets the counter to 100 and can always be played."),
    QT_TRANSLATE_NOOP("CePeLesson", "A 3, 5, 7 and Jack add nothing: the 3 exchanges a card with another player, the 5 "
                                    "names who plays next, the 7 turns the direction, the Jack skips the next "
                                    "player."),
    QT_TRANSLATE_NOOP("CePeLesson", "With no card you can play you turn one face down: a life lost. With no cards left "
                                    "you are out; the last player in wins."),
)


def lesson() -> Lesson:
    return Lesson(game_id="ce-pe", n_players=2, human=0, seed=2326, hand=("AS", "JS", "KD", "QS"),
                  script=SCRIPT, notes=NOTES, summary=SUMMARY, context=_C, names=("", "Budi"))
