"""When the autosave is written, and what its writer's answers mean.

The session asks for an autosave after every move (a lesson leaves the autosave of the game it
interrupted alone); the bytes are made here, on the session's thread (the match is never read and
changed at once), and written by the injected :class:`~cekidesk.session.seats.AutosaveWriter` off
it.  A failure is told once (``Problem("autosave_failed")``); while saving keeps failing, every later
move tries again quietly, and the first success after that is :class:`AutosaveRestored`.
"""
from __future__ import annotations

import logging

from cekidesk.engine.match import Match
from cekidesk.persistence import paths
from cekidesk.persistence.saves import SaveFileError, Seat, match_to_document, save_bytes

from .changes import AutosaveRestored, Problem
from .seats import AutosaveWriter

log = logging.getLogger(__name__)


class Autosaves:
    """Asks ``writer`` for the autosave; ``failing``: the last one failed (and that was told)."""

    def __init__(self, writer: AutosaveWriter | None):
        self.writer = writer
        self.failing = False

    def request(self, match: Match, seats: tuple[Seat, ...], undo_allowed: bool,
                undone_hands: frozenset[int]) -> Problem | AutosaveRestored | None:
        """Write ``match`` as the autosave (remove it if the match is over)."""
        if self.writer is None:
            return None
        if match.is_over():
            self.writer.remove()
            return None
        try:
            data = save_bytes(match_to_document(match, seats, undo_allowed=undo_allowed, undone_hands=undone_hands),
                              paths.autosave_path())
        except SaveFileError as exc:
            return self.done(str(exc))
        self.writer.write(data)
        return None

    def done(self, error: str) -> Problem | AutosaveRestored | None:
        """What the writer did (``error`` empty: it worked): the step to tell, if any."""
        if error:
            if self.failing:
                log.debug("autosave still failing: %s", error)
                return None
            self.failing = True
            return Problem("autosave_failed", error)
        if self.failing:
            self.failing = False
            log.info("autosave works again")
            return AutosaveRestored()
        return None

    def flush(self) -> bool:
        """Wait until the autosave asked so far is on the disk (or removed); True if it is."""
        return self.writer.flush() if self.writer is not None else True

    def exists(self) -> bool:
        """Whether there is an autosave to continue (once what was asked is done)."""
        return self.writer.will_exist() if self.writer is not None else paths.autosave_path().exists()


__all__ = ["Autosaves"]
