"""The guided first hands of the Balik Satu family, one per game, each showing its own twist.

Every lesson is one short round found by ``python3 tools/find_lesson_deals.py GAME`` (the deal
number and the script it prints): you (seat 0) play first with one card more, throw a loose card,
get the card that makes a set (taking the last throw, or in Cekèn drawing), throw again so that your
hand waits, call, and win as soon as the card comes:

* **Balik Satu** — the take makes a *mata*; a revealed stock draw is claimed (*sampèi*); the turned
  card (*balik satu*) sets the score.
* **Chaqui** — the take makes an *olo*, laid open; each olo scores a fixed amount.
* **Balik Lima Belas** — a *ceki* call (only a card making a mata wins), a win on your own draw
  (*kandang*), fifteen cards turned and swapped into the hand for more mata.
* **Chot** — partners opposite; your partner's draw wins for you; the points are tokens.
* **Gonggong** — fourteen cards and a *bak*; a win on another player's throw (*metu*).
* **Tantanan** — pairs: six cards, three pairs, one of them a bak; a win on a throw.
* **Cekèn** — Tantanan for three; a win on your own draw (*rabas*).

The texts the seven share are written once (one translation context, ``BalikLesson``).
"""
from __future__ import annotations

import dataclasses

from cekidesk.ui.foundations.lessons import (
    MOVE,
    NOWHERE,
    QT_TRANSLATE_NOOP,
    Lesson,
    Note,
    Target,
    cards,
    codes_note,
    frames_note,
    plate,
    role,
)

_C = "BalikLesson"
#: the computer players, by seat (you sit in seat 0)
NAMES = ("", "Budi", "Sari", "Ayu")

_HAND = QT_TRANSLATE_NOOP("BalikLesson", "These are your cards, sorted into the sets they make. You play first, so you "
                                         "hold one card more and begin by throwing one.")
_LOOSE = QT_TRANSLATE_NOOP("BalikLesson", "{card} makes no set with your other cards: throw it. Click it, or press "
                                          "Enter (Left / Right choose another card).")
_OTHERS = QT_TRANSLATE_NOOP("BalikLesson", "Now the others play in turn: each draws the top card of the stock or takes "
                                           "the last card thrown, then throws one.")
_WAITS = QT_TRANSLATE_NOOP("BalikLesson", "Now throw {card}: your hand is then one card short of winning — it waits. "
                                          "Click it or press Enter.")
_CALL_TAN = QT_TRANSLATE_NOOP("BalikLesson", "You may call now. You already hold a mata, so your call is tan: any card "
                                             "that completes your last set wins. Press C or click Call.")
_SHOWN = QT_TRANSLATE_NOOP("BalikLesson", "Since you called, every card drawn from the stock is shown face up beside "
                                          "the player who drew it. Watch for yours!")
_CLAIM = QT_TRANSLATE_NOOP("BalikLesson", "That card completes your hand! Claim it out of turn — sampèi! Press S or "
                                          "click the Sampèi button.")
_TURN = QT_TRANSLATE_NOOP("BalikLesson", "A turn: draw the top card of the stock (D) or take the last card thrown (T), "
                                         "then throw a card.")
_CALLS = QT_TRANSLATE_NOOP("BalikLesson", "When a throw leaves your hand one card short you may call (C): tan with a "
                                          "mata in hand (any card of the last set wins), ceki without one (only a card "
                                          "that makes a mata wins).")
_SAMPEI = QT_TRANSLATE_NOOP("BalikLesson", "After a call every card drawn from the stock is shown; the one a caller "
                                           "waits for is theirs at once: sampèi! (S)")


def _lesson(game_id: str, n: int, seed: int, hand: str, script: tuple[str, ...], notes: tuple[Note, ...],
            summary: tuple[str, ...]) -> Lesson:
    return Lesson(game_id=game_id, n_players=n, human=0, seed=seed, hand=tuple(sorted(hand.split())),
                  script=script, notes=notes, summary=summary, context=_C, names=NAMES[:n])


def _opening(welcome: str, *frames: str) -> tuple[Note, ...]:
    """The notes before your first throw and the others' first turns, the same in every game: the
    frames' legend points at ``frames``, cards of one value in your hand."""
    return (Note(welcome, 0, NOWHERE), Note(_HAND, 0, role("hand", 0)), codes_note(0, role("hand", 0)),
            frames_note(0, cards(*frames)), Note(_LOOSE, 0, MOVE), Note(_OTHERS, 1, plate(1)))


def _claim(text: str, before: int, card: str) -> Note:
    """The note of a claim (sampèi): the button, and the card claimed where it lies."""
    return Note(text, before, (MOVE, cards(card, where="reveal")))


