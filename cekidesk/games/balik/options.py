"""The table's choices of the Balik Satu family: one options model per game (each offers only its
own choices, and a save holds only those), all deriving from :class:`BalikOptions`, whose
:attr:`~BalikOptions.rules` reads every choice of the family, typed, with the value a game without
that choice plays by (:class:`BalikRules`).  The rules, the scoring and the bots read
``options.rules.<choice>``, never the models' own fields.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

DeckColumn = Literal["babas", "pwee", "amaro"]
CallBonus = Literal["1/2", "5/10", "10/20"]
#: Chot's choices: "none" is the scoring of CekiDesk before issue 32 (no *ayam* / *kandang*), kept for the
#: matches saved then (:meth:`BalikGame.upgrade_saved`); New Game does not offer it
ChotCallBonus = Literal["none", "1/2", "5/10", "10/20"]
Scoring = Literal["toh_bayaran", "toh_bayaran_14", "undhuh", "umbuk"]


@dataclass(frozen=True)
class BalikRules:
    """Every choice of the family's games, with the value a game that does not offer it plays by."""

    deck_column: DeckColumn = "babas"
    yu_one_rank: bool = True
    replay_on_yu: bool = True
    call_bonus: ChotCallBonus | None = None
    tan_bonus: bool = False
    olo_points: int = 0
    bangkong_cents: int = 0
    excess_cents: int = 0
    deck: Literal["packs", "sets"] = "packs"
    scoring: Scoring = "toh_bayaran"
    ceken_cents: int = 0
    revealed_card_can_be_let_go: bool = False


_RULE_NAMES = frozenset(f.name for f in fields(BalikRules))


def _read(choices: object) -> BalikRules:
    return BalikRules(**{k: v for k, v in vars(choices).items() if k in _RULE_NAMES})


_cached_read = lru_cache(maxsize=256)(_read)


def rules_of(options: BaseModel) -> BalikRules:
    """Every choice of the family in ``options`` (:attr:`BalikOptions.rules`), typed: the window reads
    a match's options with it (``rules_of(match.options).olo_points``); an object that only carries
    the choices as its attributes (a test's) reads the same way."""
    return _cached_read(options) if isinstance(options, BalikOptions) else _read(options)


T = TypeVar("T")


def _option(default: T, name: str, ge: int | None = None, le: int | None = None,
            legacy: bool = False, legacy_values: tuple[str, ...] = ()) -> T:
    """A choice of the table (``legacy``: one kept only for matches saved before a rule changed, which
    New Game does not offer; ``legacy_values``: such values of a choice)."""
    extra: dict[str, object] = {"legacy": True} if legacy else {}
    if legacy_values:
        extra["legacy_values"] = list(legacy_values)
    info: T = Field(default, title=f"balik.option.{name}", description=f"balik.option.{name}.help", ge=ge, le=le,
                    json_schema_extra=extra or None)  # type: ignore[arg-type]
    return info


class BalikOptions(BaseModel):
    """The base of the family's options models (one key set for the seven games:
    ``balik.option.<name>``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    #: the rule of CekiDesk before issue 32: a caller may let a winning revealed stock card go (a
    #: ``pass``).  Set only for a match saved then (:meth:`BalikGame.upgrade_saved`), so that it replays
    #: as it was played; the source's rule ("the calling player takes it") is the default
    revealed_card_can_be_let_go: bool = _option(False, "revealed_card_can_be_let_go", legacy=True)

    @property
    def rules(self) -> BalikRules:
        """Every choice of the family, typed: this game's as set, the others' as played without."""
        return rules_of(self)


class BalikSatuOptions(BalikOptions):
    """The table's choices for Balik Satu."""

    deck_column: DeckColumn = _option("babas", "deck_column")
    yu_one_rank: bool = _option(True, "yu_one_rank")
    replay_on_yu: bool = _option(True, "replay_on_yu")
    call_bonus: CallBonus = _option("1/2", "call_bonus")
    #: Pwee's +1 for a win after a *tan* call, which the source calls superfluous (off by default)
    tan_bonus: bool = _option(False, "tan_bonus")


class ChaquiOptions(BalikOptions):
    """The table's choices for Chaqui (**(house)**: 5 points per *olo* by default)."""

    deck_column: DeckColumn = _option("babas", "deck_column")
    yu_one_rank: bool = _option(True, "yu_one_rank")
    olo_points: int = _option(5, "olo_points", ge=1, le=1000)


class BalikLimaBelasOptions(BalikOptions):
    """The table's choices for Balik Lima Belas."""

    deck_column: DeckColumn = _option("babas", "deck_column")
    yu_one_rank: bool = _option(True, "yu_one_rank")
    call_bonus: CallBonus = _option("1/2", "call_bonus")


class ChotOptions(BalikOptions):
    """The table's choices for Chot: the *ayam* / *kandang* bonus (scored as in Balik Lima Belas), what
    a lost *bangkong* and each excess point cost."""

    yu_one_rank: bool = _option(True, "yu_one_rank")
    call_bonus: ChotCallBonus = _option("1/2", "call_bonus", legacy_values=("none",))
    bangkong_cents: int = _option(2000, "bangkong_cents", ge=0, le=1_000_000)
    excess_cents: int = _option(10, "excess_cents", ge=0, le=1_000_000)


class GonggongOptions(BalikOptions):
    """The table's choices for Gonggong: the deck (the source's sets of 30 — 180 cards for four, 240
    for six —, or the larger deal in packs of 60, which was the default before issue 32: a save
    records its options, so a game saved with it replays with it), the scoring method and the *ceken*
    side bet (0 = off)."""

    deck: Literal["packs", "sets"] = _option("sets", "deck")
    yu_one_rank: bool = _option(True, "yu_one_rank")
    scoring: Scoring = _option("toh_bayaran", "scoring")
    ceken_cents: int = _option(0, "ceken_cents", ge=0, le=1_000_000)


class TantananOptions(BalikOptions):
    """Tantanan and Cekèn have no choices (all honours are rank 1; *toh bayaran* scoring)."""


#: each game's options model
OPTIONS: dict[str, type[BalikOptions]] = {
    "balik-satu": BalikSatuOptions, "chaqui": ChaquiOptions, "balik-lima-belas": BalikLimaBelasOptions,
    "chot": ChotOptions, "gonggong": GonggongOptions, "tantanan": TantananOptions, "ceken": TantananOptions,
}

__all__ = ["OPTIONS", "BalikLimaBelasOptions", "BalikOptions", "BalikRules", "BalikSatuOptions", "CallBonus",
           "ChaquiOptions", "ChotCallBonus", "ChotOptions", "DeckColumn", "GonggongOptions", "Scoring",
           "TantananOptions", "rules_of"]
