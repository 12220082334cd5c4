"""Per-game table layouts.

The :class:`~cekidesk.ui.table.widget.TableWidget` knows no game.  A layout turns one player's view
into a :class:`Plan` — where every card lies, which seats and labels to draw, which card or pile a
click or a drop turns into which (legal) action — and, for animation, says where the cards of a new
plan came from (:meth:`TableLayout.choreograph`).  A game adds its table by writing a layout class
and registering it::

    register_layout(SPEC.id, MyGameLayout)

Everything is in scene coordinates, and the scene is exactly the viewport (``0, 0, width, height``):
a layout must keep every card, with its glow margin, inside that rectangle at any size.
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QCoreApplication, QPointF, QRectF

from cekidesk.engine.core import Action, AmountRange, CardLike, Event, View

from ..foundations.fonts import pixel_font, short_line

# a short label's text as tall as most (a Latin line; in aksara Jawa, 1.3× it)
_LINE_SAMPLE = "Ag"


def label_line() -> float:
    """How tall a table label's line of text is per pixel of its size (``LabelSpec.size``) in the
    interface font now: a Latin line's (about 1.16) in Latin interfaces, 1.3× that in aksara Jawa."""
    return short_line(pixel_font(100), _LINE_SAMPLE).height / 100


@dataclass
class CardSpec:
    """One card of a plan.  ``pos`` is the card's centre; ``height`` its height in scene pixels."""

    key: Hashable
    kind: CardLike | None        # a Kind (or WKind), None for a back that hides its kind
    face_up: bool
    pos: QPointF
    height: float
    rotation: float = 0.0
    z: float = 0.0
    role: str = ""               # "hand", "facedown", "pile", "stock", "opponent", "reveal"…
    seat: int = -1
    action: Action | None = None  # what a click chooses (must be in view.legal)
    selectable: bool = False     # the human's own hand: keyboard selection and dragging
    strong: bool = False         # highlight strongly when playable (piles)
    dim: bool = False            # always dimmed (e.g. the human's face-down cards)
    mark: str | None = None      # "drawn", "win", "set_aside" (face up: dimmed), "frozen",
                                 # "taken" (a coloured bottom edge: another player took it)
    tooltip: str | None = None   # extra tooltip text (after the card's name)
    refusal: str = ""            # why a click or Enter on it plays nothing now (its tooltip says so too)
    peek: tuple[float, float] = (1.0, 1.0)   # the part left uncovered (from the left, from the top):
                                             # only that part is painted and clickable
    # a card that can be played in several ways (an amount, a target): a click or Enter shows these
    # choices (each one action of view.legal) as a bar at their anchor instead of playing; leave
    # ``action`` None then
    choices: list[ChoiceSpec] = field(default_factory=list)


@dataclass
class SeatSpec:
    seat: int
    rect: QRectF
    name: str
    count: int                   # cards in hand
    dealer: bool = False
    to_move: bool = False
    badge: str = ""              # a short announcement shown on the plate (a call, a streak …)
    badge_tip: str = ""          # what the badge means, for the plate's tooltip
    winner: bool = False
    human: bool = False
    extra: str = ""              # a short second line (e.g. face-down count)
    greyed: bool = False         # a player out of the hand: the plate is drawn faded


@dataclass
class LabelSpec:
    key: Hashable
    text: str
    pos: QPointF                 # centre
    size: float                  # font pixel size
    style: str = "count"         # "count", "banner", "winner", "note"
    tooltip: str = ""
    fill: tuple[int, int, int] | None = None   # the pill's colour instead of the style's (e.g. a warming counter)
    gauge: float | None = None   # a share 0..1 drawn as a bar in the pill (the warming counter: never colour alone)


@dataclass
class DropZone:
    rect: QRectF
    actions: dict[CardLike | None, Action]   # card kind → the action dropping that card here chooses


@dataclass
class ChoiceSpec:
    """A decision that is not a card (a bet, a target player, a value, a declaration): the table
    shows it as a button, or for a ``range`` as an amount box with a slider and a button, in a bar
    at the ``anchor`` seat (−1: the table's centre).  Exactly one of ``action`` (taken from
    ``view.legal``) and ``range`` (from ``view.ranges``) is set.  ``label``, ``tooltip`` and
    ``unit`` (the amount's suffix, e.g. " ¢"; ``money`` instead writes the currency of the settings) are
    translated by the layout; choices of one
    ``group`` (radio-like options) stand together, apart from the next group; Tab reaches the
    controls from the table, Left/Right go from button to button, Enter chooses; ``shortcut`` is a Qt key that
    makes the choice (list it in the layout's ``game_keys`` for a window-wide shortcut)."""

    key: Hashable
    label: str
    action: Action | None = None
    range: AmountRange | None = None
    default: int | None = None   # the amount first offered for a range (its lowest if None)
    unit: str = ""
    money: bool = False          # the range is money: shown as every amount is ("Rp 5", "5 ¢"), not with ``unit``
    tooltip: str = ""
    anchor: int = -1
    group: str = ""
    shortcut: int | None = None


