"""Sound effects: the files are what tools/make_sounds.py makes; the sound board plays only while sound is
on, at the chosen volume, one sound of a kind at a time; the window plays the deal, each move and a
person's win — and nothing for an undo, a replay or an opened game part-way through a hand; Settings
offers the box and the volume, greyed with a word where Qt's multimedia module is missing.

Played through the real window (offscreen) with the test game and a recorder in place of the sound
device: what is checked is *which* sounds are asked for, never how they sound or how fast."""
from __future__ import annotations

import subprocess
import sys
import wave
from pathlib import Path

import pytest
from PySide6.QtWidgets import QLabel
from toy_game.toy_high import GAME
from waiting import HANG_GUARD_MS
from window_helpers import open_window

from cekidesk.persistence.saves import Seat
from cekidesk.persistence.settings import Settings
from cekidesk.resources import resource
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.dialogs.new_game import NewGameConfig
from cekidesk.ui.dialogs.settings import SettingsDialog
from cekidesk.ui.foundations import sounds
from cekidesk.ui.foundations.sounds import SOUND_NAMES, SoundBoard

guard_none_refcount()
ROOT = Path(__file__).resolve().parent.parent


class Recorder:
    """A sound player that writes down what it was asked to do."""

    def __init__(self, name: str, heard: list[str]):
        self.name, self.heard = name, heard
        self.volume = -1.0

    def setVolume(self, volume: float) -> None:
        self.volume = volume

    def play(self) -> None:
        self.heard.append(self.name)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def board(heard: list[str], clock: Clock | None = None) -> tuple[SoundBoard, dict[str, Recorder]]:
    made: dict[str, Recorder] = {}

    def make(name, parent):
        made[name] = Recorder(name, heard)
        return made[name]

    return SoundBoard(make_player=make, clock=clock or Clock()), made


# -- the files ----------------------------------------------------------------------------------------

