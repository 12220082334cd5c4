"""The dialogs of issue 30 (playing with people at other computers): hosting a table, joining one,
the waiting room and the chat — their choices for typical and wrong input, their buttons and signals
for the host and the others, and their words after a change of language."""
from __future__ import annotations

from dataclasses import dataclass

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QScreen
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox

from cekidesk.net.protocol import SeatInfo
from cekidesk.persistence.settings import Settings
from cekidesk.ui.dialogs.host_table import HostChoice, HostTableDialog
from cekidesk.ui.dialogs.join_table import (
    ChoiceError,
    JoinChoice,
    JoinTableDialog,
    code_problem,
    normalize_code,
    parse_address,
)
from cekidesk.ui.dialogs.waiting_room import WaitingRoom
from cekidesk.ui.foundations import fonts, i18n
from cekidesk.ui.widgets.chat import MAX_CHAT, PHRASES, ChatPanel


@dataclass(frozen=True)
class Found:
    """A table discovery found (the fields of ``discovery.FoundTable``)."""

    code: str
    game: str
    free_seats: int
    host_name: str
    address: str
    port: int


@pytest.fixture
def screen(monkeypatch):
    area = QRect(0, 0, 1280, 720)
    monkeypatch.setattr(QScreen, "availableGeometry", lambda self: QRect(area))
    return area


@pytest.fixture
def language(qapp):
    fonts.install_javanese_font(qapp)
    yield i18n.set_language
    fonts.set_interface_scale(1.0)
    i18n.set_language("en")


def seat(name: str, kind: str = "person", level: str | None = None, held: bool = True, present: bool = True,
         computer: bool = False, ready: bool = False) -> SeatInfo:
    return SeatInfo(name=name, kind=kind, level=level, held=held, present=present, computer=computer,  # type: ignore[arg-type]
                    ready=ready)


def four_seats(ready_budi: bool = False) -> list[SeatInfo]:
    return [seat("Ayu", ready=True), seat("Budi", ready=ready_budi),
            seat("Player 3", held=False, present=False),
            seat("Bagus", kind="computer", level="hard", present=False, computer=True, ready=True)]


# -- hosting -------------------------------------------------------------------------------------

def test_host_choice_typical(qtbot, screen):
    d = HostTableDialog(Settings(last_game_id="ceki", default_opponents=3))
    qtbot.addWidget(d)
    assert d.seat_kinds() == ["you", "person", "computer", "computer"]   # a second seat is for somebody
    d.seat_edit(0).setText("  Ayu  Rahma ")
    d.seat_level(2).setCurrentIndex(0)          # a second person who will join
    d.takeover_spin.setValue(45)
    d.undo_check.setChecked(True)
    d.port_edit.setText("9000")
    c = d.choice()
    assert isinstance(c, HostChoice)
    assert c.seat_kinds == ["you", "person", "person", "computer"]
    assert c.config.game_id == "ceki" and len(c.config.seats) == 4
    assert c.config.seats[0].name == "Ayu Rahma" and c.config.seats[0].kind == "human"
    assert c.config.seats[3].kind == "bot" and c.config.seats[3].level == "normal"
    assert (c.takeover_after_s, c.undo, c.announce, c.port) == (45.0, True, True, 9000)
    assert c.config.undo_allowed is True
    assert not d.seat_edit(1).isEnabled()       # somebody who joins brings their own name
    assert d.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()


def test_host_defaults(qtbot, screen):
    d = HostTableDialog(Settings())
    qtbot.addWidget(d)
    d.seat_edit(0).setText("Ayu")
    c = d.choice()
    assert (c.takeover_after_s, c.undo, c.announce, c.port) == (30.0, False, True, 8765)
    assert not d.practice_check.isVisible()      # undo is the table's option here


