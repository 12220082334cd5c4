"""Latin → aksara Jawa (Javanese script) for modern Javanese orthography.  Pure Python, no Qt.

The app uses it to *produce* the Javanese-script card names and terms (``cekidesk/ui/foundations/names.py``) and
the first draft of ``translations/cekidesk_jv_Java.ts`` from the Javanese Latin translation
(``tools/make_jv_java.py``), and to *check* them in the tests.  The rules are those of RULINGS §1
("Javanese script"):

* every consonant carries an inherent *a*; the vowel signs are wulu ꦶ (i), suku ꦸ (u), taling ꦺ
  (é, è), pepet ꦼ (plain e, ê: the schwa) and taling-tarung ꦺ…ꦴ (o, ô, ò);
* a word that starts with a vowel starts with ha ꦲ; a vowel right after another vowel also gets ha;
* a consonant with no vowel after it (a syllable coda) is written with pangkon U+A9C0; before another
  consonant the pangkon and that consonant make the pasangan, which the font draws — except that a
  coda ng, r, h after a vowel is cecak ꦁ, layar ꦂ, wignyan ꦃ;
* n before c or j is written with nya (ꦚ꧀ꦕ, ꦚ꧀ꦗ);
* r after a consonant (a cluster such as br, tr) is cakra ꦿ, and rê in a cluster is keret ꦽ; y
  after a consonant is pengkal ꦾ; rê elsewhere is pa cerek ꦉ and lê is nga lelet ꦊ (after a
  dead consonant lê is written la + pepet, because nga lelet has no pasangan);
* the digraphs dh, th, ny, ng are single letters (ꦝ ꦛ ꦚ ꦔ); loan letters f/v, z, kh take cecak telu
  (ꦥ꦳, ꦗ꦳, ꦏ꦳), q is ka and x is ka-sa;
* the words of a phrase are written without spaces: a word that ends in a dead consonant runs into
  the next word through the pasangan; after any other word an optional ``joiner`` (e.g. a zero-width
  space, so that long sentences can still wrap) is put instead of the space;
* a comma is pada lingsa ꧈, a full stop is pada lungsi ꧉; other punctuation, digits, spaces after
  punctuation and line breaks stay as they are;
* ``{placeholders}``, rich-text ``<tags>``, ``&entities;``, ``%1``-style arguments, card codes and
  key names (words with a capital after the first letter or with a digit, single capitals:
  ``S9``, ``WF``, ``F1``, ``N``, ``CekiDesk``, ``Ctrl+N``) and any words given in ``keep`` are copied untouched;
* a keyboard accelerator ``&X`` in a Latin word cannot be typed on the Javanese letter it would
  fall on, so it moves to the end of the text as ``(&X)`` (before a final ``…``, ``...`` or ``:``),
  the convention Qt translations into other non-Latin scripts use; ``&&`` stays a literal ``&``.

Capital letters are written like small ones (modern orthography without aksara murda).
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

__all__ = [
    "transliterate", "transliterate_word", "is_javanese_char", "JAVANESE_BLOCK", "PANGKON",
    "ZWSP", "ALLOWED_NON_JAVANESE", "strip_protected",
]

JAVANESE_BLOCK = (0xA980, 0xA9DF)
PANGKON = "\ua9c0"
ZWSP = "\u200b"

_CONS: dict[str, str] = {
    "h": "ꦲ", "n": "ꦤ", "c": "ꦕ", "r": "ꦫ", "k": "ꦏ", "d": "ꦢ", "t": "ꦠ", "s": "ꦱ", "w": "ꦮ",
    "l": "ꦭ", "p": "ꦥ", "dh": "ꦝ", "j": "ꦗ", "y": "ꦪ", "ny": "ꦚ", "m": "ꦩ", "g": "ꦒ", "b": "ꦧ",
    "th": "ꦛ", "ng": "ꦔ",
    # loan letters (cecak telu U+A9B3 marks the foreign sound)
    "f": "ꦥ꦳", "v": "ꦥ꦳", "z": "ꦗ꦳", "kh": "ꦏ꦳", "q": "ꦏ",
}
_DIGRAPHS = ("ng", "ny", "dh", "th", "kh")
_VOWEL_SIGN = {"a": "", "i": "ꦶ", "u": "ꦸ", "E": "ꦺ", "@": "ꦼ", "o": "ꦺꦴ"}
_CODA = {"ng": "ꦁ", "r": "ꦂ", "h": "ꦃ"}
HA = "ꦲ"
CAKRA, KERET, PENGKAL = "ꦿ", "ꦽ", "ꦾ"
PA_CEREK, NGA_LELET = "ꦉ", "ꦊ"
PADA_LINGSA, PADA_LUNGSI = "꧈", "꧉"

# Latin vowels (after lower-casing) → the vowel classes above.
_VOWELS = {"a": "a", "â": "a", "i": "i", "ì": "i", "í": "i", "u": "u", "ù": "u", "ú": "u",
           "é": "E", "è": "E", "e": "@", "ê": "@", "ë": "@", "o": "o", "ô": "o", "ò": "o", "ó": "o"}
_LETTERS = set(_VOWELS) | set("bcdfghjklmnpqrstvwxyz")

# Characters besides the Javanese block that a Javanese-script text may contain.
# (▸ appears in menu paths, * in file-dialog patterns, © in the credits, ¢ in amounts of money, = in
# worked sums, 萬 is the sign printed on the Myriad cards that the rules describe.)
ALLOWED_NON_JAVANESE = set(" \t\n\u00a0" + ZWSP + "0123456789" + "!?:;()[]\"'«»“”‘’…–—-/+−×=%·•,.▸*©¢萬→↻↺±●")

_PROTECTED = re.compile(
    r"\{[^{}]*\}"                       # {placeholder}
    r"|<[^<>]*>"                        # <rich text tag>
    r"|&(?:[A-Za-z]+|#\d+|#x[0-9A-Fa-f]+);"  # &entity;
    r"|&&"                              # a literal ampersand
    r"|%L?\d+|%L?n"                     # %1, and the count %n (%Ln) of a plural text
    r"|\d+(?:[.,:]\d+)*"                # numbers, also 1.5, 10:30
    r"|\b[A-Za-z]+(?:\+[A-Za-z0-9]+)+\b"  # Ctrl+N, Shift+F1
    r"|\b(?:[A-Za-z][a-z]*[A-Z0-9][A-Za-z0-9]*|[A-Z][0-9A-Z]*)\b(?!['’])"  # S9, WF, F1, N, CekiDesk
    r"|\.[a-z]{2,10}\b(?=[^A-Za-z]|$)"  # .cekisave (a file suffix; a sentence's full stop is followed
)                                         # by a space or ends the text, so it is not taken here)


def is_javanese_char(ch: str) -> bool:
    return JAVANESE_BLOCK[0] <= ord(ch) <= JAVANESE_BLOCK[1]


def strip_protected(text: str, keep: Iterable[str] = ()) -> str:
    """``text`` without what :func:`transliterate` copies untouched (placeholders, tags, codes …),
    and without accelerators: what is left of a Javanese-script text must be Javanese script."""
    out = text
    for word in sorted(keep, key=len, reverse=True):
        out = out.replace(word, " ")
    out = re.sub(r"\(&[A-Za-z0-9]\)", " ", out)
    out = _PROTECTED.sub(" ", out)
    return out


# ---------------------------------------------------------------------------------------------

def _units(word: str) -> list[tuple[str, str]]:
    """A lower-case Latin word → [("C", "ng"), ("V", "a"), …]; x becomes k + s."""
    out: list[tuple[str, str]] = []
    i = 0
    while i < len(word):
        two = word[i:i + 2]
        ch = word[i]
        if two in _DIGRAPHS:
            out.append(("C", two))
            i += 2
            continue
        if ch in _VOWELS:
            out.append(("V", _VOWELS[ch]))
        elif ch == "x":
            out += [("C", "k"), ("C", "s")]
        elif ch in _CONS:
            out.append(("C", ch))
        else:
            raise ValueError(f"not a Latin letter of Javanese: {ch!r} in {word!r}")
        i += 1
    return out


def transliterate_word(word: str, after_dead: bool = False) -> tuple[str, bool]:
    """One Latin word (letters only) → (aksara Jawa, whether it ends in a dead consonant written
    with a pangkon).  ``after_dead``: the word follows, in the same phrase, a word that ended in a
    dead consonant, so its first consonant is a pasangan (this matters for rê and lê)."""
    word = unicodedata.normalize("NFC", word.lower())
    units = _units(word)
    out: list[str] = []
    n = len(units)
    prev_dead = after_dead   # the letter written last is a consonant with pangkon (or will be one)
    prev_vowel = False       # the last unit was a vowel (so a coda ng/r/h is cecak/layar/wignyan)
    i = 0
    while i < n:
        kind, val = units[i]
        if kind == "V":
            out.append(HA + _VOWEL_SIGN[val])  # word-initial vowel, or a vowel after a vowel
            prev_vowel, prev_dead = True, False
            i += 1
            continue
        nxt = units[i + 1] if i + 1 < n else None
        if nxt is not None and nxt[0] == "V":
            vowel = nxt[1]
            # an onset consonant with its vowel
            if val == "r" and vowel == "@":
                out.append(PA_CEREK if not prev_dead else _CONS["r"] + _VOWEL_SIGN["@"])
            elif val == "l" and vowel == "@":
                out.append(NGA_LELET if not prev_dead else _CONS["l"] + _VOWEL_SIGN["@"])
            else:
                out.append(_CONS[val] + _VOWEL_SIGN[vowel])
            prev_vowel, prev_dead = True, False
            i += 2
            continue
        # no vowel follows: a coda, or the first consonant of a cluster
        if prev_vowel and val in _CODA:
            out.append(_CODA[val])
            prev_vowel, prev_dead = False, False
            i += 1
            continue
        letter = _CONS[val]
        if val == "n" and nxt is not None and nxt[1] in ("c", "j"):
            letter = _CONS["ny"]
        # a cluster with r or y (br, tr, ky): cakra / keret / pengkal instead of pangkon + letter
        if (nxt is not None and nxt[1] in ("r", "y") and i + 2 < n and units[i + 2][0] == "V"):
            vowel = units[i + 2][1]
            if nxt[1] == "r":
                out.append(letter + (KERET if vowel == "@" else CAKRA + _VOWEL_SIGN[vowel]))
            else:
                out.append(letter + PENGKAL + _VOWEL_SIGN[vowel])
            prev_vowel, prev_dead = True, False
            i += 3
            continue
        out.append(letter + PANGKON)
        prev_vowel, prev_dead = False, True
        i += 1
    return "".join(out), prev_dead


def _is_latin_word(tok: str) -> bool:
    return all(c in _LETTERS or c in "'’" for c in unicodedata.normalize("NFC", tok.lower()))


def transliterate(text: str, joiner: str = "", keep: Iterable[str] = ()) -> str:
    """A Latin Javanese text → aksara Jawa, following the module's rules.

    ``joiner`` is put between two words of a phrase where no pasangan joins them (default: nothing,
    as in handwriting; the translation tool passes a zero-width space so long lines can wrap).
    ``keep``: extra words to copy untouched (names, …).
    """
    keep = tuple(sorted(set(keep), key=len, reverse=True))
    # 1. the accelerator: "&Dolanan" → "Dolanan" and remember "D"
    accel = ""
    pieces: list[tuple[bool, str]] = []  # (protected, text)
    pos = 0
    pattern = _PROTECTED if not keep else re.compile(
        "|".join(re.escape(k) for k in keep) + "|" + _PROTECTED.pattern)
    for m in pattern.finditer(text):
        if m.start() > pos:
            pieces.append((False, text[pos:m.start()]))
        pieces.append((True, m.group(0)))
        pos = m.end()
    if pos < len(text):
        pieces.append((False, text[pos:]))
    cleaned: list[tuple[bool, str]] = []
    for protected, chunk in pieces:
        if not protected:
            amp = re.search(r"&([^\W_])", chunk)
            if amp:
                accel = amp.group(1).upper()
                chunk = chunk[:amp.start()] + chunk[amp.start() + 1:]
        cleaned.append((protected, chunk))

    # 2. tokens: Latin words, spaces, and everything else (protected pieces, punctuation, digits)
    tokens: list[tuple[str, str]] = []
    for protected, chunk in cleaned:
        if protected:
            tokens.append(("keep", chunk))
            continue
        pos = 0
        for m in re.finditer(r"[^\W\d_]+(?:['’][^\W\d_]+)*|\s+|-(?=[^\W\d_])", chunk):
            if m.start() > pos:
                tokens.append(("other", chunk[pos:m.start()]))
            tok = m.group(0)
            if tok.isspace():
                tokens.append(("space", tok))
            elif tok == "-":
                tokens.append(("hyphen", tok))
            elif _is_latin_word(tok):
                tokens.append(("word", tok))
            else:
                tokens.append(("keep", tok))
            pos = m.end()
        if pos < len(chunk):
            tokens.append(("other", chunk[pos:]))

    # 3. write: words of a phrase run together; a dead consonant joins the next word by pasangan
    out: list[str] = []
    prev_word_dead: bool | None = None  # None: the last thing written was not a Javanese word
    i = 0
    while i < len(tokens):
        kind, tok = tokens[i]
        if kind == "word":
            jav, dead = transliterate_word(tok.replace("'", "").replace("’", ""),
                                           after_dead=bool(prev_word_dead))
            out.append(jav)
            prev_word_dead = dead
        elif kind in ("space", "hyphen"):
            nxt = tokens[i + 1] if i + 1 < len(tokens) else None
            if prev_word_dead is not None and nxt is not None and nxt[0] == "word" and "\n" not in tok:
                if not prev_word_dead:
                    out.append(joiner)
                # after a dead consonant nothing goes between: the pasangan joins the words
            else:
                out.append(tok)
                prev_word_dead = None
        else:
            if kind == "other":
                tok = tok.replace("...", "…")  # an ellipsis, not three full stops
                tok = tok.replace(",", PADA_LINGSA).replace(".", PADA_LUNGSI)
            out.append(tok)
            prev_word_dead = None
        i += 1
    result = "".join(out)
    if accel:
        end = re.search(r"(…|\.\.\.|:)?$", result)
        tail = end.group(0) if end else ""
        result = result[:len(result) - len(tail)] + f"(&{accel})" + tail
    return result
