"""Hypothesis strategies shared by the Ceki property and no-leak tests."""
from __future__ import annotations

from hypothesis import strategies as st


@st.composite
def hand_setups(draw, max_steps: int = 600):
    """(players, dealer, seed, iyo option, picks): ``picks`` choose each action among the legal
    ones; its length is drawn first so that long hands (calls, wins, an empty stock) are as likely
    as short ones."""
    n = draw(st.integers(2, 6))
    dealer = draw(st.integers(0, n - 1))
    seed = draw(st.integers(0, 2**32 - 1))
    iyo = draw(st.booleans())
    steps = draw(st.integers(0, max_steps))
    picks = draw(st.lists(st.integers(0, 2**16), min_size=steps, max_size=steps))
    return n, dealer, seed, iyo, picks
