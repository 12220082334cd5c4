"""Ce Pe's rules as data: the effect of every card, the limit and the rest of a rule set (no Qt).

The source (``ce-pe.txt``) invites players to make their own effect tables, and its comments add
"Normal" 99, "Bloody" and the classic Ninety-Nine (RULINGS §6).  A rule set is therefore a value —
:class:`CePeOptions`, the game's options model, so a saved game keeps the exact rules it was
started with — and the four published ones are :data:`PRESETS`.  The rules engine (``rules.py``),
the window's words and the rule editor all read it through the functions here.

An :class:`Effect` says what playing a card does, in three independent parts:

* the **counter**: ``none`` (unchanged), ``add`` one of ``values`` (the player picks: an Ace's 1 or
  11), ``add_or_sub`` plus or minus one of ``values`` (a 10's ±10), or ``set`` it to one of
  ``values`` (a King's 100);
* an **action**: ``reverse`` the direction, ``skip`` the next player, ``choose_next`` (who moves
  next, oneself included), ``exchange`` (draw first, give a chosen card to a chosen player, take a
  random card from their shuffled hand), ``swap_hands`` with a chosen player, ``take_replacement``
  (the replacement is taken at random from a chosen player's hand, who does not replace it),
  ``kill`` (the source's own example, "Ace of Spades can be used to kill someone (make them lose one
  card)": a chosen player loses a card of their hand at random, turned face down in front of them —
  under lives that is a life lost, and with no card left they are out), or none;
* ``draw``: whether the player draws a replacement from the stock (``take_replacement`` replaces the
  stock draw; ``exchange`` draws first);
* ``always``: playable whatever the counter (the counter change is then capped at nothing: a card
  whose every outcome passes the limit is still played, and the counter is left where it was —
  **(house)**, the only reading under which "always playable" and "never above the limit" both hold).

A card is playable when it is ``always`` or some outcome of its counter part keeps the counter at
or below ``limit`` (the counter may go negative).  Effects are given per rank (``effects``, keys
``A 2 … 10 J Q K``) and may be overridden for one card (``card_effects``, keys Western card codes
such as ``AS``).
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from cekidesk.engine.cards import CardCodeError, WKind
from cekidesk.engine.game import RuleFileError, RuleSetFormat

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
COUNTER_OPS: tuple[str, ...] = ("none", "add", "add_or_sub", "set")
ACTIONS: tuple[str, ...] = ("none", "reverse", "skip", "choose_next", "exchange", "swap_hands",
                            "take_replacement", "kill")
#: the actions that name another player (``Action.target``); ``choose_next`` may name oneself
TARGETED: frozenset[str] = frozenset({"choose_next", "exchange", "swap_hands", "take_replacement", "kill"})
PENALTIES: tuple[str, ...] = ("lives", "tokens", "out")
MIN_PLAYERS, MAX_PLAYERS = 2, 8
#: the most a counter value or an effect's value may be (keeps hand-edited files sane)
BOUND = 10_000

CounterOp = Literal["none", "add", "add_or_sub", "set"]
ActionKind = Literal["none", "reverse", "skip", "choose_next", "exchange", "swap_hands", "take_replacement",
                     "kill"]
Penalty = Literal["lives", "tokens", "out"]


class Effect(BaseModel):
    """What playing a card does (see the module's docstring)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    counter: CounterOp = "none"
    values: tuple[int, ...] = Field((), max_length=4)
    action: ActionKind = "none"
    draw: bool = True
    always: bool = False

    @field_validator("values", mode="before")
    @classmethod
    def _values_from_json(cls, v: object) -> object:
        # JSON has no tuples: a saved game's options come back as lists (saves validate strictly)
        return tuple(v) if isinstance(v, list) else v

    @field_validator("values")
    @classmethod
    def _values_in_bounds(cls, v: tuple[int, ...]) -> tuple[int, ...]:
        if any(abs(x) > BOUND for x in v):
            raise ValueError(f"an effect's values lie between -{BOUND} and {BOUND}")
        return tuple(dict.fromkeys(v))     # each value once, in the given order

    def outcomes(self, counter: int) -> tuple[int, ...]:
        """Every counter this effect can leave, from ``counter`` (one per choice the player has)."""
        if self.counter == "none" or not self.values:
            return (counter,)
        if self.counter == "add":
            return tuple(counter + v for v in self.values)
        if self.counter == "add_or_sub":
            return tuple(dict.fromkeys(x for v in self.values for x in (counter + v, counter - v)))
        return tuple(self.values)

    def choices(self, counter: int, limit: int) -> tuple[int, ...]:
        """The outcomes the player may choose: those at or below ``limit``; an ``always`` card with
        none of them leaves the counter as it is (house)."""
        ok = tuple(x for x in self.outcomes(counter) if x <= limit)
        if not ok and self.always:
            return (counter,)
        return ok

    def playable(self, counter: int, limit: int) -> bool:
        return bool(self.choices(counter, limit))


def _e(counter: CounterOp = "none", *values: int, action: ActionKind = "none", draw: bool = True,
       always: bool = False) -> Effect:
    return Effect(counter=counter, values=values, action=action, draw=draw, always=always)


def _face_values(**special: Effect) -> dict[str, Effect]:
    """Every rank adds its face value (A 1, J 11, Q 12, K 13) unless ``special`` says otherwise
    (keys as :data:`RANKS`, with ``r10`` for "10" and ``a`` … ``k`` for the letters)."""
    out: dict[str, Effect] = {}
    for i, r in enumerate(RANKS, start=1):
        key = {"10": "r10"}.get(r, r.lower() if r.isalpha() else f"r{r}")
        out[r] = special.get(key, _e("add", i))
    return out


class CePeOptions(BaseModel):
    """A whole rule set of Ce Pe: the game's options (a save keeps them, so a game goes on under
    the rules it began with).  The defaults are the source's own game."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field("Ce Pe", min_length=1, max_length=40, title="ce-pe.option.name",
                      description="ce-pe.option.name.help")
    limit: int = Field(100, ge=-BOUND, le=BOUND, title="ce-pe.option.limit", description="ce-pe.option.limit.help")
    start: int = Field(0, ge=-BOUND, le=BOUND, title="ce-pe.option.start", description="ce-pe.option.start.help")
    hand_size: int = Field(4, ge=1, le=13, title="ce-pe.option.hand_size", description="ce-pe.option.hand_size.help")
    decks: int = Field(1, ge=1, le=4, title="ce-pe.option.decks", description="ce-pe.option.decks.help")
    #: what a player who cannot play loses: a card turned face down (``lives``: out with no cards
    #: left), a token (``tokens``: out with none left), or their place at once (``out``)
    penalty: Penalty = Field("lives", title="ce-pe.option.penalty", description="ce-pe.option.penalty.help")
    tokens: int = Field(3, ge=1, le=20, title="ce-pe.option.tokens", description="ce-pe.option.tokens.help",
                        json_schema_extra={"show_if": {"penalty": ["tokens"]}})
    #: after a loss (a token, or a player out) the hand ends and the next is dealt (Ninety-Nine);
    #: what is lost is then carried from hand to hand and the match goes on to the last player standing
    redeal_after_loss: bool = Field(False, title="ce-pe.option.redeal_after_loss",
                                    description="ce-pe.option.redeal_after_loss.help")
    #: a play that leaves the counter exactly here wins the hand at once (the source's "42"); None: off
    instant_win: int | None = Field(None, ge=-BOUND, le=BOUND, title="ce-pe.option.instant_win",
                                    description="ce-pe.option.instant_win.help")
    effects: dict[str, Effect] = Field(default_factory=lambda: dict(CE_PE_EFFECTS), title="ce-pe.option.effects",
                                       description="ce-pe.option.effects.help")
    card_effects: dict[str, Effect] = Field(default_factory=dict, max_length=52 * 4, title="ce-pe.option.card_effects",
                                            description="ce-pe.option.card_effects.help")

    @field_validator("effects")
    @classmethod
    def _every_rank(cls, v: dict[str, Effect]) -> dict[str, Effect]:
        if set(v) != set(RANKS):
            raise ValueError("effects need exactly the ranks A, 2 … 10, J, Q, K")
        return {r: v[r] for r in RANKS}

    @field_validator("card_effects")
    @classmethod
    def _card_codes(cls, v: dict[str, Effect]) -> dict[str, Effect]:
        out: dict[str, Effect] = {}
        for code, eff in v.items():
            try:
                kind = WKind.parse(code)
            except CardCodeError as e:
                raise ValueError(str(e)) from None
            out[kind.code] = eff
        return dict(sorted(out.items(), key=lambda kv: WKind.parse(kv[0]).number))

    @model_validator(mode="after")
    def _consistent(self) -> CePeOptions:
        # a rule set the game cannot be played under is refused with the first problem's code;
        # the rule editor shows every problem in words (:func:`problems`)
        found = problems(self)
        if found:
            raise UnplayableRules(found[0])
        return self

    def effect_of(self, kind: WKind) -> Effect:
        """The effect of a card face: its own (``card_effects``) or its rank's."""
        return self.card_effects.get(kind.code) or self.effects[RANKS[kind.rank - 1]]


#: the codes :func:`problems` may give
PROBLEM_CODES = frozenset({"start_over_limit", "no_values", "nothing_playable", "redeal_with_lives",
                           "instant_win_over_limit", "deck_too_small"})


@dataclass(frozen=True)
class Problem:
    """Why a rule set cannot be played: a code (the window words it) and its numbers."""

    code: str
    params: tuple[Any, ...] = ()


class UnplayableRules(ValueError):
    """What :class:`CePeOptions` raises for a rule set with a problem (``problem``: the first)."""

    def __init__(self, problem: Problem):
        super().__init__(f"{problem.code}: {problem.params}")
        self.problem = problem


class RuleFields(Protocol):
    """What :func:`problems` reads of a rule set: a :class:`CePeOptions`, or the rule editor's
    fields before one is built."""

    @property
    def effects(self) -> Mapping[str, Effect]: ...

    @property
    def card_effects(self) -> Mapping[str, Effect]: ...

    @property
    def limit(self) -> int: ...

    @property
    def start(self) -> int: ...

    @property
    def redeal_after_loss(self) -> bool: ...

    @property
    def penalty(self) -> str: ...

    @property
    def instant_win(self) -> int | None: ...

    @property
    def decks(self) -> int: ...

    @property
    def hand_size(self) -> int: ...


def problems(rules: RuleFields, n_players: int | None = None) -> list[Problem]:
    """Everything that makes ``rules`` unplayable (for ``n_players``, when given), in the order the
    editor lists them; [] for a good rule set.  ``rules`` is a :class:`CePeOptions` or anything with
    its attributes, :class:`RuleFields` (the editor checks its fields before building one).  Codes:

    * ``start_over_limit`` (start, limit): the counter would begin above the limit;
    * ``no_values`` (key): a counter change without a value (key: a rank or a card code);
    * ``nothing_playable`` (start, limit): no card can be played at the start — nobody could ever move;
    * ``redeal_with_lives``: a redeal after a loss loses face-down cards; use tokens or "out";
    * ``instant_win_over_limit`` (instant_win, limit): the instant win can never be reached;
    * ``deck_too_small`` (cards, needed): fewer cards than the deal needs (with ``n_players``, else
      with the most players, :data:`MAX_PLAYERS`).
    """
    out: list[Problem] = []
    effects: dict[str, Effect] = dict(rules.effects or {})
    card_effects: dict[str, Effect] = dict(rules.card_effects or {})
    limit, start = rules.limit, rules.start
    if start > limit:
        out.append(Problem("start_over_limit", (start, limit)))
    for key, eff in list(effects.items()) + list(card_effects.items()):
        if eff.counter != "none" and not eff.values:
            out.append(Problem("no_values", (key,)))
    faces = [k for k in _all_faces()]
    if start <= limit and not any(_effect_for(effects, card_effects, k).playable(start, limit) for k in faces
                                  if RANKS[k.rank - 1] in effects):
        out.append(Problem("nothing_playable", (start, limit)))
    if rules.redeal_after_loss and rules.penalty == "lives":
        out.append(Problem("redeal_with_lives"))
    if rules.instant_win is not None and rules.instant_win > limit:
        out.append(Problem("instant_win_over_limit", (rules.instant_win, limit)))
    players = n_players if n_players is not None else MAX_PLAYERS
    cards, needed = 52 * rules.decks, rules.hand_size * players + 1
    if cards < needed:
        out.append(Problem("deck_too_small", (cards, needed)))
    return out


def _all_faces() -> Iterable[WKind]:
    from cekidesk.engine.cards import ALL_WKINDS

    return ALL_WKINDS


def _effect_for(effects: dict[str, Effect], card_effects: dict[str, Effect], kind: WKind) -> Effect:
    return card_effects.get(kind.code) or effects[RANKS[kind.rank - 1]]


# ---------------------------------------------------------------------------------------------
# The published rule sets (RULINGS §6)

#: the source's table: A +1/+11; 2, 4, 6, 8, 9 +rank; 3 exchange; 5 choose; 7 reverse; 10 ±10;
#: J skip; Q ±20; K sets 100 (always playable)
CE_PE_EFFECTS: dict[str, Effect] = _face_values(
    a=_e("add", 1, 11), r3=_e(action="exchange"), r5=_e(action="choose_next"), r7=_e(action="reverse"),
    r10=_e("add_or_sub", 10), j=_e(action="skip"), q=_e("add_or_sub", 20), k=_e("set", 100, always=True))

#: "Normal" 99: 4 reverse, 5 choose, 10 ±10, J pass (+0), Q ±20, K sets 99, A♠ sets 0, others face value
NORMAL_99_EFFECTS: dict[str, Effect] = _face_values(
    r4=_e(action="reverse"), r5=_e(action="choose_next"), r10=_e("add_or_sub", 10), j=_e("add", 0),
    q=_e("add_or_sub", 20), k=_e("set", 99, always=True))

#: Bloody = Normal 99 plus 7 takes the replacement from another's hand (and adds its 7, house) and a
#: non-spade Ace swaps whole hands with no draw (and adds its 1, house)
_BLOODY_ACE = _e("add", 1, action="swap_hands", draw=False)

#: Ninety-Nine: A +1/+11, 4 reverse (+0), 9 +0, 10 −10, J and Q +10, K sets 99, others face value
NINETY_NINE_EFFECTS: dict[str, Effect] = _face_values(
    a=_e("add", 1, 11), r4=_e(action="reverse"), r9=_e("add", 0), r10=_e("add", -10), j=_e("add", 10), q=_e("add", 10),
    k=_e("set", 99, always=True))

#: (preset id, the options as a dict) — ``GameInfo.presets`` takes them with a names key in front
PRESETS: dict[str, dict[str, object]] = {
    "ce_pe": CePeOptions().model_dump(mode="json"),
    "normal_99": CePeOptions(name="Normal 99", limit=99, hand_size=5, penalty="out",
                             effects=NORMAL_99_EFFECTS, card_effects={"AS": _e("set", 0)}).model_dump(mode="json"),
    "bloody": CePeOptions(name="Bloody", limit=99, hand_size=5, penalty="out",
                          effects={**NORMAL_99_EFFECTS, "7": _e("add", 7, action="take_replacement", draw=False),
                                   "A": _BLOODY_ACE},
                          card_effects={"AS": _e("set", 0)}).model_dump(mode="json"),
    "ninety_nine": CePeOptions(name="Ninety-Nine", limit=99, hand_size=3, penalty="tokens", tokens=3,
                               redeal_after_loss=True, effects=NINETY_NINE_EFFECTS).model_dump(mode="json"),
}


# ---------------------------------------------------------------------------------------------
# A rule set as a small file (the rule editor's export and import, the simulator's ``--rules FILE``)

RULES_FORMAT = "cekidesk-ce-pe-rules"
#: the newest version read; a file is written as version 1 unless it needs 2 (an effect ``kill``,
#: issue 32), so that an older CekiDesk reads every file it can play and says "newer" of the others
RULES_VERSION = 2
#: a rule-set file is small: anything longer is refused unread
MAX_RULES_BYTES = 256 * 1024


def rules_to_json(rules: CePeOptions) -> str:
    """The text of a rule-set file: a small JSON object with its format, version and the rules."""
    return json.dumps({"format": RULES_FORMAT, "version": _version_needed(rules), "game": "ce-pe",
                       "rules": rules.model_dump(mode="json")}, ensure_ascii=False, indent=1) + "\n"


def _version_needed(rules: CePeOptions) -> int:
    """The oldest file version that holds ``rules``: 2 with a ``kill`` effect, else 1."""
    kills = any(e.action == "kill" for e in (*rules.effects.values(), *rules.card_effects.values()))
    return 2 if kills else 1


def rules_from_json(text: str | bytes) -> CePeOptions:
    """A rule set from a file's text; raises :class:`RuleFileError` for anything else."""
    if len(text) > MAX_RULES_BYTES:
        raise RuleFileError("too_big", len(text))
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        raise RuleFileError("not_json") from None
    if not isinstance(data, dict) or data.get("format") != RULES_FORMAT or not isinstance(data.get("rules"), dict):
        raise RuleFileError("not_rules")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RuleFileError("not_rules")
    if version > RULES_VERSION:
        raise RuleFileError("newer", version)
    try:
        return CePeOptions.model_validate(data["rules"])
    except ValidationError as e:
        first = e.errors()[0]
        cause = (first.get("ctx") or {}).get("error")
        if isinstance(cause, UnplayableRules):
            raise RuleFileError(cause.problem.code, cause.problem.params) from None
        raise RuleFileError("invalid", ".".join(str(x) for x in first.get("loc", ()))) from None


#: how Ce Pe's rule sets are written to files (``CePeGame.rule_set_format``)
RULE_SET_FORMAT: RuleSetFormat[CePeOptions] = RuleSetFormat(
    extension=".cepe.json", folder="rules", max_bytes=MAX_RULES_BYTES, read=rules_from_json, write=rules_to_json,
    name=lambda rules: rules.name)


def preset(preset_id: str) -> CePeOptions:
    """A published rule set by its id (``ce_pe``, ``normal_99``, ``bloody``, ``ninety_nine``)."""
    return CePeOptions.model_validate(PRESETS[preset_id])


__all__ = ["ACTIONS", "BOUND", "COUNTER_OPS", "MAX_PLAYERS", "MAX_RULES_BYTES", "MIN_PLAYERS", "PENALTIES",
           "PRESETS", "PROBLEM_CODES", "RANKS", "RULES_FORMAT", "RULES_VERSION", "RULE_SET_FORMAT", "TARGETED",
           "CePeOptions", "Effect", "Problem", "RuleFields", "RuleFileError", "UnplayableRules", "preset", "problems",
           "rules_from_json", "rules_to_json"]
