"""What the window needs to know about one game, beyond its table layout.

The window, the dialogs, the game log and the help know no game.  Each game adds one module to
:mod:`cekidesk.ui.games` with a :class:`GameUI` subclass, registered with :func:`register_game_ui`,
that turns the game's views, events and results into words and widgets:

* ``your_turn_text(view, seat_names)`` — the status line while the human is to move;
* ``describe_action(action, view)`` — a hint in words ("throw the 5 of Coins");
* ``hand_over_text(result, seat_names, human)`` and ``hand_summary(result, seat_names)`` — the
  status line and the score-sheet entry for a finished hand;
* ``hand_heading(match, seat_names, human)`` — the game log's heading for a hand;
* ``describe_event(event, seat_names, human, namer)`` — one game-log line;
* ``fill_hand_end(content, …)`` — the end-of-hand dialog's headline, explanation and showcase;
* ``help_page(ctx)`` — the game's How-to-play page, as data (:mod:`.help_page`);
* ``match_mode_help(mode)`` — the New Game dialog's explanation of a match mode;
* ``auto_action(view, settings)`` — a move made for the human at once, as the settings ask (claiming
  a winning card with ``Settings.auto_claim``);
* ``lesson()`` — the game's guided first hand (:class:`~cekidesk.ui.foundations.lessons.Lesson`), None without one;
* ``option_presets(parent)``, ``edit_options(parent, values)``, ``option_summary(name, value)`` — the
  New Game dialog's rules beyond the game's presets: the player's own rule sets, the game's own
  editor of its options ("Edit rules…", with ``edits_options``) and the words of an option the
  generic form cannot edit.

The module also imports (and so registers) its table layout.  Adding a game never means editing
the table, the window or the dialogs.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtWidgets import QGridLayout, QLabel, QScrollArea, QWidget

from cekidesk.engine.core import Action, Event, GameState, HandResult, View
from cekidesk.engine.match import HandRecord, Match

from ..foundations import names
from ..foundations.lessons import Lesson
from .help_page import HelpContext, HelpPage, Key, Para, render_html

Namer = Callable[[Any], str]
# the view type a game's words read
V = TypeVar("V", bound=View)


class HandAt(Protocol):
    """What a hand's heading reads: the match as it is at that hand (a :class:`Match`, or the window's
    record of it) — the hand's number, its dealer and its state."""

    @property
    def hand_index(self) -> int: ...

    @property
    def dealer(self) -> int: ...

    @property
    def state(self) -> GameState: ...


def seat_name(seat: int | None, seat_names: Sequence[str]) -> str:
    if seat is None or not 0 <= seat < len(seat_names):
        return QCoreApplication.translate("GameLog", "Somebody")
    return seat_names[seat]


def log_sentence(template: str, n: int | None = None, **values: object) -> str:
    """A game-log template (marked with ``QT_TRANSLATE_NOOP("GameLog", …)``) in the current
    language, ``{name}``-style values filled in; ``n`` fills its ``%n`` count ("%n card(s)")."""
    if n is None:
        return QCoreApplication.translate("GameLog", template).format(**values)
    return names.counted(QCoreApplication.translate("GameLog", template, None, n), n).format(**values)


# the card height of the end-of-hand "All hands" tab: readable at 1280 × 720 (issue 15)
HANDS_CARD_HEIGHT = 90


def hands_tab(hands: Sequence[Sequence[str]], seat_names: Sequence[str], human: int, namer: Namer,
              parent: QWidget, overlap: float = 0.0, notes: Mapping[int, str] | None = None) -> QWidget:
    """An end-of-hand tab with every seat's cards (codes), :data:`HANDS_CARD_HEIGHT` tall, a row
    each; many hands (the Balik family's fourteen) scroll down.  A hand is one group of its row,
    never split (a gap would read as a set): the longest, fifteen cards, is about 570 pixels wide,
    so the rows fit the end-of-hand dialog at 1280 × 720.  ``notes`` says a word of a seat ("out"):
    in place of its cards when it holds none, else after them."""
    from ..foundations.cardpics import CardRow

    area = QScrollArea(parent)
    area.setWidgetResizable(True)
    inner = QWidget(area)
    grid = QGridLayout(inner)
    for i, cards in enumerate(hands):
        grid.addWidget(QLabel(names.seat_label(seat_names, i, human), inner), i, 0)
        note = (notes or {}).get(i)
        if cards or not note:
            grid.addWidget(CardRow([sorted(cards, key=names.by_value)], HANDS_CARD_HEIGHT, namer, inner,
                                   overlap=overlap), i, 1)
        if note:
            label = QLabel(note, inner)
            label.setObjectName(f"handNote{i}")
            grid.addWidget(label, i, 2 if cards else 1)
    grid.setColumnStretch(1, 1)
    area.setWidget(inner)
    return area