@dataclass
class Plan:
    cards: list[CardSpec] = field(default_factory=list)
    seats: list[SeatSpec] = field(default_factory=list)
    labels: list[LabelSpec] = field(default_factory=list)
    slots: list[QRectF] = field(default_factory=list)     # empty places drawn on the felt
    drops: list[DropZone] = field(default_factory=list)
    hand_rect: QRectF | None = None                      # where dragging reorders the hand
    keys: dict[int, Action] = field(default_factory=dict)  # Qt key → action (legal now)
    choices: list[ChoiceSpec] = field(default_factory=list)   # decisions that are not a card

    def by_key(self) -> dict[Hashable, CardSpec]:
        return {c.key: c for c in self.cards}


@dataclass
class Choreo:
    """How the cards of a new plan arrive.

    ``reuse`` maps a new key to an old key whose card (vanished from the new plan) flies to it;
    ``start`` gives a start (centre, face up?, rotation[, height]) for a new card with no old card;
    ``delay`` staggers arrivals, in flights (1.0 = one flight's duration);
    ``banners`` are label keys to pop in.
    """

    reuse: dict[Hashable, Hashable] = field(default_factory=dict)
    start: dict[Hashable, tuple] = field(default_factory=dict)
    delay: dict[Hashable, float] = field(default_factory=dict)
    banners: list[Hashable] = field(default_factory=list)
    deal: bool = False


@dataclass(frozen=True)
class LayoutOptions:
    sort_hand: bool = True
    highlight_legal: bool = True
    card_namer: Callable[[CardLike], str] | None = None
    # a label's line height per pixel of its size, from the interface font when the options are
    # made (:func:`label_line`): layouts space their lines of words by :meth:`line`, so that lines in
    # aksara Jawa (1.3×) do not crowd
    label_line: float = field(default_factory=label_line)
    # how much larger than their own the cards (and what a layout sizes with them: the plates, the
    # gaps) are drawn: the Settings' card size, and the interface's size, as far as they fit
    # (``ui/table/looks.py``); a layout multiplies its scale ``s`` by it (:func:`frame` does)
    card_scale: float = 1.0
    # how much larger the table's words are drawn (the interface's size, as far as it fits): the
    # fonts follow by themselves (``fonts.set_table_text_scale``); a layout grows the seats' plates,
    # whose names are drawn at a share of their height, by it
    word_scale: float = 1.0

    @property
    def plate_scale(self) -> float:
        """How much larger a seat's plate is drawn: half as much larger as the words (the plates'
        names, drawn at a share of their height, grow with them without crowding the cards)."""
        return 1.0 + (self.word_scale - 1.0) * 0.5

    def line(self, size: float) -> float:
        """The height of one line of a label of ``size`` pixels."""
        return size * self.label_line


@dataclass(frozen=True)
class Frame:
    """The measures a table takes from the scene: its width ``W`` and height ``H``, the scale ``s``
    that card sizes are shares of (the height, or a share of a narrow scene's width), the margin
    ``M`` at the scene's edges and the ``gap`` between neighbouring things."""

    W: float
    H: float
    s: float
    M: float
    gap: float


def frame(width: float, height: float, share: float = 0.62, scale: float = 1.0) -> Frame:
    """The :class:`Frame` of a scene ``width`` × ``height``: ``s`` is the height, at most ``share``
    of the width (never under 240), times ``scale`` (``LayoutOptions.card_scale``)."""
    W, H = float(width), float(height)
    s = max(240.0, min(H, share * W)) * scale
    return Frame(W, H, s, max(6.0, 0.012 * s), 0.012 * s)


