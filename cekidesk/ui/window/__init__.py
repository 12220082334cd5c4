"""The main window's house: the window (:mod:`cekidesk.ui.main_window`) is composed of feature objects
(:mod:`.features`), each of which talks to the controller's public API and to the small window
interface of :mod:`.interface` — never to another object's private members.  See docs/ui.md, "The
window and its features"."""
