"""The table for a screen reader: what Qt's accessibility (``QAccessible``) says of the card table.

The table is a ``QGraphicsView``; Qt gives its scene's items no accessible interface, so a screen
reader would hear one blank picture.  This module gives it one:

* :class:`TableAccessible` — the table's interface (installed for every :class:`TableWidget` by
  :func:`install`): a pane named "Card table" whose description is the situation in words (whose
  turn, what lies on the table, your hand and what you may play), whose children are the seats, the
  cards and the table's words (:class:`ItemAccessible`, one per thing of the plan, kept while the
  thing is on the table) and the controls of the choices (ordinary Qt widgets);
* the words themselves, plain functions of the plan (:func:`card_name`, :func:`card_description`,
  :func:`seat_text`, :func:`hand_text`, :func:`table_text`), in the player's language and card
  names, which the window's announcer reads out too;
* :func:`notify` — the one place where the table's and the window's accessibility events leave for
  Qt (``QAccessible.updateAccessibility``): an announcement (``QAccessibleAnnouncementEvent``), the
  keyboard's card becoming the focus.  :data:`listeners` hears
  every one of them as it leaves (the tests record what a screen reader would be told there:
  PySide6 does not expose Qt's ``QAccessible::installUpdateHandler``).

The table knows no game: everything here is read from the plan the game's layout made (its cards,
seats, labels and choices, all already in the player's words).
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Protocol

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QPoint, QRect
from PySide6.QtGui import (
    QAccessible,
    QAccessibleAnnouncementEvent,
    QAccessibleEvent,
    QAccessibleInterface,
    QAccessibleObject,
    QWindow,
)
from PySide6.QtWidgets import QWidget

from cekidesk.engine.core import Action, CardLike, View

from ..foundations.i18n import QT_TRANSLATE_NOOP
from ..foundations.names import counted
from .layouts import CardSpec, LabelSpec, Plan, SeatSpec

# the context of this module's words in the translations
CONTEXT = "TableReading"


@dataclass(frozen=True)
class Notice:
    """One accessibility event as it leaves for Qt: ``kind`` is ``"announce"`` (a sentence to be
    spoken: ``text``, ``assertive`` for one that interrupts) or ``"focus"`` (the keyboard's card:
    ``text`` its name and description)."""

    kind: str
    text: str
    assertive: bool = False


# who hears every event :func:`notify` sends (tests; a log of what a screen reader is told)
listeners: list[Callable[[Notice], None]] = []


def notify(notice: Notice, event: QAccessibleEvent) -> None:
    """Send ``event`` to Qt's accessibility (and so to a screen reader, when one listens) and tell
    :data:`listeners` what it says."""
    for listener in list(listeners):
        listener(notice)
    QAccessible.updateAccessibility(event)


def announce(obj: QObject, text: str, assertive: bool = False) -> None:
    """Ask a screen reader to say ``text`` (an accessible announcement of ``obj``, polite unless
    ``assertive``)."""
    if not text:
        return
    event = QAccessibleAnnouncementEvent(obj, text)
    event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive if assertive
                        else QAccessible.AnnouncementPoliteness.Polite)
    notify(Notice("announce", text, assertive), event)


# ---------------------------------------------------------------------------------------------
# the words

# where a card lies, by the plan's role ("{card}, {where}")
ROLE_WORDS: dict[str, str] = {
    "hand": QT_TRANSLATE_NOOP("TableReading", "in your hand"),
    "facedown": QT_TRANSLATE_NOOP("TableReading", "face down in your hand"),
    "pile": QT_TRANSLATE_NOOP("TableReading", "on the discard pile"),
    "stock": QT_TRANSLATE_NOOP("TableReading", "the stock"),
    "trick": QT_TRANSLATE_NOOP("TableReading", "in the trick"),
    "pool": QT_TRANSLATE_NOOP("TableReading", "in the pool"),
    "reveal": QT_TRANSLATE_NOOP("TableReading", "turned up"),
    "thrown": QT_TRANSLATE_NOOP("TableReading", "thrown"),
    "captured": QT_TRANSLATE_NOOP("TableReading", "captured"),
    "last": QT_TRANSLATE_NOOP("TableReading", "played last"),
    "pending": QT_TRANSLATE_NOOP("TableReading", "being played"),
    "peek": QT_TRANSLATE_NOOP("TableReading", "only you see it"),
    "opponent": QT_TRANSLATE_NOOP("TableReading", "in a player's hand"),
}


def tr(text: str) -> str:
    """``text`` (a literal of :data:`ROLE_WORDS`) in the language installed."""
    return QCoreApplication.translate(CONTEXT, text)


Namer = Callable[[CardLike], str]
# a thing of the table, as a child of its interface: ("seat", q), ("card", key) or ("label", key)
Thing = tuple[str, Hashable]


def card_name(spec: CardSpec, namer: Namer | None) -> str:
    """A card's name as the player reads it ("7 of Strings"), or "face-down card"."""
    if spec.kind is None or not spec.face_up:
        return QCoreApplication.translate("TableReading", "face-down card")
    try:
        return namer(spec.kind) if namer is not None else str(spec.kind)
    except Exception:   # a card of a family the namer does not know: its code
        return str(spec.kind)


