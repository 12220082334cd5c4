"""Scoring and settling a won hand of the Balik Satu family (no Qt).

The interface between the family's rules (``rules.py``, which calls :func:`score_win` when a hand is
won and puts :func:`score_details` into the result) and the match (which calls the game's settle,
:func:`settle` or :func:`settle_chot`: ``cekidesk.games.balik.BalikGame`` chooses, and says which
games carry a pot, tokens and an ending).  RULINGS §5; ``../shared/rules/sources/balik-satu.txt``.

How a win scores (item codes of the build-up in brackets; the items always add up to the total):

* **Balik Satu**: the winner turns one card; its Balik Satu value [``card``]; a turned WF / C1 / S1
  / M1 replays the hand (option ``replay_on_yu``; nothing is scored or paid).  *kena*: the turned card
  may take the place of a same-group card to make one more mata.  +1 per unmarked mata [``mata``],
  +2 per red mata (S9, RF, OT) [``red_mata``]; after a *ceki* call *ayam* (the winning card drawn by
  someone else) [``ayam``] or *kandang* (self-drawn) [``kandang``], 1/2, 5/10 or 10/20 (``call_bonus``);
  option ``tan_bonus`` (off: the source calls it superfluous): Pwee's +1 for a win after a *tan*
  call [``tan``] (a *ceki* call turned *tan* counts as *tan*).
* **Chaqui**: ``olo_points`` per olo [``olo``]; a win on a *chiqui* turns stock cards, up to 15,
  until one makes the pair an olo (then swapped in).
* **Balik Lima Belas**: the winner turns 15 and swaps same-group cards into matas; 1 for the win
  [``win``], +1 per mata [``mata``] (red no extra), *ayam* / *kandang* as Balik Satu.
* **Chot**: "played and scored as in Balik Lima Belas", *ayam* / *kandang* included, in tokens of ten
  after a *ceki* call (a win completing a mata), else of one (``Score.tokens``; :attr:`Score.points`):
  a *ceki* caller who draws the winning card takes (1 + matas + kandang) tokens of ten.
* **Gonggong** (``scoring``): *toh bayaran* (Yogyakarta's *bak-bakan*): 1 *metu* [``metu``], 2 *metu*
  with a red winning card [``metu_red``] or *rabas* [``rabas``], 3 *rabas* with a red winning card
  [``rabas_red``]; +1 per bak [``bak``], +2 per red bak [``red_bak``]; + the turned card's Javanese
  value [``card``].  *toh bayaran* drawing 14: steps 1–2, then the bak that the 14 turned cards and
  the hand less its winning card make [``turn_bak``, ``turn_red_bak``].  *undhuh-undhuhan* and
  *umbuk* pay from the pot; their score is the win alone (1 point: [``metu``] or [``rabas``]).
* **Tantanan / Cekèn**: *toh bayaran* with pairs: a bak is an identical pair.
* A dealt winning hand (*kandang tangan*) scores double [``double``, the amount added] without call
  bonus; in Gonggong, Tantanan and Cekèn it is a doubled *rabas*.

Swaps (*kena*, Balik Lima Belas, Chot, the chiqui turn): per group with ``t`` sets in the winning
hand and combined kind counts ``c`` (hand + turned), the most matas is ``min(t, Σ ⌊c_k / s⌋)``, made
with the fewest swaps (then the lower kinds first, so it is deterministic); a swap puts a turned card
in place of a same-group hand card that no mata keeps, non-red cards first.

Money (``Settlement`` item codes ``win``, ``ante``, ``pot``, ``ceken``, ``bangkong``, ``excess``):
everyone pays the winner total × stake; Gonggong's pot methods and Chot's *bangkong* as below.

Choices of the house (**(house)**, also on the help pages):

* With the stock shorter than the scoring needs, the winner turns what is left (none: no card value).
* A turned *yu* replays a dealt winning hand too.
* Chaqui's *chiqui*: the winning card completed a mixed set whose other two cards are an identical
  pair (read as: one more card of the pair instead of the winning card makes one more olo); no
  turned-card value; a dealt winning hand doubles.
* Gonggong: *rabas* is a win on one's own stock draw (or a dealt hand); a win on a discard or on a
  stock card another drew is *metu*; "with a red card" means the winning card is red-stamped.
  *undhuh* / *umbuk*: when the pot is empty every player first antes one stake [``ante``]; *undhuh*'s
  *metu* takes one stake (at most the pot), *umbuk*'s half the pot (rounded down to a cent), *rabas*
  the whole pot [``pot``]; a drawn hand leaves the pot (its antes still go into an empty one).  Their
  score, for the match's points, is 1 a win.  *ceken*: each loser pays the winner ``ceken_cents``
  every won hand [``ceken``], whatever the method.
* Chot: points count after the hand; when a seat holds 20 or more the bangkong ends: the sides pool
  their points, the larger side wins it and records its total and its excess; a tie records a tied
  bangkong and nobody pays.  Each bangkong is paid as it ends (which adds up to the source's
  difference at the end): the losing side pays ``bangkong_cents`` [``bangkong``] plus
  ``excess_cents`` per excess point [``excess``], each loser paying half to one winner (an odd cent
  from the first seat of the side).  The match's ``bangkong`` ending closes after the chosen number
  of bangkong; the side with more bangkong wins it, then the one with more excess points; a full tie
  names all four.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict

from cekidesk.engine.cards import ALL_KINDS, Counting, Kind
from cekidesk.engine.core import Data, HandResult, Settlement, SettlementItem
from cekidesk.engine.match import MatchEnding, MatchSoFar

from .options import BalikOptions, BalikRules, rules_of

#: the games that score with pairs (three pairs, one identical) rather than five sets of three
PAIR_GAMES = frozenset({"tantanan", "ceken"})
#: Gonggong's scoring methods that pay from a pot kept between hands
POT_METHODS = frozenset({"undhuh", "umbuk"})
#: a turned card of these kinds replays a Balik Satu hand (option ``replay_on_yu``)
REPLAY_KINDS = frozenset({Kind.WF, Kind.C1, Kind.S1, Kind.M1})
#: (ayam, kandang) per ``call_bonus`` option value
CALL_BONUS = {"1/2": (1, 2), "5/10": (5, 10), "10/20": (10, 20), "none": (0, 0)}
#: Chot's partnerships, partners opposite
CHOT_SIDES: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))
#: a seat holding this many points ends Chot's bangkong
BANGKONG_POINTS = 20


@dataclass(frozen=True)
class WinFacts:
    """What the rules know about a win, for scoring it."""

    game_id: str
    winner: int
    n_players: int
    hand: tuple[Kind, ...]        # the winning 15 (or 6) cards, the winning card included
    card: Kind | None             # the winning card (None: a dealt winning hand)
    how: str                      # "self" | "claim" | "take" | "dealt"
    drawn_by: int | None          # who drew the winning card from the stock (None: a discard / dealt)
    called_ceki: bool             # the winner's call was still *ceki* when they won
    exposed: tuple[Kind, ...] = ()
    called_tan: bool = False      # the winner's call was *tan* when they won


@dataclass(frozen=True)
class Score:
    """How a win scored: the cards turned from the stock, the swaps they allowed, the winner's sets
    after the swaps (matas first), the build-up ``items`` as (code, points), the ``total``, whether
    the hand is to be replayed, and (Chot) the size of the tokens taken ("one" / "ten")."""

    turned: tuple[Kind, ...]
    swaps: tuple[tuple[Kind, Kind], ...]
    sets: tuple[tuple[Kind, ...], ...]
    items: tuple[tuple[str, int], ...]
    total: int
    replay: bool = False
    tokens: str | None = None

    @property
    def points(self) -> int:
        """The winner's points for the match score: the total, ten times over in Chot's tens."""
        return self.total * (10 if self.tokens == "ten" else 1)


# ---------------------------------------------------------------------------------------------
# Groups and sets (pure functions over 30-int count vectors)

def set_size(game_id: str) -> int:
    """Cards in a set: 2 in Tantanan and Cekèn (pairs), else 3."""
    return 2 if game_id in PAIR_GAMES else 3


def group_table(game_id: str, yu_one_rank: bool) -> tuple[int, ...]:
    """Each kind's group for making sets: suited cards by pip rank (group rank − 1); the *yu* class
    WF RF OT C1 S1 M1 is group 0 — unless ``yu_one_rank`` is off, when WF, RF and OT are each a
    group of their own (9, 10, 11).  Tantanan and Cekèn always put every honour in group 0."""
    apart = game_id not in PAIR_GAMES and not yu_one_rank
    return tuple(9 + k - Kind.WF if apart and k.is_honour else max(k.pips, 1) - 1 for k in ALL_KINDS)


def groups(game_id: str, options: BalikOptions | None = None) -> tuple[int, ...]:
    """:func:`group_table` under the table's ``options`` (None: the defaults)."""
    return group_table(game_id, game_id in PAIR_GAMES or options is None or rules_of(options).yu_one_rank)