def _with(*more: Target) -> tuple[Target, ...]:
    """The move's own target and ``more``."""
    return (MOVE, *more)


def balik_satu() -> Lesson:
    script = ("0 discard C3", "1 draw", "1 discard M9", "2 draw", "2 discard M4",
              "0 take", "0 discard C4", "0 call",                                      # 5–7
              "1 draw", "1 discard S2", "2 draw", "0 claim")                           # 8–11
    notes = _opening(QT_TRANSLATE_NOOP(
        "BalikLesson", "Welcome to Balik Satu! Fifteen cards in five sets of three win: three cards of one rank, "
                       "whatever their suits, and at least one set must be three identical cards, a mata. Press Enter "
                       "or click Next."), "S5", "M5") + (
        Note(QT_TRANSLATE_NOOP("BalikLesson", "Sari threw a 4 of Myriads, and you hold two of them: take it and the "
                                              "three make a mata. Press T or click the card on the pile."), 5,
             _with(cards("M4"))),
        Note(_WAITS, 6, MOVE),
        Note(_CALL_TAN, 7, MOVE),
        Note(_SHOWN, 8, plate(1)),
        _claim(_CLAIM, 11, "C6"),
        Note(QT_TRANSLATE_NOOP("BalikLesson", "You win! The next card of the stock is turned — the balik satu, “turn "
                                              "one”. Its value is the score (here 9, the 9 of Coins), and your mata "
                                              "adds 1."),
             len(script), cards("C9", where="reveal")),
    )
    summary = (
        QT_TRANSLATE_NOOP("BalikLesson", "Fifteen cards in five sets of three win: three cards of one rank, whatever "
                                         "their suits, at least one set a mata of three identical cards."),
        _TURN, _CALLS, _SAMPEI,
        QT_TRANSLATE_NOOP("BalikLesson", "The winner turns one more card from the stock: its value is the score, the "
                                         "red-stamped cards worth more; each mata adds 1."),
    )
    return _lesson("balik-satu", 3, 421, "C1 C3 C4 C6 M1 M4 M4 M5 M7 M7 RF S5 S5 S6 S7", script, notes, summary)


def chaqui() -> Lesson:
    script = ("0 discard C5", "1 draw", "1 discard OT", "2 draw", "2 discard S4",
              "0 take", "0 discard M6", "0 call",                                      # 5–7
              "1 draw", "1 discard S9", "2 draw", "0 claim")                           # 8–11
    notes = _opening(QT_TRANSLATE_NOOP(
        "BalikLesson", "Welcome to Chaqui, Balik Satu as the Kristang of Malacca play it! Fifteen cards in five sets "
                       "of three win, at least one of them three identical cards: an olo. Press Enter or click "
                       "Next."), "C7", "S7") + (
        Note(QT_TRANSLATE_NOOP("BalikLesson", "Sari threw a 4 of Strings, and you hold two. Take it (T, or click the "
                                              "pile): three identical cards made with a card from the pile are an olo, "
                                              "laid open for everyone to see."), 5, _with(cards("S4"))),
        Note(QT_TRANSLATE_NOOP("BalikLesson", "Your olo stays in your hand but can never be "
                                              "thrown."), 6, cards("S4")),
        Note(_WAITS, 6, MOVE),
        Note(QT_TRANSLATE_NOOP("BalikLesson", "You may call now. You hold an olo, so your call is tan: any card that "
                                              "completes your last set wins — here any of the six yu cards. Press C or "
                                              "click Call."), 7, MOVE),
        Note(_SHOWN, 8, plate(1)),
        _claim(_CLAIM, 11, "S1"),
        Note(QT_TRANSLATE_NOOP("BalikLesson", "You win! In Chaqui each olo of the winning hand scores a fixed amount, "
                                              "5 points here."), len(script), NOWHERE),
    )
    summary = (
        QT_TRANSLATE_NOOP("BalikLesson", "Fifteen cards in five sets of three win, at least one an olo of three "
                                         "identical cards."),
        _TURN,
        QT_TRANSLATE_NOOP("BalikLesson", "An olo made with a card taken from the pile is laid open; its cards can no "
                                         "longer be thrown."),
        _CALLS, _SAMPEI,
        QT_TRANSLATE_NOOP("BalikLesson", "Each olo of the winning hand scores a fixed amount (5 by default)."),
    )
    return _lesson("chaqui", 3, 664, "C2 C5 C7 M1 M1 M2 M6 OT RF S1 S2 S4 S4 S7 S7", script, notes, summary)


