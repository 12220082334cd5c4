"""Find the deal numbers of the "Learn to play" lessons of the Balik Satu family and Ce Pe, and print
each lesson's whole script (every seat's moves in order, as action codes).

    python3 tools/find_lesson_deals.py balik-satu [--players 3] [--from 0] [--tries 20000]
    python3 tools/find_lesson_deals.py ce-pe

A lesson is a real match started from a deal number (so seed, options and actions replay it exactly
and the engine is untouched).  This searches the deal numbers for one whose first hand can tell the
game's story in one short round, as the game's ``PLANS`` entry says: the person (seat 0, the first
player, who holds one card more) throws a loose card, takes the previous player's throw (Chaqui:
making an *olo*) or draws, throws again and calls (*tan* or *ceki*), and wins on a card that comes at once —
a revealed stock draw claimed (*sampèi*), a discard claimed (*metu*) or their own draw.  The computer
players throw the card they drew (the one before the person throws the card the person needs), none
of them waiting or winning.  Ce Pe's plan: see :func:`ce_pe_script`.

The lessons (``cekidesk/ui/games/balik/lesson.py``, ``.../ce_pe/lesson.py``) keep the numbers and the
scripts printed here, and their tests replay them through the engine.
"""
from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cekidesk.engine.cards import Kind  # noqa: E402
from cekidesk.engine.core import Action  # noqa: E402
from cekidesk.games import new_match  # noqa: E402
from cekidesk.games.balik.rules import BalikState  # noqa: E402


@dataclass(frozen=True)
class Plan:
    """One Balik lesson's story: the call it teaches (``tan`` / ``ceki``), how the person gets the
    card before it (``take`` the previous player's throw, or ``draw``), whether that take makes a
    third identical card (in Chaqui an open *olo*), whether the score must swap turned cards in
    (*kena*), and how the winning card comes: ``claim`` (a revealed stock draw of another player),
    ``metu`` (another player's throw, claimed), ``self`` (the person's own draw)."""

    call: str
    get: str
    win: str
    triple: bool = False
    swaps: bool = False


PLANS: dict[str, Plan] = {
    "balik-satu": Plan("tan", "take", "claim", triple=True),
    "chaqui": Plan("tan", "take", "claim", triple=True),
    "balik-lima-belas": Plan("ceki", "take", "self", swaps=True),
    "chot": Plan("tan", "take", "claim", swaps=True),
    "gonggong": Plan("tan", "take", "metu"),
    "tantanan": Plan("tan", "take", "metu"),
    "ceken": Plan("tan", "draw", "self"),
}


def _kinds(state: BalikState, p: int) -> list[int]:
    return [u % 30 for u in state.hands[p]]


def _waits(state: BalikState, counts: list[int]) -> tuple[int, ...]:
    return tuple(int(k) for k in state.shape.waits(counts))


def _apply(state: BalikState, log: list[str], text: str) -> None:
    state.apply(Action.parse(text))
    log.append(text)


def _quiet_turn(state: BalikState, log: list[str], p: int, throw: int | None = None) -> bool:
    """``p`` draws and throws the card drawn (or ``throw``); False if that would win, call or be
    refused (the plan then fails)."""
    k = state.stock[-1] % 30
    counts = state.counts[p][:]
    counts[k] += 1
    if state.shape.is_winning(counts):
        return False
    _apply(state, log, f"{p} draw")
    if state.phase != "discard":
        return False
    out = k if throw is None else throw
    if Action.parse(f"{p} discard {_code(out)}") not in state.legal_actions(p):
        return False
    _apply(state, log, f"{p} discard {_code(out)}")
    return state.phase != "call" and state.phase != "claim"


def _keeps(state: BalikState, counts: list[int], k: int) -> tuple[bool, bool]:
    """How much a card ``k`` is worth keeping (sorts the throws tried, loosest first): whether it
    has a copy, whether its group holds whole sets or more."""
    group = state.shape.members[state.shape.group[k]]
    return counts[k] >= 2, sum(counts[j] for j in group) % state.shape.s != 1


def _code(k: int) -> str:
    return Kind(k).code


