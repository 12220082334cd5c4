"""The Latin → aksara Jawa transliterator (cekidesk/aksara.py), against RULINGS §1."""
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cekidesk.aksara import (PANGKON, ZWSP, is_javanese_char, strip_protected, transliterate,
                             transliterate_word)

RULINGS = Path("/work/shared/rules/RULINGS.md")

# Every attested spelling listed in RULINGS §1 ("Javanese script"), copied here so the test also runs
# without the rules folder; test_attested_list_matches_rulings checks the copy when the file is there.
ATTESTED = [
    ("ꦥꦺꦲꦶ", "pèhi"), ("ꦥꦺꦃꦱꦶ", "pèhsi"), ("ꦫꦗ", "raja"), ("ꦥꦠꦶꦃ", "patih"), ("ꦲꦸꦚꦶꦏ꧀", "unyik"),
    ("ꦧꦸꦚ꧀ꦕꦶꦲꦶꦉꦁ", "bunci ireng"), ("ꦧꦸꦚ꧀ꦕꦶꦲꦧꦁ", "bunci abang"), ("ꦧꦸꦚ꧀ꦕꦶꦲꦧꦿꦶꦠ꧀", "bunci abrit"),
    ("ꦥꦁꦏꦺꦪꦁ", "pang kéyang"), ("ꦏꦺꦪꦁ", "kéyang"), ("ꦥꦁꦥꦶꦕꦶꦱ꧀", "pang picis"), ("ꦥꦁ", "pang"),
    ("ꦩꦕꦤ꧀", "macan"), ("ꦱꦶꦩ", "sima"), ("ꦩꦠꦼꦤꦶ", "mateni"), ("ꦕꦼꦏꦶ", "ceki"),
    ("ꦛꦺꦴꦛꦶꦠ꧀", "thothit"), ("ꦏꦸꦕꦶꦁ", "kucing"), ("ꦠꦩ꧀ꦧꦸꦂ", "tambur"), ("ꦗꦫꦸꦩ꧀", "jarum"),
]


@pytest.mark.parametrize("script,latin", ATTESTED, ids=[latin for _, latin in ATTESTED])
def test_attested_spellings(script, latin):
    assert transliterate(latin) == script
    # with a joiner the words of a phrase are still run together (the joiner is invisible)
    assert transliterate(latin, joiner=ZWSP).replace(ZWSP, "") == script


def test_attested_list_matches_rulings():
    if not RULINGS.is_file():
        pytest.skip("RULINGS.md is not on this machine")
    text = RULINGS.read_text(encoding="utf-8")
    section = text[text.index("### Javanese script"):text.index("Modern orthography, in short")]
    found = re.findall(r"([\uA980-\uA9DF]+) ([^·\n]+?)(?= ·|\.\n|\n)", section)
    pairs = [(s, re.sub(r"\s+", " ", lat.strip())) for s, lat in found]
    assert len(pairs) == len(ATTESTED)
    assert sorted(pairs) == sorted(ATTESTED)