def balik_lima_belas() -> Lesson:
    script = ("0 discard C2", "1 draw", "1 discard M9", "2 draw", "2 discard M8",
              "0 take", "0 discard M1", "0 call",                                      # 5–7
              "1 draw", "1 discard C3", "2 draw", "2 discard C6",                       # 8–11
              "0 draw", "0 win")                                                       # 12, 13
    notes = _opening(QT_TRANSLATE_NOOP(
        "BalikLesson", "Welcome to Balik Lima Belas! As in Balik Satu, fifteen cards in five sets of three win, at "
                       "least one of them a mata of three identical cards; the score is different. Press Enter or "
                       "click Next."), "C7", "S7", "M7") + (
        Note(QT_TRANSLATE_NOOP("BalikLesson", "Sari threw an 8 of Myriads: with your 8 of Coins and 8 of Strings it "
                                              "makes a set. Take it: press T or click the card on the "
                                              "pile."), 5, _with(cards("C8", "S8"))),
        Note(_WAITS, 6, MOVE),
        Note(QT_TRANSLATE_NOOP("BalikLesson", "You may call now. You hold no mata yet, so your call is ceki: only a "
                                              "third 6 of Strings or 6 of Myriads, making a mata, wins. Press C or "
                                              "click Call."),
             7, _with(cards("S6", "M6"))),
        Note(_SHOWN, 8, plate(1)),
        Note(QT_TRANSLATE_NOOP("BalikLesson", "Your turn: draw the top card of the stock — press D or click the "
                                              "stock."),
             12, MOVE),
        Note(QT_TRANSLATE_NOOP("BalikLesson", "A 6 of Strings: your mata, and your hand is complete! Win on your own "
                                              "draw: press S or click the Sampèi button."), 13, _with(cards("S6"))),
        Note(QT_TRANSLATE_NOOP("BalikLesson", "You win! Fifteen turned cards are swapped in, rank for rank, for more "
                                              "mata: 1 for the win, 1 for each mata and 2 for drawing your own winning "
                                              "card after a ceki call."),
             len(script), NOWHERE),
    )
    summary = (
        QT_TRANSLATE_NOOP("BalikLesson", "Fifteen cards in five sets of three win, at least one a mata of three "
                                         "identical cards."),
        _TURN, _CALLS, _SAMPEI,
        QT_TRANSLATE_NOOP("BalikLesson", "The winner turns fifteen cards and swaps them in to make more mata: 1 for "
                                         "the win and 1 for each mata; after a ceki call, 2 more for one's own draw "
                                         "(kandang), 1 for another's (ayam)."),
    )
    return _lesson("balik-lima-belas", 3, 2582, "C2 C6 C7 C8 M1 M6 M6 M7 OT S6 S6 S7 S8 WF WF", script, notes,
                   summary)


def chot() -> Lesson:
    script = ("0 discard S9", "1 draw", "1 discard C8", "2 draw", "2 discard S2", "3 draw", "3 discard C5",
              "0 take", "0 discard M6", "0 call",                                      # 7–9
              "1 draw", "1 discard C2", "2 draw", "0 claim")                           # 10–13
    notes = _opening(QT_TRANSLATE_NOOP(
        "BalikLesson", "Welcome to Chot! Four players in two partnerships: Sari, opposite you, is your partner. "
                       "Fifteen cards in five sets of three win, at least one a mata of three identical cards. Press "
                       "Enter or click Next."), "S8", "M8") + (
        Note(QT_TRANSLATE_NOOP("BalikLesson", "Ayu threw a 5 of Coins, and you hold two: take it for a mata. Press T "
                                              "or click the card on the pile."), 7, _with(cards("C5"))),
        Note(_WAITS, 8, MOVE),
        Note(_CALL_TAN, 9, MOVE),
        Note(_SHOWN, 10, plate(1)),
        _claim(QT_TRANSLATE_NOOP("BalikLesson", "Your partner Sari drew a 4 of Coins — your card! Claim it: sampèi! "
                                                "Press S or click the Sampèi button."), 13, "C4"),
        Note(QT_TRANSLATE_NOOP("BalikLesson", "You win for your side! Fifteen cards are turned and swapped in for more "
                                              "mata; 1 for the win and 1 for each mata, taken as "
                                              "tokens."), len(script), NOWHERE),
    )
    summary = (
        QT_TRANSLATE_NOOP("BalikLesson", "Chot is played by two partnerships, partners sitting opposite."),
        _TURN, _CALLS, _SAMPEI,
        QT_TRANSLATE_NOOP("BalikLesson", "The winner scores 1 and 1 for each mata after swapping in fifteen turned "
                                         "cards, taken as tokens; at 20 the sides pool their tokens for a bangkong."),
    )
    return _lesson("chot", 4, 735, "C4 C5 C5 M1 M6 M7 M8 RF S4 S7 S7 S8 S8 S9 WF", script, notes, summary)


