"""Ce Pe: the shared counter that must never pass the limit, on a Western deck (RULINGS §6).  The
rule set as data in :mod:`.ruleset`, the rules in :mod:`.rules`, the Normal player in :mod:`.bot`,
the search hooks in :mod:`.search`, the simulator's statistics in :mod:`.stats`; the window's side
is ``cekidesk.ui.games.ce_pe``."""
from __future__ import annotations

from pydantic import JsonValue

from cekidesk.engine.core import EngineError, HandResult
from cekidesk.engine.game import Game, GameInfo, Payout, RuleSetFormat
from cekidesk.engine.match import MatchEnding
from cekidesk.engine.stats import SimSummary

from . import rules
from . import search as _search
from .bot import CePeNormalBot
from .ruleset import PRESETS, RULE_SET_FORMAT, CePeOptions, rules_from_json
from .stats import WIN_KINDS, statistics, win_kind

#: a carry: each seat's tokens (1 / 0 for the penalties ``lives`` and ``out``)
Tokens = tuple[int, ...]


class CePeGame(Game[CePeOptions, rules.CePeState, Tokens]):
    info = GameInfo(
        id=rules.GAME_ID, title_key="game.ce-pe", min_players=rules.MIN_PLAYERS, max_players=rules.MAX_PLAYERS,
        default_players=4, card_family="western", win_kinds=WIN_KINDS,
        presets=tuple((f"ce-pe.preset.{pid}", PRESETS[pid]) for pid in ("ce_pe", "normal_99", "bloody", "ninety_nine")))
    options_model = CePeOptions
    state_type = rules.CePeState
    view_type = rules.CePeView
    bots = (CePeNormalBot,)
    search = _search.HOOKS
    match_endings = (MatchEnding("last_standing", "ending.last_standing", rules.last_standing),)

    def new_hand(self, options: CePeOptions, n_players: int, seed: int, dealer: int = 0,
                 carry: Tokens | None = None) -> rules.CePeState:
        return rules.new_hand(options, n_players, seed, dealer, carry=carry)

    def settle(self, result: HandResult, options: CePeOptions, stake_cents: int = 0, pot: int = 0,
               carry: Tokens | None = None) -> Payout:
        return rules.settle(result, options, stake_cents, carry=carry)

    def next_dealer(self, result: HandResult, dealer: int, n_players: int) -> int:
        return rules.next_dealer(result, dealer, n_players)

    def max_hand_actions(self, n_players: int, options: CePeOptions) -> int:
        return rules.max_hand_actions(n_players, options)

    def initial_carry(self, n_players: int, options: CePeOptions) -> Tokens:
        return rules.initial_carry(n_players, options)

    def out_seats(self, carry: Tokens | None) -> tuple[int, ...]:
        return rules.out_seats(carry) if carry is not None else ()

    def win_kind(self, result: HandResult, seat: int) -> str | None:
        return win_kind(result, seat)

    def statistics(self, summary: SimSummary) -> list[str]:
        return statistics(summary)

    def upgrade_saved(self, options: dict[str, JsonValue], hands: list[list[str]],
                      from_version: int) -> tuple[dict[str, JsonValue], list[list[str]]]:
        """A save written before issue 32 (save format 2 or older) names a Three's target in the play;
        today the give names it (:func:`rules.upgrade_hand_log`: the hand replays identically)."""
        if from_version >= rules.THREE_GIVES_FORMAT:
            return options, hands
        try:
            rule_set = self.make_options(options)
        except EngineError:
            return options, hands        # (the loader says what is wrong with them)
        out = []
        for hand in hands:
            try:
                out.append(rules.upgrade_hand_log(rule_set, hand))
            except (EngineError, ValueError):
                out.append(hand)         # (an unreadable action: the loader names it)
        return options, out

    def rule_set_format(self) -> RuleSetFormat[CePeOptions]:
        return RULE_SET_FORMAT


GAME = CePeGame()
GAMES = (GAME,)
#: the game (its name before the game seam was a class)
SPEC = GAME

# the rule-set file reader, as the game's package has always exported it
__all__ = ["GAME", "GAMES", "SPEC", "CePeGame", "rules_from_json"]
