"""The help page "Playing with others": hosting a table, telling the others its code and address,
joining by the list or by typing, the waiting room and the chat, what happens when a connection
drops, undo at a networked table and the host quitting.  A page of the How-to-play window
(:class:`~cekidesk.ui.window.help.HowToPlayDialog`, after the games' pages; Help ▸ Playing with others
opens it), written as data like the games' pages and rendered by the same renderer."""
from __future__ import annotations

from ..foundations.i18n import QT_TRANSLATE_NOOP
from ..games.help_page import Bullets, Contents, HelpPage, Para, Section, Title

#: the page's key in the How-to-play window
NETWORK_PAGE = "network"
#: its name in the list of pages
PAGE_TITLE = QT_TRANSLATE_NOOP("NetworkHelp", "Playing with others")

_HOST = Section("host", QT_TRANSLATE_NOOP("NetworkHelp", "Hosting a table"), (
    Para(QT_TRANSLATE_NOOP(
        "NetworkHelp",
        "Choose <b>Game ▸ Host a table…</b>. The dialog offers everything New Game does — the game, its rules, "
        "the match and the deal number — and for each seat who plays it: <b>You</b> (the first seat), <b>A person "
        "who will join</b> from another computer, or a computer player of a level.")),
    Bullets((
        QT_TRANSLATE_NOOP("NetworkHelp", "<b>A computer plays for somebody away after</b>: when a person's "
                                         "connection drops, their seat waits this many seconds for them; then a "
                                         "computer player plays it until they are back."),
        QT_TRANSLATE_NOOP("NetworkHelp", "<b>Undo when every person agrees</b>: off, nobody takes a move back; "
                                         "on, a person may ask, and everybody else is asked to agree."),
        QT_TRANSLATE_NOOP("NetworkHelp", "<b>Announce the table on the local network</b>: computers on the same "
                                         "home or office network see the table in their Join list by themselves."),
        QT_TRANSLATE_NOOP("NetworkHelp", "<b>Port</b>: the number the others' computers connect to (8765 unless "
                                         "another program uses it)."),
    )),
    Para(QT_TRANSLATE_NOOP(
        "NetworkHelp",
        "At least one seat must be a person who will join: with nobody else, play at this computer with Game ▸ "
        "New… instead. The table runs inside CekiDesk on your computer while the window is open.")),
))

_SHARE = Section("share", QT_TRANSLATE_NOOP("NetworkHelp", "Telling the others"), (
    Para(QT_TRANSLATE_NOOP(
        "NetworkHelp",
        "The waiting room shows the <b>table code</b> in large letters — six letters and digits, easy to read out "
        "— and this computer's addresses. <b>Copy the invitation</b> copies both, to paste into a message.")),
    Bullets((
        QT_TRANSLATE_NOOP("NetworkHelp", "On the same network (at home, in the office) the others usually need "
                                         "only to open Game ▸ Join a table…: the table is in their list."),
        QT_TRANSLATE_NOOP("NetworkHelp", "Elsewhere, tell them an address and the code. Over the internet your "
                                         "router must pass the port on to this computer; tell them the router's "
                                         "public address."),
    )),
))

_JOIN = Section("join", QT_TRANSLATE_NOOP("NetworkHelp", "Joining a table"), (
    Para(QT_TRANSLATE_NOOP(
        "NetworkHelp",
        "Choose <b>Game ▸ Join a table…</b>. Tables announced on your network appear in the list by themselves: "
        "double-click one to join it. Or type the <b>address</b> the host tells you (with the port after a colon "
        "if it is not 8765) and the <b>table code</b> — small letters, spaces and dashes are fine.")),
    Para(QT_TRANSLATE_NOOP(
        "NetworkHelp",
        "Type the name the others will see. <b>Watch only</b> takes no seat: you follow the seats and the chat, "
        "and see each hand when it ends, with its end-of-hand summary and the score sheet; while a hand is being "
        "played, a spectator sees none of its cards.")),
))

_WAITING = Section("waiting", QT_TRANSLATE_NOOP("NetworkHelp", "The waiting room and the chat"), (
    Para(QT_TRANSLATE_NOOP(
        "NetworkHelp",
        "Everybody at the table sees the seats: each one's name, a person or a computer player, the connection "
        "and who is ready. Press <b>I am ready</b> when you are. The host starts the match; seats nobody has "
        "taken by then are played by computer players. Before the start the host may give a free seat to a "
        "computer player, open a computer's seat for a person, or remove a person.")),
    Para(QT_TRANSLATE_NOOP(
        "NetworkHelp",
        "The chat takes short messages (up to 300 characters; Enter sends) and has ready phrases that send at a "
        "click, in your language.")),
))

_DROPS = Section("drops", QT_TRANSLATE_NOOP("NetworkHelp", "When the connection drops"), (
    Bullets((
        QT_TRANSLATE_NOOP("NetworkHelp", "CekiDesk connects again by itself and takes your seat back; the window "
                                         "says what it is doing. Nothing of the game is lost."),
        QT_TRANSLATE_NOOP("NetworkHelp", "The others see you as reconnecting, then away; after the host's delay a "
                                         "computer player plays for you until you are back."),
        QT_TRANSLATE_NOOP("NetworkHelp", "After a long outage you may go on waiting or leave the table."),
    )),
))

_UNDO = Section("undo", QT_TRANSLATE_NOOP("NetworkHelp", "Undo at a networked table"), (
    Para(QT_TRANSLATE_NOOP(
        "NetworkHelp",
        "Moves are not taken back at a networked table, unless the host chose <b>Undo when every person "
        "agrees</b>. Then Undo asks everybody else; if all agree, your last move is taken back for everybody. "
        "If somebody says no, or nobody answers within a minute, the move stays.")),
))

_QUIT = Section("quit", QT_TRANSLATE_NOOP("NetworkHelp", "When the host quits"), (
    Para(QT_TRANSLATE_NOOP(
        "NetworkHelp",
        "The table lives in the host's CekiDesk: when the host quits, everybody is told and the table closes. The "
        "match stays saved on the host's computer; the host can open it and host it again, and the others join "
        "it with the code it then shows. A saved networked match also opens at one computer like any other "
        "save.")),
))

PAGE = HelpPage("NetworkHelp", (
    Title(PAGE_TITLE),
    Para(QT_TRANSLATE_NOOP(
        "NetworkHelp",
        "People at other computers can play at one table with you — at home on the same network, or over the "
        "internet. One of you hosts the table; the others join it. The table plays exactly like a game at one "
        "computer, with a chat and the connection of each person at their seat.")),
    Contents(),
    _HOST, _SHARE, _JOIN, _WAITING, _DROPS, _UNDO, _QUIT,
))

__all__ = ["NETWORK_PAGE", "PAGE", "PAGE_TITLE"]
