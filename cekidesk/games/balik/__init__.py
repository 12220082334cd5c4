"""The Balik Satu family: Balik Satu, Chaqui, Balik Lima Belas, Chot, Gonggong, Tantanan and Cekèn,
seven registered games (``GAMES``) from one package.  Deck sizes and the hand's shape in
:mod:`.family`, the options in :mod:`.options`, the rules in :mod:`.rules`, scoring and money in
:mod:`.scoring`, the computer players in :mod:`.bot` and :mod:`.search`, the simulator's statistics in
:mod:`.stats`; the window's side is ``cekidesk.ui.games.balik``."""
from __future__ import annotations

from pydantic import JsonValue

from cekidesk.engine.core import HandResult
from cekidesk.engine.game import Game, GameInfo, Payout
from cekidesk.engine.stats import SimSummary

from . import rules, scoring
from . import search as _search
from .bot import NORMAL_BOTS
from .family import GAME_IDS, PLAYERS
from .options import BalikOptions
from .stats import WIN_KINDS, statistics, win_kind


class BalikGame(Game[BalikOptions, rules.BalikState, scoring.BalikCarry]):
    """One game of the family: the rules are the family's, the game id chooses the deck, the hand's
    shape, the scoring and the money (Chot's bangkong and sides, Gonggong's pot)."""

    state_type = rules.BalikState
    view_type = rules.BalikView
    search = _search.HOOKS

    def __init__(self, game_id: str):
        lo, hi, usual = PLAYERS[game_id]
        self.info = GameInfo(id=game_id, title_key=f"game.{game_id}", min_players=lo, max_players=hi,
                             default_players=usual, carries_pot=game_id == "gonggong",
                             stake_per_point=game_id != "chot", win_kinds=WIN_KINDS)
        self.options_model = rules.OPTIONS[game_id]
        self.bots = (NORMAL_BOTS[game_id],)
        self.match_endings = (scoring.BANGKONG_ENDING,) if game_id == "chot" else ()
        self._bound = rules.max_hand_actions_for(game_id)

    def new_hand(self, options: BalikOptions, n_players: int, seed: int, dealer: int = 0,
                 carry: scoring.BalikCarry | None = None) -> rules.BalikState:
        return rules.new_hand(self.id, options, n_players, seed, dealer, carry=carry)

    def settle(self, result: HandResult, options: BalikOptions, stake_cents: int = 0, pot: int = 0,
               carry: scoring.BalikCarry | None = None) -> Payout:
        if self.id == "chot":
            return scoring.settle_chot(result, options, stake_cents, pot=pot, carry=carry)
        return scoring.settle(result, options, stake_cents, pot=pot, carry=carry)

    def next_dealer(self, result: HandResult, dealer: int, n_players: int) -> int:
        return rules.next_dealer(result, dealer, n_players)

    def max_hand_actions(self, n_players: int, options: BalikOptions) -> int:
        return self._bound(n_players, options)

    def initial_carry(self, n_players: int, options: BalikOptions) -> scoring.BalikCarry | None:
        if self.id == "chot":
            return scoring.initial_carry(n_players, options)
        if self.id == "gonggong":
            return scoring.pot_carry(n_players, options)
        return None

    def sides(self, n_players: int, options: BalikOptions) -> tuple[tuple[int, ...], ...] | None:
        return rules.CHOT_SIDES if self.id == "chot" else None

    def win_kind(self, result: HandResult, seat: int) -> str | None:
        return win_kind(result, seat)

    def statistics(self, summary: SimSummary) -> list[str]:
        return statistics(summary)

    def upgrade_saved(self, options: dict[str, JsonValue], hands: list[list[str]],
                      from_version: int) -> tuple[dict[str, JsonValue], list[list[str]]]:
        """A match saved before issue 32 (save format 2 or older) keeps the rules it was played by: a
        caller could let a winning revealed card go, and Chot scored no *ayam* / *kandang*.  (Gonggong's
        deck needs nothing: the save records the packs it was dealt.)"""
        if from_version >= rules.SOURCE_RULES_FORMAT:
            return options, hands
        old: dict[str, JsonValue] = {**options, "revealed_card_can_be_let_go": True}
        if self.id == "chot":
            old["call_bonus"] = "none"
        return old, hands


GAMES: tuple[BalikGame, ...] = tuple(BalikGame(game_id) for game_id in GAME_IDS)
#: the family's games (their name before the game seam was a class)
SPECS = GAMES

__all__ = ["GAMES", "SPECS", "BalikGame"]
