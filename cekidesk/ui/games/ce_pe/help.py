"""Ce Pe's How-to-play page: the game in the app's own words after the blog post "Ce Pe" and its
comments (RULINGS §6), the four published rule sets side by side, the effect table of the rules of
the game under way, playing at the table, the match modes and the house rules of
:mod:`cekidesk.games.ce_pe.rules`.  The tables are written from the rule sets' data
(:data:`~cekidesk.games.ce_pe.ruleset.PRESETS`) with :func:`.effects.effect_text`, so the page says what
the engine plays."""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication

from cekidesk.engine.cards import WKind
from cekidesk.games.ce_pe.ruleset import PRESETS, RANKS, CePeOptions, preset

from ...foundations import names
from ...foundations.i18n import QT_TRANSLATE_NOOP
from ..help_page import (
    Block,
    Bold,
    Bullets,
    Contents,
    HelpContext,
    HelpPage,
    Inline,
    Key,
    KeysTable,
    Para,
    Said,
    Section,
    Table,
    fmt,
)
from .effects import effect_text, rank_text


def penalty_text(rules: CePeOptions) -> str:
    """What a player who cannot play loses, in a few words."""
    if rules.penalty == "tokens":
        tokens = rules.tokens      # (a plain name as the count: lupdate reads no other)
        return names.counted(QCoreApplication.translate("CePeHelp", "a token (%n each)", None, tokens), tokens)
    return names.text(f"ce-pe.option.penalty.{rules.penalty}")


def _settings_rows(rules: Sequence[CePeOptions]) -> list[tuple[str, list[str]]]:
    """The rows above the effects: limit, start, hand, decks, who cannot play, redeal, instant win."""
    yes, no = QCoreApplication.translate("CePeHelp", "yes"), QCoreApplication.translate("CePeHelp", "no")
    return [
        (QCoreApplication.translate("CePeHelp", "Limit"), [str(r.limit) for r in rules]),
        (QCoreApplication.translate(
            "CePeHelp", "Counter at the start"), [str(r.start).replace("-", "−") for r in rules]),
        (QCoreApplication.translate("CePeHelp", "Cards in a hand"), [str(r.hand_size) for r in rules]),
        (QCoreApplication.translate("CePeHelp", "Decks"), [str(r.decks) for r in rules]),
        (QCoreApplication.translate("CePeHelp", "Who cannot play"), [penalty_text(r) for r in rules]),
        (QCoreApplication.translate(
            "CePeHelp", "Redeal after a loss"), [yes if r.redeal_after_loss else no for r in rules]),
        (QCoreApplication.translate(
            "CePeHelp", "Instant win at"), [str(r.instant_win) if r.instant_win is not None else "—" for r in rules]),
    ]


def effects_table(rules: Sequence[CePeOptions], heads: Sequence[str], card_names: str) -> Table:
    """Rank rows × rule-set columns (and a row for every card with an effect of its own)."""
    rows = _settings_rows(rules)
    rows += [(rank_text(r), [effect_text(x.effects[r]) for x in rules]) for r in RANKS]
    cards = sorted({c for x in rules for c in x.card_effects}, key=lambda c: WKind.parse(c).number)
    rows += [(names.card_label(c, card_names),
              [effect_text(x.card_effects[c]) if c in x.card_effects else QCoreApplication.translate(
                  "CePeHelp", "as its rank") for x in rules])
             for c in cards]
    return Table(tuple((Bold(Said(name)), *(Said(v) for v in values)) for name, values in rows),
                 padding=4, border=1, middle=False, head=("", *(Said(h) for h in heads)))