def playable(spec: CardSpec, legal: Sequence[Action]) -> bool:
    """Whether a click or Enter on the card makes a move now (its action, or one of its ways)."""
    return (spec.action is not None and spec.action in legal) or any(c.action in legal for c in spec.choices)


def card_description(spec: CardSpec, legal: Sequence[Action], seat_names: Sequence[str]) -> str:
    """Where the card lies and what it does now: "in your hand, playable", "on the discard pile,
    thrown by Sari", with the layout's own words for it (its tooltip)."""
    parts: list[str] = []
    if spec.role == "opponent" and 0 <= spec.seat < len(seat_names):
        parts.append(QCoreApplication.translate("TableReading", "in {name}'s hand").format(name=seat_names[spec.seat]))
    elif spec.role == "thrown" and 0 <= spec.seat < len(seat_names):
        parts.append(QCoreApplication.translate("TableReading", "thrown by {name}").format(name=seat_names[spec.seat]))
    elif spec.role in ROLE_WORDS:
        parts.append(tr(ROLE_WORDS[spec.role]))
    elif 0 <= spec.seat < len(seat_names):
        parts.append(QCoreApplication.translate("TableReading", "at {name}'s seat").format(name=seat_names[spec.seat]))
    else:
        parts.append(QCoreApplication.translate("TableReading", "on the table"))
    if playable(spec, legal):
        parts.append(QCoreApplication.translate("TableReading", "playable") if not spec.choices else
                     QCoreApplication.translate("TableReading", "playable in several ways: Enter shows them"))
    said = " ".join(parts).casefold()
    for line in spec.tooltip.splitlines() if spec.tooltip else []:
        line = " ".join(line.split())
        if line and line.casefold() not in said and line not in seat_names:
            parts.append(line)
            said += " " + line.casefold()
    return QCoreApplication.translate("TableReading", ", ").join(parts)


def seat_text(spec: SeatSpec) -> str:
    """A seat in words: its name, the cards in hand, whose move it is, the dealer, its badge."""
    parts = [spec.name]
    you = QCoreApplication.translate("TableReading", "you")
    if spec.human and spec.name.casefold() != you.casefold():
        parts.append(you)
    n = spec.count
    parts.append(counted(QCoreApplication.translate("TableReading", "%n card(s)", "", n), n))
    if spec.to_move:
        parts.append(QCoreApplication.translate("TableReading", "to move"))
    if spec.dealer:
        parts.append(QCoreApplication.translate("TableReading", "dealer"))
    if spec.greyed:
        parts.append(QCoreApplication.translate("TableReading", "out of the hand"))
    if spec.winner:
        parts.append(QCoreApplication.translate("TableReading", "winner"))
    for extra in (spec.badge_tip or spec.badge, spec.extra):
        if extra:
            parts.append(" ".join(extra.split()))
    return QCoreApplication.translate("TableReading", ", ").join(parts)