def test_the_sound_files_are_what_the_tool_makes():
    done = subprocess.run([sys.executable, "tools/make_sounds.py", "--check"], cwd=ROOT, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_each_sound_is_a_short_mono_wav(name):
    with wave.open(str(resource("sounds", f"{name}.wav")), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22_050)
        seconds = w.getnframes() / w.getframerate()
        frames = w.readframes(w.getnframes())
    assert 0.05 < seconds < 1.5
    peak = max(abs(int.from_bytes(frames[i:i + 2], "little", signed=True)) for i in range(0, len(frames), 2))
    assert 0.5 * 32_767 < peak < 32_767       # loud enough to hear, never clipped


# -- the board ------------------------------------------------------------------------------------------

def test_the_board_is_silent_until_sound_is_on_and_then_plays_at_the_volume():
    heard: list[str] = []
    b, made = board(heard)
    assert not b.play("deal") and heard == []
    b.configure(True, 40)
    assert b.play("deal") and heard == ["deal"]
    assert made["deal"].volume == pytest.approx(0.4)
    b.configure(True, 90)           # a player already made follows the new volume
    assert made["deal"].volume == pytest.approx(0.9)
    b.configure(True, 0)            # silent: nothing is asked of the device
    assert not b.play("play") and heard == ["deal"]
    b.configure(False, 90)
    assert not b.play("win") and heard == ["deal"]


def test_quick_sounds_of_a_kind_make_one_sound_not_a_rattle():
    heard: list[str] = []
    clock = Clock()
    b, _ = board(heard, clock)
    b.configure(True, 70)
    assert b.play("play")
    clock.now += 0.01
    assert not b.play("play")       # the same sound again at once
    assert b.play("deal")           # another kind is its own
    clock.now += 0.2
    assert b.play("play")
    assert heard == ["play", "deal", "play"]


def test_without_a_sound_device_the_board_says_so_and_plays_nothing():
    b = SoundBoard(make_player=lambda name, parent: None)
    b.configure(True, 70)
    assert not b.play("win")


def test_the_qt_player_is_used_only_where_qt_multimedia_is_installed():
    try:
        import PySide6.QtMultimedia  # noqa: F401
    except ImportError:
        assert not sounds.sound_available()
        assert sounds._qt_player("deal", SoundBoard()) is None
    else:
        assert sounds.sound_available()
        parent = SoundBoard()
        player = sounds._qt_player("deal", parent)
        assert player is not None and player.source().toLocalFile().endswith("deal.wav")


# -- the window --------------------------------------------------------------------------------------------

@pytest.fixture
def toy_high():
    from toy_game import plugin

    import cekidesk.games as registry

    registered = GAME.id in {g.id for g in registry.games()}
    plugin.register()
    yield GAME
    if not registered:
        registry.unregister(GAME.id)


def listening(qtbot, **settings) -> tuple[object, list[str]]:
    w = open_window(qtbot, **settings)
    heard: list[str] = []
    w.sounds.board, _ = board(heard)
    w.sounds.board._clock = lambda: float(len(heard))    # (each sound a second after the one before)
    w.sounds.apply_settings()
    return w, heard


def start(w, seed: int = 3) -> None:
    seats = [Seat.human("You"), Seat.bot("normal", "Budi")]
    assert w.start_new_game(NewGameConfig(GAME.id, seats, seed, {}, {"mode": "hands", "hands": 3}))


def play_the_hand(qtbot, w) -> None:
    c = w.controller
    while not c.match.hand_over():
        qtbot.waitUntil(lambda: c.waiting_for_human() or c.match.hand_over(), timeout=HANG_GUARD_MS)
        if c.waiting_for_human():
            assert c.play(c.view().legal[0])


def test_sound_is_off_by_default():
    assert Settings().sound_effects is False


def test_the_window_plays_the_deal_each_move_and_a_persons_win(qtbot, toy_high):
    w, heard = listening(qtbot, sound_effects=True)
    start(w)
    assert heard == ["deal"]
    play_the_hand(qtbot, w)
    m = w.controller.match
    moves = len(m.logs[-1])
    assert heard.count("play") == moves > 0
    won = 0 in m.state.result().winners
    assert ("win" in heard) == won
    assert heard[0] == "deal" and heard.count("deal") == 1


def test_no_sound_when_the_box_is_off(qtbot, toy_high):
    w, heard = listening(qtbot)
    start(w)
    play_the_hand(qtbot, w)
    assert heard == []


def test_an_undo_makes_no_deal_sound(qtbot, toy_high):
    w, heard = listening(qtbot, sound_effects=True)
    start(w)
    c = w.controller
    qtbot.waitUntil(lambda: c.waiting_for_human(), timeout=HANG_GUARD_MS)
    assert c.play(c.view().legal[0])
    qtbot.waitUntil(lambda: c.waiting_for_human() or c.match.hand_over(), timeout=HANG_GUARD_MS)
    assert c.can_undo()
    before = len(heard)
    assert c.undo()
    qtbot.waitUntil(lambda: c.waiting_for_human(), timeout=HANG_GUARD_MS)
    assert len(c.match.logs[-1]) < 2 and "deal" not in heard[before:]


def test_settings_offers_sound_and_volume_and_stores_them(qtbot):
    s = Settings()
    dlg = SettingsDialog(s)
    qtbot.addWidget(dlg)
    assert dlg.sound.isChecked() is False and not dlg.volume.isEnabled()
    label = next(lab for lab in dlg.findChildren(QLabel) if lab.buddy() is dlg.volume)
    assert not label.isEnabled()        # greyed with its slider
    if sounds.sound_available():
        assert dlg.sound.isEnabled() and dlg.sound_help.isHidden()
        dlg.sound.setChecked(True)
        assert dlg.volume.isEnabled() and label.isEnabled()
    else:
        assert not dlg.sound.isEnabled() and not dlg.sound_help.isHidden()
        assert "README" in dlg.sound_help.text()
    dlg.volume.setValue(35)
    assert s.sound_volume == 35


def test_a_hand_edited_volume_out_of_range_falls_back_to_the_default(tmp_path):
    from cekidesk.persistence.settings import read_settings

    p = tmp_path / "settings.json"
    p.write_text('{"schema_version": 2, "sound_effects": true, "sound_volume": 400}', encoding="utf-8")
    got = read_settings(p)
    s = got[0] if isinstance(got, tuple) else got
    assert s.sound_effects is True and s.sound_volume == Settings().sound_volume