@pytest.mark.parametrize("latin,script", [
    # vowels: inherent a, wulu, suku, taling (é/è), pepet (e/ê), taling-tarung (o)
    ("kaki", "ꦏꦏꦶ"), ("kuku", "ꦏꦸꦏꦸ"), ("kéré", "ꦏꦺꦫꦺ"), ("kèrè", "ꦏꦺꦫꦺ"), ("kêkêl", "ꦏꦼꦏꦼꦭ꧀"),
    ("loro", "ꦭꦺꦴꦫꦺꦴ"),
    # vowel-initial words and vowel after vowel take ha
    ("iyo", "ꦲꦶꦪꦺꦴ"), ("abang", "ꦲꦧꦁ"), ("ora", "ꦲꦺꦴꦫ"), ("kyai", "ꦏꦾꦲꦶ"),
    # codas: ng/r/h → cecak/layar/wignyan; others pangkon
    ("kertu", "ꦏꦼꦂꦠꦸ"), ("bedor", "ꦧꦼꦢꦺꦴꦂ"), ("sapuh", "ꦱꦥꦸꦃ"), ("kanthong", "ꦏꦤ꧀ꦛꦺꦴꦁ"),
    ("petik", "ꦥꦼꦠꦶꦏ꧀"), ("dhimpil", "ꦝꦶꦩ꧀ꦥꦶꦭ꧀"),
    # ng before a vowel is nga; ngg is cecak + ga
    ("sanga", "ꦱꦔ"), ("kanggo", "ꦏꦁꦒꦺꦴ"), ("ngeté", "ꦔꦼꦠꦺ"),
    # n before c/j is nya
    ("panjang", "ꦥꦚ꧀ꦗꦁ"), ("kenci", "ꦏꦼꦚ꧀ꦕꦶ"), ("njupuk", "ꦚ꧀ꦗꦸꦥꦸꦏ꧀"),
    # clusters: cakra, keret, pengkal, pasangan la; three consonants
    ("abrit", "ꦲꦧꦿꦶꦠ꧀"), ("kreteg", "ꦏꦽꦠꦼꦒ꧀"), ("lintrik", "ꦭꦶꦤ꧀ꦠꦿꦶꦏ꧀"), ("kléja", "ꦏ꧀ꦭꦺꦗ"),
    ("plompong", "ꦥ꧀ꦭꦺꦴꦩ꧀ꦥꦺꦴꦁ"), ("glindhing", "ꦒ꧀ꦭꦶꦤ꧀ꦝꦶꦁ"), ("plenthi", "ꦥ꧀ꦭꦼꦤ꧀ꦛꦶ"),
    # rê = pa cerek, lê = nga lelet (not after a dead consonant)
    ("rega", "ꦉꦒ"), ("lemah", "ꦊꦩꦃ"), ("telu", "ꦠꦼꦭꦸ"),
    # digraphs
    ("dhadha", "ꦝꦝ"), ("thothok", "ꦛꦺꦴꦛꦺꦴꦏ꧀"), ("nyonya", "ꦚꦺꦴꦚ"),
    # loan letters
    ("film", "ꦥ꦳ꦶꦭ꧀ꦩ꧀"), ("zaman", "ꦗ꦳ꦩꦤ꧀"), ("taxi", "ꦠꦏ꧀ꦱꦶ"),
    # capitals are written like small letters
    ("Ceki", "ꦕꦼꦏꦶ"), ("RAJA", "RAJA"),  # an all-capital word is a code and is kept
])
def test_rules(latin, script):
    assert transliterate(latin) == script


def test_phrases_run_together_and_pasangan_joins_words():
    assert transliterate("macan abang") == "ꦩꦕꦤ꧀ꦲꦧꦁ"          # dead n + ha pasangan
    assert transliterate("iyo ratu") == "ꦲꦶꦪꦺꦴꦫꦠꦸ"
    assert transliterate("iyo ratu", joiner=ZWSP) == "ꦲꦶꦪꦺꦴ" + ZWSP + "ꦫꦠꦸ"
    # after a dead consonant no joiner: it would break the pasangan
    assert transliterate("macan putih", joiner=ZWSP) == "ꦩꦕꦤ꧀ꦥꦸꦠꦶꦃ"
    # rê/lê after a dead consonant of the previous word: pasangan + pepet, not pa cerek/nga lelet
    assert transliterate("kucing lemu") == "ꦏꦸꦕꦶꦁꦊꦩꦸ"
    assert transliterate("macan lemu") == "ꦩꦕꦤ꧀ꦭꦼꦩꦸ"
    assert transliterate("lima-lima") == "ꦭꦶꦩꦭꦶꦩ"


def test_final_consonant_before_a_pause_keeps_its_pangkon():
    out = transliterate("Iki macan, dudu kucing.")
    assert out == "ꦲꦶꦏꦶꦩꦕꦤ꧀꧈ ꦢꦸꦢꦸꦏꦸꦕꦶꦁ꧉"
    assert transliterate("unyik?").endswith(PANGKON + "?")


