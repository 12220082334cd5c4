"""The *wangsalan* of Kartu Lima: the riddling phrases a leader says to name the card they lead
(every one the source ``kartu-lima.txt`` gives, after *Javaanse kaartspelen* p. 50), each with its
meaning in the project's own words.

A phrase is a game word in Javanese, so it is a :class:`~cekidesk.ui.foundations.names.GameTerm`
(``wangsalan.<card>.<n>``): the same in every interface language, written in the player's card-name
form (Latin letters, aksara Jawa or both), its meaning the term's translated gloss.
"""

from __future__ import annotations

from cekidesk.aksara import transliterate
from cekidesk.engine.cards import Kind

from ...foundations import names
from ...foundations.i18n import QT_TRANSLATE_NOOP

# per card, its riddles: (phrase, meaning); the 2–9 of Myriads share one name
_RIDDLES: dict[str, tuple[tuple[str, str], ...]] = {
    "WF": (("mandor ténong", QT_TRANSLATE_NOOP("Terms", "the guard of the snack basket: a cat, kucing")),),
    "M1": (
        ("gemak lesung", QT_TRANSLATE_NOOP("Terms", "a quail by the rice mortar: pitik (chicken) sounds like petik")),
        ("dadi layadan", QT_TRANSLATE_NOOP("Terms", "mourned: grief is petikan, which holds petik")),
    ),
    "S1": (
        ("lindu ambèn", QT_TRANSLATE_NOOP("Terms", "what shakes the couch: a joke on the card's shape")),
        ("pada nggawa", QT_TRANSLATE_NOOP("Terms", "what all of us carry: men's banter on its shape")),
        ("srutu wulu", QT_TRANSLATE_NOOP("Terms", "a hairy cigar: again its shape")),
        ("disénggol modot", QT_TRANSLATE_NOOP("Terms", "touch it and it stretches: again its shape")),
        ("paku sentong", QT_TRANSLATE_NOOP("Terms", "the nail of the back room: again its shape")),
        ("kenthès lèker", QT_TRANSLATE_NOOP("Terms", "a pleasant club: again its shape")),
    ),
    "C1": (
        ("wong tuwa", QT_TRANSLATE_NOOP("Terms", "an old person: wrinkled, kisut, sounds like kasut")),
        ("sa tekem", QT_TRANSLATE_NOOP("Terms", "one handful: a rude joke about old age")),
    ),
    "S2": (
        ("tiba kanteb", QT_TRANSLATE_NOOP("Terms", "a hard fall: walking bent, rèngkèk, echoes déngkék")),
        ("ménco jurang", QT_TRANSLATE_NOOP("Terms", "the mynah of the ravine, a bird also called tèngkèk")),
        ("kendang Sala", QT_TRANSLATE_NOOP("Terms", "the Surakarta drum (a Yogyakarta riddle): for its sound")),
    ),
    "S3": (
        ("pager jagad", QT_TRANSLATE_NOOP("Terms", "the fence of the world: a mountain, gunung")),
        ("wudun bumi", QT_TRANSLATE_NOOP("Terms", "a boil on the earth: a mountain")),
        ("gedé duwur", QT_TRANSLATE_NOOP("Terms", "big and tall: a mountain")),
    ),
    "S4": (
        ("sènggèt kembang", QT_TRANSLATE_NOOP("Terms", "a forked pole for picking flowers: cawang")),
        ("pedot del", QT_TRANSLATE_NOOP("Terms", "snapped all at once")),
        ("pedot tengah", QT_TRANSLATE_NOOP("Terms", "broken in the middle")),
    ),
    "S6": (("kluwung ésuk", QT_TRANSLATE_NOOP("Terms", "a morning rainbow: its glow, téja, rhymes with kléja")),),
    "C2": (
        ("bocah bisu", QT_TRANSLATE_NOOP("Terms", "a mute child, mouth open: mlompong, like plompong")),
        ("randa jégang", QT_TRANSLATE_NOOP("Terms", "a widow sitting with one knee drawn up")),
        ("tanpa tutup", QT_TRANSLATE_NOOP("Terms", "without a lid: wide open")),
    ),
    "C5": (
        ("sak wédok", QT_TRANSLATE_NOOP("Terms", "a woman's bag: kanthong is a pouch")),
        ("putra Semar", QT_TRANSLATE_NOOP("Terms", "Semar's son Petruk, nicknamed Kanthong Bolong")),
    ),
    "C6": (
        (
            "wajah tambur",
            QT_TRANSLATE_NOOP("Terms", "drum time: when the drums beat, horses were groomed with a kerok"),
        ),
    ),
    "C7": (
        ("putra pacé", QT_TRANSLATE_NOOP("Terms", "a child of the pacé fruit: pécé means one-eyed, kéra cross-eyed")),
        ("bebed klèmbrèh", QT_TRANSLATE_NOOP("Terms", "a man's cloth hanging loose, askew like a squint")),
        ("mata keplèsèt", QT_TRANSLATE_NOOP("Terms", "an eye that slipped: cross-eyed, kéra")),
    ),
    "M2": (
        (
            "Secadiningrat",
            QT_TRANSLATE_NOOP(
                "Terms",
                "Yogyakarta's name for the Myriads, after Tan Jin Sing, the Chinese-Javanese official of that title",
            ),
        ),
    ),
    "C4": (
        ("rijal bètèng", QT_TRANSLATE_NOOP("Terms", "night noises from a fort: its drums, tambur")),
        ("bedug bètèng", QT_TRANSLATE_NOOP("Terms", "the fort's prayer drum")),
        ("lulang cilaka", QT_TRANSLATE_NOOP("Terms", "the unlucky hide: the drumskin that is beaten")),
    ),
    "C8": (("tumbak gajah", QT_TRANSLATE_NOOP("Terms", "an elephant spear: cis, the short goad, is in picis")),),
    "C9": (
        ("tambak ludira", QT_TRANSLATE_NOOP("Terms", "a pond of blood (the link is not known)")),
        ("lori Pundung", QT_TRANSLATE_NOOP("Terms", "a lorry to Pundung (Yogyakarta): it rolls, nggelinding")),
        ("grobag Imagiri", QT_TRANSLATE_NOOP("Terms", "a cart to Imagiri (Yogyakarta): it rolls too")),
    ),
    "S9": (
        ("geni murub", QT_TRANSLATE_NOOP("Terms", "a blazing fire: the torch, obor")),
        ("obor", QT_TRANSLATE_NOOP("Terms", "a torch")),
    ),
}
# the cards that share another card's riddles
_SAME = {f"M{i}": "M2" for i in range(3, 10)}
# the cards in the order the help page lists them: the dika as the source does, then the others
ORDER = ("WF", "M1", "S1", "C1", "S2", "S3", "S4", "S6", "C2", "C5", "C6", "C7", "M2", "C4", "C8", "C9", "S9")


def _code(card: str, i: int) -> str:
    return f"wangsalan.{card}.{i}"


names.register_terms(
    {
        _code(card, i): names.GameTerm(latin, transliterate(latin), gloss)
        for card, riddles in _RIDDLES.items()
        for i, (latin, gloss) in enumerate(riddles)
    }
)


def riddles(card: Kind | str) -> list[str]:
    """The term codes of ``card``'s wangsalan (none for a card without)."""
    code = card.code if isinstance(card, Kind) else str(card)
    code = _SAME.get(code, code)
    return [_code(code, i) for i in range(len(_RIDDLES.get(code, ())))]


def for_lead(card: Kind, turn: int) -> str | None:
    """The riddle a leader says for ``card`` (``turn`` picks among several, so they vary), if any."""
    codes = riddles(card)
    return codes[turn % len(codes)] if codes else None


def phrase(code: str, style: str) -> str:
    return names.term(code, style)


def meaning(code: str) -> str:
    return names.term_gloss(code)