def gonggong() -> Lesson:
    script = ("0 discard C6", "1 draw", "1 discard C3", "2 draw", "2 discard C7", "3 draw", "3 discard M1",
              "0 take", "0 discard S4", "0 call",                                      # 7–9
              "1 draw", "1 discard C8", "2 draw", "2 discard S2", "3 draw", "3 discard WF",   # 10–15
              "0 claim")                                                               # 16
    notes = _opening(QT_TRANSLATE_NOOP(
        "BalikLesson", "Welcome to Gonggong! Fifteen cards in five sets of three win: three cards of one rank, "
                       "whatever their suits, at least one of them a bak of three identical cards. Press Enter or "
                       "click Next."), "C9", "S9", "M9") + (
        Note(QT_TRANSLATE_NOOP("BalikLesson", "Ayu threw a 1 of Myriads, and you hold two: take it for a bak. Press T "
                                              "or click the card on the pile."), 7, _with(cards("M1"))),
        Note(_WAITS, 8, MOVE),
        Note(QT_TRANSLATE_NOOP("BalikLesson", "You may call now. You hold a bak, so your call is ceki kowah: any card "
                                              "that completes your last set wins — here any of the six yu cards. Press "
                                              "C or click Call."), 9, MOVE),
        Note(QT_TRANSLATE_NOOP("BalikLesson", "In Gonggong you may also win on a card another player throws (metu). "
                                              "Watch the pile!"), 10, role("pile")),
        Note(QT_TRANSLATE_NOOP("BalikLesson", "Ayu threw the White Flower, a yu card: it completes your hand! Claim it "
                                              "— press S or click the Sampèi button."), 16,
             _with(cards("WF", where="pile"))),
        Note(QT_TRANSLATE_NOOP("BalikLesson", "You win! The score: 1 for metu, 1 for your bak, then the next stock "
                                              "card is turned and its value added."), len(script), NOWHERE),
    )
    summary = (
        QT_TRANSLATE_NOOP("BalikLesson", "Fifteen cards in five sets of three win, at least one a bak of three "
                                         "identical cards."),
        _TURN,
        QT_TRANSLATE_NOOP("BalikLesson", "A throw that leaves your hand one card short lets you call (C): ceki kowah "
                                         "with a bak in hand, ceki nocog without."),
        QT_TRANSLATE_NOOP("BalikLesson", "You win on your own draw (rabas) or on another player's card (metu): a "
                                         "revealed draw or a throw you claim (S)."),
        QT_TRANSLATE_NOOP("BalikLesson", "The score: 1 for metu, 2 for rabas (one more with a red-stamped winning "
                                         "card), 1 for each bak, 2 for a red one, and the value of one more card "
                                         "turned."),
    )
    lesson = _lesson("gonggong", 4, 110, "C6 C9 M1 M1 M5 M7 M7 M9 S1 S4 S5 S5 S7 S9 WF", script, notes, summary)
    return dataclasses.replace(lesson, options={"deck": "packs"})     # dealt from the larger deck (issue 32)


_PAIRS_SUMMARY = QT_TRANSLATE_NOOP("BalikLesson", "A set is a pair of one rank (the six yu cards all count as 1s); six "
                                                  "cards win: three pairs, one of them a bak of two identical cards.")
_PAIRS_CALLS = QT_TRANSLATE_NOOP("BalikLesson", "Five cards in hand, a sixth drawn or taken, one thrown. One card "
                                                "short, you may call (C): tan kowah with a bak, tan nokang without.")
_PAIRS_SCORE = QT_TRANSLATE_NOOP("BalikLesson", "The score: 1 for metu, 2 for rabas (one more with a red-stamped "
                                                "winning card), 1 for the bak, and the value of one more card turned.")


