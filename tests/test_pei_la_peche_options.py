"""La pêche scores a second full bunci ireng at face value (issue 9, item 17), so the New Game form
does not offer the ``second_bunci`` option while la pêche is chosen."""
from __future__ import annotations

from cekidesk.games.pei.rules import PeiOptions
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.widgets.options_form import OptionsForm

guard_none_refcount()


def test_second_bunci_is_hidden_while_la_peche_is_chosen(qtbot):
    form = OptionsForm(PeiOptions)
    qtbot.addWidget(form)
    form.show()
    variant = form.widgets["variant"]
    for value, shown in (("javanese", True), ("la_peche", False), ("magelang", True)):
        variant.setCurrentIndex(variant.findData(value))
        assert form.is_shown("second_bunci") is shown, value
        assert form.widgets["second_bunci"].isVisible() is shown, value