@pytest.mark.parametrize("port", ["80", "1023", "65536", "", "99999"])
def test_host_wrong_port(qtbot, screen, port):
    d = HostTableDialog(Settings())
    qtbot.addWidget(d)
    d.seat_edit(0).setText("Ayu")
    d.port_edit.setText(port)
    with pytest.raises(ChoiceError, match="1024 to 65535"):
        d.choice()
    assert not d.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    assert "1024" in d.table_problem.text()
    d.accept()
    assert d.result() != QDialog.DialogCode.Accepted
    d.port_edit.setText("1024")
    assert d.choice().port == 1024
    d.port_edit.setText("65535")
    assert d.choice().port == 65535


def test_host_needs_somebody_to_join(qtbot, screen):
    d = HostTableDialog(Settings())
    qtbot.addWidget(d)
    d.seat_edit(0).setText("Ayu")
    for i in range(1, d.players_spin.value()):
        d.seat_level(i).setCurrentIndex(1)       # every other seat a computer player
    with pytest.raises(ChoiceError, match="local game|New…"):
        d.choice()
    assert not d.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    assert d.table_problem.isVisibleTo(d)
    d.seat_level(1).setCurrentIndex(0)
    assert d.choice().seat_kinds[1] == "person"
    assert not d.table_problem.isVisibleTo(d)


def test_host_needs_your_name(qtbot, screen):
    d = HostTableDialog(Settings())
    qtbot.addWidget(d)
    d.seat_edit(0).setText("   ")
    with pytest.raises(ChoiceError, match="name"):
        d.choice()


def test_host_keeps_choices_across_games(qtbot, screen):
    d = HostTableDialog(Settings(last_game_id="ceki"))
    qtbot.addWidget(d)
    d.seat_edit(0).setText("Ayu")
    d.game_combo.setCurrentIndex(d.game_combo.findData("kartu-lima"))
    assert d.seat_edit(0).text() == "Ayu"
    assert d.choice().config.game_id == "kartu-lima"
    assert d.choice().seat_kinds[0] == "you"


# -- joining -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "code"), [("c3mgnj", "C3MGNJ"), (" C3M-GNJ ", "C3MGNJ"), ("c3m gnj", "C3MGNJ")])
def test_code_normalised(typed, code):
    assert normalize_code(typed) == code
    assert code_problem(code) == ""


@pytest.mark.parametrize(("typed", "says"), [("", "Type the table code"), ("C3MGN", "6 characters"),
                                             ("C3MGNJK", "6 characters"), ("C0MGNJ", "no 0"),
                                             ("ILOVEU", "no I L O")])
def test_code_wrong(typed, says):
    assert says in code_problem(normalize_code(typed))


@pytest.mark.parametrize(("typed", "parsed"), [
    ("192.168.1.20", ("192.168.1.20", 8765)), ("192.168.1.20:9000", ("192.168.1.20", 9000)),
    ("ayu-laptop.local", ("ayu-laptop.local", 8765)), ("[::1]:8800", ("::1", 8800)), ("::1", ("::1", 8765)),
    ("ws://example.org:8765/", ("example.org", 8765)), (" 10.0.0.2 ", ("10.0.0.2", 8765))])
def test_address_parsed(typed, parsed):
    assert parse_address(typed) == parsed


@pytest.mark.parametrize("typed", ["", "192.168.1.20:0", "192.168.1.20:70000", "host:abc", "bad host", "a..b"])
def test_address_wrong(typed):
    with pytest.raises(ChoiceError):
        parse_address(typed)


def test_join_typed(qtbot, screen):
    d = JoinTableDialog(Settings())
    qtbot.addWidget(d)
    d.address_edit.setText("192.168.1.20:9000")
    d.code_edit.setText("c3m-gnj")
    d.name_edit.setText(" Budi ")
    assert d.choice() == JoinChoice("192.168.1.20", 9000, "C3MGNJ", "Budi", False)
    d.watch_check.setChecked(True)
    assert d.choice().spectate


