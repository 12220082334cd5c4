"""The main window's features, one module each (see :mod:`cekidesk.ui.window.interface` for what a
feature may ask of the window and how a change reaches it)."""
