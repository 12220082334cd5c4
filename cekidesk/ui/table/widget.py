"""The card table widget: a ``QGraphicsView`` whose scene is exactly its viewport.

The widget knows no game: the layout registered for the game (:mod:`.layouts`) turns each view into
a :class:`~cekidesk.ui.table.layouts.Plan`, and the widget draws it, animates the changes, and turns
clicks, drags and keys on the plan's cards into the plan's actions — which are always taken from
``view.legal``.  Correctness never depends on an animation: every ``show_view`` ends in the exact
plan for the view, and :meth:`TableWidget.skip_animations` (or a click) gets there at once.

The widget keeps the cards (which item shows which card of the plan, the keyboard's selection, the
mouse) and composes the rest, each part with its own module:

* :mod:`.plates` — the seats' plates, the labels and the slots (:class:`~.plates.Furniture`);
* :mod:`.motion` — the cards' animations (:class:`~.motion.Motion`);
* :mod:`.marks` — what a card shows besides its face: its action, glow, dimming, selection, hint;
* :mod:`.choices` — the bars of the choices that are not a card (:class:`~.choices.ChoiceBars`);
* :mod:`.captions` — the moves said in words beside the seats (:class:`~.captions.Captions`);
* :mod:`.gestures` — what keys and drags mean; :mod:`.zoom`, :mod:`.feel` — the zoom of a card,
  the winners' celebration and the lit drop target; :mod:`.felt` — the felt under it all.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import Protocol, runtime_checkable

from PySide6.QtCore import QEvent, QParallelAnimationGroup, QPointF, QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QPixmapCache, QTransform
from PySide6.QtWidgets import QApplication, QFrame, QGraphicsItem, QGraphicsScene, QGraphicsView, QWidget

from cekidesk.engine.core import Action, CardLike, Event, HandResult, View, offered_action
from cekidesk.games import get_game

from ..foundations import fonts
from ..foundations.cardpics import CEKI, back_code, card_art, card_width
from . import accessible, gestures, looks, marks
from .captions import Captions
from .cards import CardItem, shake, shake_allowed
from .choices import ChoiceBar, ChoiceBars
from .feel import CELEBRATION_MS, Celebration, DropLight
from .felt import FELTS, Felt
from .layouts import CardSpec, Choreo, LayoutOptions, Plan, TableLayout, layout_class
from .motion import DEAL_FLIGHTS, SPEEDS, Motion, land, shorten_deal
from .plates import Furniture, LabelItem, SeatItem
from .zoom import Zoom

__all__ = ["DEAL_FLIGHTS", "FELTS", "SPEEDS", "LabelItem", "SeatItem", "TableWidget"]

# cards taken off the table kept for the next plan (a deal of the largest table has about 130)
MAX_SPARE_CARDS = 160


#: Qt's own limit of its pixmap cache (10 MB): the least the table leaves it
QT_PIXMAP_CACHE_KB = 10 * 1024


def pixmap_cache_kb(width: float, height: float, dpr: float = 1.0) -> int:
    """The pixmap cache a table ``width`` × ``height`` logical pixels drawn at ``dpr`` asks for: one
    screenful of its device pixels (a full table's device pixmaps — 120 cards at 4K need ~25 MB of a
    4K screenful's 32 MB), and never less than Qt's own limit (:data:`QT_PIXMAP_CACHE_KB`)."""
    return max(QT_PIXMAP_CACHE_KB, math.ceil(width * height * dpr * dpr * 4 / 1024))


def _reserve_pixmap_cache(width: float, height: float, dpr: float) -> None:
    """Card items cache their device pixmaps in Qt's pixmap cache, whose limit is what the table
    needs at its size (:func:`pixmap_cache_kb`, set again when it is resized).  The cache fills to its
    limit and stays there — what fills it is not only the table's cards of the moment (widgets' styles
    cache their frames' pictures by size there too) —, so the limit is part of the session's memory
    (bench/memory.py): 96 MB made a long session grow for hundreds of rounds, and a 32 MB limit for
    every size of window made a Pèi session at 1280 × 720 grow for more than 100 rounds (+12 MB
    between rounds 50 and 100; with 10 MB it is full within the first rounds)."""
    want = pixmap_cache_kb(width, height, dpr)
    if QPixmapCache.cacheLimit() != want:
        QPixmapCache.setCacheLimit(want)


@runtime_checkable
class ShowsResult(Protocol):
    """A view that shows its hand's result once the hand is over (every built-in game's view has a
    ``result``, None while the hand is played); the table starts the next hand from a clean table."""

    @property
    def result(self) -> HandResult | None: ...


def hand_over(view: View | None) -> bool:
    """Whether ``view`` shows a finished hand's result."""
    return isinstance(view, ShowsResult) and view.result is not None