def balik_script(game_id: str, n: int, seed: int, plan: Plan) -> list[str] | None:
    """The lesson's whole script on deal number ``seed``, or None if this deal cannot tell ``plan``."""
    m = new_match(game_id, n, seed)
    state: BalikState = m.state  # type: ignore[assignment]
    me, shape = state.first, state.shape
    if me != 0 or state.shape.is_winning(state.counts[me]):   # the person sits in seat 0
        return None
    prev = (me - 1) % n
    for x1 in sorted(set(_kinds(state, me)), key=lambda k: _keeps(state, state.counts[me], k)):
        c1 = state.counts[me][:]
        c1[x1] -= 1
        if _keeps(state, state.counts[me], x1) != (False, False) or shape.waits(c1):  # a loose card; no call yet
            continue
        for script in _after_first_throw(state, game_id, n, me, prev, x1, c1, plan):
            return script
    return None


def _after_first_throw(state, game_id, n, me, prev, x1, c1, plan):
    st = state.clone()
    log: list[str] = []
    _apply(st, log, f"{me} discard {_code(x1)}")
    for q in [(me + i) % n for i in range(1, n - 1)]:
        if not _quiet_turn(st, log, q):
            return
    if plan.get == "take":
        k = st.stock[-1] % 30
        hand = st.counts[prev][:]
        hand[k] += 1
        options = [y for y in range(30) if hand[y] and c1[y] == 2] if plan.triple else \
            sorted((y for y in range(30) if hand[y]), key=lambda y: -_keeps(state, c1, y)[1] - c1[y])
        for y in options:
            st2 = st.clone()
            log2 = list(log)
            if not _quiet_turn(st2, log2, prev, y):
                continue
            _apply(st2, log2, f"{me} take")
            if plan.triple and game_id == "chaqui" and not st2.exposed[me]:
                continue
            yield from _throw_and_call(st2, log2, game_id, n, me, plan)
    else:
        st2 = st.clone()
        log2 = list(log)
        if not _quiet_turn(st2, log2, prev):
            return
        if st2.shape.is_winning([c + (k == st2.stock[-1] % 30) for k, c in enumerate(st2.counts[me])]):
            return
        _apply(st2, log2, f"{me} draw")
        yield from _throw_and_call(st2, log2, game_id, n, me, plan)


def _throw_and_call(st, log, game_id, n, me, plan):
    throws = [a for a in st.legal_actions(me) if a.verb == "discard"]
    for a in sorted(throws, key=lambda a: _keeps(st, st.counts[me], a.card.value)):
        counts = st.counts[me][:]
        counts[a.card.value] -= 1
        w = st.shape.waits(counts)
        if not w or st.shape.call_kind(counts) != plan.call:
            continue
        st3 = st.clone()
        log3 = list(log)
        _apply(st3, log3, str(a))
        _apply(st3, log3, f"{me} call")
        done = _finish(st3, log3, n, me, plan)
        if done is not None:
            yield done


def _finish(st, log, n, me, plan) -> list[str] | None:
    """The round after the call: the win as the plan says within one round, the hand then scored
    (not a replay)."""
    waits = set(_waits(st, st.counts[me]))
    order = [(me + i) % n for i in range(1, n)]
    if st.phase == "claim":
        return None
    for i, q in enumerate(order):
        last = i == len(order) - 1
        k = st.stock[-1] % 30
        if plan.win == "claim" and k in waits:
            counts = st.counts[q][:]
            counts[k] += 1
            if st.shape.is_winning(counts):
                return None
            _apply(st, log, f"{q} draw")
            if st.to_act() != (me,):
                return None
            _apply(st, log, f"{me} claim")
            return log if _scored(st, plan) else None
        if plan.win == "metu" and last:
            if k in waits:
                return None
            _apply(st, log, f"{q} draw")
            throws = [a for a in st.legal_actions(q) if a.verb == "discard" and a.card.value in waits]
            if not throws:
                return None
            _apply(st, log, str(throws[0]))
            if st.phase == "call":
                return None
            if st.to_act() != (me,):
                return None
            _apply(st, log, f"{me} claim")
            return log if _scored(st, plan) else None
        if k in waits or not _quiet_turn(st, log, q):
            return None
    if plan.win == "self" and st.stock[-1] % 30 in waits:
        _apply(st, log, f"{me} draw")
        _apply(st, log, f"{me} win")
        return log if _scored(st, plan) else None
    return None


