"""Ce Pe's words: the game's option and preset titles, the log lines' templates, the counter and the
changes of it in words.  Its game UI is :mod:`.game_ui`, the How-to-play page :mod:`.help`, the table
:mod:`.layout`; the words of an effect (``+1 or +11``) and of a rule set's problems are
:mod:`.effects`, shared with the rule editor.

Every number the engine reports (the counter before and after, the amount chosen) is written here:
the engine speaks in codes (RULINGS §6, ``cekidesk.games.ce_pe``).
"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from cekidesk.engine.cards import WKind
from cekidesk.engine.match import Match
from cekidesk.games.ce_pe.rules import CePeView
from cekidesk.games.ce_pe.ruleset import CePeOptions

from ...foundations import names
from ...foundations.i18n import QT_TRANSLATE_NOOP
from ..base import log_sentence

names.register_texts(
    "CePeTerms",
    {
        "game.ce-pe": QT_TRANSLATE_NOOP("CePeTerms", "Ce Pe"),
        "game.ce-pe.blurb": QT_TRANSLATE_NOOP(
            "CePeTerms",
            "2–8 players, a Western deck. Each card moves a shared counter that must never pass the limit; "
            "who cannot play loses a life, and the last player standing wins. Four published rule sets, "
            "or your own."),
        "ce-pe.option.name": QT_TRANSLATE_NOOP("CePeTerms", "Name of the rules"),
        "ce-pe.option.name.help": QT_TRANSLATE_NOOP("CePeTerms", "What these rules are called."),
        "ce-pe.option.limit": QT_TRANSLATE_NOOP("CePeTerms", "Limit"),
        "ce-pe.option.limit.help": QT_TRANSLATE_NOOP(
            "CePeTerms", "The counter may never go above this number."),
        "ce-pe.option.start": QT_TRANSLATE_NOOP("CePeTerms", "Counter at the start"),
        "ce-pe.option.start.help": QT_TRANSLATE_NOOP("CePeTerms", "Where the counter stands when a hand is dealt."),
        "ce-pe.option.hand_size": QT_TRANSLATE_NOOP("CePeTerms", "Cards in a hand"),
        "ce-pe.option.hand_size.help": QT_TRANSLATE_NOOP(
            "CePeTerms", "How many cards each player is dealt (and keeps by drawing)."),
        "ce-pe.option.decks": QT_TRANSLATE_NOOP("CePeTerms", "Decks"),
        "ce-pe.option.decks.help": QT_TRANSLATE_NOOP("CePeTerms", "How many 52-card decks are shuffled together."),
        "ce-pe.option.penalty": QT_TRANSLATE_NOOP("CePeTerms", "Who cannot play"),
        "ce-pe.option.penalty.help": QT_TRANSLATE_NOOP(
            "CePeTerms", "What a player loses when no card of their hand can be played."),
        "ce-pe.option.penalty.lives": QT_TRANSLATE_NOOP("CePeTerms", "turns a card face down (a life)"),
        "ce-pe.option.penalty.tokens": QT_TRANSLATE_NOOP("CePeTerms", "loses a token"),
        "ce-pe.option.penalty.out": QT_TRANSLATE_NOOP("CePeTerms", "is out at once"),
        "ce-pe.option.tokens": QT_TRANSLATE_NOOP("CePeTerms", "Tokens"),
        "ce-pe.option.tokens.help": QT_TRANSLATE_NOOP(
            "CePeTerms", "How many tokens each player starts with; with none left they are out."),
        "ce-pe.option.redeal_after_loss": QT_TRANSLATE_NOOP("CePeTerms", "Redeal after every loss"),
        "ce-pe.option.redeal_after_loss.help": QT_TRANSLATE_NOOP(
            "CePeTerms", "A lost token or a player out ends the hand; the next hand is dealt, and the match goes "
                         "on until one player is left."),
        "ce-pe.option.instant_win": QT_TRANSLATE_NOOP("CePeTerms", "Instant win at"),
        "ce-pe.option.instant_win.help": QT_TRANSLATE_NOOP(
            "CePeTerms", "A play that leaves the counter exactly here wins the hand at once (empty: off)."),
        "ce-pe.option.effects": QT_TRANSLATE_NOOP("CePeTerms", "Effects"),
        "ce-pe.option.effects.help": QT_TRANSLATE_NOOP("CePeTerms", "What each rank does when it is played."),
        "ce-pe.option.card_effects": QT_TRANSLATE_NOOP("CePeTerms", "Effects of single cards"),
        "ce-pe.option.card_effects.help": QT_TRANSLATE_NOOP(
            "CePeTerms", "Cards whose effect differs from their rank's, such as the Ace of Spades."),
        "ce-pe.preset.ce_pe": QT_TRANSLATE_NOOP("CePeTerms", "Ce Pe"),
        "ce-pe.preset.ce_pe.help": QT_TRANSLATE_NOOP(
            "CePeTerms", "The source's game: limit 100, four cards, lives as face-down cards; 3 exchanges, "
                         "5 chooses who is next, 7 reverses, J skips, K sets 100."),
        "ce-pe.preset.normal_99": QT_TRANSLATE_NOOP("CePeTerms", "Normal 99"),
        "ce-pe.preset.normal_99.help": QT_TRANSLATE_NOOP(
            "CePeTerms", "Limit 99, five cards, out when you cannot play; 4 reverses, 5 chooses, J passes, "
                         "K sets 99, the Ace of Spades sets 0."),
        "ce-pe.preset.bloody": QT_TRANSLATE_NOOP("CePeTerms", "Bloody"),
        "ce-pe.preset.bloody.help": QT_TRANSLATE_NOOP(
            "CePeTerms", "Normal 99, and a 7 takes its replacement from another player's hand; an Ace other "
                         "than Spades swaps whole hands."),
        "ce-pe.preset.ninety_nine": QT_TRANSLATE_NOOP("CePeTerms", "Ninety-Nine"),
        "ce-pe.preset.ninety_nine.help": QT_TRANSLATE_NOOP(
            "CePeTerms", "Three cards and three tokens, limit 99; who cannot play loses a token and the hand "
                         "is dealt again; 4 reverses, 9 adds nothing, 10 takes 10 off."),
        "ending.last_standing": QT_TRANSLATE_NOOP("CePeTerms", "Last player standing"),
        "ending.last_standing.help": QT_TRANSLATE_NOOP(
            "CePeTerms", "The match ends when only one player is left in; with a redeal after every loss, what "
                         "each player lost is carried from hand to hand."),
        "stake.eliminated": QT_TRANSLATE_NOOP("CePeTerms", "eliminated"),
    },
)

# how a hand was won, for the player's statistics (cekidesk.games.ce_pe.stats.WIN_KINDS)
names.register_win_kinds(("ce-pe",), "CePeTerms", {
    "last_standing": QT_TRANSLATE_NOOP("CePeTerms", "last player standing"),
    "instant_win": QT_TRANSLATE_NOOP("CePeTerms", "instant win"),
})

# why a computer player (the hint) chose its move: cekidesk.games.ce_pe.bot.reasons, codes under the
# game's package name (``ce_pe.``), the card as ``kind``
names.register_texts(
    "Reasons",
    {
        "reason.ce_pe.pressure": QT_TRANSLATE_NOOP(
            "Reasons", "leaves the counter at {counter}, close to the limit of {limit}, for the next player"),
        "reason.ce_pe.lowers": QT_TRANSLATE_NOOP(
            "Reasons", "brings the counter down to {counter}, leaving room for your next cards"),
        "reason.ce_pe.keep_magic": QT_TRANSLATE_NOOP(
            "Reasons", "keeps the cards that can be played at any count for later"),
        "reason.ce_pe.target_weakest": QT_TRANSLATE_NOOP("Reasons", "aims at the player closest to going out"),
        "reason.ce_pe.worst_card": QT_TRANSLATE_NOOP("Reasons", "{kind} is the card worth least to keep"),
    },
)

# the log's sentences by (event, the human did it, variant)
_TEMPLATES: dict[tuple[str, bool, str], str] = {
    ("deal", True, ""): QT_TRANSLATE_NOOP(
        "GameLog", "{dealer} deals %n card(s) each; the counter starts at {counter}, {starter} begins. "
                   "You hold {cards}."),
    # (issue 32: you as the subject in the second person, "you begin", never "You begins")
    ("deal", True, "you_begin"): QT_TRANSLATE_NOOP(
        "GameLog", "{dealer} deals %n card(s) each; the counter starts at {counter} and you begin. "
                   "You hold {cards}."),
    ("deal", True, "you_deal"): QT_TRANSLATE_NOOP(
        "GameLog", "You deal %n card(s) each; the counter starts at {counter}, {starter} begins. "
                   "You hold {cards}."),
    ("deal", True, "you_deal_begin"): QT_TRANSLATE_NOOP(
        "GameLog", "You deal %n card(s) each; the counter starts at {counter} and you begin. "
                   "You hold {cards}."),
    ("play", True, "change"): QT_TRANSLATE_NOOP("GameLog", "You play {card}: {change} → {after}."),
    ("play", False, "change"): QT_TRANSLATE_NOOP("GameLog", "{name} plays {card}: {change} → {after}."),
    ("play", True, "set"): QT_TRANSLATE_NOOP("GameLog", "You play {card}: the counter is set to {after}."),
    ("play", False, "set"): QT_TRANSLATE_NOOP("GameLog", "{name} plays {card}: the counter is set to {after}."),
    ("play", True, ""): QT_TRANSLATE_NOOP("GameLog", "You play {card}; the counter stays at {after}."),
    ("play", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} plays {card}; the counter stays at {after}."),
    ("draw", True, ""): QT_TRANSLATE_NOOP("GameLog", "You draw {card}."),
    ("reshuffle", False, ""): QT_TRANSLATE_NOOP(
        "GameLog", "The stock is empty: %n card(s) from the discards are shuffled into a new stock."),
    ("reverse", False, "cw"): QT_TRANSLATE_NOOP("GameLog", "The direction of play turns: now clockwise."),
    ("reverse", False, "ccw"): QT_TRANSLATE_NOOP("GameLog", "The direction of play turns: now anticlockwise."),
    ("skip", False, ""): QT_TRANSLATE_NOOP("GameLog", "{target} is skipped."),
    ("skip", False, "you"): QT_TRANSLATE_NOOP("GameLog", "You are skipped."),
    ("choose_next", True, ""): QT_TRANSLATE_NOOP("GameLog", "You choose {target} to play next."),
    ("choose_next", True, "self"): QT_TRANSLATE_NOOP("GameLog", "You choose to play next yourself."),
    ("choose_next", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} chooses {target} to play next."),
    ("choose_next", False, "self"): QT_TRANSLATE_NOOP("GameLog", "{name} chooses to play next again."),
    ("choose_next", False, "you"): QT_TRANSLATE_NOOP("GameLog", "{name} chooses you to play next."),
    ("exchange", True, ""): QT_TRANSLATE_NOOP(
        "GameLog", "You exchange a card with {target}: you give {given} and get {taken}."),
    ("exchange", False, "you"): QT_TRANSLATE_NOOP(
        "GameLog", "{name} exchanges a card with you: you give {taken} and get {given}."),
    ("exchange", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} exchanges a card with {target}."),
    ("exchange", True, "empty"): QT_TRANSLATE_NOOP(
        "GameLog", "You give {target} a card; their hand was empty, so you take none."),
    ("exchange", False, "empty"): QT_TRANSLATE_NOOP(
        "GameLog", "{name} gives {target} a card; their hand was empty, so nothing is taken."),
    ("swap_hands", True, ""): QT_TRANSLATE_NOOP("GameLog", "You swap hands with {target}."),
    ("swap_hands", False, "you"): QT_TRANSLATE_NOOP("GameLog", "{name} swaps hands with you."),
    ("swap_hands", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} swaps hands with {target}."),
    ("take_replacement", True, ""): QT_TRANSLATE_NOOP(
        "GameLog", "You take your replacement from {target}'s hand: {card}."),
    ("take_replacement", False, "you"): QT_TRANSLATE_NOOP(
        "GameLog", "{name} takes their replacement from your hand: {card}."),
    ("take_replacement", False, ""): QT_TRANSLATE_NOOP(
        "GameLog", "{name} takes their replacement from {target}'s hand."),
    ("take_replacement", True, "empty"): QT_TRANSLATE_NOOP(
        "GameLog", "{target}'s hand is empty: you take no replacement."),
    ("take_replacement", False, "empty"): QT_TRANSLATE_NOOP(
        "GameLog", "{target}'s hand is empty: {name} takes no replacement."),
    ("kill", True, ""): QT_TRANSLATE_NOOP("GameLog", "You make {target} lose a card."),
    ("kill", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} makes {target} lose a card."),
    ("kill", False, "you"): QT_TRANSLATE_NOOP(
        "GameLog", "{name} makes you lose a card: your {card} is turned face down."),
    ("kill", True, "empty"): QT_TRANSLATE_NOOP("GameLog", "{target}'s hand is empty: nothing is lost."),
    ("kill", False, "empty"): QT_TRANSLATE_NOOP("GameLog", "{target}'s hand is empty: nothing is lost."),
    ("turn_down", True, ""): QT_TRANSLATE_NOOP(
        "GameLog", "You cannot play: you turn {card} face down and lose a life."),
    ("turn_down", False, ""): QT_TRANSLATE_NOOP(
        "GameLog", "{name} cannot play: they turn a card face down and lose a life."),
    ("lose_token", True, ""): QT_TRANSLATE_NOOP(
        "GameLog", "You cannot play and lose a token: %n left."),
    ("lose_token", False, ""): QT_TRANSLATE_NOOP(
        "GameLog", "{name} cannot play and loses a token: %n left."),
    ("out", True, ""): QT_TRANSLATE_NOOP("GameLog", "You are out, in place {place}."),
    ("out", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} is out, in place {place}."),
    ("instant_win", True, ""): QT_TRANSLATE_NOOP("GameLog", "You make exactly {counter} and win at once!"),
    ("instant_win", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} makes exactly {counter} and wins at once."),
    ("win", True, ""): QT_TRANSLATE_NOOP("GameLog", "You are the last player standing and win the hand!"),
    ("win", False, ""): QT_TRANSLATE_NOOP("GameLog", "{name} is the last player standing and wins the hand."),
    ("win", True, "instant_win"): QT_TRANSLATE_NOOP("GameLog", "You win the hand!"),
    ("win", False, "instant_win"): QT_TRANSLATE_NOOP("GameLog", "{name} wins the hand."),
    ("redeal", False, ""): QT_TRANSLATE_NOOP("GameLog", "A loss: the hand ends and the cards are dealt again."),
}


def say(key: tuple[str, bool, str], n: int | None = None, **values: object) -> str:
    return log_sentence(_TEMPLATES[key], n, **values)


def by_rank(kind: WKind) -> tuple[int, int]:
    """The hand's order: by rank, then suit."""
    return kind.rank, kind.number


