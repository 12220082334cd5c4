"""A test game added the way a built-in game is: its two packages (``toy_high``: the rules, the
computer player, the game class; ``toy_high_ui``: its words, table layout and ``GameUI``) and a
registry entry (:mod:`.plugin`: ``cekidesk.games.register``), which ``tests/conftest.py`` loads, as it
loads every test game's plugin, before the tests are collected.  No shared file names it: a plain
``python3 -m pytest`` runs every shared test with it."""
