"""Test-only games: small games that exercise parts of the protocol no real game uses yet.  Tests
register them with ``cekidesk.games.register`` and unregister them afterwards; they are never in
``BUILTIN_GAMES``."""