@dataclass
class HandEndContent:
    """What a game puts into the end-of-hand dialog (the dialog adds payments and the score sheet)."""

    headline: str = ""
    explanation: str = ""
    caption: str = ""                                   # above the showcase
    showcase: QWidget | None = None                     # e.g. the winner's sets as card pictures
    showcase_tab: str = ""                              # if set: the showcase goes in a first tab of this title
    tabs: list[tuple[str, QWidget]] = field(default_factory=list)   # extra tabs (after the payments)


class DealWords(QObject):
    """How the window and the dialogs speak of one deal of a game — a "hand" here.  A game that
    calls it something else (Pèi: a "round") gives a subclass with every sentence in its own word:
    sentences are translated whole, never assembled from a word.  (The "hand" sentences keep the
    translation contexts they had in the window and the dialogs.)"""

    def next(self) -> str:
        return QCoreApplication.translate("MainWindow", "&Next hand")

    def next_help(self) -> str:
        return QCoreApplication.translate("MainWindow", "Deal the next hand")

    def press_next(self) -> str:
        return QCoreApplication.translate("MainWindow", "Press N for the next hand.")

    def over(self, n: int) -> str:
        return QCoreApplication.translate("HandEndDialog", "Hand {n} is over").format(n=n)

    def points_now(self) -> str:
        return QCoreApplication.translate("HandEndDialog", "Points this hand")

    def column(self) -> str:
        return QCoreApplication.translate("ScoreSheet", "Hand")

    def number(self, n: int, seed: int) -> str:
        return QCoreApplication.translate("MainWindow", "Hand {hand} · deal no. {seed}").format(hand=n, seed=seed)

    def summary(self, n: int, result: str) -> str:
        return QCoreApplication.translate("MainWindow", "Hand {n}: {result}").format(n=n, result=result)

    def progress(self, done: int, total: int) -> str:
        return names.counted(self.tr("Hand {done} of %n.", "", total), total).format(done=done)

    def total(self, n: int) -> str:
        return names.counted(self.tr("%n hand(s)", "", n), n)

    def played(self, n: int) -> str:
        return names.counted(self.tr("%n hand(s) played.", "", n), n)

    def count_label(self) -> str:
        return names.text("match.hands")

    def mode_title(self, mode: str) -> str:
        return names.text(f"match.mode.{mode}", mode)

    def mode_help(self, mode: str) -> str:
        return names.text(f"match.mode.{mode}.help", "")