def test_punctuation_digits_and_protected_parts():
    assert transliterate("Kertu {card} dibuwang, {name} menang ×{mult}.") == \
        "ꦏꦼꦂꦠꦸ {card} ꦢꦶꦧꦸꦮꦁ꧈ {name} ꦩꦼꦤꦁ ×{mult}꧉"
    assert transliterate("Ana 120 kertu, 1.5 poin") == "ꦲꦤ 120 ꦏꦼꦂꦠꦸ꧈ 1.5 ꦥꦺꦴꦲꦶꦤ꧀"
    assert transliterate("Pencet Ctrl+N utawa F1") == "ꦥꦼꦚ꧀ꦕꦼꦠ꧀ Ctrl+N ꦲꦸꦠꦮ F1"
    assert transliterate("S9 lan WF") == "S9 ꦭꦤ꧀ WF"
    assert transliterate("<b>ceki</b> dipanggil") == "<b>ꦕꦼꦏꦶ</b> ꦢꦶꦥꦁꦒꦶꦭ꧀"
    assert transliterate("file .cekisave") == "ꦥ꦳ꦶꦊ .cekisave"
    assert transliterate("CekiDesk mlaku") == "CekiDesk ꦩ꧀ꦭꦏꦸ"
    assert transliterate("kertu&nbsp;iki") == "ꦏꦼꦂꦠꦸ&nbsp;ꦲꦶꦏꦶ"
    assert transliterate("Budi lan Sari", keep=["Budi", "Sari"]) == "Budi ꦭꦤ꧀ Sari"
    assert transliterate("Bukak...") == "ꦧꦸꦏꦏ꧀…"
    assert transliterate("siji\nloro") == "ꦱꦶꦗꦶ\nꦭꦺꦴꦫꦺꦴ"


def test_accelerators_move_to_the_end():
    assert transliterate("&Dolanan") == "ꦢꦺꦴꦭꦤꦤ꧀(&D)"
    assert transliterate("Simpen &dolanan…") == "ꦱꦶꦩ꧀ꦥꦼꦤ꧀ꦢꦺꦴꦭꦤꦤ꧀(&D)…"
    assert transliterate("&Basa:") == "ꦧꦱ(&B):"
    assert transliterate("Kertu && kartu") == "ꦏꦼꦂꦠꦸ && ꦏꦂꦠꦸ"


def test_a_word_with_a_foreign_letter_is_refused():
    with pytest.raises(ValueError):
        transliterate_word("straße")


_latin_word = st.text(alphabet="abcdeghijklmnoprstuwyéè", min_size=1, max_size=12)


@settings(max_examples=200, deadline=None)
@given(st.lists(_latin_word, min_size=1, max_size=6))
def test_any_latin_javanese_phrase_gives_javanese_script_only(words):
    text = " ".join(words) + "."
    out = transliterate(text, joiner=ZWSP)
    assert out, text
    assert all(is_javanese_char(c) or c == ZWSP for c in out), (text, out)
    # a pangkon always follows a consonant letter, never a vowel sign or another pangkon
    for i, c in enumerate(out):
        if c == PANGKON:
            assert i > 0 and "\ua98f" <= out[i - 1] <= "\ua9b2" or out[i - 1] == "\ua9b3", (text, out)
    assert strip_protected(out).strip(" " + ZWSP)


@pytest.mark.parametrize("marker", ["%n", "%Ln", "%1", "%L1"])
def test_qt_count_markers_stay_as_they_are(marker):
    """Qt fills %n / %Ln (a plural's count) and %1 at run time: written in aksara Jawa they would
    be shown as letters instead of the number."""
    out = transliterate(f"njaga {marker} pasangan")
    assert marker in out and "ꦚ꧀ꦗꦒ" in out