def hand_cards(plan: Plan) -> list[CardSpec]:
    """The person's own cards, in the order the keyboard steps through them."""
    return [c for c in plan.cards if c.selectable]


def hand_text(plan: Plan, legal: Sequence[Action], namer: Namer | None) -> str:
    """"Your hand: 7 of Strings, … Playable: …." (the cards the arrows step through)."""
    hand = hand_cards(plan)
    sep = QCoreApplication.translate("TableReading", ", ")
    if not hand:
        text = QCoreApplication.translate("TableReading", "You hold no cards.")
    else:
        text = QCoreApplication.translate("TableReading", "Your hand: {cards}.").format(
            cards=sep.join(card_name(c, namer) for c in hand))
    ok = [card_name(c, namer) for c in hand if playable(c, legal)]
    if ok and len(ok) == len(hand) > 1:
        text += " " + QCoreApplication.translate("TableReading", "You may play any of them.")
    elif ok:
        text += " " + QCoreApplication.translate("TableReading", "Playable: {cards}.").format(cards=sep.join(ok))
    return text


def _label_words(label: LabelSpec) -> str:
    """A label of the table as it is read: its words, or its meaning and its number ("Cards left in
    the stock: 30")."""
    text = " ".join(label.text.split())
    tip = " ".join(label.tooltip.split())
    bare = text.replace("+", "").replace("−", "").replace("-", "").isdigit() or len(text) <= 2
    if bare and tip:
        return QCoreApplication.translate("TableReading", "{what}: {value}").format(what=tip, value=text)
    return text if not bare else ""


def table_text(plan: Plan, namer: Namer | None, seat_names: Sequence[str]) -> str:
    """What lies in the middle of the table and what its words say: each heap's top cards (the pile,
    the trick, the pool, the turned-up cards), the stock, the counter and the other labels."""
    sep = QCoreApplication.translate("TableReading", ", ")
    heaps: dict[str, list[CardSpec]] = {}
    for c in plan.cards:
        if c.seat < 0 and not c.selectable:
            heaps.setdefault(c.role or "table", []).append(c)
    parts: list[str] = []
    for role, cards in heaps.items():
        cards.sort(key=lambda c: -c.z)
        where = tr(ROLE_WORDS[role]) if role in ROLE_WORDS else QCoreApplication.translate(
            "TableReading", "on the table")
        up = [c for c in cards if c.kind is not None and c.face_up]
        if up:
            shown = sep.join(card_name(c, namer) for c in up[:4])
            if len(up) > 4:
                more = len(up) - 4
                shown += sep + QCoreApplication.translate("TableReading", "%n more", "", more)
            heap = QCoreApplication.translate("TableReading", "{where}: {cards}")
            parts.append(heap.format(where=where, cards=shown))
        elif cards[0].tooltip:
            parts.append(" ".join(cards[0].tooltip.split()))
        else:
            parts.append(where)
    said = " ".join(parts)
    words = [w for w in (_label_words(lab) for lab in plan.labels) if w]
    # (a count beside a heap whose own words already say it — "Stock: 88 cards" — is left out)
    parts += [w for w in dict.fromkeys(words)
              if not (w.rsplit(": ", 1)[-1].isdigit() and f" {w.rsplit(': ', 1)[-1]} " in f" {said} ")]
    if not parts:
        return QCoreApplication.translate("TableReading", "Nothing lies on the table.")
    return QCoreApplication.translate("TableReading", "On the table: {things}.").format(
        things=QCoreApplication.translate("TableReading", "; ").join(parts))


def seats_text(plan: Plan) -> str:
    """Every seat in words, the person's first."""
    seats = sorted(plan.seats, key=lambda s: (not s.human, s.seat))
    return QCoreApplication.translate("TableReading", "; ").join(seat_text(s) for s in seats) + "."