def test_join_wrong_input_keeps_the_dialog_open(qtbot, screen):
    d = JoinTableDialog(Settings())
    qtbot.addWidget(d)
    d.show()
    d.address_edit.setText("192.168.1.20")
    d.code_edit.setText("C3MGO")
    d.name_edit.setText("Budi")
    d.accept()
    assert d.isVisible() and d.result() != QDialog.DialogCode.Accepted
    assert d.problem.isVisible() and "A table code has no O" in d.problem.text()
    assert d.code_edit.text() == "C3MGO"
    d.code_edit.setText("C3MGN2")
    d.code_edit.textEdited.emit("C3MGN2")       # (what a key press sends)
    assert not d.problem.isVisible()
    d.name_edit.setText("")
    d.accept()
    assert "name" in d.problem.text() and d.isVisible()


def test_join_found_tables(qtbot, screen):
    d = JoinTableDialog(Settings(), found=[Found("C3MGNJ", "ceki", 2, "Ayu", "192.168.1.20", 8765)])
    qtbot.addWidget(d)
    assert d.found_list.count() == 1 and "Ayu" in d.found_list.item(0).text()
    assert not d.found_empty.isVisibleTo(d)
    d.set_found([Found("C3MGNJ", "ceki", 2, "Ayu", "192.168.1.20", 8765),
                 Found("K7PQRS", "kartu-lima", 0, "Budi", "fe80::1", 9000)])
    assert d.found_list.count() == 2
    d.found_list.setCurrentRow(1)
    assert d.code_edit.text() == "K7PQRS" and d.address_edit.text() == "[fe80::1]:9000"
    assert d.watch_check.isChecked()            # a full table: watch only
    d.name_edit.setText("Sari")
    assert d.choice() == JoinChoice("fe80::1", 9000, "K7PQRS", "Sari", True)
    # a double-click on the first joins it
    with qtbot.waitSignal(d.accepted, timeout=2000):
        d.found_list.itemDoubleClicked.emit(d.found_list.item(0))
    assert d.choice() == JoinChoice("192.168.1.20", 8765, "C3MGNJ", "Sari", False)
    d.set_found([])
    assert d.found_list.count() == 0 and d.found_empty.isVisibleTo(d)


def test_join_discovery_line(qtbot, screen):
    d = JoinTableDialog(Settings())
    qtbot.addWidget(d)
    assert not d.discovery_line.isVisibleTo(d)
    d.set_discovery_state("Looking for tables is off: this network does not allow it.")
    assert d.discovery_line.isVisibleTo(d) and "off" in d.discovery_line.text()
    d.set_discovery_state("")
    assert not d.discovery_line.isVisibleTo(d)


# -- the waiting room ------------------------------------------------------------------------------

def room(qtbot, host: bool, you: int | None = 0) -> WaitingRoom:
    w = WaitingRoom()
    qtbot.addWidget(w)
    w.set_table("C3MGNJ", ["192.168.1.20:8765"], "ceki", host, you)
    w.set_seats(four_seats())
    w.show()
    return w


