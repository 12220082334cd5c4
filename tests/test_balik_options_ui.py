"""Issue 32: the Balik family's new choices show in the New Game dialog's options form with a title
and help text in every language."""
from __future__ import annotations

import pytest
from PySide6.QtWidgets import QCheckBox

import cekidesk.ui.games.balik.texts  # noqa: F401  (the family's option words)
from cekidesk.games.balik.options import BalikSatuOptions
from cekidesk.ui.foundations import i18n
from cekidesk.ui.widgets.options_form import OptionsForm

ENGLISH = ("A point for a win after a tan call (Pwee)",
           "Pwee's book gives one more point for winning after a tan call. Off by default: the source "
           "calls it superfluous, since a tan winner always scores at least 1 for a mata.")


@pytest.mark.parametrize("lang", ["en", "id", "jv", "jv-Java"])
def test_the_tan_bonus_is_offered_off_with_a_title_and_help_in_every_language(qtbot, qapp, lang):
    try:
        i18n.set_language(lang)
        form = OptionsForm(BalikSatuOptions)
        qtbot.addWidget(form)
        check = form.findChild(QCheckBox, "option_tan_bonus")
        assert check is not None and not check.isChecked()
        title, helptext = check.text().replace("&", ""), check.toolTip()
        assert title and helptext
        if lang == "en":
            assert (title, helptext) == ENGLISH
        else:
            assert title != ENGLISH[0] and helptext != ENGLISH[1]
            assert "balik.option" not in title + helptext
    finally:
        i18n.set_language("en")
