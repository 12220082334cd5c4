"""What a person's gestures on the table mean, as plain functions the widget asks: the keys (the
table's own keys and the games' keys for the Help page and the window's shortcuts, the arrows' step
through the hand) and a drag (the drop target a dragged card is over, the hand place it is dropped
at).  None of them judges a move: a drop target's action counts only if it is offered in the view."""
from __future__ import annotations

from collections.abc import Hashable, Sequence

from PySide6.QtCore import QCoreApplication, QPointF, Qt

from cekidesk.engine.core import CardLike, View, offered_action

from .layouts import DropZone, Plan, registered_layouts

# held down over a card (as the right mouse button), it shows the card large with all its names
ZOOM_KEY = Qt.Key.Key_Z
# the keys that move the keyboard's selection through the hand
STEP_KEYS = (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Home, Qt.Key.Key_End)
# the keys that read the table aloud to a screen reader (the window's actions, by object name)
READ_KEYS: tuple[tuple[str, str], ...] = (
    ("I", "actReadSituation"), ("W", "actReadTurn"), ("E", "actReadTable"), ("Y", "actReadHand"),
    ("A", "actReadSeats"), ("O", "actReadScores"), ("L", "actReadAgain"))
# the keys that end a running animation before they act
SKIP_KEYS = STEP_KEYS + (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)


# the cards a click may ask something of (the person's own, the piles): a refused click there is answered
REFUSABLE_ROLES = frozenset(("hand", "facedown", "stock", "pile", "pool", "peek", "pending"))


def refusable(playing: bool, role: str) -> bool:
    """Whether a click or Enter on a card of ``role`` that plays nothing now is answered (a shake and a
    word): on the person's cards and the piles while a hand is being played (``playing``); the others'
    hands and the strips of thrown cards are only looked at."""
    return playing and role in REFUSABLE_ROLES


def game_keys() -> list[int]:
    """Every key a registered game's table binds to a move (for window-wide shortcuts)."""
    out: list[int] = []
    for cls in registered_layouts().values():
        out.extend(k for k in cls.game_keys if k not in out)
    return out


def read_keys_help() -> list[tuple[str, str]]:
    """(key, what it reads) for each of :data:`READ_KEYS`, translated."""
    what = {
        "I": QCoreApplication.translate("Announcer", "Read the whole situation: whose turn, the table, your hand, "
                                                     "the seats"),
        "W": QCoreApplication.translate("Announcer", "Read whose turn it is"),
        "E": QCoreApplication.translate("Announcer", "Read what lies on the table (the pile's top, the trick, the "
                                                     "counter)"),
        "Y": QCoreApplication.translate("Announcer", "Read your hand and every move you may make"),
        "A": QCoreApplication.translate("Announcer", "Read each seat around the table"),
        "O": QCoreApplication.translate("Announcer", "Read the scores"),
        "L": QCoreApplication.translate("Announcer", "Say the last announcement again"),
    }
    return [(key, what[key]) for key, _ in READ_KEYS]


def shortcuts(game_id: str | None = None) -> list[tuple[str, str]]:
    """(key, what it does) pairs for the Help page — strings already translated: the table's own
    keys, then the keys of ``game_id``'s layout (of every layout when None, first one wins)."""
    out = [
        (QCoreApplication.translate("TableWidget", "Left / Right"),
         QCoreApplication.translate("TableWidget", "Select a card in your hand")),
        (QCoreApplication.translate("TableWidget", "Enter / Space"),
         QCoreApplication.translate("TableWidget", "Play the selected card")),
        (QCoreApplication.translate("TableWidget", "Z or the right mouse button, held"),
         QCoreApplication.translate("TableWidget", "Show the card under the mouse large, with all its names")),
        (QCoreApplication.translate("TableWidget", "Tab, then Left / Right and Enter"),
         QCoreApplication.translate("TableWidget", "Reach the buttons of a choice that is not a card (a bet, a call, "
                                                   "a player); Shift+Tab goes back to your cards, Escape closes a "
                                                   "card's choices")),
        *read_keys_help(),
    ]
    seen = {k for k, _ in out}
    layouts = registered_layouts()
    chosen = [layouts[game_id]] if game_id in layouts else list(layouts.values())
    for cls in chosen:
        for key, what in cls.shortcuts():
            if key not in seen:
                seen.add(key)
                out.append((key, what))
    return out


def step(hand: Sequence[Hashable], selected: Hashable | None, key: int) -> Hashable | None:
    """The hand card (of the keys ``hand``, in order) the keyboard selects after ``key`` (one of
    :data:`STEP_KEYS`) from ``selected``: Home and End the ends, Left and Right the neighbour (round
    the hand; from no selection, the first or last); None for an empty hand."""
    if not hand:
        return None
    i = hand.index(selected) if selected in hand else -1
    if key == Qt.Key.Key_Home:
        i = 0
    elif key == Qt.Key.Key_End:
        i = len(hand) - 1
    elif i < 0:
        i = 0 if key == Qt.Key.Key_Right else len(hand) - 1
    else:
        i = (i + (1 if key == Qt.Key.Key_Right else -1)) % len(hand)
    return hand[i]


def drop_zone(plan: Plan | None, view: View | None, kind: CardLike | None, scene_pos: QPointF) -> DropZone | None:
    """``plan``'s drop target at ``scene_pos`` where dropping a card of ``kind`` is a move offered
    in ``view``."""
    if plan is None or view is None:
        return None
    for zone in plan.drops:
        action = zone.actions.get(kind) if zone.rect.contains(scene_pos) else None
        if action is not None and offered_action(action, view.legal, ()) is not None:
            return zone
    return None


def hand_place(plan: Plan, key: Hashable, scene_pos: QPointF) -> int:
    """Where in the hand the card ``key`` dropped at ``scene_pos`` goes: the number of the other
    hand cards left of it."""
    hand = [c for c in plan.cards if c.selectable and c.key != key]
    return sum(1 for c in hand if c.pos.x() < scene_pos.x())
