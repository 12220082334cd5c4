"""The game seam: what a game is (:class:`GameInfo`) and what it does (:class:`Game`), no Qt, no game.

A game is a subclass of :class:`Game` (as python-chess declares a variant): it names its options
model and its state class, says what it is in a small frozen :class:`GameInfo` (as OpenSpiel's
``GameInfo``), and overrides the methods whose default does not fit it.  Every method has one
signature, whatever the game: the match calls ``new_hand(options, n_players, seed, dealer, carry)``
and ``settle(result, options, stake_cents, pot, carry)`` for every game, so mypy checks every call and
no call depends on a flag.  The registry (:mod:`cekidesk.games`) holds one instance per game id.
"""
from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Literal, Self, TypeVar

from pydantic import BaseModel, JsonValue, ValidationError

from .bot import Bot
from .protocol import GameState, HandResult, OptionsError, Settlement, View
from .records import GENERIC_MODES, MatchEnding
from .search import SearchHooks
from .stats import SimSummary, outcome_lines

#: a game's options (its pydantic model), its state class and what its match carries between hands
OptionsT = TypeVar("OptionsT", bound=BaseModel)
StateT = TypeVar("StateT", bound=GameState[Any])
CarryT = TypeVar("CarryT")

#: what ``settle`` answers: cents per seat (summing to zero) or a :class:`Settlement`
Payout = tuple[int, ...] | Settlement

#: the cards a game is played with, for their pictures, shape and back
CardFamily = Literal["ceki", "western"]

#: a preset: (names key of its title, the options it sets as a dict)
Preset = tuple[str, dict[str, object]]


@dataclass(frozen=True)
class GameInfo:
    """What a game is, as data: what the New Game dialog, the statistics and the saves read before
    anything is dealt.

    ``title_key`` is the names key of its title (``<title_key>.blurb`` its line in the dialog);
    ``match_modes`` the generic end conditions it offers (see :mod:`cekidesk.engine.match`; its own
    are ``Game.match_endings``); ``carries_pot``: the match keeps a pot between hands (the window's
    end of a hand speaks of it); ``stake_per_point`` False: the game's amounts are in its own
    options, so the match's stake per point is not used (the New Game dialog hides it);
    ``win_kinds`` every code ``Game.win_kind`` may return, in the order the statistics show them;
    ``presets`` named option sets the New Game dialog offers and the conformance suite plays.
    """

    id: str
    title_key: str
    min_players: int
    max_players: int
    default_players: int = 4
    card_family: CardFamily = "ceki"
    match_modes: tuple[str, ...] = GENERIC_MODES
    carries_pot: bool = False
    stake_per_point: bool = True
    win_kinds: tuple[str, ...] = ()
    presets: tuple[Preset, ...] = ()


class RuleFileError(ValueError):
    """A rule-set file that cannot be used.  ``code``: ``too_big``, ``not_a_file``, ``unreadable``,
    ``not_json``, ``not_rules`` (another kind of file), ``newer`` (a later version of CekiDesk wrote
    it), ``invalid`` (its rules break a bound: ``detail`` says which field), or a game's own code
    (Ce Pe's ``Problem`` codes; ``detail``: its params)."""

    def __init__(self, code: str, detail: object = None):
        super().__init__(f"{code}: {detail}" if detail is not None else code)
        self.code = code
        self.detail = detail


@dataclass(frozen=True)
class RuleSetFormat(Generic[OptionsT]):
    """How a game's rule sets are written to files (a game that has them returns this from
    :meth:`Game.rule_set_format`; :mod:`cekidesk.persistence.rulesets` keeps the player's).

    ``read(text)`` gives the options of a file's text or raises :class:`RuleFileError`;
    ``write(options)`` the text of a file; ``name(options)`` what the player calls the set;
    ``extension`` the files' ending, ``folder`` the folder under the user data folder,
    ``max_bytes`` the longest file read.
    """

    extension: str
    folder: str
    max_bytes: int
    read: Callable[[str | bytes], OptionsT]
    write: Callable[[OptionsT], str]
    name: Callable[[OptionsT], str]