def wkind(code: object) -> WKind:
    return code if isinstance(code, WKind) else WKind.parse(str(code))


def signed(v: int) -> str:
    """A number with its sign, the minus a real one: "+11", "−20", "0"."""
    return f"+{v}" if v > 0 else f"−{-v}" if v < 0 else "0"


def change_text(before: int | None, after: int | None, amount: int | None) -> str:
    """What a play did to the counter: "+11", "−20"; "=" for a set (its amount is the value set,
    which an addition from elsewhere than 0 never equals); "" when it stayed."""
    if before is None or after is None or before == after:
        return ""
    if amount is not None and amount == after and before + amount != after:
        return "="
    return signed(int(after) - int(before))


def counter_str(v: int) -> str:
    """A counter value with a real minus sign."""
    return str(v).replace("-", "−")


def rules_of(view_or_match: CePeView | Match) -> CePeOptions:
    """The rule set of a view (``rules``) or of a match (``options``)."""
    rules = view_or_match.rules if isinstance(view_or_match, CePeView) else view_or_match.options
    return rules if isinstance(rules, CePeOptions) else CePeOptions.model_validate(rules or {})


def blocked_text(counter: int) -> str:
    """Why a card of the hand cannot be played now ("would make 104")."""
    return QCoreApplication.translate("CePeUI", "Cannot be played: it would make {counter}").format(
        counter=counter_str(counter))