class GameUI(Generic[V]):
    """The words and widgets of one game, whose views are of type ``V`` (``GameUI[CekiView]``).  The
    defaults are plain but correct for any game."""

    game_id: ClassVar[str] = ""
    # event types shown in bold in the game log
    important_events: ClassVar[frozenset[str]] = frozenset()
    # the game's options that are amounts of money (entered in the chosen currency)
    money_options: ClassVar[frozenset[str]] = frozenset()
    #: options that only matter in a match for money (amounts, stake methods, side bets): New Game
    #: shows them only for a money match, and a match not for money is played with their defaults
    money_only_options: ClassVar[frozenset[str]] = frozenset()
    # what the game calls one deal, in every sentence of the window and the dialogs
    deal_words_class: ClassVar[type[DealWords]] = DealWords

    @cached_property
    def words(self) -> DealWords:
        """The game's sentences about its deals (see :class:`DealWords`)."""
        return self.deal_words_class()

    # -- status line --------------------------------------------------------------------------
    def your_turn_text(self, view: V, seat_names: Sequence[str]) -> str:
        return QCoreApplication.translate("GameUI", "Your turn: choose your move.")

    def describe_action(self, action: Action, view: V) -> str:
        return str(action)

    def hand_over_text(self, result: HandResult, seat_names: Sequence[str], human: int) -> str:
        if result.winners:
            w = result.winners[0]
            pts = names.format_points(result.points[w])
            if w == human:
                return QCoreApplication.translate(
                    "GameUI", "Hand over — you win with {score} points!").format(score=pts)
            return QCoreApplication.translate("GameUI", "Hand over — {name} wins with {score} points.").format(
                name=seat_name(w, seat_names), score=pts)
        return QCoreApplication.translate("GameUI", "Hand over — nobody won.")

    def hand_summary(self, result: HandResult, seat_names: Sequence[str]) -> str:
        if result.winners:
            return seat_name(result.winners[0], seat_names)
        return result.outcome

    def hand_heading(self, match: HandAt, seat_names: Sequence[str], human: int) -> str:
        n = match.hand_index + 1
        if match.dealer == human:
            return QCoreApplication.translate("GameUI", "Hand {n} — you deal").format(n=n)
        return QCoreApplication.translate("GameUI", "Hand {n} — {name} deals").format(
            n=n, name=seat_name(match.dealer, seat_names))

    # -- game log -------------------------------------------------------------------------------
    def describe_event(self, event: Event, seat_names: Sequence[str], human: int, namer: Namer) -> str | None:
        """One sentence for ``event``, or None for an event that says nothing to a player."""
        return QCoreApplication.translate("GameLog", "{name}: {what}").format(
            name=seat_name(event.player, seat_names), what=event.type.replace("_", " "))

    def caption(self, event: Event, seat_names: Sequence[str], human: int, namer: Namer) -> str | None:
        """The words shown beside ``event.player``'s seat for a move (None: nothing): the game log's
        sentence unless the game gives a shorter one (the seat's plate already names the player)."""
        return self.describe_event(event, seat_names, human, namer)

    # -- moves made for the player ----------------------------------------------------------------
    def auto_action(self, view: V, settings: object | None) -> Action | None:
        """A move the window makes for the person at once when they are to act, as their settings ask
        (``Settings.auto_claim``: taking a card that wins for them); None: they choose themselves."""
        return None

    # -- dialogs -----------------------------------------------------------------------------------
    def fill_hand_end(self, content: HandEndContent, match: Match, record: HandRecord, seat_names: Sequence[str],
                      human: int, namer: Namer, parent: QWidget) -> None:
        content.headline = self.hand_over_text(record.result, seat_names, human)

    def match_mode_help(self, mode: str) -> str:
        return self.words.mode_help(mode)

    def stake_summary(self, match: Match) -> str:
        """One line on how a money match is settled ("" = the generic stake per point)."""
        return ""

    def uses_pot(self, match: Match) -> bool:
        """Whether this match's money goes through a pot kept between hands (the end-of-hand dialog
        then says what is in it)."""
        return match.spec.carries_pot

    # -- the New Game dialog's rules ------------------------------------------------------------------
    # whether the game has an editor of its own for its options (New Game then offers "Edit rules…")
    edits_options: ClassVar[bool] = False

    def option_presets(self, parent: QWidget | None = None) -> list[tuple[str, dict[str, Any]]]:
        """Named sets of options offered after the game's presets — the player's own, e.g. saved rule
        sets — as (label, options) pairs.  ``parent``: the dialog, where a set that could not be read
        may be reported."""
        return []

    def edit_options(self, parent: QWidget, values: dict[str, Any], use: bool = True) -> dict[str, Any] | None:
        """Let the player edit ``values`` (the options New Game shows) in the game's own editor: the
        options to show then, or None when cancelled (or the game has no editor).  ``use=False``: the
        editor only to make, save and share rule sets (the Game menu's entry), nothing comes back."""
        return None

    def option_summary(self, name: str, value: Any) -> str:
        """An option the generic form cannot edit (a table of effects), in words, shown read-only;
        "" leaves it out of the form (it keeps its value)."""
        return ""

    # -- help ----------------------------------------------------------------------------------------
    def help_title(self) -> str:
        return names.game_title(f"game.{self.game_id}")

    def help_page(self, ctx: HelpContext) -> HelpPage:
        """The game's How-to-play page, as data (:mod:`.help_page`); ``ctx`` gives the card-name form and
        the options of the game under way, for a page that shows them."""
        return HelpPage("", (Para(Key(f"game.{self.game_id}.blurb", "")),))

    def help_html(self, ctx: HelpContext) -> str:
        """The page's rich text, written by the one renderer of every help page."""
        return render_html(self.help_page(ctx), ctx)

    def rules_source(self) -> str:
        """The About dialog's credit for the game's rules (rich text): the published source it follows."""
        return ""

    # -- Learn to play ---------------------------------------------------------------------------------
    def lesson(self) -> Lesson | None:
        """The game's guided first hand (Help ▸ Learn to play; how to write one:
        :mod:`cekidesk.ui.foundations.lessons`), built anew at each call; None: the game has no lesson."""
        return None


_UIS: dict[str, GameUI[Any]] = {}

U = TypeVar("U", bound=GameUI[Any])


def register_game_ui(cls: type[U]) -> type[U]:
    if not cls.game_id:
        raise ValueError(f"{cls.__name__} has no game id")
    existing = _UIS.get(cls.game_id)
    if existing is not None and type(existing) is not cls:
        raise ValueError(f"a game UI for {cls.game_id!r} is already registered")
    _UIS[cls.game_id] = cls()
    return cls


def registered_uis() -> dict[str, GameUI[Any]]:
    """The game UIs registered so far, by game id (the registry, :mod:`cekidesk.ui.games`, loads every
    game's package first: ask it)."""
    return dict(_UIS)