class Game(Generic[OptionsT, StateT, CarryT]):
    """A game: its :class:`GameInfo`, its types and the methods the match, the simulator, the bots
    and the save files call.  ``OptionsT`` is its options model, ``StateT`` its state class,
    ``CarryT`` what its match carries between hands (None for a game that carries nothing).

    A subclass sets :attr:`info`, :attr:`options_model`, :attr:`state_type` and :attr:`view_type`,
    implements :meth:`new_hand` and overrides any other method whose default does not fit.  The
    match calls every method with all its arguments.
    """

    info: GameInfo
    options_model: type[OptionsT]
    state_type: type[StateT]
    #: the view class of its states (bots check what they are given against it)
    view_type: type[View] = View
    #: the game's own computer players (``cekidesk.engine.bot.Bot`` subclasses, one per level)
    bots: tuple[type[Bot[Any]], ...] = ()
    #: what the generic searching players need of the game (a playout policy …; see
    #: :class:`cekidesk.engine.search.SearchHooks`); None: the game offers no Hard or Expert level
    search: SearchHooks | None = None
    #: match endings the game defines beside the generic ``info.match_modes`` (last player
    #: standing, a number of bangkong …)
    match_endings: tuple[MatchEnding, ...] = ()

    # -- what a game must say ----------------------------------------------------------------------
    def new_hand(self, options: OptionsT, n_players: int, seed: int, dealer: int = 0,
                 carry: CarryT | None = None) -> StateT:
        """A hand's state as it is dealt by ``dealer`` from ``seed``, given what the match carries
        (``carry``: the match always passes it; None is the carry a match starts with)."""
        raise NotImplementedError

    # -- what a game may change ----------------------------------------------------------------
    def settle(self, result: HandResult, options: OptionsT, stake_cents: int = 0, pot: int = 0,
               carry: CarryT | None = None) -> Payout:
        """Cents per seat for a finished hand (summing to zero with the pot's change), or a
        :class:`Settlement` with the pot after the hand (``info.carries_pot``: ``pot`` is the pot
        before it) and the carry after it.  Default: nobody pays."""
        return (0,) * len(result.points)

    def next_dealer(self, result: HandResult, dealer: int, n_players: int) -> int:
        """Who deals the next hand.  Default: the next seat."""
        return (dealer + 1) % n_players

    def max_hand_actions(self, n_players: int, options: OptionsT) -> int | None:
        """The most actions a legal hand can have (a saved hand that is longer is damaged; the
        simulator stops such a hand); None: the rules set no bound (the default)."""
        return None

    def initial_carry(self, n_players: int, options: OptionsT) -> CarryT | None:
        """What a match starts carrying (frozen and JSON-safe: see
        :func:`cekidesk.engine.match.check_carry`).  Default: nothing (None)."""
        return None

    def first_deal_carry(self, carry: CarryT | None) -> CarryT | None:
        """The carry of the first hand of a match that plays a later hand of another again
        (``Match.first_deal``), from :meth:`initial_carry`'s: a game whose first hand is dealt unlike
        the others (Kartu Lima cuts for the dealer) deals it as a later one.  Default: unchanged."""
        return carry

    def out_seats(self, carry: CarryT | None) -> tuple[int, ...]:
        """The seats out of the match (lives gone …), given the carry.  Default: none."""
        return ()

    def sides(self, n_players: int, options: OptionsT) -> tuple[tuple[int, ...], ...] | None:
        """The partnerships: seats that win and lose together.  Default: None (everyone alone)."""
        return None

    def win_kind(self, result: HandResult, seat: int) -> str | None:
        """How ``seat`` fared in a finished hand, as one of ``info.win_kinds`` (a code, never
        words); None: nothing to count for that seat.  Default: None."""
        return None

    def statistics(self, summary: SimSummary) -> list[str]:
        """The game's lines of the simulator's report.  Default: hands won and drawn."""
        return outcome_lines(summary)

    def upgrade_saved(self, options: dict[str, JsonValue], hands: list[list[str]],
                      from_version: int) -> tuple[dict[str, JsonValue], list[list[str]]]:
        """A match saved in save format ``from_version`` (older than today's), as today's rules replay
        it identically: its options (as the file holds them, not yet validated) and its hands'
        actions (as text), changed where a rule changed since — an action's form, or a legacy option
        value that keeps the old rule for that old match.  Called by the save loader only for older
        formats; it must not fail (what it cannot read it leaves as it is, for the loader to refuse).
        Default: unchanged."""
        return options, hands

    def rule_set_format(self) -> RuleSetFormat[OptionsT] | None:
        """How the game's rule sets are written to files; None (the default): it has none."""
        return None

    # -- shared ----------------------------------------------------------------------------------
    def check_players(self, n: int) -> None:
        info = self.info
        if not info.min_players <= n <= info.max_players:
            raise OptionsError(f"{info.id} is played by {info.min_players}–{info.max_players} players, not {n}")

    def make_options(self, raw: Mapping[str, object] | BaseModel | None = None) -> OptionsT:
        """The game's options from a dict (defaults for what it leaves out) or as they are."""
        if isinstance(raw, self.options_model):
            return raw
        try:
            return self.options_model.model_validate(raw or {})
        except ValidationError as exc:
            raise OptionsError(f"options for {self.info.id} are not valid: {exc}") from None

    def replace(self, **changes: object) -> Self:
        """A copy of this game with some of its parts changed (for tests): a :class:`GameInfo` field
        by its name, an attribute (``bots``, ``options_model`` …), or a method by a function of the
        method's arguments without ``self`` (``new_hand=…``, ``settle=…``)."""
        other = copy.copy(self)
        info = {k: v for k, v in changes.items() if k in _INFO_FIELDS}
        if info:
            other.info = dataclasses.replace(self.info, **info)  # type: ignore[arg-type]
        for name, value in changes.items():
            if name not in info:
                if not hasattr(self, name):
                    raise AttributeError(f"a game has no {name!r} to replace")
                setattr(other, name, value)
        return other

    # the info's fields, read on the game as the app always has (``game.id``, ``game.title_key`` …)
    @property
    def id(self) -> str:
        return self.info.id

    @property
    def title_key(self) -> str:
        return self.info.title_key

    @property
    def min_players(self) -> int:
        return self.info.min_players

    @property
    def max_players(self) -> int:
        return self.info.max_players

    @property
    def default_players(self) -> int:
        return self.info.default_players

    @property
    def card_family(self) -> CardFamily:
        return self.info.card_family

    @property
    def match_modes(self) -> tuple[str, ...]:
        return self.info.match_modes

    @property
    def carries_pot(self) -> bool:
        return self.info.carries_pot

    @property
    def stake_per_point(self) -> bool:
        return self.info.stake_per_point

    @property
    def win_kinds(self) -> tuple[str, ...]:
        return self.info.win_kinds

    @property
    def presets(self) -> tuple[Preset, ...]:
        return self.info.presets

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.info.id!r}>"


_INFO_FIELDS = frozenset(f.name for f in dataclasses.fields(GameInfo))

#: any game, as the registry and the match hold it
AnyGame = Game[Any, Any, Any]

__all__ = ["AnyGame", "CardFamily", "Game", "GameInfo", "Payout", "Preset", "RuleFileError", "RuleSetFormat"]
