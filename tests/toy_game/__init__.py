"""A test game added the way a built-in game is: its two packages (``toy_high``: the rules, the
computer player, the game class; ``toy_high_ui``: its words, table layout and ``GameUI``) and a
registry entry (:mod:`.plugin`: ``cekidesk.games.register``).  No shared file names it: run the
shared tests with it by loading the plugin, ``PYTHONPATH=tests python3 -m pytest -p toy_game.plugin
tests/test_conformance.py``."""
