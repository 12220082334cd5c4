"""Decisions several players take at once, each hidden from the others until all have chosen
(Kartu Lima's bets and roosters).

A game's state holds one :class:`SimultaneousRound` per such decision: its ``to_act()`` is
:meth:`SimultaneousRound.waiting` while the round is open, its ``_apply`` hands each choice to
:meth:`SimultaneousRound.choose`, and its view carries :meth:`SimultaneousRound.seen_by`.  Each
choice's event tells the chooser what they chose (``secret_to`` them) and everybody else only that
they have chosen; when the last player has chosen, one ``reveal`` event shows every choice.

The round keeps the choices by seat, so the order in which the players act cannot change the
outcome: a game resolves the round from :meth:`SimultaneousRound.revealed` (seat order) and must not
draw from its RNG while the round is open.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .protocol import Action, Data, Event

CHOSE = "chose"
REVEAL = "reveal"


def action_data(action: Action) -> Data:
    """An action as event data: its verb and whichever of card (as its code), target and amount it has."""
    out: Data = {"verb": action.verb}
    if action.card is not None:
        out["card"] = action.card.code
    if action.target is not None:
        out["target"] = action.target
    if action.amount is not None:
        out["amount"] = action.amount
    return out


@dataclass(frozen=True, slots=True)
class SimultaneousSeen:
    """What one viewer may know of a round: who has chosen, their own choice (None until they have
    chosen; always None for a spectator) and, once everybody has chosen, every choice in seat order."""

    name: str
    players: tuple[int, ...]
    chosen: tuple[int, ...]
    mine: Action | None = None
    revealed: tuple[Action, ...] | None = None


class SimultaneousRound:
    """One decision taken by ``players`` at once, named ``name`` (a code: "bet", "rooster" …)."""

    __slots__ = ("_choices", "name", "players")

    def __init__(self, name: str, players: Iterable[int]):
        self.name = name
        self.players = tuple(sorted(set(players)))
        self._choices: dict[int, Action] = {}

    def waiting(self) -> tuple[int, ...]:
        """The players who have not chosen yet, in seat order (a state's ``to_act()``)."""
        return tuple(p for p in self.players if p not in self._choices)

    def is_complete(self) -> bool:
        return len(self._choices) == len(self.players)

    def choice(self, player: int) -> Action | None:
        """``player``'s choice (the game's own knowledge: never put it in another player's view)."""
        return self._choices.get(player)

    def revealed(self) -> tuple[Action, ...] | None:
        """Every choice in seat order once all have chosen, else None."""
        if not self.is_complete():
            return None
        return tuple(self._choices[p] for p in self.players)

    def choose(self, action: Action, events: list[Event] | None) -> None:
        """Record ``action`` (already checked by the game: its player is waiting) and, unless
        ``events`` is None, append the ``chose`` event (the choice secret to the chooser) and, if it
        was the last choice, the ``reveal`` event."""
        self._choices[action.player] = action
        if events is None:
            return
        events.append(Event(CHOSE, action.player, {"round": self.name},
                            secret={"choice": action_data(action)},
                            secret_to=frozenset((action.player,))))
        revealed = self.revealed()
        if revealed is not None:
            events.append(Event(REVEAL, None, {"round": self.name,
                                               "choices": tuple(action_data(a) | {"player": a.player}
                                                                for a in revealed)}))

    def seen_by(self, viewer: int | None) -> SimultaneousSeen:
        """What ``viewer`` (None: a spectator) may know of the round, for a view."""
        mine = self._choices.get(viewer) if viewer is not None else None
        chosen = tuple(p for p in self.players if p in self._choices)
        return SimultaneousSeen(self.name, self.players, chosen, mine, self.revealed())

    def copy(self) -> SimultaneousRound:
        """An independent copy (for a state's ``clone``)."""
        other = SimultaneousRound.__new__(SimultaneousRound)
        other.name = self.name
        other.players = self.players
        other._choices = dict(self._choices)
        return other

    def __eq__(self, other: object) -> bool:
        # Defining __eq__ without __hash__ leaves the class unhashable, as a mutable value should be.
        return (isinstance(other, SimultaneousRound) and self.name == other.name
                and self.players == other.players and self._choices == other._choices)