def ce_pe_script(seed: int) -> list[str] | None:
    """Ce Pe's lesson on deal number ``seed`` (two players, the source's rules), or None: the person
    plays an Ace and, by their third turn, a King (the counter to 100, the limit); the other player
    plays at most twice, before the King, and from then on can never play: they turn down a card (a
    life) each turn until out, while the person plays cards that leave the counter at 100 (a 7, a
    Jack, a 5 naming the other player …) or, once at most, has none and turns a card down too.
    Threes (an exchange) are left out."""
    m = new_match("ce-pe", 2, seed)
    st = m.state
    if st.current != 0:      # the person sits in seat 0 and plays first
        return None
    return _ce_pe_search(st, [], {"ace": False, "king": False, "plays": 0, "turns": 0, "downs": 0})


def ce_pe_merit(script: list[str]) -> tuple[int, int]:
    """How good a Ce Pe lesson is: the person losing a life once, an Ace for 11 and different cards
    played count; then the shorter the better."""
    mine = [Action.parse(t) for t in script if t.startswith("0 ")]
    ranks = [a.card.rank for a in mine if a.verb == "play"]
    good = 2 * any(a.verb == "turn_down" for a in mine) + any(a.card.rank == 1 and a.amount == 11 for a in mine)
    return good + len(set(ranks)) - len(ranks), -len(script)


def _ce_pe_search(st, log: list[str], seen: dict) -> list[str] | None:
    if st.is_terminal():
        ok = st.result().winners == (0,) and seen["ace"] and seen["king"]
        return log if ok else None
    p = st.to_act()[0]
    acts = st.legal_actions(p)
    if p == 1:
        if acts[0].verb == "turn_down":
            acts = [max(acts, key=lambda a: a.card.rank)]
        elif seen["king"] or seen["plays"] >= 2:
            return None
        else:
            acts = sorted((a for a in acts if a.card.rank != 3), key=lambda a: a.card.rank not in (2, 4, 6, 8, 9))
    else:
        if not seen["king"] and seen["turns"] >= 3:
            return None
        acts = [a for a in acts if not (a.verb == "play" and a.card.rank == 3) and a.target != 0
                and not (a.verb == "turn_down" and (seen["downs"] or not seen["king"]))
                and not (a.card.rank == 13 and seen["king"]) and not (a.card.rank == 1 and seen["ace"])]
    for a in acts:
        nxt = dict(seen)
        if p == 1:
            nxt["plays"] += a.verb == "play"
        else:
            nxt["turns"] += 1
            nxt["downs"] += a.verb == "turn_down"
            nxt["ace"] = seen["ace"] or (a.verb == "play" and a.card.rank == 1)
            nxt["king"] = seen["king"] or (a.verb == "play" and a.card.rank == 13)
        st2 = st.clone()
        st2.apply(a)
        found = _ce_pe_search(st2, log + [str(a)], nxt)
        if found is not None:
            return found
    return None


def _scored(st, plan: Plan) -> bool:
    r = st.result()
    return st.is_terminal() and r.outcome == "win" and sum(r.points) > 0 and (
        not plan.swaps or bool(r.details["swaps"]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--from", dest="start", type=int, default=0)
    ap.add_argument("--tries", type=int, default=20000)
    args = ap.parse_args()
    if args.game == "ce-pe":
        best = None
        for seed in range(args.start, args.start + args.tries):
            script = ce_pe_script(seed)
            if script is not None and (best is None or ce_pe_merit(script) > ce_pe_merit(best[1])):
                best = (seed, script)
                print(f"ce-pe: 2 players, deal {seed}, merit {ce_pe_merit(script)}", flush=True)
                print("hand:", " ".join(k.code for k in new_match("ce-pe", 2, seed).state.view(0).hand))
                print("script:", script, flush=True)
        return
    from cekidesk.games.balik.family import PLAYERS  # noqa: PLC0415
    n = args.players or max(PLAYERS[args.game][0], 3)
    for seed in range(args.start, args.start + args.tries):
        script = balik_script(args.game, n, seed, PLANS[args.game])
        if script is not None:
            m = new_match(args.game, n, seed)
            print(f"{args.game}: {n} players, deal {seed}, you are seat {m.state.first}")
            print("hand:", " ".join(sorted(_code(k) for k in _kinds(m.state, m.state.first))))
            print("script:", script)
            r = _result_of(args.game, n, seed, script)
            print("result:", r.outcome, r.points, r.details["sets"], r.details["turned"], r.details["swaps"],
                  r.details["score"])
            return
    print("none found")


def _result_of(game_id, n, seed, script):
    m = new_match(game_id, n, seed)
    for t in script:
        m.apply(Action.parse(t))
    return m.history[-1].result if m.history else m.state.result()


if __name__ == "__main__":
    main()
