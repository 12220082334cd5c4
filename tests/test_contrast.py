"""The high-contrast theme meets WCAG 2.1 AA (issue 31): every text at least 4.5:1 against what it
lies on, every mark (a playable card's outline and pointer, the hint, the selection, a trick's
winner, a drawn card, a taken card's band, the turn, a card's edge) at least 3:1 against the felt and
against the card it marks — computed with WCAG's own formulas over every pair of the theme."""
from __future__ import annotations

import dataclasses

import pytest

from cekidesk.ui.foundations import theme
from cekidesk.ui.foundations.theme import DARK, HIGH_CONTRAST, LIGHT, contrast, luminance, over, theme_pairs


def test_the_ratio_is_wcags():
    white, black = (255, 255, 255), (0, 0, 0)
    assert contrast(white, black) == pytest.approx(21.0)
    assert contrast(black, white) == pytest.approx(21.0)
    assert contrast((119, 119, 119), white) == pytest.approx(4.48, abs=0.01)   # #777 on white: just under AA
    assert contrast((118, 118, 118), white) == pytest.approx(4.54, abs=0.01)   # #767676: the lightest grey at AA
    assert luminance((255, 0, 0)) == pytest.approx(0.2126)
    assert over((255, 255, 255, 128), black) == (128, 128, 128)


def test_every_pair_of_the_high_contrast_theme_meets_wcag_aa():
    pairs = list(theme_pairs(HIGH_CONTRAST))
    assert len(pairs) > 90
    failing = [f"{p.what}: {p.ratio:.2f} < {p.need}" for p in pairs if p.ratio < p.need]
    assert failing == []
    # the texts at AA, the marks at 3:1: none of the pairs is asked less (but the felt's rail, a decoration)
    assert {p.need for p in pairs if "rail" not in p.what} == {4.5, 3.0}
    texts = [p for p in pairs if p.need == 4.5]
    assert min(p.ratio for p in texts) >= 4.5 and len(texts) > 20


def test_every_colour_of_the_high_contrast_theme_is_in_a_pair():
    """No colour the theme paints with escapes the check."""
    seen = set()
    for p in theme_pairs(HIGH_CONTRAST):
        seen |= {p.fg[:3], p.bg[:3]}
    for f in dataclasses.fields(HIGH_CONTRAST):
        value = getattr(HIGH_CONTRAST, f.name)
        if f.name in ("felt_rail", "name", "halo", "card_face"):
            continue
        colours = [value] if isinstance(value, tuple) and value and isinstance(value[0], int) else []
        if f.name == "felt":
            colours = list(value)
        if f.name == "labels":
            colours = [c for pair in value.values() for c in pair if len(c) < 4 or c[3] == 255]
        for c in colours:
            assert any(c[:3] == s or over(c, (0, 0, 0)) == s for s in seen), (f.name, c)


def test_the_high_contrast_theme_has_no_translucent_text_or_mark():
    """A translucent colour depends on what is under it; high contrast draws every text and mark opaque."""
    t = HIGH_CONTRAST
    for name in ("legal", "hint", "select", "win", "drawn", "frozen", "taken", "flash", "plate_text", "plate_small",
                 "plate_border", "plate_turn", "caption_text", "caption_fill", "zoom_text", "badge", "badge_text"):
        rgb = getattr(t, name)
        assert len(rgb) == 3 or rgb[3] == 255, name
    assert not t.halo   # crisp lines, no soft glows that blur into the felt


@pytest.mark.parametrize("t", [DARK, HIGH_CONTRAST])
def test_the_window_palettes_of_the_dark_themes_meet_aa_for_their_text(t):
    failing = [f"{p.what}: {p.ratio:.2f}" for p in theme_pairs(t)
               if p.need == 4.5 and ("text" in p.what or "log" in p.what or "link" in p.what) and p.ratio < 4.5
               and "felt" not in p.what]
    assert failing == []


def test_the_themes_are_known_by_name():
    assert theme.theme("high_contrast") is HIGH_CONTRAST and theme.theme("dark") is DARK
    assert theme.theme("no such theme") is LIGHT
    assert LIGHT.palette() is None and HIGH_CONTRAST.palette() is not None