_GAME = Section("game", QT_TRANSLATE_NOOP("CePeHelp", "The game"), (
    Para(QT_TRANSLATE_NOOP("CePeHelp",
        "Ce Pe (“one hundred” in Hokkien) is played with one or more ordinary 52-card decks by two to eight players. "
        "All share one counter: it starts at 0, may go below zero, and must never go above 100. Every card moves the "
        "counter or changes the play, and whoever cannot play a card loses a life. "
        "The last player standing wins.")),
    Para(QT_TRANSLATE_NOOP("CePeHelp",
        "CekiDesk follows the blog post “Ce Pe”, which invites players to make their own effect tables, and its "
        "comments, which add the “Normal” 99 and “Bloody” tables and point to the classic Ninety-Nine. "
        "Where they leave a question open, CekiDesk decides: see the house rules below.")),
))

_TURN = Section("turn", QT_TRANSLATE_NOOP("CePeHelp", "A turn"), (Bullets((
    QT_TRANSLATE_NOOP(
        "CePeHelp", "The player left of the dealer begins; play goes clockwise until a reverse."),
    QT_TRANSLATE_NOOP(
        "CePeHelp", "On your turn you play one card whose effect keeps the counter at or below the limit, "
        "carry out its effect, and draw a card from the stock. An Ace may add 1 or 11, a 10 or a Queen may go up or "
        "down: you choose, as long as the counter stays within the limit."),
    QT_TRANSLATE_NOOP(
        "CePeHelp", "You must carry out the effect of the card you play: a 3 makes you exchange a card even when "
        "that hurts you."),
    QT_TRANSLATE_NOOP(
        "CePeHelp", "If no card of yours can be played, you lose a life: you turn one card of your hand face down "
        "and do not draw. With no cards left you are out."),
    QT_TRANSLATE_NOOP(
        "CePeHelp", "When the stock runs out, the discards under the top card and the turned-down cards are "
        "shuffled into a new stock."),
)),))

_TABLE = Section("table", QT_TRANSLATE_NOOP("CePeHelp", "At the table"), (Bullets((
    QT_TRANSLATE_NOOP(
        "CePeHelp", "The counter stands large in the middle with the limit beside it; its colour warms as it nears "
        "the limit. Under it: the direction of play and who moves next."),
    QT_TRANSLATE_NOOP(
        "CePeHelp", "Click a card to play it. A card that can be played in more than one way (an Ace's +1 or "
        "+11, a 10 or Queen up or down, the player a 5 names or a 3's card goes to) shows its choices as buttons: "
        "click one, or use "
        "Left / Right and Enter; Escape closes them."),
    QT_TRANSLATE_NOOP(
        "CePeHelp", "A card that cannot be played is dimmed; its tooltip says why (“it would make 104”)."),
    QT_TRANSLATE_NOOP(
        "CePeHelp", "After a 3 you draw first, then click the card you give and choose who gets it (with one "
        "other player a click gives it to them); you take a random card of their hand."),
    QT_TRANSLATE_NOOP(
        "CePeHelp", "With no playable card under lives, click the card to turn face down. Under tokens or “out at "
        "once” the table says why and plays your loss for you."),
    QT_TRANSLATE_NOOP(
        "CePeHelp", "Every seat shows its cards, the cards turned face down (lives lost) and its tokens; a "
        "player who is out is faded, with their place. The game log tells every move."),
)),))


def _mode(mode: str, explanation: Inline) -> Inline:
    return (Key(f"match.mode.{mode}"), Said(" — "), explanation)


_MATCH = Section("match", QT_TRANSLATE_NOOP("CePeHelp", "Matches"), (Bullets((
    _mode("hands", Key("match.mode.hands.help")),
    _mode("target", Key("match.mode.target.help")),
    _mode("money", QT_TRANSLATE_NOOP("CePeHelp",
          "every player eliminated in a hand pays its winner one stake; with a redeal after every loss, "
          "nothing is paid until one player is left, who gets a stake from each other player.")),
    (Key("ending.last_standing"), Said(" — "), Key("ending.last_standing.help")),
)),))