# ---------------------------------------------------------------------------------------------
# the accessible interfaces


class Keyed(Protocol):
    """A card item as the reader sees it: its key in the plan."""

    @property
    def key(self) -> Hashable: ...


class ReadableTable(Protocol):
    """What the interfaces read of the table (:class:`~.widget.TableWidget`'s public methods)."""

    def plan(self) -> Plan | None: ...
    def current_view(self) -> View | None: ...
    def seat_names(self) -> list[str]: ...
    def card_namer(self) -> Namer | None: ...
    def selected_card(self) -> Keyed | None: ...
    def item_rect(self, thing: Thing) -> QRect: ...
    def is_blank(self) -> bool: ...


def _selected_key(table: ReadableTable) -> Hashable | None:
    card = table.selected_card()
    return card.key if card is not None else None


def reading(table: ReadableTable) -> str:
    """The table in words, as a screen reader reads its description: your hand and what you may
    play, what lies in the middle, every seat."""
    plan, view = table.plan(), table.current_view()
    if plan is None or view is None or table.is_blank():
        return ""
    namer, names = table.card_namer(), table.seat_names()
    return " ".join((hand_text(plan, view.legal, namer), table_text(plan, namer, names), seats_text(plan)))


def card_words(table: ReadableTable, key: Hashable) -> str:
    """A card of the plan as a screen reader says it: its name, then where it lies and whether it
    plays now."""
    plan, view = table.plan(), table.current_view()
    spec = next((c for c in plan.cards if c.key == key), None) if plan is not None else None
    if spec is None or view is None:
        return ""
    return QCoreApplication.translate("TableReading", "{name}: {description}").format(
        name=card_name(spec, table.card_namer()),
        description=card_description(spec, view.legal, table.seat_names()))


def _things(table: ReadableTable) -> list[Thing]:
    """The table's things as its children, in reading order: the seats (the person's first), the
    middle's cards, the person's cards, then the labels."""
    plan = table.plan()
    if plan is None:
        return []
    seats = sorted(plan.seats, key=lambda s: (not s.human, s.seat))
    middle = sorted((c for c in plan.cards if not c.selectable), key=lambda c: (c.seat, c.role, -c.z))
    # a heap of backs is one thing (its top card: "Stock: 88 cards"); another player's hidden cards
    # are their seat's count, not a list of backs
    tops: set[tuple[int, str]] = set()
    shown = []
    for c in middle:
        if c.kind is None or not c.face_up:
            if c.role == "opponent" or (c.seat, c.role) in tops:
                continue
            tops.add((c.seat, c.role))
        shown.append(c)
    middle = shown
    things: list[Thing] = [("seat", s.seat) for s in seats]
    things += [("card", c.key) for c in middle]
    things += [("card", c.key) for c in plan.cards if c.selectable]
    things += [("label", lab.key) for lab in plan.labels if _label_words(lab)]
    return things