class Pairing:
    """Which card of the old plan flies to which new place: the cards that vanished from the old plan
    are paired with the cards that appeared in the new one (``reuse``), in the order a layout's
    ``choreograph`` decides.  ``used_old`` / ``used_new`` are the pairs made so far."""

    def __init__(self, ch: Choreo, old: Mapping[Hashable, object], new: Mapping[Hashable, object]):
        self.ch = ch
        self.vanished: list[Any] = [k for k in old if k not in new]
        self.appeared: list[Any] = [k for k in new if k not in old]
        self.used_old: set = set()
        self.used_new: set = set()

    def reuse(self, nk: Hashable, ok: Hashable) -> None:
        self.ch.reuse[nk] = ok
        self.used_old.add(ok)
        self.used_new.add(nk)

    # the keys are whatever the layout made them (tuples in the built-in layouts), so they are Any
    def first_new(self, pred: Callable[[Any], bool]) -> Any:
        return next((k for k in self.appeared if k not in self.used_new and pred(k)), None)

    def last_vanished(self, pred: Callable[[Any], bool]) -> Any:
        c = [k for k in self.vanished if k not in self.used_old and pred(k)]
        return c[-1] if c else None


def text_width(text: str, size: float, bold: bool = False) -> float:
    """How wide a table label of ``text`` is at ``size`` pixels, its pill's padding included (for
    layouts that place labels beside each other)."""
    line = short_line(pixel_font(max(8, round(size)), bold), text)
    return line.width + line.height * 0.9


def text_height(text: str, size: float, bold: bool = False) -> float:
    """How tall a table label of ``text`` is at ``size`` pixels, its pill's padding included (aksara
    Jawa with stacked signs is taller than a plain line)."""
    return short_line(pixel_font(max(8, round(size)), bold), text).height * 1.24


def card_rect(c: CardSpec) -> QRectF:
    """Where a card of a plan lies (upright)."""
    from ..foundations.cardpics import card_width

    w = card_width(c.height)
    return QRectF(c.pos.x() - w / 2, c.pos.y() - c.height / 2, w, c.height)


def label_rect(sp: LabelSpec, dx: float = 0.0) -> QRectF:
    """Where a label's pill lies (moved ``dx`` sideways)."""
    bold = sp.style != "count"
    hw, h = text_width(sp.text, sp.size, bold) / 2, text_height(sp.text, sp.size, bold)
    return QRectF(sp.pos.x() + dx - hw, sp.pos.y() - h / 2, 2 * hw, h)