_HOUSE = Section("house", QT_TRANSLATE_NOOP("CePeHelp", "House rules"), (
    Para(QT_TRANSLATE_NOOP("CePeHelp", "Where the post and its comments are silent, CekiDesk decides:")),
    Bullets((
        QT_TRANSLATE_NOOP("CePeHelp", "The player left of the dealer starts (the post does not say)."),
        QT_TRANSLATE_NOOP(
            "CePeHelp", "A card that is always playable (the King) but whose every outcome would pass the limit leaves "
            "the counter as it is."),
        QT_TRANSLATE_NOOP(
            "CePeHelp", "With two players left, a reverse changes nothing but the direction, and a Jack gives the "
            "player another turn."),
        QT_TRANSLATE_NOOP(
            "CePeHelp", "A player whose hand is empty when their turn comes (the stock ran dry) is out."),
        QT_TRANSLATE_NOOP("CePeHelp", "Turned-down cards are seen only by their owner."),
        QT_TRANSLATE_NOOP(
            "CePeHelp", "After a few rebuilds in one hand the stock is no longer rebuilt, so every hand ends; with "
            "nothing to draw a player just does not draw."),
        QT_TRANSLATE_NOOP(
            "CePeHelp", "With nothing to give, an exchange does nothing; from an empty hand nothing is taken."),
        QT_TRANSLATE_NOOP("CePeHelp", "With a redeal after every loss, an instant win wins the whole match."),
        QT_TRANSLATE_NOOP(
            "CePeHelp", "In Bloody the 7 also adds 7 to the counter and a non-spade Ace adds 1: the comment gives"
            " only what these cards do, so the amounts are CekiDesk's choice, their face values as in"
            " Normal 99."),
    )),
))


def _presets(card_names: str) -> Section:
    ids = list(PRESETS)
    return Section("presets", QT_TRANSLATE_NOOP("CePeHelp", "The four rule sets"), (
        Para(QT_TRANSLATE_NOOP("CePeHelp",
            "Ce Pe is the post's own table; Normal 99 and Bloody are from its comments (nobody has lives there: who "
            "cannot play is out); Ninety-Nine is the classic game with tokens and a new deal after every loss. "
            "Choose one in the New Game dialog, or make your own rules.")),
        effects_table([preset(i) for i in ids], [names.text(f"ce-pe.preset.{i}") for i in ids], card_names),
        Para(QT_TRANSLATE_NOOP("CePeHelp",
            "A rule set may give a card the action “make a chosen player lose a card”: the blog "
            "post's own example, “Ace of Spades can be used to kill someone (make them lose one "
            "card)”. The chosen player loses a random card of their hand, turned face down in front "
            "of them; only they see it (house). Under lives that is a life, and a player left with no"
            " card is out; under tokens or “out at once” they simply hold a card fewer. Nothing "
            "happens to an empty hand.")),
    ))


def _current(ctx: HelpContext) -> Section:
    current = ctx.current_options("ce-pe")
    blocks: tuple[Block, ...]
    if isinstance(current, CePeOptions):
        blocks = (Para(fmt(QT_TRANSLATE_NOOP("CePeHelp", "The game under way is played with the rules “{name}”:"),
                           name=Said(current.name))),
                  effects_table([current], [current.name], ctx.card_names))
    else:
        blocks = (Para(QT_TRANSLATE_NOOP("CePeHelp", "When a game of Ce Pe is under way, its rules are shown here.")),)
    return Section("current", QT_TRANSLATE_NOOP("CePeHelp", "The rules of this game"), blocks)


def help_page(ctx: HelpContext) -> HelpPage:
    """Ce Pe's page; the effect tables are the presets' and the rules under way (``ctx``)."""
    return HelpPage("CePeHelp", (
        Contents(), _GAME, _TURN, _presets(ctx.card_names), _current(ctx), _TABLE, _MATCH, _HOUSE,
        Section("keys", QT_TRANSLATE_NOOP("CePeHelp", "Keys"), (KeysTable(),)),
    ))