class ItemAccessible(QAccessibleInterface):
    """One seat, card or label of the table (``thing``: ``("seat", q)``, ``("card", key)`` or
    ``("label", key)``), read afresh from the plan on every question."""

    def __init__(self, owner: TableAccessible, thing: Thing):
        super().__init__()
        self.owner = owner
        self.thing = thing

    def _spec(self) -> CardSpec | SeatSpec | LabelSpec | None:
        plan = self.owner.table.plan()
        if plan is None:
            return None
        kind, key = self.thing
        if kind == "seat":
            return next((s for s in plan.seats if s.seat == key), None)
        if kind == "card":
            return next((c for c in plan.cards if c.key == key), None)
        return next((lab for lab in plan.labels if lab.key == key), None)

    def isValid(self) -> bool:
        return self._spec() is not None

    def object(self) -> QObject | None:   # type: ignore[override]
        return None

    def window(self) -> QWindow | None:   # type: ignore[override]
        return self.owner.window()

    def relations(self, match=None):   # noqa: ANN001 - Qt's signature
        return []

    def focusChild(self) -> QAccessibleInterface | None:   # type: ignore[override]
        return None

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:   # type: ignore[override]
        return None

    def parent(self) -> QAccessibleInterface | None:   # type: ignore[override]
        return self.owner

    def child(self, index: int) -> QAccessibleInterface | None:   # type: ignore[override]
        return None

    def childCount(self) -> int:
        return 0

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        return -1

    def text(self, t: QAccessible.Text) -> str:
        spec = self._spec()
        table = self.owner.table
        view = table.current_view()
        legal = view.legal if view is not None else ()
        if isinstance(spec, CardSpec):
            if t == QAccessible.Text.Name:
                return card_name(spec, table.card_namer())
            if t == QAccessible.Text.Description:
                return card_description(spec, legal, table.seat_names())
        elif isinstance(spec, SeatSpec):
            if t == QAccessible.Text.Name:
                return spec.name
            if t == QAccessible.Text.Description:
                return seat_text(spec)
        elif isinstance(spec, LabelSpec):
            if t == QAccessible.Text.Name:
                return _label_words(spec)
            if t == QAccessible.Text.Description:
                return " ".join(spec.tooltip.split())
        return ""

    def setText(self, t: QAccessible.Text, text: str) -> None:
        pass

    def rect(self) -> QRect:
        return self.owner.table.item_rect(self.thing)

    def role(self) -> QAccessible.Role:
        kind = self.thing[0]
        if kind == "card":
            return QAccessible.Role.ListItem
        if kind == "seat":
            return QAccessible.Role.Grouping
        return QAccessible.Role.StaticText

    def state(self) -> QAccessible.State:
        s = QAccessible.State()
        spec = self._spec()
        if spec is None:
            s.invisible = True
            return s
        if isinstance(spec, CardSpec):
            view = self.owner.table.current_view()
            s.focusable = s.selectable = spec.selectable
            s.selected = spec.key == _selected_key(self.owner.table)
            s.focused = s.selected and self.owner.widget.hasFocus()
            s.disabled = not playable(spec, view.legal if view is not None else ())
        elif isinstance(spec, SeatSpec):
            s.active = spec.to_move
        s.readOnly = True
        return s


class TableAccessible(QAccessibleObject):
    """The table's accessible interface: a pane named "Card table", described by the situation in
    words, whose children are its things (:class:`ItemAccessible`) and its choices' controls."""

    def __init__(self, widget: QWidget):
        super().__init__(widget)
        self.widget = widget
        self.table: ReadableTable = widget   # type: ignore[assignment]
        self._items: dict[Thing, ItemAccessible] = {}   # kept while the table lives: Qt may hold them
        self._plan: Plan | None = None                     # the plan the things below are of
        self._things: list[QAccessibleInterface] = []

    def item(self, thing: Thing) -> ItemAccessible:
        it = self._items.get(thing)
        if it is None:
            it = self._items[thing] = ItemAccessible(self, thing)
        return it

    def _controls(self) -> list[QAccessibleInterface]:
        """The controls of the choices shown now (the bars' widgets), as Qt describes them."""
        out = []
        for bar in self.widget.findChildren(QWidget, "choiceBar"):
            if bar.isVisible():
                iface = QAccessible.queryAccessibleInterface(bar)
                if iface is not None:
                    out.append(iface)
        return out

    def _children(self) -> list[QAccessibleInterface]:
        plan = self.table.plan()
        if plan is not self._plan:   # (a bridge asks for every child in turn: the things once per plan)
            self._plan, self._things = plan, [self.item(t) for t in _things(self.table)]
        return [*self._things, *self._controls()]

    def window(self) -> QWindow | None:   # type: ignore[override]
        return self.widget.window().windowHandle()

    def relations(self, match=None):   # noqa: ANN001 - Qt's signature
        return []

    def parent(self) -> QAccessibleInterface | None:   # type: ignore[override]
        p = self.widget.parentWidget()
        return QAccessible.queryAccessibleInterface(p) if p is not None else None

    def child(self, index: int) -> QAccessibleInterface | None:   # type: ignore[override]
        kids = self._children()
        return kids[index] if 0 <= index < len(kids) else None

    def childCount(self) -> int:
        return len(self._children())

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        for i, kid in enumerate(self._children()):
            if kid is child or (kid.object() is not None and kid.object() is child.object()):
                return i
        return -1

    def focusChild(self) -> QAccessibleInterface | None:   # type: ignore[override]
        key = _selected_key(self.table)
        if key is not None and self.widget.hasFocus():
            return self.item(("card", key))
        return None

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:   # type: ignore[override]
        for kid in reversed(self._children()):
            if kid.rect().contains(QPoint(x, y)):
                return kid
        return None

    def text(self, t: QAccessible.Text) -> str:
        if t == QAccessible.Text.Name:
            return self.widget.accessibleName() or QCoreApplication.translate("TableReading", "Card table")
        if t == QAccessible.Text.Description:
            return reading(self.table)
        return ""

    def rect(self) -> QRect:
        w = self.widget
        return QRect(w.mapToGlobal(QPoint(0, 0)), w.size())

    def role(self) -> QAccessible.Role:
        return QAccessible.Role.Pane

    def state(self) -> QAccessible.State:
        s = QAccessible.State()
        w = self.widget
        s.focusable = True
        s.focused = w.hasFocus()
        s.invisible = not w.isVisible()
        return s