def test_waiting_room_host(qtbot, screen, monkeypatch):
    w = room(qtbot, host=True)
    assert w.code_label.text() == "C3MGNJ" and "C 3 M G N J" in w.code_label.accessibleName()
    assert "192.168.1.20:8765" in w.address_label.text()
    assert w.start_button.isVisible() and not w.start_button.isEnabled()
    assert "Budi" in w.start_why.text()                   # says why not
    assert "(you)" in w._rows[0].name.text() and "host" in w._rows[0].player.text()
    assert not w._rows[0].kind.isVisible() and not w._rows[0].remove.isVisible()
    assert w._rows[1].remove.isVisible() and not w._rows[1].kind.isVisible()
    assert w._rows[2].kind.isVisible() and w._rows[3].kind.isVisible()
    assert w._rows[3].kind.currentData() == "hard"
    w.set_seats(four_seats(ready_budi=True))
    assert w.start_button.isEnabled() and "seat 3" in w.start_why.text()
    with qtbot.waitSignal(w.startRequested, timeout=1000):
        w.start_button.click()
    # a free seat given to a computer player, a computer's seat opened for a person
    with qtbot.waitSignal(w.seatKindChosen, timeout=1000) as sig:
        w._rows[2].kind.activated.emit(w._rows[2].kind.findData("expert"))
    assert sig.args == [2, "computer", "expert"]
    with qtbot.waitSignal(w.seatKindChosen, timeout=1000) as sig:
        w._rows[3].kind.activated.emit(0)
    assert sig.args == [3, "person", ""]
    # remove asks first
    monkeypatch.setattr(w, "confirm_remove", lambda name: False)
    with qtbot.assertNotEmitted(w.removeRequested):
        w._rows[1].remove.click()
    monkeypatch.setattr(w, "confirm_remove", lambda name: name == "Budi")
    with qtbot.waitSignal(w.removeRequested, timeout=1000) as sig:
        w._rows[1].remove.click()
    assert sig.args == [1]
    QApplication.clipboard().clear()
    w.copy_button.click()
    assert "C3MGNJ" in QApplication.clipboard().text() and "192.168.1.20:8765" in QApplication.clipboard().text()


def test_waiting_room_host_start_makes_host_ready(qtbot, screen):
    w = room(qtbot, host=True)
    seats = four_seats(ready_budi=True)
    seats[0] = seat("Ayu", ready=False)
    w.set_seats(seats)
    assert w.start_button.isEnabled()
    with qtbot.waitSignals([w.readyToggled, w.startRequested], order="strict", timeout=1000):
        w.start_button.click()


def test_waiting_room_other(qtbot, screen):
    w = room(qtbot, host=False, you=1)
    assert not w.start_button.isVisible()
    assert not any(r.kind.isVisible() or r.remove.isVisible() for r in w._rows)
    assert "(you)" in w._rows[1].name.text()
    assert not w.ready_button.isChecked()
    with qtbot.waitSignal(w.readyToggled, timeout=1000) as sig:
        w.ready_button.click()
    assert sig.args == [True]
    w.set_seats(four_seats(ready_budi=True))   # the server says so: no second signal
    assert w.ready_button.isChecked()
    with qtbot.waitSignal(w.leaveRequested, timeout=1000):
        w.leave_button.click()
    with qtbot.waitSignal(w.leaveRequested, timeout=1000):
        qtbot.keyClick(w, Qt.Key.Key_Escape)
    assert w.isVisible()                       # the window closes it once the player has left
    w.close()
    assert not w.isVisible()


def test_waiting_room_spectator_and_connection(qtbot, screen):
    w = room(qtbot, host=False, you=None)
    assert not w.ready_button.isVisible()
    assert "watching" in w.start_why.text()
    w.set_connection("reconnecting", 12)
    assert w.connection_line.isVisible() and "12 s" in w.connection_line.text()
    w.set_connection("lost")
    assert "lost" in w.connection_line.text()
    w.set_connection("connected")
    assert not w.connection_line.isVisible()


def test_waiting_room_seat_states(qtbot, screen):
    w = room(qtbot, host=True)
    w.set_seats([seat("Ayu", ready=True), seat("Budi", present=False), seat("Sari", present=False, computer=True),
                 seat("Player 4", held=False, present=False)])
    texts = [r.connection.text() for r in w._rows[:4]]
    assert texts == ["Connected", "Away", "Away: the computer plays", ""]
    assert w._rows[3].player.text() == "Open: waiting for a person"
    w.set_connection("reconnecting")
    assert w._rows[0].connection.text() == "Reconnecting"
    assert not w.ready_button.isEnabled() and not w.start_button.isEnabled()
    w.set_seats([seat("Ayu", ready=True), seat("Budi", ready=True)])   # fewer seats: the others hidden
    assert not w._rows[2].name.isVisible()


