"""The table's feed: what the table shows as the game changes (the view, the computer players'
moves in words beside their seats, who is thinking, the replay of the last round) and the moves the
table chooses, played through the controller."""
from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from PySide6.QtCore import Slot
from PySide6.QtGui import QKeySequence, QShortcut

from cekidesk.engine.core import Action, Event, View

from ..captions import caption_ms, show_captions
from ..interface import Change, Feature, WindowInterface

log = logging.getLogger(__name__)


class TableFeed(Feature):
    """The table of the game on the table; ``hint()`` gives the hint to mark again after a replay."""

    def __init__(self, window: WindowInterface, hint: Callable[[], Action | None]):
        super().__init__(window.widget())
        self.window = window
        self.thinking = -1    # the computer player thinking now (−1: none)
        self.hint = hint
        c, table = window.controller, window.table
        # Esc is the table's own but during a replay of the last round
        self.end_replay_key = QShortcut(QKeySequence("Escape"), window.widget(), c.stop_replay)
        self.end_replay_key.setEnabled(False)
        table.actionChosen.connect(self._on_action_chosen)
        table.clicked.connect(self._on_table_clicked)
        table.dealt.connect(lambda: c.hold(False))   # the hand is on the table: the computer players go on

    def thinking_seat(self) -> int:
        return self.thinking

    def on_changed(self, change: Change) -> None:
        c, table = self.window.controller, self.window.table
        m = c.match
        if change.kind == "started" and m is not None:
            self.thinking = -1
            table.set_game(m.spec.id, self.window.seat_names(), change.changes.viewer)
            # (a hand rebuilt by an undo is not dealt again unless it is back at its start)
            table.show_view(change.view, c.deal_events() if not (change.rewound and m.logs[-1]) else [])
            c.hold(table.is_dealing())   # the computer players move once the hand is dealt
        elif change.kind == "moved":
            self.thinking = -1   # until the controller says who thinks next (the one who moved no longer does)
            table.set_thinking(-1)
            table.show_view(change.view, list(change.events))
            self._captions(change.events)
        elif change.kind in ("thinking", "hand_ended"):
            self.thinking = change.seat if change.kind == "thinking" else -1
            table.set_thinking(self.thinking)
        elif change.kind == "replay_frame":
            self._show_frame(change.view, change.events)
        elif change.kind == "replay_ended":
            self._show_live()

    def _captions(self, events: Sequence[Event], replay: bool = False) -> None:
        """Each computer player's move in words beside its seat (in a replay, everyone's), for as long
        as the pace gives; pace 0 (instant) shows none but in a replay."""
        c = self.window.controller
        m = c.match
        ms = caption_ms(c.replay_ms() if replay else c.pace_ms)
        if m is not None and ms > 0:
            show_captions(self.window, m.spec.id, events, c.human_seat, self.window.seat_names(), ms, replay)

    def _show_frame(self, view: View, events: Sequence[Event]) -> None:
        """One position of the replay of the last round, with the captions of its moves."""
        self.end_replay_key.setEnabled(True)
        self.window.table.set_thinking(-1)
        self.window.table.show_view(view, list(events))
        self._captions(events, replay=True)

    @Slot()
    def show_live_position(self) -> None:
        """The live position again, as it was before a replay (its thinking seat and hint)."""
        self._show_live()
        self.window.refresh()

    def _show_live(self) -> None:
        self.end_replay_key.setEnabled(False)
        c, table = self.window.controller, self.window.table
        if c.match is not None:
            table.clear_captions()
            table.show_view(c.view())
            table.set_thinking(self.thinking)
            hint = self.hint()
            if hint is not None:
                table.set_hint(hint)

    @Slot(object)
    def _on_action_chosen(self, action: Action) -> None:
        if not self.window.controller.play(action):
            log.info("the table offered %s, which is not playable now", action)

    @Slot()
    def _on_table_clicked(self) -> None:
        """A click on the table ends a replay, else skips the pause before a computer player's move."""
        c = self.window.controller
        if c.replaying:
            c.stop_replay()
        else:
            c.skip_pacing()