_installed = False
# the interfaces made here, by the table's C++ address: Qt keeps them in its cache of interfaces,
# which is torn down after Python has ended — when Python code can no longer run to end an
# interface written in Python.  So each one is taken out of Qt's cache (and so deleted) while Python
# still runs: when its table goes (``destroyed``) and when the application quits (``aboutToQuit``).
_made: dict[int, TableAccessible] = {}


def _release(iface: TableAccessible) -> None:
    """Take ``iface`` and its things' interfaces out of Qt's cache (Qt deletes them)."""
    for item in list(iface._items.values()):
        if shiboken6.isValid(item):
            QAccessible.deleteAccessibleInterface(QAccessible.uniqueId(item))
    iface._items.clear()
    if shiboken6.isValid(iface):
        QAccessible.deleteAccessibleInterface(QAccessible.uniqueId(iface))


def _gone(address: int) -> None:
    iface = _made.pop(address, None)
    if iface is not None:
        _release(iface)


def release_all() -> None:
    """Every interface of a table out of Qt's cache (the application quits)."""
    for address in list(_made):
        _gone(address)


def _factory(key: str, obj: QObject) -> QAccessibleInterface | None:
    if key != "TableWidget" or not isinstance(obj, QWidget):
        return None
    address = shiboken6.getCppPointer(obj)[0]
    old = _made.pop(address, None)
    if old is not None:   # (Qt asks again only once it let the old one go)
        for item in list(old._items.values()):
            if shiboken6.isValid(item):
                QAccessible.deleteAccessibleInterface(QAccessible.uniqueId(item))
    else:
        obj.destroyed.connect(lambda *_: _gone(address))
    iface = _made[address] = TableAccessible(obj)
    return iface


def install() -> None:
    """Give every :class:`~.widget.TableWidget` made from now on the interface above (once)."""
    global _installed
    if not _installed:
        _installed = True
        QAccessible.installFactory(_factory)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(release_all)


def focus_card(widget: QWidget, key: Hashable, words: str) -> None:
    """Tell a screen reader that the keyboard's card is now ``key`` (its words: name, description)."""
    iface = QAccessible.queryAccessibleInterface(widget)
    if not isinstance(iface, TableAccessible):
        return
    item = iface.item(("card", key))
    notify(Notice("focus", words), QAccessibleEvent(item, QAccessible.Event.Focus))
