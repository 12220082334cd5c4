"""The hint's words: a Decision's reasons as one translated line (cekidesk/ui/foundations/reasons.py).

Texts are registered under ``reason.<code>`` (the test registers its own under ``testgame.…``);
card codes are worded by the namer, whole numbers as numbers, ``%n`` in the plural form its count
needs, true/false parameters choose a text, and nothing unknown ever shows as a code."""
from __future__ import annotations

import logging
import random
import re

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator

from cekidesk.bots import make_bot
from cekidesk.games import new_match
from cekidesk.ui.app import guard_none_refcount
from cekidesk.ui.foundations import i18n, names
from cekidesk.ui.foundations.i18n import QT_TRANSLATE_NOOP
from cekidesk.ui.foundations.reasons import describe_reasons

guard_none_refcount()

names.register_texts("TestReasons", {
    "reason.testgame.unseen": QT_TRANSLATE_NOOP("TestReasons", "{n} of the {of} remaining {kind} are unseen"),
    "reason.testgame.pairs": QT_TRANSLATE_NOOP("TestReasons", "keeps %Ln live pair(s)"),
    "reason.testgame.swap": QT_TRANSLATE_NOOP("TestReasons", "gives up {kind} for {wanted_kind}"),
    "reason.testgame.combo": QT_TRANSLATE_NOOP("TestReasons", "works toward {combo}"),
    "reason.testgame.shape": QT_TRANSLATE_NOOP("TestReasons", "saves %n card(s) toward {target} points"),
    "reason.testgame.many": QT_TRANSLATE_NOOP("TestReasons", "%Ln card(s) seen"),
    "testgame.combo.tiger": QT_TRANSLATE_NOOP("TestReasons", "the tiger"),
})

LATIN = names.card_namer("latin")


@pytest.fixture(autouse=True)
def _english(qapp):
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_nothing_to_say_is_an_empty_line():
    assert describe_reasons((), LATIN) == ""
    assert describe_reasons([("no.such.reason", {"n": 2})], LATIN) == ""


def test_the_searchs_own_reason_in_both_forms_and_both_numbers():
    assert describe_reasons([("search.deals", {"deals": 412, "prior": False})], LATIN) == \
        "played out best in 412 imagined deals"
    assert describe_reasons([("search.deals", {"deals": 412, "prior": True})], LATIN) == \
        "confirmed in 412 imagined deals"
    assert describe_reasons([("search.deals", {"deals": 1, "prior": False})], LATIN) == \
        "played out best in 1 imagined deal"


def test_reasons_join_in_order_with_cards_named_and_numbers_counted():
    reasons = (("testgame.pairs", {"n": 2}), ("testgame.unseen", {"kind": "C9", "n": 3, "of": 4}),
               ("search.deals", {"deals": 1200, "prior": True}))
    assert describe_reasons(reasons, LATIN) == (
        "keeps 2 live pairs; 3 of the 4 remaining 9 of Coins — glindhing are unseen; confirmed in 1,200 imagined deals")
    assert describe_reasons([("testgame.pairs", {"n": 1})], LATIN) == "keeps 1 live pair"
    # any parameter ending in _kind is a card; the player's card-name form is the namer's
    assert describe_reasons([("testgame.swap", {"kind": "RF", "wanted_kind": "S9"})], names.card_namer("javanese")) \
        == "gives up Red Flower — ꦏꦼꦚ꧀ꦕꦶ for 9 of Strings — ꦱꦔꦧꦁ"
    # %n counts n; in a reason without n, its first whole number; the other numbers are written out
    assert describe_reasons([("testgame.shape", {"n": 1, "target": 30})], LATIN) == "saves 1 card toward 30 points"
    assert describe_reasons([("testgame.shape", {"target": 30, "left": 2})], LATIN) == "saves 30 cards toward 30 points"
    # %Ln: the count as the locale writes numbers
    assert describe_reasons([("testgame.many", {"n": 12345})], LATIN) == "12,345 cards seen"
    # a word of the game's own, registered as <game>.<parameter>.<value>
    assert describe_reasons([("testgame.combo", {"combo": "tiger"})], LATIN) == "works toward the tiger"