def test_waiting_room_fits_the_screen(qtbot, screen, language):
    for lang in ("en", "jv-Java"):
        language(lang)
        QApplication.processEvents()
        w = room(qtbot, host=True)
        w.set_seats([*four_seats(), seat("Sari"), seat("Dewi")])
        QApplication.processEvents()
        assert w.width() <= screen.width() and w.height() <= screen.height(), (lang, w.size())
        assert w.minimumSizeHint().width() <= screen.width(), lang
        w.close()


# -- the chat -------------------------------------------------------------------------------------

def test_chat_enter_sends(qtbot):
    c = ChatPanel()
    qtbot.addWidget(c)
    c.show()
    assert not c.send_button.isEnabled()
    qtbot.keyClicks(c.edit, "Halo kabeh")
    assert c.send_button.isEnabled()
    with qtbot.waitSignal(c.messageEntered, timeout=1000) as sig:
        qtbot.keyClick(c.edit, Qt.Key.Key_Return)
    assert sig.args == ["Halo kabeh"] and c.edit.text() == ""
    with qtbot.assertNotEmitted(c.messageEntered):     # nothing to say: nothing sent
        c.edit.setText("   ")
        qtbot.keyClick(c.edit, Qt.Key.Key_Return)


def test_chat_limit_and_clean(qtbot):
    c = ChatPanel()
    qtbot.addWidget(c)
    c.show()
    c.edit.setText("x" * 400)
    assert len(c.edit.text()) == MAX_CHAT
    assert c.count_label.isVisible() and "300" in c.count_label.text()
    c.edit.setText("a\tb")
    with qtbot.waitSignal(c.messageEntered, timeout=1000) as sig:
        c.send_button.click()
    assert sig.args == ["a b"]


def test_chat_phrases(qtbot):
    c = ChatPanel()
    qtbot.addWidget(c)
    c.show()
    assert [b.text() for b in c.phrase_buttons] == list(PHRASES)
    with qtbot.waitSignal(c.messageEntered, timeout=1000) as sig:
        c.phrase_buttons[1].click()
    assert sig.args == ["Good luck!"]
    # Tab from the line reaches Send, then the phrases
    order, w = [], c.edit
    for _ in range(3):
        w = w.nextInFocusChain()
        while not (w.focusPolicy() & Qt.FocusPolicy.TabFocus):
            w = w.nextInFocusChain()
        order.append(w)
    assert order == [c.send_button, c.phrase_buttons[0], c.phrase_buttons[1]]


def test_chat_lines(qtbot, monkeypatch):
    said: list[str] = []
    monkeypatch.setattr("cekidesk.ui.widgets.chat.announce", lambda obj, text: said.append(text))
    c = ChatPanel()
    qtbot.addWidget(c)
    c.show()
    c.add_line("Budi", "Hello! " * 40)
    c.add_line("Ayu", "Good luck!", own=True)
    c.add_notice("Sari joined the table.")
    assert c.texts() == ["Budi: " + "Hello! " * 40, "Ayu: Good luck!", "Sari joined the table."]
    assert said == ["Budi: " + "Hello! " * 40, "Sari joined the table."]     # the others' lines are read out
    assert c.lines.wordWrap() and c.lines.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    assert c.lines.accessibleName() and c.edit.accessibleName()
    assert all(b.accessibleName() for b in c.phrase_buttons)


# -- words ------------------------------------------------------------------------------------------

def test_retranslated(qtbot, screen, language):
    w = room(qtbot, host=True)
    j = JoinTableDialog(Settings())
    qtbot.addWidget(j)
    english = (w.start_button.text(), w.chat.phrase_buttons[0].text(), j.join_button.text(), w._rows[2].player.text())
    language("id")
    QApplication.processEvents()            # (Qt posts the language change)
    indonesian = (w.start_button.text(), w.chat.phrase_buttons[0].text(), j.join_button.text(),
                  w._rows[2].player.text())
    assert all(a != b for a, b in zip(english, indonesian, strict=True)), indonesian
    language("en")
    QApplication.processEvents()
    assert (w.start_button.text(), w.chat.phrase_buttons[0].text(), j.join_button.text(),
            w._rows[2].player.text()) == english


