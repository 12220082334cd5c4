"""The session: one match at the table and everything that happens at it but drawing (no window
toolkit here).  See docs/session.md.

Layers: ``ui`` → ``session`` → ``persistence`` → ``bots`` → ``games`` → ``engine``; the session
imports nothing of the window.
"""
from __future__ import annotations

from .changes import (
    AutosaveRestored,
    Changes,
    HandEnded,
    HintReady,
    MatchEnded,
    PausedChanged,
    Played,
    Problem,
    ReplayEnded,
    ReplayFrame,
    ScreenChanged,
    SeatView,
    Started,
    StatisticsRecorded,
    Step,
    Thinking,
)
from .scheduler import Handle, ManualScheduler, Scheduler, Timer
from .seats import AutoAction, AutosaveWriter, Guide, make_bots
from .session import Listener, Session
from .statistics import StatisticsKeeper

__all__ = ["AutoAction", "AutosaveRestored", "AutosaveWriter", "Changes", "Guide", "HandEnded", "Handle",
           "HintReady", "Listener", "ManualScheduler", "MatchEnded", "PausedChanged", "Played", "Problem",
           "ReplayEnded", "ReplayFrame", "Scheduler", "ScreenChanged", "SeatView", "Session", "Started",
           "StatisticsKeeper", "StatisticsRecorded", "Step", "Thinking", "Timer", "make_bots"]