def test_what_cannot_be_worded_is_left_out_and_never_shown_as_a_code(caplog):
    caplog.set_level(logging.DEBUG, logger="cekidesk.ui.foundations.reasons")
    good = ("testgame.pairs", {"n": 2})
    odd = [
        ("ceki.never_registered", {"kind": "C9"}),             # an unknown code
        ("testgame.unseen", {"kind": "ZZ", "n": 3, "of": 4}),  # not a card
        ("testgame.combo", {"combo": "dragon"}),               # a word the game never registered
        ("testgame.unseen", {"kind": "C9", "n": 3}),           # a parameter its text needs is missing
        ("testgame.pairs", {}),                                # nothing for %n to count
        ("testgame.swap", {"kind": "C9", "wanted_kind": 7}),   # a card that is a number
    ]
    for reason in odd:
        assert describe_reasons([good, reason, good], LATIN) == "keeps 2 live pairs; keeps 2 live pairs", reason
    shown = describe_reasons(odd, LATIN)
    assert shown == "" and not re.search(r"ZZ|dragon|never_registered|%L?n|\{", shown)
    assert any("never_registered" in r.getMessage() for r in caplog.records if r.levelno == logging.DEBUG)


class _Javanese(QTranslator):
    """The texts of this test in aksara Jawa (as the translation pass will give them); Javanese has
    one form for every number, so %n stands in a single form."""

    WORDS = {
        "keeps %Ln live pair(s)": "ꦤꦾꦶꦥꦤ꧀%Lnꦥꦱꦁꦔꦤ꧀ꦲꦸꦫꦶꦥ꧀",
        "{n} of the {of} remaining {kind} are unseen": "{n}ꦱꦏꦶꦁ{of}{kind}ꦢꦸꦫꦸꦁꦏꦠꦺꦴꦤ꧀",
        "played out best in %Ln imagined deal(s)": "ꦥꦭꦶꦁꦧꦒꦸꦱ꧀ꦲꦶꦁ%Lnꦥꦶꦪꦏ꧀ꦏꦤ꧀",
        "; ": "꧈ ",
    }

    def translate(self, context, source, disambiguation=None, n=-1):
        return self.WORDS.get(source)


def test_in_aksara_jawa_the_translated_texts_the_scripts_card_names_and_the_count():
    i18n.set_language("jv-Java")
    javanese = _Javanese()
    QCoreApplication.installTranslator(javanese)
    try:
        line = describe_reasons((("testgame.pairs", {"n": 2}), ("testgame.unseen", {"kind": "C9", "n": 3, "of": 4}),
                                 ("search.deals", {"deals": 412, "prior": False})),
                                names.card_namer("javanese"))
    finally:
        QCoreApplication.removeTranslator(javanese)
    assert line == ("ꦤꦾꦶꦥꦤ꧀2ꦥꦱꦁꦔꦤ꧀ꦲꦸꦫꦶꦥ꧀꧈ 3ꦱꦏꦶꦁ4" + names.card_label("C9", "javanese") + "ꦢꦸꦫꦸꦁꦏꦠꦺꦴꦤ꧀꧈ "
                    "ꦥꦭꦶꦁꦧꦒꦸꦱ꧀ꦲꦶꦁ412ꦥꦶꦪꦏ꧀ꦏꦤ꧀")
    assert "ꦒ꧀ꦭꦶꦤ꧀ꦝꦶꦁ" in line                             # glindhing, the 9 of Coins, in aksara Jawa


@pytest.mark.parametrize("game, players", [("ceki", 3), ("pei", 3)])
def test_every_reason_a_game_gives_is_worded(game, players):
    """Each game's reasons (its search hooks) for every legal move of positions through a hand have
    texts, so the hint never loses a reason for want of words."""
    from cekidesk.games import get_game
    from cekidesk.ui.games import load_game_uis

    load_game_uis()
    reasons_of = get_game(game).search.reasons
    m = new_match(game, players, 4)
    rng = random.Random(4)
    seen: set[str] = set()
    while not m.hand_over():
        seat = m.state.to_act()[0]
        view = m.state.view(seat)
        for action in view.legal:
            for reason in reasons_of(view, action):
                seen.add(reason[0])
                assert describe_reasons([reason], names.card_namer("both")), reason
        m.apply(rng.choice(view.legal))
    assert len(seen) >= 3, seen


def test_a_searching_players_reasons_read_as_words():
    """A real Hard decision: whatever reasons its game gives, the line has no codes and no blanks."""
    m = new_match("ceki", 3, 8)
    for _ in range(7):                                     # a few moves in: something to weigh
        seat = m.state.to_act()[0]
        m.apply(make_bot("ceki", "normal", seat).choose(m.state.view(seat), random.Random(seat)))
    seat = m.state.to_act()[0]
    decision = make_bot("ceki", "hard", seat, budget=0.02).decide(m.state.view(seat), random.Random(1))
    assert any(code == "search.deals" for code, _ in decision.reasons)
    line = describe_reasons(decision.reasons, LATIN)
    assert "imagined deal" in line
    assert not re.search(r"\b(ceki|search|reason)\.|%L?n|\{|\}|_", line), line