def tantanan() -> Lesson:
    script = ("0 discard S6", "1 draw", "1 discard S6", "2 draw", "2 discard S5", "3 draw", "3 discard OT",
              "0 take", "0 discard M3", "0 call",                                      # 7–9
              "1 draw", "1 discard C7", "2 draw", "2 discard C5", "3 draw", "3 discard M9",   # 10–15
              "0 claim")                                                               # 16
    notes = _opening(QT_TRANSLATE_NOOP(
        "BalikLesson", "Welcome to Tantanan! Here a set is a pair: two cards of one rank, whatever their suits. Six "
                       "cards win — three pairs, one of them two identical cards, a bak. Press Enter or click "
                       "Next."), "S8") + (
        Note(QT_TRANSLATE_NOOP("BalikLesson", "Ayu threw the Old Thousand. The six yu cards all count as 1s, so with "
                                              "your White Flower it makes a pair. Take it: press T or click the card "
                                              "on the pile."), 7, _with(cards("WF"))),
        Note(_WAITS, 8, MOVE),
        Note(QT_TRANSLATE_NOOP("BalikLesson", "You may call now. Your two 8s of Strings are a bak, so your call is tan "
                                              "kowah: any 9 wins. Press C or click Call."), 9, _with(cards("S8"))),
        Note(QT_TRANSLATE_NOOP("BalikLesson", "In Tantanan you may also win on a card another player throws (metu). "
                                              "Watch the pile!"), 10, role("pile")),
        Note(QT_TRANSLATE_NOOP("BalikLesson", "Ayu threw a 9 of Myriads: your third pair! Claim it — press S or click "
                                              "the Sampèi button."), 16, _with(cards("M9", where="pile"))),
        Note(QT_TRANSLATE_NOOP("BalikLesson", "You win! The score: 1 for metu, 1 for your bak, then the next stock "
                                              "card is turned and its value added."), len(script), NOWHERE),
    )
    summary = (_PAIRS_SUMMARY, _PAIRS_CALLS,
               QT_TRANSLATE_NOOP("BalikLesson", "You win on your own draw (rabas) or on another player's card (metu): "
                                                "a revealed draw or a throw you claim (S)."),
               _PAIRS_SCORE)
    return _lesson("tantanan", 4, 12, "M3 S6 S8 S8 S9 WF", script, notes, summary)


def ceken() -> Lesson:
    script = ("0 discard S9", "1 draw", "1 discard S8", "2 draw", "2 discard S7",
              "0 draw", "0 discard WF", "0 call",                                      # 5–7
              "1 draw", "1 discard C5", "2 draw", "2 discard M4",                       # 8–11
              "0 draw", "0 win")                                                       # 12, 13
    notes = _opening(QT_TRANSLATE_NOOP(
        "BalikLesson", "Welcome to Cekèn, Tantanan for three players! A set is a pair of one rank; six cards win: "
                       "three pairs, one of them a bak of two identical cards. Press Enter or click Next."), "S4") + (
        Note(QT_TRANSLATE_NOOP("BalikLesson", "Your turn: draw the top card of the stock — press D or click the "
                                              "stock."),
             5, MOVE),
        Note(QT_TRANSLATE_NOOP("BalikLesson", "A 3 of Strings: a pair with your 3 of Myriads. Now throw {card}: your "
                                              "hand then waits for any 6. Click it or press Enter."), 6,
             _with(cards("S3", "M3"))),
        Note(QT_TRANSLATE_NOOP("BalikLesson", "You may call now. Your two 4s of Strings are a bak, so your call is tan "
                                              "kowah: any 6 wins. Press C or click Call."), 7, _with(cards("S4"))),
        Note(_SHOWN, 8, plate(1)),
        Note(QT_TRANSLATE_NOOP("BalikLesson", "Your turn: draw the top card of the stock — press D or click the "
                                              "stock."),
             12, MOVE),
        Note(QT_TRANSLATE_NOOP("BalikLesson", "A 6 of Coins: your hand is complete! Win on your own draw (rabas): "
                                              "press S or click the Sampèi button."), 13, _with(cards("C6"))),
        Note(QT_TRANSLATE_NOOP("BalikLesson", "You win! The score: 2 for rabas, 1 for your bak, then the next stock "
                                              "card is turned and its value added."), len(script), NOWHERE),
    )
    summary = (_PAIRS_SUMMARY, _PAIRS_CALLS, _SAMPEI,
               QT_TRANSLATE_NOOP("BalikLesson", "You win on your own draw (rabas) or on another player's card (metu): "
                                                "a revealed draw or a throw you claim (S)."),
               _PAIRS_SCORE)
    return _lesson("ceken", 3, 27, "M3 S4 S4 S6 S9 WF", script, notes, summary)


#: each game's lesson, by game id
LESSONS = {"balik-satu": balik_satu, "chaqui": chaqui, "balik-lima-belas": balik_lima_belas, "chot": chot,
           "gonggong": gonggong, "tantanan": tantanan, "ceken": ceken}


def lesson(game_id: str) -> Lesson:
    """The guided first hand of ``game_id`` (built anew at each call)."""
    return LESSONS[game_id]()


__all__ = ["LESSONS", "lesson"]
