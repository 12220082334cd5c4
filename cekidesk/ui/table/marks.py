"""What a card item shows besides its face, from the plan and the table's state: the action a click
on it chooses (only one of ``view.legal``), its tooltip and cursor, the glow of a playable card, the
dimming of one that is not, the keyboard's selection, the hint's mark — and how far a selected or
hovered hand card is lifted.  Plain functions of their arguments: the widget calls them."""
from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence

from PySide6.QtCore import QPointF, Qt

from cekidesk.engine.core import Action
from cekidesk.ui.foundations.names import card_tooltip

from ..foundations.cardpics import kind_code
from .cards import CardItem
from .layouts import CardSpec


def set_static(it: CardItem, spec: CardSpec, legal: Sequence[Action], show_codes: bool) -> None:
    """Give ``it`` what ``spec`` says that no animation changes: its size, the part uncovered, role
    and seat, its action (only if it is in ``legal``) or choices, its mark, tooltip and cursor."""
    it.set_height(spec.height)
    it.set_peek(spec.peek)
    it.role = spec.role
    it.seat = spec.seat
    it.action = spec.action if spec.action is not None and spec.action in legal else None
    it.opens = it.action is None and any(c.action in legal for c in spec.choices)
    it.selectable = spec.selectable
    it.strong = spec.strong
    if (it.mark, it.show_code) != (spec.mark, show_codes):
        it.mark = spec.mark
        it.show_code = show_codes
        it.update()
    tips = []
    if spec.kind is not None and spec.face_up:
        try:   # every name of the card: English, Javanese in Latin and aksara Jawa, Peranakan
            name = card_tooltip(spec.kind)
        except Exception:
            name = None
        tips.append(name or kind_code(spec.kind))
    if spec.tooltip:
        tips.append(spec.tooltip)
    tip = "\n".join(tips)
    if tip != it.toolTip():
        it.setToolTip(tip)
    it.setCursor(Qt.CursorShape.PointingHandCursor if it.action is not None or it.opens
                 else Qt.CursorShape.ArrowCursor)


def target_pos(it: CardItem, spec: CardSpec, selected: Hashable | None, hover: CardItem | None) -> QPointF:
    """Where ``it`` stands for ``spec``: its place, lifted if it is the ``selected`` hand card (or,
    a little, the playable card under the mouse, ``hover``)."""
    lift = 0.0
    if spec.selectable:
        if spec.key == selected:
            lift = 0.12 * spec.height
        elif it is hover and (it.action is not None or it.opens):
            lift = 0.05 * spec.height
    if not lift:
        return QPointF(spec.pos)
    a = math.radians(spec.rotation)
    return QPointF(spec.pos.x() + lift * math.sin(a), spec.pos.y() - lift * math.cos(a))


def hint_item(hint: Action | None, items: Mapping[Hashable, CardItem],
              specs: Mapping[Hashable, CardSpec]) -> CardItem | None:
    """The item that shows the hinted action: a card of the hand (or another selectable card; a
    card whose choices hold it), else the top card of the pile that plays it."""
    if hint is None:
        return None
    cands = [it for it in items.values() if it.action == hint
             or any(c.action == hint for c in specs[it.key].choices)]
    if not cands:
        return None
    sel = [it for it in cands if it.selectable]
    return sel[0] if sel else max(cands, key=lambda i: specs[i.key].z)


def decorate(items: Mapping[Hashable, CardItem], specs: Mapping[Hashable, CardSpec], *, highlight: bool,
             selected: Hashable | None, hinted: CardItem | None) -> None:
    """Legal highlights (with ``highlight``: the playable hand cards and each pile's top card),
    dimming, the ``selected`` card and the ``hinted`` one, on every item."""
    any_hand_action = any(it.selectable and (it.action is not None or it.opens) for it in items.values())
    tops: dict[str, CardItem] = {}
    for it in items.values():
        if it.action is not None and not it.selectable:
            cur = tops.get(it.role)
            if cur is None or it.zValue() > cur.zValue() or specs[it.key].z > specs[cur.key].z:
                tops[it.role] = it
    for key, it in items.items():
        spec = specs[key]
        playable = it.action is not None or it.opens
        hl = highlight and playable and (it.selectable or tops.get(it.role) is it)
        dim = spec.dim or (highlight and it.selectable and any_hand_action and not playable)
        changed = (hl, dim, key == selected, it is hinted) != (it.highlight, it.dim, it.selected, it.hint)
        it.highlight, it.dim, it.selected, it.hint = hl, dim, key == selected, it is hinted
        if changed:
            it.update()