def wrap_label(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``text`` broken at its spaces (and the zero-width spaces between the words of aksara Jawa)
    into lines whose labels are at most ``width`` wide; a word wider than that keeps a line."""
    lines: list[str] = []
    line = ""
    for word in re.split(r"(?<=[ \u200b])", text):
        if line and text_width((line + word).rstrip(" \u200b"), size, bold) > width:
            lines.append(line.rstrip(" \u200b"))
            line = word
        else:
            line += word
    last = line.rstrip(" \u200b")
    return [*lines, last] if last else lines or [text]


def copy_keys(kinds: Sequence[Hashable], prefix: str) -> list[tuple]:
    """Stable card keys ``(prefix, kind, n)`` for a multiset of kinds: the n-th copy of each kind
    (so that a card keeps its key, and its place in an animation, while others come and go)."""
    seen: dict[Hashable, int] = {}
    out = []
    for k in kinds:
        n = seen.get(k, 0)
        seen[k] = n + 1
        out.append((prefix, k, n))
    return out


def hands_by_seat(plan: Plan, n: int, roles: Sequence[str] = ("hand", "opponent")) -> dict[int, list[Hashable]]:
    """The keys of each seat's cards of ``roles`` in ``plan``, in the plan's order (a deal's
    choreography sends them out of the stock seat by seat)."""
    out: dict[int, list[Hashable]] = {q: [] for q in range(n)}
    for c in plan.cards:
        if c.role in roles and 0 <= c.seat < n:
            out[c.seat].append(c.key)
    return out


def labels_inside(plan: Plan, W: float) -> None:
    """Pull every label's pill inside the scene's width (a long text at a side seat)."""
    for lab in plan.labels:
        half = text_width(lab.text, lab.size, lab.style != "count") / 2 + 2
        x = min(max(lab.pos.x(), half), W - half)
        if x != lab.pos.x():
            lab.pos = QPointF(x, lab.pos.y())


def clamp_to_scene(plan: Plan, W: float, H: float, family: str = "ceki") -> None:
    """Pull every card inside the scene (with its glow margin): a last guard for tiny sizes.
    ``family`` is the game's card family (their shape)."""
    from ..foundations.cardpics import back_code, card_width
    from .cards import card_margins

    back = back_code(family)
    for c in plan.cards:
        w = card_width(c.height, back)
        side, top = card_margins(w)
        # the card's bounding rectangle, turned as the card is, one pixel more
        a = math.radians(c.rotation)
        cos, sin = math.cos(a), math.sin(a)
        xs, ys = [], []
        for x in (-w / 2 - side, w / 2 + side):
            for y in (-c.height / 2 - top, c.height / 2 + side):
                xs.append(x * cos - y * sin)
                ys.append(x * sin + y * cos)
        x = min(max(c.pos.x(), 1 - min(xs)), W - 1 - max(xs))
        y = min(max(c.pos.y(), 1 - min(ys)), H - 1 - max(ys))
        if x != c.pos.x() or y != c.pos.y():
            c.pos = QPointF(x, y)


V = TypeVar("V", bound=View)
K = TypeVar("K", bound=Hashable)


class TableLayout(Generic[V]):
    """Base of the per-game layouts; ``V`` is the type of the game's view (``TableLayout[CekiView]``)."""

    game_id = ""
    # every key this game's plans may bind to a move (``Plan.keys``): the window makes them
    # window-wide shortcuts, so they work wherever the keyboard is in the main window
    game_keys: tuple[int, ...] = ()

    def __init__(self, seat_names: Sequence[str], human_seat: int):
        self.seat_names = list(seat_names)
        self.human = human_seat
        self._order: list[Hashable] = []   # the human's hand order when it is not sorted

    def plan(self, view: V, width: float, height: float, options: LayoutOptions) -> Plan:
        raise NotImplementedError

    def choreograph(self, events: Sequence[Event], old: dict[Hashable, CardSpec], new: Plan,
                    view: V, played_key: Any = None) -> Choreo:
        """How the cards of ``new`` arrive after ``events``; ``played_key`` is the copy of a card the
        player clicked (that one flies)."""
        return Choreo()

    def merge_hand_order(self, keys: Sequence[K], sort: bool) -> list[K]:
        """The hand's card keys in the order to show: ``keys`` as given when sorting, otherwise the
        player's own order (cards gone dropped, new cards at the end)."""
        if sort:
            self._order = list(keys)
            return list(keys)
        present = {k: k for k in keys}   # the given keys (of the layout's key type) by themselves
        order = [present[k] for k in self._order if k in present]
        have = set(order)
        order += [k for k in keys if k not in have]
        self._order = list(order)
        return order

    def reorder(self, key: Hashable, index: int) -> bool:
        """The player dragged hand card ``key`` to position ``index``; True if the order changed."""
        if key not in self._order:
            return False
        old = self._order.index(key)
        index = max(0, min(len(self._order) - 1, index))
        if old == index:
            return False
        self._order.pop(old)
        self._order.insert(index, key)
        return True

    def hand_keys_in_order(self) -> list[Hashable]:
        return list(self._order)

    def viewer_seat(self, view: V) -> int:
        """The seat at the bottom of the table: the human's, or the view's own if the human has no
        seat in this game (kept for the plans that follow)."""
        if not 0 <= self.human < view.n_players:
            self.human = view.viewer
        return self.human

    def seat_title(self, seat: int) -> str:
        """A seat's name ("Player 3" for a nameless seat)."""
        if 0 <= seat < len(self.seat_names) and self.seat_names[seat]:
            return self.seat_names[seat]
        return QCoreApplication.translate("TableWidget", "Player %1").replace("%1", str(seat + 1))

    @staticmethod
    def shortcuts() -> list[tuple[str, str]]:
        """The game's own keys for the Help page: (key, what it does), translated."""
        return []


_LAYOUTS: dict[str, type[TableLayout]] = {}


def register_layout(game_id: str, layout_class: type[TableLayout]) -> type[TableLayout]:
    existing = _LAYOUTS.get(game_id)
    if existing is not None and existing is not layout_class:
        raise ValueError(f"a table layout for {game_id!r} is already registered")
    _LAYOUTS[game_id] = layout_class
    return layout_class


#: what imports the games' UI packages (each registers its layout when imported): the registry of the
#: games' UIs (:mod:`cekidesk.ui.games`) installs it when it is imported; the table names no package
#: above it
_loader: Callable[[], None] | None = None


def set_layout_loader(load: Callable[[], None]) -> None:
    """Install what loads every game's UI package before a layout is looked up (the registry of the
    games' UIs does, :func:`cekidesk.ui.games.load_game_uis`)."""
    global _loader
    _loader = load


def _load_layouts() -> None:
    if _loader is not None:
        _loader()


def layout_class(game_id: str) -> type[TableLayout]:
    _load_layouts()
    try:
        return _LAYOUTS[game_id]
    except KeyError:
        raise KeyError(f"no table layout is registered for the game {game_id!r} (the games' UI packages "
                       "are loaded by their registry, cekidesk.ui.games)") from None


def registered_layouts() -> dict[str, type[TableLayout]]:
    _load_layouts()
    return dict(_LAYOUTS)
