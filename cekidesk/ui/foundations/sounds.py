"""The table's sound effects: a card dealt, a card played, a hand won (resources/sounds/*.wav, made by
tools/make_sounds.py).

They play through Qt's multimedia module (``QSoundEffect``), which PySide6 ships in *PySide6-Addons*, not
in the PySide6-Essentials the app needs: ``pip install "cekidesk[sound]"`` adds it (README, Sound
effects).  Without it :func:`sound_available` is False and Settings says how to get sound; nothing else
changes.  Sounds are off by default.
"""
from __future__ import annotations

import functools
import importlib
import time
from collections.abc import Callable
from types import ModuleType
from typing import Literal, Protocol

from PySide6.QtCore import QObject, QUrl

from cekidesk.resources import resource

SoundName = Literal["deal", "play", "win"]
SOUND_NAMES: tuple[SoundName, ...] = ("deal", "play", "win")

#: the shortest gap between two sounds of one kind (seconds): quick computer players' moves make one
#: tap each, not a rattle
MIN_GAP = {"deal": 0.12, "play": 0.09, "win": 0.5}


class Player(Protocol):
    """What plays one sound (a ``QSoundEffect``, or a test's recorder)."""

    def setVolume(self, volume: float) -> None: ...
    def play(self) -> None: ...


@functools.cache
def _multimedia() -> ModuleType | None:
    try:
        return importlib.import_module("PySide6.QtMultimedia")
    except ImportError:
        return None


def sound_available() -> bool:
    """Qt's multimedia module is installed (PySide6-Addons), so sounds can play."""
    return _multimedia() is not None


def _qt_player(name: SoundName, parent: QObject) -> Player | None:
    mm = _multimedia()
    if mm is None:
        return None
    effect: Player = mm.QSoundEffect(parent)
    mm.QSoundEffect.setSource(effect, QUrl.fromLocalFile(str(resource("sounds", f"{name}.wav"))))
    return effect


class SoundBoard(QObject):
    """Plays the named sounds at the chosen volume while sound is on.  ``make_player`` builds the player
    of a sound (default: a ``QSoundEffect``; tests give a recorder); players are made on first use."""

    def __init__(self, parent: QObject | None = None,
                 make_player: Callable[[SoundName, QObject], Player | None] = _qt_player,
                 clock: Callable[[], float] = time.monotonic):
        super().__init__(parent)
        self._make, self._clock = make_player, clock
        self._players: dict[SoundName, Player | None] = {}
        self._last: dict[SoundName, float] = {}
        self.enabled = False
        self.volume = 0.7

    def configure(self, enabled: bool, volume_percent: int) -> None:
        self.enabled = enabled
        self.volume = max(0, min(100, volume_percent)) / 100.0
        for player in self._players.values():
            if player is not None:
                player.setVolume(self.volume)

    def play(self, name: SoundName) -> bool:
        """Play ``name`` (True), unless sound is off, unavailable, silent, or the same sound just played."""
        if not self.enabled or self.volume <= 0.0:
            return False
        now = self._clock()
        if now - self._last.get(name, -1e9) < MIN_GAP[name]:
            return False
        if name not in self._players:
            self._players[name] = self._make(name, self)
            player = self._players[name]
            if player is not None:
                player.setVolume(self.volume)
        player = self._players[name]
        if player is None:
            return False
        self._last[name] = now
        player.play()
        return True
