"""A match holds its finished hands compactly (issue 33, memory flat in the window): records, hand
starts and moves read back exactly as the plain ones they were made from — for every game, through
saves, undo, the hand history's replay and ``Match.resumed`` — while each finished hand leaves at most
its record and its start for the garbage collector to track."""
from __future__ import annotations

import copy
import gc
import json
import pickle
import random
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cekidesk.engine import compact
from cekidesk.engine.cards import Kind
from cekidesk.engine.compact import MatchLogs, pack_actions, unpack_actions
from cekidesk.engine.match import Match
from cekidesk.engine.protocol import Action, HandResult
from cekidesk.engine.records import HandRecord, HandStart
from cekidesk.games import games, get_game, new_match
from cekidesk.persistence import saves
from cekidesk.persistence.saves import SaveCache, Seat, document_to_match, match_to_document

GAME_IDS = sorted(g.id for g in games())


@dataclass(frozen=True)
class PlainRecord:
    """What a record was before it was held compactly (the frozen dataclass of the same fields)."""

    index: int
    dealer: int
    seed: int
    result: HandResult
    payments: tuple[int, ...]
    pot: int
    items: tuple
    carry: object


def same(a: object, b: object) -> bool:
    """Equal and of the same types all the way down (a tuple stays a tuple, True stays True)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))  # type: ignore[arg-type]
    if isinstance(a, dict):
        return same(list(a.items()), list(b.items()))  # type: ignore[attr-defined]
    return a == b


def _mode(game_id: str) -> dict:
    spec = get_game(game_id)
    return {"mode": "money" if "money" in spec.match_modes else spec.match_modes[0]}


def play(game_id: str, seed: int, hands: int) -> tuple[Match, list[PlainRecord], list[list[Action]]]:
    """A match of ``hands`` random hands, with the plain records and move lists taken as it played."""
    spec = get_game(game_id)
    m = new_match(game_id, spec.default_players, seed, match_options=_mode(game_id))
    rng = random.Random(seed)
    plain: list[PlainRecord] = []
    moves: list[list[Action]] = [[]]
    while True:
        while not m.hand_over():
            seat = m.state.to_act()[0]
            legal = m.state.legal_actions(seat)
            action = legal[rng.randrange(len(legal))]
            moves[-1].append(action)
            m.apply(action)
        rec = m.history[-1]
        result = m.state.result()
        plain.append(PlainRecord(rec.index, rec.dealer, rec.seed, result, rec.payments, rec.pot, rec.items, m.carry))
        if len(plain) >= hands or m.is_over():
            return m, plain, moves
        m.next_hand()
        moves.append([])


def tracked_inside(obj: object) -> int:
    """How many objects the collector tracks among ``obj`` and what it holds (classes and modules
    aside), after a collection."""
    seen: set[int] = set()
    todo = [obj]
    count = 0
    while todo:
        o = todo.pop()
        if id(o) in seen or isinstance(o, type) or type(o).__name__ == "module":
            continue
        seen.add(id(o))
        if gc.is_tracked(o):
            count += 1
        todo.extend(gc.get_referents(o))
    return count


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_match_reads_its_finished_hands_back_as_they_were_played(game_id):
    m, plain, moves = play(game_id, 11, 6)
    assert len(m.history) == len(plain) and len(m.logs) == len(moves)
    for rec, want in zip(m.history, plain, strict=True):
        got = (rec.index, rec.dealer, rec.seed, rec.result, rec.payments, rec.pot, rec.items, rec.carry)
        assert got == (want.index, want.dealer, want.seed, want.result, want.payments, want.pot, want.items,
                       want.carry)
        assert same(rec.result.details, want.result.details) and same(rec.carry, want.carry)
        assert same(rec.items, want.items) and same(rec.payments, want.payments)
    for i, hand in enumerate(moves):
        assert m.logs[i] == hand and list(m.logs[i]) == hand and m.logs.hand_length(i) == len(hand)
    assert m.logs == moves and moves == m.logs and m.logs.moves() == sum(map(len, moves))
    for i in range(len(moves) - 1):
        assert m.logs.packed(i) == json.dumps([str(a) for a in moves[i]], ensure_ascii=False)
    # every hand's start: the one a match resumed from the records makes, and a rewind shares it
    again = Match.resumed(m.spec, m.n_players, m.seed, m.options, m.match_options, m.first_deal,
                          m.history[:m.hand_index], m.logs[:m.hand_index], random.Random(), m.hand_seed)
    assert again.starts[:-1] == m.starts[:-1] and again.logs[:-1] == m.logs[:-1]
    for hand in range(len(m.starts)):
        assert m.rewound(hand).starts[:hand] == m.starts[:hand]
        assert all(a is b for a, b in zip(m.rewound(hand).starts[:hand], m.starts[:hand], strict=True))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_finished_hand_leaves_its_record_and_its_start_only(game_id):
    m, _, _ = play(game_id, 5, 8)
    m.next_hand() if not m.is_over() else None
    gc.collect()
    gc.collect()   # (a tuple of tuples is let go by the collector once its inner ones are)
    for i in range(m.hand_index):
        assert tracked_inside(m.history[i]) - tracked_inside(m.history[i].carry) <= 1, m.history[i]
        assert tracked_inside(m.starts[i]) - tracked_inside(m.starts[i].carry) <= 1, m.starts[i]
    # the moves of the finished hands: compressed texts only
    assert all(isinstance(p, bytes) for p in m.logs._done)


def test_saves_undo_and_the_hand_history_replay_read_the_compact_hands():
    m, plain, moves = play("kartu-lima", 3, 5)
    m.next_hand()
    seats = [Seat.human("A")] + [Seat.bot("random", f"B{i}") for i in range(1, m.n_players)]
    back = document_to_match(match_to_document(m, seats))
    assert back.history == m.history and back.logs == m.logs and back.starts == m.starts
    assert [saves.record_json(r) for r in back.history] == [saves.record_json(r) for r in m.history]
    # the save cache keeps a hand's lines while the match keeps its record (the same object)
    cache = SaveCache()
    hands, missing = cache.missing(m)
    assert missing == m.hand_index
    cache.lines(hands)
    assert cache.missing(m)[1] == 0
    # a finished hand replays from its dealt state to the same result (the hand history)
    for i, rec in enumerate(m.history):
        state = m.dealt_state(i)
        for action in m.logs[i]:
            state.apply(action)
        assert state.result() == rec.result == plain[i].result
    # undo across a hand: the match rebuilt is the same up to the hand undone
    cut = m.replayed([*m.logs[:2], m.logs[2][:3]])
    assert cut.history == m.history[:2] and cut.logs[:2] == m.logs[:2] and cut.logs[2] == moves[2][:3]
    assert all(a is b for a, b in zip(cut.starts[:2], m.starts[:2], strict=True))


def test_records_are_frozen_and_copy_like_values():
    rec = HandRecord(2, 1, 99, HandResult("win", (3, -3), (0,), {"kind": "ceki", "cards": [1, 2]}), (5, -5), 0,
                     (("base", 1, 0, 5),), (1, (2, 3)))
    with pytest.raises(AttributeError):
        rec.pot = 3  # type: ignore[misc]
    assert copy.deepcopy(rec) == rec and pickle.loads(pickle.dumps(rec)) == rec
    assert rec.result.details == {"kind": "ceki", "cards": [1, 2]}
    rec.result.details["kind"] = "changed"           # a reading is a copy: the record stays as it was
    assert rec.result.details["kind"] == "ceki"
    start = HandStart(3, 1, 99, 5, (1, 2), (3, 4), 0, None)
    assert copy.copy(start) == start and hash(start) == hash(copy.deepcopy(start))
    with pytest.raises(AttributeError):
        start.seed = 1  # type: ignore[misc]
    assert "HandRecord(index=2" in repr(rec) and "HandStart(index=3" in repr(start)


def test_what_marshal_cannot_hold_is_kept_as_it_is():
    card = Kind.parse("C1")
    details = {"card": card, "n": 1}
    rec = HandRecord(0, 0, 1, HandResult("win", (1,), (0,), details), (0,))
    assert rec.result.details == details and rec.result.details["card"] is card
    weird = HandRecord(0, 0, 1, HandResult("draw", (0,), (), {"x": 1.5, True: (1, [2])}), (0,))
    assert same(weird.result.details, {"x": 1.5, True: (1, [2])})


_atoms = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20), st.text(max_size=8))
_json = st.recursive(_atoms, lambda inner: st.one_of(st.lists(inner, max_size=4), st.tuples(inner, inner),
                                                     st.dictionaries(st.text(max_size=6), inner, max_size=4)),
                     max_leaves=12)
_carry = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-99, 99), st.text(max_size=5)),
                      lambda inner: st.tuples(inner, inner), max_leaves=6)


@settings(max_examples=60, deadline=None)
@given(details=st.dictionaries(st.text(max_size=8), _json, max_size=5), carry=_carry,
       points=st.lists(st.integers(-999, 999), min_size=2, max_size=6),
       items=st.lists(st.tuples(st.text(max_size=4), st.none() | st.integers(0, 5), st.none() | st.integers(0, 5),
                                st.integers(-99, 99)), max_size=3))
def test_the_compact_record_equals_the_plain_one(details, carry, points, items):
    result = HandResult("win", tuple(points), (0,), details)
    rec = HandRecord(4, 1, 2**61 + 5, result, tuple(-p for p in points), 7, tuple(items), carry)
    plain = PlainRecord(4, 1, 2**61 + 5, result, tuple(-p for p in points), 7, tuple(items), carry)
    assert (rec.index, rec.dealer, rec.seed, rec.result, rec.payments, rec.pot, rec.items, rec.carry) == (
        plain.index, plain.dealer, plain.seed, plain.result, plain.payments, plain.pot, plain.items, plain.carry)
    assert same(rec.result.details, details) and same(rec.carry, carry)
    assert rec == HandRecord(4, 1, 2**61 + 5, HandResult("win", tuple(points), (0,), dict(details)),
                             tuple(-p for p in points), 7, tuple(items), carry)
    start = HandStart(4, 1, 5, 6, tuple(points), tuple(points), 0, carry)
    assert same(start.carry, carry) and start == copy.deepcopy(start)


_actions = st.lists(st.lists(st.builds(Action, st.integers(0, 8), st.sampled_from(["draw", "play", "bet", "pass"]),
                                       st.none() | st.sampled_from([Kind.parse("C1"), Kind.parse("S9")]),
                                       st.none() | st.integers(0, 8), st.none() | st.integers(-50, 50)),
                             max_size=12), min_size=1, max_size=6)


@settings(max_examples=60, deadline=None)
@given(hands=_actions)
def test_the_compact_moves_equal_the_plain_ones(hands):
    logs = MatchLogs()
    for hand in hands:
        logs.append(list(hand))
    assert logs == hands and len(logs) == len(hands) and list(logs) == hands
    assert logs[:-1] == hands[:-1] and logs[-1] is logs.current
    for i, hand in enumerate(hands[:-1]):
        assert logs[i] == hand and logs[i] is not logs[i] and logs.hand_length(i) == len(hand)
        assert unpack_actions(pack_actions(hand)) == hand
    assert logs.prefix(len(hands) - 1) == hands[:-1]
    assert logs.moves() == sum(map(len, hands))


def test_the_shared_actions_table_is_bounded():
    compact._ACTIONS.clear()
    for n in range(compact._ACTIONS_MOST + 10):
        compact._action(f"0 bet ={n}")
    assert len(compact._ACTIONS) <= compact._ACTIONS_MOST


def test_a_finished_hands_moves_are_read_only_when_used():
    m, _, moves = play("ce-pe", 7, 4)
    m.next_hand()
    compact._unpacked.cache_clear()
    hands = [m.logs[i] for i in range(m.hand_index)]
    assert [len(h) for h in hands] == [len(h) for h in moves] and m.logs.key() == m.logs.key()
    assert compact._unpacked.cache_info().misses == 0          # lengths and the key read no move
    h = m.logs[1]
    assert isinstance(h, list) and h == moves[1] and list(reversed(m.logs[1])) == moves[1][::-1]
    assert copy.deepcopy(m.logs[2]) == moves[2] and type(copy.copy(m.logs[2])) is list
    assert pickle.loads(pickle.dumps(m.logs[2])) == moves[2]
    mine = m.logs[0]
    mine.append(mine[0])                   # a copy: the match keeps its moves
    assert m.logs[0] == moves[0] and len(mine) == len(moves[0]) + 1
    assert [str(a) for a in m.logs[3]] == [str(a) for a in moves[3]] and m.logs[3][1:3] == moves[3][1:3]


def test_records_and_starts_still_read_as_dataclasses():
    import dataclasses

    m, _, _ = play("kartu-lima", 4, 3)
    rec, start = m.history[-1], m.starts[-1]
    assert [f.name for f in dataclasses.fields(rec)] == ["index", "dealer", "seed", "result", "payments", "pot",
                                                         "items", "carry"]
    again = dataclasses.replace(start, seed=5, dealer=1)
    assert isinstance(again, HandStart) and (again.seed, again.dealer) == (5, 1)
    assert again.carry == start.carry and again.scores == start.scores
    assert dataclasses.replace(rec, pot=9).pot == 9 and dataclasses.replace(rec, pot=9).result == rec.result
    assert dataclasses.asdict(start)["carry"] == dataclasses.asdict(start.carry) if dataclasses.is_dataclass(
        start.carry) else dataclasses.asdict(start)["seed"] == start.seed
    # the network mirror deals the hand in progress again: its moves are replaced, the match plays on
    m.next_hand()
    m.logs[-1] = []
    assert m.logs[-1] == [] and len(m.logs) == m.hand_index + 1
    seat = m.state.to_act()[0]
    m.apply(m.state.legal_actions(seat)[0])
    assert len(m.logs[-1]) == 1
    with pytest.raises(IndexError):
        m.logs[len(m.logs)] = []


def test_a_carry_holding_models_is_shared_not_copied():
    m, plain, _ = play("chot", 2, 12)
    for rec, want in zip(m.history, plain, strict=True):
        assert rec.carry == want.carry
        if any(isinstance(v, tuple) and v and hasattr(v[0], "model_dump") for v in dict(want.carry).values()):
            assert rec.carry is want.carry         # (its finished bangkongs are the match's own objects)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_opened_save_packs_its_hands_from_their_texts_as_play_packs_them(game_id):
    # opening a long match packs each finished hand straight from the file's texts: the bytes are
    # those play made (logs compare by them), and no action is made of each move
    m, _, moves = play(game_id, 11, 3)
    if m.is_over():
        pytest.skip("the match ended before three hands")
    m.next_hand()
    texts = [[str(a) for a in hand] for hand in moves]
    for hand, hand_texts in zip(moves, texts, strict=True):
        assert compact.pack_texts(hand_texts) == pack_actions(hand)
    seats = [Seat.human("A")] + [Seat.bot("random", f"B{i}") for i in range(1, m.n_players)]
    doc = match_to_document(m, seats)
    compact._unpacked.cache_clear()
    back = document_to_match(doc)
    assert back.logs == m.logs and [back.logs[i] for i in range(3)] == moves
    assert all(isinstance(kept, bytes) for kept in back.logs._done)


def test_texts_that_are_not_an_actions_own_are_not_packed_from_the_texts():
    assert compact.pack_texts(["0 bet =3", "1 pass"]) == pack_actions([Action.parse("0 bet =3"),
                                                                        Action.parse("1 pass")])
    assert compact.pack_texts(["0 bet =3", "not a move at all ("]) is None     # does not read
    for written_otherwise in (" 0 bet =3", "0 bet =03"):          # reads, but is not the action's own text
        assert str(Action.parse(written_otherwise)) == "0 bet =3"
        assert compact.pack_texts(["0 bet =3", written_otherwise]) is None


@settings(max_examples=200, deadline=None)
@given(texts=st.lists(st.text(max_size=12) | st.sampled_from(['"', "\\", '", "', "\n", "ü", "0 play C1"]), max_size=8))
def test_a_hands_line_is_the_json_of_its_texts(texts):
    # the line is joined directly when nothing needs escaping: always what json.dumps writes
    assert compact._json_list(texts) == json.dumps(texts, ensure_ascii=False).encode()