class TableWidget(QGraphicsView):
    actionChosen = Signal(object)   # an Action from view.legal, chosen by click, drag or key
    clicked = Signal()              # any click on the table (the window uses it to skip pauses)
    animationsDone = Signal()       # every running animation has finished (or none was running)
    pauseKey = Signal()             # Space while nothing of the person's is to choose (the window pauses)
    celebrationDone = Signal()      # a win's celebration is over (or was skipped)
    dealt = Signal()                # a hand's deal is over: finished, skipped or cut short
    refused = Signal(object, str)   # a click or Enter on a card that plays nothing now: its kind
                                    # (None: a back), why (the layout's CardSpec.refusal, or "")

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._scene = QGraphicsScene(self)
        self._scene.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.setScene(self._scene)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing, True)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheNone)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.viewport().setMouseTracking(True)
        self.setMinimumSize(480, 360)
        self._scene.setSceneRect(0, 0, 1280, 720)
        _reserve_pixmap_cache(1280, 720, self.devicePixelRatioF())

        self._game_id: str | None = None
        self._family = CEKI     # the game's card family (GameSpec.card_family)
        self._names: list[str] = []
        self._human = 0
        self._layout: TableLayout | None = None
        self._view: View | None = None
        self._plan: Plan | None = None
        self._items: dict[Hashable, CardItem] = {}
        self._specs: dict[Hashable, CardSpec] = {}
        # the parts the table is composed of (each in its own module)
        self._furniture = Furniture(self._scene)             # plates, labels, slots
        self._motion = Motion(self._snap, self)              # the cards' animations
        self._motion.done.connect(self.animationsDone)
        self._motion.dealt.connect(self.dealt)
        self._choices = ChoiceBars(self, self._emit)         # the choices that are not a card, by anchor
        self._captions = Captions(self._scene)               # the moves in words beside their seats
        self._celebration = Celebration(self._scene, self)   # the winners' plates, glowing
        self._celebration.done.connect(self.celebrationDone)
        self._drop_light = DropLight(self._scene)            # the drop target lit under a dragged card
        self._zoom = Zoom(self._scene)                       # the zoomed card and its names
        self._felt = Felt()
        self._opened: Hashable | None = None      # the card whose choices (CardSpec.choices) are shown
        self._highlight = True
        self._sort = True
        self._show_codes = False
        self._namer: Callable[[CardLike], str] | None = None
        self._hint: Action | None = None
        self._thinking = -1
        self._selected: Hashable | None = None
        self._selected_index = -1
        self._hover: CardItem | None = None
        self._press: tuple[QPointF, CardItem | None] | None = None
        self._drag: CardItem | None = None
        self._drag_offset = QPointF()
        self._spare: list[CardItem] = []   # cards off the table, for the next plan (_new_card)
        self._played_key: Hashable | None = None
        self._serial = 0
        self._mouse = QPointF(-1, -1)          # where the mouse was last seen (viewport)
        self._think_timer = QTimer(self)
        self._think_timer.setInterval(380)
        self._think_timer.timeout.connect(self._think_tick)
        self._blank = False     # the table hides everything (several people at one computer: set_blank)
        self._sizes = (1.0, 1.0)  # how much larger the cards and the words are asked (see set_access)
        self.fitter = looks.Fitter()   # the sizes drawn now (``fitter.scales``: at most as asked)
        accessible.install()    # what a screen reader hears of the table (its seats, cards and words)

    @property
    def _labels(self) -> dict[Hashable, LabelItem]:
        """The labels on the table now, by the plan's key (tests read their texts)."""
        return self._furniture.labels

    @property
    def _seats(self) -> dict[int, SeatItem]:
        return self._furniture.seats

    # ===========================================================================================
    # public interface

    def set_game(self, game_id: str, seat_names: Sequence[str], human_seat: int) -> None:
        """A new hand or match: forget the old layout and build the one registered for game_id."""
        self._motion.stop()
        self._names = list(seat_names)
        self._human = human_seat
        self._use_game(game_id, human_seat)
        self.fitter.reset()
        self.clear_captions()
        self._clear_scene()

    def set_blank(self, on: bool) -> None:
        """Hide the whole table (``on``) — several people at one computer, between two people's
        turns: every card, plate, label and caption leaves the scene (nothing of anybody's hand is
        left in it, not even face down under a cover), and views are not drawn until the table is
        shown again, with the next :meth:`set_game` and :meth:`show_view`."""
        self._blank = on
        if on:
            self.clear_captions()
            self._clear_scene()
            self._view = None

    def is_blank(self) -> bool:
        return self._blank

    def _use_game(self, game_id: str, human_seat: int) -> TableLayout:
        """The game's layout and card family (the cards' shape and back)."""
        self._game_id = game_id
        self._family = get_game(game_id).card_family
        self._layout = layout_class(game_id)(self._names, human_seat)
        return self._layout

    def set_seat_names(self, seat_names: Sequence[str]) -> None:
        """New names for the seats (a language change renames the human's default name)."""
        self._names = list(seat_names)
        if self._layout is not None:
            self._layout.seat_names = list(seat_names)
        if self._view is not None:
            self._apply([], animate=False)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            for item in self._seats.values():   # the dealer chip's letter and the tooltips
                item.set_spec(item.spec, force=True)
        super().changeEvent(event)

    def show_view(self, view: View, events: Sequence[Event] | None = None) -> None:
        """Draw ``view`` with the layout of the game :meth:`set_game` named; animate ``events`` (as
        the human sees them) if animations are on (nothing while the table is blank)."""
        if self._blank:
            return
        self._serial += 1
        self._motion.stop()
        self.end_celebration()
        self.hide_zoom()
        layout = self._layout
        if layout is None:
            raise RuntimeError("the table shows a view of the game set by set_game(), and none is set")
        layout.human = view.viewer
        if hand_over(self._view) and not hand_over(view) and events:
            # a new hand after a finished one: start from a clean table
            self._clear_scene()
        self._view = view
        self._hint = None
        self._opened = None
        self._apply(events or [], animate=bool(events))
        self._played_key = None

    def set_options(self, *, animation_speed: str = "normal", highlight_legal: bool = True,
                    sort_hand: bool = True, show_codes: bool = False,
                    card_namer: Callable[[CardLike], str] | None = None) -> None:
        """Apply settings; card_namer(kind) gives the display name used in tooltips."""
        self._motion.speed = animation_speed if animation_speed in SPEEDS else "normal"
        self._highlight = bool(highlight_legal)
        self._sort = bool(sort_hand)
        self._show_codes = bool(show_codes)
        self._namer = card_namer
        if self._view is not None:
            self._motion.stop()
            self._apply([], animate=False)

    def set_access(self, cards: float = 1.0, words: float = 1.0, reduced_motion: bool = False) -> None:
        """Draw the cards ``cards`` times (1–1.5) and the table's words ``words`` times (1–2) their
        size, as far as they fit (a card never leaves the table nor lies under a word: see
        :mod:`.looks`), and, with ``reduced_motion``, put cards in their places at once with a short
        highlight instead of flying them."""
        self._motion.reduced = bool(reduced_motion)
        sizes = (max(1.0, float(cards)), max(1.0, float(words)))
        if sizes != self._sizes:
            self._sizes = sizes
            if self._view is not None:
                self._motion.stop()
                self._apply([], animate=False)

    def _fitted_plan(self, W: float, H: float) -> Plan:
        """The layout's plan at the largest card and word sizes up to those asked that fit."""
        layout, view = self._layout, self._view
        assert layout is not None and view is not None

        def make(cards: float, words: float) -> Plan:
            fonts.set_table_text_scale(words)
            return layout.plan(view, W, H, self._options(cards, words))

        return self.fitter.plan((self._game_id, W, H, self._sizes), self._sizes, make,
                                 lambda plan: looks.problems(plan, W, H, self._family))

    def set_hint(self, action: Action | None) -> None:
        """Mark the card or pile of a suggested action (None clears it) and make it the keyboard
        selection, so that Enter plays exactly the hinted move (a hand card, a capture choice, or
        the stock or discard pile of a draw or take); a card played in several ways opens its
        choices, and a decision that is not a card puts the keyboard on its button."""
        self._hint = action
        item = self._hint_item()
        if item is not None:
            self._select(item.key)
            if item.opens:   # one of the card's ways to play: its choices open, the keyboard on it
                self._activate(item)
        else:
            self._decorate()
            if action is not None:   # a decision that is not a card: the keyboard on its button
                self._choices.focus_action(action)

    def set_thinking(self, seat: int) -> None:
        """Highlight the seat whose computer player is thinking (−1: nobody)."""
        self._thinking = seat
        for q, item in self._seats.items():
            item.set_thinking(q == seat)
        if seat >= 0 and seat in self._seats:
            self._think_timer.start()
        else:
            self._think_timer.stop()

    def celebrate(self, winners: Sequence[int]) -> bool:
        """Celebrate a hand won by ``winners`` at their seats: their plates glow and a few stars
        rise, for :data:`~.feel.CELEBRATION_MS` at the animation speed; a click or a key ends it.
        ``celebrationDone`` follows.  False (nothing shown, no signal) with animations off, on a
        hidden table or with no winner on the table."""
        self.end_celebration()
        ms = 0 if self._motion.reduced else CELEBRATION_MS.get(self._motion.speed, 0)
        seats = [q for q in dict.fromkeys(winners) if q in self._seats]
        if ms <= 0 or not seats or not self.isVisible():
            return False
        self._celebration.start({q: self._seats[q].spec.rect for q in seats}, ms)
        return True

    def celebrating(self) -> list[int]:
        """The seats whose win is being celebrated now (none: nothing is)."""
        return list(self._celebration.items)

    def end_celebration(self) -> None:
        """End a win's celebration now (a click, a key, the end of its time, a new view)."""
        self._celebration.end()

    def show_caption(self, seat: int, text: str, ms: int) -> None:
        """Say ``text`` beside ``seat``'s plate for ``ms`` milliseconds (it replaces what the seat
        said before; none while the table is blank)."""
        if self._blank:
            return
        self._captions.show(seat, text, ms)
        self._place_captions()

    def captions(self) -> dict[int, str]:
        """The captions shown now, by seat."""
        return {q: item.text for q, item in self._captions.items()}

    def clear_captions(self) -> None:
        self._captions.clear()

    def _place_captions(self) -> None:
        """Each caption by its seat's plate, on none of the seats' cards where it can be (the cards'
        places in the plan: an animation may still be bringing them), and as little as it can on
        the rest: the middle's cards, the labels, the other plates and the captions placed before."""
        if not self._captions:
            return
        seats_cards: list[QRectF] = []
        middle: list[QRectF] = []
        for spec in self._specs.values():
            (seats_cards if spec.seat >= 0 else middle).append(self._spec_rect(spec))
        middle += [label.mapRectToScene(label.boundingRect()) for label in self._labels.values()]
        self._captions.place({q: item.spec.rect for q, item in self._seats.items()}, seats_cards, middle)

    def _spec_rect(self, spec: CardSpec) -> QRectF:
        """Where a card of the plan lies in the scene (its turn included), as a rectangle."""
        w = card_width(spec.height, back_code(self._family))
        box = QRectF(-w / 2, -spec.height / 2, w, spec.height)
        turn = QTransform().translate(spec.pos.x(), spec.pos.y()).rotate(spec.rotation)
        return turn.mapRect(box)

    def _think_tick(self) -> None:
        item = self._seats.get(self._thinking)
        if item is None or not item.thinking:
            self._think_timer.stop()
            return
        if self._motion.reduced:   # (reduced motion: the three dots stand still, all lit)
            item.still = True
            item.update()
            return
        item.still = False
        item.phase += 1
        item.update()

    def skip_animations(self) -> None:
        """Finish every running animation at once."""
        self._motion.skip()

    def press_key(self, key: int) -> bool:
        """Play the move the plan binds to ``key`` now (D, T, 1…9 …: ``Plan.keys``); False if none.
        The window calls it from its window-wide shortcuts, the table from its own key presses."""
        action = self._plan.keys.get(int(key)) if self._plan is not None else None
        choice = None if action is not None or self._plan is None else next(
            (c for c in self._plan.choices if c.shortcut == int(key)), None)
        if action is None and choice is None:
            return False
        if self._motion.running():
            self.skip_animations()
        if choice is not None:
            return self._choices.bars[choice.anchor].activate(choice.key)
        return self._emit(action)

    @staticmethod
    def game_keys() -> list[int]:
        """Every key a registered game's table binds to a move (for window-wide shortcuts)."""
        return gestures.game_keys()

    @staticmethod
    def shortcuts(game_id: str | None = None) -> list[tuple[str, str]]:
        """(key, what it does) pairs for the Help page — strings already translated: the table's own
        keys, then the keys of ``game_id``'s layout (of every layout when None, first one wins)."""
        return gestures.shortcuts(game_id)

    # -- extras (tests, the bench, the window) ----------------------------------------------------
    def card_items(self) -> list[CardItem]:
        """Every card item on the table (each has ``.kind``, ``.face_up``, ``.role``, ``.seat``)."""
        return list(self._items.values())

    def seat_items(self) -> dict[int, SeatItem]:
        return dict(self._seats)

    def is_animating(self) -> bool:
        return self._motion.running()

    def animation(self) -> QParallelAnimationGroup | None:
        """The animation running now (tests look into it), or None."""
        return self._motion.group

    def is_dealing(self) -> bool:
        """Whether a hand's cards are flying to the seats now (the person and the computer players
        wait until they are all there, or a click or a key skips the rest)."""
        return self._motion.dealing

    def selected_card(self) -> CardItem | None:
        return self._items.get(self._selected) if self._selected is not None else None

    def current_view(self) -> View | None:
        return self._view

    def plan(self) -> Plan | None:
        """The plan drawn now (where every card, seat and choice of the view lies)."""
        return self._plan

    def spec_rect(self, spec: CardSpec) -> QRectF:
        """Where a card of the plan lies in the scene (= the viewport), once it has landed."""
        return self._spec_rect(spec)

    def choice_bars(self) -> list[ChoiceBar]:
        """The bars of controls for the decisions that are not a card, shown now."""
        return list(self._choices.bars.values())

    # -- what a screen reader reads (:mod:`.accessible`) ------------------------------------------
    def seat_names(self) -> list[str]:
        return list(self._names)

    def card_namer(self) -> Callable[[CardLike], str] | None:
        return self._namer

    def item_rect(self, thing: accessible.Thing) -> QRect:
        """Where a thing of the plan (``("seat", q)``, ``("card", key)``, ``("label", key)``) lies on
        the screen (an empty rectangle if it is not on the table)."""
        kind, key = thing
        item: QGraphicsItem | None = (self._seats.get(key) if kind == "seat" and isinstance(key, int) else
                                      self._items.get(key) if kind == "card" else self._labels.get(key))
        if item is None or item.scene() is not self._scene:
            return QRect()
        box = self.mapFromScene(item.sceneBoundingRect()).boundingRect()
        return QRect(self.viewport().mapToGlobal(box.topLeft()), box.size())

    # ===========================================================================================
    # building the scene

    def _options(self, card_scale: float = 1.0, word_scale: float = 1.0) -> LayoutOptions:
        return LayoutOptions(sort_hand=self._sort, highlight_legal=self._highlight, card_namer=self._namer,
                             card_scale=card_scale, word_scale=word_scale)

    def _clear_scene(self) -> None:
        self._motion.stop()
        self.end_celebration()
        self.hide_zoom()
        self._drop_light.light(None)
        for it in list(self._items.values()):
            self._retire(it)
        self._furniture.clear()
        self._items.clear()
        self._specs.clear()
        self._opened = None
        self._sync_choices(Plan())
        self._plan = None
        self._hover = None
        self._drag = None
        self._press = None
        self._selected = None
        self._selected_index = -1

    def _new_card(self, spec: CardSpec) -> CardItem:
        """An item for a card that was not on the table: a spare one reset, or a new one."""
        if self._spare:
            it = self._spare.pop()
            it.reset(spec.key, spec.kind, spec.face_up, spec.height, self._family)
        else:
            it = CardItem(spec.key, spec.kind, spec.face_up, spec.height, self._family)
        self._scene.addItem(it)
        return it

    def _retire(self, it: CardItem) -> None:
        """Take a card off the table, kept for :meth:`_new_card` (no animation holds it: every
        change of plan stops the running one first)."""
        self._scene.removeItem(it)
        held = self._drag is it or (self._press is not None and self._press[1] is it)   # the mouse's
        if not held and len(self._spare) < MAX_SPARE_CARDS:
            self._spare.append(it)

    def _apply(self, events: Sequence[Event], animate: bool, slide: bool = False) -> None:
        """Build the plan for the current view and bring the scene to it (animated or not)."""
        if self._view is None or self._layout is None:
            return
        self._motion.stop()              # (it would go on moving items this plan takes off the table)
        self._drop_light.light(None)     # (the next move of a dragged card lights the new plan's target)
        vp = self.viewport().size()
        W, H = max(1, vp.width()), max(1, vp.height())
        self._scene.setSceneRect(0, 0, W, H)
        plan = self._fitted_plan(W, H)
        flash = looks.Flash.before(self._items) if animate and self._motion.reduced and self.isVisible() else None
        animate = (animate or slide) and self._motion.flight_ms() > 0 and self.isVisible()
        choreo = self._choreograph(events, plan) if animate and events else None
        fresh = self._assign_items(plan, choreo)
        self._specs = {c.key: c for c in plan.cards}
        self._plan = plan
        if self._opened is not None and not (self._opened in self._specs and self._specs[self._opened].choices):
            self._opened = None
        self._keep_selection(plan)
        self._furniture.sync_seats(plan, self._family, self._thinking)
        self._place_captions()
        self._furniture.sync_labels(plan)
        self._furniture.sync_slots(plan)
        self._sync_choices(plan)

        group = self._motion.new_group() if animate else None
        legal = self._view.legal
        for spec in plan.cards:
            it = self._items[spec.key]
            it.key = spec.key
            old_h = it.height
            marks.set_static(it, spec, legal, self._show_codes)
            target = self._target_pos(it, spec)
            if group is None:
                land(it, spec, target)
            else:
                self._motion.fly(group, it, spec, target, choreo=choreo, fresh=spec.key in fresh, slide=slide,
                                 old_height=old_h)
        if group is not None and choreo is not None:
            for key in choreo.banners:
                lab = self._labels.get(key)
                if lab is not None:
                    self._motion.pop_in(group, lab)
        self._decorate()
        if flash is not None:
            self._motion.flash(flash.moved(self._items))
        if group is None or not self._motion.run(group, dealing=choreo is not None and choreo.deal):
            self.animationsDone.emit()

    def _choreograph(self, events: Sequence[Event], plan: Plan) -> Choreo | None:
        """How the cards of ``plan`` arrive after ``events``, as the layout says (a deal kept short);
        None if the layout fails: an animation must never break the table."""
        assert self._layout is not None and self._view is not None, "a plan is of a view and a layout"
        try:
            choreo = self._layout.choreograph(events, dict(self._specs), plan, self._view,
                                              played_key=self._played_key)
        except Exception:   # an animation must never break the table
            return None
        if choreo.deal:
            shorten_deal(choreo)
        return choreo

    def _assign_items(self, plan: Plan, choreo: Choreo | None) -> set[Hashable]:
        """Which item shows which card of ``plan``: the old card the choreography sends to a new
        key, else the item of the same key, else a new (or spare) item; the items no card kept
        leave the table.  The keys of the cards given a new item."""
        new_keys = {c.key for c in plan.cards}
        old_items = dict(self._items)
        items: dict[Hashable, CardItem] = {}
        claimed: set[Hashable] = set()
        fresh: set[Hashable] = set()
        if choreo is not None:
            for nk, ok in choreo.reuse.items():
                if nk in new_keys and ok in old_items and ok not in claimed and nk not in items:
                    items[nk] = old_items[ok]
                    claimed.add(ok)
        for spec in plan.cards:
            if spec.key in items:
                continue
            it = old_items.get(spec.key)
            if it is not None and spec.key not in claimed:
                items[spec.key] = it
                claimed.add(spec.key)
            else:
                items[spec.key] = self._new_card(spec)
                fresh.add(spec.key)
        for ok, it in old_items.items():
            if ok not in claimed:
                if it is self._hover:
                    self._hover = None
                self._retire(it)
        self._items = items
        return fresh

    def _keep_selection(self, plan: Plan) -> None:
        """The keyboard's selection survives a new plan where it can: the same card, else the card
        now at its place in the hand."""
        hand = [c.key for c in plan.cards if c.selectable]
        if self._selected is not None:
            if self._selected in hand:
                self._selected_index = hand.index(self._selected)
            elif self._selected_index < 0 and any(c.key == self._selected for c in plan.cards):
                pass    # a card outside the hand (the pile's, chosen by the hint) that is still there
            elif hand and self._selected_index >= 0:
                self._selected_index = min(self._selected_index, len(hand) - 1)
                self._selected = hand[self._selected_index]
            else:
                self._selected, self._selected_index = None, -1

    def _snap(self) -> None:
        """Put every item exactly where the plan says (the end state of any animation)."""
        for key, it in self._items.items():
            spec = self._specs.get(key)
            if spec is None:
                continue
            if it is self._drag:
                continue
            it.set_face(spec.kind, spec.face_up)
            it.set_peek(spec.peek)
            it.setPos(self._target_pos(it, spec))
            it.setRotation(spec.rotation)
            it.setOpacity(1.0)
            it.setScale(1.0)
            it.setZValue(spec.z)
        for lab in self._labels.values():
            lab.setOpacity(1.0)
            lab.setScale(1.0)

    def _target_pos(self, it: CardItem, spec: CardSpec) -> QPointF:
        return marks.target_pos(it, spec, self._selected, self._hover)

    def _hint_item(self) -> CardItem | None:
        return marks.hint_item(self._hint, self._items, self._specs)

    def _select(self, key: Hashable | None) -> None:
        """Make ``key`` the keyboard selection (a pile's card has no place in the hand's order)."""
        hand = [c.key for c in self._plan.cards if c.selectable] if self._plan else []
        moved = key != self._selected
        self._selected = key
        self._selected_index = hand.index(key) if key in hand else -1
        self._refresh_positions()
        if key is not None and (moved or self.hasFocus()):
            accessible.focus_card(self, key, accessible.card_words(self, key))   # the screen reader says the card

    def _decorate(self) -> None:
        """Legal highlights, dimming, selection and hint marks from the present state."""
        if self._plan is None:
            return
        marks.decorate(self._items, self._specs, highlight=self._highlight, selected=self._selected,
                       hinted=self._hint_item())

    def _sync_choices(self, plan: Plan) -> None:
        """The bars of ``plan``'s choices and of the card opened (see :class:`~.choices.ChoiceBars`)."""
        opened = self._specs.get(self._opened) if self._opened is not None else None
        item = self._items.get(self._opened) if self._opened is not None else None
        player = self._layout.human if self._layout else self._human
        self._choices.sync(plan, player, opened, item.sceneBoundingRect() if item is not None else None)

    # ===========================================================================================
    # the felt

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        # Qt passes a QRectF; the stub also allows a QRect
        self._felt.draw(painter, QRectF(rect), self.sceneRect(), self.devicePixelRatioF())

    def set_looks(self, felt: str, card_back: str) -> None:
        """Draw the felt ``felt`` (a key of :data:`~.felt.FELTS`) and the card backs ``card_back`` (a
        design of ``cardpics.BACK_DESIGNS``) from now on, the table on screen at once."""
        back_changed = card_art().set_back_design(card_back)
        felt_changed = self._felt.set_colour(felt)
        if back_changed or felt_changed:
            for item in self._scene.items():   # the cards and plates repaint (their caches too)
                item.update()
            self.viewport().update()

    # ===========================================================================================
    # resizing

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        vp = self.viewport().size()
        self._scene.setSceneRect(0, 0, max(1, vp.width()), max(1, vp.height()))
        _reserve_pixmap_cache(vp.width(), vp.height(), self.viewport().devicePixelRatioF())
        if self._view is not None:
            self._motion.stop()
            self._drag = None
            self._apply([], animate=False)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        vp = self.viewport().size()
        scene = self.sceneRect()
        if self._view is not None and (scene.width(), scene.height()) != (vp.width(), vp.height()):
            self._apply([], animate=False)

    # ===========================================================================================
    # mouse

    def _card_at(self, pos: QPointF) -> CardItem | None:
        """The card under ``pos`` (in the viewport), the dragged one left out."""
        for it in self.items(pos.toPoint()):
            if isinstance(it, CardItem) and it is not self._drag:
                return it
        return None

    def _emit(self, action: Action | None, key: Hashable | None = None) -> bool:
        view = self._view
        if action is None or view is None:
            return False
        if self._motion.dealing:   # a button of the choices while the hand is dealt: it only ends the deal
            self.skip_animations()
            return False
        # a range names no player: its amounts are the viewer's own decisions
        ranges = view.ranges if action.player == view.viewer else ()
        if offered_action(action, view.legal, ranges) is None:
            return False
        # the copy that was clicked flies (the next show_view uses it); a card's choice: that card
        self._played_key = key if key is not None else self._opened
        self.actionChosen.emit(action)
        return True

    def _activate(self, item: CardItem) -> None:
        """A click or Enter on a card: play its action, or show its choices (a card that can be played
        in several ways), the keyboard in their bar."""
        if not item.opens:
            if item.action is None:
                self._refuse(item)
                return
            self._emit(item.action, item.key)
            return
        self._opened = item.key
        self._sync_choices(self._plan or Plan())
        bar = self._choices.bars.get(self._specs[item.key].choices[0].anchor)
        if bar is not None and not (self._hint is not None and bar.focus_action(self._hint)):
            bar.focusables()[0].setFocus(Qt.FocusReason.TabFocusReason)

    def _refuse(self, item: CardItem) -> None:
        """A click or Enter on a card of the person's hand or of a pile that plays nothing now: the
        card shakes (not with animations off) and ``refused`` says which and why.  Other cards (the
        others' hands, the strips of thrown cards) are only looked at: nothing is refused there."""
        if not gestures.refusable(self._view is not None and not hand_over(self._view) and not self._blank, item.role):
            return
        if shake_allowed(self._motion.speed) and not self._motion.reduced:
            shake(item)
        spec = self._specs.get(item.key)
        self.refused.emit(item.kind if item.face_up else None, spec.refusal if spec is not None else "")

    def opened_card(self) -> Hashable | None:
        """The card whose choices are shown now (None: no card's)."""
        return self._opened

    def close_card_choices(self) -> None:
        """Hide a card's choices (Escape, another card) and give the keyboard back to the table."""
        self._opened = None
        self.setFocus(Qt.FocusReason.OtherFocusReason)
        self._sync_choices(self._plan or Plan())

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._choices.back_to_choices = False
        if event.button() == Qt.MouseButton.RightButton:   # looking, not playing: the card's zoom
            item = self._card_at(event.position())
            if item is not None:
                self.show_zoom(item)
            event.accept()
            return
        self.end_celebration()
        self.clicked.emit()
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        dealing = self._motion.dealing
        if self._motion.running():
            self.skip_animations()
        if event.button() == Qt.MouseButton.LeftButton and not dealing:   # a deal's skip plays nothing
            pos = event.position()
            self._press = (pos, self._card_at(pos))
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = self._mouse = event.position()
        if self._press is not None and event.buttons() & Qt.MouseButton.LeftButton:
            p0, item = self._press
            if self._drag is None and item is not None and item.selectable and item.scene() is self._scene \
                    and (pos - p0).manhattanLength() >= QApplication.startDragDistance():
                self._drag = item
                self._drag_offset = self.mapToScene(p0.toPoint()) - item.pos()
                item.setZValue(9000)
                item.set_peek((1.0, 1.0))   # the whole card follows the mouse
                self._set_hover(None)
            if self._drag is not None:
                zone = gestures.drop_zone(self._plan, self._view, self._drag.kind, self.mapToScene(pos.toPoint()))
                self._drop_light.light(zone.rect if zone is not None else None)
                sp = self.mapToScene(pos.toPoint()) - self._drag_offset
                r = self.sceneRect()
                sp.setX(min(max(sp.x(), r.left()), r.right()))
                sp.setY(min(max(sp.y(), r.top()), r.bottom()))
                self._drag.setPos(sp)
            event.accept()
            return
        self._set_hover(self._card_at(pos))
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            if event.button() == Qt.MouseButton.RightButton:
                self.hide_zoom()
            event.accept()
            return
        self._drop_light.light(None)
        press, self._press = self._press, None
        pos = event.position()
        if self._drag is not None:
            dragged, self._drag = self._drag, None
            self._drop(dragged, self.mapToScene(pos.toPoint()))
            event.accept()
            return
        if press is None:
            return
        item = self._card_at(pos)
        if item is not None and (press[1] is None or item is press[1]):
            if item.selectable:
                self._select(item.key)
            self._activate(item)
        event.accept()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        self.mousePressEvent(event)

    def leaveEvent(self, event) -> None:
        self._set_hover(None)
        self._mouse = QPointF(-1, -1)
        super().leaveEvent(event)

    def wheelEvent(self, event) -> None:
        event.accept()   # the table never scrolls

    def _set_hover(self, item: CardItem | None) -> None:
        if item is not None and item.action is None and not item.opens:
            item = None
        if item is self._hover:
            return
        old, self._hover = self._hover, item
        for it in (old, item):
            if it is not None and it.scene() is self._scene:
                it.hover = it is item
                spec = self._specs.get(it.key)
                if spec is not None and not self._motion.running():
                    it.setPos(self._target_pos(it, spec))
                it.update()

    def lit_drop(self) -> QRectF | None:
        """The drop target lit now (under a dragged card that may be dropped there), or None."""
        return self._drop_light.lit()

    def _drop(self, item: CardItem, scene_pos: QPointF) -> None:
        plan = self._plan
        if plan is not None:
            zone = gestures.drop_zone(plan, self._view, item.kind, scene_pos)
            if zone is not None and self._emit(zone.actions[item.kind], item.key):
                if item.key in self._specs and self._items.get(item.key) is item:
                    self._refresh_positions(animate=True)
                return
            if plan.hand_rect is not None and plan.hand_rect.contains(scene_pos) and not self._sort:
                index = gestures.hand_place(plan, item.key, scene_pos)
                if self._layout is not None and self._layout.reorder(item.key, index):
                    self._apply([], animate=False, slide=True)
                    return
        self._refresh_positions(animate=True)

    def _refresh_positions(self, animate: bool = False) -> None:
        """Back to the plan's places (after a drag, a selection change)."""
        self._decorate()
        flight = self._motion.flight_ms()
        group = self._motion.new_group() if animate and flight > 0 and not self._motion.running() else None
        for key, it in self._items.items():
            spec = self._specs.get(key)
            if spec is None:
                continue
            target = self._target_pos(it, spec)
            it.set_peek(spec.peek)
            if group is not None and (it.pos() - target).manhattanLength() > 0.5:
                self._motion.add(group, it, 0, int(flight * 0.6), pos=target)
            else:
                it.setPos(target)
            it.setZValue(spec.z)
        if group is not None:
            self._motion.run(group)

    # ===========================================================================================
    # keyboard

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if self._celebration.running() and not event.isAutoRepeat():   # any key ends a celebration
            self.end_celebration()
            event.accept()
            return
        if event.modifiers() & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
                                | Qt.KeyboardModifier.MetaModifier):
            event.ignore()
            return
        if key == gestures.ZOOM_KEY:
            if not event.isAutoRepeat():
                item = self._card_at(self._mouse) if self._mouse.x() >= 0 else None
                item = item or self.selected_card()
                if item is not None:
                    self.show_zoom(item)
            event.accept()
            return
        if self._plan is None:
            event.ignore()
            return
        if self._motion.running() and key in gestures.SKIP_KEYS:
            self.skip_animations()
        if self._table_key(key):
            event.accept()
            return
        event.ignore()

    def _table_key(self, key: int) -> bool:
        """A key of the table's own (the arrows, Enter, Space, Escape) or one the plan binds to a
        move; False if it is neither."""
        assert self._plan is not None, "keys act on a plan"
        if key in gestures.STEP_KEYS:
            # the person chooses among the cards: the keyboard stays here when the next choices come
            self._choices.back_to_choices = False
            hand = [c.key for c in self._plan.cards if c.selectable]
            if hand:
                self._select(gestures.step(hand, self._selected, key))
            return True
        if key == Qt.Key.Key_Space and not (self._view is not None and self._view.legal):
            self.pauseKey.emit()   # nothing of the person's to choose: the computer players move
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            it = self._items.get(self._selected) if self._selected is not None else None
            if it is not None:
                self._activate(it)
            return True
        if key == Qt.Key.Key_Escape and self._opened is not None:
            self.close_card_choices()
            return True
        return self.press_key(int(key))

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == gestures.ZOOM_KEY and not event.isAutoRepeat():
            self.hide_zoom()
            event.accept()
            return
        super().keyReleaseEvent(event)

    def focusOutEvent(self, event) -> None:
        self.hide_zoom()   # the key's release may go elsewhere
        super().focusOutEvent(event)

    # ===========================================================================================
    # the zoom

    def show_zoom(self, item: CardItem) -> None:
        """Show ``item``'s card large beside it, inside the table, with every name of the card (a
        hidden card: its back, no names) until :meth:`hide_zoom` (Z or the right button let go)."""
        self._zoom.show(item, self._family)

    def hide_zoom(self) -> None:
        self._zoom.hide()

    def zoomed(self) -> tuple[QRectF, list[str]] | None:
        """The zoom shown now: the large card's rectangle in the scene and the names under it."""
        return self._zoom.shown()

    def focusInEvent(self, event) -> None:
        super().focusInEvent(event)

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: A002 - Qt's name
        """Tab goes from the table to the controls of its choices and through them, then on to
        the rest of the window."""
        chain: list[QWidget] = [self, *self._choices.focusables()]
        here = QApplication.focusWidget()
        at = [i for i, w in enumerate(chain) if w is here or (i and here is not None and w.isAncestorOf(here))]
        if at and len(chain) > 1:
            to = at[0] + (1 if next else -1)
            if 0 <= to < len(chain):
                chain[to].setFocus(Qt.FocusReason.TabFocusReason if next else Qt.FocusReason.BacktabFocusReason)
                return True
        return super().focusNextPrevChild(next)