def test_every_text_translated():
    """Every text of these dialogs has its Indonesian and Javanese translation."""
    import xml.etree.ElementTree as ET
    from pathlib import Path

    contexts = {"HostTableDialog", "JoinTableDialog", "WaitingRoom", "ChatPanel", "NetworkHelp"}
    root = Path(__file__).resolve().parents[1] / "translations"
    for lang in ("id", "jv", "jv_Java"):
        tree = ET.parse(root / f"cekidesk_{lang}.ts")
        missing = [(ctx.findtext("name"), m.findtext("source")) for ctx in tree.getroot().iter("context")
                   if ctx.findtext("name") in contexts for m in ctx.iter("message")
                   if (m.find("translation").get("type") or "") in ("unfinished",) or not m.findtext("translation")]
        assert not missing, (lang, missing[:5])
        found = {ctx.findtext("name") for ctx in tree.getroot().iter("context")}
        assert contexts <= found, (lang, contexts - found)


@pytest.mark.parametrize("lang", ["en", "id", "jv", "jv-Java"])
def test_nothing_clipped(qtbot, screen, language, lang):
    """At 1280×720, no text of the dialogs is cut in any language (the seats and the boxes scroll)."""
    from test_jv_readable import clips

    language(lang)
    QApplication.processEvents()
    host = HostTableDialog(Settings())
    join = JoinTableDialog(Settings(), found=[Found("C3MGNJ", "ceki", 2, "Ayu", "192.168.1.20", 8765),
                                              Found("K7PQRS", "kartu-lima", 0, "Budi", "192.168.1.31", 9000)])
    join.set_discovery_state("Looking for tables on this network is off.")
    w = room(qtbot, host=True)
    w.chat.add_line("Budi", "Halo! " * 30)
    for d in (host, join, w):
        qtbot.addWidget(d)
        d.show()
        QApplication.processEvents()
        assert d.frameGeometry().width() <= screen.width() and d.height() <= screen.height(), (lang, d.size())
        assert not clips(d), (lang, clips(d)[:5])


def test_waiting_room_addresses_with_the_port(qtbot, screen):
    w = WaitingRoom()
    qtbot.addWidget(w)
    w.set_table("C3MGNJ", ["192.168.1.20", "fe80::1", "ayu.local:9000"], "ceki", True, 0, port=9100)
    assert w.addresses == ["192.168.1.20:9100", "[fe80::1]:9100", "ayu.local:9000"]
    w.set_table("C3MGNJ", ["192.168.1.20", "fe80::1"], "ceki", True, 0, port=8765)
    assert w.addresses == ["192.168.1.20", "fe80::1"]
    for shown in w.addresses:                  # what the others type is what the Join dialog reads
        assert parse_address(shown)[1] == 8765


def test_waiting_room_keyboard_and_reader(qtbot, screen):
    w = room(qtbot, host=True)
    order, x = [], w.copy_button
    for _ in range(6):
        x = x.nextInFocusChain()
        while not (x.isVisible() and x.isEnabled() and x.focusPolicy() & Qt.FocusPolicy.TabFocus):
            x = x.nextInFocusChain()
        order.append(x)
    assert order == [w._rows[1].remove, w._rows[2].kind, w._rows[3].kind, w.ready_button, w.leave_button,
                     w.chat.lines]
    assert w._rows[1].number.accessibleName() == "Seat 2: Budi; Person; Connected; Not ready"
    assert w._rows[2].number.accessibleName() == "Seat 3: Open: waiting for a person"


def test_the_name_offered(qtbot, screen):
    j = JoinTableDialog(Settings(), name=" Sari ")
    h = HostTableDialog(Settings(), name="Dewi")
    for d in (j, h):
        qtbot.addWidget(d)
    assert j.name_edit.text() == "Sari"
    assert h.seat_edit(0).text() == "Dewi" and h.choice().config.seats[0].name == "Dewi"
