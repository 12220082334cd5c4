"""Shared widgets and helpers of the window, its dialogs and the games' own dialogs (a foundation: it
imports no window, no dialog and no game UI, so any of them may use it).

- :mod:`.helpers`: word-wrapped labels that keep room for their lines (``fit_wrapped_labels``), a spin
  box of money (``show_money_unit``), a dialog's Close button (``close_buttons``);
- :mod:`.options_form`: ``OptionsForm``, the generic form of a game's options model;
- :mod:`.pictures`: ``picture_source``, card pictures in a ``QTextBrowser``'s page.
"""
