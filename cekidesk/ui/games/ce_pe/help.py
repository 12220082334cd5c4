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

from ... import names
from ...i18n import QT_TRANSLATE_NOOP
from ..base import HelpContext
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


def effects_table(rules: Sequence[CePeOptions], heads: Sequence[str], ctx: HelpContext) -> str:
    """Rank rows × rule-set columns (and a row for every card with an effect of its own)."""
    esc = ctx.esc
    rows = _settings_rows(rules)
    rows += [(rank_text(r), [effect_text(x.effects[r]) for x in rules]) for r in RANKS]
    cards = sorted({c for x in rules for c in x.card_effects}, key=lambda c: WKind.parse(c).number)
    rows += [(names.card_label(c, ctx.card_names),
              [effect_text(x.card_effects[c]) if c in x.card_effects else QCoreApplication.translate(
                  "CePeHelp", "as its rank") for x in rules])
             for c in cards]
    head = "".join(f"<th align='left'>{esc(h)}</th>" for h in heads)
    body = "".join(f"<tr><td><b>{esc(name)}</b></td>" + "".join(f"<td>{esc(v)}</td>" for v in values) + "</tr>"
                   for name, values in rows)
    return (f"<table border='1' cellspacing='0' cellpadding='4'><tr><th></th>{head}</tr>{body}</table>")