def _groups(game_id: str, rules: BalikRules) -> tuple[int, ...]:
    return group_table(game_id, rules.yu_one_rank)


def counts_of(kinds: Sequence[Kind]) -> list[int]:
    """The 30-int count vector of ``kinds``."""
    out = [0] * 30
    for k in kinds:
        out[k] += 1
    return out


def _mata_slots(hand: list[int], extra: list[int], members: list[int], s: int) -> list[tuple[int, int, int]]:
    """Every mata one group could hold, as (swaps it needs, j, kind), fewest swaps first: the j-th
    mata of a kind needs ``s·j`` of its cards, those beyond the hand's own come from ``extra``."""
    return sorted((max(0, min(s, s * j - hand[k])), j, k)
                  for k in members for j in range(1, (hand[k] + extra[k]) // s + 1))


def best_sets(hand: list[int], extra: list[int], group_of: Sequence[int], s: int
              ) -> tuple[tuple[tuple[Kind, Kind], ...], tuple[tuple[Kind, ...], ...]]:
    """The swaps (out, in) that give the winning ``hand`` the most matas with the cards of ``extra``
    (turned from the stock), with the fewest swaps, and the hand's sets after them: matas first,
    then the mixed sets group by group.  ``hand`` must be winning (every group a multiple of ``s``).

    Most matas is also most points: a red mata is worth more only in Balik Satu, whose one turned
    card can make a mata of its own kind alone, so no two new matas ever compete for a set."""
    members: dict[int, list[int]] = {}
    for k in range(30):
        if hand[k] or extra[k]:
            members.setdefault(group_of[k], []).append(k)
    swaps: list[tuple[Kind, Kind]] = []
    matas: list[tuple[Kind, ...]] = []
    mixed: list[tuple[Kind, ...]] = []
    for g in sorted(members):
        t = sum(hand[k] for k in members[g]) // s
        chosen = [0] * 30
        for _swaps, _j, k in _mata_slots(hand, extra, members[g], s)[:t]:
            chosen[k] += 1
        ins = [Kind(k) for k in members[g] for _ in range(max(0, s * chosen[k] - hand[k]))]
        spare = sorted((Kind(k) for k in members[g] for _ in range(max(0, hand[k] - s * chosen[k]))),
                       key=lambda k: (k.red_stamp, k))
        swaps += zip(spare[:len(ins)], ins, strict=True)
        matas += [(Kind(k),) * s for k in members[g] for _ in range(chosen[k])]
        rest = sorted(spare[len(ins):])
        mixed += [tuple(rest[i:i + s]) for i in range(0, len(rest), s)]
    return tuple(swaps), tuple(matas + mixed)


def _is_mata(cards: tuple[Kind, ...]) -> bool:
    return len(set(cards)) == 1


# ---------------------------------------------------------------------------------------------
# Scoring a win

def score_win(facts: WinFacts, options: BalikOptions, stock: Sequence[Kind]) -> Score:
    """Score a win; ``stock`` is what is left of the stock, top card first (the cards the scoring
    turns are taken from its front).  Pure and deterministic."""
    return _SCORERS[facts.game_id](facts, rules_of(options), stock)


def _score_balik_satu(facts: WinFacts, rules: BalikRules, stock: Sequence[Kind]) -> Score:
    turned = tuple(stock[:1])
    hand = counts_of(facts.hand)
    if turned and rules.replay_on_yu and turned[0] in REPLAY_KINDS:
        _none, sets = best_sets(hand, [0] * 30, _groups(facts.game_id, rules), 3)
        return Score(turned, (), sets, (), 0, replay=True)
    swaps, sets = best_sets(hand, counts_of(turned), _groups(facts.game_id, rules), 3)
    items = [("card", turned[0].value_in(Counting.BALIK_SATU))] if turned else []
    items += _mata_items(sets, red_extra=True)
    items += _call_items(facts, rules)
    if rules.tan_bonus and facts.called_tan and facts.how in ("claim", "self"):
        items.append(("tan", 1))
    return _finish(facts, turned, swaps, sets, items)


def _score_fifteen(facts: WinFacts, rules: BalikRules, stock: Sequence[Kind]) -> Score:
    """Balik Lima Belas and Chot: 15 turned, swaps into matas, 1 + 1 per mata."""
    turned = tuple(stock[:15])
    swaps, sets = best_sets(counts_of(facts.hand), counts_of(turned), _groups(facts.game_id, rules), 3)
    items = [("win", 1), *_mata_items(sets, red_extra=False), *_call_items(facts, rules)]
    tokens = ("ten" if facts.called_ceki else "one") if facts.game_id == "chot" else None
    return _finish(facts, turned, swaps, sets, items, tokens=tokens)


def _score_chaqui(facts: WinFacts, rules: BalikRules, stock: Sequence[Kind]) -> Score:
    group_of = _groups(facts.game_id, rules)
    hand = counts_of(facts.hand)
    pairs = _chiqui_pairs(hand, facts.card, group_of)
    turned: tuple[Kind, ...] = ()
    if pairs:
        hit = next((i for i, k in enumerate(stock[:15]) if k in pairs), None)
        turned = tuple(stock[:15] if hit is None else stock[:hit + 1])
    found = counts_of(turned[-1:]) if turned and turned[-1] in pairs else [0] * 30
    swaps, sets = best_sets(hand, found, group_of, 3)
    olos = sum(1 for st in sets if _is_mata(st))
    return _finish(facts, turned, swaps, sets, [("olo", rules.olo_points * olos)])


def _chiqui_pairs(hand: list[int], card: Kind | None, group_of: Sequence[int]) -> frozenset[Kind]:
    """The kinds of the identical pairs the winning card completed a set with (house reading of a
    win on a *chiqui*): one more card of the pair in place of the winning card makes one more olo.
    (A winning hand holds Σ ⌊c_k / 3⌋ olos, and the swap keeps it winning.)"""
    if card is None:
        return frozenset()
    lost = hand[card] % 3 == 0   # the winning card's own olo would break
    return frozenset(k for k in ALL_KINDS if k != card and group_of[k] == group_of[card]
                     and hand[k] % 3 == 2 and not lost)


def _score_toh(facts: WinFacts, rules: BalikRules, stock: Sequence[Kind]) -> Score:
    """Gonggong's *toh bayaran* (also Tantanan's and Cekèn's, with pairs) and its pot methods."""
    s = set_size(facts.game_id)
    method = rules.scoring
    rabas = facts.how in ("self", "dealt")
    red = facts.card is not None and facts.card.red_stamp
    group_of = _groups(facts.game_id, rules)
    hand = counts_of(facts.hand)
    _none, sets = best_sets(hand, [0] * 30, group_of, s)
    if method in POT_METHODS:
        return Score((), (), sets, (("rabas" if rabas else "metu", 1),), 1)
    items = [_win_kind(rabas, red), *_bak_items(sets, "")]
    turned = tuple(stock[:14 if method == "toh_bayaran_14" else 1])
    if method == "toh_bayaran_14":
        if facts.card is not None:
            hand[facts.card] -= 1
        pool = [h + t for h, t in zip(hand, counts_of(turned), strict=True)]
        items += _bak_items([(Kind(k),) * s for k in range(30) for _ in range(pool[k] // s)], "turn_")
    elif turned:
        items.append(("card", turned[0].value_in(Counting.JAVANESE)))
    return _finish(facts, turned, (), sets, items)


def _win_kind(rabas: bool, red: bool) -> tuple[str, int]:
    """Step 1 of *toh bayaran*: 1 metu, 2 metu with a red card or rabas, 3 rabas with a red card."""
    code = ("rabas" if rabas else "metu") + ("_red" if red else "")
    return code, 1 + rabas + red


def _bak_items(sets: Sequence[tuple[Kind, ...]], prefix: str) -> list[tuple[str, int]]:
    plain = sum(1 for st in sets if _is_mata(st) and not st[0].red_stamp)
    red = sum(1 for st in sets if _is_mata(st) and st[0].red_stamp)
    return [(code, n) for code, n in ((prefix + "bak", plain), (prefix + "red_bak", 2 * red)) if n]


def _mata_items(sets: Sequence[tuple[Kind, ...]], *, red_extra: bool) -> list[tuple[str, int]]:
    """+1 per mata (red ones +2 where ``red_extra``)."""
    if not red_extra:
        n = sum(1 for st in sets if _is_mata(st))
        return [("mata", n)] if n else []
    return [("mata" if code == "bak" else "red_mata", n) for code, n in _bak_items(sets, "")]


def _call_items(facts: WinFacts, rules: BalikRules) -> list[tuple[str, int]]:
    """*ayam* / *kandang* after a *ceki* call (never for a dealt hand)."""
    if not facts.called_ceki or facts.how not in ("claim", "self") or rules.call_bonus == "none":
        return []      # ("none": Chot as CekiDesk scored it before issue 32, for the matches saved then)
    ayam, kandang = CALL_BONUS[rules.call_bonus or "1/2"]
    return [("ayam", ayam)] if facts.how == "claim" else [("kandang", kandang)]


def _finish(facts: WinFacts, turned: tuple[Kind, ...], swaps, sets, items: list[tuple[str, int]],
            tokens: str | None = None) -> Score:
    """The Score, doubled for a dealt winning hand."""
    total = sum(p for _code, p in items)
    if facts.how == "dealt":
        items.append(("double", total))
        total *= 2
    return Score(turned, tuple(swaps), tuple(sets), tuple(items), total, tokens=tokens)


_SCORERS: dict[str, Callable[[WinFacts, BalikRules, Sequence[Kind]], Score]] = {
    "balik-satu": _score_balik_satu,
    "chaqui": _score_chaqui,
    "balik-lima-belas": _score_fifteen,
    "chot": _score_fifteen,
    "gonggong": _score_toh,
    "tantanan": _score_toh,
    "ceken": _score_toh,
}


def score_details(score: Score) -> Data:
    """The result's details that come from the score (codes and numbers): ``sets``, ``turned``,
    ``swaps``, ``score`` (the build-up), ``total``, ``replay``, ``tokens``."""
    return {
        "sets": [[k.code for k in st] for st in score.sets],
        "turned": [k.code for k in score.turned],
        "swaps": [[out.code, into.code] for out, into in score.swaps],
        "score": [[code, p] for code, p in score.items],
        "total": score.total,
        "replay": score.replay,
        "tokens": score.tokens,
    }


# ---------------------------------------------------------------------------------------------
# What a match carries: Chot's tokens and bangkong, Gonggong's pot

class BangkongRecord(BaseModel):
    """One finished bangkong: the index in :data:`CHOT_SIDES` of the side that won it (None: tied),
    its pooled points and its excess over the other side."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    side: int | None
    total: int
    excess: int


class BalikCarry(BaseModel):
    """What a match of the family carries from hand to hand (frozen, JSON-safe).

    ``ones`` / ``tens``: Chot's tokens each seat has taken in the bangkong under way; ``record``:
    the finished bangkong; ``pot``: the cents in the middle (a copy of the match's pot, so that the
    views can show it).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    ones: tuple[int, ...] = ()
    tens: tuple[int, ...] = ()
    record: tuple[BangkongRecord, ...] = ()
    pot: int = 0

    def points(self) -> tuple[int, ...]:
        """Each seat's points in the bangkong under way."""
        return tuple(o + 10 * t for o, t in zip(self.ones, self.tens, strict=True))


def initial_carry(n_players: int, options: BalikOptions | None = None) -> BalikCarry:
    """Chot's first carry: no tokens, no bangkong."""
    return BalikCarry(ones=(0,) * n_players, tens=(0,) * n_players)


def pot_carry(n_players: int, options: BalikOptions | None = None) -> BalikCarry:
    """Gonggong's first carry: an empty pot (and no tokens: the game has none)."""
    return BalikCarry()


@dataclass(frozen=True)
class CarryView:
    """What the table shows of the carry: each seat's tokens (one / ten) and points, each side's
    pooled points (Chot), the finished bangkong as (side or None, total, excess), the pot."""

    ones: tuple[int, ...]
    tens: tuple[int, ...]
    points: tuple[int, ...]
    side_points: tuple[int, ...]
    record: tuple[tuple[int | None, int, int], ...]
    pot: int


def carry_view(carry: BalikCarry | None) -> CarryView | None:
    """The table's part of ``carry`` (None: the game carries nothing; no tokens, points nor sides
    but in Chot)."""
    if carry is None:
        return None
    points = carry.points()
    sides = tuple(sum(points[p] for p in side) for side in CHOT_SIDES) if points else ()
    return CarryView(carry.ones, carry.tens, points, sides,
                     tuple((r.side, r.total, r.excess) for r in carry.record), carry.pot)


# ---------------------------------------------------------------------------------------------
# Settling

def _winner(result: HandResult) -> int | None:
    """The seat that is paid, or None for a drawn or replayed hand."""
    d = result.details
    if not result.winners or d.get("replay") or d.get("winner") is None:
        return None
    return int(d["winner"])


def settle(result: HandResult, options: BalikOptions, stake_cents: int = 0, *, pot: int = 0,
           carry: BalikCarry | None = None) -> Settlement:
    """Every game but Chot: everyone pays the winner total × stake [``win``] — or, in Gonggong's
    *undhuh* / *umbuk*, the pot pays [``ante``, ``pot``] —, and the *ceken* side bet [``ceken``]."""
    n = len(result.points)
    items: list[SettlementItem] = []
    rules = rules_of(options)
    pot_method = rules.scoring in POT_METHODS
    if pot_method and pot == 0:
        items += [("ante", p, None, stake_cents) for p in range(n)]
    middle = pot + sum(c for _code, _payer, _payee, c in items)
    w = _winner(result)
    if w is not None:
        losers = [p for p in range(n) if p != w]
        if pot_method:
            items.append(("pot", None, w, _pot_share(result, rules, stake_cents, middle)))
        else:
            items += [("win", p, w, int(result.details["total"]) * stake_cents) for p in losers]
        items += [("ceken", p, w, rules.ceken_cents) for p in losers]
    out = Settlement.from_items(n, pot, tuple(i for i in items if i[3]))
    after = carry.model_copy(update={"pot": out.pot}) if carry is not None else None
    return Settlement(out.payments, out.pot, out.items, after)


def _pot_share(result: HandResult, rules: BalikRules, stake_cents: int, pot: int) -> int:
    """What the winner takes from the pot: *rabas* all of it; *metu* one stake (*undhuh*) or half
    the pot (*umbuk*)."""
    if result.details.get("how") in ("self", "dealt"):
        return pot
    return pot // 2 if rules.scoring == "umbuk" else min(stake_cents, pot)


def settle_chot(result: HandResult, options: BalikOptions, stake_cents: int = 0, *, pot: int = 0,
                carry: BalikCarry | None = None) -> Settlement:
    """Chot: the winner takes their tokens; a seat at 20 points or more ends the bangkong, which is
    recorded and paid at once [``bangkong``, ``excess``]; the match's stake is not used."""
    n = len(result.points)
    carry = carry or initial_carry(n)
    ones, tens = list(carry.ones), list(carry.tens)
    w = _winner(result)
    if w is not None:
        (tens if result.details.get("tokens") == "ten" else ones)[w] += int(result.details["total"])
    carry = carry.model_copy(update={"ones": tuple(ones), "tens": tuple(tens)})
    items: list[SettlementItem] = []
    if max(carry.points()) >= BANGKONG_POINTS:
        record = _bangkong(carry.points())
        if record.side is not None:
            items += _side_pays(record.side, "bangkong", rules_of(options).bangkong_cents)
            items += _side_pays(record.side, "excess", rules_of(options).excess_cents * record.excess)
        carry = BalikCarry(ones=(0,) * n, tens=(0,) * n, record=carry.record + (record,))
    out = Settlement.from_items(n, pot, tuple(i for i in items if i[3]))
    return Settlement(out.payments, out.pot, out.items, carry)


def _bangkong(points: tuple[int, ...]) -> BangkongRecord:
    """The sides pool their points; the larger wins the bangkong and records its excess."""
    a, b = (sum(points[p] for p in side) for side in CHOT_SIDES)
    if a == b:
        return BangkongRecord(side=None, total=a, excess=0)
    return BangkongRecord(side=0 if a > b else 1, total=max(a, b), excess=abs(a - b))


def _side_pays(winning_side: int, code: str, cents: int) -> list[SettlementItem]:
    """The losing side pays ``cents`` to the winning side: each loser half, to one winner each
    (an odd cent from the side's first seat)."""
    winners, losers = CHOT_SIDES[winning_side], CHOT_SIDES[1 - winning_side]
    halves = (cents - cents // 2, cents // 2)
    return [(code, lo, wi, c) for lo, wi, c in zip(losers, winners, halves, strict=True)]


def bangkong_ending(match: MatchSoFar) -> tuple[int, ...] | None:
    """Chot's match ending: after ``limit`` bangkong, the side with more bangkong wins, then the
    one with more excess points; a full tie names all four seats."""
    carry = match.carry
    assert isinstance(carry, BalikCarry), "Chot's match carries its bangkong"
    record = carry.record
    if len(record) < (match.match_options.limit or 0):
        return None
    won = [sum(1 for r in record if r.side == i) for i in range(2)]
    excess = [sum(r.excess for r in record if r.side == i) for i in range(2)]
    if (won[0], excess[0]) == (won[1], excess[1]):
        return tuple(sorted(CHOT_SIDES[0] + CHOT_SIDES[1]))
    return CHOT_SIDES[0 if (won[0], excess[0]) > (won[1], excess[1]) else 1]


BANGKONG_ENDING = MatchEnding("bangkong", "ending.bangkong", bangkong_ending, limit_default=3)
