"""Sound effects (Settings ▸ Playing ▸ Sound effects; off by default): a swish when a hand is dealt,
a tap when a card is played, three struck keys when a person at this computer wins a hand.

The replay of the last round, an undo or a redo and opening a game part-way through a hand make no
sound: only what happens at the table now does.
"""
from __future__ import annotations

from ...foundations.sounds import SoundBoard
from ..interface import Change, Feature, WindowInterface


class Sounds(Feature):
    """Hears the window's changes and plays the matching sound on ``board``."""

    def __init__(self, window: WindowInterface, board: SoundBoard | None = None):
        super().__init__(window.widget())
        self.window = window
        self.board = board if board is not None else SoundBoard(self)
        self.apply_settings()

    def apply_settings(self) -> None:
        s = self.window.settings
        self.board.configure(s.sound_effects, s.sound_volume)

    def on_changed(self, change: Change) -> None:
        m = self.window.controller.match
        if m is None:
            return
        if change.kind == "started":
            if not change.rewound and not m.logs[-1] and not m.hand_over():
                self.board.play("deal")
        elif change.kind == "moved":
            self.board.play("play")
        elif change.kind == "hand_ended":
            people = set(self.window.controller.human_seats)
            if people & set(m.state.result().winners):
                self.board.play("win")