def help_html(ctx: HelpContext) -> str:
    p, ul = ctx.p, ctx.ul
    def word(text: str) -> str:    # (a text marked where it is written)
        return QCoreApplication.translate("CePeHelp", text)

    sections = [("game", QT_TRANSLATE_NOOP("CePeHelp", "The game")), ("turn", QT_TRANSLATE_NOOP("CePeHelp", "A turn")),
                ("presets", QT_TRANSLATE_NOOP("CePeHelp", "The four rule sets")),
                ("current", QT_TRANSLATE_NOOP("CePeHelp", "The rules of this game")),
                ("table", QT_TRANSLATE_NOOP("CePeHelp", "At the table")),
                ("match", QT_TRANSLATE_NOOP("CePeHelp", "Matches")),
                ("house", QT_TRANSLATE_NOOP("CePeHelp", "House rules")),
                ("keys", QT_TRANSLATE_NOOP("CePeHelp", "Keys"))]
    out = [ctx.contents([(anchor, word(title)) for anchor, title in sections])]
    out.append(ctx.heading("game", QCoreApplication.translate("CePeHelp", "The game")))
    out.append(p(QCoreApplication.translate("CePeHelp",
        "Ce Pe (“one hundred” in Hokkien) is played with one or more ordinary 52-card decks by two to eight "
        "players. All share one counter: it starts at 0, may go below zero, and must never go above 100. "
        "Every card moves the counter or changes the play, and whoever cannot play a card loses a life. "
        "The last player standing wins.")))
    out.append(p(QCoreApplication.translate("CePeHelp",
        "CekiDesk follows the blog post “Ce Pe”, which invites players to make their own effect tables, and "
        "its comments, which add the “Normal” 99 and “Bloody” tables and point to the classic Ninety-Nine. "
        "Where they leave a question open, CekiDesk decides: see the house rules below.")))
    out.append(ctx.heading("turn", QCoreApplication.translate("CePeHelp", "A turn")))
    out.append(ul([
        QCoreApplication.translate(
            "CePeHelp", "The player left of the dealer begins; play goes clockwise until a reverse."),
        QCoreApplication.translate(
            "CePeHelp", "On your turn you play one card whose effect keeps the counter at or below the limit, "
            "carry out its effect, and draw a card from the stock. An Ace may add 1 or 11, a 10 or a Queen may go "
            "up or "
            "down: you choose, as long as the counter stays within the limit."),
        QCoreApplication.translate(
            "CePeHelp", "You must carry out the effect of the card you play: a 3 makes you exchange a card even when "
            "that hurts you."),
        QCoreApplication.translate(
            "CePeHelp", "If no card of yours can be played, you lose a life: you turn one card of your hand face down "
            "and do not draw. With no cards left you are out."),
        QCoreApplication.translate(
            "CePeHelp", "When the stock runs out, the discards under the top card and the turned-down cards are "
            "shuffled into a new stock."),
    ]))
    out.append(ctx.heading("presets", QCoreApplication.translate("CePeHelp", "The four rule sets")))
    out.append(p(QCoreApplication.translate("CePeHelp",
        "Ce Pe is the post's own table; Normal 99 and Bloody are from its comments (nobody has lives there: "
        "who cannot play is out); Ninety-Nine is the classic game with tokens and a new deal after every loss. "
        "Choose one in the New Game dialog, or make your own rules.")))
    ids = list(PRESETS)
    sets = [preset(i) for i in ids]
    out.append(effects_table(sets, [names.text(f"ce-pe.preset.{i}") for i in ids], ctx))
    out.append(ctx.heading("current", QCoreApplication.translate("CePeHelp", "The rules of this game")))
    current = ctx.current_options("ce-pe")
    if isinstance(current, CePeOptions):
        out.append(p(QCoreApplication.translate(
            "CePeHelp", "The game under way is played with the rules “{name}”:").format(name=ctx.esc(current.name))))
        out.append(effects_table([current], [current.name], ctx))
    else:
        out.append(p(QCoreApplication.translate(
            "CePeHelp", "When a game of Ce Pe is under way, its rules are shown here.")))
    out.append(ctx.heading("table", QCoreApplication.translate("CePeHelp", "At the table")))
    out.append(ul([
        QCoreApplication.translate(
            "CePeHelp", "The counter stands large in the middle with the limit beside it; its colour warms as it nears "
            "the limit. Under it: the direction of play and who moves next."),
        QCoreApplication.translate(
            "CePeHelp", "Click a card to play it. A card that can be played in more than one way (an Ace's +1 or "
            "+11, a 10 or Queen up or down, the player a 3 or a 5 names) shows its choices as buttons: click one, "
            "or use "
            "Left / Right and Enter; Escape closes them."),
        QCoreApplication.translate(
            "CePeHelp", "A card that cannot be played is dimmed; its tooltip says why (“it would make 104”)."),
        QCoreApplication.translate(
            "CePeHelp", "After a 3 you draw, then click the card you give; you take a random card of the other hand."),
        QCoreApplication.translate(
            "CePeHelp", "With no playable card under lives, click the card to turn face down. Under tokens or “out at "
            "once” the table says why and plays your loss for you."),
        QCoreApplication.translate(
            "CePeHelp", "Every seat shows its cards, the cards turned face down (lives lost) and its tokens; a "
            "player who is out is faded, with their place. The game log tells every move."),
    ]))
    out.append(ctx.heading("match", QCoreApplication.translate("CePeHelp", "Matches")))
    out.append(ul([
        names.text("match.mode.hands") + " — " + names.text("match.mode.hands.help"),
        names.text("match.mode.target") + " — " + names.text("match.mode.target.help"),
        names.text("match.mode.money") + " — " + QCoreApplication.translate("CePeHelp",
            "every player eliminated in a hand pays its winner one stake; with a redeal after every loss, "
            "nothing is paid until one player is left, who gets a stake from each other player."),
        names.text("ending.last_standing") + " — " + names.text("ending.last_standing.help"),
    ]))
    out.append(ctx.heading("house", QCoreApplication.translate("CePeHelp", "House rules")))
    out.append(p(QCoreApplication.translate(
        "CePeHelp", "Where the post and its comments are silent, CekiDesk decides:")))
    out.append(ul([
        QCoreApplication.translate("CePeHelp", "The player left of the dealer starts (the post does not say)."),
        QCoreApplication.translate(
            "CePeHelp", "A card that is always playable (the King) but whose every outcome would pass the limit leaves "
            "the counter as it is."),
        QCoreApplication.translate(
            "CePeHelp", "With two players left, a reverse changes nothing but the direction, and a Jack gives the "
            "player another turn."),
        QCoreApplication.translate(
            "CePeHelp", "A player whose hand is empty when their turn comes (the stock ran dry) is out."),
        QCoreApplication.translate("CePeHelp", "Turned-down cards are seen only by their owner."),
        QCoreApplication.translate(
            "CePeHelp", "After a few rebuilds in one hand the stock is no longer rebuilt, so every hand ends; with "
            "nothing to draw a player just does not draw."),
        QCoreApplication.translate(
            "CePeHelp", "With nothing to give, an exchange does nothing; from an empty hand nothing is taken."),
        QCoreApplication.translate("CePeHelp", "With a redeal after every loss, an instant win wins the whole match."),
    ]))
    out.append(ctx.heading("keys", QCoreApplication.translate("CePeHelp", "Keys")))
    out.append(ctx.keys_table())
    return "".join(out)
